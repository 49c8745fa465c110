"""Lesson 1: the board, the pits and stores, whose side is whose, using the board."""

from ..goals import PlayPit, StoreGrows
from ..spec import DemoSpec, LessonSpec, QuizSpec, TaskSpec

SPEC = LessonSpec(
    number=1,
    names={"tr": "01_tahta", "en": "01_the_board"},
    demos=(DemoSpec("start", (1, 6)),),
    tasks=(
        TaskSpec("start", PlayPit(5)),
        TaskSpec("4,4,4,4,4,4,0/4,4,4,4,4,4,0 N", PlayPit(1)),
        TaskSpec("start", StoreGrows()),
    ),
    quiz=(QuizSpec(3, 1), QuizSpec(3, 2), QuizSpec(3, 0)),
)
