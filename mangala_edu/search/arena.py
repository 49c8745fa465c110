"""Playing computer players against each other: single sets and series with fair openings.

>>> from mangala_edu.search.players import RandomPlayer
>>> game = play_set(RandomPlayer(seed=1), RandomPlayer(seed=2))
>>> game.position.is_over
True
>>> series = play_series(lambda seed: RandomPlayer(seed), lambda seed: RandomPlayer(seed),
...                      games=4, seed=7)
>>> series.games, series.points_a + series.points_b
(4, 4.0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ..engine.game import Game
from ..engine.geometry import NORTH, SOUTH, Side
from ..engine.position import Position
from ..engine.rules import Rules


class Chooser(Protocol):
    def choose(self, position: Position, history: Sequence[Position] = ...) -> int: ...


def play_set(
    south: Chooser,
    north: Chooser,
    start: Position | None = None,
    on_move: Callable[[Position, int, float], None] | None = None,
) -> Game:
    """Play one set to the end; ``on_move(position, pit, seconds)`` is called after each
    choice (e.g. to time the players). In the family's games the players see the game's
    earlier positions (a repeated position ends the game, see
    :class:`~mangala_edu.engine.game.Game`)."""
    import time

    game = Game(start=start or Position.start())
    history = game.rules.repetition_end
    while not game.position.is_over:
        pos = game.position
        player = south if pos.to_move == SOUTH else north
        t0 = time.perf_counter()
        pit = player.choose(pos, game.positions[:-1]) if history else player.choose(pos)
        if on_move is not None:
            on_move(pos, pit, time.perf_counter() - t0)
        game.push(pit)
    return game


def random_opening(rules: Rules, first: Side, plies: int, rng: random.Random) -> Position:
    """The start position after ``plies`` random moves (fewer if the set would end)."""
    pos = Position.start(rules, first)
    for _ in range(plies):
        moves = pos.legal_moves
        after = pos.play(rng.choice(moves))
        if after.is_over:
            break
        pos = after
    return pos


@dataclass
class Series:
    """The outcome of :func:`play_series`: points of A and B (1 a win, 0.5 a draw)."""

    games: int = 0
    points_a: float = 0.0
    points_b: float = 0.0
    margins: list[int] = field(default_factory=list)

    @property
    def per_100(self) -> float:
        """A's points per 100 games."""
        return 100.0 * self.points_a / self.games if self.games else 0.0


def play_series(
    make_a: Callable[[int], Chooser],
    make_b: Callable[[int], Chooser],
    games: int,
    rules: Rules | None = None,
    seed: int = 0,
    opening_plies: int = 2,
    on_move: Callable[[Position, int, float], None] | None = None,
) -> Series:
    """A plays B ``games`` times. Games come in pairs on the same random opening (``seed``),
    A starting one and B the other; ``make_a(seed)`` and ``make_b(seed)`` build the players
    for each game."""
    rules = rules or Rules.official()
    rng = random.Random(seed)
    series = Series()
    opening = Position.start(rules)
    for g in range(games):
        if g % 2 == 0:
            opening = random_opening(rules, SOUTH, opening_plies, rng)
        game_seed = rng.randrange(2**31)
        a, b = make_a(game_seed), make_b(game_seed + 1)
        a_side = SOUTH if g % 2 == 0 else NORTH
        south, north = (a, b) if a_side == SOUTH else (b, a)
        result = play_set(south, north, opening, on_move).position.result
        assert result is not None
        pa = result.points(a_side)
        series.games += 1
        series.points_a += pa
        series.points_b += 1.0 - pa
        margin = result.south - result.north
        series.margins.append(margin if a_side == SOUTH else -margin)
    return series
