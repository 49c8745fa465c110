"""Lesson 28 (strategy): bait and sacrifice. The safest move (after which the opponent can
capture the least: a rule of thumb from lesson 14) is not always the best, nor is a capture:
sometimes the only winning move lets the opponent capture a few stones (a sacrifice), because
what follows is worth more, e.g. the opponent must take the bait with its only pit, or the
"safe" move hands a big pit's stones over to the opponent's side."""

from ..best_move import BestMove
from ..claims import Heuristic, MoveValues, Outcomes, Sowing, Threat
from ..spec import DemoSpec, GameSpec, LessonSpec, QuizSpec, TaskSpec

# North has stones in pit 1 only. Pit 6 (9 stones) captures 2 and leaves North nothing to
# capture, but loses; pit 3's single stone lets North capture 5 and is the only winning move.
BAIT = "0,4,1,0,1,9,11/5,0,0,0,0,0,17 S"
# After pit 3, North's only move is pit 1.
BAIT_NORTH = "0,4,0,1,1,9,11/5,0,0,0,0,0,17 N"
# Pit 6 (8 stones) captures 2 and leaves North nothing to capture: the worst move. Pit 4's
# single stone lets North capture 3 and is the best.
SACRIFICE = "0,1,2,1,1,8,13/6,2,2,0,2,1,9 S"

SPEC = LessonSpec(
    number=28,
    names={"tr": "28_yem_ve_feda", "en": "28_bait_and_sacrifice"},
    # The bait: South's pit 3, North must play pit 1 and captures 5, South's pit 6 answers.
    demos=(DemoSpec(BAIT, (3, 1, 6)),),
    tasks=(
        # Pit 1 (6 stones) lets North capture 4 and draws; the safe pit 5 and the capture of
        # pit 6 lose.
        TaskSpec("6,0,0,2,2,3,11/1,2,1,2,7,0,11 S", BestMove({1: 0, 4: -2, 5: -4, 6: -4})),
        # Pit 1 (5 stones) lets North capture 4 and is best; the safe pit 3 and the capture
        # of pit 6 win less.
        TaskSpec("5,0,1,0,2,7,15/0,0,0,2,1,7,8 S", BestMove({1: 10, 3: 4, 5: 8, 6: 0})),
        # Pit 2 lets North capture 4 and loses least; the safe pit 4 loses more.
        TaskSpec("0,1,2,1,1,0,13/0,7,1,7,0,1,14 S", BestMove({2: -4, 3: -8, 4: -8, 5: -6})),
    ),
    quiz=(QuizSpec(3, 1), QuizSpec(3, 2), QuizSpec(3, 0)),
    claims=(
        MoveValues("bait", BAIT, {2: -2, 3: 2, 5: -2, 6: -2}),
        Heuristic("safe", BAIT, "safest", 6, holds=False),
        Sowing("bait_capture", BAIT, 6, "S1", "empty_capture", 2),
        Threat("bait_given", BAIT, 5, pit=3, by=1),
        Outcomes("forced", BAIT_NORTH, {1: "empty_capture"}, {1: 5}),
        MoveValues("sacrifice", SACRIFICE, {2: 2, 3: 8, 4: 10, 5: 8, 6: -6}),
        Heuristic("safe_worst", SACRIFICE, "safest", 6, holds=False),
        Sowing("hands_over", SACRIFICE, 6, "N6", "even_capture", 2),
        Threat("sacrifice_given", SACRIFICE, 3, pit=4, by=3),
        # The rule of thumb often holds: in lesson 14's demonstration the safest move is the
        # best one.
        Heuristic("safe_holds", "0,1,1,0,8,0,20/1,0,0,1,0,0,16 S", "safest", 5),
    ),
    # Pit 3 (3 stones) lets North capture 3 and is the only winning move; pit 6 captures 2
    # and loses.
    game=GameSpec("2,1,3,1,1,7,13/0,0,1,1,1,1,16 S", {1: -2, 2: 0, 3: 2, 4: 0, 5: -4, 6: -4}),
)
