"""Benchmark the compiled Dokuz Taş search against the pure-Python one, side by side.

Run: ``python bench/dokuz_tas_search.py [--positions N] [--seed S] [--nodes N] [--seconds X]``.

**Same work.** ``--positions`` positions of seeded games (orta against kolay, a position every
few turns: placing, moving and flying), each searched by both engines with the same node budget
(``--nodes``, zor's weights, a fresh search each): the answers must be the same (values, order,
depth, positions searched; a difference is listed and makes the exit status 1), and the table
gives the seconds of each and their ratio, by phase.

**Same time.** Each engine then searches the start and a position of each phase for
``--seconds`` (as an unseeded level does): the depth each reaches and the positions a second.

**With the endgame tables.** When Dokuz Taş's tables are built in the user cache (``mangala-edu
tables build --rules dokuz-tas``), both engines read them (as usta does): ``--positions``
random moving-phase positions of 3 to 6 stones a side with the same node budget (the answers
must be the same), and a position of 6 stones a side searched for ``--seconds``. Before the
kernel read the tables, usta searched such positions in pure Python.

Example: ``nice python bench/dokuz_tas_search.py --positions 40``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict

from mangala_edu.dokuz_tas import Game, Position
from mangala_edu.dokuz_tas import compiled as C
from mangala_edu.dokuz_tas import tables as T
from mangala_edu.dokuz_tas.evaluate import EXPERT_WEIGHTS
from mangala_edu.dokuz_tas.search import Player, Search, history_of


def phase(pos: Position) -> str:
    if any(pos._hands):
        return "placing"
    if 3 in (s.bit_count() for s in pos._stones):
        return "flying"
    return "moving"


def positions(count: int, seed: int) -> list[tuple[Position, tuple[Position, ...]]]:
    """``count`` positions (with their games' history) from seeded games."""
    rng = random.Random(seed)
    out: list[tuple[Position, tuple[Position, ...]]] = []
    g = 0
    while len(out) < count:
        game = Game()
        players = [Player("orta", seed=seed + g), Player("kolay", seed=seed + g + 1)]
        g += 2
        while not game.is_over and len(game.turns) < 160 and len(out) < count:
            if rng.random() < 0.12:
                out.append((game.position, history_of(game)))
            game.push(players[len(game.turns) % 2].choose(game.position, history_of(game)))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--positions", type=int, default=40, help="positions (default 40)")
    parser.add_argument("--seed", type=int, default=1, help="the games' seed (default 1)")
    parser.add_argument("--nodes", type=int, default=30_000, help="node budget (default 30000)")
    parser.add_argument(
        "--seconds", type=float, default=2.5, help="the same-time searches (default 2.5)"
    )
    args = parser.parse_args(argv)
    if args.positions < 1 or args.nodes < 1 or not args.seconds > 0:
        parser.error("--positions, --nodes and --seconds must be above 0")
    if not C.available():
        parser.error("the compiled search needs numba (pip install 'mangala_edu[fast]')")

    # compile (numba caches it on disk: only the first run on a machine pays)
    began = time.perf_counter()
    Search(engine="numba").analyse(Position.start(), max_depth=2)
    warm = time.perf_counter() - began

    seconds: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0.0])
    differ = []
    for pos, history in positions(args.positions, args.seed):
        row = seconds[phase(pos)]
        reports = []
        for i, engine in enumerate(("python", "numba")):
            search = Search(EXPERT_WEIGHTS, engine=engine)
            began = time.perf_counter()
            a = search.analyse(pos, history=history, node_limit=args.nodes)
            row[i] += time.perf_counter() - began
            reports.append((a.values, a.order, a.depth, a.nodes))
        row[2] += 1
        row[3] += reports[0][3]
        if reports[0] != reports[1]:
            differ.append(pos.to_text())

    print(
        f"Dokuz Taş search, compiled against pure Python: {args.positions} positions "
        f"(seed {args.seed}), {args.nodes} nodes each, zor's weights; compiling or loading "
        f"the kernel took {warm:.1f} s"
    )
    print()
    print("| phase | positions | nodes each (mean) | pure s | compiled s | ratio |")
    print("|---|---|---|---|---|---|")
    total = [0.0, 0.0]
    for name in ("placing", "moving", "flying"):
        if name not in seconds:
            continue
        pure, fast, n, nodes = seconds[name]
        total[0] += pure
        total[1] += fast
        print(
            f"| {name} | {n:.0f} | {nodes / n:,.0f} | {pure:.2f} | {fast:.2f} | {pure / fast:.1f} |"
        )
    print(f"| all | {args.positions} | | {total[0]:.2f} | {total[1]:.2f} | "
          f"{total[0] / total[1]:.1f} |")  # fmt: skip
    print(f"\nanswers that differ: {len(differ)}")
    for text in differ:
        print("  ", text)

    print()
    print(f"Searching {args.seconds} s (zor's weights, a fresh search each):")
    print()
    print("| position | pure depth | pure nodes/s | compiled depth | compiled nodes/s |")
    print("|---|---|---|---|---|")
    probes = {
        "start": Position.start(),
        "placing (7 each in hand)": Position.from_text("WW1/3/3/6/3/3/BB1 w 7 7 0"),
        "moving (7 against 8)": Position.from_text("W1B/WB1/B1B/WB2BW/1W1/W1B/B1W w 0 0 0"),
    }
    for name, pos in probes.items():
        cells = []
        for engine in ("python", "numba"):
            a = Search(EXPERT_WEIGHTS, engine=engine).analyse(pos, time_limit=args.seconds)
            cells += [str(a.depth), f"{a.nodes / a.seconds:,.0f}"]
        print(f"| {name} | " + " | ".join(cells) + " |")
    if T.built(True):
        differ += with_tables(args)
    return 1 if differ else 0


