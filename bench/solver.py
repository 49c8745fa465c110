"""Benchmark the exact solver: pure Python against the compiled kernel, side by side in one run.

Run: ``python bench/solver.py [--cap SECONDS] [--kalah-cap SECONDS] [--kalah-max M]
[--pure-kalah-cap SECONDS] [--build K,K,...] [--start]``.

1. The official positions of ``POSITIONS``, each solved by the pure-Python search, by the
   compiled kernel without a table, and by the compiled kernel with the endgame table of the
   cache folder (if one is built: ``mangala-edu tables build``): value, best moves, nodes,
   seconds, nodes per second, and the kernel's speed-up in nodes per second.
2. The Kalah(m,4) start positions, m = 3..6, under the standard rule, with the compiled kernel
   (and its Kalah table, if built) beside the pure search (with a shorter cap) and the
   reference values.
3. ``--build 16,18``: endgame-table builds into a temporary folder (positions, bytes, seconds).
4. ``--start``: the official 48-stone start, the value of every first move, with the table
   (built first if missing: its time counts).

Every search has a time cap; one that hits it is reported as "beyond budget" with the bounds of
the value proven by then (``≥ +2, ≤ +48``; ``= +2``: the value was proven but not every best
move). Speeds are ratios measured in the same run on the same machine; absolute times depend on
the machine and its load (the script prints ``os.getloadavg()`` first).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time

from mangala_edu import Position, Rules
from mangala_edu.search.budget import BudgetExceeded, signed
from mangala_edu.search.solver import Solver

sys.setrecursionlimit(10_000)

# Official positions (South to move), the given number of stones in the pits.
POSITIONS = {
    12: ["1,0,2,0,3,0,18/0,2,1,1,2,0,18 S", "2,1,0,1,1,0,18/0,1,3,0,2,1,18 S"],
    16: ["1,3,1,1,1,0,16/3,4,0,1,1,0,16 S", "1,2,1,0,2,1,16/1,1,1,0,2,4,16 S"],
    20: ["2,3,1,1,1,0,14/3,5,0,2,1,1,14 S", "1,0,0,2,2,1,14/2,2,3,2,1,4,14 S"],
    24: ["1,1,1,3,1,1,12/1,4,4,4,2,1,12 S", "2,2,1,3,2,2,12/2,2,2,2,2,2,12 S"],
}

# First player's result under perfect play (standard rule: no capture when the opposite pit
# is empty), where a reference figure is known to us.
REFERENCE = {
    5: ("+10", "SOLVER.md: independent C solver"),
    6: ("+8", "Rawlings 2015"),
}

KALAH_TABLE = 20_000_000
"""Transposition-table entries for the pure-Python Kalah rows."""


def interval(lower: int | None, upper: int | None) -> str:
    """The proven bounds of a value, as the bench prints them.

    >>> interval(2, 48), interval(-4, -4), interval(None, None)
    ('≥ +2, ≤ +48', '= -4', '?')
    """
    if lower is not None and lower == upper:
        return f"= {signed(lower)}"
    parts = []
    if lower is not None:
        parts.append(f"≥ {signed(lower)}")
    if upper is not None:
        parts.append(f"≤ {signed(upper)}")
    return ", ".join(parts) or "?"


CPU = {"seconds": 0.0}
"""CPU seconds of the last :func:`run` (this process: the search's own time, whatever else
the machine is doing)."""


def run(
    pos: Position, cap: float, solver: Solver | None = None
) -> tuple[str, str, int, float, str]:
    """Solve ``pos`` with ``solver`` (default: a fresh pure one) within ``cap`` seconds: the
    value (or the proven bounds), the best moves, nodes, seconds and whether it was solved.
    The CPU seconds it took are left in ``CPU["seconds"]``."""
    solver = solver or Solver(pos.rules)
    t0 = time.perf_counter()
    c0 = time.process_time()
    try:
        sol = solver.solve(pos, time_limit=cap)
    except BudgetExceeded as exc:
        CPU["seconds"] = time.process_time() - c0
        return (
            interval(exc.lower, exc.upper),
            "-",
            exc.nodes,
            time.perf_counter() - t0,
            "beyond budget",
        )
    CPU["seconds"] = time.process_time() - c0
    return (f"{sol.value:+d}", ",".join(map(str, sol.best_moves)), sol.nodes, sol.seconds, "solved")


def _kernel():  # type: ignore[no-untyped-def]
    """The compiled kernel's module, or ``None`` (then only the pure column is printed)."""
    from mangala_edu.search import compiled

    return compiled if compiled.available() else None


