"""What happened in a move, stone by stone: the vocabulary the lessons animate.

A :class:`~mangala_edu.engine.position.MoveTrace` holds the position before and after a move
and the ordered :class:`Event` list between them. Every event carries the whole board as it is
*after* that event, so a display can step forwards and backwards through a move from the trace
alone.

Event kinds (:class:`EventKind`), in the order they can occur:

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

>>> EventKind.EVEN_CAPTURE == "even_capture", EventKind.EVEN_CAPTURE in OUTCOMES
(True, True)
>>> f"{EventKind.LIFT}", str(EventKind.DROP)
('lift', 'drop')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .geometry import Side


class EventKind(str, Enum):
    """The kinds of :class:`Event` (a ``str``: each equals its name in the module's table,
    which is also its name in JSON and in the board's JavaScript)."""

    LIFT = "lift"
    RETURN = "return"
    DROP = "drop"
    SKIP = "skip"
    EXTRA_TURN = "extra_turn"
    EVEN_CAPTURE = "even_capture"
    ODD = "odd"
    EMPTY_CAPTURE = "empty_capture"
    EMPTY_OPPOSITE_EMPTY = "empty_opposite_empty"
    NOTHING = "nothing"
    SWEEP = "sweep"
    SET_OVER = "set_over"

    def __str__(self) -> str:
        return str.__str__(self)

    def __format__(self, format_spec: str) -> str:
        return str.__format__(self, format_spec)

    __hash__ = str.__hash__          # equal to its name as a str, so hashed like it


OUTCOMES: frozenset[EventKind] = frozenset({
    EventKind.EXTRA_TURN, EventKind.EVEN_CAPTURE, EventKind.ODD, EventKind.EMPTY_CAPTURE,
    EventKind.EMPTY_OPPOSITE_EMPTY, EventKind.NOTHING})
"""Kinds that say which rule fired at the last stone (exactly one per move)."""

CAPTURES: frozenset[EventKind] = frozenset({EventKind.EVEN_CAPTURE, EventKind.EMPTY_CAPTURE})
"""Kinds that take stones into the mover's store before the end of the set."""

STONE_STEPS: frozenset[EventKind] = frozenset({EventKind.RETURN, EventKind.DROP})
"""Kinds that put one stone down (the last of them is where the last stone fell)."""

HAND_STEPS: frozenset[EventKind] = STONE_STEPS | {EventKind.LIFT}
"""Kinds after which the sowing hand is over a place (with ``count`` stones left in it)."""

ENDINGS: frozenset[EventKind] = frozenset({EventKind.SWEEP, EventKind.SET_OVER})
"""Kinds that end a set."""


@dataclass(frozen=True)
class Event:
    """One step of a move. See the module's table for the kinds."""

    kind: EventKind
    place: int | None
    count: int
    board: tuple[int, ...]
    side: Side | None = None
    moved: tuple[tuple[int, int, int], ...] = ()

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict (for the widget's JavaScript)."""
        return {"kind": self.kind.value, "place": self.place, "count": self.count,
                "board": list(self.board), "side": self.side,
                "moved": [list(m) for m in self.moved]}
