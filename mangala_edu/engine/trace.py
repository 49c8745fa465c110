"""What happened in a move, stone by stone: the vocabulary the lessons animate.

A :class:`MoveTrace` holds the position before and after a move and the ordered
:class:`Event` list between them. Every event carries the whole board as it is *after* that
event, so a display can step forwards and backwards through a move from the trace alone.

Event kinds, in the order they can occur:

========================  ==============================================================
``lift``                  all ``count`` stones are lifted from ``place``
``return``                the first stone goes back into ``place`` (official rule)
``drop``                  one stone is dropped into ``place``; ``count`` stones are left in hand
``skip``                  the opponent's store ``place`` is passed over
``extra_turn``            the last stone fell into the mover's own store ``place``
``even_capture``          ``count`` stones taken from the opponent's pit ``place``
``odd``                   last stone in the opponent's pit ``place``, now odd: nothing taken
``empty_capture``         last stone in the mover's empty pit ``place``: ``count`` stones taken
``empty_opposite_empty``  last stone in an empty own pit, but the pit opposite is empty
``nothing``               last stone in one of the mover's own pits that was not empty
``sweep``                 the end of the set: stones go from the pits to the stores
``set_over``              the set is over; ``board`` is final
========================  ==============================================================

``moved`` lists the stones that change place in a capture or a sweep as
``(from_place, to_place, stones)`` triples; ``side`` is the player an event belongs to.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .position import Position

#: Kinds that say which rule fired at the last stone (exactly one per move).
OUTCOMES = ("extra_turn", "even_capture", "odd", "empty_capture", "empty_opposite_empty",
            "nothing")


@dataclass(frozen=True)
class Event:
    """One step of a move. See the module's table for the kinds."""

    kind: str
    place: int | None
    count: int
    board: tuple[int, ...]
    side: str | None = None
    moved: tuple[tuple[int, int, int], ...] = ()

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict (for the widget's JavaScript)."""
        return {"kind": self.kind, "place": self.place, "count": self.count,
                "board": list(self.board), "side": self.side,
                "moved": [list(m) for m in self.moved]}


@dataclass(frozen=True)
class MoveTrace:
    """A move with everything that happened in it.

    >>> from mangala_edu import Position
    >>> trace = Position.start().trace(3)
    >>> [e.kind for e in trace.events]
    ['lift', 'return', 'drop', 'drop', 'drop', 'nothing']
    >>> trace.outcome, trace.captured, trace.extra_turn
    ('nothing', 0, False)
    >>> Position.start().trace(4).outcome
    'extra_turn'
    """

    before: Position
    pit: int
    player: str
    events: tuple[Event, ...]
    after: Position

    @property
    def outcome(self) -> str:
        """Which rule fired at the last stone: one of :data:`OUTCOMES`."""
        return next(e.kind for e in self.events if e.kind in OUTCOMES)

    @property
    def last_place(self) -> int:
        """The board index where the last stone fell."""
        return next(e.place for e in reversed(self.events) if e.kind in ("drop", "return"))

    @property
    def captured(self) -> int:
        """Stones taken by a capture in this move (not counting the end-of-set sweep)."""
        return sum(e.count for e in self.events if e.kind in ("even_capture", "empty_capture"))

    @property
    def extra_turn(self) -> bool:
        """True when the mover moves again (the last stone fell into their store and the set
        goes on)."""
        return self.outcome == "extra_turn" and not self.after.is_over

    @property
    def sweep(self) -> Event | None:
        """The end-of-set sweep, if the set ended with this move."""
        return next((e for e in self.events if e.kind == "sweep"), None)

    @property
    def tags(self) -> list[str]:
        """The notable rules of this move: any of ``extra_turn``, ``even_capture``,
        ``empty_capture``, ``sweep`` (the ``events`` of ``mangala-edu replay --json``)."""
        kinds = {e.kind for e in self.events}
        return [k for k in ("extra_turn", "even_capture", "empty_capture", "sweep") if k in kinds]

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict: the move, the boards before and after, and every event."""
        return {"pit": self.pit, "player": self.player, "before": list(self.before.board),
                "after": list(self.after.board), "to_move": self.after.to_move,
                "outcome": self.outcome, "events": [e.to_dict() for e in self.events]}
