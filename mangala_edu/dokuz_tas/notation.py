"""The texts of Dokuz Taş: turns, positions and game records.

**A turn** is one string with its removal (RULINGS): a placement ``d6``, a slide or a flight
``a1-a4``, and either with the stone it takes after an ``x``: ``d6xd7``, ``a1-a4xg7``.
Capitals and spaces around are read too; a turn is always written in small letters.

>>> parse_turn("a1-A4xg7")
Turn(origin=0, target=1, removal=23)
>>> parse_turn("d6").text, Turn(0, 1, 23).text
('d6', 'a1-a4xg7')
>>> parse_turn("d6-")
Traceback (most recent call last):
...
mangala_edu.dokuz_tas.errors.IllegalTurnError: ... / 'd6-' is not a turn: ...

**A position** is one line in the manner of chess's FEN: the board rank by rank from the top
(rank 7) down, ranks joined by ``/``, each rank's points from the left (three points a rank,
six on rank 4: ``a4 b4 c4 e4 f4 g4``), ``W`` a white stone, ``B`` a black one, a digit a run
of that many empty points (a ``.`` is read as one empty point too); then the side to move
(``w`` or ``b``), the stones in White's and in Black's hand, and the quiet turns (sliding or
flying turns since the last removal, for the 50-turn draw). The flying switch is a rule, not
part of the position: it is given beside the text.

>>> START_TEXT
'3/3/3/6/3/3/3 w 9 9 0'
>>> from mangala_edu.dokuz_tas.board import mask_of
>>> data = read_position("W.B/3/3/6/3/3/2W b 7 8 0")
>>> data.white == mask_of(["a7", "g1"]), data.black == mask_of(["g7"]), data.turn, data.hands
(True, True, 1, (7, 8))
>>> write_position(*data)
'W1B/3/3/6/3/3/2W b 7 8 0'

**A game record** is JSON: the format and its version, the flying switch, the start position
(only when it is not the usual start), the turns, and the result once the game is over::

    {"format": "mangala-edu-dokuz-tas", "version": 1, "flying": true,
     "turns": ["d6", "b4", "d7", ...], "result": {"termination": "blocked", ...}}

The result is written for people and tools that read records; on reading, the game is
replayed and the result follows from the turns.
"""

from __future__ import annotations

from typing import NamedTuple

from ..i18n import Message
from .board import RANKS, SYMMETRIES, Point, parse_point, point_name
from .errors import IllegalTurnError, PositionError, RecordError

__all__ = [
    "FORMAT",
    "START_TEXT",
    "VERSION",
    "PositionData",
    "Turn",
    "parse_turn",
    "read_position",
    "read_record",
    "write_position",
    "write_record",
]

STONES = 9
"""Each player's stones."""

QUIET_LIMIT = 50
"""Sliding or flying turns in a row without a removal that draw the game."""

START_TEXT = "3/3/3/6/3/3/3 w 9 9 0"
"""The start position's text."""

FORMAT = "mangala-edu-dokuz-tas"
VERSION = 1

_SIDE_LETTERS = ("w", "b")
_STONE_LETTERS = ("W", "B")


# -- Turns --------------------------------------------------------------------------------------


class Turn(NamedTuple):
    """A turn as points: ``origin`` (``None`` for a placement), ``target`` and ``removal``
    (``None`` when no stone is taken)."""

    origin: Point | None
    target: Point
    removal: Point | None = None

    @property
    def text(self) -> str:
        """The turn in the notation (``"a1-a4xg7"``)."""
        return write_turn(self.origin, self.target, self.removal)

    def transform(self, symmetry: int) -> Turn:
        """The same turn on the board turned or mirrored by ``SYMMETRIES[symmetry]`` (see
        :data:`~.board.SYMMETRIES`).

        >>> parse_turn("a1-a4xg7").transform(1).text
        'g1-d1xa7'
        """
        perm = SYMMETRIES[symmetry]
        return Turn(
            None if self.origin is None else perm[self.origin],
            perm[self.target],
            None if self.removal is None else perm[self.removal],
        )


def write_turn(origin: Point | None, target: Point, removal: Point | None = None) -> str:
    """The text of a turn given by its points (``None``: no origin, no removal)."""
    text = point_name(target) if origin is None else f"{point_name(origin)}-{point_name(target)}"
    return text if removal is None else f"{text}x{point_name(removal)}"


def _token(token: str, text: object) -> Point:
    if len(token) >= 2 and token[0].isalpha() and token[1:].isdigit():
        return parse_point(token)  # a point's shape: an unknown one is named as such
    raise IllegalTurnError("dokuz_tas.error.bad_turn", value=text)


def parse_turn(text: str) -> Turn:
    """The points of a turn written in the notation; raises :class:`IllegalTurnError` for a
    text that is not a turn or names a point that does not exist. (Whether the turn can be
    played is the position's question.)

    >>> parse_turn("d6xd7xa1")
    Traceback (most recent call last):
    ...
    mangala_edu.dokuz_tas.errors.IllegalTurnError: ... / A turn takes at most one stone, ...
    """
    if not isinstance(text, str):
        raise IllegalTurnError("dokuz_tas.error.bad_turn", value=text)
    parts = text.strip().lower().split("x")
    if len(parts) > 2:
        for part in parts[1:]:
            _token(part, text)
        raise IllegalTurnError("dokuz_tas.error.two_removals", value=text)
    move = parts[0].split("-")
    if len(move) > 2:
        raise IllegalTurnError("dokuz_tas.error.bad_turn", value=text)
    points = [_token(token, text) for token in move]
    removal = _token(parts[1], text) if len(parts) == 2 else None
    if len(points) == 1:
        return Turn(None, points[0], removal)
    return Turn(points[0], points[1], removal)


