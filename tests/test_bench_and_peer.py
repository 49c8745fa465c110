"""The playout benchmark runs, and the PyPI ``mangala`` engine agrees with ours move by move
(under its own end-of-set rule: each player keeps their own side)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from mangala_edu import Position, Rules

BENCH = Path(__file__).parents[1] / "bench"
sys.path.insert(0, str(BENCH))

from _peer import peer_game_class, peer_legal_moves  # noqa: E402


def test_playout_benchmark_prints_its_table():
    proc = subprocess.run(
        [sys.executable, str(BENCH / "playouts.py"), "--playouts", "20", "--chunk", "10"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    rows = [line for line in proc.stdout.splitlines() if line.startswith("| mangala_edu")]
    assert len(rows) == 2
    for row in rows:
        playouts_per_second = float(row.split("|")[2].replace(",", ""))
        assert playouts_per_second > 0


def test_playout_benchmark_refuses_bad_arguments():
    proc = subprocess.run(
        [sys.executable, str(BENCH / "playouts.py"), "--playouts", "0"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2 and "must be at least 1" in proc.stderr


@pytest.mark.parametrize("seed", range(30))
def test_peer_engine_agrees_with_ours_under_the_own_side_rule(seed):
    game_class = peer_game_class()
    if game_class is None:
        pytest.skip("PyPI mangala is not installed")
    rng = random.Random(seed)
    theirs = game_class()
    ours = Position.start(Rules.own_side())
    while not ours.is_over:
        assert peer_legal_moves(theirs) == list(ours.legal_moves)
        pit = rng.choice(ours.legal_moves)
        ours = ours.play(pit)
        theirs.oyna(pit)
        assert tuple(theirs.tahta) == ours.board
        assert theirs.oyun_bitti_mi == ours.is_over
        if not ours.is_over:
            assert theirs.mevcut_oyuncu == (1 if ours.to_move == "south" else 2)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--probes", "3,x"], "--probes: whole numbers separated by commas, not '3,x'"),
        (["--against", "/nonexistent"], "--against: no mangala_edu package in /nonexistent"),
        (["--move", "7"], "argument --move: invalid choice: 7"),
    ],
)
def test_start_probe_benchmark_refuses_bad_arguments(args, message):
    proc = subprocess.run(
        [sys.executable, str(BENCH / "start_probe.py"), *args],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2 and message in proc.stderr, proc.stderr


def test_start_probe_benchmark_says_when_the_table_is_missing(tmp_path):
    pytest.importorskip("numba")
    env = dict(os.environ, MANGALA_EDU_CACHE=str(tmp_path), MANGALA_EDU_ENGINE="")
    proc = subprocess.run(
        [sys.executable, str(BENCH / "start_probe.py"), "--tt-bits", "18"],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    assert proc.returncode == 1
    assert "no endgame table: run  mangala-edu tables build" in proc.stderr, proc.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--stones", "40"], "argument --stones: invalid choice: 40"),
        (["--jobs", "0"], "argument --jobs: invalid choice: 0"),
        (["--against", "/nonexistent"], "--against: no mangala_edu package in /nonexistent"),
    ],
)
def test_build_probe_benchmark_refuses_bad_arguments(args, message):
    proc = subprocess.run(
        [sys.executable, str(BENCH / "build_probe.py"), *args],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2 and message in proc.stderr, proc.stderr


def test_build_probe_benchmark_builds_side_by_side(tmp_path):
    """Two builds at once (this checkout against itself), on top of the cache's smaller table:
    the same entries and checksum, and the ratio of their times."""
    pytest.importorskip("numba")
    from mangala_edu import Rules
    from mangala_edu.search import tables

    env = dict(os.environ, MANGALA_EDU_CACHE=str(tmp_path), MANGALA_EDU_ENGINE="")
    tables.build(Rules.official(), 8, folder=tmp_path / "tables", jobs=1)
    args = ["--stones", "10", "--on-cache", "--against", str(BENCH.parent)]
    proc = subprocess.run(
        [sys.executable, str(BENCH / "build_probe.py"), *args],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    assert proc.returncode == 0, proc.stderr
    rows = [line for line in proc.stdout.splitlines() if "entries above 8" in line]
    built = tables.table_size(Rules.official(), 10) - tables.table_size(Rules.official(), 8)
    assert len(rows) == 2 and all(f"{built:,} entries" in row for row in rows), proc.stdout
    assert len({row.split("checksum ")[1] for row in rows}) == 1
    assert "time ratio (other / this)" in proc.stdout


def test_build_probe_on_cache_needs_a_smaller_table(tmp_path):
    pytest.importorskip("numba")
    env = dict(os.environ, MANGALA_EDU_CACHE=str(tmp_path), MANGALA_EDU_ENGINE="")
    proc = subprocess.run(
        [sys.executable, str(BENCH / "build_probe.py"), "--stones", "10", "--on-cache"],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    assert proc.returncode == 1
    assert "--on-cache: no smaller official table in the cache folder" in proc.stderr


@pytest.mark.parametrize(
    ("script", "args", "message"),
    [
        ("cli_start.py", ["--times", "0"], "--times must be at least 1, not 0"),
        ("cli_start.py", ["--runs", "0"], "--runs must be at least 1, not 0"),
        ("cli_start.py", ["--against", "/nonexistent"], "no mangala_edu package in /nonexistent"),
        (
            "search_probe.py",
            ["--against", "/nonexistent"],
            "no mangala_edu package in /nonexistent",
        ),
    ],
)
def test_search_benchmarks_refuse_bad_arguments(script, args, message):
    proc = subprocess.run(
        [sys.executable, str(BENCH / script), *args],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2 and message in proc.stderr, proc.stderr


def test_the_command_line_start_benchmark_runs_and_says_what_it_measured():
    proc = subprocess.run(
        [sys.executable, str(BENCH / "cli_start.py"), "--times", "1"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "4 commands in" in proc.stdout and "numba loaded: False" in proc.stdout, proc.stdout
