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
from ..board import COLOURS, NEIGHBOURS, Colour, parse_point, point_name
from ..game import Game
from ..notation import parse_turn
from ..position import Position
from ..trace import Termination, TurnTrace, colour_name

__all__ = [
    "SOLVED",
    "WRONG",
    "Draw",
    "Goal",
    "HoldDraw",
    "KeepMill",
    "KeepMoving",
    "MakeMill",
    "MillAndStop",
    "Neighbours",
    "PlaceOn",
    "Room",
    "StopMill",
    "Verdict",
    "Win",
    "WinNext",
    "blocking_reply",
    "forced_block",
    "free_neighbours",
    "mill_threat",
    "played",
    "room",
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

    def solutions(self, position: Position | Game) -> tuple[str, ...]:
        """Every turn (removal included) that solves the task in ``position``: what the
        tests compare with the answers a lesson claims. Given a :class:`~..game.Game`, each
        turn is played in it, so a third repetition draws."""
        return tuple(
            turn
            for turn in position.legal_moves
            if self.judge([played(position, turn)]).status == SOLVED
        )


def played(position: Position | Game, turn: str) -> TurnTrace:
    """The trace of ``turn`` played in ``position``, or in a copy of a game (the game itself
    is left as it is), where a position standing for the third time draws.

    >>> game = Game(turns=["d6", "d2"])
    >>> played(game, "d5").after.to_text(), game.turns
    ('3/1W1/1W1/6/3/1B1/3 b 7 8 0', ('d6', 'd2'))
    """
    if isinstance(position, Position):
        return position.trace(turn)
    return Game(position.start, position.turns).push(turn)


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


@dataclass(frozen=True)
class Draw(Goal):
    """End the game in a draw with this turn: the same position for the third time, or the
    50th turn in a row without a removal. Judge it from a game's trace (the board's, or
    :func:`played` in a :class:`~..game.Game`): only a game knows how often a position stood.

    >>> pos = Position(white=["a1", "g7", "d2", "b4"], black=["a7", "g1", "f4", "b6"],
    ...                in_hand=(0, 0))
    >>> game = Game(pos, ["a1-a4", "g1-d1", "a4-a1", "d1-g1", "a1-a4", "g1-d1", "a4-a1"])
    >>> game.occurrences(), Draw().solutions(game)          # Black to move
    (2, ('d1-g1',))
    >>> Draw().judge([played(game, "d1-g1")]).said.text("en")
    'Right: this position now stands for the third time, so the game is drawn.'
    >>> Draw().judge([played(game, "f4-f2")]).said.text("en")
    'After f4-f2 the game goes on: this position has not stood twice before, and there have not been 50 turns in a row without a removal.'
    """

    def judge(self, traces: Sequence[TurnTrace]) -> Verdict:
        trace = traces[-1]
        outcome = trace.outcome
        if outcome is not None and outcome.winner is None:
            key = (
                "dokuz_tas.goal.draw.repetition"
                if outcome.termination == Termination.REPETITION
                else "dokuz_tas.goal.draw.quiet"
            )
            return Verdict(SOLVED, Message(key))
        if outcome is not None:  # a win (never in a lesson's task)
            return Verdict(WRONG, Message("dokuz_tas.goal.draw.won", why=outcome.said))
        if trace.removed is not None:
            return Verdict(WRONG, Message("dokuz_tas.goal.draw.removal", point=trace.removed))
        return Verdict(WRONG, Message("dokuz_tas.goal.draw.wrong", turn=trace.turn))


@dataclass(frozen=True)
class HoldDraw(Goal):
    """Save the draw: after your turn, every turn the opponent can play ends the game in a
    draw (the 50th quiet turn), or your turn ended it in a draw already. Judged from the
    position (a repetition that a game's past would bring is not looked for).

    >>> pos = Position(white=["a7", "d1", "g4"], black=["b2", "d2", "f4", "c5", "e5"],
    ...                in_hand=(0, 0), quiet=48)
    >>> HoldDraw().solutions(pos)
    ('a7-f2', 'd1-f2', 'g4-f2')
    >>> HoldDraw().judge([pos.trace("a7-a4")]).said.text("en")
    'Now Black can play f4-f2xa4. White has fewer than three stones left: Black wins.'
    """

    def judge(self, traces: Sequence[TurnTrace]) -> Verdict:
        trace = traces[-1]
        after = trace.after
        outcome = trace.outcome or after.outcome
        other = colour_name(after.to_move)
        if outcome is not None:
            if outcome.winner is None:
                return Verdict(SOLVED, Message("dokuz_tas.goal.hold.drawn", why=outcome.said))
            return Verdict(WRONG, Message("dokuz_tas.goal.draw.won", why=outcome.said))
        for reply in after.legal_moves:
            then = after.trace(reply)
            end = then.after.outcome
            if end is not None and end.winner is None:
                continue
            if end is not None:
                return Verdict(
                    WRONG,
                    Message("dokuz_tas.goal.hold.loses", other=other, reply=reply, why=end.said),
                )
            key = (
                "dokuz_tas.goal.hold.goes_on"
                if then.removed
                else "dokuz_tas.goal.hold.goes_on_quiet"
            )
            return Verdict(WRONG, Message(key, other=other, reply=reply))
        return Verdict(SOLVED, Message("dokuz_tas.goal.hold.solved", other=other))


def free_neighbours(position: Position, point: str) -> tuple[str, ...]:
    """The empty neighbours of ``point`` in ``position``: where a stone on it could slide.

    >>> pos = Position(white=["d2"], black=["d1"], to_move="black", in_hand=(8, 8))
    >>> free_neighbours(pos, "d2")
    ('b2', 'd3', 'f2')
    """
    return tuple(point_name(q) for q in NEIGHBOURS[parse_point(point)] if position.at(q) is None)


def room(position: Position, colour: Colour) -> int:
    """The room of ``colour``'s stones in ``position``: their empty neighbours counted stone
    by stone, the slides they would have (a point next to two of them counts twice).

    >>> room(Position(white=["a1", "a4"], black=["d1"], to_move="black", in_hand=(7, 8)), "white")
    2
    """
    return sum(len(free_neighbours(position, p)) for p in position.stones(colour))


@dataclass(frozen=True)
class Room(Goal):
    """Place your stone where it has the most empty neighbours (room to slide later); with
    ``whole``, where all your stones together get the most room (:func:`room`): a stone
    next to your own takes some of theirs.

    >>> pos = Position(white=["a1"], black=["g7"], in_hand=(8, 8))
    >>> Room().solutions(pos)
    ('b4', 'd2', 'd6', 'f4')
    >>> Room(whole=True).judge([pos.trace("a4")]).said.text("en")
    'a4 stands next to your own stone on a1 and takes some of its room. Counted stone by stone, your stones now have 3 empty neighbours; another point gives them 6.'
    """

    whole: bool = False

    def _count(self, trace: TurnTrace) -> int:
        if self.whole:
            return room(trace.after, trace.colour)
        return len(free_neighbours(trace.after, point_name(parse_turn(trace.turn).target)))

    def judge(self, traces: Sequence[TurnTrace]) -> Verdict:
        trace = traces[-1]
        before = trace.before
        best = max(self._count(before.trace(turn)) for turn in before.legal_moves)
        count = self._count(trace)
        target = point_name(parse_turn(trace.turn).target)
        if self.whole:
            if count == best:
                return Verdict(SOLVED, Message("dokuz_tas.goal.room.all_solved", count=count))
            own = [
                point_name(q)
                for q in NEIGHBOURS[parse_point(target)]
                if trace.after.at(q) == trace.colour
            ]
            if own:
                said = Message(
                    "dokuz_tas.goal.room.crowded",
                    point=target,
                    own=", ".join(own),
                    count=len(own),
                    total=count,
                    best=best,
                )
                return Verdict(WRONG, said)
            return Verdict(
                WRONG,
                Message("dokuz_tas.goal.room.all_wrong", point=target, total=count, best=best),
            )
        free = free_neighbours(trace.after, target)
        params = {"point": target, "count": count, "names": ", ".join(free), "best": best}
        if count == best:
            return Verdict(SOLVED, Message("dokuz_tas.goal.room.solved", **params))
        if not free:
            return Verdict(WRONG, Message("dokuz_tas.goal.room.none", **params))
        return Verdict(WRONG, Message("dokuz_tas.goal.room.wrong", **params))


def blocking_reply(position: Position) -> tuple[str, Position] | None:
    """A turn with which the side to move in ``position`` wins at once (the other side is
    left without a move, or with two stones), and the position after it; the first in the
    engine's order, or ``None``.

    >>> pos = Position.from_text("3/WBB/WWB/BWWB2/1WW/BB1/WB1 w 1 1 0").play("c3xd2")
    >>> reply, then = blocking_reply(pos)
    >>> reply, then.outcome.termination.value
    ('d2', 'blocked')
    """
    for turn, child in position.children():
        if child.outcome is not None and child.winner == position.to_move:
            return turn, child
    return None


def forced_block(position: Position, turns: int) -> str | None:
    """A turn with which the side to move leaves the other side without a move within
    ``turns`` of its own turns, whatever the other side plays in between; ``None`` when
    there is none. An exact search of the few turns it takes.

    >>> pos = Position.from_text("3/WBB/WWB/BWWB2/1WW/BB1/WB1 w 1 1 0").play("a7")
    >>> forced_block(pos, 1), forced_block(pos, 3)
    (None, 'c3')
    """
    me = position.to_move
    children = list(position.children())
    for turn, child in children:
        if child.winner == me and _blocked(child):
            return turn
    if turns <= 1:
        return None
    for turn, child in children:
        if child.is_over:
            continue
        if all(
            (then.winner == me and _blocked(then))
            or (not then.is_over and forced_block(then, turns - 1) is not None)
            for _, then in child.children()
        ):
            return turn
    return None


def _blocked(position: Position) -> bool:
    outcome = position.outcome
    return outcome is not None and outcome.termination == Termination.BLOCKED


@dataclass(frozen=True)
class KeepMoving(Goal):
    """Keep room to move: after your turn the opponent cannot leave your stones without a
    move within ``turns`` of its turns, however you play (:func:`forced_block`), nor close a
    mill on its next turn.

    >>> pos = Position.from_text("3/WBB/WWB/BWWB2/1WW/BB1/WB1 w 1 1 0")
    >>> KeepMoving().judge([pos.trace("c3xd2")]).said.text("en")
    'You closed the mills c3-d3-e3 and c3-c4-c5 and took the stone on d2, but now Black can place a stone on d2. White cannot move: Black wins.'
    >>> KeepMoving().judge([pos.trace("a7")]).said.text("en")
    'Now Black can place a stone on c3: then, whatever you play, Black can leave your stones without a move within 2 more turns.'
    >>> KeepMoving().solutions(pos)
    ('f2',)
    """

    turns: int = 3

    def judge(self, traces: Sequence[TurnTrace]) -> Verdict:
        trace = traces[-1]
        after = trace.after
        other = colour_name(after.to_move)
        if after.is_over:
            return Verdict(SOLVED, Message("dokuz_tas.goal.keep.solved", other=other))
        found = blocking_reply(after)
        if found is not None:
            reply, then = found
            origin, target, _ = parse_turn(reply)
            params: dict[str, object] = {
                "other": other,
                "point": point_name(target),
                "why": then.outcome.said,  # type: ignore[union-attr]
            }
            if origin is not None:
                params["origin"] = point_name(origin)
            if not trace.mills:
                key = (
                    "dokuz_tas.goal.keep.wrong"
                    if origin is None
                    else "dokuz_tas.goal.keep.wrong_move"
                )
                return Verdict(WRONG, Message(key, **params))
            removed = trace.removed or ""
            params["done"] = (
                Message("dokuz_tas.goal.keep.closed", line=trace.mills[0], removed=removed)
                if len(trace.mills) == 1
                else Message(
                    "dokuz_tas.goal.keep.closed_two",
                    first=trace.mills[0],
                    second=trace.mills[1],
                    removed=removed,
                )
            )
            key = "dokuz_tas.goal.keep.mill" if origin is None else "dokuz_tas.goal.keep.mill_move"
            return Verdict(WRONG, Message(key, **params))
        first = forced_block(after, self.turns)
        if first is not None:
            origin, target, _ = parse_turn(first)
            params = {"other": other, "point": point_name(target), "count": self.turns - 1}
            if origin is None:
                return Verdict(WRONG, Message("dokuz_tas.goal.keep.later", **params))
            params["origin"] = point_name(origin)
            return Verdict(WRONG, Message("dokuz_tas.goal.keep.later_move", **params))
        if mill_threat(after) is not None:
            return StopMill().judge(traces)
        return Verdict(SOLVED, Message("dokuz_tas.goal.keep.solved", other=other))


def _closed(trace: TurnTrace) -> Message:
    """What a turn that closed one mill or two did: the mills and the stone it took."""
    removed = trace.removed or ""
    if len(trace.mills) == 1:
        return Message("dokuz_tas.goal.keep.closed", line=trace.mills[0], removed=removed)
    return Message(
        "dokuz_tas.goal.keep.closed_two",
        first=trace.mills[0],
        second=trace.mills[1],
        removed=removed,
    )


@dataclass(frozen=True)
class KeepMill(Goal):
    """Keep a double mill (*çift üçlü*) going: close a mill, and take the stone that could
    block it, so that whatever the opponent plays your next turn closes a mill again.

    >>> pos = Position.from_text("W1W/WWW/1B1/1B1BBW/B2/2B/WB1 w 0 0 0")
    >>> KeepMill().judge([pos.trace("d6-d7xd5")]).said.text("en")
    'Right. You closed the mill a7-d7-g7 and took the stone on d5, and whatever Black plays, your next turn closes a mill again.'
    >>> KeepMill().judge([pos.trace("d6-d7xb4")]).said.text("en")
    'You closed the mill a7-d7-g7 and took the stone on b4, but now Black can play d5-d6: then no turn of yours closes a mill.'
    """

    def judge(self, traces: Sequence[TurnTrace]) -> Verdict:
        trace = traces[-1]
        if not trace.mills:
            return MakeMill().judge(traces)
        after = trace.after
        done = _closed(trace)
        other = colour_name(_other(trace.colour))
        if after.is_over:
            return Win().judge(traces)
        for reply, then in after.children():
            if then.is_over:
                return Verdict(
                    WRONG,
                    Message(
                        "dokuz_tas.goal.keep_mill.over",
                        done=done,
                        other=other,
                        reply=reply,
                        why=then.outcome.said,  # type: ignore[union-attr]
                    ),
                )
            if mill_threat(then) is None:
                return Verdict(
                    WRONG,
                    Message("dokuz_tas.goal.keep_mill.wrong", done=done, other=other, reply=reply),
                )
        return Verdict(SOLVED, Message("dokuz_tas.goal.keep_mill.solved", done=done, other=other))


@dataclass(frozen=True)
class WinNext(Goal):
    """Win in two turns: after your turn, whatever the opponent plays, your next turn wins
    (it leaves them without a move, or with two stones).

    >>> pos = Position.from_text("1WB/3/3/BW1WWB/3/W2/BBW w 0 0 0")
    >>> WinNext().judge([pos.trace("b2-d2")]).said.text("en")
    'Right: whatever Black plays, your next turn wins. Black can only play a4-a7; then b4-a4: Black cannot move: White wins.'
    >>> WinNext().judge([pos.trace("b4-c4")]).said.text("en")
    'Now Black can play a4-a7, and then no turn of yours wins at once.'
    """

    def judge(self, traces: Sequence[TurnTrace]) -> Verdict:
        trace = traces[-1]
        after = trace.after
        other = colour_name(_other(trace.colour))
        if after.is_over:
            return Win().judge(traces)
        replies = list(after.children())
        # The example shown: the opponent's most stubborn answer (it leaves the fewest
        # winning turns: a fork's block, say), and a turn that wins after it.
        example: tuple[int, str, str, Position] | None = None
        for reply, then in replies:
            if then.is_over:
                return Verdict(
                    WRONG,
                    Message(
                        "dokuz_tas.goal.win_next.over",
                        other=other,
                        reply=reply,
                        why=then.outcome.said,  # type: ignore[union-attr]
                    ),
                )
            wins = [(turn, end) for turn, end in then.children() if end.winner == then.to_move]
            if not wins:
                return Verdict(
                    WRONG, Message("dokuz_tas.goal.win_next.wrong", other=other, reply=reply)
                )
            if example is None or len(wins) < example[0]:
                example = (len(wins), reply, *wins[0])
        assert example is not None  # a position that is not over has a turn
        _, reply, answer, end = example
        key = (
            "dokuz_tas.goal.win_next.only"
            if len(replies) == 1
            else "dokuz_tas.goal.win_next.solved"
        )
        return Verdict(
            SOLVED,
            Message(
                key,
                other=other,
                reply=reply,
                answer=answer,
                why=end.outcome.said,  # type: ignore[union-attr]
            ),
        )
