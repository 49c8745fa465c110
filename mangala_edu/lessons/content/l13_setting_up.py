"""Lesson 13 (strategy): setting up captures. The opponent's odd pits are targets; a sowing
that passes through the opponent's pits adds a stone to each and can make an even pit odd, ready
for one of your pits to land in next turn. A quiet move that leaves two (or three) threats at
once is often better than a small capture now: the opponent cannot answer them all."""

from ..best_move import BestMove, Threatens
from ..claims import Attacks, MoveValues, Outcomes
from ..puzzles import PuzzleTask
from ..spec import DemoSpec, GameSpec, LessonSpec, QuizSpec, TaskSpec

# No move captures now. Pit 6 (3 stones) ends in North's pit 1 and makes it 3 (odd): next turn
# pit 5 (4 stones) lands there and makes it 4.
SETUP = "0,0,0,2,4,3,15/2,3,1,0,2,1,15 S"
# No move captures now. Pit 4 (6 stones) passes North's pits 1 and 2 and makes both odd: pit 5
# then aims at North's pit 1, pit 6 at North's pit 2.
DOUBLE = "1,3,2,6,3,3,9/4,0,1,1,5,0,10 S"
# Pit 3's single stone empties pit 3: three of South's pits then threaten a capture.
TRIPLE = "0,1,1,2,1,0,15/3,1,1,3,2,0,18 S"

SPEC = LessonSpec(
    number=13,
    names={"tr": "13_av_hazirlamak", "en": "13_setting_up_captures"},
    # South 3 (three threats); North saves one pit; South captures with pit 4 by the empty
    # pit 6.
    demos=(DemoSpec(TRIPLE, (3, 4, 4)),),
    tasks=(
        # Only pit 5 leaves two threats: pit 4 aims at North's pit 2, pit 6 at North's pit 1.
        TaskSpec("4,0,0,6,5,2,12/0,2,0,0,0,5,12 S", Threatens(2)),
        # Pit 2's single stone leaves two threats (pits 1 and 3, by empty pits).
        TaskSpec("2,1,3,2,0,0,17/1,0,3,0,1,2,16 S", BestMove({1: -4, 2: 2, 3: -2, 4: -6})),
        # Written for the lesson (no puzzle of the collection sets up a capture in one move
        # yet): pit 4 makes North's pit 1 odd and threatens two captures.
        PuzzleTask(id="inline-even-1"),
    ),
    quiz=(QuizSpec(3, 0), QuizSpec(3, 2), QuizSpec(3, 1), QuizSpec(3, 2)),
    claims=(
        Outcomes("setup_now", SETUP, {4: "nothing", 5: "odd", 6: "odd"}),
        Attacks("setup", SETUP, 6, {5: 4}),
        Outcomes(
            "double_now",
            DOUBLE,
            {1: "nothing", 2: "nothing", 3: "nothing", 4: "odd", 5: "extra_turn", 6: "odd"},
        ),
        Attacks("double", DOUBLE, 4, {5: 6, 6: 2}),
        Attacks("triple", TRIPLE, 3, {2: 4, 4: 4, 5: 4}),
        MoveValues("triple_values", TRIPLE, {2: -8, 3: 2, 4: -6, 5: -6}),
        Outcomes(
            "triple_now",
            TRIPLE,
            {2: "nothing", 3: "nothing", 4: "nothing", 5: "empty_capture"},
            {5: 4},
        ),
        Outcomes(
            "game_moves",
            "1,0,1,0,5,0,21/0,0,1,0,1,0,18 S",
            {1: "empty_capture", 3: "empty_capture", 5: "odd"},
            {1: 2, 3: 2},
        ),
    ),
    # Pit 5 (5 stones) leaves two threats by empty pits (pits 1 and 3); every other move loses.
    game=GameSpec("1,0,1,0,5,0,21/0,0,1,0,1,0,18 S", {1: -2, 3: -2, 5: 8}),
)
