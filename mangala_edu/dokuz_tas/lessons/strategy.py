"""The Dokuz Taş strategy lessons' specifications (their numbers follow the rule lessons in
``content.py``). Every claim a lesson makes is proven by the engine, the search or the endgame
tables in ``tests/dokuz_tas``.

Lesson 33, the placing phase: every stone placed must slide later, so room to move comes
before an early mill. Its claims are counts of the engine's legal moves and neighbours, and
one position (:data:`CROWDED`) where closing two mills at once loses at once, proven by the
engine; the tests (``tests/dokuz_tas/test_lesson33.py``) prove them all.
"""

from __future__ import annotations

from ..board import NEIGHBOURS, POINT_NAMES, parse_point
from .goals import KeepMoving, Room
from .spec import DemoSpec, FigureSpec, LessonSpec, QuizSpec, TaskSpec, start_of

CROSSINGS = ("b4", "d2", "d6", "f4")
"""The four points with four neighbours, where two lines cross in the middle."""

HUDDLED = "3/3/B1B/W5/B1B/1W1/WW1 w 5 5 0"
"""Four White stones huddled in a corner (a1, a4, d1, d2): 6 slides between them."""
SPREAD = "3/1W1/B1B/1W2W1/B1B/1W1/3 w 5 5 0"
"""Four White stones on the four crossings, the same Black stones: 16 slides."""

CROWDED = "3/WBB/WWB/BWWB2/1WW/BB1/WB1 w 1 1 0"
"""White places its last stone. White's eight stones have one empty neighbour, c3, where one
stone closes two mills (c3-c4-c5, c3-d3-e3); after it Black's last stone fills the point
of the stone taken and White cannot move. Only f2 keeps White moving (and stops Black's
b2-d2-f2)."""


def _free(position: str, stones: tuple[str, ...]) -> tuple[str, ...]:
    """The empty points next to ``stones`` in ``position`` (each once, in the board's order)."""
    pos = start_of(position)
    near = {POINT_NAMES[q] for p in stones for q in NEIGHBOURS[parse_point(p)]}
    return tuple(p for p in POINT_NAMES if p in near and pos.at(p) is None)


LESSON_33 = LessonSpec(
    number=33,
    names={"tr": "33_dokuz_tas_yerlestirme_stratejisi", "en": "33_dokuz_tas_placing_strategy"},
    figures={
        # The four crossings: four neighbours each (8 points have three, 12 corners two).
        "crossings": FigureSpec("start", highlight=CROSSINGS),
        # Huddled: 6 slides later; spread over the crossings: 16 (the empty points ringed).
        "huddled": FigureSpec(HUDDLED, highlight=_free(HUDDLED, ("a1", "a4", "d1", "d2"))),
        "spread": FigureSpec(SPREAD, highlight=_free(SPREAD, CROSSINGS)),
        # d6 stands on d5-d6-d7 and b6-d6-f6; Black's d7 closes the first for White.
        "open_line": FigureSpec(
            "1B1/1W1/3/6/3/3/3 w 8 8 0", highlight=("d7",), lines=("b6-d6-f6",)
        ),
        # White's stones have one empty neighbour left: c3.
        "crowded": FigureSpec(CROWDED, highlight=("c3",)),
        # c3 closes two mills and takes d2...
        "early_mill": FigureSpec(CROWDED, turn="c3xd2"),
    },
    demos=(
        # ... and Black's last stone goes back to d2: White cannot move and loses.
        DemoSpec(CROWDED, ("c3xd2", "d2")),
    ),
    tasks=(
        # The empty point with the most empty neighbours: f4 (d6 has a Black stone on d7).
        TaskSpec("1B1/3/3/1W4/3/1B1/2W w 7 7 0", Room(), answers=("f4",)),
        # Counted stone by stone, a4 gives White's stones the most room (12); the crossings
        # d6 and f4 stand next to White's own d7 and g4 and give 11.
        TaskSpec("1W1/3/2B/2B2W/1BW/BW1/3 w 5 5 0", Room(whole=True), answers=("a4",)),
        # The double mill on c3 loses at once; only f2 keeps White moving and stops b2-d2-f2.
        TaskSpec(CROWDED, KeepMoving(), answers=("f2",)),
    ),
    quiz=(QuizSpec(3, 1), QuizSpec(3, 0), QuizSpec(3, 1), QuizSpec(3, 2), QuizSpec(3, 2)),
)

STRATEGY: tuple[LessonSpec, ...] = (LESSON_33,)
"""The strategy lessons, in order."""