# -- Positions ----------------------------------------------------------------------------------


class PositionData(NamedTuple):
    """A position's parts as the text gives them: the stones as bitboards, the side to move
    (0: White, 1: Black), the stones in each hand and the quiet turns."""

    white: int
    black: int
    turn: int
    hands: tuple[int, int]
    quiet: int


def write_position(white: int, black: int, turn: int, hands: tuple[int, int], quiet: int) -> str:
    """The text of a position given by its parts (see :class:`PositionData`)."""
    ranks = []
    for rank in RANKS:
        cells = []
        empty = 0
        for p in rank:
            bit = 1 << p
            letter = "W" if white & bit else "B" if black & bit else ""
            if not letter:
                empty += 1
                continue
            if empty:
                cells.append(str(empty))
                empty = 0
            cells.append(letter)
        if empty:
            cells.append(str(empty))
        ranks.append("".join(cells))
    return f"{'/'.join(ranks)} {_SIDE_LETTERS[turn]} {hands[0]} {hands[1]} {quiet}"


def _number(value: str, what: Message, most: int) -> int:
    if not (value.isascii() and value.isdigit()) or int(value) > most:
        raise PositionError("dokuz_tas.position.number", what=what, value=value, most=most)
    return int(value)


def read_position(text: str) -> PositionData:
    """The parts of a position written in the notation; raises :class:`PositionError`
    naming the first fault found. (Whether the parts make a position is checked by
    :class:`~.position.Position`.)

    >>> read_position("3/3/3/6/3/3/3 w 9 9")
    Traceback (most recent call last):
    ...
    mangala_edu.dokuz_tas.errors.PositionError: ... / A position is written as ...
    >>> read_position("3/3/3/5/3/3/3 w 9 9 0")
    Traceback (most recent call last):
    ...
    mangala_edu.dokuz_tas.errors.PositionError: ... / Rank 4 has 5 points in the text; it has 6.
    """
    if not isinstance(text, str) or len(text.split()) != 5 or text.split()[0].count("/") != 6:
        raise PositionError("dokuz_tas.position.shape", text=text, example=START_TEXT)
    board, side, white_hand, black_hand, quiet = text.split()
    white = black = 0
    for rank, row in zip(RANKS, board.split("/"), strict=True):
        number = int(point_name(rank[0])[1])
        cells: list[str] = []
        for ch in row:
            if ch.isascii() and ch.isdigit():
                cells.extend("." * int(ch))
            elif ch.upper() in ("W", "B", "."):
                cells.append(ch.upper())
            else:
                raise PositionError("dokuz_tas.position.cell", rank=number, value=ch)
        if len(cells) != len(rank):
            raise PositionError(
                "dokuz_tas.position.rank", rank=number, found=len(cells), expected=len(rank)
            )
        for p, cell in zip(rank, cells, strict=True):
            if cell == "W":
                white |= 1 << p
            elif cell == "B":
                black |= 1 << p
    if side.lower() not in _SIDE_LETTERS:
        raise PositionError("dokuz_tas.position.side", value=side)
    hands = (
        _number(white_hand, Message("dokuz_tas.field.white_hand"), STONES),
        _number(black_hand, Message("dokuz_tas.field.black_hand"), STONES),
    )
    return PositionData(
        white,
        black,
        _SIDE_LETTERS.index(side.lower()),
        hands,
        _number(quiet, Message("dokuz_tas.field.quiet"), QUIET_LIMIT),
    )


# -- Game records -------------------------------------------------------------------------------


def write_record(
    turns: list[str], flying: bool, start: str | None, outcome: dict[str, object] | None
) -> dict[str, object]:
    """A game record as a JSON-ready dict (``start``: the start position's text when it is
    not the usual start; ``outcome``: the result, once the game is over).

    >>> write_record(["d6"], True, None, None)
    {'format': 'mangala-edu-dokuz-tas', 'version': 1, 'flying': True, 'turns': ['d6']}
    """
    data: dict[str, object] = {"format": FORMAT, "version": VERSION, "flying": flying}
    if start is not None:
        data["start"] = start
    data["turns"] = list(turns)
    if outcome is not None:
        data["result"] = outcome
    return data


def read_record(data: object) -> tuple[bool, str | None, list[str]]:
    """The flying switch, the start position's text (``None``: the usual start) and the
    turns of a record; raises :class:`RecordError` naming the fault (the turns are checked
    when the game is replayed).

    >>> read_record({"format": "mangala-edu-dokuz-tas", "turns": ["d6", "d7"]})
    (True, None, ['d6', 'd7'])
    >>> read_record({"turns": "d6 d7"})
    Traceback (most recent call last):
    ...
    mangala_edu.dokuz_tas.errors.RecordError: ... / 'turns' must be a list of turns ...
    """
    if not isinstance(data, dict):
        raise RecordError("dokuz_tas.record.not_object")
    if data.get("format", FORMAT) != FORMAT:
        raise RecordError("dokuz_tas.record.bad_format", value=data.get("format"))
    if data.get("version", VERSION) != VERSION:
        raise RecordError("dokuz_tas.record.bad_version", value=data.get("version"))
    if "turns" not in data:
        raise RecordError("dokuz_tas.record.missing", key="turns")
    turns = data["turns"]
    if not isinstance(turns, list) or not all(isinstance(t, str) for t in turns):
        raise RecordError("dokuz_tas.record.bad_turns", value=turns)
    flying = data.get("flying", True)
    if not isinstance(flying, bool):
        raise RecordError("dokuz_tas.record.bad_flying", value=flying)
    start = data.get("start")
    if start is not None and not isinstance(start, str):
        raise RecordError("dokuz_tas.record.bad_start", value=start)
    return flying, start, turns
