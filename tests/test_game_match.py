"""Game records (JSON) and matches."""

from __future__ import annotations

import json
import random

import pytest

from mangala_edu import Game, Match, MatchError, Position, RecordError, Rules

from .conftest import pos


def random_game(rules: Rules, seed: int, first: str = "south") -> Game:
    rng = random.Random(seed)
    game = Game(rules, first)
    while not game.position.is_over:
        game.push(rng.choice(game.position.legal_moves))
    return game


def test_record_save_load_and_replay(tmp_path):
    game = random_game(Rules.official(), 1, "north")
    path = tmp_path / "game.json"
    game.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["rules"] == "official" and data["first"] == "north"
    assert data["moves"] == list(game.moves)
    assert data["result"] == game.position.result.to_dict()
    loaded = Game.load(path)
    assert loaded.positions == game.positions
    assert [t.after for t in loaded.traces()] == list(game.positions[1:])


def test_record_with_start_position_and_variant_rules():
    start = pos("2,0,1,0,0,0,16/4,4,4,4,3,4,10 S", Rules.kalah(6, 4))
    game = Game(start=start, moves=[1])
    data = game.to_dict()
    assert data["start"] == start.to_text() and data["rules"] == "kalah(6,4)"
    assert Game.from_dict(data).position == game.position


def test_record_with_custom_rules():
    rules = Rules(name="mine", first_stone_back=False, even_capture=False)
    game = Game(rules, moves=[1, 2])
    assert Game.from_json(game.to_json()).position == game.position


@pytest.mark.parametrize(
    ("text", "english"),
    [
        (
            "{not json",
            "The game record is not valid JSON: Expecting property name enclosed in "
            "double quotes: line 1 column 2 (char 1).",
        ),
        ("[1, 2]", "The game record must be a JSON object with 'rules', 'first' and 'moves'."),
        ('{"rules": "official"}', "The game record has no 'moves'."),
        ('{"moves": [1]}', "The game record has no 'rules'."),
        (
            '{"rules": "chess", "moves": []}',
            "Unknown game 'chess': choose one of official, no-return, own-side, kalah(M,N), "
            "mangala-ii, mangala-iv, toguz-korgool.",
        ),
        (
            '{"rules": "official", "moves": [1, "x"]}',
            "'moves' must be a list of pit numbers; got [1, 'x'].",
        ),
        (
            '{"rules": "official", "first": "east", "moves": []}',
            "'first' must be 'south' or 'north'; got 'east'.",
        ),
        (
            '{"format": "chess-pgn", "rules": "official", "moves": []}',
            "This is not a mangala-edu game record (format 'chess-pgn').",
        ),
        (
            '{"rules": "official", "moves": [1, 5, 1]}',
            "Move 3 (pit 1) cannot be played: Pit 1 is empty: there is nothing to sow.",
        ),
        (
            '{"rules": "official", "start": "4,4 S", "moves": []}',
            "A position is written as 'S1,...,S6,Sstore/N1,...,N6,Nstore X', e.g. "
            "'4,4,4,4,4,4,0/4,4,4,4,4,4,0 S'; got '4,4 S'.",
        ),
    ],
)
def test_bad_records_say_what_is_wrong(text, english):
    with pytest.raises(RecordError) as info:
        Game.from_json(text)
    assert info.value.message("en") == english


def test_illegal_move_in_a_record_is_named_in_turkish_too():
    with pytest.raises(RecordError) as info:
        Game.from_json('{"rules": "official", "moves": [1, 5, 1]}')
    assert info.value.message("tr") == (
        "3. hamle (1. kuyu) oynanamaz: 1. kuyu boş: ekilecek taş yok."
    )


def test_game_push_refuses_and_keeps_everything():
    game = Game(moves=[1])
    before = (game.moves, game.positions)
    with pytest.raises(ValueError, match="That pit is South's"):
        game.push("S2")  # North is to move
    assert (game.moves, game.positions) == before
    game.push("N1")
    assert game.moves == (1, 1)
    assert game.pop() == 1 and game.moves == (1,)


def test_match_alternates_starters_and_plays_every_set():
    match = Match(sets=5, first="north")
    rng = random.Random(5)
    while not match.is_over:
        moves = match.position.legal_moves or Position.start().legal_moves
        match.push(rng.choice(moves))
    assert len(match.games) == 5 and len(match.results) == 5
    assert [g.first for g in match.games] == ["north", "south", "north", "south", "north"]
    expected = {"south": 0.0, "north": 0.0}
    for result in match.results:
        for side in expected:
            won = result.winner == side
            expected[side] += 1.0 if won else 0.5 if result.winner == "draw" else 0.0
    assert match.points == expected
    assert sum(match.points.values()) == 5
    with pytest.raises(MatchError, match="all 5 sets have been played"):
        match.push(1)


def test_match_points_for_a_draw():
    match = Match(sets=1)
    match.games[0] = Game(start=pos("0,0,0,0,0,1,22/1,0,0,0,0,0,24 S"), moves=[6])
    assert match.is_over and match.points == {"south": 0.5, "north": 0.5}
    assert match.winner == "draw"


