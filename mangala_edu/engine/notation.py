"""The text notation of a position: ``S1,...,S6,Sstore/N1,...,N6,Nstore X``.

``X`` is ``S`` (South to move), ``N`` (North to move) or ``-`` (the set is over); in reading,
the Turkish letters ``G`` (Güney, South) and ``K`` (Kuzey, North) are taken too, in either case,
as are ``s`` and ``n`` (a position is always written with ``S``/``N``). Pits are
listed from each player's own left, so North's row is written N1..N6 as North sees it.
Kalah(m, n) positions have m pits a side, Toguz Korgool 9 and Mangala IV 7; in the games whose
stores lie beside the board (Toguz Korgool's kazans, the captured stones of Mangala II and IV)
the last number of a row is that player's store all the same. A Toguz Korgool tuzdik is
written ``x`` (it always holds 0): an ``x`` in North's row is South's tuzdik, and the other way
round. This module only reads and writes the text;
:meth:`Position.from_text <mangala_edu.engine.position.Position.from_text>` and
:meth:`~mangala_edu.engine.position.Position.to_text` use it.

>>> from mangala_edu.engine.rules import Rules
>>> board, to_move = read_position("4,4,4,4,4,4,0/4,4,4,4,4,4,0 S", Rules.official())
>>> write_position(board, to_move, Rules.official())
'4,4,4,4,4,4,0/4,4,4,4,4,4,0 S'
>>> read_position("4,4,4,4,4,4,0/4,4,4,4,4,4,0 K", Rules.official())[1]
'north'
>>> read_position("4,4,4,4,4,4/4,4,4,4,4,4,0 S", Rules.official())
Traceback (most recent call last):
...
mangala_edu.engine.errors.PositionError: ... / South has 6 numbers; expected 7 (6 pits and a store).
>>> text = "9,9,9,9,9,9,9,9,9,0/9,9,x,9,9,9,9,9,9,3 N"
>>> board, to_move, tuzdiks = parse_position_text(text, Rules.toguz_korgool())
>>> board[12], tuzdiks
(0, (12, None))
>>> write_position(board, to_move, Rules.toguz_korgool(), tuzdiks) == text
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import PositionError
from .geometry import NORTH, SIDE_LETTERS, SIDE_NAMES, SIDES, SOUTH, Side

if TYPE_CHECKING:
    from .rules import Rules

TURKISH_SIDE_LETTERS: dict[Side, str] = {SOUTH: "G", NORTH: "K"}
"""The letters Turkish gives the sides (Güney, Kuzey): read as the side to move, never written."""

_LETTERS: dict[str, Side | None] = {
    **{v: k for k, v in SIDE_LETTERS.items()},
    **{v: k for k, v in TURKISH_SIDE_LETTERS.items()},
    "-": None,
}
"""The side-to-move letters read (upper case; a lower-case letter is read as its capital)."""


def read_position(text: str, rules: Rules) -> tuple[list[int], Side | None]:
    """The board and the side to move written in ``text``; raises :class:`PositionError`
    naming the first fault found (the board is not yet checked as a position)."""
    board, to_move, _ = parse_position_text(text, rules)
    return board, to_move


def parse_position_text(
    text: str, rules: Rules
) -> tuple[list[int], Side | None, tuple[int | None, int | None]]:
    """The board, the side to move and the tuzdiks (South's, North's: board indices or
    ``None``) written in ``text``; raises :class:`PositionError` naming the first fault found
    (the board is not yet checked as a position)."""
    m = rules.pits
    example = write_position(rules.start_board(), SIDES[0], rules)
    if not isinstance(text, str):
        raise PositionError("position.shape", pits=m, example=example, text=text)
    parts = text.split()
    if len(parts) != 2 or parts[0].count("/") != 1:
        raise PositionError("position.shape", pits=m, example=example, text=text)
    rows, letter = parts
    letter = letter.upper() if letter.isascii() else letter
    if letter not in _LETTERS:
        raise PositionError("position.side_letter", value=letter)
    board: list[int] = []
    tuzdiks: list[int | None] = [None, None]
    for side, row in zip(SIDES, rows.split("/"), strict=True):
        values = row.split(",")
        if len(values) != m + 1:
            raise PositionError(
                "position.pit_count",
                side=SIDE_NAMES[side],
                found=len(values),
                expected=m + 1,
                pits=m,
            )
        for index, value in enumerate(values, start=1):
            value = value.strip()
            if value in ("x", "X") and rules.tuzdik and index <= m:
                if tuzdiks[1 - SIDES.index(side)] is not None:
                    raise PositionError("position.two_tuzdiks", side=SIDE_NAMES[side])
                tuzdiks[1 - SIDES.index(side)] = len(board)
                board.append(0)
                continue
            digits = value[1:] if value.startswith("-") else value
            if not digits.isascii() or not digits.isdigit():
                raise PositionError(
                    "position.not_number", side=SIDE_NAMES[side], index=index, value=value
                )
            number = int(value)
            if number < 0:
                raise PositionError(
                    "position.negative", side=SIDE_NAMES[side], index=index, value=number
                )
            board.append(number)
    return board, _LETTERS[letter], (tuzdiks[0], tuzdiks[1])


def write_position(
    board: tuple[int, ...] | list[int],
    to_move: Side | None,
    rules: Rules,
    tuzdiks: tuple[int | None, int | None] = (None, None),
) -> str:
    """The text notation of a board and the side to move (and the tuzdiks, written ``x``)."""
    m = rules.pits
    cells = [str(c) for c in board]
    for index in tuzdiks:
        if index is not None:
            cells[index] = "x"
    south = ",".join(cells[: m + 1])
    north = ",".join(cells[m + 1 :])
    letter = "-" if to_move is None else SIDE_LETTERS[to_move]
    return f"{south}/{north} {letter}"
