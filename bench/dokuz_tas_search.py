"""Benchmark the compiled Dokuz Taş search against the pure-Python one, side by side.

Run: ``python bench/dokuz_tas_search.py [--positions N] [--seed S] [--nodes N] [--seconds X]``.

**Same work.** ``--positions`` positions of seeded games (orta against kolay, a position every
few turns: placing, moving and flying), each searched by both engines with the same node budget
(``--nodes``, zor's weights, a fresh search each): the answers must be the same (values, order,
depth, positions searched; a difference is listed and makes the exit status 1), and the table
gives the seconds of each and their ratio, by phase.

**Same time.** Each engine then searches the start and a position of each phase for
``--seconds`` (as an unseeded level does): the depth each reaches and the positions a second.

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
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
