"""Lesson 24: Mangala IV (Gaziantep): the leftmost pit is always played, so the mover has no
choice; relay sowing; 2 or 4 captures with the pit opposite, and the run before it. A lesson of
predicting and watching: its tasks are predictions."""

from dataclasses import dataclass

from ...engine import EventKind
from ...engine.game import Game
from ..claims import Claim, Facts
from ..spec import DemoSpec, LessonSpec, PredictSpec, QuizSpec


@dataclass(frozen=True)
class RepeatEnding(Claim):
    """A game of forced moves from ``position`` stops on a repeated position (this package's
    ending for the storeless games) at move ``moves``: the lesson's proof that the ending is no
    corner case.

    >>> RepeatEnding("ending", "start", moves=26, rules="mangala-iv").problems()
    []
    >>> RepeatEnding("ending", "start", moves=25, rules="mangala-iv").problems()
    ['ending: the game stops on a repeat at move 26, not 25']
    """

    moves: int

    def problems(self) -> list[str]:
        start = self.start()
        game = Game(start.rules, start=start)
        trace = None
        while not game.position.is_over:
            moves = game.position.legal_moves
            if len(moves) != 1:
                return [f"{self.name}: the mover has a choice at move {len(game.moves) + 1}"]
            trace = game.push(moves[0])
        if trace is None or not any(e.kind == EventKind.REPETITION for e in trace.events):
            return [f"{self.name}: the game ends without a repeat"]
        if len(game.moves) != self.moves:
            return [
                f"{self.name}: the game stops on a repeat at move {len(game.moves)}, "
                f"not {self.moves}"
            ]
        return []

    def facts(self) -> Facts:
        return Facts(self.name, {"moves": self.moves})


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
    # The game from 7 stones in every pit stops on a repeated position (the text says so).
    claims=(RepeatEnding("ending", "start", moves=26, rules="mangala-iv"),),
)
