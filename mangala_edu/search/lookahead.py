"""Depth-limited alpha-beta with iterative deepening: how the computer players look ahead.

:class:`Lookahead` searches ever deeper (1 move, 2 moves, ...) until its budget (time and/or
nodes) or its depth limit runs out, and reports the value of every root move from the last depth
it finished. Values are in stones (floats): stones won for sure plus the evaluation of
:mod:`.evaluate` at the horizon. Moves that give an extra turn keep the same side to move and
count as one move of depth. A transposition table keeps the best move of every position from
one depth to the next, so that each iteration searches the best move first.

>>> from mangala_edu import Position
>>> look = Lookahead(Position.start().rules)
>>> result = look.analyse(Position.start(), max_depth=4)
>>> result.depth, sorted(result.values)
(4, [1, 2, 3, 4, 5, 6])
>>> result.values[1] < result.values[4]       # pit 4 ends in the store: an extra turn
True
"""

from __future__ import annotations

from ..engine.position import Position
from ..engine.rules import Rules
from .budget import Budget
from .driver import EXACT, INF, MAX_DEPTH, DeepeningSearch, LookaheadResult, tt_bounds
from .errors import SearchError, require_classic
from .evaluate import SCALE, Weights, make_evaluator
from .kernel import Child, Kernel, State

__all__ = ["EXACT", "INF", "MAX_DEPTH", "Lookahead", "LookaheadResult", "quick_guess"]

CHECK_EVERY = 1024


class Lookahead(DeepeningSearch[State]):
    """Iterative-deepening alpha-beta for one set of rules (keeps its table between calls):
    the driver of :class:`~.driver.DeepeningSearch` (shared with the off-path games' search)
    over the moves of :class:`~.kernel.Kernel`."""

    def __init__(
        self, rules: Rules, weights: Weights | None = None, max_entries: int = 1_000_000
    ) -> None:
        require_classic(rules, type(self).__name__)  # the off-path games: .offpath
        self.kernel = Kernel(rules)
        super().__init__(rules, make_evaluator(rules, weights), max_entries)

    # Hooks of the driver ------------------------------------------------------------------------
    def _root(self, position: Position, history: tuple[Position, ...]) -> tuple[State, int, None]:
        if position.rules != self.rules:
            raise SearchError("search.other_rules", made=self.rules.name, given=position.rules.name)
        state, base = self.kernel.from_position(position)
        return state, base, None

    def _children(self, state: State) -> list[Child]:
        return self.kernel.children(state)

    def _order(self, child: Child) -> int:
        return child.extra * 1024 + child.gain

    def _descend(self, state: State, ctx: None, child: Child, depth: int, alpha: int) -> int:
        _pit, gain, extra, st = child
        g = gain * SCALE
        if st is None:
            return g
        if extra:
            return g + self._search(st, depth, alpha - g, INF)
        return g - self._search(st, depth, -INF, g - alpha)

    def _search(self, p: State, depth: int, alpha: int, beta: int) -> int:
        self._nodes += 1
        if self._nodes >= CHECK_EVERY:
            self._budget.charge(self._nodes)
            self._nodes = 0
        table = self.table
        entry = table.get(p)
        hint = 0
        if entry is not None:
            hint = entry[3]
            if entry[0] >= depth:
                stored = self._stored(entry, alpha, beta)
                if stored is not None:
                    return stored
        if depth <= 0:
            self._horizon += 1
            return self.evaluate(p)
        horizon = self._horizon
        kids = self.kernel.children(p)
        if len(kids) > 1:
            kids.sort(key=lambda c: (c.pit == hint) * 4096 + c.extra * 1024 + c.gain, reverse=True)
        best = -INF
        best_pit = 0
        a = alpha
        search = self._search
        d1 = depth - 1
        for pit, gain, extra, st in kids:
            g = gain * SCALE
            if st is None:
                v = g
            elif extra:
                v = g + search(st, d1, a - g, beta - g)
            else:
                v = g - search(st, d1, g - beta, g - a)
            if v > best:
                best = v
                best_pit = pit
                if v > a:
                    a = v
                    if v >= beta:
                        break
        if self._horizon == horizon:  # every line below ended the set: exact at any depth
            depth = EXACT
        if entry is not None and entry[0] == depth:
            lo, hi = tt_bounds(best, alpha, beta, entry[1], entry[2])
        else:
            lo, hi = tt_bounds(best, alpha, beta, -INF, INF)
        table[p] = (depth, lo, hi, best_pit)
        return best


def quick_guess(kernel: Kernel, state: State, depth: int = 3) -> int:
    """A quick estimate (in whole stones) of a state's future gain: a shallow search, used as
    the solver's first guess.

    >>> from mangala_edu import Rules
    >>> k = Kernel(Rules.official())
    >>> isinstance(quick_guess(k, (4,) * 12), int)
    True
    """
    look = _QUICK.get(kernel.rules)
    if look is None:
        if len(_QUICK) > 8:
            _QUICK.clear()
        look = _QUICK[kernel.rules] = Lookahead(kernel.rules)
    look.table.clear()  # a fresh table: the guess depends on the state only
    look._budget = Budget()
    look._nodes = 0
    value = look._search(state, depth, -INF, INF)
    return round(value / SCALE)


_QUICK: dict[Rules, Lookahead] = {}
