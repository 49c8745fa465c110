"""The exact solver: the value of a position under perfect play, and every move that keeps it.

The *value* of a position is the final store difference (the mover's store minus the
opponent's, after the end-of-set sweep) when both sides play perfectly from here on. The search
is MTD(f): zero-window alpha-beta probes that home in on the value, sharing one transposition
table, with iterative deepening (a short depth-limited search) for the first guess. Moves that
give an extra turn are searched first, then those that put the most stones into the store (sown
past it or captured); extra turns are searched without changing sides, and no branch is searched that cannot matter given the stones still on the board (a
position's future gain always lies between ``-stones`` and ``+stones``).

>>> from mangala_edu import Position, Rules
>>> pos = Position.from_text("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S")
>>> sol = solve(pos)
>>> sol.value, sol.best_moves, sol.exact
(-2, (6,), True)
>>> value_of_moves(pos)
{5: -8, 6: -2}

A budget that is too small is reported, never hidden, with what was proven before it ran out
(bounds of the value, which may be the trivial ones: every stone on the board):

>>> solve(Position.start(), node_limit=1000)
Traceback (most recent call last):
...
mangala_edu.search.budget.BudgetExceeded: search budget exceeded after ... nodes ...
>>> pos = Position.from_text("1,2,1,0,2,1,16/1,1,1,0,2,4,16 S")
>>> try:
...     Solver(pos.rules).solve(pos, node_limit=5000)
... except BudgetExceeded as exc:
...     print(exc.lower <= solve(pos).value <= exc.upper)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.position import Position
from ..engine.rules import Rules
from .budget import Budget, BudgetExceeded
from .kernel import Child, Kernel, State

__all__ = ["BudgetExceeded", "Solution", "Solver", "fastest_solver", "solve", "value_of_moves"]

CHECK_EVERY = 2048
"""Nodes between two budget checks."""


@dataclass(frozen=True)
class Solution:
    """The result of :func:`solve`.

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


