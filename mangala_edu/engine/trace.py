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

The games of the family (Toguz Korgool, Mangala II, Mangala IV; see :mod:`.offpath`) add:

========================  ==============================================================
``tuzdik_drop``           a stone sown into the tuzdik ``place`` goes to its owner's store
                          (``side``: the owner; ``count``: stones left in hand)
``tuzdik``                the last stone made the opponent's pit ``place`` exactly 3: it
                          becomes the mover's tuzdik and its ``count`` stones are taken
``last_in_tuzdik``        the last stone fell into the tuzdik ``place`` (to its owner)
``relay``                 the last stone made the occupied pit ``place`` 3, 5 or more: all
                          ``count`` stones are lifted and sown on (Mangala IV)
``chain_capture``         the last stone made ``place`` hold a capturing count (2, 4, 6):
                          ``moved`` lists every pit taken (the run before it, the pits
                          opposite), ``count`` stones in all
``no_capture``            the last stone made ``place`` hold ``count``, which takes nothing
``relay_loop``            the relay would go round for ever: the game stops (Mangala IV)
``pass``                  ``side`` has no stone in their row and passes: the mover moves
                          again
``win_threshold``         ``side``'s store ``place`` holds ``count``, enough to win: the
                          game is over (Toguz Korgool: 82)
``no_move``               ``side`` is to move but has no stone to play: the game is over
``repetition``            the position repeats one ``count`` moves earlier: the game stops
                          (added by :class:`~.game.Game`, which sees the history)
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
    TUZDIK_DROP = "tuzdik_drop"
    TUZDIK = "tuzdik"
    LAST_IN_TUZDIK = "last_in_tuzdik"
    RELAY = "relay"
    CHAIN_CAPTURE = "chain_capture"
    NO_CAPTURE = "no_capture"
    RELAY_LOOP = "relay_loop"
    PASS = "pass"
    WIN_THRESHOLD = "win_threshold"
    NO_MOVE = "no_move"
    REPETITION = "repetition"

    def __str__(self) -> str:
        return str.__str__(self)

    def __format__(self, format_spec: str) -> str:
        return str.__format__(self, format_spec)

    __hash__ = str.__hash__  # equal to its name as a str, so hashed like it


OUTCOMES: frozenset[EventKind] = frozenset(
    {
        EventKind.EXTRA_TURN,
        EventKind.EVEN_CAPTURE,
        EventKind.ODD,
        EventKind.EMPTY_CAPTURE,
        EventKind.EMPTY_OPPOSITE_EMPTY,
        EventKind.NOTHING,
        EventKind.TUZDIK,
        EventKind.LAST_IN_TUZDIK,
        EventKind.CHAIN_CAPTURE,
        EventKind.NO_CAPTURE,
        EventKind.RELAY_LOOP,
    }
)
"""Kinds that say which rule fired at the last stone (exactly one per move)."""

CAPTURES: frozenset[EventKind] = frozenset(
    {EventKind.EVEN_CAPTURE, EventKind.EMPTY_CAPTURE, EventKind.CHAIN_CAPTURE, EventKind.TUZDIK}
)
"""Kinds that take stones into the mover's store before the end of the set."""

STONE_STEPS: frozenset[EventKind] = frozenset(
    {EventKind.RETURN, EventKind.DROP, EventKind.TUZDIK_DROP}
)
"""Kinds that put one stone down (the last of them is where the last stone fell)."""

LIFTS: frozenset[EventKind] = frozenset({EventKind.LIFT, EventKind.RELAY})
"""Kinds that take stones into the hand (``count`` of them)."""

HAND_STEPS: frozenset[EventKind] = STONE_STEPS | LIFTS
"""Kinds after which the sowing hand is over a place (with ``count`` stones left in it)."""

STOP_REASONS: frozenset[EventKind] = frozenset(
    {EventKind.WIN_THRESHOLD, EventKind.NO_MOVE, EventKind.REPETITION, EventKind.RELAY_LOOP}
)
"""Kinds that say why a game of the family ended other than by the board emptying."""

ENDINGS: frozenset[EventKind] = frozenset({EventKind.SWEEP, EventKind.SET_OVER}) | STOP_REASONS
"""Kinds that end a set (or a game of the family)."""


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
        return {
            "kind": self.kind.value,
            "place": self.place,
            "count": self.count,
            "board": list(self.board),
            "side": self.side,
            "moved": [list(m) for m in self.moved],
        }
