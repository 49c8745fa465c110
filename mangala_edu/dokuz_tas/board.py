"""The Dokuz Taş (Mühle, Nine Men's Morris) board: 24 points, their lines and symmetries.

Three squares, one inside the other, joined at the middles of their sides. Each point is named
by its file ``a``-``g`` (from the left) and its rank ``1``-``7`` (from the bottom), the usual
Mühle notation::

    7  a7----------d7----------g7
       |           |           |
    6  |   b6------d6------f6  |
       |   |       |       |   |
    5  |   |   c5--d5--e5  |   |
       |   |   |       |   |   |
    4  a4--b4--c4      e4--f4--g4
       |   |   |       |   |   |
    3  |   |   c3--d3--e3  |   |
       |   |       |       |   |
    2  |   b2------d2------f2  |
       |           |           |
    1  a1----------d1----------g1
       a   b   c   d   e   f   g

A point is an ``int`` (:data:`Point`), its index in :data:`POINT_NAMES` (the names in
alphabetical order); :func:`parse_point` and :func:`point_name` are the only places that turn
one into the other. A set of points is a *bitboard*: an ``int`` whose bit ``p`` stands for
point ``p``.

>>> parse_point("d6"), point_name(13)
(13, 'd6')
>>> [point_name(p) for p in NEIGHBOURS[parse_point("d2")]]
['b2', 'd1', 'd3', 'f2']
>>> len(LINES), [line_name(i) for i in LINES_AT[parse_point("a1")]]
(16, ['a1-d1-g1', 'a1-a4-a7'])
>>> parse_point("d4")
Traceback (most recent call last):
...
mangala_edu.dokuz_tas.errors.IllegalTurnError: ... / There is no point d4 on the board: ...
"""

from __future__ import annotations

from typing import Literal

from .errors import IllegalTurnError

Point = int
"""A point of the board: its index 0..23 in :data:`POINT_NAMES`."""

Colour = Literal["white", "black"]
"""A player, by the colour of their stones; White (light) moves first."""

WHITE: Colour = "white"
BLACK: Colour = "black"
COLOURS: tuple[Colour, Colour] = (WHITE, BLACK)
"""The players in the order of play (a colour's index here is used inside the engine)."""

POINT_NAMES: tuple[str, ...] = (
    "a1", "a4", "a7", "b2", "b4", "b6", "c3", "c4", "c5", "d1", "d2", "d3",
    "d5", "d6", "d7", "e3", "e4", "e5", "f2", "f4", "f6", "g1", "g4", "g7",
)  # fmt: skip
"""The names of the 24 points; a point's number is its index here (alphabetical order, so
that sorting turns by their text sorts them by their points)."""

POINTS: tuple[Point, ...] = tuple(range(len(POINT_NAMES)))
ALL_POINTS = (1 << len(POINTS)) - 1
"""The bitboard of every point."""

_INDEX = {name: i for i, name in enumerate(POINT_NAMES)}

RANKS: tuple[tuple[Point, ...], ...] = tuple(
    tuple(p for p, name in enumerate(POINT_NAMES) if name[1] == str(rank))
    for rank in range(7, 0, -1)
)
"""The points of each rank from the top (rank 7) down, each from the left: the order of the
position text (:mod:`.notation`)."""

COORDINATES: tuple[tuple[int, int], ...] = tuple(
    (ord(name[0]) - ord("a"), int(name[1]) - 1) for name in POINT_NAMES
)
"""Each point's ``(file, rank)``, both 0..6 from the bottom left (for drawing the board)."""

_LINE_NAMES = (
    # along the ranks, from the top
    "a7-d7-g7", "b6-d6-f6", "c5-d5-e5", "a4-b4-c4", "e4-f4-g4", "c3-d3-e3", "b2-d2-f2",
    "a1-d1-g1",
    # along the files, from the left
    "a1-a4-a7", "b2-b4-b6", "c3-c4-c5", "d5-d6-d7", "d1-d2-d3", "e3-e4-e5", "f2-f4-f6",
    "g1-g4-g7",
)  # fmt: skip

LINES: tuple[tuple[Point, Point, Point], ...] = tuple(
    (_INDEX[a], _INDEX[b], _INDEX[c]) for a, b, c in (n.split("-") for n in _LINE_NAMES)
)
"""The 16 lines of three points (the places of a mill, *üçlü*), each in its drawing order."""

LINE_MASKS: tuple[int, ...] = tuple((1 << a) | (1 << b) | (1 << c) for a, b, c in LINES)
"""Each line as a bitboard."""

