r"""What a "try it" task asks for, and how a move is judged against it.

A goal looks at each move the learner plays (its :class:`~mangala_edu.MoveTrace`) and answers
with a :class:`Verdict`: solved, not solved (with the reason), or "go on" (the task wants
more moves, e.g. a chain of extra turns). Reasons are :class:`~mangala_edu.i18n.Message`\ s,
so the learner reads them in their own language.

>>> from mangala_edu import Position
>>> goal = Outcome(EventKind.EXTRA_TURN)
>>> goal.judge([Position.start().trace(4)]).status
'solved'
>>> goal.judge([Position.start().trace(1)]).status
'wrong'
>>> [pit for pit in Position.start().legal_moves if goal.accepts_first(Position.start(), pit)]
[4]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ..display.captions import place_message
from ..engine import EventKind, MoveTrace, Position
from ..i18n import Message

SOLVED, WRONG, GO_ON = "solved", "wrong", "go_on"


@dataclass(frozen=True)
class Verdict:
    """``status`` is ``solved``, ``wrong`` or ``go_on``; ``said`` is what to tell the learner
    (its text may also name ``{side}``, the task's mover, and ``{other}``, the opponent)."""

    status: str
    said: Message


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


#: Why a move that fired another rule does not solve an :class:`Outcome` task.
_WANTED: dict[EventKind, str] = {
    EventKind.EXTRA_TURN: "goal.outcome.wanted.extra_turn",
    EventKind.EVEN_CAPTURE: "goal.outcome.wanted.even_capture",
    EventKind.EMPTY_CAPTURE: "goal.outcome.wanted.empty_capture",
    EventKind.ODD: "goal.outcome.wanted.odd",
    EventKind.EMPTY_OPPOSITE_EMPTY: "goal.outcome.wanted.empty_opposite_empty",
    EventKind.NOTHING: "goal.outcome.wanted.nothing",
    # The family's games (Toguz Korgool's tuzdik; Mangala II's and IV's count captures):
    EventKind.TUZDIK: "goal.outcome.wanted.tuzdik",
    EventKind.CHAIN_CAPTURE: "goal.outcome.wanted.chain_capture",
}


@dataclass(frozen=True)
class Outcome(Goal):
    """The last stone must fire the rule ``kind`` (``extra_turn``, ``even_capture``,
    ``empty_capture``, ...), taking at least ``at_least`` stones for a capture."""

    kind: EventKind
    at_least: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", EventKind(self.kind))

    def judge(self, traces: Sequence[MoveTrace]) -> Verdict:
        trace = traces[-1]
        if trace.outcome == self.kind and trace.captured >= self.at_least:
            return Verdict(SOLVED, Message("goal.outcome.solved"))
        return Verdict(WRONG, Message(_WANTED[self.kind]))


@dataclass(frozen=True)
class BestCapture(Goal):
    """Capture as many stones as any single move here can."""

    def judge(self, traces: Sequence[MoveTrace]) -> Verdict:
        trace = traces[-1]
        best = max(trace.before.trace(pit).captured for pit in trace.before.legal_moves)
        if trace.captured == best:
            return Verdict(SOLVED, Message("goal.best.solved", count=best))
        if not trace.captured:
            return Verdict(WRONG, Message("goal.best.wrong_none", best=best))
        return Verdict(WRONG, Message("goal.best.wrong", count=trace.captured, best=best))


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
            return Verdict(SOLVED, Message("goal.chain.solved", count=chain))
        last = traces[-1]
        if len(traces) == chain and not last.after.is_over:
            if any(
                self._reaches(last.after, p, self.count - chain) for p in last.after.legal_moves
            ):
                return Verdict(GO_ON, Message("goal.chain.go_on", count=chain, wanted=self.count))
            return Verdict(WRONG, Message("goal.chain.dead_end", count=chain, wanted=self.count))
        return Verdict(WRONG, Message("goal.chain.wrong", count=chain, wanted=self.count))

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
        trace = traces[-1]
        if trace.last_place == self.place:
            return Verdict(SOLVED, Message("goal.land.solved"))
        return Verdict(
            WRONG, Message("goal.land.wrong", target=place_message(self.place, trace.before.rules))
        )


class _EndsSet(Goal):
    """End the set this turn (extra turns allowed) with the result the subclass wants; the
    subclass names its texts for each verdict."""

    texts: ClassVar[dict[str, str]] = {}

    def wanted(self, trace: MoveTrace) -> bool:
        raise NotImplementedError

    def judge(self, traces: Sequence[MoveTrace]) -> Verdict:
        trace = traces[-1]
        if trace.after.result is not None and self.wanted(trace):
            status = SOLVED
        elif trace.after.result is None and trace.extra_turn:
            status = GO_ON
        else:
            status = WRONG
        return Verdict(status, Message(self.texts[status]))

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

    texts: ClassVar[dict[str, str]] = {
        SOLVED: "goal.win.solved",
        GO_ON: "goal.win.go_on",
        WRONG: "goal.win.wrong",
    }

    def wanted(self, trace: MoveTrace) -> bool:
        result = trace.after.result
        return result is not None and result.winner == trace.player


@dataclass(frozen=True)
class PlayPit(Goal):
    """Play pit number ``pit`` (counted from the mover's own left): finding your pits."""

    pit: int

    def judge(self, traces: Sequence[MoveTrace]) -> Verdict:
        played = traces[-1].pit
        if played == self.pit:
            return Verdict(SOLVED, Message("goal.pit.solved", pit=played))
        return Verdict(WRONG, Message("goal.pit.wrong", played=played, pit=self.pit))


@dataclass(frozen=True)
class StoreGrows(Goal):
    """Play a move after which the mover's store holds more stones."""

    def judge(self, traces: Sequence[MoveTrace]) -> Verdict:
        trace = traces[-1]
        side = trace.player
        if trace.after.store(side) > trace.before.store(side):
            return Verdict(SOLVED, Message("goal.store.solved"))
        return Verdict(WRONG, Message("goal.store.wrong"))


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
            return Verdict(GO_ON, Message("goal.defend.go_on"))
        threat, pit = most_captured(trace.after)
        if threat == 0:
            return Verdict(SOLVED, Message("goal.defend.safe", count=threat))
        if threat <= self.most:
            return Verdict(SOLVED, Message("goal.defend.solved", count=threat))
        return Verdict(WRONG, Message("goal.defend.wrong", count=threat, pit=pit))

    def accepts_first(self, position: Position, pit: int) -> bool:
        trace = position.trace(pit)
        if trace.extra_turn:
            return any(self.accepts_first(trace.after, p) for p in trace.after.legal_moves)
        return most_captured(trace.after)[0] <= self.most


@dataclass(frozen=True)
class DrawSet(_EndsSet):
    """End the set this turn (extra turns allowed) in a draw: equal stores."""

    texts: ClassVar[dict[str, str]] = {
        SOLVED: "goal.draw.solved",
        GO_ON: "goal.draw.go_on",
        WRONG: "goal.draw.wrong",
    }

    def wanted(self, trace: MoveTrace) -> bool:
        result = trace.after.result
        return result is not None and result.winner == "draw"
