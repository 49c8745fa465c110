"""Playing computer players against each other: single sets and series with fair openings.

Every computer move of the package is played by :func:`computer_turns` (here, in the widgets, the
lessons and the demonstration class): while it is a computer's turn, that side's player is asked
for a move, given the position and the game's history, and the move is played.

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
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar, cast, overload

from ..engine.game import Game
from ..engine.geometry import NORTH, SOUTH, Side
from ..engine.position import MoveTrace, Position
from ..engine.rules import Rules

R = TypeVar("R")


class Chooser(Protocol):
    def choose(self, position: Position, history: Sequence[Position] = ...) -> int: ...


class FunctionPlayer:
    """A player made of a function from a position to a pit (e.g. a stand-in for a learner
    in a demonstration); it does not look at the history.

    >>> FunctionPlayer(lambda position: position.legal_moves[-1]).choose(Position.start())
    6
    """

    def __init__(self, choose: Callable[[Position], int]) -> None:
        self._choose = choose

    def choose(self, position: Position, history: Sequence[Position] = ()) -> int:
        return self._choose(position)


class Table(Protocol):
    """What the computer plays on: the current position and the earlier positions a player
    must know (a :class:`~mangala_edu.engine.game.Game` and its
    :attr:`~mangala_edu.engine.game.Game.history`; a puzzle run)."""

    @property
    def position(self) -> Position: ...

    @property
    def history(self) -> Sequence[Position]: ...


@dataclass(frozen=True)
class ComputerMove(Generic[R]):
    """A move of :func:`computer_turns`: the position it was played in, the pit, the seconds
    the player took to choose it, and what playing it returned (the move's trace)."""

    position: Position
    pit: int
    seconds: float
    played: R


@overload
def computer_turns(
    table: Game,
    players: Mapping[Side, Chooser],
    *,
    thinking: Callable[[Position], object] | None = None,
    done: Callable[[], bool] | None = None,
) -> Iterator[ComputerMove[MoveTrace]]: ...


@overload
def computer_turns(
    table: Table,
    players: Mapping[Side, Chooser],
    *,
    play: Callable[[int], R],
    thinking: Callable[[Position], object] | None = None,
    done: Callable[[], bool] | None = None,
) -> Iterator[ComputerMove[R]]: ...


def computer_turns(
    table: Table,
    players: Mapping[Side, Chooser],
    *,
    play: Callable[[int], object] | None = None,
    thinking: Callable[[Position], object] | None = None,
    done: Callable[[], bool] | None = None,
) -> Iterator[ComputerMove[Any]]:
    """Play the computer's moves on ``table`` while it is the turn of a side that has a
    player in ``players``: each move is chosen by that side's player from the position and
    ``table.history`` (in the family's games a repeated position ends the game), played by
    ``play`` (default: :meth:`Game.push <mangala_edu.engine.game.Game.push>`; a board's
    ``play`` animates it) and yielded. Stops at the turn of a side without a player (a human),
    at the end of the set, or when ``done()`` says so; ``thinking(position)`` is called before
    each choice. A generator: each move is played when the next one is asked for.

    >>> from mangala_edu.search.players import RandomPlayer
    >>> game = Game()
    >>> moves = list(computer_turns(game, {SOUTH: RandomPlayer(seed=9)}))
    >>> [m.pit for m in moves], game.position.to_move   # then North (a human) is to move
    ([4, 5], 'north')
    >>> moves[0].played.extra_turn
    True
    """
    push = play if play is not None else cast(Game, table).push  # see the overloads
    while True:
        position = table.position
        side = position.to_move
        if side is None or (done is not None and done()):
            return
        player = players.get(side)
        if player is None:
            return
        if thinking is not None:
            thinking(position)
        began = time.perf_counter()
        pit = player.choose(position, table.history)
        seconds = time.perf_counter() - began
        yield ComputerMove(position, pit, seconds, push(pit))


def play_set(
    south: Chooser,
    north: Chooser,
    start: Position | None = None,
    on_move: Callable[[Position, int, float], None] | None = None,
) -> Game:
    """Play one set to the end; ``on_move(position, pit, seconds)`` is called after each
    move (e.g. to time the players' choices). In the family's games the players see the game's
    earlier positions (a repeated position ends the game, see
    :class:`~mangala_edu.engine.game.Game`)."""
    game = Game(start=start or Position.start())
    for move in computer_turns(game, {SOUTH: south, NORTH: north}):
        if on_move is not None:
            on_move(move.position, move.pit, move.seconds)
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
        series.margins.append(result.margin(a_side))
    return series
