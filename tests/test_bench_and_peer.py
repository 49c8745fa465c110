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
