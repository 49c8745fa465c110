"""Lesson 27 teaches combinations: its boards must show what the texts say of them. Where the
lesson says "an extra turn, then a capture", the one best move gives the extra turn and the
solver's one best answer to it captures; where it says "spoil North's extra-turn pits", the best
move leaves North none, and a move that leaves North one is worse."""

from __future__ import annotations

import pytest

from mangala_edu.engine import NORTH, Position
from mangala_edu.lessons.content import LESSONS
from mangala_edu.lessons.content import l27_combinations as l27
from mangala_edu.search import value_of_moves

SPEC = LESSONS[27]


def _only_best(position: Position) -> int:
    values = value_of_moves(position)
    best = [pit for pit, value in values.items() if value == max(values.values())]
    assert len(best) == 1, values
    return best[0]


def _north_extra_turns(position: Position) -> list[int]:
    as_north = Position(position.board, NORTH, position.rules)
    return [pit for pit in as_north.legal_moves if as_north.trace(pit).extra_turn]


COMBINATIONS = {
    "combo": l27.COMBO,
    "count": l27.COUNT,
    "task1": SPEC.tasks[0].position,
    "task2": SPEC.tasks[1].position,
    "game": SPEC.game.position if SPEC.game else "",
}


def _check_combination(text: str) -> None:
    position = Position.from_text(text)
    first = position.trace(_only_best(position))
    assert first.extra_turn and not first.captured
    again = first.after
    assert again.mover == position.mover
    second = again.trace(_only_best(again))
    assert second.captured >= 4
    # The capture was not there before the extra turn.
    assert second.pit not in position.legal_moves or not position.trace(second.pit).captured


@pytest.mark.parametrize("name", COMBINATIONS)
def test_an_extra_turn_then_a_capture(name):
    _check_combination(COMBINATIONS[name])


@pytest.mark.parametrize("text", [l27.SPOIL, l27.TASK3])
def test_the_best_move_spoils_north_s_extra_turn_pits(text):
    position = Position.from_text(text)
    assert _north_extra_turns(position)
    values = value_of_moves(position)
    best = _only_best(position)
    assert not _north_extra_turns(position.trace(best).after)
    leaving = [
        pit
        for pit in position.legal_moves
        if not position.trace(pit).extra_turn and _north_extra_turns(position.trace(pit).after)
    ]
    assert leaving and all(values[pit] < values[best] for pit in leaving)


def test_the_check_can_fail():
    """A board whose best move is no extra turn is refused."""
    with pytest.raises(AssertionError):
        _check_combination(l27.SPOIL)
