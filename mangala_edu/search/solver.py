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
mangala_edu.search.budget.BudgetExceeded: ... / Search budget exceeded after ... nodes ...
>>> pos = Position.from_text("1,2,1,0,2,1,16/1,1,1,0,2,4,16 S")
>>> try:
...     Solver(pos.rules).solve(pos, node_limit=5000)
... except BudgetExceeded as exc:
...     print(exc.lower <= solve(pos).value <= exc.upper)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.position import Position
from ..engine.rules import Rules
from .budget import BudgetExceeded
from .driver import ExactSearch, RootMove, Solution, shared_search, tt_entry, tt_window
from .errors import SearchError, require_classic
from .kernel import Child, Kernel, State

__all__ = ["BudgetExceeded", "Solution", "Solver", "fastest_solver", "solve", "value_of_moves"]

CHECK_EVERY = 2048
"""Nodes between two budget checks."""


class Solver(ExactSearch[State]):
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
    (:func:`.compiled.make_solver`): same values and best moves, faster. The MTD(f) driver
    and the public calls are :class:`~.driver.ExactSearch`'s, shared with the off-path
    games' solver.
    """

    def __init__(self, rules: Rules, max_entries: int = 3_000_000) -> None:
        require_classic(rules, type(self).__name__)
        super().__init__(rules, max_entries)
        self.kernel = Kernel(rules)

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

    # Hooks of the driver ------------------------------------------------------------------------
    def _state(self, position: Position) -> tuple[State, int]:
        if position.rules != self.rules:
            raise SearchError("search.other_rules", made=self.rules.name, given=position.rules.name)
        if position.is_over:
            raise SearchError("search.over")
        return self.kernel.from_position(position)

    def _root(self, position: Position, history: tuple[Position, ...]) -> tuple[State, int]:
        return self._state(position)

    def _stones(self, node: State) -> int:
        return sum(node)

    def _alphabeta(self, node: State, alpha: int, beta: int, stones: int) -> int:
        return self._search(node, alpha, beta, stones)

    def _root_moves(self, node: State, value: int, *, only_best: bool) -> list[RootMove]:
        return [RootMove(c.pit, v) for c, v in self._root_values(node, value, only_best=only_best)]

    def _guess(self, state: State) -> int:
        """A first guess for MTD(f): the table's bounds if any, else a quick shallow search."""
        entry = self.table.get(state)
        if entry is not None:
            lo, hi, _ = entry
            if lo > -(10**6) and hi < 10**6:
                return (lo + hi) // 2
        from .lookahead import quick_guess

        return quick_guess(self.kernel, state)

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
            self._tick()
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
            alpha, beta, cut = tt_window(lo, hi, alpha, beta)
            if cut:
                return alpha
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
        table[p] = tt_entry(best, alpha, beta, lo, hi, hint, best_pit)
        return best


def solver_for(rules: Rules) -> Solver:
    """A shared :class:`Solver` for ``rules`` (its table is reused between calls)."""
    return shared_search(Solver, rules)


def fastest_solver(
    rules: Rules, node_limit: int | None = None, stones: int | None = None
) -> Solver:
    """The shared solver :func:`solve` uses: the compiled kernel (:mod:`.compiled`) when it is
    installed and supports ``rules``, for searches without a node budget; the pure-Python
    :class:`Solver` otherwise (a node budget gives the same result on every machine only on
    the pure search). ``stones``: the stones on the board of the position to solve (a small
    position is solved in pure Python while the kernel is not loaded yet: see
    :func:`.compiled.make_solver`)."""
    if node_limit is None:
        from .compiled import make_solver

        return make_solver(rules, "auto", shared=True, stones=stones)
    return solver_for(rules)


def solve(
    position: Position,
    *,
    time_limit: float | None = None,
    node_limit: int | None = None,
    history: Sequence[Position] = (),
) -> Solution:
    """The exact value of ``position`` (final store difference from the mover's side under
    perfect play) and every move achieving it, by the game's search backend
    (:func:`.backends.backend_for`, the process's shared solver): :class:`Solver`, or the
    compiled kernel when it is installed (:func:`fastest_solver`), with the same answer; the
    games whose stores lie beside the board (Toguz Korgool, Mangala II, IV) by
    :class:`~.offpath.OffPathSolver`, which also takes the game's earlier positions
    (``history``: a repeated position ends the game).

    Raises :class:`BudgetExceeded` when ``time_limit`` (seconds) or ``node_limit`` (positions)
    runs out first.
    """
    from .backends import backend_for

    return backend_for(position.rules, shared=True).solve(
        position, history=history, time_limit=time_limit, node_limit=node_limit
    )


def value_of_moves(
    position: Position,
    *,
    time_limit: float | None = None,
    node_limit: int | None = None,
    history: Sequence[Position] = (),
) -> dict[int, int]:
    """Each legal move's exact value (final store difference from the mover's side), by the
    game's search backend (see :func:`solve`)."""
    from .backends import backend_for

    return backend_for(position.rules, shared=True).value_of_moves(
        position, history=history, time_limit=time_limit, node_limit=node_limit
    )
