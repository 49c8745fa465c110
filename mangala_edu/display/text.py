"""The board as fixed-width text, for terminals and the command line.

North's row is on top, written N6..N1 from left to right (North sits opposite, so their pit 1 is
at the right), North's store at the left end; South's row is at the bottom, S1..S6, with South's
store at the right end. Pit numbers are printed beside each row; the mover's name is marked
with ``>> <<``; the last line says whose turn it is, or the result.

>>> from mangala_edu import Position
>>> print(board_text(Position.start().play(3), lang="en"))
                 >> North <<
        6     5     4     3     2     1
     (  4) (  4) (  4) (  4) (  4) (  4)
[ 0]                                     [ 0]
     (  4) (  4) (  1) (  5) (  5) (  5)
        1     2     3     4     5     6
                    South
North to move
"""

from __future__ import annotations

from ..engine import NORTH, SIDE_NAMES, SOUTH, Position, Side
from ..i18n import get_language
from .svg import status_text


def board_text(position: Position, lang: str | None = None) -> str:
    """A readable fixed-width drawing of the board (plain ASCII apart from the names).

    Works for any number of pits, and writes a Toguz Korgool tuzdik ``x``:

    >>> from mangala_edu import Rules
    >>> print(board_text(Position.start(Rules.kalah(3, 12), first="north"), lang="tr"))
            >> Kuzey <<
            3     2     1
         ( 12) ( 12) ( 12)
    [ 0]                   [ 0]
         ( 12) ( 12) ( 12)
            1     2     3
               Güney
    Sıra Kuzey oyuncusunda
    >>> pos = Position.from_text("9,9,9,9,9,9,9,9,9,0/9,9,x,9,9,9,9,9,9,3 N",
    ...                          Rules.toguz_korgool())
    >>> print(board_text(pos, lang="en").splitlines()[2])
         (  9) (  9) (  9) (  9) (  9) (  9) (  x) (  9) (  9)
    """
    lang = lang or get_language()
    rules = position.rules
    m = rules.pits
    south, north = position.pits(SOUTH), position.pits(NORTH)
    south_store, north_store = position.store(SOUTH), position.store(NORTH)
    digits = max(3, *(len(str(c)) for c in south + north))
    cell = digits + 3  # "(" digits ")" and a space
    store_digits = max(2, len(str(south_store)), len(str(north_store)))
    store_w = store_digits + 2  # "[" digits "]"

    tuzdiks = {i for i in position.tuzdiks if i is not None}

    def cells(side: Side) -> tuple[str, ...]:
        """The pits' counts, a tuzdik (Toguz Korgool) written ``x``."""
        r = rules.geometry.pit_indices(side)
        return tuple("x" if i in tuzdiks else str(position.board[i]) for i in r)

    def counts(row: tuple[str, ...]) -> str:
        return " " * store_w + "".join(f" ({c:>{digits}})" for c in row)

    def numbers(order: list[int]) -> str:
        return " " * store_w + "".join(f" {n:>{digits + 1}} " for n in order).rstrip()

    inner = m * cell + 1
    total = store_w * 2 + inner

    def name(side: Side) -> str:
        label = SIDE_NAMES[side].text(lang)
        if position.to_move == side:
            label = f">> {label} <<"
        return (" " * ((total - len(label)) // 2) + label).rstrip()

    lines = [
        name(NORTH),
        numbers(list(range(m, 0, -1))),
        counts(tuple(reversed(cells(NORTH)))),
        f"[{north_store:>{store_digits}}]" + " " * inner + f"[{south_store:>{store_digits}}]",
        counts(cells(SOUTH)),
        numbers(list(range(1, m + 1))),
        name(SOUTH),
        status_text(position, lang),
    ]
    return "\n".join(line.rstrip() for line in lines)
