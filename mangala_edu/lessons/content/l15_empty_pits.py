"""Lesson 15 (strategy): empty pits. An empty pit of yours opposite a big pit of your opponent
is a weapon: any of your pits that lands in it captures. To make one, play a single stone (a
pit with more stones keeps its first stone). And the other way round: a big pit of yours
opposite an empty pit of your opponent is in danger."""

from ..best_move import BestMove
from ..claims import Attacks, MoveValues, Outcomes, Sowing, Threat
from ..goals import BestCapture, Defend
from ..puzzles import PuzzleTask
from ..spec import DemoSpec, GameSpec, LessonSpec, QuizSpec, TaskSpec

# Pit 2's single stone leaves pit 2 empty, opposite North's 5 stones; then pit 1's stone can
# drop into it. Pit 3 (2 stones) keeps its first stone.
DEMO = "1,1,2,2,0,0,18/0,1,1,1,5,0,16 S"
# Pit 2 (2 stones) and pit 5 (12 stones, a whole lap) both end in the empty pit 3; the long
# sowing drops a stone into North's pit 4 on its way and takes one more.
LAP = "0,2,0,3,12,1,9/3,2,1,6,2,3,4 S"
# North's single stone in pit 1 threatens its empty pit 2, opposite South's 8 stones.
DANGER = "0,2,1,1,8,0,15/1,0,2,0,0,0,18 S"

SPEC = LessonSpec(
    number=15,
    names={"tr": "15_bos_kuyular", "en": "15_empty_pits"},
    # South empties pit 2; North answers by sowing its big pit 5 away (a stone lands in
    # South's empty pit 2); South then captures by the empty pit 5.
    demos=(DemoSpec(DEMO, (2, 5, 3)),),
    tasks=(
        TaskSpec(LAP, BestCapture()),
        # Pit 2's single stone leaves pit 2 empty, opposite North's 6 stones: +2. Pit 3 takes
        # 2 at once by the empty pit 4 but loses.
        TaskSpec("1,1,1,0,2,0,19/0,0,1,1,6,1,15 S", BestMove({1: -6, 2: 2, 3: -4, 5: -4})),
        # Only pit 5 (8 stones) leaves North nothing: it fills North's pits 1 and 2.
        TaskSpec(DANGER, Defend(0)),
        # From the collection: pit 2's single stone falls into the empty pit 3 and captures:
        # the only move that does not lose.
        PuzzleTask(id="mf9411a0"),
    ),
    quiz=(QuizSpec(3, 0), QuizSpec(3, 1), QuizSpec(3, 2), QuizSpec(3, 0)),
    claims=(
        Sowing("single", DEMO, 2, "S3", "nothing"),
        Sowing("several", DEMO, 3, "S4", "nothing"),
        Attacks("weapon", DEMO, 2, {1: 6, 3: 2, 4: 2}),
        MoveValues("demo", DEMO, {1: -8, 2: 2, 3: -2, 4: -4}),
        Outcomes(
            "lap",
            LAP,
            {2: "empty_capture", 4: "nothing", 5: "empty_capture", 6: "extra_turn"},
            {2: 7, 5: 8},
        ),
        Threat("danger", DANGER, 9, by=1),
    ),
    # Pit 3's single stone leaves pit 3 empty: pit 2 can then drop into it (North's pit 4
    # opposite) and pit 5 into the empty pit 6 (North's pit 1 opposite): two threats.
    game=GameSpec("0,1,1,3,1,0,16/4,0,0,2,2,1,17 S", {2: -2, 3: 6, 4: 0, 5: 0}),
)
