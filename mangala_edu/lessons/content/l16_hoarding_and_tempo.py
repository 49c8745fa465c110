"""Lesson 16 (strategy): hoarding and tempo. A big pit (a hoard) is a reserve: played too
early, its stones spread into the opponent's pits; kept, it is a long move for later. But under
the official rule a hoard is in danger at the end of the set: a player whose side empties takes
every stone left on the other side. And tempo: when every active move gives something away, a
single stone that changes little (a waiting move, a rule of thumb) lets the opponent run out
of good moves first."""

from ..best_move import BestMove
from ..claims import Heuristic, MoveValues, Sowing
from ..puzzles import PuzzleTask
from ..spec import DemoSpec, GameSpec, LessonSpec, QuizSpec, TaskSpec

# Pit 5 holds 10 stones: played now it spreads stones over North's side. Pit 3 is best.
HOARD = "1,1,1,1,10,0,14/0,0,1,0,1,0,18 S"
# Every move but pit 4's single stone gives North something; pit 5 captures 2 and loses.
WAIT = "2,2,2,1,1,0,18/1,2,0,1,1,1,16 S"
# North's last stone goes into its store: North's side is empty, North takes South's hoard.
DANGER = "0,0,0,0,12,1,13/0,0,0,0,0,1,21 N"

SPEC = LessonSpec(
    number=16,
    names={"tr": "16_biriktirme_ve_tempo", "en": "16_hoarding_and_tempo"},
    demos=(DemoSpec(WAIT, (4, 6, 4)),),
    tasks=(
        # The single stone of pit 4 waits; pit 5 captures 3 at once and loses.
        TaskSpec("0,3,2,1,1,0,18/2,2,0,0,1,0,18 S", BestMove({2: -4, 3: -6, 4: 0, 5: -6})),
        # Pit 2 holds 10 stones: keep it. Pit 4's single stone is best.
        TaskSpec("1,10,0,1,1,0,14/0,1,0,0,0,1,19 S", BestMove({1: -20, 2: -4, 4: 2, 5: -20})),
        # From the collection: pit 3's single stone waits; every other move gives more away.
        PuzzleTask(id="mec73dbd"),
    ),
    quiz=(QuizSpec(3, 2), QuizSpec(3, 0), QuizSpec(3, 1), QuizSpec(3, 1)),
    claims=(
        MoveValues("hoard", HOARD, {1: 0, 2: -4, 3: 2, 4: -8, 5: -6}),
        Sowing("spread", HOARD, 5, "S1", "nothing"),
        MoveValues("wait", WAIT, {1: -6, 2: -4, 3: -6, 4: 0, 5: -4}),
        Heuristic("waiting", WAIT, "single_stone", 4),
        Sowing("grab", WAIT, 5, "S6", "empty_capture", 2),
        MoveValues("danger", DANGER, {6: 22}),
        Sowing("danger_move", DANGER, 6, "Nstore", "extra_turn"),
    ),
    # Pit 2's single stone waits and pit 5's 8 stones stay home; every other move loses.
    game=GameSpec("2,1,2,0,8,0,18/0,0,0,1,0,0,16 S", {1: -12, 2: 8, 3: -12, 5: 0}),
)
