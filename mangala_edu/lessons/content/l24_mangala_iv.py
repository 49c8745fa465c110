"""Lesson 24: Mangala IV (Gaziantep): the leftmost pit is always played, so the mover has no
choice; relay sowing; 2 or 4 captures with the pit opposite, and the run before it. A lesson of
predicting and watching: its tasks are predictions."""

from ..spec import DemoSpec, LessonSpec, PredictSpec, QuizSpec

SPEC = LessonSpec(
    number=24,
    names={"tr": "24_mangala_iv_gaziantep", "en": "24_mangala_iv_gaziantep"},
    # The first six moves from 7 stones in every pit (each one forced).
    demos=(DemoSpec("start", (1, 1, 1, 2, 1, 1), rules="mangala-iv"),),
    tasks=(
        # No relay: 5 stones from pit 4 end in North's pit 2, made 2 (taken with South's 6).
        PredictSpec("0,0,0,5,12,0,3,11/0,1,1,3,16,1,1,44 S", 4, rules="mangala-iv"),
        # One relay: pit 1's last stone makes pit 4 hold 6, which sows on into North's
        # empty pit 3.
        PredictSpec("3,3,0,5,0,0,1,32/1,0,0,1,1,10,12,29 S", 1, rules="mangala-iv"),
        # 18 stones, one relay, and a capture of 10 stones from 5 pits in North's row.
        PredictSpec("0,0,18,1,0,0,1,22/0,0,0,0,17,7,9,23 S", 3, rules="mangala-iv"),
    ),
    quiz=(QuizSpec(3, 1), QuizSpec(3, 0), QuizSpec(3, 2)),
)
