"""Lesson 7: the end of a set (oyun seti): it ends as soon as all six pits of either side are
empty, even in the middle of a chain of extra turns; the player whose side is empty takes
every stone left on the other side (even when the opponent emptied it by a capture); the
stores are counted, 24-24 is a draw; and the local variant in which each player keeps the
stones on their own side."""

from ..goals import DrawSet, WinSet
from ..spec import DemoSpec, LessonSpec, QuizSpec, TaskSpec

# South's stones are all in pits 2, 3 and 5; North has 2 stones left, in pit 3. Capturing
# them at once (pit 2: the last stone in the empty pit 4) empties North's side, and North
# takes the 8 stones left on South's side: 23-25. Pit 5 first (3 stones: the last in the
# store), then pit 6 (the one stone it left there: the store again), then pit 2 brings two
# more stones home: 25-23. Under the local own-side rule the capture at once wins 31-17.
RUN_HOME = "0,3,3,0,3,0,20/0,0,2,0,0,0,17 S"

SPEC = LessonSpec(
    number=7,
    names={"tr": "07_set_sonu", "en": "07_end_of_set"},
    # Pit 6 (2 stones): the second stone in the store, an extra turn. Pit 6 again (1 stone):
    # the store again, but South's side is now empty, so the set ends there and South takes
    # North's 7 stones: 28-20.
    demos=(DemoSpec("0,0,0,0,0,2,19/1,2,0,3,0,1,20 S", (6, 6)),),
    tasks=(
        # Pit 6 (1 stone) into the store, then pit 4 (1 stone) into the empty pit 5, taking
        # North's pit 2: South's side is empty and South takes North's other 10 stones: 29-19.
        # Pit 4 first captures 3 but leaves pit 6's stone, so the set goes on.
        TaskSpec("0,0,0,1,0,1,15/3,2,4,1,2,0,19 S", WinSet()),
        TaskSpec(RUN_HOME, WinSet()),
        # Pit 4 (1 stone) into the empty pit 5 takes North's 7 stones: 24-16. North's side
        # is empty, so North takes South's 3 stones: 24-24. Pits 2 and 3 end in a loss with
        # best play (the solver: -4 and -6), so the draw is the best South can get.
        TaskSpec("0,1,2,1,0,0,16/0,7,0,0,0,0,21 S", DrawSet()),
        # RUN_HOME under the own-side rule: now the capture at once (pit 2) wins, 31-17.
        TaskSpec(RUN_HOME, WinSet(), rules="own-side"),
    ),
    quiz=(QuizSpec(3, 0), QuizSpec(3, 1), QuizSpec(3, 2), QuizSpec(3, 0)),
)
