"""The drivers every pure search shares: one MTD(f), one iterative deepening.

The exact solvers (:class:`~.solver.Solver` for the games whose stores are on the sowing path,
:class:`~.offpath.OffPathSolver` for those whose stores lie beside the board) are one
:class:`ExactSearch`: MTD(f) (:func:`mtdf`, zero-window probes narrowing a :class:`Window`)
over a fail-soft alpha-beta that each game kind writes for its own states. The computer
players' depth-limited searches (:class:`~.lookahead.Lookahead`,
:class:`~.offpath.OffPathLookahead`) are one :class:`DeepeningSearch`: deeper and deeper
within a budget, the best move of each state kept from one depth to the next. A search fills
in a few hooks (its states, its children, its alpha-beta); the compiled kernel
(:mod:`._nb`) cannot call Python, so it keeps its own loop but reads a transposition-table
entry with the same :func:`tt_window` and writes one with the same :func:`tt_bounds`.

>>> w = Window(-6, 6)
>>> mtdf(lambda alpha, beta: 2, w, 0), w          # a position worth 2
(2, Window(lo=2, hi=2))
>>> tt_window(3, 8, 0, 2)                         # the stored lower bound 3 >= beta: cut
(3, 3, True)
>>> tt_window(-2, 8, 0, 5)                        # nothing decided: the window narrowed
(0, 5, False)
>>> tt_bounds(4, 0, 2, -6, 6)                     # a fail-high at 4: lower bound 4
(4, 6)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, Generic, NamedTuple, TypeVar

from ..engine.position import Position
from ..engine.rules import Rules
from .budget import Budget, BudgetExceeded
from .evaluate import SCALE

__all__ = [
    "EXACT",
    "INF",
    "MAX_DEPTH",
    "DeepeningSearch",
    "ExactSearch",
    "LookaheadResult",
    "RootMove",
    "Solution",
    "Window",
    "mtdf",
    "shared_search",
    "tt_bounds",
    "tt_entry",
    "tt_window",
]

MAX_DEPTH = 64
"""The deepest iteration of a :class:`DeepeningSearch`."""
INF = 10**9
"""Beyond every value of a depth-limited search (in 1/SCALE stones)."""
EXACT = 1 << 20
"""The depth stored in a depth-limited search's table for a value that saw every line to the
end: it holds at any depth, and using it does not touch the horizon."""

N = TypeVar("N")
"""A search's node: what its alpha-beta searches (a state, or a state with its history)."""


# -- Results ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Solution:
    """The result of an exact search (:func:`~.solver.solve`).

    Attributes:
        value: the final store difference under perfect play, from the mover's side
            (positive: the mover wins by that many stones).
        best_moves: every pit that achieves ``value``, in pit order.
        nodes: positions searched (for this call).
        seconds: time taken.
        exact: always ``True`` for a solution (a search that runs out of budget raises
            :class:`BudgetExceeded` instead).
    """

    value: int
    best_moves: tuple[int, ...]
    nodes: int
    seconds: float
    exact: bool = True

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else float("inf")

    def to_dict(self) -> dict[str, object]:
        """The solution as JSON-ready data (what ``mangala-edu solve --json`` prints).

        >>> Solution(2, (5, 6), 1234, 0.01234).to_dict()
        {'value': 2, 'best_moves': [5, 6], 'nodes': 1234, 'seconds': 0.012}
        """
        return {
            "value": self.value,
            "best_moves": list(self.best_moves),
            "nodes": self.nodes,
            "seconds": round(self.seconds, 3),
        }


class RootMove(NamedTuple):
    """One root move of an exact search and its value (future gain of the root's mover):
    exact, or for a move that is not among the best with ``only_best``, any number below the
    best."""

    pit: int
    value: int


@dataclass
class LookaheadResult:
    """What a depth-limited search found.

    Attributes:
        values: each root move's value in stones, from the mover's side, counting the stores
            already won (the final store difference the search expects).
        depth: the deepest iteration that finished (0 when none did: then every value is the
            one-move estimate).
        nodes: positions searched.
        seconds: time spent.
        exact: True when the last iteration saw every line to the end of the set (its values
            are then the exact final store differences).
    """

    values: dict[int, float]
    depth: int
    nodes: int
    seconds: float
    exact: bool = False
    order: list[int] = field(default_factory=list)

    @property
    def best_value(self) -> float:
        return max(self.values.values())

    @property
    def best_moves(self) -> tuple[int, ...]:
        """Every root move with the best value, in pit order."""
        best = self.best_value
        return tuple(sorted(p for p, v in self.values.items() if v == best))


