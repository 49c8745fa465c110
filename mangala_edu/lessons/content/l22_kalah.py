"""Lesson 22: Kalah, the best-known Western relative: no first stone back, no even capture,
the empty-pit capture, each keeps their own side at the end; boards of any size."""

from ...engine import EventKind
from ..goals import Outcome
from ..spec import DemoSpec, LessonSpec, PredictSpec, QuizSpec, TaskSpec

SPEC = LessonSpec(
    number=22,
    names={"tr": "22_kalah", "en": "22_kalah"},
    # Pit 3 reaches the store (extra turn); pit 6 then ends in North's pit 4: nothing taken.
    demos=(DemoSpec("start", (3, 6), rules="kalah"),),
    tasks=(
        # 4 stones from pit 3 end in the store: pit + stones = 7 in Kalah.
        TaskSpec("start", Outcome(EventKind.EXTRA_TURN), rules="kalah"),
        # Pit 1 ends in the empty pit 5 opposite North's 6 stones (7 taken); pit 6 makes
        # North's pit 4 even, which takes nothing in Kalah.
        TaskSpec("4,4,4,4,0,5,1/0,6,5,5,5,5,0 S", Outcome(EventKind.EMPTY_CAPTURE), rules="kalah"),
        # 13 stones from pit 3 go once round and end in pit 3, emptied at lift-off.
        PredictSpec("2,1,13,1,0,2,5/1,3,2,1,4,3,10 S", 3, rules="kalah"),
    ),
    quiz=(QuizSpec(3, 1), QuizSpec(3, 1), QuizSpec(3, 2)),
)
