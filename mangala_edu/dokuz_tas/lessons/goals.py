r"""What a Dokuz Taş "try it" task asks for, judged from the turn's trace by the engine.

A goal looks at the turns the learner played in a task (their
:class:`~mangala_edu.dokuz_tas.TurnTrace`\ s, the newest last) and answers with a
:class:`~mangala_edu.lessons.goals.Verdict` (the one Mangala's tasks give): solved or not,
with the reason as a :class:`~mangala_edu.i18n.Message`, so the learner reads it in their
own language. Every task here is one turn (a placement, a slide or a flight, and the stone
it takes when it closes a mill).

>>> from mangala_edu.dokuz_tas import Position
>>> pos = Position(white=["a7", "d7"], black=["a1", "a4"], to_move="white", in_hand=(7, 7))
>>> goal = MakeMill()
>>> goal.judge([pos.trace("g7xa1")]).status, goal.judge([pos.trace("g1")]).status
('solved', 'wrong')
>>> goal.judge([pos.trace("g1")]).said.text("en")
'g1 brings no three of your stones together on a line: this turn closes no mill.'
>>> StopMill().solutions(Position(white=["d6"], black=["a1", "a4"], in_hand=(8, 7)))
('a7',)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...i18n import Message
from ...lessons.goals import SOLVED, WRONG, Verdict
from ..board import COLOURS, NEIGHBOURS, Colour, point_name
from ..notation import parse_turn
from ..position import Position
from ..trace import Termination, TurnTrace, colour_name

__all__ = [
    "SOLVED",
    "WRONG",
    "Goal",
    "MakeMill",
    "MillAndStop",
    "Neighbours",
    "PlaceOn",
    "StopMill",
    "Verdict",
    "Win",
    "mill_threat",
]


def _other(colour: Colour) -> Colour:
    return COLOURS[1 - COLOURS.index(colour)]


def mill_threat(position: Position) -> tuple[str, str] | None:
    """A turn with which the side to move closes a mill in ``position``, and the mill, or
    ``None`` when it has none (the first in the engine's order, the removal left out).

    >>> pos = Position(white=["d6"], black=["a1", "a4"], to_move="black", in_hand=(8, 7))
    >>> mill_threat(pos), mill_threat(pos.play("a7xd6").play("g1"))
    (('a7', 'a1-a4-a7'), None)
    """
    for turn in position.legal_moves:
        origin, target, removal = parse_turn(turn)
        if removal is not None:
            head = "" if origin is None else point_name(origin) + "-"
            return head + point_name(target), position.trace(turn).mills[0]
    return None


def _threat_message(position: Position, key_place: str, key_move: str, **params: object) -> Message:
    """What the side to move in ``position`` can do now: close a mill (by placing or by
    moving a stone), in the words of ``key_place`` or ``key_move`` (with ``params`` too)."""
    threat = mill_threat(position)
    assert threat is not None
    step, line = threat
    who = colour_name(position.to_move)
    if "-" not in step:
        return Message(key_place, other=who, point=step, line=line, **params)
    origin, target = step.split("-")
    return Message(key_move, other=who, origin=origin, target=target, line=line, **params)


class Goal:
    """Base class: judge the turns played so far in a task (the newest last)."""

    def judge(self, traces: Sequence[TurnTrace]) -> Verdict:
        raise NotImplementedError

    def solutions(self, position: Position) -> tuple[str, ...]:
        """Every turn (removal included) that solves the task in ``position``: what the
        tests compare with the answers a lesson claims."""
        return tuple(
            turn
            for turn in position.legal_moves
            if self.judge([position.trace(turn)]).status == SOLVED
        )


@dataclass(frozen=True)
class PlaceOn(Goal):
    """Place a stone on ``point``: finding a point by its name.

    >>> from mangala_edu.dokuz_tas import Position
    >>> PlaceOn("b4").judge([Position.start().trace("f6")]).said.text("en")
    'Your stone went to f6, not to b4. Find the letter first (a to g, from left to right), then the number (1 to 7, from the bottom up).'
    """

    point: str

    def judge(self, traces: Sequence[TurnTrace]) -> Verdict:
        target = point_name(parse_turn(traces[-1].turn).target)
        if target == self.point:
            return Verdict(
                SOLVED,
                Message(
                    "dokuz_tas.goal.place.solved", point=target, file=target[0], rank=target[1]
                ),
            )
        return Verdict(
            WRONG, Message("dokuz_tas.goal.place.wrong", placed=target, point=self.point)
        )


@dataclass(frozen=True)
class Neighbours(Goal):
    """Place a stone on a point with ``count`` neighbours (points next to it along a line).

    >>> from mangala_edu.dokuz_tas import Position
    >>> Neighbours(4).judge([Position.start().trace("a1")]).said.text("en")
    'a1 has only 2 neighbours (a4, d1): look for a point with 4.'
    """

    count: int

    def judge(self, traces: Sequence[TurnTrace]) -> Verdict:
        target = parse_turn(traces[-1].turn).target
        near = NEIGHBOURS[target]
        names = ", ".join(point_name(q) for q in near)
        params = {"point": point_name(target), "count": len(near), "names": names}
        if len(near) == self.count:
            return Verdict(SOLVED, Message("dokuz_tas.goal.neighbours.solved", **params))
        return Verdict(
            WRONG, Message("dokuz_tas.goal.neighbours.wrong", wanted=self.count, **params)
        )


@dataclass(frozen=True)
class StopMill(Goal):
    """After your turn the opponent has no turn that closes a mill: block their line of two
    (or take one of its stones)."""

    def judge(self, traces: Sequence[TurnTrace]) -> Verdict:
        after = traces[-1].after
        if after.is_over or mill_threat(after) is None:
            return Verdict(
                SOLVED, Message("dokuz_tas.goal.stop.solved", other=colour_name(after.to_move))
            )
        return Verdict(
            WRONG,
            _threat_message(after, "dokuz_tas.goal.stop.wrong", "dokuz_tas.goal.stop.wrong_move"),
        )


@dataclass(frozen=True)
class MakeMill(Goal):
    """Close a mill (``count=2``: two mills with one stone); any stone may be taken."""

    count: int = 1

    def judge(self, traces: Sequence[TurnTrace]) -> Verdict:
        trace = traces[-1]
        mills = trace.mills
        target = point_name(parse_turn(trace.turn).target)
        if not mills:
            return Verdict(WRONG, Message("dokuz_tas.goal.mill.wrong", point=target))
        if len(mills) < self.count:
            return Verdict(WRONG, Message("dokuz_tas.goal.mill.only_one", line=mills[0]))
        if len(mills) >= 2:
            return Verdict(
                SOLVED, Message("dokuz_tas.goal.mill.two_solved", first=mills[0], second=mills[1])
            )
        return Verdict(SOLVED, Message("dokuz_tas.goal.mill.solved", line=mills[0]))


@dataclass(frozen=True)
class MillAndStop(Goal):
    """Close a mill, and take the stone that leaves the opponent no mill to close on their
    next turn."""

    def judge(self, traces: Sequence[TurnTrace]) -> Verdict:
        trace = traces[-1]
        if not trace.mills:
            return MakeMill().judge(traces)
        after = trace.after
        other = colour_name(_other(trace.colour))
        if after.is_over or mill_threat(after) is None:
            return Verdict(
                SOLVED,
                Message(
                    "dokuz_tas.goal.mill_stop.solved",
                    line=trace.mills[0],
                    removed=trace.removed or "",
                    other=other,
                ),
            )
        return Verdict(
            WRONG,
            _threat_message(
                after,
                "dokuz_tas.goal.mill_stop.wrong",
                "dokuz_tas.goal.mill_stop.wrong_move",
                removed=trace.removed or "",
            ),
        )


@dataclass(frozen=True)
class Win(Goal):
    """Win the game with this turn: the opponent is left with two stones, or with no move
    (blocked, *sıkıştırılmış*).

    >>> from mangala_edu.dokuz_tas import Position
    >>> pos = Position(white=["a4", "d2", "d7", "c4", "d3", "g4"],
    ...                black=["a1", "d1", "a7", "c3"], in_hand=(0, 0))
    >>> Win().judge([pos.trace("g4-g1")]).said.text("en")
    'Right: Black has no move left, so you win.'
    >>> Win().judge([pos.trace("g4-g7")]).said.text("en")
    'Black can still move, for example from d1 to g1: the game goes on.'
    """

    def judge(self, traces: Sequence[TurnTrace]) -> Verdict:
        trace = traces[-1]
        after = trace.after
        other = colour_name(_other(trace.colour))
        outcome = after.outcome
        if outcome is not None and outcome.winner == trace.colour:
            key = (
                "dokuz_tas.goal.win.blocked"
                if outcome.termination == Termination.BLOCKED
                else "dokuz_tas.goal.win.two_stones"
            )
            return Verdict(SOLVED, Message(key, other=other))
        if outcome is not None:  # a draw (never in a lesson's task)
            return Verdict(WRONG, Message("dokuz_tas.goal.win.over", why=outcome.said))
        origin, target, _ = parse_turn(after.legal_moves[0])
        if origin is None:  # the opponent still has stones in hand
            return Verdict(
                WRONG, Message("dokuz_tas.goal.win.place", other=other, point=point_name(target))
            )
        return Verdict(
            WRONG,
            Message(
                "dokuz_tas.goal.win.wrong",
                other=other,
                origin=point_name(origin),
                target=point_name(target),
            ),
        )