# -- MTD(f) and the transposition table's window --------------------------------------------------


@dataclass
class Window:
    """The bounds ``lo <= value <= hi`` proven so far by a running :func:`mtdf`."""

    lo: int
    hi: int


def mtdf(probe: Callable[[int, int], int], window: Window, guess: int) -> int:
    """The value within ``window`` by zero-window probes from ``guess``: ``probe(alpha,
    beta)`` is a fail-soft alpha-beta search (``beta == alpha + 1``). The window narrows
    after every probe, so that a caller stopped by :class:`BudgetExceeded` knows what was
    proven.

    >>> calls = []
    >>> def probe(alpha, beta):                        # a position worth 5
    ...     calls.append(beta)
    ...     return 5
    >>> mtdf(probe, Window(-10, 10), 0), calls         # "at least 0?", "at least 6?"
    (5, [0, 6])
    """
    g = min(max(guess, window.lo), window.hi)
    while window.lo < window.hi:
        beta = g + 1 if g == window.lo else g
        g = probe(beta - 1, beta)
        if g < beta:
            window.hi = g
        else:
            window.lo = g
    return g


def tt_window(lo: int, hi: int, alpha: int, beta: int) -> tuple[int, int, bool]:
    """A transposition-table entry's bounds ``lo..hi`` applied to the window
    ``alpha..beta``: ``(value, value, True)`` when they decide the search (a stored lower
    bound at or above ``beta``, or an upper bound at or below ``alpha``), else the narrowed
    window and ``False``. Plain integer code, so that the compiled kernel (:mod:`._nb`) runs it
    too."""
    if lo >= beta:
        return lo, lo, True
    if hi <= alpha:
        return hi, hi, True
    if lo > alpha:
        alpha = lo
    if hi < beta:
        beta = hi
    return alpha, beta, False


def tt_bounds(best: int, alpha: int, beta: int, lo: int, hi: int) -> tuple[int, int]:
    """The bounds to store for a state whose fail-soft search in ``alpha..beta`` returned
    ``best``, given the bounds ``lo..hi`` known before: a fail-low is an upper bound, a
    fail-high a lower bound, anything between exact. Plain integer code (see
    :func:`tt_window`)."""
    if best <= alpha:
        return lo, (best if best < hi else hi)
    if best >= beta:
        return (best if best > lo else lo), hi
    return best, best


def tt_entry(
    best: int, alpha: int, beta: int, lo: int, hi: int, hint: int, best_pit: int
) -> tuple[int, int, int]:
    """An exact search's table entry ``(lo, hi, pit)`` after a search in ``alpha..beta``
    returned ``best`` (:func:`tt_bounds`), with the move to try first next time: the best one
    found, or after a fail-low (where no move was good enough to tell) the one stored before,
    ``hint``, if any.

    >>> tt_entry(-1, 0, 3, -9, 9, 2, 5), tt_entry(5, 0, 3, -9, 9, 2, 5)
    ((-9, -1, 2), (5, 9, 5))
    """
    lo, hi = tt_bounds(best, alpha, beta, lo, hi)
    return lo, hi, (hint or best_pit) if best <= alpha else best_pit


S = TypeVar("S")
_SHARED: dict[tuple[object, Rules], Any] = {}


def shared_search(cls: Callable[[Rules], S], rules: Rules) -> S:
    """The process's one search of class ``cls`` for ``rules`` (made on first use), whose
    table every caller reuses; a few rules at a time are kept.

    >>> from mangala_edu.search.solver import Solver
    >>> shared_search(Solver, Rules.official()) is shared_search(Solver, Rules.official())
    True
    """
    key = (cls, rules)
    search = _SHARED.get(key)
    if search is None:
        if len(_SHARED) > 16:
            _SHARED.clear()
        search = _SHARED[key] = cls(rules)
    return search


# -- The exact search ---------------------------------------------------------------------------