def official(cap: float) -> None:
    compiled = _kernel()
    rules = Rules.official()
    engines: list[tuple[str, object]] = [("pure", None)]
    if compiled is not None:
        # Warm up (load numba's cached machine code) before timing.
        compiled.CompiledSolver(rules, tables=False).solve(Position.from_text(POSITIONS[12][0]))
        engines.append(("compiled", "notable"))
        table = compiled.CompiledSolver(rules).endgame
        if table is not None:
            engines.append((f"compiled + table ≤ {table.stones}", "table"))
    print(
        f"Official positions (time cap {args_cap(cap)} each; fresh solvers; nodes per CPU "
        "second of this process, so that other work on the machine does not count; the "
        "speed-up is the kernel's over pure Python's)"
    )
    print(
        f"{'stones':>6}  {'position':<34} {'engine':<22} {'value':>13} {'best':>7} "
        f"{'nodes':>10} {'seconds':>8} {'CPU s':>7} {'nodes/CPU s':>11} {'speed-up':>8}"
    )
    for stones, texts in POSITIONS.items():
        for text in texts:
            pos = Position.from_text(text)
            assert pos.stones_on_board == stones, text
            pure_rate = None
            for name, kind in engines:
                if kind is None:
                    solver: Solver = Solver(rules)
                else:
                    solver = compiled.CompiledSolver(rules, tables=(kind == "table"))
                value, best, nodes, secs, status = run(pos, cap, solver)
                cpu = CPU["seconds"]
                rate = nodes / max(cpu, 1e-9)
                if kind is None:
                    pure_rate = rate
                ratio = f"{rate / pure_rate:8.1f}" if pure_rate and kind else ""
                print(
                    f"{stones:>6}  {text:<34} {name:<22} {value:>13} {best:>7} {nodes:>10} "
                    f"{secs:>8.2f} {cpu:>7.2f} {rate:>11.0f} {ratio:>8}"
                    + ("" if status == "solved" else f"  {status}"),
                    flush=True,
                )


def args_cap(cap: float) -> str:
    return f"{cap:g} s"


def kalah(cap: float, pure_cap: float, most: int) -> None:
    compiled = _kernel()
    print()
    print(
        f"Kalah(m,4) start positions, first player to move, standard rule (time cap "
        f"{cap:g} s compiled, {pure_cap:g} s pure Python)"
    )
    print(
        f"{'game':<11} {'engine':<22} {'value':>13} {'best':>7} {'nodes':>11} {'seconds':>8} "
        f"{'status':<13}  reference"
    )
    for m in range(3, most + 1):
        rules = Rules.kalah(m, 4)
        pos = Position.start(rules)
        pub, source = REFERENCE.get(m, ("-", "no reference value known to us"))
        rows: list[tuple[str, Solver, float]] = []
        if compiled is not None:
            fast = compiled.CompiledSolver(rules, tt_bits=24)
            name = "compiled" + (f" + table ≤ {fast.table_stones}" if fast.endgame else "")
            rows.append((name, fast, cap))
        if pure_cap > 0:
            rows.append(("pure", Solver(rules, KALAH_TABLE), pure_cap))
        for name, solver, limit in rows:
            value, best, nodes, secs, status = run(pos, limit, solver)
            print(
                f"{f'Kalah({m},4)':<11} {name:<22} {value:>13} {best:>7} {nodes:>11} "
                f"{secs:>8.2f} {status:<13}  {pub} ({source})",
                flush=True,
            )


