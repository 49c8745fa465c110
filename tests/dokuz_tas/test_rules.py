"""Every rule point of RULINGS ("Dokuz Taş / Mühle"), each on a position built by hand, and
every way a turn can be refused."""

from __future__ import annotations

import pytest

from mangala_edu.dokuz_tas import (
    EventKind,
    Game,
    IllegalTurnError,
    Phase,
    Position,
    PositionError,
    Termination,
    Turn,
)
from mangala_edu.i18n import LANGUAGES


def kinds(trace) -> list[str]:
    return [e.kind.value for e in trace.events]


def refused(pos: Position, turn: str, key: str) -> IllegalTurnError:
    """``turn`` is refused in ``pos`` with ``key``, in both languages, changing nothing."""
    text, moves = pos.to_text(), pos.legal_moves
    with pytest.raises(IllegalTurnError) as info:
        pos.play(turn)
    assert info.value.key == key, info.value
    said = [info.value.message(lang) for lang in LANGUAGES]
    assert all(said) and said[0] != said[1] and "{" not in "".join(said)
    assert pos.to_text() == text and pos.legal_moves == moves
    assert turn not in moves
    return info.value


# -- Mills and removals -------------------------------------------------------------------------

TWO_MILLS = Position(white=["a1", "a7", "b4", "c4"], black=["d7", "g7", "e5"], in_hand=(5, 6))


def test_two_mills_at_once_remove_one_stone():
    moves = [m for m in TWO_MILLS.legal_moves if m.startswith("a4")]
    assert moves == ["a4xd7", "a4xe5", "a4xg7"]
    trace = TWO_MILLS.trace("a4xe5")
    assert kinds(trace) == ["place", "mill", "mill", "remove"]
    assert trace.mills == ("a4-b4-c4", "a1-a4-a7")
    assert trace.after.on_board("black") == 2 and trace.after.removed("black") == 1
    refused(TWO_MILLS, "a4xe5xd7", "dokuz_tas.error.two_removals")


def test_a_mill_must_name_its_removal_and_no_other_turn_may():
    refused(TWO_MILLS, "a4", "dokuz_tas.error.missing_removal")
    refused(TWO_MILLS, "g1xe5", "dokuz_tas.error.removal_without_mill")
    refused(TWO_MILLS, "a4xa1", "dokuz_tas.error.remove_own")
    refused(TWO_MILLS, "a4xa4", "dokuz_tas.error.remove_own")
    refused(TWO_MILLS, "a4xg1", "dokuz_tas.error.remove_empty")


PROTECTED = Position(white=["a1", "d1"], black=["d5", "d6", "d7", "b4"], in_hand=(7, 5))


def test_a_stone_in_a_mill_is_protected_while_another_is_free():
    assert [m for m in PROTECTED.legal_moves if m.startswith("g1")] == ["g1xb4"]
    err = refused(PROTECTED, "g1xd6", "dokuz_tas.error.remove_protected")
    assert "d5-d6-d7" in err.message("en")
    trace = PROTECTED.trace("g1xb4")
    assert kinds(trace) == ["place", "mill", "protected", "remove"]
    assert trace.events[2].names == ("d5", "d6", "d7")
    assert "cannot be taken" in trace.events[2].said.text("en")


def test_when_all_the_opponent_s_stones_stand_in_mills_any_may_be_taken():
    pos = Position(white=["a1", "d1"], black=["d5", "d6", "d7"], in_hand=(7, 6))
    assert [m for m in pos.legal_moves if m.startswith("g1")] == ["g1xd5", "g1xd6", "g1xd7"]
    trace = pos.trace("g1xd6")
    assert kinds(trace) == ["place", "mill", "all_in_mills", "remove"]


def test_a_mill_with_nothing_to_take_takes_nothing():
    """Only in positions set up by hand: the opponent has no stone on the board."""
    pos = Position(white=["a1", "d1"], black=[], in_hand=(7, 9))
    assert "g1" in pos.legal_moves
    assert kinds(pos.trace("g1")) == ["place", "mill", "nothing_to_remove"]
    refused(pos, "g1xa7", "dokuz_tas.error.remove_empty")


def test_opening_and_closing_a_mill_again_is_a_new_mill():
    pos = Position(white=["a1", "d1", "g1", "c5"], black=["b6", "d6", "f6", "e4"], in_hand=(0, 0))
    pos = pos.play("g1-g4").play("e4-e3").play("g4-g1xe3")
    assert pos.on_board("black") == 3