class Solver:
    """An exact solver for one set of rules; keeps its transposition table between calls.

    Reuse one solver for many positions under the same rules (e.g. every move of a game): the
    table holds values of states, which do not depend on the stores, so what one search learns
    speeds up the next.

    >>> from mangala_edu import Position, Rules
    >>> solver = Solver(Rules.kalah(3, 2))
    >>> solver.solve(Position.start(Rules.kalah(3, 2))).value
    4

    This class is the pure-Python search, the one the lessons show (its node counts are the
    same on every machine). :func:`solve`, :func:`value_of_moves`, the unseeded players and
    the analysis use the compiled kernel instead when it is installed
    (:func:`.compiled.make_solver`): same values and best moves, faster.
    """

    engine = "pure"

    def __init__(self, rules: Rules, max_entries: int = 3_000_000) -> None:
        self.rules = rules
        self.kernel = Kernel(rules)
        self.max_entries = max_entries
        # state -> (lower bound, upper bound, best pit) of the state's future gain.
        self.table: dict[State, tuple[int, int, int]] = {}
        self._budget = Budget()
        self._nodes = 0
        self.bounds: tuple[int | None, int | None] = (None, None)
        """The future gain's bounds proven so far by the running MTD(f) (for progress)."""

    def cancel(self) -> None:
        """Stop the running search (from another thread; also one about to start): it raises
        :class:`BudgetExceeded` with the bounds it had proven. Every later search of this
        solver stops at once too."""
        self._cancelled = True
        self._budget.cancel()

    _cancelled = False

    # Public -------------------------------------------------------------------------------------
    def solve(
        self, position: Position, *, time_limit: float | None = None, node_limit: int | None = None
    ) -> Solution:
        """The exact value of ``position`` and every best move.

        Raises :class:`BudgetExceeded` when the budget runs out first (its ``lower`` and
        ``upper`` are the bounds of the value proven by then; equal when the value was found but
        not yet every best move), and ``ValueError`` for a position whose set is over or that has
        other rules.
        """
        state, base = self._state(position)
        budget = self._start(time_limit, node_limit)
        gain = self._mtdf(state, self._guess(state), base)
        try:
            best = tuple(
                c.pit for c, v in self._root_values(state, gain, only_best=True) if v == gain
            )
        except BudgetExceeded as exc:
            exc.bounded(base + gain, base + gain)
            raise
        self._finish()
        return Solution(base + gain, best, budget.nodes, budget.seconds)

    def value_of_moves(
        self, position: Position, *, time_limit: float | None = None, node_limit: int | None = None
    ) -> dict[int, int]:
        """The exact value (final store difference from the mover's side) after each legal move.

        Raises :class:`BudgetExceeded` when the budget runs out first, with the bounds of the
        position's value proven by then (see :meth:`solve`).
        """
        state, base = self._state(position)
        self._start(time_limit, node_limit)
        gain = self._mtdf(state, self._guess(state), base)
        try:
            values = {c.pit: base + v for c, v in self._root_values(state, gain, only_best=False)}
        except BudgetExceeded as exc:
            exc.bounded(base + gain, base + gain)
            raise
        self._finish()
        return values

    def gain(
        self, state: State, *, time_limit: float | None = None, node_limit: int | None = None
    ) -> int:
        """The exact future gain of a mover-relative ``state`` (see :mod:`.kernel`).

        Raises :class:`BudgetExceeded` when the budget runs out first, with the bounds of the
        future gain proven by then.
        """
        self._start(time_limit, node_limit)
        value = self._mtdf(state, self._guess(state), 0)
        self._finish()
        return value

    # Internals ----------------------------------------------------------------------------------
    def _state(self, position: Position) -> tuple[State, int]:
        if position.rules != self.rules:
            raise ValueError("this solver was made for other rules")
        if position.is_over:
            raise ValueError("the set is over: there is nothing left to solve")
        return self.kernel.from_position(position)

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

    def _guess(self, state: State) -> int:
        """A first guess for MTD(f): the table's bounds if any, else a quick shallow search."""
        entry = self.table.get(state)
        if entry is not None:
            lo, hi, _ = entry
            if lo > -(10**6) and hi < 10**6:
                return (lo + hi) // 2
        from .lookahead import quick_guess

        return quick_guess(self.kernel, state)

    def _mtdf(self, state: State, guess: int, base: int | None = None) -> int:
        """The exact future gain of ``state`` by zero-window probes from ``guess``.

        Given ``base`` (the store difference to add to the gain), a :class:`BudgetExceeded`
        raised during the probes carries the bounds proven so far, ``base + lo`` and
        ``base + hi``; without it the exception passes through untouched.
        """
        stones = sum(state)
        lo, hi = -stones, stones
        g = min(max(guess, lo), hi)
        search = self._search
        try:
            while lo < hi:
                if base is not None:
                    self.bounds = (lo, hi)
                beta = g + 1 if g == lo else g
                g = search(state, beta - 1, beta, stones)
                if g < beta:
                    hi = g
                else:
                    lo = g
        except BudgetExceeded as exc:
            if base is not None:
                lo, hi = self._proven(state, lo, hi)
                exc.bounded(base + lo, base + hi)
            raise
        return g

    def _proven(self, state: State, lo: int, hi: int) -> tuple[int, int]:
        """The bounds ``lo``..``hi`` of the future gain of ``state``, narrowed by what the table
        holds for it (only read: the table is not changed)."""
        entry = self.table.get(state)
        if entry is not None:
            t_lo, t_hi = max(lo, entry[0]), min(hi, entry[1])
            if t_lo <= t_hi:
                return t_lo, t_hi
        return lo, hi

    def _root_values(self, state: State, value: int, *, only_best: bool) -> list[tuple[Child, int]]:
        """Each root move with its exact value (``only_best``: exact for the best moves, any
        number below ``value`` for the others)."""
        stones = sum(state)
        out: list[tuple[Child, int]] = []
        for c in self.kernel.children(state):
            if c.state is None:
                out.append((c, c.gain))
                continue
            child_stones = stones - c.gain
            sign = 1 if c.extra else -1
            if only_best:
                # Is this move's value >= value?  One zero-window probe decides it.
                target = (value - c.gain) * sign
                if c.extra:
                    v = self._search(c.state, target - 1, target, child_stones)
                    ok = v >= target
                else:
                    v = self._search(c.state, target, target + 1, child_stones)
                    ok = v <= target
                out.append((c, value if ok else value - 1))
            else:
                g = self._mtdf(c.state, sign * (value - c.gain))
                out.append((c, c.gain + sign * g))
        return out

    def _search(self, p: State, alpha: int, beta: int, stones: int) -> int:
        """Fail-soft alpha-beta on the future gain of state ``p`` with ``stones`` on the board."""
        self._nodes += 1
        if self._nodes >= CHECK_EVERY:
            self._budget.charge(self._nodes)
            self._nodes = 0
            if len(self.table) > self.max_entries:
                self.table.clear()
        if stones <= alpha:
            return stones
        if -stones >= beta:
            return -stones
        table = self.table
        entry = table.get(p)
        if entry is None:
            lo, hi, hint = -stones, stones, 0
        else:
            lo, hi, hint = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        kids = self.kernel.children(p)
        if len(kids) > 1:
            kids.sort(key=lambda c: (c.pit == hint) * 4096 + c.extra * 1024 + c.gain, reverse=True)
        best = -stones - 1
        best_pit = 0
        a = alpha
        search = self._search
        for pit, gain, extra, st in kids:
            if st is None:
                v = gain
            else:
                left = stones - gain
                if gain + left <= a:  # even winning every stone left cannot help
                    v = gain + left
                elif extra:
                    v = gain + search(st, a - gain, beta - gain, left)
                else:
                    v = gain - search(st, gain - beta, gain - a, left)
            if v > best:
                best = v
                best_pit = pit
                if v > a:
                    a = v
                    if v >= beta:
                        break
        if best <= alpha:
            table[p] = (lo, best if best < hi else hi, hint or best_pit)
        elif best >= beta:
            table[p] = (best if best > lo else lo, hi, best_pit)
        else:
            table[p] = (best, best, best_pit)
        return best