def builds(stones: list[int]) -> None:
    from mangala_edu.search import tables

    print()
    print("Endgame-table builds (official rules, every core, into a temporary folder)")
    print(f"{'K':>3} {'positions':>14} {'bytes':>14} {'seconds':>8} {'positions/s':>12}")
    with tempfile.TemporaryDirectory() as folder:
        tables.build(Rules.official(), 8, folder=folder)  # warm up the compiled code
        for k in stones:
            for old in tables.find_tables(folder):
                old.unlink()
            t0 = time.perf_counter()
            path = tables.build(Rules.official(), k, folder=folder)
            secs = time.perf_counter() - t0
            n = tables.table_size(Rules.official(), k)
            print(
                f"{k:>3} {n:>14,} {path.stat().st_size:>14,} {secs:>8.1f} {n / secs:>12,.0f}",
                flush=True,
            )


def start(stones: int) -> None:
    from mangala_edu.search import compiled, tables

    print()
    rules = Rules.official()
    t0 = time.perf_counter()
    table = tables.table_for(rules)
    build_secs = 0.0
    if table is None or table.stones < stones:
        print(f"Building the official table up to {stones} stones first ...", flush=True)
        tables.build(rules, stones)
        build_secs = time.perf_counter() - t0
        table = tables.table_for(rules)
    load_secs = time.perf_counter() - t0 - build_secs
    solver = compiled.CompiledSolver(rules, tables=table, tt_bits=24)
    t1 = time.perf_counter()
    values = solver.parallel_values(
        Position.start(rules),
        progress=lambda p, v, d: print(
            f"  pit {p}: {signed(v)} after {time.perf_counter() - t1:.1f} s", flush=True
        ),
    )
    secs = time.perf_counter() - t1
    best = max(values.values())
    print(
        f"Official start (48 stones), table ≤ {table.stones} stones: value {signed(best)}, "
        f"best first move(s) {[p for p, v in values.items() if v == best]}; every first "
        f"move: {', '.join(f'{p}: {signed(v)}' for p, v in values.items())}"
    )
    print(
        f"  table build {build_secs:.1f} s, table load {load_secs:.1f} s, search {secs:.1f} s "
        f"({solver.nodes_total:,} nodes), total {time.perf_counter() - t0:.1f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--cap",
        type=float,
        default=60.0,
        help="seconds per official position and engine (default: 60)",
    )
    parser.add_argument(
        "--kalah-cap",
        type=float,
        default=600.0,
        help="seconds per Kalah start position, compiled (default: 600)",
    )
    parser.add_argument(
        "--pure-kalah-cap",
        type=float,
        default=60.0,
        help="seconds per Kalah start position, pure Python (0: skip; default: 60)",
    )
    parser.add_argument(
        "--kalah-max",
        type=int,
        default=6,
        help="largest m for Kalah(m,4), from 3 (default: 6; 0: no Kalah rows)",
    )
    parser.add_argument(
        "--build", default="", help="comma-separated table sizes K to build and time (e.g. 16,18)"
    )
    parser.add_argument(
        "--start", action="store_true", help="solve the official start (every first move)"
    )
    parser.add_argument(
        "--start-table",
        type=int,
        default=24,
        help="table size used (and built if missing) for --start (default 24)",
    )
    parser.add_argument(
        "--skip-official", action="store_true", help="leave out the official positions"
    )
    args = parser.parse_args()
    if (
        args.cap <= 0
        or args.kalah_cap <= 0
        or args.pure_kalah_cap < 0
        or 0 < args.kalah_max < 3
        or args.kalah_max < 0
    ):
        parser.error("caps must be positive and --kalah-max 0 (no Kalah rows) or at least 3")
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average (1, 5, 15 min): {load}; cores: {os.cpu_count()}")
    if not args.skip_official:
        official(args.cap)
    if args.kalah_max >= 3 and args.kalah_cap > 0:
        kalah(args.kalah_cap, args.pure_kalah_cap, args.kalah_max)
    if args.build:
        builds([int(k) for k in args.build.split(",")])
    if args.start:
        start(args.start_table)


if __name__ == "__main__":
    main()
