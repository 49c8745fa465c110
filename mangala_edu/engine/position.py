"""A Mangala position: the board, who is to move, the legal moves and playing them.

A :class:`Position` never changes: :meth:`Position.play` returns a new one.

>>> pos = Position.start()
>>> pos.legal_moves
(1, 2, 3, 4, 5, 6)
>>> after = pos.play(1)          # 4 stones: one back, three on: the last lands in pit 4
>>> after.board
(1, 5, 5, 5, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0)
>>> after.to_move                 # pit 4 was not empty: the turn passes
'north'
>>> pos.play(4).board[6], pos.play(4).to_move   # 4 from pit 4: last one in the store
(1, 'south')
>>> pos.board == Position.start().board       # the old position is unchanged
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import compress
from typing import Literal

from . import offpath
from .errors import IllegalMoveError, PositionError
from .geometry import NORTH, SIDE_GENITIVES, SIDE_NAMES, SIDES, SOUTH, Side, side_index
from .notation import parse_position_text, write_position
from .offpath import NO_TUZDIK
from .rules import END_EMPTY_BOARD, END_NO_MOVE, END_SWEEP, Rules
from .trace import CAPTURES, OUTCOMES, STONE_STEPS, Event, EventKind

Winner = Literal["south", "north", "draw"]


class Result:
    """The end of a set: the stores after the sweep and the winner (or ``"draw"``).

    >>> Result(25, 23)
    Result(south=25, north=23, winner='south')
    >>> Result(24, 24).winner
    'draw'
    """

    __slots__ = ("north", "south")

    def __init__(self, south: int, north: int) -> None:
        self.south = south
        self.north = north

    @property
    def winner(self) -> Winner:
        """``"south"``, ``"north"`` or ``"draw"``."""
        if self.south == self.north:
            return "draw"
        return SOUTH if self.south > self.north else NORTH

    def points(self, side: Side) -> float:
        """Match points for ``side``: 1 for a win, 0.5 for a draw, 0 for a loss."""
        return 0.5 if self.winner == "draw" else float(self.winner == side)

    def stones(self, side: Side) -> int:
        """The stones ``side`` has at the end (in their store after the sweep).

        >>> Result(25, 23).stones(NORTH)
        23
        """
        return self.south if side == SOUTH else self.north

    def margin(self, side: Side) -> int:
        """``side``'s stones minus the opponent's: what a search calls the value of the set
        from ``side``'s view (positive: ``side`` won).

        >>> result = Result(25, 23)
        >>> result.margin(SOUTH), result.margin(NORTH), Result(24, 24).margin(NORTH)
        (2, -2, 0)
        """
        margin = self.south - self.north
        return margin if side == SOUTH else -margin

    def to_dict(self) -> dict[str, object]:
        return {SOUTH: self.south, NORTH: self.north, "winner": self.winner}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Result) and (self.south, self.north) == (other.south, other.north)

    def __hash__(self) -> int:
        return hash((self.south, self.north))

    def __repr__(self) -> str:
        return f"Result(south={self.south}, north={self.north}, winner={self.winner!r})"


class Position:
    """A board and the side to move, under some :class:`Rules`.

    ``board`` is a tuple in the order S1..S6, S-store, N1..N6, N-store. ``to_move`` is
    ``"south"``, ``"north"``, or ``None`` once the set is over. Under Toguz Korgool's rules a
    position also knows each player's tuzdik: ``tuzdiks`` gives South's and North's as board
    indices (South's lies in North's row), ``None`` for none.

    >>> Position((0, 0, 0, 0, 0, 1, 20, 1, 0, 0, 0, 0, 0, 26), "south").legal_moves
    (6,)
    >>> Position((1, 2), "south")
    Traceback (most recent call last):
    ...
    mangala_edu.engine.errors.PositionError: Bir tahtada 14 yer vardır ... got 2.
    """

    __slots__ = ("_board", "_rules", "_side", "_tuzdik")

    _rules: Rules
    _board: tuple[int, ...]
    _side: int | None
    _tuzdik: tuple[int, int]

    def __init__(
        self,
        board: Iterable[int],
        to_move: Side | None,
        rules: Rules | None = None,
        tuzdiks: tuple[int | None, int | None] = (None, None),
    ) -> None:
        rules = rules or Rules.official()
        board = tuple(board)
        if to_move is not None and to_move not in SIDES:
            raise PositionError("position.bad_side", value=to_move)
        side = None if to_move is None else side_index(to_move)
        _validate(board, side, rules)
        tuz = _check_tuzdiks(tuzdiks, board, rules)
        self._rules = rules
        self._board = board
        self._side = side
        self._tuzdik = tuz

    @classmethod
    def _make(
        cls,
        rules: Rules,
        board: tuple[int, ...],
        side: int | None,
        tuzdik: tuple[int, int] = NO_TUZDIK,
    ) -> Position:
        pos = object.__new__(cls)
        pos._rules = rules
        pos._board = board
        pos._side = side
        pos._tuzdik = tuzdik
        return pos

    # Construction ---------------------------------------------------------------------------
    @classmethod
    def start(cls, rules: Rules | None = None, first: Side = SOUTH) -> Position:
        """The start of a set: ``rules.stones`` in every pit, stores empty.

        >>> Position.start(Rules.kalah(3, 2), first="north").board
        (2, 2, 2, 0, 2, 2, 2, 0)
        """
        rules = rules or Rules.official()
        if first not in SIDES:
            raise PositionError("position.bad_side", value=first)
        board = rules.start_board()
        side = side_index(first)
        row = rules.geometry.pit_ranges[side]
        if rules.passes and not any(board[row.start : row.stop]):
            side = 1 - side  # a dealt board with an empty row: that player passes
        return cls._make(rules, board, side)

    @classmethod
    def from_text(cls, text: str, rules: Rules | None = None) -> Position:
        """Parse the text notation, e.g. ``"4,4,4,4,4,4,0/4,4,4,4,4,4,0 S"``
        (see :mod:`mangala_edu.engine.notation`); raises :class:`PositionError` naming the
        first fault found."""
        rules = rules or Rules.official()
        board, to_move, tuzdiks = parse_position_text(text, rules)
        return cls(board, to_move, rules, tuzdiks)

    def to_text(self) -> str:
        """The text notation of this position (a tuzdik is written ``x``).

        >>> Position.start().to_text()
        '4,4,4,4,4,4,0/4,4,4,4,4,4,0 S'
        """
        return write_position(self._board, self.to_move, self._rules, self.tuzdiks)

    # Reading --------------------------------------------------------------------------------
    @property
    def board(self) -> tuple[int, ...]:
        """S1..S6, S-store, N1..N6, N-store (m pits a side under Kalah(m, n))."""
        return self._board

    @property
    def rules(self) -> Rules:
        """The rules this position is played under."""
        return self._rules

    @property
    def tuzdiks(self) -> tuple[int | None, int | None]:
        """South's and North's tuzdik (Toguz Korgool) as board indices, ``None`` for none.
        A player's tuzdik lies in the opponent's row.

        >>> from mangala_edu import Rules
        >>> pos = Position.from_text("9,9,9,9,9,9,9,9,9,0/9,9,x,9,9,9,9,9,9,3 N",
        ...                          Rules.toguz_korgool())
        >>> pos.tuzdiks, pos.tuzdik("south"), pos.tuzdik("north")
        ((12, None), 3, None)
        """
        a, b = self._tuzdik
        return (None if a < 0 else a, None if b < 0 else b)

    def tuzdik(self, side: Side) -> int | None:
        """The number of ``side``'s tuzdik pit in the opponent's row (from the opponent's own
        left), or ``None`` when ``side`` has none."""
        index = self._tuzdik[side_index(side)]
        return None if index < 0 else self._rules.geometry.place(index).number

    @property
    def to_move(self) -> Side | None:
        """``"south"``, ``"north"``, or ``None`` when the set is over."""
        return None if self._side is None else SIDES[self._side]

    @property
    def mover(self) -> Side:
        """The side to move; raises :class:`IllegalMoveError` once the set is over (use
        :attr:`to_move` to ask without an error).

        >>> Position.start(first="north").mover
        'north'
        """
        if self._side is None:
            raise IllegalMoveError("error.over")
        return SIDES[self._side]

    @property
    def is_over(self) -> bool:
        """True when the set has ended (one side's pits were emptied)."""
        return self._side is None

    @property
    def result(self) -> Result | None:
        """The stores after the sweep and the winner; ``None`` while the set goes on."""
        if self._side is not None:
            return None
        return Result(self.store(SOUTH), self.store(NORTH))

    @property
    def legal_moves(self) -> tuple[int, ...]:
        """The pit numbers (1..pits, from the mover's own left) that can be played."""
        side = self._side
        if side is None:
            return ()
        start, stop, numbers = self._rules.geometry.pit_slices[side]
        if self._rules.forced_leftmost:  # Mangala IV: the leftmost occupied pit only
            return tuple(compress(numbers, self._board[start:stop]))[:1]
        return tuple(compress(numbers, self._board[start:stop]))

    def pits(self, side: Side) -> tuple[int, ...]:
        """``side``'s pits, numbered from that player's own left.

        >>> Position.start().play(2).pits("south")
        (4, 1, 5, 5, 5, 4)
        """
        r = self.rules.geometry.pit_indices(side)
        return self.board[r.start : r.stop]

    def store(self, side: Side) -> int:
        """The stones in ``side``'s store (hazine)."""
        return self.board[self.rules.geometry.store(side)]

    @property
    def stones_on_board(self) -> int:
        """Stones still in the pits (not in the stores)."""
        s, n = self.rules.geometry.stores
        return sum(self.board) - self.board[s] - self.board[n]

    def place(self, side: Side, pit: int) -> int:
        """The board index of ``side``'s pit number ``pit`` (0: ``side``'s store)."""
        return self.rules.geometry.index(side, pit)

    # Playing --------------------------------------------------------------------------------
    def _origin(self, pit: object) -> tuple[int, int]:
        """Check a move; return the mover's side index and the board index it lifts from."""
        side = self._side
        if side is None:
            raise IllegalMoveError("error.over")
        g = self.rules.geometry
        m = g.pits
        if isinstance(pit, str):
            try:
                index = g.parse_place(pit)
            except PositionError:
                raise IllegalMoveError("error.not_a_pit", value=pit, pits=m) from None
            owner, number = g.place(index)
            if number == 0:
                raise IllegalMoveError("error.store_click")
            if owner != SIDES[side]:
                raise IllegalMoveError(
                    "error.not_your_pit", owner=SIDE_NAMES[owner], mover=SIDE_NAMES[SIDES[side]]
                )
            pit = number
        if not isinstance(pit, int) or isinstance(pit, bool):
            raise IllegalMoveError("error.not_a_pit", value=pit, pits=m)
        if not 1 <= pit <= m:
            raise IllegalMoveError("error.out_of_range", pit=pit, pits=m)
        origin = g.index(SIDES[side], pit)
        if origin == self._tuzdik[1 - side]:
            raise IllegalMoveError("error.tuzdik_pit", pit=pit, owner=SIDE_NAMES[SIDES[1 - side]])
        if not self.board[origin]:
            raise IllegalMoveError("error.empty_pit", pit=pit)
        if self._rules.forced_leftmost:
            first = offpath.leftmost(self._board, side, self._rules)
            if pit != first:
                raise IllegalMoveError("error.not_leftmost", pit=pit, first=first)
        return side, origin

    def pit_number(self, pit: int | str) -> int:
        """Check a move and return its pit number from the mover's own left.

        >>> Position.start(first="north").pit_number("N2")
        2
        """
        return self.rules.geometry.place(self._origin(pit)[1]).number

    def play(self, pit: int | str) -> Position:
        """The position after the mover plays ``pit``.

        ``pit`` is a number 1..pits from the mover's own left, or a place name such as ``"S3"``
        or ``"N5"`` (see :mod:`~mangala_edu.engine.geometry`). Raises
        :class:`IllegalMoveError` (and changes nothing) when the move cannot be played.

        >>> Position.start().play(7)
        Traceback (most recent call last):
        ...
        mangala_edu.engine.errors.IllegalMoveError: 7. kuyu yok: ... / There is no pit 7: ...
        """
        side = self._side
        rules = self._rules
        if rules.stores_on_path is False:  # stores off the path: their own sowing (engine.offpath)
            return self._play_family(pit)
        board = list(self._board)
        # The common case (a pit number of the mover's that holds stones) first, without a call.
        m = rules.pits
        if type(pit) is int and side is not None and 0 < pit <= m:
            origin = pit - 1 if side == 0 else m + pit
            if not board[origin]:
                side, origin = self._origin(pit)  # raises the empty-pit error
        else:
            side, origin = self._origin(pit)
        pos = object.__new__(Position)
        pos._rules = rules
        pos._side = _sow(board, side, origin, rules, None)
        pos._board = tuple(board)
        pos._tuzdik = NO_TUZDIK
        return pos

    def _play_family(self, pit: int | str) -> Position:
        side = self._side
        rules = self._rules
        m = rules.pits
        if type(pit) is int and side is not None and 0 < pit <= m and not rules.forced_leftmost:
            origin = pit - 1 if side == 0 else m + pit
            if not self._board[origin] or origin == self._tuzdik[1 - side]:
                side, origin = self._origin(pit)  # raises the error
        else:
            side, origin = self._origin(pit)
        board = list(self._board)
        tuz = list(self._tuzdik)
        after = offpath.sow(board, side, origin, self._rules, tuz, None)
        return Position._make(self._rules, tuple(board), after, (tuz[0], tuz[1]))

    def trace(self, pit: int | str) -> MoveTrace:
        """Play ``pit`` and return everything that happened, stone by stone."""
        mover, origin = self._origin(pit)
        board = list(self.board)
        events: list[Event] = []
        tuz = list(self._tuzdik)
        if not self.rules.stores_on_path:
            side = offpath.sow(board, mover, origin, self.rules, tuz, events)
        else:
            side = _sow(board, mover, origin, self.rules, events)
        after = Position._make(self.rules, tuple(board), side, (tuz[0], tuz[1]))
        number = self.rules.geometry.place(origin).number
        return MoveTrace(self, number, SIDES[mover], tuple(events), after)

    def end_by_repetition(self) -> Position:
        """This position once the game stops because it repeats an earlier one (the family's
        documented ending, see :class:`~.game.Game`): each side's stones go to the player on
        whose side they lie, and nobody is to move.

        >>> from mangala_edu import Rules
        >>> pos = Position.from_text("1,0,0,0,0,0,30/0,0,0,0,0,1,40 N", Rules.mangala_ii())
        >>> pos.end_by_repetition().to_text()
        '0,0,0,0,0,0,31/0,0,0,0,0,0,41 -'
        """
        board, _ = offpath.repetition_end(self._board, self._rules, 0)
        return Position._make(self._rules, board, None, self._tuzdik)

    def children(self) -> Iterator[tuple[int, Position]]:
        """Each legal move with the position it leads to."""
        for pit in self.legal_moves:
            yield pit, self.play(pit)

    # Python protocol ------------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Position)
            and self.board == other.board
            and self._side == other._side
            and self._tuzdik == other._tuzdik
            and self.rules == other.rules
        )

    def __hash__(self) -> int:
        return hash((self.board, self._side, self._tuzdik))

    def __repr__(self) -> str:
        rules = "" if self.rules.name == "official" else f", rules={self.rules!r}"
        return f"Position.from_text({self.to_text()!r}{rules})"

    def __str__(self) -> str:
        return self.to_text()

    def __reduce__(self) -> tuple[type[Position], tuple[object, ...]]:
        if self._tuzdik != NO_TUZDIK:
            return (Position, (self.board, self.to_move, self.rules, self.tuzdiks))
        return (Position, (self.board, self.to_move, self.rules))

    def _repr_svg_(self) -> str:
        """The board as a picture in Jupyter (the display layer is imported only here)."""
        from ..display.svg import board_svg

        return board_svg(self)


