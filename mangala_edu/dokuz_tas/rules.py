"""Dokuz Taş's rules as the registry of games names them: one small frozen object.

Mangala and its family are played with a :class:`~mangala_edu.engine.rules.Rules` (pits,
stones a pit, the sowing rules); Dokuz Taş has none of these. Its rules are those of
``RULINGS.md`` with one switch, *flying* (a player with three stones and none in hand may move
a stone to any empty point; on by default). The registry's entry
(:func:`mangala_edu.games.find_game` ``("dokuz-tas")``) makes a :class:`DokuzTasRules` with
``rules(flying=...)``; its :attr:`~DokuzTasRules.geometry` is the board of points and lines.

>>> rules = DokuzTasRules()
>>> rules.name, rules.flying, rules.stones, rules.quiet_limit, rules.repetitions
('dokuz-tas', True, 9, 50, 3)
>>> rules.start().to_text()
'3/3/3/6/3/3/3 w 9 9 0'
>>> DokuzTasRules(flying=False).position("3/3/3/6/3/3/3 w 9 9 0").flying
False
>>> geometry = rules.geometry
>>> len(geometry.points), len(geometry.lines), geometry.points[13]
(24, 16, 'd6')
>>> DokuzTasRules.of(rules.start()) == rules
True
>>> DokuzTasRules(flying="yes")
Traceback (most recent call last):
...
mangala_edu.dokuz_tas.errors.PositionError: ... / The flying switch is True or False, not yes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from .board import COORDINATES, LINES, NEIGHBOURS, POINT_NAMES, SYMMETRIES, Point
from .errors import PositionError
from .game import REPETITIONS, Game
from .notation import QUIET_LIMIT, STONES
from .position import Position

__all__ = ["DokuzTasRules", "Geometry"]


@dataclass(frozen=True)
class Geometry:
    """The board of Dokuz Taş as data: what a Mangala
    :class:`~mangala_edu.engine.geometry.Geometry` (pits, stores, the sowing path) is for the
    sowing games.

    Attributes:
        points: the 24 points' names; a point's number is its index.
        lines: the 16 lines, three points each (numbers).
        neighbours: each point's neighbours along the lines.
        coordinates: each point's ``(file, rank)``, 0..6 from the bottom left.
        symmetries: the 16 permutations of the points that keep lines and neighbours.
    """

    points: tuple[str, ...] = POINT_NAMES
    lines: tuple[tuple[Point, Point, Point], ...] = LINES
    neighbours: tuple[tuple[Point, ...], ...] = NEIGHBOURS
    coordinates: tuple[tuple[int, int], ...] = COORDINATES
    symmetries: tuple[tuple[Point, ...], ...] = SYMMETRIES


_GEOMETRY = Geometry()


@dataclass(frozen=True)
class DokuzTasRules:
    """The rules of a game of Dokuz Taş: the flying switch (the rest is fixed by RULINGS).

    Attributes:
        flying: a player with exactly three stones and none in hand may fly.
    """

    flying: bool = True

    name: ClassVar[str] = "dokuz-tas"
    """The game's key in the registry and in game records."""
    stones: ClassVar[int] = STONES
    """Each player's stones."""
    quiet_limit: ClassVar[int] = QUIET_LIMIT
    """Sliding or flying turns in a row without a removal that draw the game."""
    repetitions: ClassVar[int] = REPETITIONS
    """The occurrence of a position that draws the game."""

    def __post_init__(self) -> None:
        if not isinstance(self.flying, bool):
            raise PositionError("dokuz_tas.position.bad_flying", value=self.flying)

    @property
    def geometry(self) -> Geometry:
        """The board: points, lines, neighbours, coordinates, symmetries."""
        return _GEOMETRY

    @classmethod
    def of(cls, position: Position) -> DokuzTasRules:
        """The rules a position is played under (its flying switch)."""
        return cls(flying=position.flying)

    def start(self) -> Position:
        """The start position under these rules."""
        return Position.start(self.flying)

    def position(self, text: str) -> Position:
        """A position from its text (:mod:`.notation`) under these rules."""
        return Position.from_text(text, self.flying)

    def game(self, turns: Iterable[str] = ()) -> Game:
        """A game from the start under these rules, with ``turns`` played."""
        return Game(turns=turns, flying=self.flying)

    def __repr__(self) -> str:
        return "DokuzTasRules()" if self.flying else "DokuzTasRules(flying=False)"
