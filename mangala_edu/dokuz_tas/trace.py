"""What happened in a Dokuz Taş turn, step by step: the vocabulary a board animates and
captions explain.

A :class:`TurnTrace` holds the position before and after a turn and the ordered
:class:`Event` list between them. Every event carries the board as it is *after* that event
(a string of 24 characters over the points in :data:`~.board.POINT_NAMES` order: ``W``,
``B`` or ``.``) and the stones still in each hand, so a display can step through a turn from
the trace alone.

Event kinds (:class:`EventKind`), in the order they can occur in a turn:

=====================  ===================================================================
``place``              ``colour`` puts a stone from the hand on ``points[0]``; ``count``
                       stones are left in that hand
``slide``              ``colour`` slides a stone along a line from ``points[0]`` to
                       ``points[1]``
``fly``                ``colour`` (three stones, none in hand) flies a stone from
                       ``points[0]`` to any empty point ``points[1]``
``mill``               the stone just placed or moved closes a mill (*üçlü*): ``line`` is
                       its number in :data:`~.board.LINES`, ``points`` its three points (two
                       events when one stone closes two mills: still one stone is taken)
``protected``          the stones of ``colour`` in ``points`` stand in mills and could not
                       be taken, because ``colour`` has other stones
``all_in_mills``       every stone of ``colour`` (``points``) stands in a mill, so any of them
                       could be taken
``remove``             the stone of ``colour`` on ``points[0]`` is taken off the board
``nothing_to_remove``  a mill was closed but ``colour`` has no stone on the board to take
                       (only in positions set up by hand)
``phase``              ``colour`` enters ``phase``: ``moving`` (its last stone is placed) or
                       ``flying`` (three stones left, none in hand, flying on)
``game_over``          the game is over: ``termination`` says why, ``winner`` who won
                       (``None``: a draw); ``count`` is the quiet turns for a draw by them
=====================  ===================================================================

>>> from mangala_edu.dokuz_tas.position import Position
>>> trace = Position.start().trace("d6")
>>> [(e.kind.value, e.points) for e in trace.events]
[('place', (13,))]
>>> trace.events[0].said.text("en")
'White places a stone on d6 (8 left in hand).'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from ..i18n import Message
from .board import COLOURS, WHITE, Colour, Point, line_name, point_name

if TYPE_CHECKING:
    from .position import Position


class _StrEnum(str, Enum):
    """A ``str`` enum whose value is its name in JSON and in the board's JavaScript."""

    def __str__(self) -> str:
        return str.__str__(self)

    def __format__(self, format_spec: str) -> str:
        return str.__format__(self, format_spec)


class EventKind(_StrEnum):
    """The kinds of :class:`Event` (see the module's table)."""

    PLACE = "place"
    SLIDE = "slide"
    FLY = "fly"
    MILL = "mill"
    PROTECTED = "protected"
    ALL_IN_MILLS = "all_in_mills"
    REMOVE = "remove"
    NOTHING_TO_REMOVE = "nothing_to_remove"
    PHASE = "phase"
    GAME_OVER = "game_over"

    __hash__ = str.__hash__


class Phase(_StrEnum):
    """What a player's turn is: placing (stones in hand), moving (sliding to a neighbour) or
    flying (three stones, none in hand, flying on)."""

    PLACING = "placing"
    MOVING = "moving"
    FLYING = "flying"

    __hash__ = str.__hash__


class Termination(_StrEnum):
    """Why a game ended (as python-chess's ``Termination``). The wins are checked before the
    draws, so a turn that wins also wins when it is the 50th quiet turn or repeats a position
    for the third time."""

    FEWER_THAN_THREE = "fewer_than_three"
    """The loser has fewer than three stones (on the board and in hand)."""
    BLOCKED = "blocked"
    """The player to move has no legal turn, and loses."""
    QUIET_TURNS = "quiet_turns"
    """50 sliding or flying turns in a row without a removal: a draw."""
    REPETITION = "repetition"
    """The same position (board, stones in hand, side to move) for the third time: a draw."""

    __hash__ = str.__hash__


