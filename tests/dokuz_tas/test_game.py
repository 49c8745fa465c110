"""The game: history, undo, and JSON records read, written and refused."""

from __future__ import annotations

import json

import pytest

from mangala_edu.dokuz_tas import Game, IllegalTurnError, Position, RecordError, Termination
from mangala_edu.dokuz_tas.errors import NothingToUndo

from .helpers import random_game


def test_push_and_pop_walk_the_game_back():
    game = random_game(3, plies=40)
    positions = game.positions
    while game.turns:
        turn = game.turns[-1]
        assert game.pop() == turn
        assert game.positions == positions[: len(game.turns) + 1]
    with pytest.raises(NothingToUndo):
        game.pop()
    assert game.occurrences() == 1


def test_a_finished_game_is_a_record_with_its_result():
    game = random_game(5)
    assert game.is_over
    data = json.loads(game.to_json())
    assert data["format"] == "mangala-edu-dokuz-tas" and data["version"] == 1
    assert data["result"]["termination"] == game.outcome.termination.value
    assert data["result"]["result"] in ("1-0", "0-1", "1/2-1/2")
    assert "start" not in data
    assert Game.from_dict(data).outcome == game.outcome


def test_a_record_keeps_its_start_and_flying_switch(tmp_path):
    start = Position(white=["a1", "g4", "c5", "d2"], black=["b6", "d6", "f2", "e4"], in_hand=(0, 0))
    game = Game(start, ["a1-a4"])
    assert game.to_dict()["start"] == start.to_text()
    path = tmp_path / "game.json"
    game.save(path)
    again = Game.load(path)
    assert again.start == start and again.turns == ("a1-a4",)
    off = Game(flying=False, turns=["d6"])
    assert Game.from_json(off.to_json()).flying is False


def test_a_repetition_is_replayed_from_the_record():
    start = Position(white=["a1", "g4", "c5", "d2"], black=["b6", "d6", "f2", "e4"], in_hand=(0, 0))
    cycle = ["a1-a4", "b6-b4", "a4-a1", "b4-b6"]
    game = Game.from_json(Game(start, cycle * 2).to_json())
    assert game.outcome is not None and game.outcome.termination == Termination.REPETITION


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("{", "dokuz_tas.record.not_json"),
        ("[]", "dokuz_tas.record.not_object"),
        ('{"format": "mangala-edu-game", "turns": []}', "dokuz_tas.record.bad_format"),
        ('{"version": 2, "turns": []}', "dokuz_tas.record.bad_version"),
        ("{}", "dokuz_tas.record.missing"),
        ('{"turns": ["d6", 3]}', "dokuz_tas.record.bad_turns"),
        ('{"turns": [], "flying": "yes"}', "dokuz_tas.record.bad_flying"),
        ('{"turns": [], "start": 3}', "dokuz_tas.record.bad_start"),
        ('{"turns": [], "start": "3/3/3 w 9 9 0"}', "dokuz_tas.record.bad_start"),
        ('{"turns": ["d6", "d6"]}', "dokuz_tas.record.illegal"),
        ('{"turns": ["d6", "a1-a4"]}', "dokuz_tas.record.illegal"),
    ],
)
def test_a_bad_record_is_refused_in_both_languages(text, key):
    with pytest.raises(RecordError) as info:
        Game.from_json(text)
    assert info.value.key == key
    tr, en = info.value.message("tr"), info.value.message("en")
    assert tr and en and tr != en and "{" not in tr + en


def test_a_refused_turn_leaves_the_game_as_it_was():
    game = Game(turns=["d6", "d7"])
    before = (game.turns, game.positions, game.occurrences())
    with pytest.raises(IllegalTurnError):
        game.push("d6")
    assert (game.turns, game.positions, game.occurrences()) == before
