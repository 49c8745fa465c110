"""A Dokuz Taş position: the stones, the hands, who is to move, the legal turns and playing
them.

A :class:`Position` never changes: :meth:`Position.play` returns a new one and
:meth:`Position.trace` tells what happened on the way. Turns are strings in the RULINGS
notation (:mod:`.notation`): ``d6``, ``a1-a4``, ``d6xd7``, ``a1-a4xg7``.

>>> pos = Position.start()
>>> len(pos.legal_moves), pos.legal_moves[:3]
(24, ('a1', 'a4', 'a7'))
>>> after = pos.play("d6")
>>> after.to_move, after.in_hand("white"), after.at("d6")
('black', 8, 'white')
>>> pos.at("d6") is None          # the old position is unchanged
True

Inside, a side's stones are a *bitboard* (an ``int`` of 24 bits, see :mod:`.board`); the
face speaks in point names and turn strings.

Where RULINGS leaves a point open, this engine chose as follows (the first four matter only
in positions set up by hand; Ludii's rule file, the reference RULINGS names, is still to be
compared with):

- A mill closed when the opponent has no stone on the board takes nothing (the turn has no
  ``x``). In a game from the start this cannot happen: the opponent always has a stone on
  the board when a mill is closed (OpenSpiel would end such a game instead).
- A player whose stones in hand are not used up places, whatever the other player does; in a
  position set up by hand the hands need not be equal.
- A placement leaves the quiet-turn count as it is (only sliding and flying turns count,
  a removal resets it); from the start no placement follows a slide, so the count is 0
  until the moving phase.
- A position in which the player who just moved has fewer than three stones cannot arise
  and is refused.
- A flying player's step to a neighbouring point is traced as a slide, a step anywhere
  else as a flight (both are flying turns for the rules).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..i18n import Message
from .board import (
    ALL_POINTS,
    COLOURS,
    LINE_MASKS,
    LINES,
    LINES_AT,
    NEIGHBOUR_MASKS,
    Colour,
    Point,
    line_name,
    mask_of,
    point_name,
    points_of,
    transform_mask,
)
from .errors import IllegalTurnError, PositionError
from .notation import (
    QUIET_LIMIT,
    STONES,
    Turn,
    parse_turn,
    read_position,
    write_position,
    write_turn,
)
from .trace import Event, EventKind, Outcome, Phase, Termination, TurnTrace, colour_name

RawTurn = tuple[int, int, int]
"""A turn inside the engine: ``(origin, target, removal)``, ``-1`` for no origin (a
placement) or no removal."""


def _count(mask: int) -> int:
    return bin(mask).count("1")


def _mill_lines(own: int, target: int) -> tuple[int, ...]:
    """The lines through ``target`` that ``own`` fills."""
    return tuple(i for i in LINES_AT[target] if own & LINE_MASKS[i] == LINE_MASKS[i])


def _in_mills(stones: int) -> int:
    """The stones of ``stones`` that stand in a mill, as a bitboard."""
    out = 0
    for line in LINE_MASKS:
        if stones & line == line:
            out |= line
    return out


def _removable(stones: int) -> int:
    """The stones that a mill may take: those in no mill, or all when all stand in mills."""
    free = stones & ~_in_mills(stones)
    return free or stones


class Position:
    """The stones of both players, the stones still in their hands, the side to move, the
    quiet turns so far and the flying switch.

    Args:
        white, black: the points of each player's stones (names or numbers).
        to_move: ``"white"`` or ``"black"``.
        in_hand: the stones White and Black still have to place.
        quiet: sliding or flying turns in a row without a removal (0..50).
        flying: a player with exactly three stones and none in hand may fly (the default).

    >>> pos = Position(white=["a1", "a4", "a7"], black=["g1", "g4", "d2", "b6"],
    ...                to_move="black", in_hand=(0, 0))
    >>> pos.phase("white"), pos.phase("black")
    (<Phase.FLYING: 'flying'>, <Phase.MOVING: 'moving'>)
    >>> pos.legal_moves    # doctest: +NORMALIZE_WHITESPACE
    ('b6-b4', 'b6-d6', 'd2-b2', 'd2-d1', 'd2-d3', 'd2-f2', 'g1-d1', 'g4-f4', 'g4-g7')
    >>> Position(white=["a1"], black=["a1"])
    Traceback (most recent call last):
    ...
    mangala_edu.dokuz_tas.errors.PositionError: ... / a1 holds a white and a black stone: ...
    """

    __slots__ = ("_flying", "_hands", "_moves", "_quiet", "_stones", "_turn")

    _stones: tuple[int, int]
    _hands: tuple[int, int]
    _turn: int
    _quiet: int
    _flying: bool
    _moves: tuple[RawTurn, ...] | None

    def __init__(
        self,
        white: Iterable[str | Point] = (),
        black: Iterable[str | Point] = (),
        to_move: Colour = "white",
        in_hand: tuple[int, int] = (STONES, STONES),
        quiet: int = 0,
        flying: bool = True,
    ) -> None:
        try:
            w, b = mask_of(white), mask_of(black)
        except IllegalTurnError as exc:
            raise PositionError(exc.key, **exc.params) from None
        if to_move not in COLOURS:
            raise PositionError("dokuz_tas.position.bad_colour", value=to_move)
        _validate(w, b, COLOURS.index(to_move), in_hand, quiet, flying)
        self._set(w, b, (in_hand[0], in_hand[1]), COLOURS.index(to_move), quiet, flying)

    def _set(
        self, white: int, black: int, hands: tuple[int, int], turn: int, quiet: int, flying: bool
    ) -> None:
        self._stones = (white, black)
        self._hands = hands
        self._turn = turn
        self._quiet = quiet
        self._flying = flying
        self._moves = None

    @classmethod
    def _make(
        cls, stones: tuple[int, int], hands: tuple[int, int], turn: int, quiet: int, flying: bool
    ) -> Position:
        pos = object.__new__(cls)
        pos._set(stones[0], stones[1], hands, turn, quiet, flying)
        return pos

    # Construction ---------------------------------------------------------------------------
    @classmethod
    def start(cls, flying: bool = True) -> Position:
        """The empty board, nine stones in each hand, White to move.

        >>> Position.start().to_text()
        '3/3/3/6/3/3/3 w 9 9 0'
        """
        return cls._make((0, 0), (STONES, STONES), 0, 0, flying)

    @classmethod
    def from_text(cls, text: str, flying: bool = True) -> Position:
        """The position written in ``text`` (see :mod:`.notation`); raises
        :class:`PositionError` naming the first fault found.

        >>> Position.from_text("WW1/3/3/6/3/3/3 b 0 9 0")
        Traceback (most recent call last):
        ...
        mangala_edu.dokuz_tas.errors.PositionError: ... / White has 2 stones on the board and in hand: ...
        """
        white, black, turn, hands, quiet = read_position(text)
        _validate(white, black, turn, hands, quiet, flying)
        return cls._make((white, black), hands, turn, quiet, flying)

    def to_text(self) -> str:
        """The text of this position (without the flying switch)."""
        w, b = self._stones
        return write_position(w, b, self._turn, self._hands, self._quiet)

    # Reading --------------------------------------------------------------------------------
    @property
    def to_move(self) -> Colour:
        """The player whose turn it is (also once the game is over: the one who cannot)."""
        return COLOURS[self._turn]

    @property
    def flying(self) -> bool:
        """Whether a player with three stones and none in hand may fly."""
        return self._flying

    @property
    def quiet(self) -> int:
        """Sliding or flying turns in a row without a removal (the game is drawn at 50)."""
        return self._quiet

    @property
    def bitboards(self) -> tuple[int, int]:
        """White's and Black's stones as bitboards (for searches and boards)."""
        return self._stones

    def in_hand(self, colour: Colour) -> int:
        """The stones ``colour`` has still to place."""
        return self._hands[_index(colour)]

    def on_board(self, colour: Colour) -> int:
        """The stones ``colour`` has on the board."""
        return _count(self._stones[_index(colour)])

    def stones(self, colour: Colour) -> tuple[str, ...]:
        """The points of ``colour``'s stones, by name.

        >>> Position.start().play("d6").stones("white")
        ('d6',)
        """
        return tuple(point_name(p) for p in points_of(self._stones[_index(colour)]))

    def removed(self, colour: Colour) -> int:
        """The stones of ``colour`` taken off the board so far (9 less the board and hand)."""
        i = _index(colour)
        return STONES - _count(self._stones[i]) - self._hands[i]

    def at(self, point: str | Point) -> Colour | None:
        """The colour of the stone on ``point``, ``None`` when it is empty."""
        bit = mask_of([point])
        w, b = self._stones
        return "white" if w & bit else "black" if b & bit else None

    def phase(self, colour: Colour) -> Phase:
        """What ``colour``'s turns are now: placing, moving or flying."""
        i = _index(colour)
        if self._hands[i]:
            return Phase.PLACING
        if self._flying and _count(self._stones[i]) == 3:
            return Phase.FLYING
        return Phase.MOVING

    def mills(self, colour: Colour) -> tuple[str, ...]:
        """The mills ``colour`` has on the board now, by name.

        >>> Position.from_text("WWW/3/3/6/3/3/3 b 6 9 0").mills("white")
        ('a7-d7-g7',)
        """
        stones = self._stones[_index(colour)]
        return tuple(line_name(i) for i, mask in enumerate(LINE_MASKS) if stones & mask == mask)

    @property
    def key(self) -> tuple[int, int, int, int, int]:
        """What makes positions the same for the repetition rule: the board, the stones in
        hand and the side to move (not the quiet turns)."""
        w, b = self._stones
        return (w, b, self._hands[0], self._hands[1], self._turn)

    # Turns ----------------------------------------------------------------------------------
    def _generate(self) -> tuple[RawTurn, ...]:
        """Every legal turn as ``(origin, target, removal)`` in the order of their texts."""
        t = self._turn
        own = self._stones[t]
        opp = self._stones[1 - t]
        empty = ALL_POINTS & ~(own | opp)
        takeable = points_of(_removable(opp)) if opp else ()
        out: list[RawTurn] = []
        if self._hands[t]:
            for target in points_of(empty):
                after = own | (1 << target)
                if takeable and _mills_at(after, target):
                    out.extend((-1, target, r) for r in takeable)
                else:
                    out.append((-1, target, -1))
            return tuple(out)
        fly = self._flying and _count(own) == 3
        for origin in points_of(own):
            base = own ^ (1 << origin)
            targets = empty if fly else NEIGHBOUR_MASKS[origin] & empty
            for target in points_of(targets):
                if takeable and _mills_at(base | (1 << target), target):
                    out.extend((origin, target, r) for r in takeable)
                else:
                    out.append((origin, target, -1))
        return tuple(out)

    def _raw_moves(self) -> tuple[RawTurn, ...]:
        moves = self._moves
        if moves is None:
            moves = () if self._lost_by_count() is not None else self._generate()
            self._moves = moves
        return moves

    def _lost_by_count(self) -> int | None:
        """The side (0, 1) with fewer than three stones on the board and in hand, if any."""
        for i in (self._turn, 1 - self._turn):
            if _count(self._stones[i]) + self._hands[i] < 3:
                return i
        return None

    @property
    def legal_moves(self) -> tuple[str, ...]:
        """Every turn that can be played, as text, sorted (by their points, which is also
        their alphabetical order). Empty once the game is over."""
        if self.is_over:
            return ()
        return tuple(
            write_turn(None if o < 0 else o, t, None if r < 0 else r)
            for o, t, r in self._raw_moves()
        )

    @property
    def outcome(self) -> Outcome | None:
        """How the game has ended in this position, or ``None`` while it goes on. Wins come
        before draws: fewer than three stones, then no legal turn, then 50 quiet turns. (A
        third repetition needs the game's history: :class:`~.game.Game` sees it.)

        >>> Position.from_text("WW1/3/3/6/3/3/3 w 0 0 0").outcome
        Traceback (most recent call last):
        ...
        mangala_edu.dokuz_tas.errors.PositionError: ... / Black has 0 stones ...
        >>> Position.from_text("WW1/3/3/6/3/3/BBB w 0 0 0").outcome.said.text("en")
        'White has fewer than three stones left: Black wins.'
        """
        loser = self._lost_by_count()
        if loser is not None:
            return Outcome(Termination.FEWER_THAN_THREE, COLOURS[1 - loser])
        if not self._raw_moves():
            return Outcome(Termination.BLOCKED, COLOURS[1 - self._turn])
        if self._quiet >= QUIET_LIMIT:
            return Outcome(Termination.QUIET_TURNS)
        return None

    @property
    def is_over(self) -> bool:
        """True when the game has ended in this position (see :attr:`outcome`)."""
        return self.outcome is not None

    @property
    def winner(self) -> Colour | None:
        """The winner once the game is over (``None``: a draw, or not over)."""
        outcome = self.outcome
        return None if outcome is None else outcome.winner

    def _check(self, turn: str | Turn) -> RawTurn:
        """The turn as ``(origin, target, removal)``; raises :class:`IllegalTurnError`,
        naming the rule it breaks, when it cannot be played here."""
        outcome = self.outcome
        if outcome is not None:
            raise IllegalTurnError("dokuz_tas.error.over", why=outcome.said)
        if isinstance(turn, Turn):
            mask_of(p for p in turn if p is not None)  # raises for a point off the board
            text = turn.text
            origin, target, removal = turn
        else:
            text = turn
            origin, target, removal = parse_turn(turn)
        t = self._turn
        own, opp = self._stones[t], self._stones[1 - t]
        hand = self._hands[t]
        if origin is None:
            if not hand:
                raise IllegalTurnError("dokuz_tas.error.nothing_in_hand", point=point_name(target))
        else:
            name = point_name(origin)
            if hand:
                raise IllegalTurnError("dokuz_tas.error.slide_in_hand", count=hand)
            if not own & (1 << origin):
                raise IllegalTurnError(
                    "dokuz_tas.error.origin_other"
                    if opp & (1 << origin)
                    else "dokuz_tas.error.origin_empty",
                    point=name,
                    colour=colour_name(COLOURS[t]),
                )
        if (own | opp) & (1 << target):
            raise IllegalTurnError("dokuz_tas.error.occupied", point=point_name(target))
        if (
            origin is not None
            and not NEIGHBOUR_MASKS[origin] & (1 << target)
            and not (self._flying and _count(own) == 3)
        ):
            raise IllegalTurnError(
                "dokuz_tas.error.no_flying"
                if _count(own) == 3
                else "dokuz_tas.error.not_neighbour",
                origin=point_name(origin),
                target=point_name(target),
            )
        after = own | (1 << target)
        if origin is not None:
            after ^= 1 << origin
        mills = _mill_lines(after, target)
        if not mills:
            if removal is not None:
                raise IllegalTurnError("dokuz_tas.error.removal_without_mill", turn=text)
            return (-1 if origin is None else origin, target, -1)
        if removal is None:
            if opp:
                raise IllegalTurnError(
                    "dokuz_tas.error.missing_removal", turn=text, line=line_name(mills[0])
                )
            return (-1 if origin is None else origin, target, -1)
        bit = 1 << removal
        if after & bit:
            raise IllegalTurnError("dokuz_tas.error.remove_own", point=point_name(removal))
        if not opp & bit:
            raise IllegalTurnError("dokuz_tas.error.remove_empty", point=point_name(removal))
        if not _removable(opp) & bit:
            line = next(i for i, m in enumerate(LINE_MASKS) if opp & m == m and m & bit)
            raise IllegalTurnError(
                "dokuz_tas.error.remove_protected",
                point=point_name(removal),
                line=line_name(line),
            )
        return (-1 if origin is None else origin, target, removal)

    def _after(self, origin: int, target: int, removal: int) -> Position:
        t = self._turn
        stones = list(self._stones)
        hands = list(self._hands)
        stones[t] |= 1 << target
        if origin < 0:
            hands[t] -= 1
            quiet = self._quiet
        else:
            stones[t] ^= 1 << origin
            quiet = self._quiet + 1
        if removal >= 0:
            stones[1 - t] ^= 1 << removal
            quiet = 0
        return Position._make(
            (stones[0], stones[1]), (hands[0], hands[1]), 1 - t, quiet, self._flying
        )

    def play(self, turn: str | Turn) -> Position:
        """The position after the player to move plays ``turn``.

        Raises :class:`IllegalTurnError` (and changes nothing) when the turn cannot be
        played, saying which rule it breaks:

        >>> pos = Position.from_text("WW1/3/3/B5/3/3/B2 w 3 5 0")
        >>> pos.play("g7")
        Traceback (most recent call last):
        ...
        mangala_edu.dokuz_tas.errors.IllegalTurnError: ... / g7 closes the mill a7-d7-g7: ...
        >>> pos.play("g7xa1").stones("black")
        ('a4',)
        """
        return self._after(*self._check(turn))

    def children(self) -> Iterator[tuple[str, Position]]:
        """Each legal turn with the position it leads to."""
        for o, t, r in self._raw_moves() if not self.is_over else ():
            yield write_turn(None if o < 0 else o, t, None if r < 0 else r), self._after(o, t, r)

    def _turn_count(self) -> int:
        """The number of legal turns (0 once the game is over), without their texts."""
        return 0 if self._quiet >= QUIET_LIMIT else len(self._raw_moves())

    def _raw_children(self) -> Iterator[Position]:
        """The positions after every legal turn (for counting and searching: no texts)."""
        if self._quiet >= QUIET_LIMIT:
            return
        after = self._after
        for o, t, r in self._raw_moves():
            yield after(o, t, r)

    def trace(self, turn: str | Turn) -> TurnTrace:
        """Play ``turn`` and return everything that happened in it (see :mod:`.trace`).

        >>> pos = Position.from_text("W1W/3/3/BB3B/3/3/BW1 w 0 0 0")
        >>> trace = pos.trace("b2-d2")
        Traceback (most recent call last):
        ...
        mangala_edu.dokuz_tas.errors.IllegalTurnError: ... / There is no White stone on b2: ...
        >>> [e.kind.value for e in pos.trace("d1-d2").events]
        ['slide']
        >>> [e.kind.value for e in pos.trace("d1-d7xa1").events]
        ['fly', 'mill', 'remove', 'phase']
        >>> pos.trace("d1-d7xa1").captions[-1].text("en")
        'Black has three stones left: from now on they may fly to any empty point.'
        """
        origin, target, removal = self._check(turn)
        after = self._after(origin, target, removal)
        t = self._turn
        me, you = COLOURS[t], COLOURS[1 - t]
        w, b = self._stones
        hands = list(self._hands)
        events: list[Event] = []

        def add(
            event: EventKind,
            colour: Colour | None,
            points: tuple[Point, ...] = (),
            count: int = 0,
            line: int | None = None,
            phase: Phase | None = None,
            outcome: Outcome | None = None,
        ) -> None:
            events.append(
                Event(
                    event,
                    colour,
                    points,
                    _board_string(w, b),
                    (hands[0], hands[1]),
                    count,
                    line,
                    phase,
                    None if outcome is None else outcome.termination,
                    None if outcome is None else outcome.winner,
                )
            )

        bit = 1 << target
        if origin < 0:
            hands[t] -= 1
            w, b = (w | bit, b) if t == 0 else (w, b | bit)
            add(EventKind.PLACE, me, (target,), count=hands[t])
        else:
            moved = bit | (1 << origin)
            w, b = (w ^ moved, b) if t == 0 else (w, b ^ moved)
            step = EventKind.SLIDE if NEIGHBOUR_MASKS[origin] & bit else EventKind.FLY
            add(step, me, (origin, target))
        own = (w, b)[t]
        mills = _mill_lines(own, target)
        for line in mills:
            add(EventKind.MILL, me, LINES[line], line=line)
        opp = self._stones[1 - t]
        if removal >= 0:
            in_mills = _in_mills(opp)
            if in_mills == opp:
                add(EventKind.ALL_IN_MILLS, you, points_of(opp))
            elif in_mills:
                add(EventKind.PROTECTED, you, points_of(in_mills))
            rbit = 1 << removal
            w, b = (w, b ^ rbit) if t == 0 else (w ^ rbit, b)
            add(EventKind.REMOVE, you, (removal,))
        elif mills:
            add(EventKind.NOTHING_TO_REMOVE, you)
        outcome = after.outcome
        for colour in (me, you) if outcome is None else ():
            now = after.phase(colour)
            if now != self.phase(colour) and now != Phase.PLACING:
                add(EventKind.PHASE, colour, phase=now)
        if outcome is not None:
            add(EventKind.GAME_OVER, None, count=after.quiet, outcome=outcome)
        text = write_turn(*_optional(origin, target, removal))
        return TurnTrace(self, text, me, tuple(events), after)

    # Symmetry -------------------------------------------------------------------------------
    def transform(self, symmetry: int) -> Position:
        """This position turned or mirrored by ``SYMMETRIES[symmetry]`` (0..15, see
        :data:`~.board.SYMMETRIES`): the same game, the points renamed.

        >>> Position.start().play("a1").transform(1).stones("white")
        ('g1',)
        """
        w, b = self._stones
        return Position._make(
            (transform_mask(w, symmetry), transform_mask(b, symmetry)),
            self._hands,
            self._turn,
            self._quiet,
            self._flying,
        )

    # Python protocol ------------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Position)
            and self._stones == other._stones
            and self._hands == other._hands
            and self._turn == other._turn
            and self._quiet == other._quiet
            and self._flying == other._flying
        )

    def __hash__(self) -> int:
        return hash((self._stones, self._hands, self._turn, self._quiet))

    def __repr__(self) -> str:
        flying = "" if self._flying else ", flying=False"
        return f"Position.from_text({self.to_text()!r}{flying})"

    def __str__(self) -> str:
        return self.to_text()

    def __reduce__(self) -> tuple[object, ...]:
        return (Position.from_text, (self.to_text(), self._flying))

    def _repr_svg_(self) -> str:
        """The board as a picture in Jupyter (the picture module is imported only here, so
        the engine itself needs nothing outside the standard library)."""
        from .picture import board_svg

        return board_svg(self)


