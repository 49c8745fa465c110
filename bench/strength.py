"""Benchmark the playing strength of the levels: every level against every other and random.

Run: ``python bench/strength.py [--games N] [--time-scale S] [--jobs J] [--pairs a:b,...]
[--rules NAME]``.

``--rules`` takes any preset: ``official`` (default), ``no-return``, ``own-side``, ``kalah`` or
``kalah(M,N)``, ``toguz-korgool``, ``mangala-ii``, ``mangala-iv``. Mangala IV leaves the mover no
choice, so its games depend only on the deal and on who starts: each pair of games gets its own
random deal of the 98 stones, and every level scores 50 per 100 against every other by
construction.

Games come in pairs on the same seeded random opening (2 random moves), each side starting
once. Players are seeded, so each counts its budget in positions searched (time budget x
60,000 nodes/s, see ``mangala_edu.search.players``): results do not depend on the machine's
load, and ``--time-scale`` shrinks every budget for quick runs. The table gives the row player's
points per 100 games against the column player (win 1, draw 0.5).
"""

from __future__ import annotations

import argparse
import itertools
import time
from concurrent.futures import ProcessPoolExecutor

from mangala_edu import Rules
from mangala_edu.search.arena import Series, play_series
from mangala_edu.search.players import LEVELS, make_player

NAMES = [*LEVELS, "random"]


def rules_for(name: str, seed: int) -> Rules:
    """The rules of one pair of games: Mangala IV gets a random deal (its even start is one
    game only), every other preset is itself."""
    rules = Rules.from_name(name)
    if rules.forced_leftmost:
        return Rules.mangala_iv(random_deal=True, seed=seed)
    return rules


def run_chunk(job: tuple[str, str, int, int, float, str]) -> Series:
    a, b, games, seed, scale, rules = job
    return play_series(
        lambda s: make_player(a, s, scale),
        lambda s: make_player(b, s, scale),
        games,
        rules_for(rules, seed),
        seed=seed,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games a pairing (even)")
    parser.add_argument("--time-scale", type=float, default=1.0)
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--pairs", default="", help="e.g. kolay:random,orta:kolay (default: all)")
    parser.add_argument("--rules", default="official")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    try:
        Rules.from_name(args.rules)
    except ValueError as exc:
        parser.error(f"--rules: {exc}")
    if args.games < 2 or args.games % 2:
        parser.error("--games must be a positive even number (each opening is played twice)")
    if args.pairs:
        pairs = [tuple(p.split(":")) for p in args.pairs.split(",")]
        for pair in pairs:
            if len(pair) != 2 or not set(pair) <= set(NAMES):
                parser.error(
                    f"--pairs: {':'.join(pair)!r} is not two of {', '.join(NAMES)} joined by ':'"
                )
    else:
        pairs = [(a, b) for a, b in itertools.combinations(NAMES, 2)]
    print(f"rules {args.rules}, {args.games} games a pairing, seed {args.seed}")
    if args.time_scale != 1.0:
        print(
            f"NOTE: every budget scaled by {args.time_scale:g}: weaker and faster than the "
            "real levels"
        )
    chunks = []
    for a, b in pairs:
        for c in range(0, args.games, 2):
            chunks.append((a, b, 2, args.seed * 100_003 + c, args.time_scale, args.rules))
    t0 = time.perf_counter()
    print(
        f"{'A':<8} {'B':<8} {'games':>5} {'A per 100':>9} {'B per 100':>9} "
        f"{'mean margin':>11} {'seconds':>8}",
        flush=True,
    )
    table: dict[tuple[str, str], Series] = {}
    left = {pair: args.games // 2 for pair in pairs}
    with ProcessPoolExecutor(args.jobs) as pool:
        for (a, b, *_), series in zip(chunks, pool.map(run_chunk, chunks), strict=True):
            total = table.setdefault((a, b), Series())
            total.games += series.games
            total.points_a += series.points_a
            total.points_b += series.points_b
            total.margins += series.margins
            left[(a, b)] -= 1
            if not left[(a, b)]:  # the pairing is complete: print its row now
                print(
                    f"{a:<8} {b:<8} {total.games:>5} {total.per_100:>9.1f} "
                    f"{100 - total.per_100:>9.1f} {sum(total.margins) / total.games:>+11.2f} "
                    f"{time.perf_counter() - t0:>8.0f}",
                    flush=True,
                )
    print(f"({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
