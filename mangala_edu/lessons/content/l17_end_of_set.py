"""Lesson 17 (strategy): the end of the set. Under the official rule the player whose side
empties takes every stone left on the other side: near the end, emptying your own side first
can win (a rule of thumb), capturing the opponent's last stones can lose, and stones on your
side are a danger. Under the local "own side" rule the same positions call for other moves:
each player keeps the stones on their own side, so emptying it first gives nothing."""

from ..best_move import BestMove
from ..claims import Heuristic, MoveValues
from ..puzzles import PuzzleTask
from ..spec import DemoSpec, GameSpec, LessonSpec, QuizSpec, TaskSpec

# Official: pit 2 (the move that leaves the fewest stones on South's side) is best. Own side:
# pit 1 is best and pit 2 is worse.
RACE = "1,1,0,1,2,0,17/1,2,0,1,1,0,21 S"
# Pit 6 captures North's last stones (2): the set ends and North takes South's 11 stones.
TRAP = "2,5,0,3,1,3,18/1,0,0,0,0,0,15 S"

SPEC = LessonSpec(
    number=17,
    names={"tr": "17_set_sonu_stratejisi", "en": "17_end_of_set_strategy"},
    # The best line to the end of the set: South empties its side first.
    demos=(DemoSpec(RACE, (2, 5, 4, 2, 5, 6, 5)),),
    tasks=(
        TaskSpec("2,1,0,1,1,0,22/0,0,0,1,2,1,17 S", BestMove({1: -4, 2: 2, 4: -4, 5: -2})),
        # The local rule: pit 3 is best (under the official rule it would be pit 6).
        TaskSpec(
            "1,1,1,0,1,4,19/0,0,1,0,1,0,19 S",
            BestMove({1: 4, 2: 4, 3: 6, 5: 4, 6: 2}),
            rules="own-side",
        ),
        # Written for the lesson (the collection has no one-move puzzle on the end of the set
        # yet): pit 2's single stone is the only winning move.
        PuzzleTask(id="inline-end-1"),
    ),
    quiz=(QuizSpec(3, 0), QuizSpec(3, 2), QuizSpec(3, 2), QuizSpec(3, 0)),
    claims=(
        MoveValues("race", RACE, {1: -4, 2: 2, 4: -2, 5: -2}),
        Heuristic("empty", RACE, "empty_first", 2),
        MoveValues("race_own", RACE, {1: -2, 2: -4, 4: -6, 5: -4}, rules="own-side"),
        Heuristic("empty_own", RACE, "empty_first", 2, holds=False, rules="own-side"),
        MoveValues("trap", TRAP, {1: -12, 2: -12, 4: -12, 5: -4, 6: -6}),
        MoveValues("trap_own", TRAP, {1: 14, 2: 12, 4: 12, 5: 14, 6: 18}, rules="own-side"),
        MoveValues(
            "official_t2", "1,1,1,0,1,4,19/0,0,1,0,1,0,19 S", {1: -2, 2: 0, 3: -6, 5: -2, 6: 2}
        ),
    ),
    # Pit 5 reaches the store and starts the run home before North's last stone is gone;
    # every other move loses.
    game=GameSpec("2,1,1,2,3,0,23/1,0,0,0,0,0,15 S", {1: -2, 2: -2, 3: -2, 4: -2, 5: 8}),
)
