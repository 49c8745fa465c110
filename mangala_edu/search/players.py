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

The levels play every game of the family the same way (:mod:`.general` searches Toguz
Korgool and Mangala II, with the game's earlier positions so that a repetition ends a line as
it ends the game; the expert's exact endgame there starts at :data:`FAMILY_SOLVER_STONES`
stones). Mangala IV leaves the mover no choice (the leftmost occupied pit), so every level
simply plays the forced move: it is a game to predict and watch, not to out-think.

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
from dataclasses import dataclass, field

from ..engine import IllegalMoveError, MangalaError
from ..engine.position import Position
from ..engine.rules import Rules
from .budget import BudgetExceeded
from .general import GeneralLookahead, GeneralSolver
from .lookahead import Lookahead, LookaheadResult
from .solver import Solver

NODES_PER_SECOND = 60_000
"""Positions a second assumed when a seeded player turns its time budget into a node budget
(about what this pure-Python search does on one core of a laptop)."""
FAST_TABLE_STONES = 20
"""The smallest endgame table (stones) with which an unseeded expert solves the middle game
(``Level.fast_solver_stones``); with a smaller one or none it keeps to ``solver_stones``."""

FAMILY_SOLVER_STONES = {"toguz-korgool": 10, "mangala-ii": 16}
"""In the family's games the expert tries the exact solver with at most this many stones on the
board (its reach in about a second, measured: Mangala II endgames of up to about 18 stones,
Toguz Korgool of about 10, see ``docs/family-rules.md``)."""


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


@dataclass
class Choice:
    """Why a player chose its last move (for display and for tests)."""

    pit: int
    values: dict[int, float] = field(default_factory=dict)
    depth: int = 0
    exact: bool = False
    nodes: int = 0
    seconds: float = 0.0
    mistake: bool = False


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
        self._searches: dict[Rules, Lookahead] = {}
        self._solvers: dict[Rules, Solver] = {}
        self._general_searches: dict[Rules, GeneralLookahead] = {}
        self._general_solvers: dict[Rules, GeneralSolver] = {}

    def __repr__(self) -> str:
        return f"Player({self.level.key!r}, seed={self.seed!r})"

    @property
    def name(self) -> str:
        return self.level.key

    def _budget(self, seconds: float) -> tuple[float | None, int | None]:
        """(time limit, node limit) for ``seconds`` of search at this player's settings."""
        if self.seed is None:
            return seconds, None
        return None, max(1, int(seconds * NODES_PER_SECOND))

    def choose(self, position: Position, history: Sequence[Position] = ()) -> int:
        """The pit this player plays in ``position`` (the set must not be over).

        ``history`` is the game's earlier positions: in the family's games a repeated position
        ends the game, and the player takes it into account (the classic rules ignore it).
        """
        moves = position.legal_moves
        if not moves:
            raise IllegalMoveError("error.over")
        level = self.level
        seconds = level.time_limit * self.time_scale
        if len(moves) == 1:
            self.last = Choice(moves[0])
            return moves[0]
        if level.solver_stones and position.stones_on_board <= self._solver_stones(position):
            choice = self._solve(position, seconds / 2, history)
            if choice is not None:
                self.last = choice
                return choice.pit
            seconds /= 2
        result = self._look(position, seconds, all_values=level.mistake_rate > 0, history=history)
        values = result.values
        best = result.best_value
        pool = [p for p in moves if values[p] == best]
        mistake = False
        if level.mistake_rate and self.rng.random() < level.mistake_rate:
            worse = [v for v in values.values() if best - level.mistake_cost <= v < best]
            if worse:
                second = max(worse)
                pool = [p for p in moves if values[p] == second]
                mistake = True
        pit = self.rng.choice(pool)
        self.last = Choice(
            pit, values, result.depth, result.exact, result.nodes, result.seconds, mistake
        )
        return pit

    def _look(
        self,
        position: Position,
        seconds: float,
        all_values: bool = False,
        history: Sequence[Position] = (),
    ) -> LookaheadResult:
        rules = position.rules
        time_limit, node_limit = self._budget(seconds)
        if rules.family:
            general = self._general_searches.get(rules)
            if general is None:
                general = self._general_searches[rules] = GeneralLookahead(rules)
            return general.analyse(
                position,
                history=history,
                time_limit=time_limit,
                node_limit=node_limit,
                max_depth=self.level.max_depth,
                all_values=all_values,
            )
        look = self._searches.get(rules)
        if look is None:
            look = self._searches[rules] = Lookahead(rules)
        return look.analyse(
            position,
            time_limit=time_limit,
            node_limit=node_limit,
            max_depth=self.level.max_depth,
            all_values=all_values,
        )

    def _solver(self, rules: Rules) -> Solver:
        solver = self._solvers.get(rules)
        if solver is None:
            if self.seed is None:  # unseeded: the compiled kernel if installed
                from .compiled import make_solver

                solver = make_solver(rules, "auto", shared=True)
            else:
                solver = Solver(rules)
            self._solvers[rules] = solver
        return solver

    def _solver_stones(self, position: Position) -> int:
        """The most stones on the board with which this player tries the exact solver."""
        level = self.level
        if position.rules.family:  # the general solver's reach
            return FAMILY_SOLVER_STONES.get(position.rules.name, 0)
        if self.seed is None and level.fast_solver_stones:
            solver = self._solver(position.rules)
            if getattr(solver, "table_stones", -1) >= FAST_TABLE_STONES:
                return max(level.solver_stones, level.fast_solver_stones)
        return level.solver_stones

    def _solve(
        self, position: Position, seconds: float, history: Sequence[Position] = ()
    ) -> Choice | None:
        rules = position.rules
        time_limit, node_limit = self._budget(seconds)
        try:
            if rules.family:
                general = self._general_solvers.get(rules)
                if general is None:
                    general = self._general_solvers[rules] = GeneralSolver(rules)
                sol = general.solve(
                    position, history=history, time_limit=time_limit, node_limit=node_limit
                )
            else:
                sol = self._solver(rules).solve(
                    position, time_limit=time_limit, node_limit=node_limit
                )
        except BudgetExceeded:
            return None
        pit = self.rng.choice(sol.best_moves)
        values = {p: float(sol.value) for p in sol.best_moves}
        return Choice(pit, values, 0, True, sol.nodes, sol.seconds)


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
