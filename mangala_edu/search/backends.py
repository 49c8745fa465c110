"""One search interface: every caller (players, hints, analysis, puzzles, the command line)
asks for a :class:`SearchBackend` and never branches on the kind of game.

Three backends play the games of the registry (:mod:`mangala_edu.games`, whose entry of each
game names them, the preferred first):

=====================  =============================================================
:class:`CompiledBackend`  the classic games (stores on the sowing path) with the compiled
                          kernel (:mod:`.compiled`): small positions and searches counted
                          in positions run in pure Python without loading the kernel
:class:`ClassicBackend`   the classic games in pure Python (:mod:`.solver`,
                          :mod:`.lookahead`)
:class:`OffPathBackend`   the games whose stores lie beside the board (:mod:`.offpath`)
=====================  =============================================================

:func:`backend_for` picks the first backend of the game that can run here. Each backend
takes the game's earlier positions (``history``: the off-path games end on a repetition),
refuses rules it cannot play (:class:`~.errors.SearchError`), and gives the same values and
best moves as the others where two can play a game.

>>> from mangala_edu import Position, Rules
>>> backend = backend_for(Rules.mangala_ii(), shared=True)
>>> type(backend).__name__
'OffPathBackend'
>>> pos = Position.from_text("0,0,0,0,1,1,34/1,0,0,0,0,1,35 S", Rules.mangala_ii())
>>> backend.solve(pos).best_moves
(6,)
>>> type(backend_for(Rules.official(), "pure")).__name__
'ClassicBackend'
>>> ClassicBackend(Rules.toguz_korgool())
Traceback (most recent call last):
...
mangala_edu.search.errors.SearchError: ...toguz-korgool...
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, cast, runtime_checkable

from ..engine.position import Position
from ..engine.rules import Rules
from ..games import game_of
from .budget import BudgetExceeded
from .driver import (
    MAX_DEPTH,
    DeepeningSearch,
    ExactSearch,
    LookaheadResult,
    Solution,
    shared_search,
)
from .errors import SearchError, require_classic, require_off_path

if TYPE_CHECKING:
    from .players import Level

__all__ = [
    "ENGINES",
    "FAST_TABLE_STONES",
    "NODES_PER_SECOND",
    "Choice",
    "ClassicBackend",
    "CompiledBackend",
    "OffPathBackend",
    "SearchBackend",
    "backend_for",
]

NODES_PER_SECOND = 60_000
"""Positions a second assumed when a reproducible search (a seeded player, a reproducible
review) turns its time budget into a node budget (about what the pure-Python search does on
one core of a laptop)."""
FAST_TABLE_STONES = 20
"""The smallest endgame table (stones) with which the compiled backend solves the middle game
(a level's ``fast_solver_stones``); with a smaller one or none it keeps to ``solver_stones``."""
ENGINES = ("auto", "pure", "compiled")
"""What :func:`backend_for` accepts as ``engine`` (``None`` is ``"auto"``)."""

History = Sequence[Position]


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


@runtime_checkable
class SearchBackend(Protocol):
    """What every search backend does. ``history`` is always the game's earlier positions
    (ignored by the games that cannot repeat); budgets are seconds (``time_limit``) or
    positions searched (``node_limit``, the same on every machine). A backend gives
    :meth:`supports`, :attr:`solver` and :attr:`lookahead`; the rest is written here once
    (the three backends subclass this protocol), in terms of those.
    """

    name: ClassVar[str]
    rules: Rules

    @classmethod
    def supports(cls, rules: Rules) -> bool:
        """True when this backend can play ``rules`` here (the kernel installed, ...)."""
        ...

    @property
    def solver(self) -> ExactSearch[Any]:
        """The exact solver (loaded now)."""
        ...

    @property
    def lookahead(self) -> DeepeningSearch[Any]:
        """The depth-limited search (made on first use)."""
        ...

    def exact_search(self, position: Position, node_limit: int | None) -> ExactSearch[Any]:
        """The exact solver for ``position`` and a node budget (the compiled backend answers
        some in pure Python)."""
        return self.solver

    def solve(
        self,
        position: Position,
        *,
        history: History = (),
        time_limit: float | None = None,
        node_limit: int | None = None,
    ) -> Solution:
        """The exact value of ``position`` and every best move (raises
        :class:`~.budget.BudgetExceeded` with the bounds proven when the budget runs out)."""
        solver = self.exact_search(position, node_limit)
        return solver.solve(position, history=history, time_limit=time_limit, node_limit=node_limit)

    def value_of_moves(
        self,
        position: Position,
        *,
        history: History = (),
        time_limit: float | None = None,
        node_limit: int | None = None,
    ) -> dict[int, int]:
        """Each legal move's exact value (final store difference from the mover's side)."""
        solver = self.exact_search(position, node_limit)
        return solver.value_of_moves(
            position, history=history, time_limit=time_limit, node_limit=node_limit
        )

    def analyse(
        self,
        position: Position,
        *,
        history: History = (),
        time_limit: float | None = None,
        node_limit: int | None = None,
        max_depth: int = MAX_DEPTH,
        min_depth: int = 1,
        all_values: bool = False,
    ) -> LookaheadResult:
        """The depth-limited search (iterative deepening) of the computer players."""
        return self.lookahead.analyse(
            position,
            history=history,
            time_limit=time_limit,
            node_limit=node_limit,
            max_depth=max_depth,
            min_depth=min_depth,
            all_values=all_values,
        )

    def exact_stones(self, stones: int, fast_stones: int = 0) -> int:
        """The most stones on the board with which the exact solver is worth trying for a
        caller who would try it with up to ``stones`` (``fast_stones`` where an endgame table
        makes the middle game solvable)."""
        return stones

    def move_values(
        self,
        position: Position,
        *,
        history: History = (),
        exact_stones: int = 0,
        time_limit: float | None = None,
        node_limit: int | None = None,
    ) -> tuple[dict[int, float], bool]:
        """Every legal move's value and whether they are exact: solved with at most
        ``exact_stones`` on the board (when the solver finishes within the budget), else
        estimated by :meth:`analyse`."""
        if position.stones_on_board <= exact_stones:
            try:
                exact = self.value_of_moves(
                    position, history=history, time_limit=time_limit, node_limit=node_limit
                )
                return {p: float(v) for p, v in exact.items()}, True
            except BudgetExceeded:
                pass
        result = self.analyse(
            position,
            history=history,
            all_values=True,
            time_limit=time_limit,
            node_limit=node_limit,
        )
        return dict(result.values), result.exact

    def choose(
        self,
        position: Position,
        level: str | Level,
        *,
        history: History = (),
        seed: int | None = None,
        rng: random.Random | None = None,
        seconds: float | None = None,
    ) -> int:
        """The pit a playing ``level`` (a :class:`~.players.Level` or its name) plays in
        ``position``, within ``seconds`` (default: the level's), reproducibly with a ``seed``
        (counted in positions searched), ties and mistakes drawn with ``rng``."""
        from .players import get_level

        lv = get_level(level)
        return self.decide(
            position,
            lv,
            history=history,
            rng=rng or random.Random(seed),
            seconds=lv.time_limit if seconds is None else seconds,
            reproducible=seed is not None,
        ).pit

    def decide(
        self,
        position: Position,
        level: Level,
        *,
        history: History = (),
        rng: random.Random,
        seconds: float,
        reproducible: bool = False,
    ) -> Choice:
        """:meth:`choose` with the reasons (the values seen, the depth, exact or not)."""
        moves = position.legal_moves
        if len(moves) == 1:
            return Choice(moves[0])

        def budget(seconds: float) -> tuple[float | None, int | None]:
            if reproducible:
                return None, max(1, int(seconds * NODES_PER_SECOND))
            return seconds, None

        fast = 0 if reproducible else level.fast_solver_stones
        reach = self.exact_stones(level.solver_stones, fast) if level.solver_stones else 0
        if position.stones_on_board <= reach:
            time_limit, node_limit = budget(seconds / 2)
            try:
                sol = self.solve(
                    position, history=history, time_limit=time_limit, node_limit=node_limit
                )
            except BudgetExceeded:
                seconds /= 2
            else:
                pit = rng.choice(sol.best_moves)
                values = {p: float(sol.value) for p in sol.best_moves}
                return Choice(pit, values, 0, True, sol.nodes, sol.seconds)
        time_limit, node_limit = budget(seconds)
        result = self.analyse(
            position,
            history=history,
            time_limit=time_limit,
            node_limit=node_limit,
            max_depth=level.max_depth,
            all_values=level.mistake_rate > 0,
        )
        values = result.values
        best = result.best_value
        pool = [p for p in moves if values[p] == best]
        mistake = False
        if level.mistake_rate and rng.random() < level.mistake_rate:
            worse = [v for v in values.values() if best - level.mistake_cost <= v < best]
            if worse:
                second = max(worse)
                pool = [p for p in moves if values[p] == second]
                mistake = True
        pit = rng.choice(pool)
        return Choice(
            pit, values, result.depth, result.exact, result.nodes, result.seconds, mistake
        )

    def forget(self) -> None:
        """Empty the pure-Python search's tables (the shared solver's too, when the backend
        uses it), so that a search counted in positions gives the same answer whatever was
        searched before."""
        self.solver.table.clear()
        self.lookahead.table.clear()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.rules!r})"


