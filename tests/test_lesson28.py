"""Lesson 28 teaches sacrifices: on each of its boards the one best move lets North capture
stones at once, and the safest move (the rule of thumb of lesson 14) is worse."""

from __future__ import annotations

import pytest

from mangala_edu.engine import Position
from mangala_edu.lessons.claims import HEURISTICS
from mangala_edu.lessons.content import LESSONS
from mangala_edu.lessons.content import l28_bait_and_sacrifice as l28
from mangala_edu.lessons.goals import most_captured
from mangala_edu.search import value_of_moves

SPEC = LESSONS[28]

BOARDS = {
    "bait": l28.BAIT,
    "sacrifice": l28.SACRIFICE,
    **{f"task{k}": task.position for k, task in enumerate(SPEC.tasks, start=1)},
    "game": SPEC.game.position if SPEC.game else "",
}


def _check_sacrifice(text: str) -> None:
    position = Position.from_text(text)
    values = value_of_moves(position)
    top = max(values.values())
    (best,) = [pit for pit, value in values.items() if value == top]
    trace = position.trace(best)
    assert not trace.extra_turn and not trace.captured
    assert most_captured(trace.after)[0] >= 3, "the best move gives stones away"
    safest = HEURISTICS["safest"](position)
    assert safest is not None and values[safest] < top


@pytest.mark.parametrize("name", BOARDS)
def test_the_best_move_gives_stones_away(name):
    _check_sacrifice(BOARDS[name])


def test_the_check_can_fail():
    """Lesson 14's demonstration, where the safest move is the best, is no sacrifice."""
    with pytest.raises(AssertionError):
        _check_sacrifice("0,1,1,0,8,0,20/1,0,0,1,0,0,16 S")


def test_north_must_take_the_bait():
    after = Position.from_text(l28.BAIT).trace(3).after
    assert after.legal_moves == (1,) and after.trace(1).captured == 5
