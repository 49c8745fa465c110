"""Lesson 18 (strategy): the opening. From the start only pit 4 ends in the store; after it,
some second moves give North a capture at once and others do not. How good each first move is
in the end is what the package's own solver proves: the lesson reads it from
``lessons/data/opening.json`` (see :mod:`mangala_edu.lessons.opening`), which holds the exact
values of the 48-stone start's first moves (proven with the compiled kernel and the 26-stone
endgame table) and of the small game (2 stones in each pit), whose first moves the lesson's
tasks and closing game use."""

from ...engine import EventKind
from ..best_move import BestMove
from ..claims import Chain, Heuristic, Outcomes, Sowing, Threat
from ..goals import Defend, Outcome
from ..opening import OpeningValues
from ..spec import DemoSpec, GameSpec, LessonSpec, QuizSpec, TaskSpec

START = "4,4,4,4,4,4,0/4,4,4,4,4,4,0 S"
"""The start of a set."""
START_VALUES = {1: -8, 2: -8, 3: -8, 4: -2, 5: 0, 6: -2}
"""The start's first moves, as ``lessons/data/opening.json`` proves them: pit 5 keeps the draw."""
AFTER_FOUR = "4,4,4,1,5,5,1/4,4,4,4,4,4,0 S"
"""The start after South's pit 4: South moves again."""
SMALL = "2,2,2,2,2,2,0/2,2,2,2,2,2,0 S"
"""The small game: the same rules with 2 stones in each pit."""
SMALL_VALUES = {1: -2, 2: 0, 3: 2, 4: 0, 5: -2, 6: 2}
"""The small game's first moves, as ``lessons/data/opening.json`` proves them."""

SPEC = LessonSpec(
    number=18,
    names={"tr": "18_acilis", "en": "18_opening"},
    demos=(DemoSpec("start", (4, 5)),),
    tasks=(
        TaskSpec("start", Outcome(EventKind.EXTRA_TURN)),
        # After pit 4: pits 4 and 5 leave North nothing to capture at once; pits 1 and 2 give
        # North 6, pits 3 and 6 give 2.
        TaskSpec(AFTER_FOUR, Defend(0)),
        TaskSpec(SMALL, BestMove(SMALL_VALUES, proven_by="opening")),
    ),
    quiz=(QuizSpec(3, 2), QuizSpec(3, 0), QuizSpec(3, 1), QuizSpec(3, 1)),
    claims=(
        Outcomes(
            "first",
            "start",
            {1: "nothing", 2: "nothing", 3: "nothing", 4: "extra_turn", 5: "odd", 6: "odd"},
        ),
        Sowing("four", "start", 4, "Sstore", "extra_turn"),
        Threat("first_one", "start", 6, pit=1, by=4),
        Threat("first_five", "start", 0, pit=5),
        Threat("second_one", AFTER_FOUR, 6, pit=1, by=4),
        Threat("second_three", AFTER_FOUR, 2, pit=3, by=4),
        Threat("second_four", AFTER_FOUR, 0, pit=4),
        Threat("second_five", AFTER_FOUR, 0, pit=5),
        OpeningValues("opening", START, START_VALUES),
        OpeningValues("small", SMALL, SMALL_VALUES),
        Sowing("small_six", SMALL, 6, "Sstore", "extra_turn"),
        Chain("small_chain", SMALL, (6, 6)),
        # The rule of thumb "leave nothing to capture at once", where it holds: lesson 14's
        # demonstration.
        Heuristic("safe_rule", "0,1,1,0,8,0,20/1,0,0,1,0,0,16 S", "safest", 5),
    ),
    # The whole small game against the medium level; its first moves' values are the file's.
    game=GameSpec(SMALL, SMALL_VALUES, level="orta", proven_by="opening"),
)
