"""What a "try it" task asks for, and how a move is judged against it.

A goal looks at each move the learner plays (its :class:`~mangala_edu.MoveTrace`) and answers
with a :class:`Verdict`: solved, not solved (with the reason), or "go on" (the task wants
more moves, e.g. a chain of extra turns). Reasons are catalogue keys, so the learner reads them
in their own language.

>>> from mangala_edu import Position
>>> goal = Outcome("extra_turn")
>>> goal.judge([Position.start().trace(4)]).status
'solved'
>>> goal.judge([Position.start().trace(1)]).status
'wrong'
>>> [pit for pit in Position.start().legal_moves if goal.accepts_first(Position.start(), pit)]
[4]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine import MoveTrace, Position

SOLVED, WRONG, GO_ON = "solved", "wrong", "go_on"


@dataclass(frozen=True)
class Verdict:
    """``status`` is ``solved``, ``wrong`` or ``go_on``; ``key``/``params`` name the message."""

    status: str
    key: str = ""
    params: dict[str, object] = field(default_factory=dict)


class Goal:
    """Base class: judge the moves played so far in a task (the newest last)."""

    def judge(self, traces: Sequence[MoveTrace]) -> Verdict:
        raise NotImplementedError

    def accepts_first(self, position: Position, pit: int) -> bool:
        """True when playing ``pit`` first can still lead to success (used to prove tasks)."""
        return self.judge([position.trace(pit)]).status != WRONG

    def solutions(self, position: Position) -> list[int]:
        """First moves that solve the task or keep it going."""
        return [pit for pit in position.legal_moves if self.accepts_first(position, pit)]


@dataclass(frozen=True)
class Outcome(Goal):
    """The last stone must fire the rule ``kind`` (``extra_turn``, ``even_capture``,
    ``empty_capture``, ...), taking at least ``at_least`` stones for a capture."""

    kind: str
    at_least: int = 0

    def judge(self, traces: Sequence[MoveTrace]) -> Verdict:
        trace = traces[-1]
        if trace.outcome == self.kind and trace.captured >= self.at_least:
            return Verdict(SOLVED, "goal.outcome.solved")
        return Verdict(WRONG, f"goal.outcome.wanted.{self.kind}")


@dataclass(frozen=True)
class BestCapture(Goal):
    """Capture as many stones as any single move here can."""

    def judge(self, traces: Sequence[MoveTrace]) -> Verdict:
        trace = traces[-1]
        best = max(trace.before.trace(pit).captured for pit in trace.before.legal_moves)
        if trace.captured == best:
            return Verdict(SOLVED, "goal.best.solved", {"count": best})
        return Verdict(WRONG, "goal.best.wrong", {"count": trace.captured, "best": best})


@dataclass(frozen=True)
class ExtraTurns(Goal):
    """Get ``count`` extra turns in a row (``count + 1`` moves by the same player).

    A move that gives an extra turn but from which the chain can no longer reach ``count``
    is judged wrong at once, with the reason.
    """

    count: int

    def judge(self, traces: Sequence[MoveTrace]) -> Verdict:
        chain = 0
        for trace in traces:
            if not trace.extra_turn:
                break
            chain += 1
        if chain >= self.count:
            return Verdict(SOLVED, "goal.chain.solved", {"count": chain})
        last = traces[-1]
        if len(traces) == chain and not last.after.is_over:
            if any(self._reaches(last.after, p, self.count - chain)
                   for p in last.after.legal_moves):
                return Verdict(GO_ON, "goal.chain.go_on", {"count": chain, "wanted": self.count})
            return Verdict(WRONG, "goal.chain.dead_end", {"count": chain, "wanted": self.count})
        return Verdict(WRONG, "goal.chain.wrong", {"count": chain, "wanted": self.count})

    def accepts_first(self, position: Position, pit: int) -> bool:
        return self._reaches(position, pit, self.count)

    def _reaches(self, position: Position, pit: int, wanted: int) -> bool:
        trace = position.trace(pit)
        if not trace.extra_turn:
            return False
        if wanted <= 1:
            return True
        return any(self._reaches(trace.after, p, wanted - 1) for p in trace.after.legal_moves)


@dataclass(frozen=True)
class LandIn(Goal):
    """The last stone must land in board place ``place`` (a pit or a store)."""

    place: int

    def judge(self, traces: Sequence[MoveTrace]) -> Verdict:
        if traces[-1].last_place == self.place:
            return Verdict(SOLVED, "goal.land.solved")
        return Verdict(WRONG, "goal.land.wrong", {"target": self.place})


class _EndsSet(Goal):
    """End the set this turn (extra turns allowed) with the result the subclass wants."""

    key = ""

    def wanted(self, trace: MoveTrace) -> bool:
        raise NotImplementedError

    def judge(self, traces: Sequence[MoveTrace]) -> Verdict:
        trace = traces[-1]
        if trace.after.result is not None and self.wanted(trace):
            return Verdict(SOLVED, f"goal.{self.key}.solved")
        if trace.after.result is None and trace.extra_turn:
            return Verdict(GO_ON, f"goal.{self.key}.go_on")
        return Verdict(WRONG, f"goal.{self.key}.wrong")

    def accepts_first(self, position: Position, pit: int) -> bool:
        trace = position.trace(pit)
        if trace.after.result is not None:
            return self.wanted(trace)
        if trace.extra_turn:
            return any(self.accepts_first(trace.after, p) for p in trace.after.legal_moves)
        return False


@dataclass(frozen=True)
class WinSet(_EndsSet):
    """End the set this turn and win it."""

    key = "win"

    def wanted(self, trace: MoveTrace) -> bool:
        return trace.after.result.winner == trace.player  # type: ignore[union-attr]

@dataclass(frozen=True)
class PlayPit(Goal):
    """Play pit number ``pit`` (counted from the mover's own left): finding your pits."""

    pit: int

    def judge(self, traces: Sequence[MoveTrace]) -> Verdict:
        played = traces[-1].pit
        if played == self.pit:
            return Verdict(SOLVED, "goal.pit.solved", {"pit": played})
        return Verdict(WRONG, "goal.pit.wrong", {"played": played, "pit": self.pit})


@dataclass(frozen=True)
class StoreGrows(Goal):
    """Play a move after which the mover's store holds more stones."""

    def judge(self, traces: Sequence[MoveTrace]) -> Verdict:
        trace = traces[-1]
        side = trace.player
        if trace.after.store(side) > trace.before.store(side):
            return Verdict(SOLVED, "goal.store.solved")
        return Verdict(WRONG, "goal.store.wrong")


def most_captured(position: Position) -> tuple[int, int | None]:
    """The most stones the side to move can capture in its whole turn (extra turns chained),
    and the first pit of a move that does it (``None`` when nothing can be captured)."""
    best, first = 0, None
    if position.is_over:
        return best, first
    for pit in position.legal_moves:
        trace = position.trace(pit)
        taken = trace.captured + (most_captured(trace.after)[0] if trace.extra_turn else 0)
        if taken > best:
            best, first = taken, pit
    return best, first


@dataclass(frozen=True)
class Defend(Goal):
    """Leave the opponent at most ``most`` stones to capture in their next turn (after your
    move and any extra turns it gives)."""

    most: int = 0

    def judge(self, traces: Sequence[MoveTrace]) -> Verdict:
        trace = traces[-1]
        if trace.extra_turn:
            return Verdict(GO_ON, "goal.defend.go_on")
        threat, pit = most_captured(trace.after)
        if threat <= self.most:
            key = "goal.defend.safe" if threat == 0 else "goal.defend.solved"
            return Verdict(SOLVED, key, {"count": threat})
        return Verdict(WRONG, "goal.defend.wrong", {"count": threat, "pit": pit})

    def accepts_first(self, position: Position, pit: int) -> bool:
        trace = position.trace(pit)
        if trace.extra_turn:
            return any(self.accepts_first(trace.after, p) for p in trace.after.legal_moves)
        return most_captured(trace.after)[0] <= self.most


@dataclass(frozen=True)
class DrawSet(_EndsSet):
    """End the set this turn (extra turns allowed) in a draw: equal stores."""

    key = "draw"

    def wanted(self, trace: MoveTrace) -> bool:
        return trace.after.result.winner == "draw"  # type: ignore[union-attr]
