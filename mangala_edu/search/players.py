"""Computer players: four levels, named in Turkish and English, and a random baseline.

========  ========  ===================================================================
Turkish   English   how it plays
========  ========  ===================================================================
kolay     easy      looks 2 moves ahead; now and then (1 move in 5) plays its
                    second-best move, if that costs at most 4 stones
orta      medium    looks up to 5 moves ahead
zor       hard      searches deeper and deeper for about 1 second, up to 10 moves
                    ahead
usta      expert    searches as deep as it can in about 3 seconds, and plays the
                    endgame perfectly (exact solver, tried with up to 24 stones on
                    the board, for at most half of its time; with the compiled
                    kernel and an endgame table, from 36 stones on: the middle game)
========  ========  ===================================================================

The levels play every game the same way, through the game's search backend
(:func:`.backends.backend_for`: :mod:`.offpath` searches Toguz Korgool and Mangala II, with the
game's earlier positions so that a repetition ends a line as it ends the game; the expert's
exact endgame there starts at the registry's ``exact_stones``, :data:`FAMILY_SOLVER_STONES`).
Mangala IV leaves the mover no choice (the leftmost occupied pit), so every level simply plays
the forced move: it is a game to predict and watch, not to out-think.

Every level picks at random among equally good moves, so games vary. With a ``seed`` a player
is reproducible: it then counts its budget in positions searched rather than in seconds
(:data:`NODES_PER_SECOND` for each second of its budget), so the same seed gives the same moves
on any machine, however busy (a slow machine just takes longer). A seeded player therefore
always searches in pure Python; an unseeded one uses the compiled kernel
(:mod:`.compiled`) when it is installed.

>>> from mangala_edu import Position
>>> player = Player("kolay", seed=1)
>>> player.choose(Position.start()) in Position.start().legal_moves
True
>>> Player("easy").level.name("tr"), Player("usta").level.name("en")
('kolay', 'expert')
>>> sorted(LEVELS)
['kolay', 'orta', 'usta', 'zor']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import IllegalMoveError, MangalaError
from ..engine.position import Position
from ..engine.rules import Rules
from ..games import GAMES
from .backends import FAST_TABLE_STONES, NODES_PER_SECOND, Choice, SearchBackend, backend_for

__all__ = [
    "FAMILY_SOLVER_STONES",
    "FAST_TABLE_STONES",
    "LEVELS",
    "NODES_PER_SECOND",
    "Choice",
    "Level",
    "Player",
    "RandomPlayer",
    "get_level",
    "make_player",
]

FAMILY_SOLVER_STONES = {
    g.key: g.search.exact_stones for g in GAMES if g.sowing and g.search.exact_stones is not None
}
"""In the off-path games the expert tries the exact solver with at most this many stones on the
board, as the registry (:mod:`mangala_edu.games`, ``SearchInfo.exact_stones``) says (its reach
in about a second, measured: Mangala II endgames of up to about 18 stones, Toguz Korgool of
about 10, see ``docs/family-rules.md``)."""


@dataclass(frozen=True)
class Level:
    """One playing level.

    Attributes:
        key: the Turkish name, used as the key of :data:`LEVELS`.
        english: the English name.
        time_limit: seconds of search per move.
        max_depth: the deepest iteration (moves ahead).
        mistake_rate: the chance of playing the second-best move instead of the best.
        mistake_cost: the largest mistake (in stones, as the player's own search sees it)
            the level makes on purpose.
        solver_stones: with at most this many stones on the board, the exact solver is tried
            first (0: never).
        fast_solver_stones: the same with the compiled kernel and an endgame table of at least
            :data:`FAST_TABLE_STONES` stones (unseeded players only).
    """

    key: str
    english: str
    time_limit: float
    max_depth: int
    mistake_rate: float = 0.0
    mistake_cost: float = 4.0
    solver_stones: int = 0
    fast_solver_stones: int = 0

    def name(self, lang: str = "tr") -> str:
        """The level's name in ``lang`` (``"tr"`` or ``"en"``)."""
        return self.key if lang == "tr" else self.english


LEVELS: dict[str, Level] = {
    "kolay": Level("kolay", "easy", 0.05, 2, mistake_rate=0.2),
    "orta": Level("orta", "medium", 0.25, 5),
    "zor": Level("zor", "hard", 1.0, 10),
    "usta": Level("usta", "expert", 3.0, 64, solver_stones=24, fast_solver_stones=36),
}
"""The levels by Turkish name, weakest first."""

_ALIASES = {lv.english: key for key, lv in LEVELS.items()}


def get_level(name: str | Level) -> Level:
    """A level by its Turkish or English name (any case).

    >>> get_level("Hard").key
    'zor'
    >>> get_level("super")
    Traceback (most recent call last):
    ...
    mangala_edu.engine.errors.MangalaError: ... / Unknown level 'super': write kolay, orta, ...
    """
    if isinstance(name, Level):
        return name
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key not in LEVELS:
        raise MangalaError("level.unknown", value=name)
    return LEVELS[key]


class Player:
    """A computer player of one level.

    Args:
        level: a :class:`Level` or its Turkish or English name.
        seed: makes the player reproducible (see the module's docstring).
        time_scale: multiplies the level's time budget (benchmarks use it for quick runs).
    """

    def __init__(
        self, level: str | Level = "orta", seed: int | None = None, time_scale: float = 1.0
    ) -> None:
        self.level = get_level(level)
        self.seed = seed
        self.time_scale = time_scale
        self.rng = random.Random(seed)
        self.last: Choice | None = None
        self._backends: dict[Rules, SearchBackend] = {}

    def __repr__(self) -> str:
        return f"Player({self.level.key!r}, seed={self.seed!r})"

    @property
    def name(self) -> str:
        return self.level.key

    def backend(self, rules: Rules) -> SearchBackend:
        """This player's search for ``rules`` (its own lookahead table; unseeded, the process's
        shared solver, compiled when the kernel is installed; seeded, its own pure-Python
        solver, whose node counts are the same on every machine)."""
        backend = self._backends.get(rules)
        if backend is None:
            engine = "pure" if self.seed is not None else None
            backend = backend_for(rules, engine, shared=self.seed is None)
            self._backends[rules] = backend
        return backend

    def choose(self, position: Position, history: Sequence[Position] = ()) -> int:
        """The pit this player plays in ``position`` (the set must not be over).

        ``history`` is the game's earlier positions: in the games that end on a repetition
        the player takes it into account (the others ignore it).
        """
        if not position.legal_moves:
            raise IllegalMoveError("error.over")
        choice = self.backend(position.rules).decide(
            position,
            self.level,
            history=history,
            rng=self.rng,
            seconds=self.level.time_limit * self.time_scale,
            reproducible=self.seed is not None,
        )
        self.last = choice
        return choice.pit

    def forget(self) -> None:
        """Empty this player's search tables."""
        for backend in self._backends.values():
            backend.forget()


class RandomPlayer:
    """The baseline: plays any legal move at random.

    >>> from mangala_edu import Position
    >>> RandomPlayer(seed=3).choose(Position.start()) in range(1, 7)
    True
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed!r})"

    def choose(self, position: Position, history: Sequence[Position] = ()) -> int:
        moves = position.legal_moves
        if not moves:
            raise IllegalMoveError("error.over")
        return self.rng.choice(moves)


def make_player(
    name: str, seed: int | None = None, time_scale: float = 1.0
) -> Player | RandomPlayer:
    """A player by name: a level (Turkish or English) or ``random``/``rastgele``.

    >>> make_player("rastgele", seed=1)
    RandomPlayer(seed=1)
    >>> make_player("medium")
    Player('orta', seed=None)
    """
    if name.strip().lower() in ("random", "rastgele"):
        return RandomPlayer(seed)
    return Player(name, seed, time_scale)
