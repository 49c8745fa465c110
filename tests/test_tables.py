"""Endgame-table files: checked on load (damaged, mismatched, unfinished files are refused and
never used), written atomically (an interrupted build leaves nothing trusted), and the
``mangala-edu tables`` and ``solve start`` commands."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
import warnings
from pathlib import Path

import pytest

from mangala_edu import Position, Rules
from mangala_edu.cli import main
from mangala_edu.search.solver import Solver

if os.environ.get("CI") and os.environ.get("MANGALA_EDU_ENGINE") != "pure":
    import numba  # noqa: F401  (CI installs the [fast] extra)
else:
    pytest.importorskip("numba")

from mangala_edu.search import compiled, tables

pytestmark = pytest.mark.skipif(not compiled.available(), reason="compiled kernel turned off")

KALAH3 = Rules.kalah(3, 3)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    tables.forget_loaded()
    yield tmp_path
    tables.forget_loaded()


def built(folder: Path, rules: Rules = KALAH3, stones: int = 10) -> Path:
    return tables.build(rules, stones, folder=folder)


def test_a_built_table_loads_and_is_found(folder: Path) -> None:
    path = built(folder)
    assert path.name == "kalah-3pits-10stones.mtb"
    table = tables.load(path, Rules.kalah(3, 4))  # any start size on the same board
    assert table.stones == 10 and len(table.data) == tables.table_size(KALAH3, 10)
    assert tables.table_for(KALAH3, folder).stones == 10
    assert tables.table_for(Rules.official(), folder) is None
    assert [p.name for p in tables.find_tables(folder)] == [path.name]


def test_a_build_on_a_smaller_table_is_estimated_shorter(folder: Path) -> None:
    """The estimate counts only the layers a build adds to a smaller table it finds."""
    assert tables.reusable(KALAH3, 12, folder) == -1
    built(folder, stones=8)
    assert tables.reusable(KALAH3, 12, folder) == 8
    assert tables.reusable(KALAH3, 8, folder) == -1  # not smaller
    assert tables.reusable(Rules.kalah(4, 3), 12, folder) == -1  # another board
    whole, rest = tables.estimate(KALAH3, 12, 2), tables.estimate(KALAH3, 12, 2, above=8)
    assert rest.entries == whole.entries and 0 < rest.seconds < whole.seconds
    share = 1 - tables.table_size(KALAH3, 8) / tables.table_size(KALAH3, 12)
    assert rest.seconds == pytest.approx(whole.seconds * share)


def flip_byte(path: Path, offset: int) -> None:
    with open(path, "r+b") as f:
        f.seek(offset)
        b = f.read(1)
        f.seek(offset)
        f.write(bytes([b[0] ^ 0x01]))


def test_a_damaged_table_is_refused_and_never_used(folder: Path) -> None:
    path = built(folder)
    flip_byte(path, tables.HEADER_BYTES + 500)
    with pytest.raises(tables.TableError) as info:
        tables.load(path, KALAH3)
    assert info.value.key == "tables.damaged"
    assert "bozuk" in info.value.message("tr") and "damaged" in info.value.message("en")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert tables.table_for(KALAH3, folder) is None
    text = " ".join(str(w.message) for w in caught)
    assert path.name in text and "mangala-edu tables build --rules kalah --pits 3" in text
    # A solver made now runs without the table, and still right.
    fast = compiled.CompiledSolver(KALAH3, tables=tables.table_for(KALAH3, folder))
    assert fast.endgame is None
    pos = Position.start(KALAH3)
    assert fast.solve(pos).value == Solver(KALAH3).solve(pos).value
    # Rebuilt on request: the new file replaces the damaged one.
    path = built(folder)
    assert tables.load(path, KALAH3).stones == 10


def test_truncated_header_and_other_version_are_refused(folder: Path) -> None:
    path = built(folder)
    data = path.read_bytes()
    path.write_bytes(data[:-7])
    with pytest.raises(tables.TableError, match="damaged"):
        tables.load(path)
    path.write_bytes(b"not a table at all")
    with pytest.raises(tables.TableError, match="damaged"):
        tables.load(path)
    head = tables.read_header_bytes(data)
    head["format"] = 99
    path.write_bytes(tables.header_bytes(head) + data[tables.HEADER_BYTES :])
    with pytest.raises(tables.TableError) as info:
        tables.load(path)
    assert info.value.key == "tables.version"


def test_a_table_for_other_rules_is_refused(folder: Path) -> None:
    path = built(folder)
    with pytest.raises(tables.TableError) as info:
        tables.load(path, Rules.official().__class__(name="x", pits=3, stones=3))
    assert info.value.key == "tables.other_rules"
    # A Kalah table saved under the official name is found, then refused, never used.
    fake = folder / "official-3pits-10stones.mtb"
    path.rename(fake)
    mini = Rules(name="mini", pits=3, stones=2)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert tables.table_for(mini, folder) is None
    assert any("kalah" in str(w.message) for w in caught)
    # Header edited to claim other rules: the checksum still matches, the rules do not.
    data = fake.read_bytes()
    head = tables.read_header_bytes(data)
    head["rules"]["first_stone_back"] = True
    fake.write_bytes(tables.header_bytes(head) + data[tables.HEADER_BYTES :])
    with pytest.raises(tables.TableError):
        tables.load(fake, KALAH3)


def test_stopped_while_writing_leaves_nothing(folder: Path, monkeypatch) -> None:
    import numpy as np

    data = np.zeros(tables.table_size(KALAH3, 4), dtype=np.int8)

    def interrupted(*_args, **_kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        tables.write(KALAH3, 4, data, folder)
    assert list(folder.iterdir()) == []


def interruptible() -> None:
    """In the child, before Python starts: Ctrl-C (SIGINT) is not ignored, even when these tests
    run in a background job (which ignores it, and Python then keeps ignoring it)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