# -- Phases -------------------------------------------------------------------------------------


def test_stones_in_hand_are_placed_never_slid():
    pos = Position.start().play("d6").play("d7")
    refused(pos, "d6-d5", "dokuz_tas.error.slide_in_hand")
    moving = Position(
        white=["a1", "d1", "g4", "c5"], black=["b6", "d6", "f6", "e4"], in_hand=(0, 0)
    )
    refused(moving, "a7", "dokuz_tas.error.nothing_in_hand")


MOVING = Position(white=["a1", "g4", "c5"], black=["b6", "d6", "f6", "e4"], in_hand=(0, 0))


def test_flying_with_exactly_three_stones_and_none_in_hand():
    assert MOVING.phase("white") == Phase.FLYING and MOVING.phase("black") == Phase.MOVING
    empty = 24 - 7
    assert len(MOVING.legal_moves) == 3 * empty
    assert "a1-g7" in MOVING.legal_moves
    assert kinds(MOVING.trace("a1-g7")) == ["fly"]
    assert kinds(MOVING.trace("a1-a4")) == ["slide"]  # a flyer's step to a neighbour slides
    # four stones: slides only
    four = Position(white=["a1", "g4", "c5", "d2"], black=["b6", "d6", "f6", "e4"], in_hand=(0, 0))
    assert four.phase("white") == Phase.MOVING
    refused(four, "a1-g7", "dokuz_tas.error.not_neighbour")
    # three stones but one still in hand: a placement
    placing = Position(white=["a1", "g4", "c5"], black=["b6", "d6", "f6", "e4"], in_hand=(1, 0))
    assert placing.phase("white") == Phase.PLACING
    assert all("-" not in m for m in placing.legal_moves)


def test_the_flying_switch_turned_off():
    pos = Position(
        white=["a1", "g4", "c5"], black=["b6", "d6", "f6", "e4"], in_hand=(0, 0), flying=False
    )
    assert pos.phase("white") == Phase.MOVING
    assert sorted(pos.legal_moves) == [
        "a1-a4",
        "a1-d1",
        "c5-c4",
        "c5-d5",
        "g4-f4",
        "g4-g1",
        "g4-g7",
    ]
    refused(pos, "a1-g7", "dokuz_tas.error.no_flying")
    assert Position.from_text(pos.to_text(), flying=False) == pos
    assert Position.from_text(pos.to_text()) != pos


def test_phase_events_mark_the_moving_and_flying_phases():
    pos = Position(white=["a1", "d1"], black=["b6", "d6", "f2", "e4"], in_hand=(1, 0))
    trace = pos.trace("g1xe4")
    assert kinds(trace) == ["place", "mill", "remove", "phase", "phase"]
    assert [(e.colour, e.phase) for e in trace.events[3:]] == [
        ("white", Phase.FLYING),
        ("black", Phase.FLYING),
    ]
    off = Position(white=["a1", "d1"], black=["b6", "d6", "f2", "e4"], in_hand=(1, 0), flying=False)
    assert [e.phase for e in off.trace("g1xe4").events[3:]] == [Phase.MOVING]


# -- Endings ------------------------------------------------------------------------------------

BLOCKING = Position(white=["a4", "d1", "d6", "g4"], black=["a1", "a7", "g1", "g7"], in_hand=(0, 0))


def test_a_player_who_cannot_move_loses():
    blocked = BLOCKING.play("d6-d7")
    assert blocked.legal_moves == ()
    assert blocked.outcome is not None
    assert blocked.outcome.termination == Termination.BLOCKED and blocked.winner == "white"
    trace = BLOCKING.trace("d6-d7")
    assert kinds(trace)[-1] == "game_over" and trace.outcome == blocked.outcome
    refused(blocked, "a1-a4", "dokuz_tas.error.over")


def test_fewer_than_three_stones_loses_counting_the_hand():
    pos = Position(white=["a1", "d1", "c5"], black=["b6", "d6", "f6"], in_hand=(1, 0))
    won = pos.trace("g1xd6")
    assert won.outcome is not None and won.outcome.termination == Termination.FEWER_THAN_THREE
    assert won.outcome.winner == "white" and won.after.legal_moves == ()
    # two on the board and one in hand make three: the game goes on
    pos = Position(white=["a1", "d1"], black=["b6", "d6", "f6"], in_hand=(3, 1))
    assert not pos.play("g1xd6").is_over


