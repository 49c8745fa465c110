"""Random playouts per second and moves per second, side by side with the PyPI ``mangala``.

Run: ``python bench/playouts.py [--playouts N] [--chunk C] [--seed S]``.

Each engine plays the same random games from the start position (uniformly random legal moves
from the same seeded random generator). The engines take turns every few games so that both
see the same machine load; the table gives the speed over all games and the ratio to the peer.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _peer import peer_game_class, peer_legal_moves

from mangala_edu import Position, Rules
from mangala_edu.engine.position import _sow


def ours(playouts: int, seed: int) -> int:
    """Playouts with the public API: immutable positions, ``legal_moves`` and ``play``."""
    rng = random.Random(seed)
    start = Position.start(Rules.official())
    moves = 0
    for _ in range(playouts):
        pos = start
        while not pos.is_over:
            pos = pos.play(rng.choice(pos.legal_moves))
            moves += 1
    return moves


def ours_core(playouts: int, seed: int) -> int:
    """Playouts on the engine's core (a board list played in place), as a search uses it."""
    rng = random.Random(seed)
    rules = Rules.official()
    g = rules.geometry
    start = list(Position.start(rules).board)
    moves = 0
    for _ in range(playouts):
        board = start[:]
        side: int | None = 0
        while side is not None:
            pits = g.pit_ranges[side]
            origin = rng.choice([i for i in pits if board[i]])
            side = _sow(board, side, origin, rules, None)
            moves += 1
    return moves


def peer(playouts: int, seed: int) -> int:
    """Playouts with the PyPI ``mangala`` package."""
    game_class = peer_game_class()
    rng = random.Random(seed)
    moves = 0
    for _ in range(playouts):
        game = game_class()
        while not game.oyun_bitti_mi:
            game.oyna(rng.choice(peer_legal_moves(game)))
            moves += 1
    return moves


def measure(
    engines: dict[str, Callable[[int, int], int]], playouts: int, chunk: int, seed: int
) -> dict[str, list[tuple[float, int]]]:
    """(seconds, moves) of every chunk of games for every engine.

    The engines take turns chunk by chunk (same games: the same seeds), so a change in the
    machine's load while the benchmark runs falls on all of them alike.
    """
    times: dict[str, list[tuple[float, int]]] = {name: [] for name in engines}
    for k in range(max(1, playouts // chunk)):
        for name, run in engines.items():
            t0 = time.perf_counter()
            moves = run(chunk, seed + k)
            times[name].append((time.perf_counter() - t0, moves))
    return times


def table(times: dict[str, list[tuple[float, int]]], chunk: int, reference: str) -> str:
    """A Markdown table: playouts/s and moves/s over all chunks, the ratio to ``reference``
    (total time), and the median of the chunk-by-chunk ratios."""
    rows = [
        "| engine | playouts/s | moves/s | × " + reference + " | median chunk ratio |",
        "|---|---:|---:|---:|---:|",
    ]
    ref = times[reference]
    ref_total = sum(t for t, _ in ref)
    for name, runs in times.items():
        total = sum(t for t, _ in runs)
        moves = sum(m for _, m in runs)
        chunk_ratio = statistics.median(r[0] / c[0] for r, c in zip(ref, runs, strict=True))
        rows.append(
            f"| {name} | {chunk * len(runs) / total:,.0f} | {moves / total:,.0f} | "
            f"{ref_total / total:.2f} | {chunk_ratio:.2f} |"
        )
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=4000, help="games per engine")
    parser.add_argument(
        "--chunk", type=int, default=50, help="games an engine plays before the next takes its turn"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.playouts < 1 or args.chunk < 1:
        parser.error("--playouts and --chunk must be at least 1")
    engines: dict[str, Callable[[int, int], int]] = {
        "mangala_edu Position.play": ours,
        "mangala_edu core": ours_core,
    }
    if peer_game_class() is not None:
        engines["PyPI mangala 1.0.0"] = peer
    else:
        print("PyPI mangala is not installed (pip install mangala==1.0.0): timing ours only.")
    chunk = min(args.chunk, args.playouts)
    times = measure(engines, args.playouts, chunk, args.seed)
    reference = "PyPI mangala 1.0.0" if "PyPI mangala 1.0.0" in engines else next(iter(engines))
    games = chunk * len(next(iter(times.values())))
    print(
        f"Random playouts from the start position (official rules for mangala_edu): "
        f"{games} games an engine, taking turns every {chunk} games.\n"
    )
    print(table(times, chunk, reference))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