def endgames(count: int, seed: int) -> list[Position]:
    """``count`` moving-phase positions of 3 to 6 stones a side, not over."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < count:
        w, b = rng.randint(3, 6), rng.randint(3, 6)
        points = rng.sample(range(24), w + b)
        stones = (sum(1 << p for p in points[:w]), sum(1 << p for p in points[w:]))
        pos = Position._make(stones, (0, 0), rng.randint(0, 1), 0, True)
        if pos.outcome is None:
            out.append(pos)
    return out


def with_tables(args: argparse.Namespace) -> list[str]:
    """The two engines reading the user cache's tables: the same work, then the same time."""
    tables = T.Tables()
    held = sorted(
        f"{m}-{o}"
        for m in range(3, 10)
        for o in range(3, 10)
        if T.table_path((m, o), True, tables.cache).exists()
    )
    C.probe_arrays(tables, True)  # load them before any clock runs
    spent = [0.0, 0.0]
    differ = []
    for pos in endgames(args.positions, args.seed):
        reports = []
        for i, engine in enumerate(("python", "numba")):
            search = Search(EXPERT_WEIGHTS, engine=engine, probe=tables)
            began = time.perf_counter()
            a = search.analyse(pos, node_limit=args.nodes)
            spent[i] += time.perf_counter() - began
            reports.append((a.values, a.order, a.depth, a.nodes))
        if reports[0] != reports[1]:
            differ.append(pos.to_text())
    print()
    print(f"With the endgame tables of the user cache ({', '.join(held)}):")
    print()
    print("| positions | nodes each | pure s | compiled s | ratio | answers that differ |")
    print("|---|---|---|---|---|---|")
    print(
        f"| {args.positions} moving, 3 to 6 stones a side | {args.nodes} | {spent[0]:.2f} | "
        f"{spent[1]:.2f} | {spent[0] / spent[1]:.1f} | {len(differ)} |"
    )
    for text in differ:
        print("  ", text)
    pos = Position.from_text("W1B/WB1/B2/WB2BW/1W1/W1B/3 w 0 0 0")
    cells = []
    for engine in ("python", "numba"):
        a = Search(EXPERT_WEIGHTS, engine=engine, probe=tables).analyse(
            pos, time_limit=args.seconds
        )
        cells += [str(a.depth), f"{a.nodes / a.seconds:,.0f}"]
    print()
    print("| position, searched for", args.seconds, "s | pure depth | pure nodes/s | "
          "compiled depth | compiled nodes/s |")  # fmt: skip
    print("|---|---|---|---|---|")
    print(f"| moving (6 against 6) {pos.to_text()} | " + " | ".join(cells) + " |")
    return differ


if __name__ == "__main__":
    sys.exit(main())
