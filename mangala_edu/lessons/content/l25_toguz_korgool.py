"""Lesson 25: Toguz Korgool, the game of the Kyrgyz and the Kazakhs: 9 pits, 9 stones, the
kazans off the path, even captures in the opponent's row, the tuzdik, 82 stones win."""

from ...engine import EventKind
from ..goals import BestCapture, Outcome, WinSet
from ..spec import DemoSpec, LessonSpec, PredictSpec, QuizSpec, TaskSpec

SPEC = LessonSpec(
    number=25,
    names={"tr": "25_toguz_korgool", "en": "25_toguz_korgool"},
    # South's pit 2 makes North's pit 1 hold 10 (captured); North's pit 3 takes 2 back.
    demos=(DemoSpec("start", (2, 3), rules="toguz-korgool"),),
    tasks=(
        # Pit 5 makes North's pit 6 hold 14 (captured); pit 9 makes North's pit 4 exactly 3.
        TaskSpec(
            "1,1,10,1,11,1,2,13,5,24/14,0,18,2,13,13,13,0,10,10 S",
            BestCapture(),
            rules="toguz-korgool",
        ),
        # The same board: only pit 9 wins a tuzdik.
        TaskSpec(
            "1,1,10,1,11,1,2,13,5,24/14,0,18,2,13,13,13,0,10,10 S",
            Outcome(EventKind.TUZDIK),
            rules="toguz-korgool",
        ),
        # 14 stones from pit 5 end in North's pit 9, made 3: the 9th pit is never a tuzdik.
        PredictSpec(
            "5,14,0,2,14,1,13,3,13,2/12,1,12,12,12,1,4,13,2,26 S", 5, rules="toguz-korgool"
        ),
        # South has 78: pit 4 captures 6 in North's pit 1, 84 stones end the game.
        TaskSpec("x,3,4,7,0,1,1,1,4,78/5,3,0,2,1,x,0,0,2,50 S", WinSet(), rules="toguz-korgool"),
    ),
    quiz=(QuizSpec(3, 1), QuizSpec(3, 0), QuizSpec(3, 1), QuizSpec(3, 0)),
)
