"""Lesson 5: the even capture (avlama): a last stone that makes an opponent's pit even takes
all its stones; odd takes nothing; never in your own pits; after a capture the turn passes."""

from ...engine import EventKind
from ..goals import BestCapture, Outcome
from ..spec import DemoSpec, LessonSpec, PredictSpec, QuizSpec, TaskSpec

SPEC = LessonSpec(
    number=5,
    names={"tr": "05_avlama", "en": "05_even_capture"},
    # South takes 6 from North's pit 2; then North, past its own store, takes 6 from South's pit 2.
    demos=(DemoSpec("6,5,0,2,5,1,3/4,5,2,6,3,0,6 S", (5, 4)),),
    tasks=(
        # Pits 3, 4 and 5 all end in North's pit 1 (4 -> 5, odd); pit 6 ends in pit 2 (3 -> 4).
        TaskSpec("2,1,6,5,4,4,1/4,3,6,2,2,4,4 S", Outcome(EventKind.EVEN_CAPTURE)),
        # 9 stones from pit 4 end in North's pit 5 (5 -> 6): a capture of 6; one place either
        # way would have made 9 or 5.
        PredictSpec("1,1,1,9,7,0,3/0,2,1,8,5,4,6 S", 4),
        # Captures of 4 (pit 2), 6 (pit 4) and 2 (pit 6); pits 1 and 3 make an own pit 8.
        TaskSpec("2,7,1,7,5,6,3/3,2,5,1,1,4,1 S", BestCapture()),
        # North: pit 6 takes 4, pit 4 (9 stones, past North's store) takes 6.
        TaskSpec("1,3,1,2,5,3,9/1,5,0,9,1,4,4 N", BestCapture()),
    ),
    quiz=(QuizSpec(3, 0), QuizSpec(3, 2), QuizSpec(3, 1), QuizSpec(3, 2)),
)