_SOLVERS: dict[Rules, Solver] = {}


def solver_for(rules: Rules) -> Solver:
    """A shared :class:`Solver` for ``rules`` (its table is reused between calls)."""
    solver = _SOLVERS.get(rules)
    if solver is None:
        if len(_SOLVERS) > 8:
            _SOLVERS.clear()
        solver = _SOLVERS[rules] = Solver(rules)
    return solver


def fastest_solver(rules: Rules, node_limit: int | None = None) -> Solver:
    """The shared solver :func:`solve` uses: the compiled kernel (:mod:`.compiled`) when it is
    installed and supports ``rules``, for searches without a node budget; the pure-Python
    :class:`Solver` otherwise (a node budget gives the same result on every machine only on
    the pure search)."""
    if node_limit is None:
        from .compiled import make_solver

        return make_solver(rules, "auto", shared=True)
    return solver_for(rules)


def solve(
    position: Position,
    *,
    time_limit: float | None = None,
    node_limit: int | None = None,
    history: Sequence[Position] = (),
) -> Solution:
    """The exact value of ``position`` (final store difference from the mover's side under
    perfect play) and every move achieving it. See :class:`Solver`; the search runs on the
    compiled kernel when it is installed (:func:`fastest_solver`), with the same answer. The
    family's games (Toguz Korgool, Mangala II, IV) are solved by
    :class:`~.general.GeneralSolver`, which also takes the game's earlier positions
    (``history``: a repeated position ends the game).

    Raises :class:`BudgetExceeded` when ``time_limit`` (seconds) or ``node_limit`` (positions)
    runs out first.
    """
    if position.rules.family:
        from .general import general_solver_for

        return general_solver_for(position.rules).solve(
            position, history=history, time_limit=time_limit, node_limit=node_limit
        )
    return fastest_solver(position.rules, node_limit).solve(
        position, time_limit=time_limit, node_limit=node_limit
    )


def value_of_moves(
    position: Position,
    *,
    time_limit: float | None = None,
    node_limit: int | None = None,
    history: Sequence[Position] = (),
) -> dict[int, int]:
    """Each legal move's exact value (final store difference from the mover's side)."""
    if position.rules.family:
        from .general import general_solver_for

        return general_solver_for(position.rules).value_of_moves(
            position, history=history, time_limit=time_limit, node_limit=node_limit
        )
    return fastest_solver(position.rules, node_limit).value_of_moves(
        position, time_limit=time_limit, node_limit=node_limit
    )