def test_fifty_quiet_turns_draw_but_a_win_on_the_fiftieth_is_a_win():
    at49 = Position(
        white=["a4", "d1", "d6", "g4"], black=["a1", "a7", "g1", "g7"], in_hand=(0, 0), quiet=49
    )
    blocked = at49.play("d6-d7")
    assert blocked.quiet == 50 and blocked.outcome.termination == Termination.BLOCKED
    drawn = at49.play("d6-d5")
    assert drawn.quiet == 50 and drawn.outcome.termination == Termination.QUIET_TURNS
    assert drawn.outcome.winner is None and drawn.legal_moves == ()
    trace = at49.trace("d6-d5")
    assert trace.events[-1].count == 50


def test_the_quiet_count_starts_with_the_moving_phase_and_a_removal_resets_it():
    game = Game()
    while game.position.phase("black") == Phase.PLACING:
        game.push(next(t for t in game.legal_moves if "x" not in t))  # no mill: no removal
    assert len(game.turns) == 18 and all(p.quiet == 0 for p in game.positions)
    assert game.position.phase("white") == Phase.MOVING
    game.push(next(t for t in game.legal_moves if "x" not in t))
    assert game.position.quiet == 1
    game.push(next(t for t in game.legal_moves if "x" not in t))
    assert game.position.quiet == 2
    pos = Position(
        white=["a1", "g4", "c5", "d2"], black=["b6", "d6", "f6", "e4"], in_hand=(0, 0), quiet=17
    )
    assert pos.play("d2-d1").quiet == 18
    pos = Position(
        white=["a1", "d2", "g1", "c5"], black=["b6", "d6", "f6", "e4"], in_hand=(0, 0), quiet=17
    )
    assert pos.play("d2-d1xe4").quiet == 0


def test_the_third_occurrence_draws_at_once():
    start = Position(white=["a1", "g4", "c5", "d2"], black=["b6", "d6", "f2", "e4"], in_hand=(0, 0))
    game = Game(start)
    cycle = ["a1-a4", "b6-b4", "a4-a1", "b4-b6"]
    for turn in cycle:
        game.push(turn)
    assert game.occurrences() == 2 and not game.is_over
    for turn in cycle[:-1]:
        game.push(turn)
    assert not game.is_over
    trace = game.push(cycle[-1])
    assert game.occurrences() == 3
    assert game.outcome is not None and game.outcome.termination == Termination.REPETITION
    assert trace.outcome == game.outcome and kinds(trace)[-1] == "game_over"
    assert game.legal_moves == ()
    with pytest.raises(IllegalTurnError) as info:
        game.push("a1-a4")
    assert info.value.key == "dokuz_tas.error.over"
    assert game.pop() == "b4-b6" and not game.is_over and game.occurrences(start) == 2


def test_a_win_comes_before_a_repetition():
    """A winning turn ends the game at the first occurrence of its position, so the win
    always stands; here the blocking turn reaches a position seen twice without its block."""
    game = Game(BLOCKING)
    assert game.push("d6-d7").outcome.termination == Termination.BLOCKED


# -- Other refusals -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("turn", "key"),
    [
        ("d4", "dokuz_tas.error.unknown_point"),
        ("a1-h1", "dokuz_tas.error.unknown_point"),
        ("d6-", "dokuz_tas.error.bad_turn"),
        ("", "dokuz_tas.error.bad_turn"),
        ("a1a4", "dokuz_tas.error.bad_turn"),
        ("a1-a4-a7", "dokuz_tas.error.bad_turn"),
        ("x", "dokuz_tas.error.bad_turn"),
    ],
)
def test_text_that_is_no_turn_is_refused(turn, key):
    refused(Position.start(), turn, key)


def test_a_turn_given_by_its_points_is_checked_too():
    assert Position.start().play(Turn(None, 13)) == Position.start().play("d6")
    with pytest.raises(IllegalTurnError) as info:
        Position.start().play(Turn(None, 24))
    assert info.value.key == "dokuz_tas.error.unknown_point"