@pytest.mark.parametrize("sets", [0, 2, 4, 7])
def test_match_sizes(sets):
    with pytest.raises(MatchError, match="1, 3 or 5 sets"):
        Match(sets=sets)


def test_match_by_lot_is_repeatable_with_a_seed():
    firsts = {Match.by_lot(seed=s).first for s in range(20)}
    assert firsts == {"south", "north"}
    assert Match.by_lot(seed=3).first == Match.by_lot(seed=3).first


def test_next_set_starts_only_after_a_finished_set():
    match = Match(sets=3, first="south")
    with pytest.raises(MatchError, match="not over yet"):
        match.next_set()
    match.games[0] = Game(start=pos("0,0,0,0,0,1,22/1,0,0,0,0,0,24 S"), moves=[6])
    second = match.next_set()
    assert second.first == "north" and match.game is second and len(match.games) == 2


def test_last_stone_in_the_store_that_ends_the_set_promises_no_extra_turn():
    from mangala_edu.lessons import explain

    trace = pos("0,0,0,0,0,1,22/1,0,0,0,0,0,24 S").trace(6)
    text = explain(trace, "en")
    assert "plays again" not in text and "own store" in text and "Draw 24–24" in text


# The trace Game.push returns ---------------------------------------------------------------
PRESETS = [
    Rules.official(),
    Rules.kalah(6, 4),
    Rules.mangala_ii(),
    Rules.mangala_iv(),
    Rules.toguz_korgool(),
]


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
def test_push_returns_the_trace_of_the_move_as_the_game_played_it(rules):
    rng = random.Random(5)
    for _ in range(4):
        game = Game(rules)
        while not game.position.is_over:
            before = game.position
            pit = rng.choice(before.legal_moves)
            trace = game.push(pit)
            eager = before.trace(pit)
            if trace.repetition is not None:
                eager = eager.ended_by_repetition(trace.repetition)
            assert trace.events == eager.events and trace == eager and eager == trace
            assert (trace.before, trace.pit, trace.player) == (before, pit, before.mover)
            assert trace.after == game.position == eager.after
            assert trace.repetition == game.repeated(len(game.moves)) == eager.repetition
            assert trace.tags == eager.tags and trace.to_dict() == eager.to_dict()
        assert [t.events for t in game.traces()] == [
            t.events for t in Game.from_json(game.to_json()).traces()
        ]


def test_push_flags_the_repetition_that_ends_a_game_of_the_family():
    # Mangala II: a lone stone goes round, the other side passing, until the position repeats.
    game = Game(start=pos("1,0,0,0,0,0,35/0,0,0,0,0,0,36 S", Rules.mangala_ii()))
    traces = [game.push(game.position.legal_moves[0]) for _ in range(12)]
    assert [t.repetition for t in traces] == [None] * 11 + [12]
    last = traces[-1]
    assert [e.kind for e in last.events][-3:] == ["repetition", "sweep", "set_over"]
    assert last.after.to_text() == "0,0,0,0,0,0,36/0,0,0,0,0,0,36 -" and last.after.is_over
    assert list(game.traces()) == traces
    # Toguz Korgool: two lone stones chase each other round the board.
    game = Game(start=pos("1,0,0,0,0,0,0,0,0,80/1,0,0,0,0,0,0,0,0,80 S", Rules.toguz_korgool()))
    while not game.position.is_over:
        trace = game.push(game.position.legal_moves[-1])
    assert trace.repetition == 18 and trace.after.result.winner == "draw"
    # Taking the move back and playing it again flags it again.
    game.pop()
    assert game.push(9).repetition == 18


def test_the_trace_of_push_is_worked_out_only_when_read(monkeypatch):
    sown = []
    real = Position.trace
    monkeypatch.setattr(Position, "trace", lambda self, pit: sown.append(pit) or real(self, pit))
    game = Game()
    traces = [game.push(pit) for pit in (3, 6, 1, 2)]
    assert sown == [] and traces[0].after == game.positions[1]
    assert traces[1].outcome == "odd" and sown == [6]
    assert traces[1].events is traces[1].events and sown == [6]  # read once


def test_history_is_the_earlier_positions_only_where_a_repetition_ends_the_game():
    game = Game(Rules.mangala_ii(), moves=(1, 2, 3))
    assert game.history == game.positions[:-1] and len(game.history) == 3
    assert game.history_at(1) == () and game.history_at(3) == game.positions[:2]
    classic = Game(moves=(3, 6, 1))
    assert classic.history == () and classic.history_at(3) == ()


def test_result_margin_and_stones_from_either_side():
    result = pos("0,0,0,0,0,0,30/0,0,0,0,0,0,18 -").result
    assert (result.margin("south"), result.margin("north")) == (12, -12)
    assert (result.stones("south"), result.stones("north")) == (30, 18)
    draw = pos("0,0,0,0,0,0,24/0,0,0,0,0,0,24 -").result
    assert draw.margin("south") == draw.margin("north") == 0


def test_match_push_returns_the_trace():
    match = Match(sets=1)
    trace = match.push(4)
    assert trace.pit == 4 and trace.extra_turn and trace.after == match.position
