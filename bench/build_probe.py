"""Benchmark the endgame-table build: the official table up to ``--stones`` stones, built into a
temporary folder (on one core unless ``--jobs``), optionally on top of the largest smaller table
of the cache folder (as ``mangala-edu tables build`` does when a smaller table is there).

Run: ``python bench/build_probe.py [--stones 20] [--on-cache] [--jobs 1] [--runs 1]
[--against CHECKOUT]``.

``--against CHECKOUT`` builds with another copy of the package (a ``git worktree`` of an older
commit, say) side by side with this one, each in its own process at the same time (see
``_side.py``). Both builds must give the same checksum. Times are CPU seconds of each process
and wall seconds (the build alone, not the writing of the file). Memory: each process holds the
whole table (one byte an entry) while it builds, then writes it (a temporary folder).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _side

ROOT = Path(__file__).resolve().parent.parent
"""The checkout this script belongs to."""


def measure(stones: int, on_cache: bool, jobs: int) -> dict[str, object]:
    """Build the table in this process on ``jobs`` threads; the figures as a dict."""
    from mangala_edu import Rules
    from mangala_edu.search import tables

    rules = Rules.official()
    with tempfile.TemporaryDirectory() as folder:
        tables.build(rules, 6, folder=folder, jobs=1)  # the compiled code, loaded or compiled
        for path in tables.find_tables(folder):
            path.unlink()
        base = 0
        if on_cache:
            below = [
                (tables.load(p, rules, check=False).stones, p)
                for p in tables.find_tables()
                if p.name.startswith(tables.table_rules_name(rules) + "-")
            ]
            below = [(k, p) for k, p in below if k < stones]
            if not below:
                raise SystemExit("--on-cache: no smaller official table in the cache folder")
            base, path = max(below)
            (Path(folder) / path.name).symlink_to(path)
        cpu, wall = time.process_time(), time.perf_counter()
        out = tables.build(rules, stones, folder=folder, jobs=jobs)
        seconds, wall = time.process_time() - cpu, time.perf_counter() - wall
        checksum = tables.read_header(out)["checksum"]
    return {
        "source": str(Path(sys.modules["mangala_edu"].__file__ or "").parent.parent),
        "built": tables.table_size(rules, stones) - (tables.table_size(rules, base) if base else 0),
        "base": base,
        "checksum": checksum,
        "seconds": round(seconds, 2),
        "wall": round(wall, 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stones", type=int, default=20, choices=range(8, 29), metavar="8..28")
    parser.add_argument(
        "--on-cache", action="store_true", help="build on top of the cache's smaller table"
    )
    parser.add_argument(
        "--jobs", type=int, default=1, choices=range(1, 65), metavar="1..64", help="threads a build"
    )
    parser.add_argument("--runs", type=int, default=1, choices=range(1, 21), metavar="1..20")
    parser.add_argument("--against", type=Path, help="another checkout, measured side by side")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(measure(args.stones, args.on_cache, args.jobs)))
        return 0
    folders = _side.checkouts(parser, ROOT, args.against)
    cores = "one core" if args.jobs == 1 else f"{args.jobs} threads"
    print(f"load {os.getloadavg()[0]:.1f}; official table up to {args.stones} stones, {cores}")

    def command(_folder: Path) -> list[str]:
        cmd = [sys.executable, __file__, "--worker", "--stones", str(args.stones)]
        cmd += ["--jobs", str(args.jobs)]
        return cmd + (["--on-cache"] if args.on_cache else [])

    def describe(row: dict[str, Any]) -> str:
        rate = row["built"] / max(row["seconds"], 1e-9) / 1e6
        above = f" above {row['base']}" if row["base"] else ""
        return (
            f"{row['built']:,} entries{above}  {row['seconds']} CPU s  {rate:.2f} M/s a CPU s  "
            f"{row['wall']} s wall  "
            f"checksum {row['checksum'][:16]}"
        )

    return _side.run(folders, command, args.runs, describe)


if __name__ == "__main__":
    sys.exit(main())
