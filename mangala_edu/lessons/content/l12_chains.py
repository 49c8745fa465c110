"""Lesson 12 (strategy): chains of extra turns. Several pits that reach the store make one
turn into many, if they are played in the right order: the pit closest to the store first (a
rule of thumb: a pit further left drops stones into the pits on its right and spoils their
count), although a pit further left can also make a new link. And an extra turn is not always
best: a link kept for later is worth more than one taken now, sometimes."""

from ..best_move import BestMove
from ..claims import Chain, Heuristic, MoveValues, Outcomes, Sowing
from ..goals import ExtraTurns
from ..puzzles import PuzzleTask
from ..spec import DemoSpec, GameSpec, LessonSpec, QuizSpec, TaskSpec

# Pit 5 (3 stones) and pit 6 (2 stones) both reach the store. Pit 6 first: a chain of four;
# pit 5 first drops a stone into pit 6, which then holds 3 and misses the store.
ORDER = "2,0,0,3,3,2,18/1,0,0,0,1,2,16 S"
# Pit 6's single stone reaches the store, but moving pit 5's stone into pit 6 (2 stones: two
# extra turns saved for the next turn) is better.
WAIT = "0,0,0,1,1,1,15/1,1,1,3,2,1,21 S"
# Pit 5 (3 stones) reaches the store; then pit 4 (4 stones), further left, drops a stone into
# pit 6, which reaches the store twice more.
CREATE = "1,1,1,4,3,0,17/1,0,1,0,0,2,17 S"

SPEC = LessonSpec(
    number=12,
    names={"tr": "12_ekstra_tur_zinciri", "en": "12_extra_turn_chains"},
    # The best line: 6, 6, 5 (three extra turns), then the single stone of pit 5 into pit 6
    # (the last link is kept for later); North answers.
    demos=(DemoSpec(ORDER, (6, 6, 5, 5, 6)), DemoSpec(CREATE, (5, 4, 6, 6))),
    tasks=(
        # Pit 3 (5 stones) reaches the store and feeds pits 4, 5 and 6: seven extra turns in
        # a row (3, 6, 5, 6, 4, 6, 6); starting with pit 6 works too.
        TaskSpec("0,0,5,3,2,1,10/3,2,4,1,3,2,12 S", ExtraTurns(7)),
        # Pit 6 first (6, 4, 6, 6); pit 4 first drops a stone into pit 6 and the chain ends.
        TaskSpec("0,1,1,4,1,2,14/1,1,1,3,0,1,18 S", ExtraTurns(4)),
        # Pits 5 and 6 both reach the store; only pit 6 first wins.
        TaskSpec("1,1,0,1,3,2,13/1,2,2,0,1,0,21 S", BestMove({1: -2, 2: -2, 4: 0, 5: -2, 6: 2})),
        # From the collection: pit 6 (2 stones) reaches the store, pit 6 again (1 stone), then
        # pit 1's empty-pit capture; taking it at once (pit 1) wins 4 less.
        PuzzleTask(id="m1ecbeed"),
    ),
    quiz=(QuizSpec(3, 1), QuizSpec(3, 2), QuizSpec(3, 0), QuizSpec(3, 2)),
    claims=(
        Heuristic("closest", ORDER, "closest_extra_turn", 6),
        Chain("order", ORDER, (6, 5, 6, 6)),
        MoveValues("order_values", ORDER, {1: -8, 4: -8, 5: -2, 6: 2}),
        # After pit 5 first, pit 6 holds 3 stones: 6 + 3 = 9, North's pit 1.
        Sowing("broken", "2,0,0,3,1,3,19/1,0,0,0,1,2,16 S", 6, "N1", "even_capture", 2),
        # The demonstration after 6, 6, 5: taking the last extra turn (pit 6) is worse than
        # keeping it (pit 5 or pit 4).
        MoveValues("last_link", "2,0,0,3,1,1,21/1,0,0,0,1,2,16 S", {1: -2, 4: 2, 5: 2, 6: 0}),
        # Pit 4 (4 stones) is further from the store, but it feeds pit 6: a chain of four.
        Chain("create", CREATE, (5, 4, 6, 6)),
        Heuristic("not_always", WAIT, "closest_extra_turn", 6, holds=False),
        MoveValues("wait", WAIT, {4: -4, 5: 0, 6: -4}),
        Sowing("wait_move", WAIT, 5, "S6", "nothing"),
        Chain("seven", "0,0,5,3,2,1,10/3,2,4,1,3,2,12 S", (3, 6, 5, 6, 4, 6, 6)),
        Chain("four", "0,1,1,4,1,2,14/1,1,1,3,0,1,18 S", (6, 4, 6, 6)),
        Outcomes(
            "seven_moves",
            "0,0,5,3,2,1,10/3,2,4,1,3,2,12 S",
            {3: "extra_turn", 4: "nothing", 5: "nothing", 6: "extra_turn"},
        ),
        Outcomes(
            "t3_moves",
            "1,1,0,1,3,2,13/1,2,2,0,1,0,21 S",
            {
                1: "nothing",
                2: "empty_opposite_empty",
                4: "nothing",
                5: "extra_turn",
                6: "extra_turn",
            },
        ),
        # The quiz: two stones in pit 6 are two extra turns.
        Sowing("q2", "1,0,0,0,0,2,20/3,2,4,1,3,2,10 S", 6, "Sstore", "extra_turn"),
        Chain("q2_chain", "1,0,0,0,0,2,20/3,2,4,1,3,2,10 S", (6, 6)),
    ),
    # Pit 4 (4 stones) reaches the store and makes pit 5 hold 3 and pit 6 hold 1: both reach
    # the store then. Every other first move loses.
    game=GameSpec("1,1,2,4,2,0,17/2,1,0,1,0,0,17 S", {1: -8, 2: -4, 3: -6, 4: 8, 5: -4}),
)
