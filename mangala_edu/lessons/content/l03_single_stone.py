"""Lesson 3: the single stone: it cannot go back, so it moves on and its pit is left empty."""

from ..goals import LandIn
from ..spec import DemoSpec, LessonSpec, PredictSpec, QuizSpec, TaskSpec

SPEC = LessonSpec(
    number=3,
    names={"tr": "03_tek_tas", "en": "03_single_stone"},
    # South's single stone, North's single stone, South's single stone into the store (an
    # extra turn), then South sows a pit of 2 stones.
    demos=(DemoSpec("3,1,4,2,5,1,9/2,4,3,5,1,3,5 S", (2, 5, 6, 4)),),
    tasks=(
        # The single stone of pit 2 goes to pit 3 (the pit does not keep it).
        PredictSpec("4,1,3,5,2,6,5/3,4,1,5,3,2,4 S", 2),
        # Only the single stone of pit 3 reaches pit 4; the 2 stones of pit 2 reach only pit 3.
        TaskSpec("3,2,1,5,2,4,7/4,2,5,3,4,2,4 S", LandIn(3)),
        # North: pits 1, 2 and 3 (4, 3 and 2 stones) all end in pit 4.
        PredictSpec("3,4,2,5,1,3,6/4,3,2,1,5,2,7 N", 3),
        # A staircase: pits 1-5 all end in pit 6; only the single stone of pit 6 reaches the store.
        TaskSpec("6,5,4,3,2,1,5/3,4,2,5,4,1,3 S", LandIn(6)),
    ),
    quiz=(QuizSpec(3, 0), QuizSpec(3, 2), QuizSpec(3, 0), QuizSpec(3, 2)),
)
