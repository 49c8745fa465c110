"""The text notation of a position: ``S1,...,S6,Sstore/N1,...,N6,Nstore X``.

``X`` is ``S`` (South to move), ``N`` (North to move) or ``-`` (the set is over). Pits are
listed from each player's own left, so North's row is written N1..N6 as North sees it.
Kalah(m, n) positions have m pits a side.

>>> text = "4,4,4,4,4,4,0/4,4,4,4,4,4,0 S"
>>> format_position(parse_position(text)) == text
True
>>> parse_position("4,4,4,4,4,4/4,4,4,4,4,4,0 S")
Traceback (most recent call last):
...
mangala_edu.engine.errors.PositionError: ... / South has 6 numbers; expected 7 (6 pits and a store).
"""

from __future__ import annotations

from .errors import PositionError, Term
from .position import Position
from .rules import Rules

_LETTERS = {"S": "south", "N": "north", "-": None}
_SIDE_TERM = (Term("side.south"), Term("side.north"))


def parse_position(text: str, rules: Rules | None = None) -> Position:
    """Read a position; raises :class:`PositionError` naming the first fault found."""
    rules = rules or Rules.official()
    m = rules.pits
    example = format_position(Position.start(rules))
    if not isinstance(text, str):
        raise PositionError("position.shape", pits=m, example=example, text=text)
    parts = text.split()
    if len(parts) != 2 or parts[0].count("/") != 1:
        raise PositionError("position.shape", pits=m, example=example, text=text)
    rows, letter = parts
    if letter not in _LETTERS:
        raise PositionError("position.side_letter", value=letter)
    board: list[int] = []
    for owner, row in enumerate(rows.split("/")):
        values = row.split(",")
        if len(values) != m + 1:
            raise PositionError("position.pit_count", side=_SIDE_TERM[owner], found=len(values),
                                expected=m + 1, pits=m)
        for index, value in enumerate(values, start=1):
            value = value.strip()
            digits = value[1:] if value.startswith("-") else value
            if not digits.isascii() or not digits.isdigit():
                raise PositionError("position.not_number", side=_SIDE_TERM[owner], index=index,
                                    value=value)
            number = int(value)
            if number < 0:
                raise PositionError("position.negative", side=_SIDE_TERM[owner], index=index,
                                    value=number)
            board.append(number)
    return Position(board, _LETTERS[letter], rules)


def format_position(position: Position) -> str:
    """Write a position in the text notation."""
    m = position.rules.pits
    board = position.board
    south = ",".join(map(str, board[: m + 1]))
    north = ",".join(map(str, board[m + 1:]))
    letter = {"south": "S", "north": "N", None: "-"}[position.to_move]
    return f"{south}/{north} {letter}"
