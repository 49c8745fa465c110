"""Lesson 4: your own store, the extra turn, chains of extra turns, and the opponent's store,
which a long sowing skips."""

from ...engine import EventKind
from ..goals import ExtraTurns, Outcome
from ..spec import DemoSpec, LessonSpec, PredictSpec, QuizSpec, TaskSpec

SPEC = LessonSpec(
    number=4,
    names={"tr": "04_hazine_ve_ekstra_tur", "en": "04_store_and_extra_turn"},
    # Closest pit first: 6 (2 stones), 4 (4 stones), 6, 6: four extra turns, then pit 1.
    demos=(DemoSpec("2,3,1,4,1,2,9/4,3,5,2,6,3,3 S", (6, 4, 6, 6, 1)),),
    tasks=(
        # Pit number + stones = 8 only for pit 3 (5 stones); its neighbours miss by one.
        TaskSpec("4,5,5,5,2,3,4/2,3,4,1,3,2,5 S", Outcome(EventKind.EXTRA_TURN)),
        # 11 stones from pit 5 pass North's pits, skip North's store, end in South's pit 2.
        PredictSpec("2,3,1,4,11,2,6/3,2,4,5,1,3,1 S", 5),
        # Pits 4, 5, 6 (4, 3, 2 stones) all reach the store, but only 6, 5, 4 in that order
        # keeps the chain going.
        TaskSpec("3,5,2,4,3,2,5/4,3,5,2,3,4,3 S", ExtraTurns(3)),
        # North: pits 4 and 5 both reach the store; only 5 first gives two in a row.
        TaskSpec("1,6,2,0,5,2,2/2,5,3,4,3,5,8 N", ExtraTurns(2)),
    ),
    quiz=(QuizSpec(3, 2), QuizSpec(3, 1), QuizSpec(3, 0), QuizSpec(3, 1)),
)
