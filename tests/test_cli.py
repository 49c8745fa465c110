"""The command line, run as a real process (``python -m mangala_edu.cli``) and in-process."""

from __future__ import annotations

import errno
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
            "mangala-edu: The side to move is 'Q': write S (South), N (North) or - (set over);"
            " the Turkish G (Güney, South) and K (Kuzey, North) are read too.\n",
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
    # The cause in words, naming the folder, not the system's "No such file or directory".
    assert f"the folder {tmp_path / 'missing'} does not exist" in proc.stderr
    assert "No such file" not in proc.stderr


@pytest.mark.parametrize(
    ("error", "key", "english", "turkish"),
    [
        (
            FileNotFoundError(errno.ENOENT, "No such file or directory"),
            "oserror.no_folder",
            "does not exist",
            "klasörü yok",
        ),
        (
            PermissionError(errno.EACCES, "Permission denied"),
            "oserror.no_write_permission",
            "may not write in the folder",
            "yazma izni yok",
        ),
        (
            OSError(errno.ENOSPC, "No space left on device"),
            "oserror.disk_full",
            "the disk is full",
            "diskte yer kalmadı",
        ),
        (
            OSError(errno.EROFS, "Read-only file system"),
            "oserror.read_only",
            "read-only disk",
            "salt okunur",
        ),
        (
            IsADirectoryError(errno.EISDIR, "Is a directory"),
            "oserror.is_folder",
            "is a folder, not a file",
            "bir klasör, dosya değil",
        ),
    ],
)
def test_a_file_that_cannot_be_written_is_explained(tmp_path, error, key, english, turkish):
    """Each cause of a failed write is said in both languages, naming the path (issue 22:
    "yazılamadı: No such file or directory")."""
    from mangala_edu.cli_errors import os_reason

    target = tmp_path / "sheets" / "board.png"
    said = os_reason(error, target)
    assert said.key == key
    en, tr = said.text("en"), said.text("tr")
    assert english in en and turkish in tr
    assert str(tmp_path) in en and str(tmp_path) in tr
    assert error.strerror not in en + tr


def test_show_into_a_folder_it_may_not_write_says_so(tmp_path):
    import os

    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("this account may write anywhere (root)")
        proc = run("show", "4,4,4,4,4,4,0/4,4,4,4,4,4,0 S", "-o", str(folder / "b.png"))
    finally:
        folder.chmod(0o700)
    assert proc.returncode == 2
    assert f"bu hesabın {folder} klasörüne yazma izni yok" in proc.stderr


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
    err = OutOfBudget(
        "cli.out_of_budget",
        Message("cli.set_over"),
        seconds=0.25,
        searched=Message("cli.searched", count=7),
    )
    assert err.message("tr").startswith("Bu konum 0,25 saniyede çözülemedi (7 konuma bakıldı)")
    assert err.message("en").endswith(
        "--time-limit. The set is over in this position: there is no move to play."
    )


def test_the_install_hides_only_setuptools_editable_notice():
    """scripts/setup.sh installs with a -W filter that hides setuptools' "Editable
    installation ... !!" notice, which pip 25+ shows even with --quiet (issue 22), and no
    other warning."""
    import re
    from pathlib import Path

    script = (Path(__file__).resolve().parent.parent / "scripts" / "setup.sh").read_text()
    found = re.search(r'\.venv/bin/python -W "([^"]+)" -m pip install --quiet -e \.', script)
    assert found, "setup.sh installs the package without the filter"
    spec = found[1]
    notice = "Editable installation.\n!!\n  Please be careful with folders ...\n!!"
    code = (
        "import warnings\n"
        f"warnings.warn({notice!r}, UserWarning)\n"
        "warnings.warn('Something else went wrong.', UserWarning)\n"
    )
    proc = subprocess.run([sys.executable, "-W", spec, "-c", code], capture_output=True, text=True)
    assert "Editable installation" not in proc.stderr
    assert "Something else went wrong." in proc.stderr


def test_a_reader_that_stops_early_gets_no_traceback():
    """``mangala-edu puzzles list | head -1``: the pipe closes after one line; the command
    stops quietly (status 141, as a shell reports SIGPIPE), with nothing on stderr."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "mangala_edu.cli", "puzzles", "list"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # more than a pipe's buffer is still to come
    status = proc.wait(timeout=120)
    stderr = proc.stderr.read()
    assert first.strip() and status == 141, (status, stderr)
    assert "Traceback" not in stderr and "BrokenPipe" not in stderr, stderr
