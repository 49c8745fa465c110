"""The board's vocabulary: the two sides, the places on a board, and their names.

Everything else in the package names a side or a place through this module, the way
python-chess names squares: a :data:`Side` is ``"south"`` or ``"north"``; a place is a *board
index* (an ``int``) into the board vector ``S1..Sm, S-store, N1..Nm, N-store``; a
:class:`Place` says whose place an index is and which (pit number from its owner's own left,
or 0 for the store); a place's *name* is ``"S3"``, ``"N5"``, ``"Sstore"``.

>>> g = Geometry.build(6)
>>> g.index(SOUTH, 3), g.index(NORTH, 1), g.store(NORTH)
(2, 7, 13)
>>> g.place(9), g.place(6)
(Place(side='north', number=3), Place(side='south', number=0))
>>> g.parse_place("N3"), g.name(9), g.name(6)
(9, 'N3', 'Sstore')
>>> other(SOUTH)
'north'

Every board of the family fits: any number of pits a side (6 in Mangala, 7 in Mangala IV, 9
in Toguz Korgool), and stores that are on the sowing path (Mangala, Kalah) or beside the board
where captured stones are kept (Toguz Korgool's kazans, the captured stones of the storeless
Ottoman games):

>>> g9 = Geometry.build(9, stores_on_path=False)
>>> g9.size, g9.names[:2], g9.names[9], g9.name(g9.index(NORTH, 9))
(20, ('S1', 'S2'), 'Sstore', 'N9')
>>> g9.next_place[0][8]                  # after South's pit 9 comes North's pit 1
10
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, NamedTuple, TypeGuard

from ..i18n import Message
from .errors import PositionError

Side = Literal["south", "north"]
"""A player: ``"south"`` sits at the bottom of a diagram, ``"north"`` at the top."""

SOUTH: Side = "south"
NORTH: Side = "north"
SIDES: tuple[Side, Side] = (SOUTH, NORTH)
"""Both sides, South first: ``SIDES[i]`` is the side of index ``i`` (0 South, 1 North)."""

SIDE_LETTERS: dict[Side, str] = {SOUTH: "S", NORTH: "N"}
"""The letter of each side in place names and in the text notation."""

SIDE_NAMES: dict[Side, Message] = {SOUTH: Message("side.south"), NORTH: Message("side.north")}
"""Each side's name for a learner (``Güney`` / ``South``), to be shown in a language."""

SIDE_GENITIVES: dict[Side, Message] = {
    SOUTH: Message("side.south.gen"),
    NORTH: Message("side.north.gen"),
}
"""Each side's name in the possessive (``Güney'in`` / ``South's``)."""

SIDE_INITIALS: dict[Side, Message] = {
    SOUTH: Message("side.south.short"),
    NORTH: Message("side.north.short"),
}
"""Each side's initial for a learner (``G``/``K`` in Turkish, ``S``/``N`` in English)."""


def other(side: Side) -> Side:
    """The opponent of ``side``.

    >>> other(NORTH)
    'south'
    """
    return NORTH if side == SOUTH else SOUTH


def side_index(side: str) -> int:
    """0 for South, 1 for North; raises :class:`PositionError` for anything else.

    >>> side_index("north")
    1
    >>> side_index("east")
    Traceback (most recent call last):
    ...
    mangala_edu.engine.errors.PositionError: ... / 'east' is not a side: it must be 'south' or 'north'.
    """
    if side == SOUTH:
        return 0
    if side == NORTH:
        return 1
    raise PositionError("position.bad_side", value=side)


def is_side(value: object) -> TypeGuard[Side]:
    """True for ``"south"`` and ``"north"``."""
    return value in SIDES


class Place(NamedTuple):
    """Whose place a board index is, and which: a pit number from its owner's own left, or 0
    for the owner's store."""

    side: Side
    number: int

    @property
    def is_store(self) -> bool:
        return self.number == 0


_PLACE_NAME = re.compile(r"([SN])(\d+|STORE)", re.IGNORECASE)


