"""``mangala-edu best``, ``solve`` and ``analyse``: as real processes and in-process (small
positions, so that they stay fast)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

from mangala_edu import Game, Position
from mangala_edu.cli import main
from mangala_edu.search import solve

ENDGAME = "0,0,0,0,2,1,20/1,0,0,0,0,1,23 S"


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mangala_edu.cli", *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        env=None if env is None else {**os.environ, **env},
    )


def test_solve_json_as_a_process():
    proc = run("solve", "--json", ENDGAME)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert set(data) == {"value", "best_moves", "nodes", "seconds"}
    assert data["value"] == -2 and data["best_moves"] == [6] and data["nodes"] > 0


ISSUE_21 = "1,2,6,1,3,3,15/1,1,1,2,1,2,9 S"
"""34 stones: pit 3 is worth 8, the others 10. A fresh process named every move best (the
compiled kernel's best-move probes stopped for the transposition table to grow and ran again
with a wrong value)."""
FRESH = [
    ENDGAME,
    "1,0,2,0,1,0,20/1,0,2,0,0,0,21 N",
    "1,2,1,0,2,1,16/1,1,1,0,2,4,16 S",
    "2,0,3,1,0,2,14/0,3,1,2,2,2,18 S",
]
"""Positions that the pure-Python solver also answers in a second or two."""


def kernel_in_use() -> bool:
    from mangala_edu.search import compiled

    return compiled.available()


def test_solve_names_the_moves_of_the_best_value_in_fresh_processes():
    """Each position solved in a fresh process: the best moves are exactly the moves whose
    value (``--all-moves``, another fresh process) is the best; both engines (CI runs this
    file again with ``MANGALA_EDU_ENGINE=pure``, the large position then left out)."""
    positions = [*FRESH, ISSUE_21] if kernel_in_use() else FRESH
    for pos in positions:
        proc = run("solve", "--json", pos)
        assert proc.returncode == 0, proc.stderr
        solved = json.loads(proc.stdout)
        proc = run("solve", "--json", "--all-moves", pos)
        assert proc.returncode == 0, proc.stderr
        values = {int(p): v for p, v in json.loads(proc.stdout)["values"].items()}
        best = max(values.values())
        assert solved["value"] == best, pos
        assert solved["best_moves"] == [p for p, v in sorted(values.items()) if v == best], pos
    if kernel_in_use():
        assert values == {1: 10, 2: 10, 3: 8, 4: 10, 5: 10, 6: 10}


NUMBA_LOADED = """
import sys
from mangala_edu.cli import main
from mangala_edu.search import compiled
assert compiled.available() in (True, False)
main(["solve", "--json", {pos!r}])
print("numba" in sys.modules)
"""


def test_a_small_solve_does_not_load_the_compiled_kernel():
    """The kernel's start-up (importing numba and loading its machine code: seconds) is paid
    only by a position that needs it: a small one is solved in pure Python, the same answer."""
    for pos in (ENDGAME, FRESH[2]):
        proc = subprocess.run(
            [sys.executable, "-c", NUMBA_LOADED.format(pos=pos)],
            capture_output=True,
            text=True,
            check=False,
            timeout=120,
        )
        assert proc.returncode == 0, proc.stderr
        out, loaded = proc.stdout.strip().splitlines()
        assert loaded == "False"
        sol = solve(Position.from_text(pos))
        assert json.loads(out)["best_moves"] == list(sol.best_moves)
        assert json.loads(out)["value"] == sol.value


def test_solve_agrees_with_the_solver_from_north(capsys):
    pos = "1,0,2,0,1,0,20/1,0,2,0,0,0,21 N"
    assert main(["solve", "--json", pos]) == 0
    data = json.loads(capsys.readouterr().out)
    sol = solve(Position.from_text(pos))
    assert (data["value"], tuple(data["best_moves"])) == (sol.value, sol.best_moves)


def test_solve_text_in_both_languages(capsys):
    assert main(["--lang", "en", "solve", ENDGAME]) == 0
    assert "South loses the set by 2 stones" in capsys.readouterr().out
    assert main(["solve", ENDGAME]) == 0
    assert "Güney seti 2 taş farkla kaybeder" in capsys.readouterr().out


def test_solve_beyond_the_budget_exits_3_and_says_so():
    proc = run("--lang", "en", "solve", "--time-limit", "0.2", "4,4,4,4,4,4,0/4,4,4,4,4,4,0 S")
    assert proc.returncode == 3 and proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "could not be solved within 0.2 seconds" in lines[0]
    assert "Traceback" not in proc.stderr


def test_best_json_is_reproducible_with_a_seed():
    one = run(
        "best",
        "--json",
        "--level",
        "orta",
        "--seed",
        "3",
        "--rules",
        "official",
        "4,4,4,4,4,4,0/4,4,4,4,4,4,0 S",
    )
    two = run("best", "--json", "--level", "medium", "--seed", "3", "4,4,4,4,4,4,0/4,4,4,4,4,4,0 S")
    assert one.returncode == 0, one.stderr
    data = json.loads(one.stdout)
    assert data == json.loads(two.stdout)
    assert data["level"] == "orta" and data["pit"] in range(1, 7)
    assert str(data["pit"]) in data["values"]


def test_best_finds_the_extra_turn_in_the_endgame(capsys):
    assert main(["best", "--level", "usta", "--seed", "1", "--json", ENDGAME]) == 0
    assert json.loads(capsys.readouterr().out)["pit"] == 6
    assert main(["--lang", "en", "best", "--level", "kolay", "--seed", "1", ENDGAME]) == 0
    assert "The computer at level easy plays pit" in capsys.readouterr().out


def test_bad_input_exits_2_with_one_line(capsys):
    cases = [
        ["best", "--level", "super", ENDGAME],
        ["best", "1,2,3"],
        ["solve", "0,0,0,0,0,0,24/0,0,0,0,0,0,24 -"],
        ["solve", "--time-limit", "0", ENDGAME],
        ["solve", "--rules", "own-side", "--pits", "4", ENDGAME],
        ["analyse", "/nonexistent/record.json"],
    ]
    for argv in cases:
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith("mangala-edu: ") and len(err.strip().splitlines()) == 1, argv


def _record(tmp_path):
    game = Game(start=Position.from_text("0,0,1,0,2,1,20/1,2,0,0,0,1,20 S"))
    while not game.position.is_over:
        game.push(game.position.legal_moves[0])
    path = tmp_path / "game.json"
    game.save(path)
    return game, path


def test_analyse_json_per_move(tmp_path):
    game, path = _record(tmp_path)
    proc = run("--lang", "en", "analyse", "--json", "--time-per-move", "0.2", str(path))
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [line["ply"] for line in lines] == list(range(1, len(game.moves) + 1))
    assert [line["pit"] for line in lines] == list(game.moves)
    first = lines[0]
    assert {"ply", "player", "pit", "verdict", "cost", "best_moves", "text"} <= set(first)
    assert first["verdict"] == "mistake" and first["best_moves"] == [5, 6]
    assert first["text"].startswith("Mistake: costs 4 stones (proven).")
    assert first["exact"] and first["source"] == "solver"


def test_analyse_text_and_a_broken_record(tmp_path, capsys):
    _, path = _record(tmp_path)
    assert main(["analyse", "--time-per-move", "0.2", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1. hamle: Güney 3 · Hata: 4 taş kaybettirdi (kanıtlandı).")
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    assert main(["analyse", str(broken)]) == 2
    assert "JSON" in capsys.readouterr().err


def test_solve_beyond_the_budget_gives_the_proven_bounds():
    # South is 24 stones ahead: the pure-Python solver soon proves at least +26, but cannot
    # finish (the compiled kernel solves this one within the time).
    proc = run(
        "--lang",
        "en",
        "solve",
        "--json",
        "--time-limit",
        "0.3",
        "1,5,3,1,1,4,24/1,3,2,2,0,1,0 S",
        env={"MANGALA_EDU_ENGINE": "pure"},
    )
    assert proc.returncode == 3 and proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "could not be solved within 0.3 seconds" in lines[0]
    assert re.search(
        r"Proven so far: with perfect play on both sides South ends the set with "
        r"a store difference of at least \+\d+ and at most \+48\.$",
        lines[0],
    )


def test_solve_beyond_the_budget_bounds_in_both_languages(monkeypatch, capsys):
    from mangala_edu import search
    from mangala_edu.search import BudgetExceeded

    bounds = [(26, 48)]

    def stopped(position, **kwargs):
        raise BudgetExceeded(4096, 0.5, *bounds[0])

    monkeypatch.setattr(search, "solve", stopped)
    pos = "1,5,3,1,1,4,24/1,3,2,2,0,1,0 S"
    assert main(["--lang", "en", "solve", pos]) == 3
    err = capsys.readouterr().err
    assert "(4,096 positions searched)" in err
    assert err.strip().endswith(
        "South ends the set with a store difference of at least +26 and at most +48."
    )
    assert main(["solve", "--json", pos]) == 3
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1
    assert err.strip().endswith("Güney seti en az +26, en çok +48 hazine farkıyla bitirir.")
    bounds[0] = (30, 30)
    assert main(["solve", pos]) == 3
    assert "Güney seti 30 taş farkla kazanır; en iyi hamlelerin hepsini" in capsys.readouterr().err
    bounds[0] = (0, 48)  # every stone on the board: nothing worth saying
    assert main(["--lang", "en", "solve", pos]) == 3
    assert "Proven" not in capsys.readouterr().err


def test_solve_says_who_wins_and_by_how_much(capsys):
    """ "8 taş farkla kaybeder", not "hazine farkı -8 ile bitirir" (issue 22): a win, a loss
    or a draw with the margin in words, in both languages, for the side to move."""
    from mangala_edu.cli_solver import outcome
    from mangala_edu.engine import SIDE_NAMES

    south = SIDE_NAMES["south"]
    cases = {
        8: ("Güney seti 8 taş farkla kazanır", "South wins the set by 8 stones"),
        -8: ("Güney seti 8 taş farkla kaybeder", "South loses the set by 8 stones"),
        0: ("set berabere biter", "the set is a draw"),
        -1: ("Güney seti 1 taş farkla kaybeder", "South loses the set by 1 stone"),
    }
    for value, (turkish, english) in cases.items():
        said = outcome(Position.start().rules, value, south)
        assert (said.text("tr"), said.text("en")) == (turkish, english)
    assert main(["solve", ENDGAME]) == 0
    out = capsys.readouterr().out
    assert "farkı" not in out and "-2" not in out


def test_counts_are_written_one_way(capsys):
    """Positions searched are counted with the language's thousands mark, as every count is
    (3.160.064 / 3,160,064), and English says "1 position" (issue 22)."""
    from mangala_edu.cli_solver import _count, searched
    from mangala_edu.i18n import format_count

    assert _count is format_count
    assert searched(3160064).text("tr") == "3.160.064 konuma bakıldı"
    assert searched(3160064).text("en") == "3,160,064 positions searched"
    assert searched(1).text("en") == "1 position searched"
    assert main(["--lang", "en", "solve", "1,0,2,0,1,0,20/1,0,2,0,0,0,21 N"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"\((1 position|\d{1,3}(,\d{3})* positions) searched\)\.$", out.strip())