class _PureBackend(SearchBackend):
    """A backend of the pure-Python searches: one exact solver and one lookahead class."""

    on_path: ClassVar[bool]
    """It plays the games whose stores are on the sowing path (else those beside the board)."""

    def __init__(self, rules: Rules, *, shared: bool = False, tt_bits: int | None = None) -> None:
        (require_classic if self.on_path else require_off_path)(rules, type(self).__name__)
        self.rules = rules
        self.shared = shared
        self._solver: ExactSearch[Any] | None = None
        self._look: DeepeningSearch[Any] | None = None

    @classmethod
    def supports(cls, rules: Rules) -> bool:
        return rules.stores_on_path == cls.on_path

    @staticmethod
    def _classes() -> tuple[Callable[[Rules], ExactSearch[Any]], Callable[[Rules], Any]]:
        """The exact solver's class and the lookahead's (imported on first use)."""
        raise NotImplementedError

    @property
    def solver(self) -> ExactSearch[Any]:
        if self._solver is None:
            solver = self._classes()[0]
            self._solver = shared_search(solver, self.rules) if self.shared else solver(self.rules)
        return self._solver

    @property
    def lookahead(self) -> DeepeningSearch[Any]:
        if self._look is None:
            self._look = self._classes()[1](self.rules)
        return self._look


