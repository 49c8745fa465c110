"""Run one measurement in two checkouts of the package side by side (used by
``start_probe.py`` and ``build_probe.py``).

Each run starts one worker process per checkout at the same time (``PYTHONPATH`` points at the
checkout), so that the machine's speed and load are the same for both; each worker prints one
JSON line with at least ``source`` and ``seconds`` (CPU seconds of its process).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any


def checkouts(parser: argparse.ArgumentParser, root: Path, against: Path | None) -> list[Path]:
    """``root`` and, when given, the ``--against`` checkout (an error if it holds no package)."""
    if against is not None and not (against / "mangala_edu").is_dir():
        parser.error(f"--against: no mangala_edu package in {against}")
    return [root] + ([against.resolve()] if against else [])


def run(
    folders: list[Path],
    command: Callable[[Path], list[str]],
    runs: int,
    describe: Callable[[dict[str, Any]], str],
    compare: Callable[[dict[str, Any], dict[str, Any]], str] | None = None,
) -> int:
    """``runs`` times: ``command(folder)`` for every checkout at once; print each worker's
    ``describe(row)`` and the ratio of their CPU times (and, given ``compare``, what it says of
    this checkout's row and the other's). Returns a worker's failing exit code, else 0."""
    for n in range(1, runs + 1):
        procs = [
            subprocess.Popen(
                command(folder),
                env=dict(os.environ, PYTHONPATH=str(folder)),
                stdout=subprocess.PIPE,
                text=True,
            )
            for folder in folders
        ]
        rows = []
        for proc in procs:
            out, _ = proc.communicate()
            if proc.returncode != 0:
                return proc.returncode
            rows.append(json.loads(out.strip().splitlines()[-1]))
        for row in rows:
            print(f"run {n}  {row['source']}: {describe(row)}", flush=True)
        if len(rows) == 2:
            ratio = rows[1]["seconds"] / rows[0]["seconds"]
            print(f"run {n}  time ratio (other / this): {ratio:.2f}", flush=True)
            if compare is not None:
                print(compare(rows[0], rows[1]), flush=True)
    return 0