@dataclass(frozen=True)
class Geometry:
    """Where everything is on the board vector of a board with ``pits`` pits a side.

    Board indices: South's pits ``0..m-1``, South's store ``m``, North's pits ``m+1..2m``,
    North's store ``2m+1``. With ``stores_on_path`` (Mangala, Kalah) a player's sowing passes
    through their own store; otherwise the stores lie beside the board and sowing goes round
    the pits only.
    """

    pits: int
    size: int
    stores: tuple[int, int]
    pit_ranges: tuple[range, range]
    owner: tuple[int | None, ...]
    """The side index (0 South, 1 North) owning each pit; ``None`` for the stores."""
    opposite: tuple[int | None, ...]
    """The pit facing each pit (a player's pit ``i`` faces the opponent's pit ``m + 1 - i``)."""
    next_place: tuple[tuple[int, ...], tuple[int, ...]]
    """For each side: where a stone sown by that side goes after each index."""
    pit_numbers: tuple[int, ...]
    pit_slices: tuple[tuple[int, int, tuple[int, ...]], ...]
    places: tuple[Place, ...]
    names: tuple[str, ...]
    """The name of each board index (``"S1"``, ..., ``"Sstore"``, ``"N1"``, ...)."""
    stores_on_path: bool = True

    @classmethod
    def build(cls, m: int, stores_on_path: bool = True) -> Geometry:
        size = 2 * m + 2
        stores = (m, 2 * m + 1)
        ranges = (range(0, m), range(m + 1, 2 * m + 1))
        owner = tuple(0 if i < m else 1 if m < i < size - 1 else None for i in range(size))
        opposite = tuple(2 * m - i if owner[i] is not None else None for i in range(size))
        nxt = []
        for side in (0, 1):
            skip = {stores[1 - side]} if stores_on_path else set(stores)
            table = []
            for i in range(size):
                j = (i + 1) % size
                while j in skip:
                    j = (j + 1) % size
                table.append(j)
            nxt.append(tuple(table))
        numbers = tuple(range(1, m + 1))
        slices = tuple((r.start, r.stop, numbers) for r in ranges)
        places = tuple(
            Place(SOUTH, i + 1)
            if i < m
            else Place(SOUTH, 0)
            if i == m
            else Place(NORTH, i - m)
            if i < size - 1
            else Place(NORTH, 0)
            for i in range(size)
        )
        names = tuple(
            SIDE_LETTERS[p.side] + ("store" if p.is_store else str(p.number)) for p in places
        )
        return cls(
            m,
            size,
            stores,
            ranges,
            owner,
            opposite,
            (nxt[0], nxt[1]),
            numbers,
            slices,
            places,
            names,
            stores_on_path,
        )

    def index(self, side: Side, number: int) -> int:
        """The board index of ``side``'s pit ``number`` (1-based, from that player's left), or
        of ``side``'s store for ``number`` 0."""
        if not 0 <= number <= self.pits:
            raise PositionError("position.no_pit", pit=number, pits=self.pits)
        if number == 0:
            return self.store(side)
        return number - 1 if side_index(side) == 0 else self.pits + number

    def store(self, side: Side) -> int:
        """The board index of ``side``'s store."""
        return self.stores[side_index(side)]

    def pit_indices(self, side: Side) -> range:
        """The board indices of ``side``'s pits, from that player's pit 1."""
        return self.pit_ranges[side_index(side)]

    def place(self, index: int) -> Place:
        """Whose place board index ``index`` is, and which."""
        return self.places[index]

    def side_of(self, index: int) -> Side:
        """The side a board index belongs to (its pits and its store)."""
        return self.places[index].side

    def name(self, index: int) -> str:
        """The name of a board index: ``"S3"``, ``"N1"``, ``"Sstore"``."""
        return self.names[index]

    def parse_place(self, text: str) -> int:
        """The board index named by ``text``: a side letter (``S`` or ``N``, either case) and a
        pit number (``"S3"``, ``"n5"``) or ``store`` (``"Sstore"``). Raises
        :class:`~mangala_edu.engine.errors.PositionError` naming what is allowed.

        >>> Geometry.build(6).parse_place("nstore")
        13
        >>> Geometry.build(6).parse_place("S7")
        Traceback (most recent call last):
        ...
        mangala_edu.engine.errors.PositionError: 'S7' tahtada bir yer değil: ... / 'S7' is not a ...
        """
        match = _PLACE_NAME.fullmatch(text.strip()) if isinstance(text, str) else None
        if match is not None:
            side: Side = SOUTH if match.group(1).upper() == "S" else NORTH
            rest = match.group(2)
            if rest.upper() == "STORE":
                return self.store(side)
            number = int(rest)
            if 1 <= number <= self.pits:
                return self.index(side, number)
        raise PositionError("error.not_a_place", value=text, pits=self.pits, last=self.size - 1)

    def resolve(self, place: int | str) -> int:
        """The board index of ``place``: a board index itself, or a place name (see
        :meth:`parse_place`). Raises :class:`~mangala_edu.engine.errors.PositionError` for
        anything else.

        >>> Geometry.build(6).resolve(13), Geometry.build(6).resolve("S1")
        (13, 0)
        """
        if isinstance(place, str):
            return self.parse_place(place)
        if isinstance(place, int) and not isinstance(place, bool) and 0 <= place < self.size:
            return place
        raise PositionError("error.not_a_place", value=place, pits=self.pits, last=self.size - 1)