LINES_AT: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, line in enumerate(LINES) if p in line) for p in POINTS
)
"""For each point, the indices of the two lines through it."""

NEIGHBOURS: tuple[tuple[Point, ...], ...] = tuple(
    tuple(
        sorted(
            q
            for line in LINES
            if p in line
            for q in line
            if abs(line.index(q) - line.index(p)) == 1
        )
    )
    for p in POINTS
)
"""For each point, the points next to it along a line (where a stone can slide)."""

NEIGHBOUR_MASKS: tuple[int, ...] = tuple(sum(1 << q for q in ns) for ns in NEIGHBOURS)
""":data:`NEIGHBOURS` as bitboards."""


def parse_point(name: str) -> Point:
    """The point named ``name`` (``"a1"``..``"g7"``; capitals and spaces around are taken).

    >>> parse_point(" G7 ")
    23
    """
    key = name.strip().lower() if isinstance(name, str) else name
    try:
        return _INDEX[key]
    except (KeyError, TypeError):
        raise IllegalTurnError("dokuz_tas.error.unknown_point", value=name) from None


def point_name(point: Point) -> str:
    """The name of ``point`` (``0`` is ``"a1"``)."""
    return POINT_NAMES[point]


def line_name(line: int) -> str:
    """The name of line number ``line``: its points joined by ``-`` (``"a7-d7-g7"``)."""
    return _LINE_NAMES[line]


def points_of(mask: int) -> tuple[Point, ...]:
    """The points of a bitboard, in order.

    >>> points_of(0b101)
    (0, 2)
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def mask_of(points: object) -> int:
    """The bitboard of some points (numbers or names)."""
    mask = 0
    for p in points:  # type: ignore[attr-defined]
        mask |= 1 << (parse_point(p) if isinstance(p, str) else _check_point(p))
    return mask


def _check_point(p: object) -> Point:
    if isinstance(p, int) and not isinstance(p, bool) and 0 <= p < len(POINTS):
        return p
    raise IllegalTurnError("dokuz_tas.error.unknown_point", value=p)


# -- Symmetries ---------------------------------------------------------------------------------


def _symmetries() -> tuple[tuple[Point, ...], ...]:
    """The 16 permutations of the points that keep every line a line and every neighbour a
    neighbour: the 8 turns and mirrors of the square, each with the inner and outer squares
    swapped or not."""
    turns = (
        lambda x, y: (x, y),  # identity
        lambda x, y: (-y, x),  # a quarter turn anticlockwise
        lambda x, y: (-x, -y),  # a half turn
        lambda x, y: (y, -x),  # a quarter turn clockwise
        lambda x, y: (-x, y),  # mirrored left to right
        lambda x, y: (x, -y),  # mirrored top to bottom
        lambda x, y: (y, x),  # mirrored in the diagonal a1-g7
        lambda x, y: (-y, -x),  # mirrored in the diagonal a7-g1
    )
    where = {xy: p for p, xy in enumerate(COORDINATES)}
    out = []
    for swap in (False, True):
        for turn in turns:
            perm = []
            for fx, fy in COORDINATES:
                x, y = turn(fx - 3, fy - 3)
                if swap:  # the square of "radius" r goes to radius 4 - r (1 <-> 3)
                    r = max(abs(x), abs(y))
                    x, y = x * (4 - r) // r, y * (4 - r) // r
                perm.append(where[(x + 3, y + 3)])
            out.append(tuple(perm))
    return tuple(out)


SYMMETRIES: tuple[tuple[Point, ...], ...] = _symmetries()
"""The 16 symmetries of the board as permutations: ``SYMMETRIES[k][p]`` is where point ``p``
goes. ``k`` = 0..7: the identity, turns by a quarter, a half and three quarters
(anticlockwise), mirrors left-right, top-bottom, in the diagonals a1-g7 and a7-g1; ``k`` + 8:
the same with the inner and outer squares swapped.

>>> [point_name(SYMMETRIES[1][parse_point(n)]) for n in ("a1", "d2", "c5")]
['g1', 'f4', 'c3']
>>> point_name(SYMMETRIES[8][parse_point("a1")]), point_name(SYMMETRIES[8][parse_point("b6")])
('c3', 'b6')
"""


def transform_mask(mask: int, symmetry: int) -> int:
    """A bitboard moved by ``SYMMETRIES[symmetry]``."""
    perm = SYMMETRIES[symmetry]
    out = 0
    for p in points_of(mask):
        out |= 1 << perm[p]
    return out
