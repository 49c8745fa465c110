"""The command line for Dokuz Taş (``--rules dokuz-tas``): replay, show, best, solve,
analyse and the endgame tables, in Turkish (the default) and English; bad input exits with
status 2 and the engine's own message, and prints nothing wrong; a search out of its time
exits with status 3."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mangala_edu.cli import main
from mangala_edu.cli_dokuz_tas import Watch, board_text
from mangala_edu.dokuz_tas import Game, Position
from mangala_edu.dokuz_tas import tables as T

ROOT = Path(__file__).parents[2]

WIN_IN_ONE = "WW1/3/3/B5/3/3/BB1 w 1 0 0"
"""White places g7 and closes a7-d7-g7: Black (three stones) is left with two."""
THREE_THREE = "W2/1W1/3/B5/3/1B1/W1B w 0 0 0"
"""A 3-3 position of the moving phase: White wins in 3 turns with a1-d7 (a flight)."""
BLOCKED_BUT_ONE = "3/3/2W/3B2/BWW/BB1/3 w 0 0 0"
"""White has three stones: with flying off e5-d5 is its only turn."""


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """The command line in a fresh process, as a user runs it."""
    return subprocess.run(
        [sys.executable, "-m", "mangala_edu.cli", *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )


# -- replay --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "first", "second", "status"),
    [
        ("tr", "1. hamle: Beyaz d6", "2. hamle: Siyah f4", "Sıra Beyaz oyuncusunda (yerleştirme)"),
        ("en", "Move 1: White d6", "Move 2: Black f4", "White to move (placing)"),
    ],
)
def test_replay_prints_every_position(capsys, lang, first, second, status):
    assert main(["--lang", lang, "replay", "--rules", "dokuz-tas", "d6", "f4"]) == 0
    out = capsys.readouterr().out
    assert first in out and second in out and out.rstrip().endswith(status)
    assert "6  |   .-------O-------.   |" in out  # White's stone on d6
    assert "4  .---.---.       .---X---." in out  # Black's on f4
    assert out.count("   a   b   c   d   e   f   g") == 3  # the start and two turns


def test_replay_json_follows_the_engine(capsys):
    turns = ["d6", "f4", "d7", "b4", "d5xf4"]
    assert main(["replay", "--json", "--rules", "Dokuz Taş", *turns]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    game = Game(turns=turns)
    assert [line["position"] for line in lines] == [p.to_text() for p in game.positions[1:]]
    assert [line["turn"] for line in lines] == turns
    assert lines[-1]["events"] == ["place", "mill", "remove"]
    assert lines[0]["player"] == "white" and lines[0]["to_move"] == "black"


@pytest.mark.parametrize(
    ("lang", "err"),
    [
        (
            "tr",
            "mangala-edu: 3. hamle: Elinde daha 8 taş var: taşlar ancak hepsi yerleştirildikten "
            "sonra kaydırılır.\n",
        ),
        (
            "en",
            "mangala-edu: Move 3: You still have 8 stones in hand: stones move only once all "
            "are placed.\n",
        ),
    ],
)
def test_an_illegal_turn_exits_2_after_the_turns_before_it(capsys, lang, err):
    assert main(["--lang", lang, "replay", "--rules", "dokuz-tas", "d6", "f4", "a1-a4"]) == 2
    captured = capsys.readouterr()
    assert captured.err == err
    assert captured.out.count("   a   b   c   d   e   f   g") == 3  # start, turns 1 and 2
    assert "a1-a4" not in captured.out


def test_replay_to_the_end_and_beyond(capsys):
    assert main(["replay", "--json", "--rules", "dokuz-tas", "--from", WIN_IN_ONE, "g7xa1"]) == 0
    line = json.loads(capsys.readouterr().out)
    assert line["result"] == {"termination": "fewer_than_three", "winner": "white", "result": "1-0"}
    assert line["to_move"] is None
    args = ["--lang", "en", "replay", "--rules", "dokuz-tas", "--from", WIN_IN_ONE]
    assert main([*args, "g7xa1", "a4-b4"]) == 2
    captured = capsys.readouterr()
    assert "Black has fewer than three stones left: White wins." in captured.out
    assert captured.err.startswith("mangala-edu: Move 2: The game is over: ")


def test_replay_without_flying(capsys):
    args = ["--lang", "en", "replay", "--rules", "dokuz-tas", "--from", BLOCKED_BUT_ONE, "d3-a1"]
    assert main(args) == 0
    assert "Move 1: White d3-a1" in capsys.readouterr().out
    assert main([*args[:5], "--no-flying", *args[5:]]) == 2
    assert "flying is switched off" in capsys.readouterr().err


# -- show ----------------------------------------------------------------------------------------


def test_show_prints_a_position_in_both_languages(capsys):
    assert main(["show", "--rules", "morris", WIN_IN_ONE]) == 0
    out = capsys.readouterr().out
    assert ">> Beyaz (O) <<  Elde: 1 · Tahtada: 2" in out
    assert out.splitlines()[0] == "7  O-----------O-----------."
    assert main(["--lang", "en", "show", "--rules", "dokuz-tas", "start"]) == 0
    assert board_text(Position.start(), "en") + "\n" == capsys.readouterr().out


@pytest.mark.parametrize(
    ("suffix", "magic"), [(".png", b"\x89PNG"), (".svg", b"<?xml"), (".pdf", b"%PDF")]
)
def test_show_draws_with_the_game_s_picture(tmp_path, capsys, suffix, magic):
    path = tmp_path / f"board{suffix}"
    assert main(["show", "--rules", "dokuz-tas", WIN_IN_ONE, "-o", str(path)]) == 0
    assert path.read_bytes().startswith(magic) and capsys.readouterr().out == ""


@pytest.mark.parametrize(
    ("argv", "tr", "en"),
    [
        (
            ["show", "--rules", "dokuz-tas", "WW1/3/3/B5/3 w 1 0 0"],
            "bir konum değil",
            "A position is written as 3/3/3/6/3/3/3 w 9 9 0",
        ),
        (
            ["show", "--rules", "dokuz-tas", "WWZ/3/3/6/3/3/3 w 7 9 0"],
            "7. satırda 'Z' olamaz",
            "'Z' cannot stand in rank 7",
        ),
        (
            ["show", "--rules", "dokuz-tas", "start", "-o", "board.txt"],
            "dosya adı .png, .svg ya da .pdf ile bitmeli",
            "must end in .png, .svg or .pdf",
        ),
        (
            ["best", "--rules", "dokuz-tas", "WW1/3/3/6/3/3/BBB w 0 0 0"],
            "Oyun bitti: Beyaz için üçten az taş kaldı",
            "The game is over: White has fewer than three stones left",
        ),
        (
            ["best", "--rules", "dokuz-tas", "start", "--level", "super"],
            "'super'",
            "Unknown level 'super'",
        ),
        (
            ["show", "--rules", "dokuz-tas", "--pits", "4", "start"],
            "--pits ve --stones yalnızca --rules kalah ile kullanılır",
            "--pits and --stones go with --rules kalah only",
        ),
        (
            ["best", "--rules", "dokuz-tas", "--stones", "3", "start"],
            "--pits ve --stones yalnızca --rules kalah ile kullanılır",
            "--pits and --stones go with --rules kalah only",
        ),
        (
            ["replay", "--rules", "dokuz-tas", "--deal", "3", "d6"],
            "--deal yalnızca --rules mangala-iv ile kullanılır",
            "--deal goes with --rules mangala-iv only",
        ),
        (
            ["replay", "--rules", "dokuz-tas", "--first", "north", "d6"],
            "--first seçeneği --rules dokuz-tas ile kullanılmaz",
            "--first does not go with --rules dokuz-tas",
        ),
        (
            ["solve", "--rules", "dokuz-tas", "--jobs", "2", WIN_IN_ONE],
            "--jobs seçeneği --rules dokuz-tas ile kullanılmaz",
            "--jobs does not go with --rules dokuz-tas",
        ),
        (
            ["replay", "--rules", "official", "--no-flying", "3"],
            "--no-flying yalnızca --rules dokuz-tas ile kullanılır",
            "--no-flying goes with --rules dokuz-tas only",
        ),
        (
            ["solve", "--rules", "dokuz-tas", WIN_IN_ONE, "--time-limit", "0"],
            "Süre sıfırdan büyük olmalı",
            "The time must be greater than zero",
        ),
    ],
)
def test_bad_input_exits_2_with_one_clear_line(capsys, argv, tr, en):
    for lang, text in (("tr", tr), ("en", en)):
        assert main(["--lang", lang, *argv]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err.startswith("mangala-edu: ") and captured.err.count("\n") == 1
        assert text in captured.err, captured.err


# -- best, solve ---------------------------------------------------------------------------------


def test_best_plays_the_winning_turn(capsys, without_tables):
    assert main(["best", "--rules", "dokuz-tas", WIN_IN_ONE, "--level", "usta", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Bilgisayar (usta seviye) Beyaz için g7x")
    assert out.endswith("oynar (Beyaz 1 hamlede kazanır).\n")
    args = ["--lang", "en", "best", "--rules", "dokuz-tas", "start", "--level", "kolay"]
    assert main([*args, "--seed", "3", "--json"]) == 0
    line = json.loads(capsys.readouterr().out)
    assert line["level"] == "kolay" and line["turn"] in Position.start().legal_moves
    assert set(line["values"]) == set(Position.start().legal_moves)
    assert main([*args, "--seed", "3"]) == 0
    assert capsys.readouterr().out.startswith(f"The computer at level easy plays {line['turn']}")


def test_best_with_one_turn_to_play(capsys):
    pos = Position.from_text(BLOCKED_BUT_ONE, flying=False)
    assert pos.legal_moves == ("e5-d5",)
    args = ["best", "--rules", "dokuz-tas", "--no-flying", BLOCKED_BUT_ONE]
    assert main(["--lang", "en", *args]) == 0
    assert capsys.readouterr().out == "White has only one turn to play: e5-d5.\n"


def test_solve_in_both_languages(capsys, without_tables):
    assert main(["solve", "--rules", "dokuz-tas", WIN_IN_ONE]) == 0
    out = capsys.readouterr().out
    assert out.startswith(
        "İki taraf da en iyi oynarsa Beyaz 1 hamlede kazanır; en iyi hamle(ler): "
        "g7xa1, g7xa4, g7xd1 ("
    )
    assert main(["--lang", "en", "solve", "--rules", "dokuz-tas", WIN_IN_ONE, "--json"]) == 0
    line = json.loads(capsys.readouterr().out)
    assert line["result"] == "win" and line["plies"] == 1
    assert line["best_moves"] == ["g7xa1", "g7xa4", "g7xd1"]


def test_solve_out_of_time_exits_3_and_prints_nothing(capsys, without_tables):
    for lang, text in (("tr", "1 saniyede çözülemedi"), ("en", "could not be solved within 1 s")):
        argv = ["--lang", lang, "solve", "--rules", "dokuz-tas", "start", "--time-limit", "1"]
        assert main([*argv, "--json"]) == 3
        captured = capsys.readouterr()
        assert captured.out == "" and text in captured.err


def test_solve_every_turn_with_the_tables(capsys, with_tables):
    argv = ["--lang", "en", "solve", "--rules", "dokuz-tas", THREE_THREE, "--all-moves"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("The value of every turn for White, with perfect play on both")
    assert (
        "a1-d7: White wins in 3 turns" in lines[0] and "d6-d5: White loses in 6 turns" in lines[0]
    )
    assert lines[1].startswith("With perfect play on both sides White wins in 3 turns; best")
    assert main([*argv, "--json"]) == 0
    line = json.loads(capsys.readouterr().out)
    assert line["best_moves"] == ["a1-d7"] and line["plies"] == 3
    tables = T.Tables()
    pos = Position.from_text(THREE_THREE)
    for turn, value in line["values"].items():  # the table's own values, a turn later
        after = tables.lookup(pos.play(turn))
        flipped = {"win": "loss", "loss": "win", "draw": "draw"}[after[0]]
        assert (value["result"], value["plies"]) == (flipped, after[1] + 1), turn


def test_a_table_s_distance_beyond_3_3_is_not_said():
    """Outside 3-3 a table's distance is to the next stone taken: its wins lose their count."""
    watch = Watch(lambda pos: 5)
    assert watch(Position.from_text(THREE_THREE)) == 5 and not watch.far
    assert watch(Position.from_text("W1W/1B1/3/BB2W1/3/3/W1B w 0 0 0")) == 5 and watch.far


