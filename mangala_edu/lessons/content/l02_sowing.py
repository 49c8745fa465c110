"""Lesson 2: sowing, the first stone back into its own pit, and the local variant without it."""

from ..goals import LandIn
from ..spec import DemoSpec, LessonSpec, PredictSpec, QuizSpec, TaskSpec

# A middle-game position: South's pit 5 (6 stones) sows through the store to North's side.
_DEMO = "2,3,0,5,6,3,6/3,4,2,4,1,4,5 S"
# Pit 3 holds 7 stones: official -> North's pit 2, no first stone back -> North's pit 3.
_PREDICT = "1,4,7,3,2,5,4/3,2,4,1,5,3,4 S"
# Last stone into North's pit 1: pit 5 (4 stones) under the official rule, pit 4 (4 stones)
# without the first stone back; under each rule the other one misses by a place.
_LAND = "2,3,1,4,4,0,8/4,3,5,2,4,1,7 S"

SPEC = LessonSpec(
    number=2,
    names={"tr": "02_ekme", "en": "02_sowing"},
    demos=(
        DemoSpec(_DEMO, (5, 1)),
        DemoSpec(_DEMO, (5, 1), rules="no-return"),
    ),
    tasks=(
        PredictSpec(_PREDICT, 3),
        TaskSpec(_LAND, LandIn(7)),
        PredictSpec(_PREDICT, 3, rules="no-return"),
        TaskSpec(_LAND, LandIn(7), rules="no-return"),
    ),
    quiz=(QuizSpec(3, 1), QuizSpec(3, 0), QuizSpec(3, 2), QuizSpec(3, 1)),
)
