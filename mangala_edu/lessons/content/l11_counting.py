"""Lesson 11 (strategy): counting. Where the last stone of a pit lands follows from the pit's
number and its stones (first stone back: the last stone goes ``stones - 1`` places on; a single
stone one place); the sum ``pit + stones`` tells it at once (8: the store, 9-14: the opponent's
pit ``sum - 8``, 15-20: your own pit ``sum - 14``, 21: the store again); one lap is 13 places.
Strong players count all six moves before choosing, long sowings too."""

from ...engine import EventKind
from ..best_move import BestMove
from ..claims import MoveValues, Sowing, Threat
from ..goals import Outcome
from ..puzzles import PuzzleTask
from ..spec import DemoSpec, GameSpec, LessonSpec, PredictSpec, QuizSpec, TaskSpec

# South's pit 3 (10 stones) ends in North's pit 5 (1 -> 2: even). Every other move loses big:
# North's single stone in pit 3 threatens the empty pit 4 opposite South's 10 stones.
DEMO = "1,1,10,0,1,0,15/0,0,1,0,1,1,17 S"

SPEC = LessonSpec(
    number=11,
    names={"tr": "11_saymak", "en": "11_counting"},
    demos=(DemoSpec(DEMO, (3, 2)),),
    tasks=(
        # 14 stones from pit 3: 3 + 14 = 17, so the last stone comes round to pit 3 itself
        # (the origin is not skipped on a lap).
        PredictSpec("1,2,14,0,3,1,8/2,1,3,0,2,1,10 S", 3),
        # Only pit 5 (16 stones: 5 + 16 = 21) ends in the store; pit 4 (6) ends in North's
        # pit 2, pits 1-3 on South's own side.
        TaskSpec("2,4,1,6,16,0,5/1,2,0,3,1,2,5 S", Outcome(EventKind.EXTRA_TURN)),
        # Pit 2 (9 stones: 2 + 9 = 11) makes North's pit 3 even: +2. The single stone of pit 3
        # takes 2 at once by the empty pit 4, but loses.
        TaskSpec("1,9,1,0,1,0,19/0,0,1,0,0,0,16 S", BestMove({1: -10, 2: 2, 3: -6, 5: -10})),
        # From the collection (a long sowing): pit 3 (8 stones, the first back into pit 3)
        # ends in North's pit 3 and makes it even: the only move that wins the set.
        PuzzleTask(id="mcaeb9ec"),
    ),
    quiz=(QuizSpec(3, 0), QuizSpec(3, 1), QuizSpec(3, 1), QuizSpec(3, 2)),
    claims=(
        # The rule on a full board: 9 stones from pit 2 reach North's pit 3.
        Sowing("nine", "3,9,2,1,4,0,11/2,3,1,2,1,4,5 S", 2, "N3", "even_capture", 2),
        # 13 stones from pit 4 go round and end in South's empty pit 3: an empty-pit capture.
        Sowing("lap", "1,0,0,13,2,1,12/2,1,3,2,0,1,10 S", 4, "S3", "empty_capture", 4),
        # 16 stones from pit 5: 5 + 16 = 21, the store again.
        Sowing("home", "2,4,1,6,16,0,5/1,2,0,3,1,2,5 S", 5, "Sstore", "extra_turn"),
        MoveValues("demo", DEMO, {1: -16, 2: -14, 3: 2, 5: -16}),
        Threat("demo_threat", DEMO, 11, by=3),
        # Task 1's answer: 3 + 14 = 17, South's own pit 3.
        Sowing("predict", "1,2,14,0,3,1,8/2,1,3,0,2,1,10 S", 3, "S3", "nothing"),
        # The quiz's facts.
        Sowing("q1", "4,6,4,4,2,4,0/4,4,4,4,4,4,0 S", 2, "Sstore", "extra_turn"),
        Sowing("q2", "4,4,4,4,4,3,1/4,4,4,4,4,4,0 S", 6, "N1", "odd"),
        Sowing("q4", "1,2,0,17,3,1,6/3,2,1,4,2,0,6 S", 4, "Sstore", "extra_turn"),
    ),
    # Pit 5 (11 stones: 5 + 11 = 16) comes round to the empty pit 2 and captures; every other
    # move loses.
    game=GameSpec("1,0,1,1,11,0,18/0,0,0,0,1,0,15 S", {1: -8, 3: -12, 4: -12, 5: 8}),
)
