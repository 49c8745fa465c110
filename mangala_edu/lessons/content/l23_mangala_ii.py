"""Lesson 23: Mangala II, the Ottoman game of the coffee houses: no stores, 6 stones a pit,
the whole pit sown from the next pit, captures of 2, 4 or 6 in either row with the run before
them, passes, the empty board ends the game."""

from ...engine import EventKind
from ..goals import BestCapture, Outcome
from ..spec import DemoSpec, LessonSpec, PredictSpec, QuizSpec, TaskSpec

SPEC = LessonSpec(
    number=23,
    names={"tr": "23_mangala_ii", "en": "23_mangala_ii"},
    # Three quiet moves from the start, then North's pit 5 makes South's pit 1 hold 4.
    demos=(DemoSpec("start", (6, 1, 1, 5), rules="mangala-ii"),),
    tasks=(
        # Pits 3, 4 and 5 end in South's own pit 6 and make it 2 (with pit 5 made 2 before
        # it): captures in one's own row; pits 1, 2 and 6 take nothing.
        TaskSpec(
            "1,12,3,2,1,1,26/0,1,0,1,0,0,24 S", Outcome(EventKind.CHAIN_CAPTURE), rules="mangala-ii"
        ),
        # 12 stones from pit 2 go once round and drop the last one into pit 2 itself.
        PredictSpec("1,12,3,2,1,1,26/0,1,0,1,0,0,24 S", 2, rules="mangala-ii"),
        # Pit 2 takes 8 (two pits); pits 5 and 6 take 6, pit 1 takes 4.
        TaskSpec("5,11,2,1,2,3,20/1,1,1,0,0,1,24 S", BestCapture(), rules="mangala-ii"),
    ),
    quiz=(QuizSpec(3, 1), QuizSpec(3, 1), QuizSpec(3, 0)),
)