class ExactSearch(Generic[N]):
    """MTD(f) to the end of the game for one set of rules; keeps its table between calls.

    A subclass gives its nodes and its alpha-beta through the hooks :meth:`_root` (a
    position's root node and store difference, refusing positions it cannot search),
    :meth:`_stones` (stones on the board: the value lies within plus or minus them),
    :meth:`_alphabeta`, :meth:`_root_moves` (the value of every root move, or enough to tell
    the best ones), :meth:`_guess` (MTD(f)'s first guess), :meth:`_key` (the table key of a
    node) and :meth:`_play_out` (a game without choices played to its end).
    """

    engine = "pure"
    check_every = 2048
    """Nodes between two budget checks."""

    def __init__(self, rules: Rules, max_entries: int) -> None:
        self.rules = rules
        self.max_entries = max_entries
        # key -> (lower bound, upper bound, best pit) of the future gain.
        self.table: dict[Any, tuple[int, int, int]] = {}
        self._budget = Budget()
        self._nodes = 0
        self.bounds: tuple[int | None, int | None] = (None, None)
        """The future gain's bounds proven so far by the running MTD(f) (for progress)."""

    _cancelled = False

    def cancel(self) -> None:
        """Stop the running search (from another thread; also one about to start): it raises
        :class:`BudgetExceeded` with the bounds it had proven. Every later search of this
        solver stops at once too."""
        self._cancelled = True
        self._budget.cancel()

    # Public -------------------------------------------------------------------------------------
    def solve(
        self,
        position: Position,
        *,
        history: Iterable[Position] = (),
        time_limit: float | None = None,
        node_limit: int | None = None,
    ) -> Solution:
        """The exact value of ``position`` and every best move (``history``: the game's
        earlier positions, for the games that end on a repetition).

        Raises :class:`BudgetExceeded` when the budget runs out first (its ``lower`` and
        ``upper`` are the bounds of the value proven by then; equal when the value was found
        but not yet every best move).
        """
        history = tuple(history)
        node, base = self._root(position, history)
        budget = self._start(time_limit, node_limit)
        played = self._play_out(position, history)
        if played is not None:
            return Solution(played[0], position.legal_moves, played[1], budget.seconds)
        gain = self._mtdf(node, self._guess(node), base)
        moves = self._bounded(base, gain, node, only_best=True)
        best = tuple(sorted(m.pit for m in moves if m.value == gain))
        return Solution(base + gain, best, budget.nodes, budget.seconds)

    def value_of_moves(
        self,
        position: Position,
        *,
        history: Iterable[Position] = (),
        time_limit: float | None = None,
        node_limit: int | None = None,
    ) -> dict[int, int]:
        """The exact value (final store difference from the mover's side) after each legal
        move, in pit order. Raises :class:`BudgetExceeded` as :meth:`solve`."""
        history = tuple(history)
        node, base = self._root(position, history)
        self._start(time_limit, node_limit)
        played = self._play_out(position, history)
        if played is not None:
            return {position.legal_moves[0]: played[0]}
        gain = self._mtdf(node, self._guess(node), base)
        moves = self._bounded(base, gain, node, only_best=False)
        return {m.pit: base + m.value for m in sorted(moves)}

    # Shared internals ---------------------------------------------------------------------------
    def _bounded(self, base: int, gain: int, node: N, *, only_best: bool) -> list[RootMove]:
        """:meth:`_root_moves` once the root's value ``gain`` is known: a budget that runs
        out meanwhile reports that value as proven."""
        try:
            moves = self._root_moves(node, gain, only_best=only_best)
        except BudgetExceeded as exc:
            exc.bounded(base + gain, base + gain)
            raise
        self._finish()
        return moves

    def _start(self, time_limit: float | None, node_limit: int | None) -> Budget:
        if len(self.table) > self.max_entries:
            self.table.clear()
        self._budget = Budget(time_limit, node_limit)
        if self._cancelled:
            self._budget.cancel()
        self._nodes = 0
        return self._budget

    def _finish(self) -> None:
        self._budget.nodes += self._nodes
        self._nodes = 0

    def _tick(self) -> None:
        """Charge the nodes counted since the last check to the budget (every
        :attr:`check_every` nodes); raises :class:`BudgetExceeded` when it has run out."""
        self._budget.charge(self._nodes)
        self._nodes = 0
        if len(self.table) > self.max_entries:
            self.table.clear()

    def _mtdf(self, node: N, guess: int, base: int | None = None) -> int:
        """The exact future gain of ``node`` by zero-window probes from ``guess``.

        Given ``base`` (the store difference to add to the gain), a :class:`BudgetExceeded`
        raised during the probes carries the bounds proven so far, ``base + lo`` and
        ``base + hi``; without it the exception passes through untouched.
        """
        stones = self._stones(node)
        window = Window(-stones, stones)
        alphabeta = self._alphabeta

        def probe(alpha: int, beta: int) -> int:
            if base is not None:
                self.bounds = (window.lo, window.hi)
            return alphabeta(node, alpha, beta, stones)

        try:
            return mtdf(probe, window, guess)
        except BudgetExceeded as exc:
            if base is not None:
                lo, hi = self._proven(node, window.lo, window.hi)
                exc.bounded(base + lo, base + hi)
            raise

    def _proven(self, node: N, lo: int, hi: int) -> tuple[int, int]:
        """The bounds ``lo``..``hi`` of the future gain of ``node``, narrowed by what the
        table holds for it (only read: the table is not changed)."""
        entry = self.table.get(self._key(node))
        if entry is not None:
            t_lo, t_hi = max(lo, entry[0]), min(hi, entry[1])
            if t_lo <= t_hi:
                return t_lo, t_hi
        return lo, hi

    # Hooks --------------------------------------------------------------------------------------
    def _root(self, position: Position, history: tuple[Position, ...]) -> tuple[N, int]:
        """The root node of ``position`` and its store difference from the mover's side;
        raises for a position this search cannot solve (other rules, the game over)."""
        raise NotImplementedError

    def _stones(self, node: N) -> int:
        raise NotImplementedError

    def _alphabeta(self, node: N, alpha: int, beta: int, stones: int) -> int:
        """Fail-soft alpha-beta on the future gain of ``node`` with ``stones`` on the
        board."""
        raise NotImplementedError

    def _root_moves(self, node: N, value: int, *, only_best: bool) -> list[RootMove]:
        raise NotImplementedError

    def _guess(self, node: N) -> int:
        return 0

    def _key(self, node: N) -> Hashable:
        return node

    def _play_out(
        self, position: Position, history: tuple[Position, ...]
    ) -> tuple[int, int] | None:
        """For a game without choices: its final store difference from the mover's side and
        the moves played; ``None`` (the default) for a game to search."""
        return None