class ClassicBackend(_PureBackend):
    """The games whose stores are on the sowing path, in pure Python: :class:`~.solver.Solver`
    and :class:`~.lookahead.Lookahead` (node counts the same on every machine).

    Args:
        rules: the rules (stores on the path).
        shared: the solver is the process's shared one for these rules (its table reused by
            every caller); otherwise this backend's own.
    """

    name = "classic"
    on_path = True

    @staticmethod
    def _classes() -> tuple[Callable[[Rules], ExactSearch[Any]], Callable[[Rules], Any]]:
        from .lookahead import Lookahead
        from .solver import Solver

        return Solver, Lookahead


class CompiledBackend(ClassicBackend):
    """The classic games with the exact solver in compiled code (:mod:`.compiled`, numba):
    the same values and best moves as :class:`ClassicBackend`, faster. A search with a node
    budget stays in pure Python (so that it gives the same result on every machine), and so
    does a small position while the kernel is not loaded yet (at most
    :data:`~.compiled.SMALL_STONES` stones: answered before the kernel would have started).
    The lookahead is the pure one (the kernel has none).

    Args:
        rules: the rules (:func:`.compiled.supports`).
        shared: the solvers are the process's shared ones for these rules.
        tt_bits: the size of the compiled solver's transposition table (see
            :class:`~.compiled.CompiledSolver`).
    """

    name = "compiled"

    def __init__(self, rules: Rules, *, shared: bool = False, tt_bits: int | None = None) -> None:
        from . import compiled

        compiled.engine_name(rules, "compiled")  # SearchError unless the kernel can play them
        super().__init__(rules, shared=shared)
        self.tt_bits = tt_bits if tt_bits is not None else compiled.DEFAULT_TT_BITS
        self._fast: ExactSearch[Any] | None = None

    @classmethod
    def supports(cls, rules: Rules) -> bool:
        from . import compiled

        return compiled.supports(rules) and compiled.available()

    @property
    def solver(self) -> ExactSearch[Any]:
        """The compiled solver (the kernel loaded now)."""
        if self._fast is None:
            from .compiled import make_solver

            self._fast = make_solver(self.rules, "auto", shared=self.shared, tt_bits=self.tt_bits)
        return self._fast

    @property
    def pure(self) -> ExactSearch[Any]:
        """The pure-Python solver of node budgets and small positions."""
        return super().solver

    def exact_search(self, position: Position, node_limit: int | None) -> ExactSearch[Any]:
        from .compiled import SMALL_STONES, loaded

        if node_limit is not None:
            return self.pure
        if self._fast is None and position.stones_on_board <= SMALL_STONES and not loaded():
            return self.pure
        return self.solver

    @property
    def table_stones(self) -> int:
        """The stones of the endgame table the compiled solver uses (-1: none)."""
        if self._fast is not None:
            return int(getattr(self._fast, "table_stones", -1))
        from .tables import table_for

        table = table_for(self.rules)
        return table.stones if table is not None else -1

    def exact_stones(self, stones: int, fast_stones: int = 0) -> int:
        if fast_stones and self.table_stones >= FAST_TABLE_STONES:
            return max(stones, fast_stones)
        return stones

    def forget(self) -> None:
        self.pure.table.clear()
        self.lookahead.table.clear()


