"""Lesson 8: a whole set and a match of 5 sets: won set 1 point, drawn set 0.5, lost set 0;
every set is played even once the match is decided; the first starter is drawn by lot (kura),
then the starter alternates. The lesson ends with a match between two classmates
(:class:`~mangala_edu.lessons.match_view.MatchBoard`)."""

from ..goals import BestCapture, WinSet
from ..spec import DemoSpec, LessonSpec, PredictSpec, QuizSpec, TaskSpec

SPEC = LessonSpec(
    number=8,
    names={"tr": "08_mac", "en": "08_match"},
    # The last seven moves of a set between two computer players: two extra turns for South,
    # North's empty-pit capture, South's two extra turns, then South's pit 4 into the empty
    # pit 5 takes North's last 3 stones; North's side is empty, North takes South's 2: 25-23.
    demos=(DemoSpec("0,2,2,1,3,1,17/0,3,0,1,0,0,18 S", (5, 6, 5, 4, 6, 6, 4)),),
    tasks=(
        # From a computer game. Pit 3 (1 stone) into the empty pit 4 takes North's last stone;
        # North takes South's 4 stones: 25-23. Pit 2 (2 stones) ends in pit 3, which is not
        # empty; pit 5 (2 stones) ends in the empty pit 6, but North's pit 1 is empty too.
        TaskSpec("0,2,1,0,2,0,23/0,0,1,0,0,0,19 S", WinSet()),
        # Middle game, from a computer game: pit 6 makes North's pit 4 six (even): 6 stones.
        # Pit 1 takes 2 by the empty pit 2, pit 5 makes North's pit 3 two: 2 stones.
        TaskSpec("1,0,1,3,6,6,7/4,4,1,5,1,2,7 S", BestCapture()),
        # 7 stones from pit 6: the first back, then the store and North's pits 1 to 5; the last
        # makes North's pit 5 eight (even): South captures 8.
        PredictSpec("0,1,2,7,3,7,9/0,1,1,4,7,0,6 S", 6),
        # From a computer game. Pit 2 at once (the last stone in the empty pit 4) ends the set
        # 24-24: North takes the 4 stones left on South's side. Pit 5 first (the store: an
        # extra turn), then pit 2: 25-23; with pit 6 in between: 26-22.
        TaskSpec("0,2,0,1,3,0,21/0,0,0,2,0,0,19 S", WinSet()),
    ),
    quiz=(QuizSpec(3, 1), QuizSpec(3, 2), QuizSpec(3, 0), QuizSpec(3, 1)),
)