_MASKS_AT = tuple((LINE_MASKS[i], LINE_MASKS[j]) for i, j in LINES_AT)


def parse_position(text: str, flying: bool = True) -> Position:
    """Read a position in the text notation (see :mod:`.notation`).

    >>> parse_position("3/3/3/6/3/3/3 w 9 9 0") == Position.start()
    True
    """
    return Position.from_text(text, flying)


def format_position(position: Position) -> str:
    """Write a position in the text notation (what a game's registry entry names as its
    ``notation``).

    >>> format_position(Position.start().play("a1"))
    '3/3/3/6/3/3/W2 b 8 9 0'
    """
    return position.to_text()


def _mills_at(own: int, target: int) -> bool:
    """Whether ``own`` fills a line through ``target`` (every point lies on two)."""
    first, second = _MASKS_AT[target]
    return own & first == first or own & second == second


def _optional(origin: int, target: int, removal: int) -> tuple[int | None, int, int | None]:
    return (None if origin < 0 else origin, target, None if removal < 0 else removal)


def _board_string(white: int, black: int) -> str:
    return "".join(
        "W" if white >> p & 1 else "B" if black >> p & 1 else "." for p in range(len(LINES_AT))
    )


def _index(colour: Colour) -> int:
    if colour not in COLOURS:
        raise PositionError("dokuz_tas.position.bad_colour", value=colour)
    return COLOURS.index(colour)


