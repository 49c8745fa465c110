"""From how many stones on the board does the expert play exactly? With and without the kernel.

Run: ``python bench/exact_play.py [--per-count N] [--budget SECONDS] [--counts 20,24,...]``.

Positions come from seeded games of the medium level against itself after four random moves
(official rules), taken at given numbers of stones on the board. Each is solved with the
expert's solver budget (half of its 3 seconds: 1.5 s) by the pure-Python solver and by the
compiled kernel with the endgame table of the cache folder (``mangala-edu tables build``), each
on a fresh solver, as the expert tries it: the table prints, for each number of stones, how
many positions each solved exactly in time and the median time of those solved. Play is exact
from the largest count at which (nearly) every position is solved.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

from mangala_edu import Position, Rules
from mangala_edu.search import Player, RandomPlayer
from mangala_edu.search.budget import BudgetExceeded
from mangala_edu.search.solver import Solver

sys.setrecursionlimit(10_000)


def sample_positions(counts: list[int], per_count: int, seed: int = 1) -> dict[int, list[Position]]:
    """``per_count`` positions for each number of stones in ``counts``, from seeded games."""
    found: dict[int, list[Position]] = {c: [] for c in counts}
    game = 0
    while any(len(v) < per_count for v in found.values()) and game < 50 * per_count:
        game += 1
        players = (
            Player("orta", seed=seed * 1000 + game),
            Player("orta", seed=seed * 1000 + game + 500),
        )
        pos = Position.start(Rules.official(), "south" if game % 2 else "north")
        opening = RandomPlayer(seed=seed * 1000 + game)
        for _ in range(4):  # a random opening: varied games
            if not pos.is_over:
                pos = pos.play(opening.choose(pos))
        taken: set[int] = set()
        while not pos.is_over:
            n = pos.stones_on_board
            if (
                n in found
                and n not in taken
                and len(found[n]) < per_count
                and len(pos.legal_moves) > 1
            ):
                found[n].append(pos)
                taken.add(n)
            mover = players[0] if pos.to_move == "south" else players[1]
            pos = pos.play(mover.choose(pos))
    return found


def attempt(solver: Solver, pos: Position, budget: float) -> float | None:
    """Seconds to solve ``pos`` exactly, or ``None`` beyond ``budget``."""
    t0 = time.perf_counter()
    try:
        solver.solve(pos, time_limit=budget)
    except BudgetExceeded:
        return None
    return time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--per-count", type=int, default=10, help="positions per count")
    parser.add_argument(
        "--budget",
        type=float,
        default=1.5,
        help="seconds per solve (default: 1.5, half the expert's move time)",
    )
    parser.add_argument(
        "--counts",
        default="16,20,24,26,28,30,32,34,36,38,40,44",
        help="numbers of stones on the board",
    )
    args = parser.parse_args()
    counts = [int(c) for c in args.counts.split(",")]
    if args.per_count < 1 or args.budget <= 0:
        parser.error("--per-count must be at least 1 and --budget positive")
    from mangala_edu.search import compiled

    rules = Rules.official()
    engines: list[tuple[str, object]] = [("pure", None)]
    if compiled.available():
        table = compiled.CompiledSolver(rules, tt_bits=16).endgame
        engines.append(("compiled, no table", False))
        if table is not None:
            engines.append((f"compiled + table ≤ {table.stones}", table))
        compiled.CompiledSolver(rules, tables=table, tt_bits=16).solve(
            Position.from_text("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S")
        )  # warm up
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"load average (1, 5, 15 min): {load}; budget {args.budget:g} s per solve; "
        f"{args.per_count} positions per count (seeded medium-level games)"
    )
    positions = sample_positions(counts, args.per_count)
    header = f"{'stones':>6} {'n':>3}"
    for name, _ in engines:
        header += f"  {name + ': solved':>30} {'median s':>8}"
    print(header)
    for n in counts:
        row = f"{n:>6} {len(positions[n]):>3}"
        for _name, kind in engines:
            times = []
            for pos in positions[n]:
                if kind is None:
                    solver: Solver = Solver(rules)
                else:
                    solver = compiled.CompiledSolver(rules, tables=kind, tt_bits=20)
                secs = attempt(solver, pos, args.budget)
                if secs is not None:
                    times.append(secs)
            med = f"{statistics.median(times):8.2f}" if times else f"{'-':>8}"
            row += f"  {f'{len(times)}/{len(positions[n])}':>30} {med}"
        print(row, flush=True)


if __name__ == "__main__":
    main()
