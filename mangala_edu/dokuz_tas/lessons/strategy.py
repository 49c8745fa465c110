"""The Dokuz Taş strategy lessons' specifications (their numbers follow the rule lessons in
``content.py``). Every claim a lesson makes is proven by the engine, the search or the endgame
tables in ``tests/dokuz_tas``.

Lesson 33, the placing phase: every stone placed must slide later, so room to move comes
before an early mill. Its claims are counts of the engine's legal moves and neighbours, and
one position (:data:`CROWDED`) where closing two mills at once loses at once, proven by the
engine; the tests (``tests/dokuz_tas/test_lesson33.py``) prove them all.

Lesson 34, the double mill, blocking and the three-stone endgame: a stone that goes back and
forth between two mills (:data:`RUNNING`, won whatever Black does: the exact search), a
player left without a move (:data:`CRAMPED`), and two lines of two at once against three
flying stones (:data:`FORK`). Its tasks are judged by :class:`~.goals.KeepMill` and
:class:`~.goals.WinNext`, which look two turns ahead; ``tests/dokuz_tas/test_lesson34.py``
proves every claim.
"""

from __future__ import annotations

from ..board import NEIGHBOURS, POINT_NAMES, parse_point
from .goals import KeepMill, KeepMoving, Room, WinNext
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

RUNNING = "W1W/WWW/1B1/1B1BBW/B2/2B/WB1 w 0 0 0"
"""A double mill (*çift üçlü*): White's stone on d6 closes b6-d6-f6; slid to d7 it closes
a7-d7-g7, slid back it closes b6-d6-f6 again. Only a Black stone on d5 could fill the point
it leaves. White wins in 11 plies whatever Black does (the exact search)."""

RUNNING_LINE = (
    "d6-d7xd5", "b4-a4", "d7-d6xa4", "c3-c4", "d6-d7xd1", "c4-b4",
    "a1-d1", "b4-a4", "d7-d6xa4", "e4-d7", "d1-g1xf4",
)  # fmt: skip
"""Lesson 34's first demonstration: three mills by the same stone; then, as Black will fly
with three stones, White prepares a second mill (d1-g1) before taking the fifth stone; Black
flies into the double mill's gap, and d1-g1 closes the other mill."""

CRAMPED = "BBB/1W1/3/2W2W/2B/WW1/WWB w 0 0 0"
"""Black's five stones have three moves (a7-a4, e3-d3, e3-e4). a1-a4 takes a7's way out; then
b2-b4 closes a4-b4-c4 and takes the one stone that could still move."""

FORK = "3/2W/1W1/1B2B1/3/1B1/W2 w 0 0 0"
"""Three stones each: a1 flies to d6, and White has two lines of two at once (d5-d6 waits
for d7, d6-f6 for b6); Black blocks one, White closes the other."""

LESSON_34 = LessonSpec(
    number=34,
    names={"tr": "34_dokuz_tas_cift_uclu_ve_oyun_sonu", "en": "34_dokuz_tas_double_mill_endgame"},
    figures={
        # The double mill: two lines, one stone between them.
        "double_mill": FigureSpec(RUNNING, highlight=("d6", "d7"), lines=("a7-d7-g7", "b6-d6-f6")),
        # The first turn of it: a7-d7-g7 closed, d5 (the one stone that could reach d6) taken.
        "running": FigureSpec(RUNNING, turn="d6-d7xd5"),
        # Black has three moves: a7 to a4, e3 to d3 or e4 (ringed).
        "cramped": FigureSpec(CRAMPED, highlight=("a4", "d3", "e4")),
        # Three stones each: a1 flies to d6; d7 and b6 each close a mill.
        "fork": FigureSpec(FORK, turn="a1-d6", highlight=("b6", "d7")),
    },
    demos=(
        DemoSpec(RUNNING, RUNNING_LINE),
        # a1-a4 leaves Black one stone that moves; b2-b4 closes a mill and takes it.
        DemoSpec(CRAMPED, ("a1-a4", "e3-e4", "b2-b4xe4")),
        # The fork: Black blocks d7, White closes b6-d6-f6: two Black stones left.
        DemoSpec(FORK, ("a1-d6", "b4-d7", "d5-b6xf4")),
    ),
    tasks=(
        # The double mill on the right: f4-g4 closes g1-g4-g7 and leaves f4, which only e4
        # can reach: take e4, and the stone goes back and forth.
        TaskSpec("BBW/2W/3/B2BW1/B2/BWW/1WW w 0 0 0", KeepMill(), answers=("f4-g4xe4",)),
        # Black can move only a4-a7 and d1-d2: b2-d2 closes d1's way; after a4-a7, b4-a4
        # leaves Black without a move.
        TaskSpec("1WB/3/3/BW1WWB/3/W2/BBW w 0 0 0", WinNext(), answers=("b2-d2",)),
        # Three stones each: e4 flies to c4, two lines of two at once (a4-c4 waits for b4,
        # c3-c4 for c5); Black cannot block both and has no line of its own.
        TaskSpec("3/1B1/2B/W2W2/W2/3/2B w 0 0 0", WinNext(), answers=("e4-c4",)),
    ),
    quiz=(QuizSpec(3, 1), QuizSpec(3, 2), QuizSpec(3, 1), QuizSpec(3, 0), QuizSpec(3, 2)),
)

STRATEGY: tuple[LessonSpec, ...] = (LESSON_33, LESSON_34)
"""The strategy lessons, in order."""
