"""The command line, run as a real process (``python -m mangala_edu.cli``) and in-process."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from mangala_edu import Game, Position, cli
from mangala_edu.cli import main
from mangala_edu.i18n import Message


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mangala_edu.cli", *args],
        capture_output=True,
        text=True,
        check=False,
    )


def test_replay_json_matches_the_engine():
    proc = run("replay", "--json", "4", "1", "6")
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    game = Game(moves=[4, 1, 6])
    assert [line["ply"] for line in lines] == [1, 2, 3]
    assert [line["player"] for line in lines] == ["south", "south", "north"]
    assert [line["pit"] for line in lines] == [4, 1, 6]
    assert [tuple(line["board"]) for line in lines] == [p.board for p in game.positions[1:]]
    assert [line["to_move"] for line in lines] == [p.to_move for p in game.positions[1:]]
    assert lines[0]["events"] == ["extra_turn"] and lines[0]["result"] is None
    assert set(lines[0]) == {"ply", "player", "pit", "board", "to_move", "events", "result"}


def test_replay_to_the_end_reports_the_result_and_the_sweep(capsys):
    start = "0,0,0,0,0,1,22/1,0,0,0,0,0,24 S"
    assert main(["replay", "--json", "--from", start, "6"]) == 0
    line = json.loads(capsys.readouterr().out)
    assert line["events"] == ["extra_turn", "sweep"]
    assert line["result"] == {"south": 24, "north": 24, "winner": "draw"}
    assert line["to_move"] is None


def test_replay_variants_and_sizes(capsys):
    assert (
        main(
            [
                "replay",
                "--json",
                "--rules",
                "kalah",
                "--pits",
                "3",
                "--stones",
                "2",
                "--first",
                "north",
                "1",
            ]
        )
        == 0
    )
    line = json.loads(capsys.readouterr().out)
    assert line["board"] == list(
        Position.start(__import__("mangala_edu").Rules.kalah(3, 2), "north").play(1).board
    )
    assert main(["replay", "--json", "--rules", "no-return", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["board"][:7] == [0, 5, 5, 5, 5, 4, 0]


def test_replay_prints_readable_boards(capsys):
    assert main(["--lang", "en", "replay", "4"]) == 0
    out = capsys.readouterr().out
    assert "Move 1: South 4" in out and "South to move" in out
    assert main(["--lang", "tr", "replay", "1"]) == 0
    assert "1. hamle: Güney 1" in capsys.readouterr().out


def test_illegal_pit_names_the_ply_and_keeps_earlier_moves():
    proc = run("--lang", "en", "replay", "--json", "1", "5", "1", "2")
    assert proc.returncode == 2
    assert len(proc.stdout.splitlines()) == 2  # the two moves before the fault
    assert proc.stderr == "mangala-edu: Move 3: Pit 1 is empty: there is nothing to sow.\n"
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["replay", "9"],
            "mangala-edu: Move 1: There is no pit 9: pits are numbered 1 to 6 "
            "from the mover's own left.\n",
        ),
        (
            ["replay", "x"],
            "mangala-edu: Move 1: 'x' is not a pit: give a pit number from 1 to 6.\n",
        ),
        (
            ["replay", "--from", "0,0,0,0,0,1,22/1,0,0,0,0,0,24 S", "6", "1"],
            "mangala-edu: Move 2: The set is already over: no more moves can be played.\n",
        ),
        (
            ["replay", "--from", "4,4,4/4,4,4 S", "1"],
            "mangala-edu: South has 3 numbers; expected 7 (6 pits and a store).\n",
        ),
        (
            ["replay", "--pits", "4", "1"],
            "mangala-edu: --pits and --stones go with --rules kalah "
            "only; the board of official is always the same.\n",
        ),
        (
            ["replay", "--rules", "kalah", "--pits", "0", "1"],
            "mangala-edu: Kalah needs at least 1 pit a side and 1 stone a pit; got 0 pits and "
            "4 stones.\n",
        ),
        (
            ["show", "4,4,4,4,4,4,0/4,4,4,4,4,4,0 Q"],
            "mangala-edu: The side to move is 'Q': write S (South), N (North) or - (set over).\n",
        ),
        (
            ["show", "4,4,4,4,4,4,0/4,4,4,4,4,4,0 S", "-o", "board.gif"],
            "mangala-edu: Cannot draw to 'board.gif': the file name must end in .png, .svg or .pdf.\n",
        ),
    ],
)
def test_bad_input_exits_2_with_one_clear_line(args, message):
    proc = run("--lang", "en", *args)
    assert proc.returncode == 2
    assert proc.stderr == message


def test_errors_in_turkish_by_default():
    proc = run("replay", "1", "5", "1")
    assert proc.returncode == 2
    assert proc.stderr == "mangala-edu: 3. hamle: 1. kuyu boş: ekilecek taş yok.\n"


def test_wrong_argument_exits_2():
    proc = run("replay", "--rules", "chess", "1")
    assert proc.returncode == 2 and "invalid choice: 'chess'" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_show_prints_and_draws(tmp_path, capsys):
    text = "1,0,12,0,3,0,10/4,0,0,7,0,1,10 N"
    assert main(["--lang", "en", "show", text]) == 0
    out = capsys.readouterr().out
    assert "North to move" in out and "12" in out
    for suffix, magic in ((".png", b"\x89PNG"), (".svg", b"<?xml"), (".pdf", b"%PDF")):
        path = tmp_path / f"board{suffix}"
        assert main(["show", text, "-o", str(path)]) == 0
        assert path.read_bytes().startswith(magic)


def test_show_cannot_write_says_so(tmp_path):
    proc = run(
        "--lang",
        "en",
        "show",
        "4,4,4,4,4,4,0/4,4,4,4,4,4,0 S",
        "-o",
        str(tmp_path / "missing" / "board.png"),
    )
    assert proc.returncode == 2
    assert proc.stderr.startswith("mangala-edu: Cannot write ")
    assert "No such file or directory" in proc.stderr


def test_console_script_is_declared():
    from pathlib import Path

    import tomllib

    pyproject = tomllib.loads(Path(__file__).parents[1].joinpath("pyproject.toml").read_text())
    assert pyproject["project"]["scripts"]["mangala-edu"] == "mangala_edu.cli:main"


@pytest.mark.parametrize(
    "args",
    [
        ["replay", "--lang", "en", "1", "5", "1"],
        ["replay", "1", "5", "1", "--lang", "en"],
        ["--lang", "tr", "replay", "1", "5", "1", "--lang", "en"],  # after the name wins
    ],
)
def test_lang_is_taken_after_the_command_too(args, capsys):
    assert main(args) == 2
    assert (
        capsys.readouterr().err == "mangala-edu: Move 3: Pit 1 is empty: there is nothing to sow.\n"
    )


def test_lang_after_every_command_and_action(tmp_path, capsys):
    """As the README writes it: ``mangala-edu worksheet ... --lang en``."""
    out = tmp_path / "sheet.txt"
    assert main(["worksheet", "--count", "1", "-o", str(out), "--lang", "en"]) == 2
    assert "a worksheet is a PDF file" in capsys.readouterr().err
    assert main(["puzzles", "list", "--limit", "1", "--lang", "en"]) == 0
    assert "1 puzzle" in capsys.readouterr().out
    assert main(["tables", "info", "--folder", str(tmp_path), "--lang", "en"]) == 0
    assert "Table folder" in capsys.readouterr().out
    assert main(["analyze", "--lang", "en", str(tmp_path / "none.json")]) == 2
    assert "Cannot read" in capsys.readouterr().err


def test_a_search_out_of_budget_that_no_command_caught_exits_3(monkeypatch, capsys):
    from mangala_edu.cli_errors import exit_status
    from mangala_edu.search.budget import BudgetExceeded

    def out_of_budget(args, out, lang):
        raise BudgetExceeded(100, 0.5, 2, 2)

    monkeypatch.setitem(cli.COMMANDS, "show", out_of_budget)
    assert main(["--lang", "en", "show", "start"]) == 3
    assert capsys.readouterr().err == (
        "mangala-edu: Search budget exceeded after 100 nodes and 0.5 s; value proven to be +2\n"
    )
    assert exit_status(BudgetExceeded(1, 0.0)) == 3


def test_the_command_line_errors_are_mangala_errors_of_one_module():
    """One CommandError (status 2) and OutOfBudget (status 3), used by every command; no
    command takes exception classes as parameters."""
    import inspect

    from mangala_edu import MangalaError, cli_solver
    from mangala_edu.cli_errors import CommandError, OutOfBudget
    from mangala_edu.puzzles import commands

    assert issubclass(CommandError, MangalaError) and issubclass(OutOfBudget, CommandError)
    assert (CommandError.status, OutOfBudget.status) == (2, 3)
    for module in (cli, cli_solver, commands):
        assert getattr(module, "CommandError", CommandError) is CommandError, module
        for name, fn in inspect.getmembers(module, inspect.isfunction):
            for p in inspect.signature(fn).parameters.values():
                assert "type[" not in str(p.annotation), (module.__name__, name, p)
    err = OutOfBudget("cli.out_of_budget", Message("cli.set_over"), seconds=0.25, nodes=7)
    assert err.message("tr").startswith("Bu konum 0,25 saniyede çözülemedi (7 konuma bakıldı)")
    assert err.message("en").endswith(
        "--time-limit. The set is over in this position: there is no move to play."
    )
