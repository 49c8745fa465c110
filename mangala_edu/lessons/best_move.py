r""" "Find the best move" tasks, judged by the exact solver's values.

:class:`BestMove` holds the value of every legal move (the final store difference from the
mover's side under perfect play, as :func:`~mangala_edu.search.value_of_moves` gives it). The
values are written in the lesson's spec, so a task answers at once, and ``tests/test_claims.py``
proves them with the solver (:meth:`BestMove.claim`).

A move that is not best is explained from its trace: what the better move does (an extra turn,
a capture, a safer board, the end of the set, or a better result later) and what the played move
allows (a capture by the opponent at once, the end of the set, or a worse result later):

>>> from mangala_edu import Position
>>> position = Position.from_text("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S")
>>> goal = BestMove({5: -8, 6: -2})
>>> print(goal.judge([position.trace(5)]).said.text("en"))
Not the best move: pit 6 was better, by 6 stones. Pit 6 ends in your store: you move again.
After your move your opponent can capture 2 stones at once, by playing their pit 1.
>>> print(goal.judge([position.trace(6)]).said.text("tr"))
Aferin, en iyi hamle bu! İki taraf da en iyi oynarsa seti 25–23 kaybedersin: bu, buradaki en az
kayıp.
>>> goal.solutions(position)
[6]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..engine import MoveTrace, Position
from ..i18n import Message
from .claims import MoveValues, score
from .goals import GO_ON, SOLVED, WRONG, Goal, Verdict, most_captured


def result_message(position: Position, value: int, *, best: bool = False) -> Message:
    """ "With best play on both sides you win/lose the set X–Y" (the mover is "you") for a
    value in ``position``; with ``best``, a loss is said to be the smallest possible.

    >>> result_message(Position.start(), 4).text("en")
    'With best play on both sides you win the set 26–22.'
    """
    mine, theirs = score(position, value)
    if value > 0:
        key = "goal.bestmove.result.win"
    elif value == 0:
        key = "goal.bestmove.result.draw"
    else:
        key = "goal.bestmove.result.loss_least" if best else "goal.bestmove.result.loss"
    return Message(key, mine=mine, theirs=theirs)


def _threat(trace: MoveTrace) -> tuple[int, int | None]:
    """What the opponent can capture in their next turn after ``trace`` (0 when the mover
    moves again or the set is over), and the first pit of that attack."""
    if trace.extra_turn or trace.after.is_over:
        return 0, None
    return most_captured(trace.after)


def _shown_best(position: Position, best: Sequence[int]) -> int:
    """The best move to talk about: one that ends the set, gives an extra turn or captures
    (in that order) if any does, else the lowest pit."""

    def rank(pit: int) -> tuple[int, int, int, int]:
        trace = position.trace(pit)
        return (-trace.after.is_over, -trace.extra_turn, -trace.captured, pit)

    return min(best, key=rank)


def why_not_best(
    position: Position, pit: int, values: Mapping[int, int]
) -> tuple[int, Message, Message]:
    """For a move ``pit`` that is not best: the better pit, what it does, and what ``pit``
    allows (messages speaking to the mover as "you")."""
    top = max(values.values())
    best = _shown_best(position, [p for p, v in values.items() if v == top])
    good, played = position.trace(best), position.trace(pit)
    good_threat, _ = _threat(good)
    threat, by = _threat(played)
    if good.after.is_over:
        mine, theirs = score(position, top)
        better = Message("goal.bestmove.better.ends", pit=best, mine=mine, theirs=theirs)
    elif good.extra_turn:
        better = Message("goal.bestmove.better.extra_turn", pit=best)
    elif good.captured:
        better = Message("goal.bestmove.better.capture", pit=best, count=good.captured)
    elif good_threat < threat:
        better = (
            Message("goal.bestmove.better.safe", pit=best, count=good_threat)
            if good_threat
            else Message("goal.bestmove.better.safe_all", pit=best)
        )
    else:
        mine, theirs = score(position, top)
        better = Message("goal.bestmove.better.long", pit=best, mine=mine, theirs=theirs)
    mine, theirs = score(position, values[pit])
    if played.after.is_over:
        allowed = Message("goal.bestmove.allowed.ends", mine=mine, theirs=theirs)
    elif threat > good_threat and by is not None:
        allowed = Message("goal.bestmove.allowed.capture", count=threat, by=by)
    else:
        allowed = Message("goal.bestmove.allowed.later", mine=mine, theirs=theirs)
    return best, better, allowed


@dataclass(frozen=True)
class BestMove(Goal):
    """Play a best move: one whose exact value (``values``: every legal move's value, proven
    by the tests) is the highest. The first move decides the task, extra turn or not."""

    values: Mapping[int, int] = field(hash=False)
    proven_by: str = "solver"
    """``solver`` (the tests solve the position) or ``opening`` (the values are those of
    ``lessons/data/opening.json``, which a slow test proves)."""

    @property
    def best_value(self) -> int:
        return max(self.values.values())

    def claim(self, name: str, position: str, rules: str = "official") -> MoveValues:
        """The claim these values make about ``position`` (for the tests to prove)."""
        if self.proven_by == "opening":
            from .opening import OpeningValues

            return OpeningValues(name, position, dict(self.values), rules=rules)
        return MoveValues(name, position, dict(self.values), rules=rules)

    def judge(self, traces: Sequence[MoveTrace]) -> Verdict:
        trace = traces[0]
        position = trace.before
        value = self.values[trace.pit]
        if value == self.best_value:
            result = result_message(position, value, best=True)
            many = sum(v == value for v in self.values.values()) > 1
            key = "goal.bestmove.solved_one_of" if many else "goal.bestmove.solved"
            return Verdict(SOLVED, Message(key, result=result))
        best, better, allowed = why_not_best(position, trace.pit, self.values)
        return Verdict(
            WRONG,
            Message(
                "goal.bestmove.wrong",
                best=best,
                cost=self.best_value - value,
                better=better,
                allowed=allowed,
            ),
        )

    def accepts_first(self, position: Position, pit: int) -> bool:
        return self.values[pit] == self.best_value


def threats_after(trace: MoveTrace) -> dict[int, int]:
    """After a move that passes the turn: each of the mover's pits that could capture if it
    were the mover's move again, with the stones it would take (the threats the opponent must
    answer)."""
    if trace.extra_turn or trace.after.is_over:
        return {}
    again = Position(trace.after.board, trace.player, trace.before.rules)
    return {
        pit: again.trace(pit).captured for pit in again.legal_moves if again.trace(pit).captured
    }


@dataclass(frozen=True)
class Threatens(Goal):
    """Make a move after which at least ``count`` of your pits threaten a capture (of at least
    ``at_least`` stones each): the opponent has to answer all of them.

    >>> from mangala_edu import Position
    >>> position = Position.from_text("1,3,2,6,3,3,9/4,0,1,1,5,0,10 S")
    >>> Threatens(2).solutions(position)
    [4]
    >>> print(Threatens(2).judge([position.trace(4)]).said.text("en"))
    Well done: now 2 of your pits threaten a capture (pits 5, 6). North has to answer them all.
    """

    count: int = 2
    at_least: int = 2

    def _threats(self, trace: MoveTrace) -> dict[int, int]:
        return {p: c for p, c in threats_after(trace).items() if c >= self.at_least}

    def judge(self, traces: Sequence[MoveTrace]) -> Verdict:
        trace = traces[-1]
        if trace.extra_turn:
            return Verdict(GO_ON, Message("goal.threatens.go_on"))
        found = self._threats(trace)
        if len(found) >= self.count:
            pits = ", ".join(str(p) for p in sorted(found))
            return Verdict(SOLVED, Message("goal.threatens.solved", count=len(found), pits=pits))
        if not found:
            return Verdict(WRONG, Message("goal.threatens.none", wanted=self.count))
        return Verdict(WRONG, Message("goal.threatens.wrong", count=len(found), wanted=self.count))

    def accepts_first(self, position: Position, pit: int) -> bool:
        trace = position.trace(pit)
        if trace.extra_turn:
            return any(self.accepts_first(trace.after, p) for p in trace.after.legal_moves)
        return len(self._threats(trace)) >= self.count
