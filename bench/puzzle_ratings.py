"""A simulated class for the pooled puzzle ratings (:mod:`mangala_edu.puzzles.pooled`): do
ratings learnt from people find the puzzles' true difficulty when the first rating is wrong?

Seeded virtual pupils of several strengths (true ratings spread evenly from 800 to 2000, in
a few classes) solve the collection's puzzles. Each puzzle has a true difficulty: its first
rating plus a seeded error (normal, ``--error`` points; the first rating is a measured guess
and may be wrong by that much). A pupil solves a puzzle cleanly with the Glicko expected score
of their true rating against its true difficulty. Puzzles are chosen as the trainer chooses
them in its rated mode: among those the pupil never tried, one of the eight nearest to the
pupil's rating, by the puzzles' pooled ratings of the last pooling; the pupil's own rating
changes live, as the trainer's does. After each round (every pupil does ``--per-round``
attempts, a lesson) the attempts of every class are pooled again.

The table says, after 0, 5, 10, 20 and 50 attempts a puzzle (on average), how far the
puzzles' pooled ratings are from their true difficulty (mean and 90th percentile), the share
of puzzles whose pooled rating lies in the band of their true difficulty, the same mean error
when one class is pooled alone (what one class's trainers learn by themselves), and the
pupils' rating error (as the trainer keeps it live, and from the pooled replay).

Run from the repository root: ``python bench/puzzle_ratings.py [--seed S] [--pupils N]
[--classes C] [--per-round K] [--error E] [--puzzles P]``.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from mangala_edu.puzzles.pooled import Attempt, Replay, first_ratings
from mangala_edu.puzzles.rating import LEARNER_START, SCALE, Rating, attempt, band_of

CHECKPOINTS = (0, 5, 10, 20, 50)
"""Attempts a puzzle (on average) after which the table has a row."""


@dataclass(frozen=True)
class Row:
    """The figures after ``attempts`` attempts a puzzle on average."""

    attempts: float
    mean: float
    p90: float
    in_band: float
    one_class: float
    pupils_live: float
    pupils_pooled: float


def expected(a: float, b: float) -> float:
    """The Glicko expected score of a player rated ``a`` against one rated ``b`` (both
    ratings known exactly)."""
    return 1 / (1 + math.exp(-(a - b) / SCALE))


def _p90(values: Sequence[float]) -> float:
    return statistics.quantiles(values, n=10, method="inclusive")[-1]


def simulate(
    first: Mapping[str, Rating],
    *,
    pupils: int = 120,
    classes: int = 4,
    per_round: int = 10,
    error: float = 250.0,
    checkpoints: Sequence[int] = CHECKPOINTS,
    seed: int = 0,
) -> list[Row]:
    """The table's rows (see the module's docstring), one per checkpoint."""
    rng = random.Random(seed)
    ids = sorted(first)
    truth = {k: first[k].rating + rng.gauss(0, error) for k in ids}
    strength = [800 + 1200 * (k + 0.5) / pupils for k in range(pupils)]
    names = [f"class{k % classes}/pupil{k}" for k in range(pupils)]
    live = [LEARNER_START] * pupils
    seen: list[set[str]] = [set() for _ in range(pupils)]
    everyone, alone = Replay(first), Replay(first)
    clock = datetime(2026, 1, 5, 9, tzinfo=timezone.utc)
    done = 0
    rows = []
    for goal in sorted(checkpoints):
        while done < goal * len(ids):
            ratings = {k: everyone.rating(k).rating for k in ids}  # the last pooling's
            fed = []
            for p in rng.sample(range(pupils), pupils):
                for _ in range(per_round):
                    fresh = [k for k in ids if k not in seen[p]] or ids
                    near = sorted(fresh, key=lambda k: (abs(ratings[k] - live[p].rating), k))
                    puzzle = rng.choice(near[:8])
                    clean = rng.random() < expected(strength[p], truth[puzzle])
                    live[p] = attempt(live[p], everyone.rating(puzzle), clean)[0]
                    seen[p].add(puzzle)
                    clock += timedelta(seconds=30)
                    fed.append(Attempt(clock, names[p], len(seen[p]), puzzle, clean))
            everyone.feed(fed)
            alone.feed(a for a in fed if a.learner.startswith("class0/"))
            done += len(fed)
        errors = [abs(everyone.rating(k).rating - truth[k]) for k in ids]
        pooled_pupils = everyone.learners
        rows.append(
            Row(
                attempts=done / len(ids),
                mean=statistics.fmean(errors),
                p90=_p90(errors),
                in_band=sum(band_of(everyone.rating(k).rating) == band_of(truth[k]) for k in ids)
                / len(ids),
                one_class=statistics.fmean(abs(alone.rating(k).rating - truth[k]) for k in ids),
                pupils_live=statistics.fmean(
                    abs(live[p].rating - strength[p]) for p in range(pupils)
                ),
                pupils_pooled=statistics.fmean(
                    abs(pooled_pupils.get(names[p], LEARNER_START).rating - strength[p])
                    for p in range(pupils)
                ),
            )
        )
    return rows


def table(rows: Sequence[Row]) -> str:
    """The rows as a Markdown table."""
    lines = [
        "| attempts a puzzle | puzzles: mean error | 90th percentile | in the right band "
        "| one class alone: mean error | pupils: error (trainer) | pupils: error (pooled) |",
        "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r.attempts:.1f} | {r.mean:.0f} | {r.p90:.0f} | {100 * r.in_band:.0f} % "
            f"| {r.one_class:.0f} | {r.pupils_live:.0f} | {r.pupils_pooled:.0f} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pupils", type=int, default=120)
    parser.add_argument("--classes", type=int, default=4)
    parser.add_argument("--per-round", type=int, default=10, help="attempts a pupil a round")
    parser.add_argument("--error", type=float, default=250.0, help="the first ratings' error (sd)")
    parser.add_argument("--puzzles", type=int, help="only P puzzles of the collection (seeded)")
    args = parser.parse_args(argv)
    first = first_ratings()
    if args.puzzles:
        chosen = random.Random(args.seed).sample(sorted(first), args.puzzles)
        first = {k: first[k] for k in chosen}
    start = time.perf_counter()
    rows = simulate(
        first,
        pupils=args.pupils,
        classes=args.classes,
        per_round=args.per_round,
        error=args.error,
        seed=args.seed,
    )
    print(
        f"{len(first)} puzzles (true difficulty = first rating + N(0, {args.error:g})), "
        f"{args.pupils} pupils in {args.classes} classes (true ratings 800-2000), "
        f"{args.per_round} attempts a pupil a round, seed {args.seed}:\n"
    )
    print(table(rows))
    print(f"\n{time.perf_counter() - start:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
