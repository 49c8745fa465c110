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

from dataclasses import dataclass, field

from ..engine.position import Position
from ..engine.rules import Rules
from .budget import Budget, BudgetExceeded
from .evaluate import SCALE, Weights, make_evaluator
from .kernel import Child, Kernel, State

CHECK_EVERY = 1024
MAX_DEPTH = 64
INF = 10**9
EXACT = 1 << 20
"""The depth stored in the table for a value that saw every line to the end of the set: it
holds at any depth, and using it does not touch the horizon."""


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


class Lookahead:
    """Iterative-deepening alpha-beta for one set of rules (keeps its table between calls)."""

    def __init__(
        self, rules: Rules, weights: Weights | None = None, max_entries: int = 1_000_000
    ) -> None:
        self.rules = rules
        self.kernel = Kernel(rules)
        self.evaluate = make_evaluator(rules, weights)
        self.max_entries = max_entries
        # state -> (depth, lower, upper, best pit); values in 1/SCALE stones of future gain.
        self.table: dict[State, tuple[int, int, int, int]] = {}
        self._budget = Budget()
        self._nodes = 0
        self._horizon = 0

    def analyse(
        self,
        position: Position,
        *,
        time_limit: float | None = None,
        node_limit: int | None = None,
        max_depth: int = MAX_DEPTH,
        min_depth: int = 1,
        all_values: bool = False,
    ) -> LookaheadResult:
        """Search ``position`` deeper and deeper within the budget and return the values of
        every legal move from the last finished depth.

        ``min_depth`` iterations are always finished, whatever the budget (keep it small).
        With ``all_values`` every root move gets its own value; otherwise only the moves tied
        for best do, and the others get a value below the best (which is faster).
        """
        if position.rules != self.rules:
            raise ValueError("this search was made for other rules")
        state, base = self.kernel.from_position(position)
        if len(self.table) > self.max_entries:
            self.table.clear()
        budget = Budget(time_limit, node_limit)
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
                values, order = self._root(state, depth, order, all_values)
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
            values = {c.pit: self._leaf(c) for c in self.kernel.children(state)}
            order = sorted(values, key=lambda p: values[p], reverse=True)
        stones = {p: base + v / SCALE for p, v in values.items()}
        return LookaheadResult(stones, depth_done, budget.nodes, budget.seconds, exact, order)

    # Internals ----------------------------------------------------------------------------------
    def _leaf(self, c: Child) -> int:
        _pit, gain, extra, st = c
        if st is None:
            return gain * SCALE
        h = self.evaluate(st)
        return gain * SCALE + (h if extra else -h)

    def _root(
        self, state: State, depth: int, order: list[int], all_values: bool
    ) -> tuple[dict[int, int], list[int]]:
        """Exact values (within this depth) of the best moves, and upper bounds below the best
        value for the others: enough to find every move tied for best."""
        kids = self.kernel.children(state)
        if order:
            rank = {p: i for i, p in enumerate(order)}
            kids.sort(key=lambda c: rank.get(c.pit, 99))
        else:
            kids.sort(key=lambda c: c.extra * 1024 + c.gain, reverse=True)
        values: dict[int, int] = {}
        best = -INF
        search = self._search
        for c in kids:
            pit, gain, extra, st = c
            # Search with alpha one below the best so far, so a move tied for best is seen.
            a = best - 1 if best > -INF and not all_values else -INF
            if st is None:
                v = gain * SCALE
            elif extra:
                v = gain * SCALE + search(st, depth - 1, a - gain * SCALE, INF)
            else:
                v = gain * SCALE - search(st, depth - 1, -INF, gain * SCALE - a)
            values[pit] = v
            if v > best:
                best = v
        order = sorted(values, key=lambda p: values[p], reverse=True)
        return values, order

    def _search(self, p: State, depth: int, alpha: int, beta: int) -> int:
        self._nodes += 1
        if self._nodes >= CHECK_EVERY:
            self._budget.charge(self._nodes)
            self._nodes = 0
        table = self.table
        entry = table.get(p)
        hint = 0
        if entry is not None:
            d, lo, hi, hint = entry
            if d >= depth:
                # A stored value found with a horizon below it counts as seeing the horizon.
                if lo >= beta:
                    self._horizon += d != EXACT
                    return lo
                if hi <= alpha:
                    self._horizon += d != EXACT
                    return hi
                if lo == hi:
                    self._horizon += d != EXACT
                    return lo
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
            lo, hi = entry[1], entry[2]
        else:
            lo, hi = -INF, INF
        if best <= alpha:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
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