def _validate(
    white: int, black: int, turn: int, hands: object, quiet: object, flying: object
) -> None:
    """Raise :class:`PositionError` unless the parts make a position."""
    if white & black:
        raise PositionError(
            "dokuz_tas.position.overlap", point=point_name(points_of(white & black)[0])
        )
    if (
        not isinstance(hands, tuple)
        or len(hands) != 2
        or not all(
            isinstance(h, int) and not isinstance(h, bool) and 0 <= h <= STONES for h in hands
        )
    ):
        raise PositionError("dokuz_tas.position.bad_hands", value=hands, most=STONES)
    if not isinstance(quiet, int) or isinstance(quiet, bool) or not 0 <= quiet <= QUIET_LIMIT:
        raise PositionError(
            "dokuz_tas.position.number",
            what=Message("dokuz_tas.field.quiet"),
            value=quiet,
            most=QUIET_LIMIT,
        )
    if not isinstance(flying, bool):
        raise PositionError("dokuz_tas.position.bad_flying", value=flying)
    for i, stones in enumerate((white, black)):
        if _count(stones) + hands[i] > STONES:
            raise PositionError(
                "dokuz_tas.position.too_many",
                colour=_colour_message(i),
                board=_count(stones),
                hand=hands[i],
            )
    other = 1 - turn
    total = _count((white, black)[other]) + hands[other]
    if total < 3:
        raise PositionError(
            "dokuz_tas.position.lost_already",
            colour=_colour_message(other),
            count=total,
            mover=_colour_message(turn),
        )


def _colour_message(i: int) -> Message:
    return colour_name(COLOURS[i])