BUILD = textwrap.dedent("""
    import sys
    from mangala_edu import Rules
    from mangala_edu.search import tables

    def progress(done, total):
        print(done, total, flush=True)

    tables.build(Rules.official(), int(sys.argv[2]), folder=sys.argv[1], progress=progress)
    print("finished", flush=True)
""")


@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGKILL], ids=["ctrl-c", "kill"])
def test_an_interrupted_build_leaves_no_trusted_table(folder: Path, how: int) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", BUILD, str(folder), "16"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=interruptible,
    )
    try:
        # Wait until the build is under way (some entries done, not all).
        while True:
            line = proc.stdout.readline()
            assert line, proc.stderr.read()
            done, total = map(int, line.split())
            if 0 < done < total:
                break
        proc.send_signal(how)
        proc.wait(timeout=900)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert "finished" not in proc.stdout.read()
    assert tables.find_tables(folder) == []
    assert tables.table_for(Rules.official(), folder) is None


def test_tables_commands(folder: Path, capsys) -> None:
    args = [
        "tables",
        "build",
        "--rules",
        "kalah",
        "--pits",
        "3",
        "--stones",
        "9",
        "--yes",
        "--folder",
        str(folder),
    ]
    assert main(["--lang", "en", *args]) == 0
    out = capsys.readouterr().out
    assert "Endgame table: kalah rules, 3 pits a side, at most 9 stones" in out
    assert "5,005 positions, 0.0 MB" in out and "Table ready" in out
    assert main(["tables", "info", "--folder", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "kalah-3pits-9stones.mtb: kalah kuralları" in out
    assert main(["tables", "info", "--json", "--folder", str(folder)]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["ok"] and info["stones"] == 9 and info["entries"] == 5005
    assert main(["--lang", "en", "tables", "verify", "--folder", str(folder)]) == 0
    assert "sound" in capsys.readouterr().out
    flip_byte(folder / "kalah-3pits-9stones.mtb", tables.HEADER_BYTES + 100)
    assert main(["--lang", "en", "tables", "verify", "--folder", str(folder)]) == 1
    assert "damaged" in capsys.readouterr().out
    assert main([*args]) == 0  # rebuilt on request
    capsys.readouterr()
    assert main(["tables", "verify", "--folder", str(folder)]) == 0
    assert "sağlam" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv, text",
    [
        (["tables", "build", "--stones", "0", "--yes"], "1 ile 40 arasında"),
        (["tables", "build", "--stones", "99", "--yes"], "gelen: 99"),
        (["tables", "build", "--pits", "4", "--yes"], "--pits yalnızca --rules kalah"),
        (["tables", "build", "--jobs", "0", "--yes"], "en az 1"),
        (["--lang", "en", "tables", "build", "--stones", "0", "--yes"], "between 1 and 40"),
        (["--lang", "en", "solve", "start", "--all-moves", "--jobs", "0"], "at least 1"),
    ],
)
def test_bad_table_arguments_exit_2(argv, text, capsys) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("mangala-edu: ") and text in err


def test_solve_start_all_moves(capsys) -> None:
    rules = Rules.kalah(3, 3)
    assert (
        main(
            [
                "solve",
                "start",
                "--rules",
                "kalah",
                "--pits",
                "3",
                "--stones",
                "3",
                "--all-moves",
                "--json",
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    want = Solver(rules).value_of_moves(Position.start(rules))
    assert data["values"] == {str(p): v for p, v in want.items()}
    assert data["value"] == max(want.values())
    assert (
        main(
            [
                "--lang",
                "en",
                "solve",
                "start",
                "--rules",
                "kalah",
                "--pits",
                "3",
                "--stones",
                "3",
                "--all-moves",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "The value of every move for South" in out
    assert (
        main(
            [
                "--lang",
                "en",
                "solve",
                "start",
                "--rules",
                "kalah",
                "--pits",
                "3",
                "--stones",
                "3",
                "--json",
            ]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out)["value"] == max(want.values())


def test_solve_start_stopped_early_says_what_was_proven() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "mangala_edu.cli",
            "--lang",
            "en",
            "solve",
            "start",
            "--all-moves",
            "--time-limit",
            "1",
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=900,
    )
    assert proc.returncode == 3 and proc.stdout == ""
    assert "Stopped before the search finished" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_ctrl_c_stops_solve_start_with_its_bounds() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "mangala_edu.cli", "--lang", "en", "solve", "start"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=interruptible,
    )
    first = proc.stderr.readline()  # said once the solver is ready, as the search starts
    assert "There is no endgame table for these rules" in first
    time.sleep(1)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=900)
    assert proc.returncode == 3, err
    assert out == "" and "Stopped before the search finished" in err
    assert "Traceback" not in err
