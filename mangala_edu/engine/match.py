"""A match of 1, 3 or 5 sets (oyun seti): the starter alternates, every set is played.

A won set scores 1 point, a drawn set 0.5, a lost set 0.

>>> match = Match(sets=3, first="north")
>>> [match.starter(k) for k in range(3)]
['north', 'south', 'north']
>>> match.points
{'south': 0.0, 'north': 0.0}
"""

from __future__ import annotations

import random

from .errors import MangalaError
from .game import Game
from .geometry import NORTH, SIDES, SOUTH, Side, other
from .position import MoveTrace, Position, Result, Winner
from .rules import Rules


class MatchError(MangalaError):
    """A match that cannot be set up or continued."""


class Match:
    """Sets played one after another.

    :meth:`push` plays in the current set; once a set is over, the next :meth:`push` starts
    the next set (with the other player starting), so the finished board stays visible
    until then.
    """

    def __init__(self, rules: Rules | None = None, sets: int = 5, first: Side = SOUTH) -> None:
        if sets not in (1, 3, 5):
            raise MatchError("match.bad_sets", value=sets)
        if first not in SIDES:
            raise MatchError("position.bad_side", value=first)
        self.rules = rules or Rules.official()
        self.sets = sets
        self.first = first
        self.games: list[Game] = [Game(self.rules, first)]

    @classmethod
    def by_lot(cls, rules: Rules | None = None, sets: int = 5, seed: int | None = None) -> Match:
        """A match whose first starter is drawn by lot (kura); a seed makes it repeatable."""
        return cls(rules, sets, random.Random(seed).choice(SIDES))

    def starter(self, index: int) -> Side:
        """Who starts set number ``index`` (0-based)."""
        return self.first if index % 2 == 0 else other(self.first)

    @property
    def game(self) -> Game:
        """The set being played (or the last one, once the match is over)."""
        return self.games[-1]

    @property
    def position(self) -> Position:
        return self.game.position

    @property
    def results(self) -> list[Result]:
        """The results of the finished sets."""
        return [r for r in (g.position.result for g in self.games) if r is not None]

    @property
    def points(self) -> dict[Side, float]:
        """Points so far: 1 a won set, 0.5 a drawn set."""
        return {side: sum((r.points(side) for r in self.results), 0.0) for side in SIDES}

    @property
    def is_over(self) -> bool:
        """True once every set has been played."""
        return len(self.results) == self.sets

    @property
    def winner(self) -> Winner | None:
        """``"south"``, ``"north"``, ``"draw"``, or ``None`` while sets remain."""
        if not self.is_over:
            return None
        points = self.points
        if points[SOUTH] == points[NORTH]:
            return "draw"
        return SOUTH if points[SOUTH] > points[NORTH] else NORTH

    @property
    def decided(self) -> Side | None:
        """The side that has already won the match while sets remain to be played (every set
        is played all the same), or ``None``.

        >>> Match(sets=3).decided is None
        True
        """
        if self.is_over:
            return None
        left = self.sets - len(self.results)
        points = self.points
        for side in SIDES:
            if points[side] > points[other(side)] + left:
                return side
        return None

    def next_set(self) -> Game:
        """Start the next set (the other player begins) once the current one is over."""
        if not self.game.position.is_over:
            raise MatchError("match.set_not_over")
        if self.is_over:
            raise MatchError("match.over", sets=self.sets)
        self.games.append(Game(self.rules, self.starter(len(self.games))))
        return self.game

    def push(self, pit: int | str) -> MoveTrace:
        """Play ``pit`` and return its trace (see :meth:`.Game.push`); after a finished set
        this first starts the next one."""
        if self.game.position.is_over:
            self.next_set()
        return self.game.push(pit)

    def __repr__(self) -> str:
        return (
            f"Match(sets={self.sets}, first={self.first!r}, played={len(self.results)}, "
            f"points={self.points!r})"
        )
