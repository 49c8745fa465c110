"""Time ``mangala-edu solve`` on small positions, each in a fresh process, as a user runs it;
with ``--against``, the same commands with another checkout at the same time.

Run: ``python bench/cli_start.py [--times 5] [--runs 1] [--against CHECKOUT]``.

Each worker runs ``python -m mangala_edu.cli solve POSITION --json`` ``--times`` times for every
position of :data:`POSITIONS` (fresh processes, the installed numba available, no endgame table:
a new empty cache folder), and prints the CPU seconds of all those commands together, whether
numba was loaded, and the answers; two checkouts must give the same answers. The CPU time counts
what a user waits for on a quiet machine: the interpreter's start, the package's import, the
kernel's loading when it is loaded, and the search.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _side

ROOT = Path(__file__).resolve().parent.parent
"""The checkout this script belongs to."""

POSITIONS = (
    "0,0,0,1,0,2,20/1,0,1,0,0,1,22 S",
    "1,0,2,0,0,1,19/0,2,0,1,1,0,21 N",
    "0,1,1,0,1,0,22/1,0,0,0,2,0,20 S",
    "1,2,0,1,0,0,20/0,1,2,0,1,0,20 S",
)
"""Official-rules endgames of 4 to 8 stones: answered at once by any search."""


def _worker(times: int) -> None:
    answers = []
    loaded = False
    with tempfile.TemporaryDirectory(prefix="cli-start-") as cache:
        env = dict(os.environ, MANGALA_EDU_CACHE=cache)
        probe = (
            "import sys, runpy; sys.argv = ['mangala-edu'] + sys.argv[1:]\n"
            "try:\n    runpy.run_module('mangala_edu.cli', run_name='__main__')\n"
            "finally:\n    print('numba' in sys.modules, file=sys.stderr)\n"
        )
        for position in POSITIONS:
            for _ in range(times):
                proc = subprocess.run(
                    [sys.executable, "-c", probe, "solve", position, "--json"],
                    env=env,
                    cwd=cache,  # not the checkout's folder: PYTHONPATH says which package
                    capture_output=True,
                    text=True,
                    check=True,
                )
                loaded |= proc.stderr.strip().endswith("True")
            answer = json.loads(proc.stdout)
            answers.append([answer["value"], answer["best_moves"]])
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    row: dict[str, Any] = {
        "source": str(Path(__import__("mangala_edu").__file__).parent.parent),
        "seconds": used.ru_utime + used.ru_stime,
        "commands": times * len(POSITIONS),
        "numba_loaded": loaded,
        "answers": answers,
    }
    print(json.dumps(row))


def _describe(row: dict[str, Any]) -> str:
    return (
        f"{row['commands']} commands in {row['seconds']:.2f} CPU s "
        f"({row['seconds'] / row['commands']:.2f} s a command), "
        f"numba loaded: {row['numba_loaded']}"
    )


def _compare(this: dict[str, Any], other: dict[str, Any]) -> str:
    same = "same answers" if this["answers"] == other["answers"] else "ANSWERS DIFFER"
    return f"        {same}: {this['answers']}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--times", type=int, default=5, help="commands a position (default 5)")
    parser.add_argument("--runs", type=int, default=1, help="side-by-side runs (default 1)")
    parser.add_argument("--against", type=Path, help="another checkout to run beside this one")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.times < 1:
        parser.error(f"--times must be at least 1, not {args.times}")
    if args.runs < 1:
        parser.error(f"--runs must be at least 1, not {args.runs}")
    if args.worker:
        _worker(args.times)
        return 0
    folders = _side.checkouts(parser, ROOT, args.against)
    script = str(Path(__file__).resolve())

    def command(folder: Path) -> list[str]:
        return [sys.executable, script, "--worker", "--times", str(args.times)]

    return _side.run(folders, command, args.runs, _describe, _compare)


if __name__ == "__main__":
    sys.exit(main())
