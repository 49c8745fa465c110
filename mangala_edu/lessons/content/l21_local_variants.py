"""Lesson 21: the local variants of Mangala (seed 000's "Varyantlar"): the first stone not put
back (``no-return``), each player keeping their own side at the end (``own-side``), the number
of sets, and agreeing on the rules before playing."""

from ...engine import EventKind
from ..goals import Outcome, WinSet
from ..spec import DemoSpec, LessonSpec, PredictSpec, QuizSpec, TaskSpec

SPEC = LessonSpec(
    number=21,
    names={"tr": "21_yerel_kurallar", "en": "21_local_variants"},
    # No first stone back: pit 3 reaches the store (extra turn), then pit 6 sows 5 stones.
    demos=(DemoSpec("start", (3, 6), rules="no-return"),),
    tasks=(
        # Without the first stone back, 4 stones from pit 3 end in the store (official: pit 4).
        TaskSpec("start", Outcome(EventKind.EXTRA_TURN), rules="no-return"),
        # 13 stones from pit 2 go once round the board and end in pit 2, emptied at lift-off:
        # an empty-pit capture of North's pit 5 (3 stones and the last one).
        PredictSpec("1,13,2,0,3,2,6/2,3,1,4,2,0,9 S", 2, rules="no-return"),
        # Own side at the end: pit 4 empties North's row and wins 28-20 (official: 24-24).
        TaskSpec("0,0,1,1,0,3,22/0,1,0,0,0,0,20 S", WinSet(), rules="own-side"),
    ),
    quiz=(QuizSpec(3, 0), QuizSpec(3, 1), QuizSpec(3, 1)),
)
