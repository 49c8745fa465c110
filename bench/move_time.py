"""Benchmark how long each level takes to choose a move.

Run: ``python bench/move_time.py [--games N] [--time-scale S] [--levels kolay,orta,...]``.
Each level plays ``N`` games against itself from seeded random openings (2 random moves), with
its real time budget (unseeded players, so the budget is in seconds); every move is timed.
"""

from __future__ import annotations

import argparse
import random
import statistics

from mangala_edu import Rules
from mangala_edu.search.arena import play_set, random_opening
from mangala_edu.search.players import LEVELS, Player


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--time-scale", type=float, default=1.0)
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.time_scale != 1.0:
        print(f"NOTE: budgets scaled by {args.time_scale:g} (not the levels' real budgets)")
    print(
        f"{'level':<14} {'budget s':>8} {'moves':>6} {'median s':>9} {'p90 s':>7} "
        f"{'worst s':>8} {'mean depth':>10}"
    )
    for key in args.levels.split(","):
        level = LEVELS[key]
        rng = random.Random(args.seed)
        times: list[float] = []
        depths: list[int] = []
        for g in range(args.games):
            a, b = Player(key, time_scale=args.time_scale), Player(key, time_scale=args.time_scale)
            start = random_opening(Rules.official(), "south" if g % 2 == 0 else "north", 2, rng)

            def record(pos, pit, seconds, a=a, b=b, times=times, depths=depths):  # type: ignore
                if len(pos.legal_moves) > 1:  # forced moves take no search
                    times.append(seconds)
                    player = a if pos.to_move == "south" else b
                    if player.last is not None and not player.last.exact:
                        depths.append(player.last.depth)

            play_set(a, b, start, record)
        times.sort()
        p90 = times[int(0.9 * (len(times) - 1))]
        mean_depth = statistics.mean(depths) if depths else float("nan")
        name = f"{level.key}/{level.english}"
        print(
            f"{name:<14} {level.time_limit * args.time_scale:>8.2f} {len(times):>6} "
            f"{statistics.median(times):>9.3f} {p90:>7.3f} {times[-1]:>8.3f} "
            f"{mean_depth:>10.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
