"""Benchmark the puzzles: mining throughput, re-proving a whole collection, and how the rating
bands line up with the computer levels that fail their puzzles.

Run from the repository root:

- ``python bench/puzzles.py mine [--games N] [--seed S] [--max-stones M] [--jobs J]``: mines
  N games into a new temporary file and prints proven puzzles per hour per core (processor
  time of the games, summed over the processes) and per hour of wall-clock time;
- ``python bench/puzzles.py verify [--file F] [--jobs J]``: re-proves every puzzle of a file
  (default: the shipped collection) and prints the time, in total and by stones on the board;
- ``python bench/puzzles.py bands [--file F]``: for each band, how many puzzles, their mean
  rating, and the share that each level (kolay, orta, zor, usta) failed when the puzzle was mined;
- ``python bench/puzzles.py curation [--file F]``: the collection before and after the
  curation rules (``mangala_edu.puzzles.curate``), side by side: what each rule drops, the
  bands, the greedy-answer share by band, the themes, the lines' lengths and the stones.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from mangala_edu.puzzles import Collection
from mangala_edu.puzzles.curate import changes_result, curate, is_greedy, play_key
from mangala_edu.puzzles.mine import MEASURED_LEVELS, MineSettings, mine
from mangala_edu.puzzles.prove import verify_puzzle
from mangala_edu.puzzles.rating import BANDS
from mangala_edu.search.parallel import map_work

sys.setrecursionlimit(10_000)


def bench_mine(args: argparse.Namespace) -> None:
    path = Path(tempfile.mkdtemp()) / "bench.jsonl"
    settings = MineSettings(max_stones=args.max_stones, every_position=args.every_position)
    t0 = time.perf_counter()
    report = mine(path, games=args.games, seed=args.seed, settings=settings, jobs=args.jobs)
    wall = time.perf_counter() - t0
    print(
        f"games {report.games}, candidates {report.candidates}, new puzzles {report.new}, "
        f"too easy {report.dropped_trivial}"
    )
    print(f"processor time {report.cpu_seconds:.0f} s, wall-clock {wall:.0f} s")
    print(f"proven puzzles per hour per core: {report.per_hour_per_core():.0f}")
    print(
        f"proven puzzles per hour (wall-clock, {args.jobs or 'all'} processes): "
        f"{3600 * report.new / wall:.0f}"
    )


def bench_verify(args: argparse.Namespace) -> None:
    puzzles = Collection.load(args.file).puzzles
    stones = {p.id: p.stones for p in puzzles}
    t0 = time.perf_counter()
    by_stones: dict[str, list[float]] = defaultdict(list)
    failed = []
    for pid, problem, seconds in map_work(verify_puzzle, puzzles, jobs=args.jobs):
        bucket = stones[pid] // 4 * 4
        by_stones[f"{bucket:2}-{bucket + 3:2}"].append(seconds)
        if problem:
            failed.append((pid, problem.text("en")))
    wall = time.perf_counter() - t0
    print(
        f"{len(puzzles)} puzzles re-proven in {wall:.0f} s wall-clock "
        f"({sum(sum(v) for v in by_stones.values()):.0f} s summed over the puzzles), "
        f"{len(failed)} failed"
    )
    print("| stones | puzzles | median s | slowest s | total s |")
    print("|---|---:|---:|---:|---:|")
    for key in sorted(by_stones):
        times = by_stones[key]
        print(
            f"| {key} | {len(times)} | {statistics.median(times):.2f} | {max(times):.1f} | "
            f"{sum(times):.0f} |"
        )
    for pid, problem in failed:
        print(f"FAILED {pid}: {problem}")


def bench_bands(args: argparse.Namespace) -> None:
    puzzles = Collection.load(args.file).puzzles
    print(
        "| band | puzzles | mean rating | "
        + " | ".join(f"{lv} fails" for lv in MEASURED_LEVELS)
        + " |"
    )
    print("|---|---:|---:|" + "---:|" * len(MEASURED_LEVELS))
    for band in BANDS:
        chosen = [p for p in puzzles if p.band == band]
        if not chosen:
            print(f"| {band} | 0 | | " + " | " * len(MEASURED_LEVELS))
            continue
        shares = [
            100 * sum(level in p.fails for p in chosen) / len(chosen) for level in MEASURED_LEVELS
        ]
        mean = statistics.mean(p.rating for p in chosen)
        print(
            f"| {band} | {len(chosen)} | {mean:.0f} | "
            + " | ".join(f"{s:.0f} %" for s in shares)
            + " |"
        )


def _figures(puzzles: list) -> dict[str, object]:
    """What a curator looks at in a collection."""
    n = len(puzzles) or 1
    mirrors = len(puzzles) - len({play_key(p.start) for p in puzzles})
    bands = {}
    for band in BANDS:
        chosen = [p for p in puzzles if p.band == band]
        greedy = sum(is_greedy(p) for p in chosen)
        bands[band] = f"{len(chosen)} ({100 * greedy / max(1, len(chosen)):.0f} % greedy)"
    themes: dict[str, int] = defaultdict(int)
    for p in puzzles:
        for theme in p.themes:
            themes[theme] += 1
    turns: dict[int, int] = defaultdict(int)
    for p in puzzles:
        turns[min(4, p.learner_moves)] += 1
    return {
        "puzzles": len(puzzles),
        "greedy answer": f"{100 * sum(map(is_greedy, puzzles)) / n:.0f} %",
        "two legal moves": sum(len(p.start.legal_moves) == 2 for p in puzzles),
        "result of the set changed": sum(map(changes_result, puzzles)),
        "margin 2 (one stone)": sum(p.margin == 2 for p in puzzles),
        "same position twice": mirrors,
        **{f"band {b}": v for b, v in bands.items()},
        **{f"theme {t}": themes[t] for t in sorted(themes)},
        **{f"learner moves {k}{'+' if k == 4 else ''}": turns[k] for k in sorted(turns)},
        "24+ stones": sum(p.stones >= 24 for p in puzzles),
        "36+ stones": sum(p.stones >= 36 for p in puzzles),
    }


def bench_curation(args: argparse.Namespace) -> None:
    puzzles = Collection.load(args.file).puzzles
    t0 = time.perf_counter()
    curated = curate(puzzles)
    seconds = time.perf_counter() - t0
    before, after = _figures(puzzles), _figures(curated.kept)
    print(
        f"curated in {seconds:.1f} s; dropped by rule: {curated.counts()}; "
        f"lines cut to whole turns: {len(curated.shortened)}"
    )
    print("| | before | after |")
    print("|---|---:|---:|")
    for key in list(before) + [k for k in after if k not in before]:
        print(f"| {key} | {before.get(key, 0)} | {after.get(key, 0)} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    m = sub.add_parser("mine")
    m.add_argument("--games", type=int, default=30)
    m.add_argument("--seed", type=int, default=100_000)
    m.add_argument("--max-stones", type=int, default=22)
    m.add_argument("--jobs", type=int, default=1)
    m.add_argument("--every-position", action="store_true")
    v = sub.add_parser("verify")
    v.add_argument("--file")
    v.add_argument("--jobs", type=int, default=1)
    b = sub.add_parser("bands")
    b.add_argument("--file")
    c = sub.add_parser("curation")
    c.add_argument("--file")
    args = parser.parse_args()
    run = {"mine": bench_mine, "verify": bench_verify, "bands": bench_bands}
    run["curation"] = bench_curation
    run[args.what](args)


if __name__ == "__main__":
    main()