class OffPathBackend(_PureBackend):
    """The games whose stores lie beside the board (Toguz Korgool, Mangala II and IV):
    :class:`~.offpath.OffPathSolver` and :class:`~.offpath.OffPathLookahead`, which take the
    game's earlier positions. The exact solver's reach (stones on the board) is the
    registry's (``SearchInfo.exact_stones``).

    Args:
        rules: the rules (stores beside the board).
        shared: the solver is the process's shared one for these rules.
    """

    name = "offpath"
    on_path = False

    @staticmethod
    def _classes() -> tuple[Callable[[Rules], ExactSearch[Any]], Callable[[Rules], Any]]:
        from .offpath import OffPathLookahead, OffPathSolver

        return OffPathSolver, OffPathLookahead

    def exact_stones(self, stones: int, fast_stones: int = 0) -> int:
        game = game_of(self.rules, nearest=True)
        reach = game.search.exact_stones if game is not None else None
        return min(stones, reach or 0)


def backend_for(
    rules: Rules,
    engine: str | None = None,
    *,
    shared: bool = False,
    tt_bits: int | None = None,
) -> SearchBackend:
    """The search backend for ``rules``: the first of the game's registry entry
    (:attr:`~mangala_edu.games.SearchInfo.backends`; rules that are no registered game, as
    the game they are nearest) that can run here. ``engine``: ``"pure"`` leaves the compiled
    kernel out, ``"compiled"`` asks for it (a :class:`~.errors.SearchError` where it cannot
    play the rules), ``None`` or ``"auto"`` takes the first that can. ``shared``: the solver
    is the process's shared one for these rules (its table reused between callers).

    >>> from mangala_edu import Rules
    >>> type(backend_for(Rules.toguz_korgool())).__name__
    'OffPathBackend'
    >>> backend_for(Rules.official(), "fast")
    Traceback (most recent call last):
    ...
    mangala_edu.search.errors.SearchError: ...fast...
    """
    engine = engine or "auto"
    if engine not in ENGINES:
        raise SearchError("search.unknown_engine", value=engine, allowed=", ".join(ENGINES))
    if engine == "compiled":
        return CompiledBackend(rules, shared=shared, tt_bits=tt_bits)
    game = game_of(rules, nearest=True)
    found: tuple[type[SearchBackend], ...] = game.backends() if game is not None else ()
    for cls in found:
        if engine == "pure" and cls is CompiledBackend:
            continue
        if cls.supports(rules):
            make = cast("Callable[..., SearchBackend]", cls)  # each takes rules, shared, tt_bits
            return make(rules, shared=shared, tt_bits=tt_bits)
    if rules.stores_on_path:
        return ClassicBackend(rules, shared=shared)
    return OffPathBackend(rules, shared=shared)