@dataclass(frozen=True)
class MoveTrace:
    """A move with everything that happened in it (see :mod:`~mangala_edu.engine.trace`).

    >>> trace = Position.start().trace(3)
    >>> [e.kind.value for e in trace.events]
    ['lift', 'return', 'drop', 'drop', 'drop', 'nothing']
    >>> trace.outcome, trace.captured, trace.extra_turn
    (<EventKind.NOTHING: 'nothing'>, 0, False)
    >>> Position.start().trace(4).outcome == EventKind.EXTRA_TURN
    True
    """

    before: Position
    pit: int
    player: Side
    events: tuple[Event, ...]
    after: Position

    @property
    def outcome(self) -> EventKind:
        """Which rule fired at the last stone: one of :data:`~.trace.OUTCOMES`."""
        return next(e.kind for e in self.events if e.kind in OUTCOMES)

    @property
    def outcome_event(self) -> Event:
        """The event of :attr:`outcome`."""
        return next(e for e in self.events if e.kind in OUTCOMES)

    @property
    def last_place(self) -> int:
        """The board index where the last stone fell."""
        return next(
            e.place for e in reversed(self.events) if e.kind in STONE_STEPS and e.place is not None
        )

    @property
    def captured(self) -> int:
        """Stones taken by a capture in this move (not counting the end-of-set sweep)."""
        return sum(e.count for e in self.events if e.kind in CAPTURES)

    @property
    def extra_turn(self) -> bool:
        """True when the mover moves again (the last stone fell into their store and the set
        goes on)."""
        return self.outcome == EventKind.EXTRA_TURN and not self.after.is_over

    @property
    def sweep(self) -> Event | None:
        """The end-of-set sweep, if the set ended with this move."""
        return next((e for e in self.events if e.kind == EventKind.SWEEP), None)

    @property
    def passes(self) -> bool:
        """True when the opponent had no stone in their row and passed, so the mover moves
        again (the storeless games)."""
        return any(e.kind == EventKind.PASS for e in self.events)

    @property
    def tags(self) -> list[str]:
        """The notable rules of this move: any of ``extra_turn``, ``even_capture``,
        ``empty_capture``, ``sweep`` and, in the family's games, ``relay``,
        ``chain_capture``, ``tuzdik``, ``tuzdik_drop``, ``pass``, ``relay_loop``,
        ``win_threshold``, ``no_move``, ``repetition`` (the ``events`` of
        ``mangala-edu replay --json``)."""
        kinds = {e.kind for e in self.events}
        return [k.value for k in _TAGS if k in kinds]

    @property
    def repetition(self) -> int | None:
        """When the game stopped with this move because its position repeated one of the
        same game (the family's games, see :class:`~.game.Game`): how many moves earlier
        that position stood; otherwise ``None``."""
        return next((e.count for e in self.events if e.kind == EventKind.REPETITION), None)

    def ended_by_repetition(self, cycle: int) -> MoveTrace:
        """This move's trace when its position repeats the one ``cycle`` moves earlier, so
        that the game stops (see :class:`~.game.Game`): the events of the ending are added."""
        board, events = offpath.repetition_end(self.after.board, self.before.rules, cycle)
        after = Position._make(self.before.rules, board, None, self.after._tuzdik)
        return MoveTrace(self.before, self.pit, self.player, self.events + tuple(events), after)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict: the move, the boards before and after, and every event."""
        return {
            "pit": self.pit,
            "player": self.player,
            "before": list(self.before.board),
            "after": list(self.after.board),
            "to_move": self.after.to_move,
            "outcome": self.outcome.value,
            "events": [e.to_dict() for e in self.events],
        }


_TAGS = (
    EventKind.EXTRA_TURN,
    EventKind.EVEN_CAPTURE,
    EventKind.EMPTY_CAPTURE,
    EventKind.SWEEP,
    EventKind.RELAY,
    EventKind.CHAIN_CAPTURE,
    EventKind.TUZDIK,
    EventKind.TUZDIK_DROP,
    EventKind.PASS,
    EventKind.RELAY_LOOP,
    EventKind.WIN_THRESHOLD,
    EventKind.NO_MOVE,
    EventKind.REPETITION,
)


def parse_position(text: str, rules: Rules | None = None) -> Position:
    """Read a position in the text notation (see :mod:`~mangala_edu.engine.notation`)."""
    return Position.from_text(text, rules)


def format_position(position: Position) -> str:
    """Write a position in the text notation."""
    return position.to_text()


def _validate(board: tuple[int, ...], side: int | None, rules: Rules) -> None:
    """Raise :class:`PositionError` unless ``board`` and ``side`` make a position."""
    g = rules.geometry
    if len(board) != g.size:
        raise PositionError(
            "position.board_length", expected=g.size, pits=rules.pits, found=len(board)
        )
    for i, value in enumerate(board):
        owner, number = g.place(i)
        index = number or g.pits + 1  # a row's numbers: its pits, then its store
        if not isinstance(value, int) or isinstance(value, bool):
            raise PositionError(
                "position.not_number", side=SIDE_NAMES[owner], index=index, value=value
            )
        if value < 0:
            raise PositionError(
                "position.negative", side=SIDE_NAMES[owner], index=index, value=value
            )
    empty = [not any(board[r.start : r.stop]) for r in g.pit_ranges]
    if rules.end_rule == END_EMPTY_BOARD:  # Mangala II, IV: an empty row passes
        if side is None:
            if not all(empty):
                raise PositionError("position.over_with_stones")
        elif empty[side]:
            raise PositionError(
                "position.must_pass",
                side=SIDE_NAMES[SIDES[side]],
                other=SIDE_NAMES[SIDES[1 - side]],
            )
        return
    if rules.end_rule == END_NO_MOVE:  # Toguz Korgool
        threshold = rules.win_threshold
        reached = [s for s in (0, 1) if threshold and board[g.stores[s]] >= threshold]
        if side is None:
            if not all(empty) and not reached:
                raise PositionError("position.over_with_stones")
        elif reached:
            raise PositionError(
                "position.threshold_reached",
                side=SIDE_GENITIVES[SIDES[reached[0]]],
                count=board[g.stores[reached[0]]],
                threshold=threshold,
            )
        elif empty[side]:
            raise PositionError("position.cannot_move", side=SIDE_NAMES[SIDES[side]])
        return
    if side is None:
        if not all(empty):
            raise PositionError("position.over_with_stones")
    elif empty[0] or empty[1]:
        raise PositionError(
            "position.empty_side_to_move", side=SIDE_NAMES[SIDES[0 if empty[0] else 1]]
        )


def _check_tuzdiks(tuzdiks: object, board: tuple[int, ...], rules: Rules) -> tuple[int, int]:
    """The tuzdiks ``(South's, North's)`` as board indices (``-1`` for none); raises
    :class:`PositionError` unless they are allowed by the rules and lie where a tuzdik can."""
    if tuzdiks == (None, None) or tuzdiks == NO_TUZDIK:
        return NO_TUZDIK
    if not isinstance(tuzdiks, tuple) or len(tuzdiks) != 2:
        raise PositionError("position.bad_tuzdik", value=tuzdiks)
    if not rules.tuzdik:
        raise PositionError("position.no_tuzdik_rule", rules=rules.name)
    g = rules.geometry
    out = []
    for side, index in enumerate(tuzdiks):
        if index is None or index == -1:
            out.append(-1)
            continue
        if (
            not isinstance(index, int)
            or isinstance(index, bool)
            or not 0 <= index < g.size
            or g.owner[index] != 1 - side
        ):
            raise PositionError("position.bad_tuzdik", value=tuzdiks)
        number = g.place(index).number
        if number == rules.pits:
            raise PositionError(
                "position.tuzdik_last_pit", side=SIDE_NAMES[SIDES[side]], pit=number
            )
        if board[index]:
            raise PositionError(
                "position.tuzdik_not_empty",
                side=SIDE_NAMES[SIDES[side]],
                pit=number,
                value=board[index],
            )
        out.append(index)
    a, b = out
    if a >= 0 and b >= 0 and g.place(a).number == g.place(b).number:
        raise PositionError("position.tuzdik_same_number", pit=g.place(a).number)
    return (a, b)


def _sow(
    b: list[int], side: int, origin: int, rules: Rules, events: list[Event] | None
) -> int | None:
    """Play the move lifting from ``origin`` on the board list ``b`` in place.

    Returns the side to move next (``None`` when the set is over). When ``events`` is a
    list, every step is appended to it as an :class:`Event`.
    """
    nxt, own_store, owners, first_back, even_capture, empty_capture = rules.plans[side]
    name = SIDES[side] if events is not None else None
    n = b[origin]
    b[origin] = 0
    place = origin
    if events is None:
        if n > 1 and first_back:
            b[origin] = 1
            n -= 1
        while n:
            place = nxt[place]
            b[place] += 1
            n -= 1
    else:
        events.append(Event(EventKind.LIFT, origin, n, tuple(b), name))
        if n > 1 and first_back:
            b[origin] = 1
            n -= 1
            events.append(Event(EventKind.RETURN, origin, n, tuple(b), name))
        g = rules.geometry
        skip = g.stores[1 - side]
        while n:
            if (place + 1) % g.size == skip:
                events.append(Event(EventKind.SKIP, skip, n, tuple(b), name))
            place = nxt[place]
            b[place] += 1
            n -= 1
            events.append(Event(EventKind.DROP, place, n, tuple(b), name))

    extra = False
    captured = False
    owner = owners[place]
    if place == own_store:
        extra = True
        if events is not None:
            events.append(Event(EventKind.EXTRA_TURN, place, 0, tuple(b), name))
    elif owner is not None and owner != side:
        count = b[place]
        if even_capture and not count & 1:
            b[own_store] += count
            b[place] = 0
            captured = True
            if events is not None:
                events.append(
                    Event(
                        EventKind.EVEN_CAPTURE,
                        place,
                        count,
                        tuple(b),
                        name,
                        ((place, own_store, count),),
                    )
                )
        elif events is not None:
            kind = EventKind.ODD if count & 1 else EventKind.NOTHING
            events.append(Event(kind, place, count, tuple(b), name))
    elif owner == side:
        if empty_capture and b[place] == 1:
            opposite = rules.geometry.opposite[place]
            assert opposite is not None  # ``place`` is a pit
            taken = b[opposite]
            if taken:
                b[own_store] += taken + 1
                b[opposite] = 0
                b[place] = 0
                captured = True
                if events is not None:
                    events.append(
                        Event(
                            EventKind.EMPTY_CAPTURE,
                            place,
                            taken + 1,
                            tuple(b),
                            name,
                            ((opposite, own_store, taken), (place, own_store, 1)),
                        )
                    )
            elif events is not None:
                events.append(Event(EventKind.EMPTY_OPPOSITE_EMPTY, place, 1, tuple(b), name))
        elif events is not None:
            events.append(Event(EventKind.NOTHING, place, b[place], tuple(b), name))

    # The end of the set: one side's pits all empty, checked after every move. Sowing only
    # adds to the opponent's pits, so their side can empty only through a capture; the
    # mover's side can empty only if the origin pit is empty now.
    if b[origin] and not captured:
        return side if extra else 1 - side
    g = rules.geometry
    s_range, n_range = g.pit_ranges
    s_empty = not any(b[s_range.start : s_range.stop])
    n_empty = not any(b[n_range.start : n_range.stop])
    if not (s_empty or n_empty):
        return side if extra else 1 - side
    moved: list[tuple[int, int, int]] = []
    taker: int | None = None
    if rules.end_rule == END_SWEEP:
        taker = 0 if s_empty else 1
        for i in g.pit_ranges[1 - taker]:
            if b[i]:
                moved.append((i, g.stores[taker], b[i]))
    else:
        for owner_side, r in enumerate(g.pit_ranges):
            moved.extend((i, g.stores[owner_side], b[i]) for i in r if b[i])
    for src, dst, count in moved:
        b[dst] += count
        b[src] = 0
    if events is not None:
        if moved:
            events.append(
                Event(
                    EventKind.SWEEP,
                    None,
                    sum(m[2] for m in moved),
                    tuple(b),
                    None if taker is None else SIDES[taker],
                    tuple(moved),
                )
            )
        events.append(Event(EventKind.SET_OVER, None, 0, tuple(b), None))
    return None