@dataclass(frozen=True)
class Outcome:
    """The end of a game: why, and who won (``None`` for a draw).

    >>> Outcome(Termination.BLOCKED, "black").result(), Outcome(Termination.REPETITION).result()
    ('0-1', '1/2-1/2')
    >>> Outcome(Termination.BLOCKED, "black").said.text("en")
    'White cannot move: Black wins.'
    """

    termination: Termination
    winner: Colour | None = None

    def result(self) -> str:
        """``"1-0"`` (White won), ``"0-1"`` (Black won) or ``"1/2-1/2"``."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner == WHITE else "0-1"

    @property
    def loser(self) -> Colour | None:
        if self.winner is None:
            return None
        return COLOURS[1 - COLOURS.index(self.winner)]

    @property
    def said(self) -> Message:
        """The ending in words."""
        t = self.termination
        if t == Termination.FEWER_THAN_THREE:
            return Message(
                "dokuz_tas.end.fewer_than_three",
                loser=colour_name(self.loser),
                winner=colour_name(self.winner),
            )
        if t == Termination.BLOCKED:
            return Message(
                "dokuz_tas.end.blocked",
                loser=colour_name(self.loser),
                winner=colour_name(self.winner),
            )
        if t == Termination.QUIET_TURNS:
            return Message("dokuz_tas.end.quiet_turns")
        return Message("dokuz_tas.end.repetition")

    def to_dict(self) -> dict[str, object]:
        return {
            "termination": self.termination.value,
            "winner": self.winner,
            "result": self.result(),
        }


def colour_name(colour: Colour | None) -> Message:
    """A colour's name, in no language yet.

    >>> colour_name("black").text("tr")
    'Siyah'
    """
    return Message("dokuz_tas.colour.white" if colour == WHITE else "dokuz_tas.colour.black")


def phase_name(phase: Phase) -> Message:
    """A phase's name, in no language yet."""
    if phase == Phase.PLACING:
        return Message("dokuz_tas.phase.placing")
    if phase == Phase.MOVING:
        return Message("dokuz_tas.phase.moving")
    return Message("dokuz_tas.phase.flying")


@dataclass(frozen=True)
class Event:
    """One step of a turn. See the module's table for the kinds."""

    kind: EventKind
    colour: Colour | None
    points: tuple[Point, ...]
    board: str
    hands: tuple[int, int]
    count: int = 0
    line: int | None = None
    phase: Phase | None = None
    termination: Termination | None = None
    winner: Colour | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """The names of :attr:`points`."""
        return tuple(point_name(p) for p in self.points)

    @property
    def said(self) -> Message:
        """The event in words (a caption for the board)."""
        k = self.kind
        who = colour_name(self.colour)
        names = self.names
        if k == EventKind.PLACE:
            return Message("dokuz_tas.event.place", colour=who, point=names[0], count=self.count)
        if k == EventKind.SLIDE:
            return Message("dokuz_tas.event.slide", colour=who, origin=names[0], target=names[1])
        if k == EventKind.FLY:
            return Message("dokuz_tas.event.fly", colour=who, origin=names[0], target=names[1])
        if k == EventKind.MILL:
            assert self.line is not None
            return Message("dokuz_tas.event.mill", colour=who, line=line_name(self.line))
        if k == EventKind.PROTECTED:
            return Message("dokuz_tas.event.protected", points=", ".join(names), count=len(names))
        if k == EventKind.ALL_IN_MILLS:
            return Message("dokuz_tas.event.all_in_mills", colour=who)
        if k == EventKind.REMOVE:
            return Message("dokuz_tas.event.remove", colour=who, point=names[0])
        if k == EventKind.NOTHING_TO_REMOVE:
            return Message("dokuz_tas.event.nothing_to_remove", colour=who)
        if k == EventKind.PHASE:
            if self.phase == Phase.FLYING:
                return Message("dokuz_tas.event.flying", colour=who)
            return Message("dokuz_tas.event.moving", colour=who)
        assert self.termination is not None
        return Outcome(self.termination, self.winner).said

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict (for the board's JavaScript): points by name."""
        return {
            "kind": self.kind.value,
            "colour": self.colour,
            "points": list(self.names),
            "board": self.board,
            "hands": list(self.hands),
            "count": self.count,
            "line": self.line,
            "phase": None if self.phase is None else self.phase.value,
            "termination": None if self.termination is None else self.termination.value,
            "winner": self.winner,
        }


@dataclass(frozen=True)
class TurnTrace:
    """A turn with everything that happened in it.

    >>> from mangala_edu.dokuz_tas.position import Position
    >>> pos = Position.from_text("WW1/3/3/B5/3/3/B2 w 3 5 0")
    >>> trace = pos.trace("g7xa1")
    >>> [e.kind.value for e in trace.events]
    ['place', 'mill', 'remove']
    >>> trace.mills, trace.removed, trace.after.to_text()
    (('a7-d7-g7',), 'a1', 'WWW/3/3/B5/3/3/3 b 2 5 0')
    """

    before: Position
    turn: str
    colour: Colour
    events: tuple[Event, ...]
    after: Position

    @property
    def mills(self) -> tuple[str, ...]:
        """The mills the turn closed, by name (two when one stone closed two)."""
        return tuple(line_name(e.line) for e in self.events if e.line is not None)

    @property
    def removed(self) -> str | None:
        """The point whose stone was taken, if any."""
        return next((e.names[0] for e in self.events if e.kind == EventKind.REMOVE), None)

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended with this turn, if it did."""
        end = next((e for e in self.events if e.kind == EventKind.GAME_OVER), None)
        if end is None or end.termination is None:
            return None
        return Outcome(end.termination, end.winner)

    @property
    def captions(self) -> tuple[Message, ...]:
        """Every event in words."""
        return tuple(e.said for e in self.events)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict: the turn, the positions before and after, and every event."""
        return {
            "turn": self.turn,
            "colour": self.colour,
            "before": self.before.to_text(),
            "after": self.after.to_text(),
            "events": [e.to_dict() for e in self.events],
        }
