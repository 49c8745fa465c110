"""Lesson 27 (strategy): combinations. An extra turn lets you move twice in one turn, and the
first move can prepare the second: it empties a pit (the single stone of pit 6 goes to the
store, and pit 6 is an empty pit to land in) or drops stones into the pits on its right and
changes where they land; the order matters. And the other side of it: count the opponent's
pits that reach their store, and spoil them (a stone more in such a pit sends its last stone
past the store; a capture takes it away)."""

from ..best_move import BestMove
from ..claims import MoveValues, Outcomes, Sowing
from ..spec import DemoSpec, GameSpec, LessonSpec, QuizSpec, TaskSpec

# Pit 6's single stone reaches the store and leaves pit 6 empty; then pit 5's single stone
# lands in it and takes North's pit 1 (7 + 1): South's side is empty and the set ends 27-21.
# Pit 5 first makes pit 6 hold 2 stones: nothing.
COMBO = "0,0,0,0,1,1,7/7,7,2,0,2,0,21 S"
COMBO_NEXT = "0,0,0,0,1,0,8/7,7,2,0,2,0,21 S"
# Pit 5 (4 stones) lands in North's pit 1 (2 -> 3): nothing. Pit 3 (5 stones) reaches the
# store and drops a stone into pit 5: 5 stones land in North's pit 2 (5 -> 6), a capture.
COUNT = "1,1,5,0,4,0,15/2,5,0,0,1,3,11 S"
COUNT_NEXT = "1,1,1,1,5,1,16/2,5,0,0,1,3,11 S"
# North's pits 2, 4 and 6 reach North's store. South's pit 5 (9 stones) drops a stone into
# each North pit: pits 2 and 4 go one place too far, and the last stone takes pit 6's 2.
SPOIL = "0,2,1,1,9,0,11/1,6,1,4,1,1,10 S"
SPOIL_NORTH = "0,2,1,1,9,0,11/1,6,1,4,1,1,10 N"
SPOILED = "0,2,1,1,1,1,14/2,7,2,5,2,0,10 N"
# Task 3: North's pit 4 (4 stones) reaches its store; South's pit 6 (6 stones) drops the
# last stone into it.
TASK3 = "1,2,1,0,2,6,15/2,0,1,4,0,3,11 S"

SPEC = LessonSpec(
    number=27,
    names={"tr": "27_kombinasyon", "en": "27_combinations"},
    demos=(DemoSpec(COMBO, (6, 5)), DemoSpec(COUNT, (3, 5))),
    tasks=(
        # Pit 6 (a single stone) first, then pit 5 (2 stones) lands in the empty pit 6 and
        # takes North's pit 1. Pit 5 first lands in pit 6 (2 stones): nothing.
        TaskSpec("0,0,3,0,2,1,14/7,1,2,1,0,0,17 S", BestMove({3: -2, 5: -8, 6: 4})),
        # Pit 3 (5 stones) reaches the store and makes pit 5 hold 5: it then lands in North's
        # pit 2 (5 -> 6). Pit 5 at once lands in North's pit 1 (6 -> 7): nothing.
        TaskSpec("0,0,5,1,4,0,12/6,5,2,0,3,0,10 S", BestMove({3: 6, 4: 2, 5: -8})),
        # North's pit 4 (4 stones) reaches its store: pit 6 (6 stones) spoils it.
        TaskSpec(TASK3, BestMove({1: 0, 2: 0, 3: 2, 5: 2, 6: 6})),
    ),
    quiz=(QuizSpec(3, 2), QuizSpec(3, 0), QuizSpec(3, 1), QuizSpec(3, 2)),
    claims=(
        Outcomes("combo_now", COMBO, {5: "nothing", 6: "extra_turn"}),
        Sowing("wrong_order", COMBO, 5, "S6", "nothing"),
        Sowing("combo_capture", COMBO_NEXT, 5, "S6", "empty_capture", 8),
        MoveValues("combo", COMBO, {5: -10, 6: 6}),
        Sowing("count_before", COUNT, 5, "N1", "odd"),
        Sowing("count_extra", COUNT, 3, "Sstore", "extra_turn"),
        Sowing("count_capture", COUNT_NEXT, 5, "N2", "even_capture", 6),
        MoveValues("count", COUNT, {1: 4, 2: 4, 3: 10, 5: 4}),
        MoveValues("count_next", COUNT_NEXT, {1: 2, 2: 4, 3: 6, 4: 4, 5: 10, 6: 6}),
        Outcomes(
            "their_pits",
            SPOIL_NORTH,
            {
                1: "nothing",
                2: "extra_turn",
                3: "nothing",
                4: "extra_turn",
                5: "nothing",
                6: "extra_turn",
            },
        ),
        Sowing("spoil", SPOIL, 5, "N6", "even_capture", 2),
        Outcomes(
            "spoiled",
            SPOILED,
            {1: "nothing", 2: "odd", 3: "nothing", 4: "odd", 5: "empty_opposite_empty"},
        ),
        MoveValues("spoil_values", SPOIL, {2: -14, 3: -10, 4: -8, 5: -2}),
        Outcomes(
            "t3_north",
            "1,2,1,0,2,6,15/2,0,1,4,0,3,11 N",
            {1: "empty_capture", 3: "nothing", 4: "extra_turn", 6: "even_capture"},
            {1: 3, 6: 2},
        ),
        Sowing("t3_spoil", TASK3, 6, "N4", "odd"),
        # What the prompts of task 1 and of the game say: no move captures yet, one move
        # reaches the store.
        Outcomes(
            "t1_now",
            "0,0,3,0,2,1,14/7,1,2,1,0,0,17 S",
            {3: "nothing", 5: "nothing", 6: "extra_turn"},
        ),
        Outcomes(
            "game_now",
            "0,5,0,1,1,1,13/7,1,2,3,0,1,13 S",
            {2: "nothing", 4: "nothing", 5: "nothing", 6: "extra_turn"},
        ),
        # The quiz: a single stone in North's pit 6 reaches the store; with a stone more (2),
        # it still does.
        Sowing("q4", "0,2,1,1,9,0,11/1,6,1,4,1,2,9 N", 6, "Nstore", "extra_turn"),
    ),
    # Pit 6's single stone reaches the store and empties pit 6; then pit 2 (5 stones) lands
    # in it and takes North's pit 1. Every other first move loses.
    game=GameSpec("0,5,0,1,1,1,13/7,1,2,3,0,1,13 S", {2: -4, 4: -4, 5: -6, 6: 8}),
)
