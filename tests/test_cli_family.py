"""The command line for every game of the family: replay, show, best, solve, analyse; bad input
exits with status 2 and one clear line, Turkish by default; a search beyond its budget exits
with status 3."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from mangala_edu import Game, Position, Rules
from mangala_edu.cli import main

TK_END = "0,0,0,0,0,0,0,1,2,80/1,0,0,0,0,0,0,0,0,78 S"
M2_END = "0,0,0,0,1,1,34/1,0,0,0,0,1,35 S"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mangala_edu.cli", *args],
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize(
    ("name", "moves"),
    [("toguz-korgool", [3, 1, 3, 2]), ("mangala-ii", [2, 1, 5, 1]), ("mangala-iv", [1, 1, 1, 2])],
)
def test_replay_every_game_matches_the_engine(capsys, name, moves):
    assert main(["replay", "--json", "--rules", name, *map(str, moves)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    game = Game(Rules.from_name(name), moves=moves)
    assert [tuple(line["board"]) for line in lines] == [p.board for p in game.positions[1:]]
    assert [line["to_move"] for line in lines] == [p.to_move for p in game.positions[1:]]


def test_replay_shows_the_tuzdik_and_the_family_events(capsys):
    start = "0,0,0,0,0,0,0,0,3,70/1,2,1,1,1,1,1,1,1,71 S"
    assert main(["--lang", "en", "replay", "--rules", "toguz-korgool", "--from", start, "9"]) == 0
    out = capsys.readouterr().out
    assert "(  x)" in out and "North to move" in out
    assert main(["replay", "--json", "--rules", "toguz-korgool", "--from", start, "9"]) == 0
    assert json.loads(capsys.readouterr().out)["events"] == ["tuzdik"]


def test_replay_ends_a_game_on_a_repeated_position(capsys):
    start = "1,0,0,0,0,0,35/0,0,0,0,0,0,36 S"
    pits = ["1", "2", "3", "4", "5", "6", "1", "2", "3", "4", "5", "6"]
    assert main(["replay", "--json", "--rules", "mangala-ii", "--from", start, *pits]) == 0
    last = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert "repetition" in last["events"] and last["to_move"] is None
    assert last["result"] == {"south": 36, "north": 36, "winner": "draw"}
    proc = run("--lang", "en", "replay", "--rules", "mangala-ii", "--from", start, *pits, "1")
    assert proc.returncode == 2
    assert proc.stderr == (
        "mangala-edu: Move 13: The set is already over: no more moves can be played.\n"
    )


def test_replay_a_random_deal_of_mangala_iv(capsys):
    assert main(["replay", "--json", "--rules", "mangala-iv", "--deal", "3", "1"]) == 0
    line = json.loads(capsys.readouterr().out)
    rules = Rules.mangala_iv(random_deal=True, seed=3)
    assert line["board"] == list(Position.start(rules).play(1).board)


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("toguz-korgool", "9,9,9,9,9,9,9,9,9,0/9,9,x,9,9,9,9,9,9,3 N"),
        ("mangala-ii", "6,6,6,6,6,6,0/6,6,6,6,6,6,0 S"),
        ("mangala-iv", "7,7,7,7,7,7,7,0/7,7,7,7,7,7,7,0 S"),
    ],
)
def test_show_every_game(capsys, tmp_path, name, text):
    assert main(["--lang", "en", "show", "--rules", name, text]) == 0
    out = capsys.readouterr().out
    assert "to move" in out
    target = tmp_path / "board.svg"
    assert main(["show", "--rules", name, text, "-o", str(target)]) == 0
    assert target.read_text().startswith("<?xml")


def test_best_in_every_game(capsys):
    assert (
        main(
            [
                "best",
                "--rules",
                "toguz-korgool",
                "--level",
                "kolay",
                "--seed",
                "1",
                "--json",
                Position.start(Rules.toguz_korgool()).to_text(),
            ]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out)["pit"] in range(1, 10)
    assert (
        main(
            [
                "--lang",
                "en",
                "best",
                "--rules",
                "mangala-ii",
                "--level",
                "usta",
                "--seed",
                "2",
                M2_END,
            ]
        )
        == 0
    )  # the expert solves this endgame
    assert capsys.readouterr().out == "The computer at level expert plays pit 6 for South.\n"
    assert (
        main(["--lang", "en", "best", "--rules", "mangala-iv", "0,0,3,1,0,0,0,0/1,1,1,1,1,1,1,0 S"])
        == 0
    )
    assert capsys.readouterr().out == (
        "In this game there is no choice: South plays their "
        "leftmost pit that holds stones, pit 3.\n"
    )


def test_solve_in_every_game(capsys):
    assert main(["solve", "--json", "--rules", "toguz-korgool", TK_END]) == 0
    assert json.loads(capsys.readouterr().out)["value"] == 4
    assert main(["--lang", "en", "solve", "--rules", "mangala-ii", M2_END]) == 0
    assert capsys.readouterr().out.startswith(
        "With perfect play on both sides South wins the game by 3 stones; best move(s): 6"
    )
    assert (
        main(["solve", "--json", "--rules", "mangala-iv", "7,7,7,7,7,7,7,0/7,7,7,7,7,7,7,0 S"]) == 0
    )
    assert json.loads(capsys.readouterr().out)["best_moves"] == [1]


def test_solve_beyond_its_budget_exits_3_and_says_so():
    proc = run(
        "--lang",
        "en",
        "solve",
        "--rules",
        "toguz-korgool",
        "--time-limit",
        "0.5",
        "9,9,9,9,9,9,9,9,9,0/9,9,9,9,9,9,9,9,9,0 S",
    )
    assert proc.returncode == 3 and proc.stdout == ""
    assert proc.stderr.startswith(
        "mangala-edu: This position could not be solved within 0.5 seconds"
    )


@pytest.mark.parametrize("name", ["toguz-korgool", "mangala-ii", "mangala-iv"])
def test_analyse_a_record_of_every_game(tmp_path, name):
    record = tmp_path / "game.json"
    Game(Rules.from_name(name), moves=[1, 1]).save(record)
    proc = run("--lang", "en", "analyse", "--json", "--time-per-move", "0.2", str(record))
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [line["pit"] for line in lines] == [1, 1]
    assert all(line["verdict"] and line["text"] for line in lines)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["replay", "--rules", "toguz-korgool", "--pits", "5", "1"],
            "--pits and --stones go with --rules kalah only; the board of toguz-korgool is always "
            "the same.",
        ),
        (
            ["replay", "--rules", "mangala-ii", "--deal", "4", "1"],
            "--deal goes with --rules mangala-iv only (a random deal of its stones); got --rules "
            "mangala-ii.",
        ),
        (
            ["replay", "--rules", "mangala-iv", "2"],
            "Move 1: In this game you always play your leftmost pit that holds stones: pit 1, not "
            "pit 2.",
        ),
        (
            [
                "replay",
                "--rules",
                "toguz-korgool",
                "--from",
                "1,x,1,1,1,1,1,1,3,60/1,2,1,1,1,1,1,1,1,71 S",
                "2",
            ],
            "Move 1: Pit 2 is North's tuzdik: a tuzdik is never played from.",
        ),
        (
            ["show", "--rules", "toguz-korgool", "9,9,9,9,9,9,9,9,9,0/9,9,9,9,9,9,9,9,x,0 S"],
            "South's tuzdik cannot be the opponent's pit 9: the last pit never becomes a tuzdik.",
        ),
        (
            ["show", "--rules", "mangala-ii", "0,0,0,0,0,0,3/1,0,0,0,0,0,3 S"],
            "South is written to move, but South's pits are empty: in this game a player with an "
            "empty row passes, so it is North's turn.",
        ),
        (
            ["solve", "--rules", "mangala-iv", "7,7,7,7,7,7,0/7,7,7,7,7,7,7,0 S"],
            "South has 7 numbers; expected 8 (7 pits and a store).",
        ),
        (
            ["best", "--rules", "toguz-korgool", "0,0,0,0,0,0,0,0,1,82/0,3,1,1,1,1,1,1,1,69 N"],
            "South's kazan holds 82; 82 wins, so the game is already over: write - as the side to "
            "move.",
        ),
    ],
)
def test_bad_input_for_any_game_exits_2_with_one_clear_line(args, message):
    proc = run("--lang", "en", *args)
    assert proc.returncode == 2
    assert proc.stderr == f"mangala-edu: {message}\n"


def test_bad_input_is_in_turkish_by_default():
    proc = run("replay", "--rules", "mangala-iv", "2")
    assert proc.returncode == 2
    assert proc.stderr == (
        "mangala-edu: 1. hamle: Bu oyunda her zaman en soldaki taşlı "
        "kuyundan oynarsın: 1. kuyu (2. kuyu değil).\n"
    )


# -- Kalah, the family's fourth game (any size) ----------------------------------------------


def test_show_solve_and_analyse_kalah(capsys, tmp_path):
    start = "4,4,4,4,4,4,0/4,4,4,4,4,4,0 S"
    assert main(["--lang", "en", "show", "--rules", "kalah", start]) == 0
    assert "South to move" in capsys.readouterr().out
    target = tmp_path / "kalah7.svg"
    seven = "0,0,0,1,0,2,0,20/1,0,0,0,0,1,0,18 S"
    assert (
        main(["show", "--rules", "kalah", "--pits", "7", "--stones", "3", seven, "-o", str(target)])
        == 0
    )
    assert target.read_text().startswith("<?xml")
    assert main(["solve", "--json", "--rules", "kalah", "--pits", "7", "--stones", "3", seven]) == 0
    solved = json.loads(capsys.readouterr().out)
    assert solved["best_moves"] == [6] and solved["value"] == 1
    record = tmp_path / "kalah.json"
    Game(Rules.kalah(7, 4), moves=[1, 2]).save(record)
    proc = run("--lang", "en", "analyse", "--json", "--time-per-move", "0.1", str(record))
    assert proc.returncode == 0, proc.stderr
    assert [json.loads(line)["pit"] for line in proc.stdout.splitlines()] == [1, 2]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["show", "--rules", "kalah", "4,4,4,4,4,0/4,4,4,4,4,4,0 S"],
            "South has 6 numbers; expected 7 (6 pits and a store).",
        ),
        (
            ["replay", "--rules", "kalah", "--pits", "7", "8"],
            "Move 1: There is no pit 8: pits are numbered 1 to 7 from the mover's own left.",
        ),
        (
            ["solve", "--rules", "toguz-korgool", "9,9,9,9,9,9,9,9,9,0/9,9,9,9,9,9,9,9,9,0 Q"],
            "The side to move is 'Q': write S (South), N (North) or - (set over); the Turkish"
            " G (Güney, South) and K (Kuzey, North) are read too.",
        ),
        (
            ["replay", "--rules", "mangala-ii", "x"],
            "Move 1: 'x' is not a pit: give a pit number from 1 to 6.",
        ),
    ],
)
def test_more_bad_input_exits_2(args, message):
    proc = run("--lang", "en", *args)
    assert proc.returncode == 2
    assert proc.stderr == f"mangala-edu: {message}\n"


def test_an_unknown_game_name_exits_2_naming_the_games():
    proc = run("--lang", "en", "replay", "--rules", "toguz", "1")
    assert proc.returncode == 2
    assert "invalid choice: 'toguz'" in proc.stderr and "toguz-korgool" in proc.stderr
