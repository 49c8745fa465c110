"""Lesson 6: the empty-pit capture (boş kuyu): the last stone in your own empty pit takes the
stones of the pit opposite (pit i faces the opponent's pit 7 - i), together with itself;
nothing when the opposite pit is empty; never in the opponent's pits. And the other side of
the rule: the opponent's empty pits threaten your full ones."""

from ...engine import EventKind
from ..goals import BestCapture, Defend, Outcome
from ..spec import DemoSpec, LessonSpec, PredictSpec, QuizSpec, TaskSpec

SPEC = LessonSpec(
    number=6,
    names={"tr": "06_bos_kuyu", "en": "06_empty_pit"},
    # South 2 (2 stones): the last stone in empty pit 3 takes North's 6 from pit 4 (7 in all).
    # North answers with pit 1 (2 stones): the last stone in its empty pit 2 takes the 7 stones
    # of South's pit 5, which faced it (8 in all).
    demos=(DemoSpec("5,2,0,1,7,1,8/2,0,2,6,5,0,9 S", (2, 1)),),
    tasks=(
        # Pit 2 ends in empty pit 3 facing North's 6 stones. Pit 5 ends in empty pit 6, but
        # North's pit 1 opposite is empty; pit 4 ends in North's empty pit 1 (odd: nothing).
        TaskSpec("0,2,0,5,1,0,12/0,5,4,6,3,4,6 S", Outcome(EventKind.EMPTY_CAPTURE)),
        # 12 stones from pit 3 go round the board and end in South's empty pit 1, taking North's
        # pit 6 (3 stones and the one just sown there) with the last stone: 5 in all.
        PredictSpec("0,2,12,1,3,2,6/3,4,2,3,1,3,6 S", 3),
        # Three empty-pit captures: pit 1 takes 4, pit 5 takes 6, pit 3 takes 8.
        TaskSpec("1,0,2,0,2,0,10/5,2,7,1,3,4,11 S", BestCapture()),
        # The demo's position: North's pit 1 threatens South's 7 stones in pit 5 (8 with the
        # last stone). Pit 5 (also after pit 6's extra turn) leaves North nothing to capture;
        # pit 2 captures 7 but loses 8; pits 1 and 4 leave the threat (9 with pit 1).
        TaskSpec("5,2,0,1,7,1,8/2,0,2,6,5,0,9 S", Defend(0)),
    ),
    quiz=(QuizSpec(3, 2), QuizSpec(3, 0), QuizSpec(3, 1), QuizSpec(3, 2)),
)
