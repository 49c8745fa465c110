"""Benchmark the Dokuz Taş levels: each level against the next (kolay-orta, orta-zor, zor-usta).

Run: ``python bench/dokuz_tas_levels.py [--games N] [--seed S] [--scale X] [--max-turns T]
[--pairs a:b,...]``.

Each pairing plays ``N`` games from seeded openings of two random turns, the colours
alternating (game 1: the first level has White, game 2: Black, ...). The players are seeded,
so each counts its budget in positions searched (the level's seconds x
``mangala_edu.dokuz_tas.search.NODES_PER_SECOND``, times ``--scale``; usta's last three
placements three times that): the results do not
depend on the machine's load, only the seconds do. A game not over after ``--max-turns``
turns counts as a draw. The table gives, for each pairing, the first level's wins, draws and
losses, and the mean seconds a turn (and positions a second) of each level on this machine.

Example: ``nice python bench/dokuz_tas_levels.py --games 4``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass, field

from mangala_edu.dokuz_tas import Game
from mangala_edu.dokuz_tas.search import LEVELS, Player, history_of

PAIRS = [(a, b) for a, b in zip(list(LEVELS), list(LEVELS)[1:], strict=False)]


@dataclass
class Clock:
    """Turns, seconds and positions searched by one level."""

    turns: int = 0
    seconds: float = 0.0
    nodes: int = 0

    def add(self, seconds: float, nodes: int) -> None:
        self.turns += 1
        self.seconds += seconds
        self.nodes += nodes


@dataclass
class Result:
    wins: int = 0
    draws: int = 0
    losses: int = 0
    clocks: dict[str, Clock] = field(default_factory=dict)


def play_pairing(a: str, b: str, games: int, seed: int, scale: float, max_turns: int) -> Result:
    """``games`` games of level ``a`` against level ``b``."""
    result = Result(clocks={a: Clock(), b: Clock()})
    for g in range(games):
        rng = random.Random(seed + g)
        game = Game()
        for _ in range(2):
            game.push(rng.choice(game.legal_moves))
        pa = Player(a, seed=seed + 2 * g, scale=scale)
        pb = Player(b, seed=seed + 2 * g + 1, scale=scale)
        white, black = (pa, pb) if g % 2 == 0 else (pb, pa)
        while not game.is_over and len(game.turns) < max_turns:
            player = white if game.position.to_move == "white" else black
            started = time.perf_counter()
            turn = player.choose(game.position, history_of(game))
            spent = time.perf_counter() - started
            result.clocks[player.name].add(spent, player.last.nodes if player.last else 0)
            game.push(turn)
        winner = game.outcome.winner if game.outcome is not None else None
        if winner is None:
            result.draws += 1
        elif (winner == "white") == (g % 2 == 0):
            result.wins += 1
        else:
            result.losses += 1
        print(
            f"  {a} vs {b}, game {g + 1}: {len(game.turns)} turns, "
            f"{'draw' if winner is None else winner + ' wins'} "
            f"({a} is {'White' if g % 2 == 0 else 'Black'})",
            file=sys.stderr,
            flush=True,
        )
    return result


def parse_pairs(text: str, parser: argparse.ArgumentParser) -> list[tuple[str, str]]:
    """``kolay:orta,orta:zor`` as pairs of level names; a clear error for anything else."""
    if not text:
        return PAIRS
    pairs = []
    for item in text.split(","):
        names = item.strip().split(":")
        if len(names) != 2 or not all(n in LEVELS for n in names):
            parser.error(
                f"--pairs: {item!r} is not two levels joined by ':' "
                f"(levels: {', '.join(LEVELS)}; e.g. kolay:orta)"
            )
        pairs.append((names[0], names[1]))
    return pairs


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=10, help="games a pairing (default 10)")
    parser.add_argument("--seed", type=int, default=2024, help="the first seed (default 2024)")
    parser.add_argument(
        "--scale", type=float, default=1.0, help="multiplies every node budget (default 1)"
    )
    parser.add_argument(
        "--max-turns", type=int, default=300, help="a longer game is a draw (default 300)"
    )
    parser.add_argument(
        "--pairs",
        default="",
        help="e.g. kolay:orta,zor:usta (default: each level against the next)",
    )
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    if not args.scale > 0:
        parser.error(f"--scale must be above 0, not {args.scale}")
    if args.max_turns < 1:
        parser.error(f"--max-turns must be at least 1, not {args.max_turns}")
    pairs = parse_pairs(args.pairs, parser)

    rows = []
    for a, b in pairs:
        r = play_pairing(a, b, args.games, args.seed, args.scale, args.max_turns)
        rows.append((a, b, r))

    print(f"Dokuz Taş levels: {args.games} games a pairing, seed {args.seed}, scale {args.scale}")
    print()
    print("| pairing | W | D | L | s/turn (first) | s/turn (second) | nodes/s (first, second) |")
    print("|---|---|---|---|---|---|---|")
    for a, b, r in rows:
        ca, cb = r.clocks[a], r.clocks[b]

        def per_turn(c: Clock) -> str:
            return f"{c.seconds / c.turns:.3f}" if c.turns else "-"

        def rate(c: Clock) -> str:
            return f"{c.nodes / c.seconds:,.0f}" if c.seconds > 0 else "-"

        print(
            f"| {a} vs {b} | {r.wins} | {r.draws} | {r.losses} | {per_turn(ca)} | "
            f"{per_turn(cb)} | {rate(ca)}, {rate(cb)} |"
        )


if __name__ == "__main__":
    main()