def test_moving_refusals():
    refused(MOVING, "b6-b4", "dokuz_tas.error.origin_other")
    refused(MOVING, "a4-a7", "dokuz_tas.error.origin_empty")
    refused(MOVING, "a1-d6", "dokuz_tas.error.occupied")
    refused(MOVING, "a1-a1", "dokuz_tas.error.occupied")
    refused(Position.start().play("d6"), "d6", "dokuz_tas.error.occupied")


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("3/3/3/6/3/3/3 w 9 9", "dokuz_tas.position.shape"),
        ("3/3/3/6/3/3 w 9 9 0", "dokuz_tas.position.shape"),
        ("3/3/3/5/3/3/3 w 9 9 0", "dokuz_tas.position.rank"),
        ("3/3/3/6/3/3/4 w 9 9 0", "dokuz_tas.position.rank"),
        ("3/3/3/6/3/3/2X w 9 9 0", "dokuz_tas.position.cell"),
        ("3/3/3/6/3/3/3 x 9 9 0", "dokuz_tas.position.side"),
        ("3/3/3/6/3/3/3 w 10 9 0", "dokuz_tas.position.number"),
        ("3/3/3/6/3/3/3 w 9 9 51", "dokuz_tas.position.number"),
        ("3/3/3/6/3/3/3 w 9 -1 0", "dokuz_tas.position.number"),
        ("WWW/3/3/6/3/3/3 b 7 9 0", "dokuz_tas.position.too_many"),
        ("WW1/3/3/6/3/3/3 b 0 9 0", "dokuz_tas.position.lost_already"),
    ],
)
def test_a_bad_position_text_is_refused(text, key):
    with pytest.raises(PositionError) as info:
        Position.from_text(text)
    assert info.value.key == key
    assert info.value.message("tr") != info.value.message("en")


def test_a_bad_position_is_refused():
    for kwargs, key in [
        ({"white": ["a1"], "black": ["a1"]}, "dokuz_tas.position.overlap"),
        ({"white": ["d4"]}, "dokuz_tas.error.unknown_point"),
        ({"to_move": "red"}, "dokuz_tas.position.bad_colour"),
        ({"in_hand": (10, 9)}, "dokuz_tas.position.bad_hands"),
        ({"in_hand": [9, 9]}, "dokuz_tas.position.bad_hands"),
        ({"quiet": 51}, "dokuz_tas.position.number"),
        ({"flying": 1}, "dokuz_tas.position.bad_flying"),
    ]:
        with pytest.raises(PositionError) as info:
            Position(**kwargs)
        assert info.value.key == key, kwargs
    with pytest.raises(PositionError):
        Position.start().in_hand("red")  # type: ignore[arg-type]


def test_the_position_texts_read_dots_and_capitals():
    assert Position.from_text("W../.../.../....../.../.../... B 8 9 0") == Position(
        white=["a7"], to_move="black", in_hand=(8, 9)
    )


def test_every_event_and_ending_has_a_caption_in_both_languages():
    traces = [
        TWO_MILLS.trace("a4xe5"),
        PROTECTED.trace("g1xb4"),
        Position(white=["a1", "d1"], black=["d5", "d6", "d7"], in_hand=(7, 6)).trace("g1xd6"),
        Position(white=["a1", "d1"], black=[], in_hand=(7, 9)).trace("g1"),
        MOVING.trace("a1-g7"),
        MOVING.trace("a1-a4"),
        Position(white=["a1", "d1"], black=["b6", "d6", "f2", "e4"], in_hand=(1, 0)).trace("g1xe4"),
        BLOCKING.trace("d6-d7"),
        Position(white=["a1", "d1", "c5"], black=["b6", "d6", "f6"], in_hand=(1, 0)).trace("g1xd6"),
        Position(
            white=["a4", "d1", "d6", "g4"], black=["a1", "a7", "g1", "g7"], in_hand=(0, 0), quiet=49
        ).trace("d6-d5"),
    ]
    seen = set()
    for trace in traces:
        for event in trace.events:
            seen.add(event.kind)
            texts = [event.said.text(lang) for lang in LANGUAGES]
            assert all(texts) and texts[0] != texts[1], event
            assert event.to_dict()["kind"] == event.kind.value
        assert trace.to_dict()["after"] == trace.after.to_text()
        assert trace.events[-1].board == "".join(
            "W" if trace.after.at(p) == "white" else "B" if trace.after.at(p) else "."
            for p in range(24)
        )
    assert seen == set(EventKind)
