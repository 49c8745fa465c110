"""Lesson 14 (strategy): defence. Read what the opponent threatens (where each of their pits
lands, counted from their side), and the ways out: change the threatened pit's count (a
stone sown into it makes it even, so their last stone makes it odd), change the attacker's
count (a stone sown into the attacking pit makes it land one place further), or play the
threatened pit (which saves most of it, not all: the first stone goes back)."""

from ..best_move import BestMove
from ..claims import MoveValues, Sowing, Threat
from ..goals import Defend
from ..puzzles import PuzzleTask
from ..spec import DemoSpec, GameSpec, LessonSpec, PredictSpec, QuizSpec, TaskSpec

# North's pit 6 (4 stones) lands in South's pit 2 (5 stones): 6, even. Pit 1 makes pit 2 even
# first; pit 4 (10 stones) reaches North's pit 6 and changes its count; pit 2 moves the stones
# away but leaves one behind.
THREAT = "2,5,0,10,1,1,9/2,1,2,1,1,4,9 S"
THREAT_NORTH = "2,5,0,10,1,1,9/2,1,2,1,1,4,9 N"
# North's single stone in pit 1 threatens the empty pit 2, opposite South's 8 stones. Pit 5
# sows into North's pits 1 and 2: the threat is gone.
DEMO = "0,1,1,0,8,0,20/1,0,0,1,0,0,16 S"
# North's single stone in pit 2 threatens the empty pit 3, opposite South's 7 stones.
TASK3 = "0,1,1,7,1,0,15/0,1,0,1,1,0,20 S"

SPEC = LessonSpec(
    number=14,
    names={"tr": "14_savunma", "en": "14_defence"},
    demos=(DemoSpec(DEMO, (5, 4)),),
    tasks=(
        # North to move in task 3's position: pit 2's single stone lands in the empty pit 3.
        PredictSpec("0,1,1,7,1,0,15/0,1,0,1,1,0,20 N", 2),
        # North's pit 5 (7 stones) lands in South's pit 4 (5 -> 6). Only pit 3 (2 stones)
        # leaves North nothing: it makes pit 4 even first.
        TaskSpec("2,1,2,5,2,0,13/0,0,0,2,7,0,14 S", Defend(0)),
        TaskSpec(TASK3, BestMove({2: -16, 3: -14, 4: 0, 5: -14})),
        # From the collection: pit 3 (4 stones) fills North's row so that nothing is left to
        # take; pits 1 and 2 give stones away.
        PuzzleTask(id="m21be4a0"),
    ),
    quiz=(QuizSpec(3, 1), QuizSpec(3, 0), QuizSpec(3, 2), QuizSpec(3, 0)),
    claims=(
        Threat("threat", THREAT, 6, by=6),
        Sowing("reach", THREAT_NORTH, 6, "S2", "even_capture", 6),
        Threat("count", THREAT, 0, pit=1),
        Threat("attacker", THREAT, 0, pit=4),
        Threat("away", THREAT, 2, pit=2, by=6),
        Threat("demo_threat", DEMO, 9, by=1),
        MoveValues("demo", DEMO, {2: -8, 3: -4, 5: 8}),
        Threat("defend_threat", "2,1,2,5,2,0,13/0,0,0,2,7,0,14 S", 6, by=5),
        Threat("task3_threat", TASK3, 8, by=2),
    ),
    # North's pit 2 (2 stones) lands in its empty pit 3, opposite South's 6 stones. Pit 4
    # sows into North's pits 1 and 2; every other move loses.
    game=GameSpec("1,0,0,6,2,3,15/0,2,0,1,0,0,18 S", {1: -2, 4: 8, 5: -6, 6: -6}),
)