# -- The depth-limited search -------------------------------------------------------------------


class DeepeningSearch(Generic[N]):
    """Iterative-deepening alpha-beta for one set of rules (keeps its table between calls).

    A subclass gives :meth:`_root` (a position's state, store difference and history),
    :meth:`_children`, :meth:`_order` (the first iteration's move order), :meth:`_descend`
    (a root move's value within a depth) and :meth:`_play_out`; its own alpha-beta counts
    in ``_horizon`` the lines it cut at the depth limit.
    """

    check_every = 1024
    """Nodes between two budget checks."""

    def __init__(self, rules: Rules, evaluate: Callable[[Any], int], max_entries: int) -> None:
        self.rules = rules
        self.evaluate = evaluate
        self.max_entries = max_entries
        # state -> (depth, lower, upper, best pit); values in 1/SCALE stones of future gain.
        self.table: dict[Any, tuple[int, int, int, int]] = {}
        self._budget = Budget()
        self._nodes = 0
        self._horizon = 0

    def analyse(
        self,
        position: Position,
        *,
        history: Iterable[Position] = (),
        time_limit: float | None = None,
        node_limit: int | None = None,
        max_depth: int = MAX_DEPTH,
        min_depth: int = 1,
        all_values: bool = False,
    ) -> LookaheadResult:
        """Search ``position`` deeper and deeper within the budget and return the values of
        every legal move from the last finished depth (``history``: the game's earlier
        positions, for the games that end on a repetition).

        ``min_depth`` iterations are always finished, whatever the budget (keep it small).
        With ``all_values`` every root move gets its own value; otherwise only the moves tied
        for best do, and the others get a value below the best (which is faster).
        """
        history = tuple(history)
        state, base, ctx = self._root(position, history)
        budget = Budget(time_limit, node_limit)
        played = self._play_out(position, history)
        if played is not None:  # no choice: play it out
            value, plies = played
            pit = position.legal_moves[0]
            return LookaheadResult({pit: float(value)}, plies, plies, budget.seconds, True, [pit])
        if len(self.table) > self.max_entries:
            self.table.clear()
        self._budget = budget
        self._nodes = 0
        values: dict[int, int] = {}
        order: list[int] = []
        depth_done = 0
        exact = False
        for depth in range(1, max_depth + 1):
            forced = depth <= min_depth
            self._budget = Budget() if forced else budget
            self._horizon = 0
            try:
                values, order = self._iterate(state, ctx, depth, order, all_values)
            except BudgetExceeded:
                break
            finally:
                if forced:
                    budget.nodes += self._budget.nodes
                    self._budget = budget
            depth_done = depth
            if not self._horizon:
                exact = True
                break
            left = budget.remaining()
            if left is not None and budget.seconds > 0 and left < 1.5 * budget.seconds:
                break  # the next depth would most likely not finish
        budget.nodes += self._nodes
        if not values:  # no depth finished: fall back on one-move estimates
            values = {c.pit: self._leaf(c) for c in self._children(state)}
            order = sorted(values, key=lambda p: values[p], reverse=True)
        stones = {p: base + v / SCALE for p, v in values.items()}
        return LookaheadResult(stones, depth_done, budget.nodes, budget.seconds, exact, order)

    # Shared internals ---------------------------------------------------------------------------
    def _leaf(self, c: Any) -> int:
        """A root move's one-move estimate, in 1/SCALE stones."""
        _pit, gain, extra, st = c
        if st is None:
            return gain * SCALE
        h = self.evaluate(st)
        return gain * SCALE + (h if extra else -h)

    def _iterate(
        self, state: Any, ctx: Any, depth: int, order: list[int], all_values: bool
    ) -> tuple[dict[int, int], list[int]]:
        """One iteration: exact values (within ``depth``) of the best moves, and upper bounds
        below the best value for the others (every value with ``all_values``): enough to find
        every move tied for best. The moves are searched in ``order`` (the last iteration's
        ranking)."""
        kids = self._children(state)
        if order:
            rank = {p: i for i, p in enumerate(order)}
            kids.sort(key=lambda c: rank.get(c.pit, 99))
        else:
            kids.sort(key=self._order, reverse=True)
        values: dict[int, int] = {}
        best = -INF
        for c in kids:
            # Search with alpha one below the best so far, so a move tied for best is seen.
            a = best - 1 if best > -INF and not all_values else -INF
            v = self._descend(state, ctx, c, depth - 1, a)
            values[c.pit] = v
            if v > best:
                best = v
        order = sorted(values, key=lambda p: values[p], reverse=True)
        return values, order

    exact_sees_no_horizon = True
    """A stored value that saw every line to the end (depth :data:`EXACT`) holds at any depth
    without touching the horizon (see :meth:`_stored`)."""

    def _stored(self, entry: tuple[int, int, int, int], alpha: int, beta: int) -> int | None:
        """The value a table entry deep enough for this search gives it (a bound that decides
        the window ``alpha..beta``, or an exact value), else ``None``. A value found with a
        horizon below it counts as seeing the horizon."""
        d, lo, hi, _hint = entry
        if lo >= beta:
            value = lo
        elif hi <= alpha or lo == hi:
            value = hi
        else:
            return None
        self._horizon += d != EXACT or not self.exact_sees_no_horizon
        return value

    # Hooks --------------------------------------------------------------------------------------
    def _root(self, position: Position, history: tuple[Position, ...]) -> tuple[Any, int, Any]:
        """The state of ``position``, its store difference from the mover's side and the
        history its search needs; raises for a position this search cannot play."""
        raise NotImplementedError

    def _children(self, state: Any) -> list[Any]:
        raise NotImplementedError

    def _order(self, child: Any) -> int:
        """The first iteration's move order (the highest first)."""
        return int(child.gain)

    def _descend(self, state: Any, ctx: Any, child: Any, depth: int, alpha: int) -> int:
        """The value of the root move ``child`` (in 1/SCALE stones of the mover's future
        gain) searched ``depth`` moves further, exact when above ``alpha``."""
        raise NotImplementedError

    def _play_out(
        self, position: Position, history: tuple[Position, ...]
    ) -> tuple[int, int] | None:
        """For a game without choices: its final store difference and the moves played."""
        return None