# -- analyse -------------------------------------------------------------------------------------


def test_analyse_a_record_and_a_list_of_turns(tmp_path, capsys, with_tables):
    record = tmp_path / "game.json"
    Game(start=Position.from_text(THREE_THREE), turns=["a1-d1"]).save(record)
    assert main(["analyse", str(record), "--time-per-move", "0.5"]) == 0
    assert capsys.readouterr().out == (
        "1. hamle: Beyaz a1-d1 · Büyük hata; en iyisi: a1-d7 (Beyaz 3 hamlede kazanır); "
        "bu hamleden sonra Beyaz 6 hamlede kaybeder.\n"
    )
    turns = tmp_path / "turns.json"
    turns.write_text(json.dumps(["d6", "f4", "d7"]))
    args = ["--lang", "en", "analyse", str(turns), "--time-per-move", "0.05", "--json"]
    assert main(args) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(x["ply"], x["player"], x["turn"]) for x in lines] == [
        (1, "white", "d6"),
        (2, "black", "f4"),
        (3, "white", "d7"),
    ]
    assert all(x["verdict"] in ("best", "good", "inaccuracy", "mistake", "blunder") for x in lines)
    assert all(x["best_moves"] and x["text"] for x in lines)
    text = tmp_path / "turns.txt"
    text.write_text("d6 f4\nd7\n")
    assert main(["--lang", "en", "analyse", "--rules", "dokuz-tas", str(text), str(record),
                 "--time-per-move", "0.05"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert f"== {text}" in out and f"== {record}" in out and "Move 3: White d7 · " in out


def test_analyse_a_bad_record_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(["d6", "d6"]))
    for lang, text in (("tr", "2. hamle (d6) oynanamıyor"), ("en", "Turn 2 (d6) cannot be played")):
        assert main(["--lang", lang, "analyse", str(bad)]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and text in captured.err
    assert main(["--lang", "en", "analyse", "--rules", "dokuz-tas", str(tmp_path / "x")]) == 2
    assert "Cannot read" in capsys.readouterr().err


# -- tables --------------------------------------------------------------------------------------


def test_tables_build_info_verify(tmp_path, capsys):
    folder = tmp_path / "tables"
    build = ["tables", "build", "--rules", "dokuz-tas", "3-3", "--yes", "--folder", str(folder)]
    assert main(["--lang", "en", *build]) == 0
    out = capsys.readouterr().out
    assert "Dokuz Taş endgame tables (flying on), classes: 3-3; 210,140 positions" in out
    assert "Class 3-3: 169,626 positions up to symmetry" in out
    assert "Table ready in" in out and "1 file" in out
    assert main(["tables", "info", "--folder", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "dokuz-tas-v1-fly-3-3.dtt: Dokuz Taş, 3-3 sınıfı (uçma açık), 210.140 konum" in out
    assert main(["tables", "info", "--json", "--folder", str(folder)]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["ok"] and info["class"] == "3-3" and info["flying"] and info["entries"] == 210140
    assert main(["--lang", "en", "tables", "verify", "--folder", str(folder)]) == 0
    assert "dokuz-tas-v1-fly-3-3.dtt: sound (210,140 positions" in capsys.readouterr().out
    path = folder / "dokuz-tas-v1-fly-3-3.dtt"
    data = bytearray(path.read_bytes())
    data[T.HEADER_BYTES + 500] ^= 1
    path.write_bytes(bytes(data))
    assert main(["--lang", "en", "tables", "verify", "--folder", str(folder)]) == 1
    assert "damaged" in capsys.readouterr().out
    assert main(["tables", "info", "--json", "--folder", str(folder)]) == 0  # header still sound
    capsys.readouterr()
    assert main(build) == 0  # built again
    assert "1 dosya" in capsys.readouterr().out
    assert main(["tables", "verify", "--folder", str(folder)]) == 0
    assert "sağlam" in capsys.readouterr().out


def test_tables_check_every_entry_from_its_children(cache_3_3):
    table = T.load(T.table_path((3, 3), True, cache_3_3))
    assert T.check_sample(table, count=200, seed=2) == (0, 200)
    wrong = bytearray(table.data)
    for i, code in enumerate(wrong):
        if code not in (0, T.INVALID):
            wrong[i] = 0  # every win and loss made a draw
    table.data = bytes(wrong)
    bad, checked = T.check_sample(table, count=50, seed=2)
    assert checked == 50 and bad >= 10  # a mill that wins at once, said a draw


@pytest.mark.parametrize(
    ("argv", "text"),
    [
        (["tables", "build", "--rules", "dokuz-tas", "2-3", "--yes"], "'2-3' is not a class"),
        (
            ["tables", "build", "--rules", "dokuz-tas", "--stones", "4"],
            "its tables are built by class",
        ),
        (
            ["tables", "build", "--rules", "dokuz-tas", "--pits", "4"],
            "--pits goes with --rules kalah",
        ),
        (
            ["tables", "build", "--rules", "official", "3-3", "--yes"],
            "go with --rules dokuz-tas only",
        ),
    ],
)
def test_tables_build_refuses_what_does_not_fit(capsys, argv, text):
    assert main(["--lang", "en", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and text in captured.err


# -- A fresh process ----------------------------------------------------------------------------


def test_the_command_line_in_a_fresh_process(tmp_path):
    proc = run("--lang", "en", "replay", "--rules", "Dokuz Taş", "d6", "f4", "d6")
    assert proc.returncode == 2
    assert "Move 1: White d6" in proc.stdout and "Move 2: Black f4" in proc.stdout
    assert proc.stderr == (
        "mangala-edu: Move 3: d6 is not empty: a stone can only go to an empty point.\n"
    )
    proc = run("show", "--rules", "mühle", WIN_IN_ONE, "--lang", "en")
    assert proc.returncode == 0 and "White to move (placing)" in proc.stdout
    proc = run("best", "--rules", "dokuz-tas", WIN_IN_ONE, "--level", "kolay", "--seed", "2")
    assert proc.returncode == 0 and "Beyaz için g7x" in proc.stdout
