"""The puzzle benchmark runs and prints its tables."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).parents[1] / "bench" / "puzzles.py"


def _run(*args: str) -> str:
    proc = subprocess.run(
        [sys.executable, str(BENCH), *args], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_bands_table_has_a_row_per_band():
    rows = [line for line in _run("bands").splitlines() if line.startswith("| ")]
    assert [row.split("|")[1].strip() for row in rows[1:]] == ["kolay", "orta", "zor", "usta"]


def test_mining_reports_its_throughput():
    out = _run("mine", "--games", "1", "--seed", "5", "--max-stones", "10")
    assert "proven puzzles per hour per core:" in out
