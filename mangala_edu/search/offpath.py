"""Search for the games whose stores lie off the sowing path (Toguz Korgool, Mangala II, Mangala
IV): solver and lookahead.

The classic search (:mod:`.kernel`, :mod:`.solver`, :mod:`.lookahead`) works on mover-relative
states without stores, which fits the official rules and Kalah only. The games whose stores lie
beside the board need more:

* **Toguz Korgool** ends as soon as a store holds 82, so a position's future depends on the
  stores, and each player's tuzdik is part of the position: a state carries both.
* **Mangala II and IV** can come back to a position (stones going round with nothing to
  capture); a game then stops and each player takes the stones on their own side (RULINGS).
  Whether a line repeats depends on the positions before it, so the search carries the
  positions played since the last capture (stones never come back onto the board, so a
  position from before a capture can never recur) and treats a repeated one as the end.
* **Mangala IV** leaves the mover no choice (the leftmost occupied pit): its "search" plays the
  game out, which is exact.

A *state* is a tuple: the board as :attr:`Position.board <.position.Position.board>` gives it
(stores set to 0 where they cannot change the play, i.e. in every game but Toguz Korgool),
then the side to move (0 South, 1 North) and the two tuzdiks (board indices, ``-1`` for
none). Values are *future gains* from the side to move, as in :mod:`.kernel`: the stones the
mover will still gain on the opponent from here; a position's value is its store difference
plus its future gain.

:class:`OffPathSolver` is exact: MTD(f) over fail-soft alpha-beta, whose transposition table
is keyed by the state together with the positions since the last capture (so a value that
depends on which positions came before is never reused for another history). It is practical
for endgames with few stones on the board; beyond its budget it raises
:class:`~.budget.BudgetExceeded` with the bounds it had proven, and a line longer than
:data:`MAX_PLY` moves is beyond it too. :class:`OffPathLookahead` is the depth-limited search of
the computer players, with an evaluation per game (:func:`make_offpath_evaluator`).

>>> from mangala_edu import Position, Rules
>>> pos = Position.from_text("0,0,0,0,1,1,34/1,0,0,0,0,1,35 S", Rules.mangala_ii())
>>> sol = OffPathSolver(pos.rules).solve(pos)
>>> sol.value, sol.best_moves          # S6 makes N1 2 and takes it
(3, (6,))
>>> OffPathLookahead(pos.rules).analyse(pos, max_depth=12).best_moves
(6,)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..engine.offpath import sow
from ..engine.position import Position
from ..engine.rules import Rules
from ..games import game_of
from .budget import Budget, BudgetExceeded
from .driver import (
    EXACT,
    INF,
    DeepeningSearch,
    ExactSearch,
    RootMove,
    shared_search,
    tt_bounds,
    tt_entry,
    tt_window,
)
from .errors import SearchError, require_off_path
from .evaluate import SCALE
from .kernel import Child

__all__ = [
    "MAX_PLY",
    "OffPathKernel",
    "OffPathLookahead",
    "OffPathSolver",
    "OffPathWeights",
    "make_offpath_evaluator",
    "offpath_solver_for",
    "offpath_weights",
    "play_out",
]

State = tuple[int, ...]
History = frozenset[State]
Node = tuple[State, History]
"""What the exact solver searches: a state and the positions since the last capture."""

MAX_PLY = 400
"""The longest line the exact solver follows; a longer one is beyond it (like a budget)."""

CHECK_EVERY = 1024
_EMPTY: History = frozenset()


class OffPathKernel:
    """Move generation for the off-path games' rules, on states (see the module's docstring), built
    on the engine's own sowing (:func:`~mangala_edu.engine.offpath.sow`).

    >>> from mangala_edu import Position, Rules
    >>> kernel = OffPathKernel(Rules.toguz_korgool())
    >>> state = kernel.state(Position.start(Rules.toguz_korgool()))
    >>> len(state), kernel.stones(state)
    (23, 162)
    >>> kernel.children(state)[0][:3]         # pit 1: nothing taken, North to move
    (1, 0, False)
    """

    def __init__(self, rules: Rules) -> None:
        require_off_path(rules, type(self).__name__)  # the classic games: .kernel
        self.rules = rules
        g = rules.geometry
        self.size = g.size
        self.stores = g.stores
        self.rows = g.pit_ranges
        self.keep_stores = bool(rules.win_threshold)
        self.forced = rules.forced_leftmost

    def state(self, position: Position) -> State:
        """The state of a position still in play."""
        side = position._side
        if side is None:
            raise SearchError("search.over")
        b = list(position.board)
        if not self.keep_stores:
            s0, s1 = self.stores
            b[s0] = b[s1] = 0
        t0, t1 = position._tuzdik
        return (*b, side, t0, t1)

    def base(self, position: Position) -> int:
        """The store difference of ``position`` from the side to move."""
        side = position._side or 0
        s0, s1 = self.stores
        diff = position.board[s0] - position.board[s1]
        return diff if side == 0 else -diff

    def stones(self, state: State) -> int:
        """Stones in the pits of ``state``."""
        a, b = self.rows
        return sum(state[a.start : a.stop]) + sum(state[b.start : b.stop])

    def side(self, state: State) -> int:
        return state[self.size]

    def share_out(self, state: State) -> int:
        """The future gain when the game stops here with each side's stones going to the
        player on whose side they lie (a repeated position), from the side to move."""
        side = state[self.size]
        mine, theirs = self.rows[side], self.rows[1 - side]
        return sum(state[mine.start : mine.stop]) - sum(state[theirs.start : theirs.stop])

    def children(self, state: State) -> list[Child]:
        """Every legal move of ``state``: ``(pit, gain, extra, state)``, where ``extra`` means
        the same side moves next (the opponent passed) and ``state`` is ``None`` once the game
        is over."""
        size = self.size
        board = state[:size]
        side = state[size]
        t0, t1 = state[size + 1], state[size + 2]
        own, opp = self.stores[side], self.stores[1 - side]
        rules = self.rules
        keep = self.keep_stores
        out: list[Child] = []
        for number, i in enumerate(self.rows[side], start=1):
            if not board[i]:
                continue
            b = list(board)
            tuz = [t0, t1]
            nxt = sow(b, side, i, rules, tuz, None)
            gain = (b[own] - board[own]) - (b[opp] - board[opp])
            if nxt is None:
                out.append(Child(number, gain, False, None))
            else:
                if not keep:
                    b[own] = b[opp] = 0
                out.append(Child(number, gain, nxt == side, (*b, nxt, tuz[0], tuz[1])))
            if self.forced:
                break
        return out


def _layer_history(
    kernel: OffPathKernel, position: Position, history: Iterable[Position]
) -> History:
    """The states of the earlier positions of the game that ``position`` could still repeat:
    those with as many stones on the board (stones never come back, so none from before a
    capture can recur)."""
    stones = position.stones_on_board
    return frozenset(
        kernel.state(p)
        for p in history
        if not p.is_over and p.stones_on_board == stones and p.rules == position.rules
    )


def play_out(
    position: Position, history: Iterable[Position] = (), budget: Budget | None = None
) -> tuple[int, int]:
    """Mangala IV: play the forced moves to the end (a repeated position stops the game, as in
    :class:`~mangala_edu.engine.game.Game`); returns the final store difference from the side
    to move of ``position`` and the moves played.

    >>> from mangala_edu import Position, Rules
    >>> play_out(Position.start(Rules.mangala_iv()))
    (-4, 26)
    """
    mover = position.mover
    seen = {p for p in history if not p.is_over}
    seen.add(position)
    pos = position
    plies = 0
    while not pos.is_over:
        after = pos.play(pos.legal_moves[0])
        if not after.is_over and after in seen:
            after = after.end_by_repetition()
        seen.add(after)
        pos = after
        plies += 1
        if budget is not None and plies % 64 == 0:
            budget.charge(64)
    result = pos.result
    assert result is not None
    return result.margin(mover), plies


class OffPathSolver(ExactSearch[Node]):
    """The exact solver for the games whose stores lie off the path; keeps its table between
    calls.

    Like :class:`~.solver.Solver` (the same driver, :class:`~.driver.ExactSearch`):
    :meth:`solve` gives the value (the final store difference from the mover's side under
    perfect play) and every best move, :meth:`value_of_moves` the value after each move. Both
    take the game's earlier positions (``history``) so that a repeated position ends a line as
    it ends the game. Its nodes are a state with the positions since the last capture.

    >>> from mangala_edu import Position, Rules
    >>> pos = Position.from_text("0,0,0,0,0,0,0,0,2,80/1,0,0,0,0,0,0,0,0,79 S",
    ...                          Rules.toguz_korgool())
    >>> OffPathSolver(pos.rules).value_of_moves(pos)     # N1 made 2: 82 in South's store
    {9: 3}
    """

    check_every = CHECK_EVERY

    def __init__(self, rules: Rules, max_entries: int = 2_000_000) -> None:
        require_off_path(rules, type(self).__name__)  # the classic games: .solver
        super().__init__(rules, max_entries)
        self.kernel = OffPathKernel(rules)

    # Hooks of the driver ------------------------------------------------------------------------
    def _root(self, position: Position, history: tuple[Position, ...]) -> tuple[Node, int]:
        if position.rules != self.rules:
            raise SearchError("search.other_rules", made=self.rules.name, given=position.rules.name)
        if position.is_over:
            raise SearchError("search.over")
        k = self.kernel
        return (k.state(position), _layer_history(k, position, history)), k.base(position)

    def _play_out(
        self, position: Position, history: tuple[Position, ...]
    ) -> tuple[int, int] | None:
        if not self.rules.forced_leftmost:
            return None
        value, plies = play_out(position, history, self._budget)
        self._budget.nodes = plies
        return value, plies

    def _stones(self, node: Node) -> int:
        return self.kernel.stones(node[0])

    def _key(self, node: Node) -> object:
        state, hist = node
        return (state, hist) if hist else state

    def _alphabeta(self, node: Node, alpha: int, beta: int, stones: int) -> int:
        return self._search(node[0], alpha, beta, stones, node[1], 0)

    # Internals ----------------------------------------------------------------------------------
    def _child_history(
        self, state: State, hist: History, stones: int, child: State, child_stones: int
    ) -> History | None:
        """The history of ``child`` (a move from ``state``), or ``None`` when ``child`` repeats
        a position of it (the game stops there)."""
        if child_stones < stones:
            return _EMPTY  # a capture: nothing before it can come back
        mine = hist | {state}
        return None if child in mine else mine

    def _root_moves(self, node: Node, value: int, *, only_best: bool) -> list[RootMove]:
        state, hist = node
        k = self.kernel
        stones = k.stones(state)
        out: list[RootMove] = []
        for c in k.children(state):
            if c.state is None:
                out.append(RootMove(c.pit, c.gain))
                continue
            child_stones = k.stones(c.state)
            chist = self._child_history(state, hist, stones, c.state, child_stones)
            sign = 1 if c.extra else -1
            if chist is None:
                out.append(RootMove(c.pit, c.gain + sign * k.share_out(c.state)))
            elif only_best:
                target = (value - c.gain) * sign
                if c.extra:
                    ok = self._search(c.state, target - 1, target, child_stones, chist, 1) >= target
                else:
                    ok = self._search(c.state, target, target + 1, child_stones, chist, 1) <= target
                out.append(RootMove(c.pit, value if ok else value - 1))
            else:
                g = self._mtdf((c.state, chist), sign * (value - c.gain))
                out.append(RootMove(c.pit, c.gain + sign * g))
        return out

    def _search(self, p: State, alpha: int, beta: int, stones: int, hist: History, ply: int) -> int:
        """Fail-soft alpha-beta on the future gain of ``p`` with ``stones`` in the pits, after
        the positions ``hist`` (since the last capture)."""
        self._nodes += 1
        if self._nodes >= CHECK_EVERY:
            self._tick()
        if ply > MAX_PLY:
            raise BudgetExceeded(self._budget.nodes + self._nodes, self._budget.seconds)
        if stones <= alpha:
            return stones
        if -stones >= beta:
            return -stones
        key: object = (p, hist) if hist else p
        table = self.table
        entry = table.get(key)
        if entry is None:
            lo, hi, hint = -stones, stones, 0
        else:
            lo, hi, hint = entry
            alpha, beta, cut = tt_window(lo, hi, alpha, beta)
            if cut:
                return alpha
        k = self.kernel
        kids = k.children(p)
        if len(kids) > 1:
            kids.sort(key=lambda c: (c.pit == hint) * 4096 + c.gain, reverse=True)
        best = -stones - 1
        best_pit = 0
        a = alpha
        mine: History | None = None
        for pit, gain, extra, st in kids:
            if st is None:
                v = gain
            else:
                left = k.stones(st)
                if left < stones:
                    chist = _EMPTY
                else:
                    if mine is None:
                        mine = hist | {p}
                    chist = mine
                if left == stones and st in chist:  # the position repeats: the game stops
                    share = k.share_out(st)
                    v = gain + share if extra else gain - share
                elif gain + left <= a:  # even winning every stone cannot help
                    v = gain + left
                elif extra:
                    v = gain + self._search(st, a - gain, beta - gain, left, chist, ply + 1)
                else:
                    v = gain - self._search(st, gain - beta, gain - a, left, chist, ply + 1)
            if v > best:
                best = v
                best_pit = pit
                if v > a:
                    a = v
                    if v >= beta:
                        break
        table[key] = tt_entry(best, alpha, beta, lo, hi, hint, best_pit)
        return best


def offpath_solver_for(rules: Rules) -> OffPathSolver:
    """A shared :class:`OffPathSolver` for ``rules`` (its table is reused between calls)."""
    return shared_search(OffPathSolver, rules)


# -- Evaluation ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class OffPathWeights:
    """The evaluation's weights for the off-path games, in 1/SCALE stones.

    ``material``: per stone in the mover's row minus the opponent's; ``tuzdik``: for having a
    tuzdik (minus for the opponent's).
    """

    material: int
    tuzdik: int


def offpath_weights(rules: Rules) -> OffPathWeights:
    """The weights of :func:`make_offpath_evaluator` for ``rules``, set by short self-play
    series (two searches 3 moves deep, seeded random openings, each played from both sides;
    figures in ``docs/family-rules.md``): in Toguz Korgool a tuzdik is worth about 8 stones (it
    collects stones for the rest of the game) and a stone at home 1/8; in Mangala II a stone
    at home is worth half a stone.

    >>> offpath_weights(Rules.toguz_korgool()), offpath_weights(Rules.mangala_ii())
    (OffPathWeights(material=1, tuzdik=64), OffPathWeights(material=4, tuzdik=0))
    """
    game = game_of(rules, nearest=True)
    weights = game.search.weights if game is not None else None
    if weights is None:
        raise SearchError.off_path_only(rules, "OffPathWeights")
    return OffPathWeights(material=weights["material"], tuzdik=weights["tuzdik"])


def make_offpath_evaluator(
    rules: Rules, weights: OffPathWeights | None = None
) -> Callable[[State], int]:
    """A state's estimated future gain for the side to move, in 1/SCALE stones.

    >>> evaluate = make_offpath_evaluator(Rules.toguz_korgool())
    >>> kernel = OffPathKernel(Rules.toguz_korgool())
    >>> evaluate(kernel.state(Position.start(Rules.toguz_korgool())))
    0
    """
    w = weights or offpath_weights(rules)
    g = rules.geometry
    size = g.size
    rows = g.pit_ranges
    material, tuzdik = w.material, w.tuzdik

    def evaluate(p: State) -> int:
        side = p[size]
        mine, theirs = rows[side], rows[1 - side]
        v = material * (sum(p[mine.start : mine.stop]) - sum(p[theirs.start : theirs.stop]))
        if tuzdik:
            v += tuzdik * ((p[size + 1 + side] >= 0) - (p[size + 2 - side] >= 0))
        return v

    return evaluate


# -- Lookahead ----------------------------------------------------------------------------------


class OffPathLookahead(DeepeningSearch[State]):
    """Iterative-deepening alpha-beta for the off-path games: the computer players' search.

    Like :class:`~.lookahead.Lookahead` (the same driver, :class:`~.driver.DeepeningSearch`), with
    the history of the game taken into account: a line that repeats a position ends there
    (each side keeps its own stones). A table keeps the best move of every state for move
    ordering and the values that no repetition touched; ``exact`` is claimed only when the last
    iteration saw every line to its end without borrowing a stored value.
    """

    def __init__(
        self, rules: Rules, weights: OffPathWeights | None = None, max_entries: int = 500_000
    ) -> None:
        require_off_path(rules, type(self).__name__)  # the classic games: .lookahead
        self.kernel = OffPathKernel(rules)
        super().__init__(rules, make_offpath_evaluator(rules, weights), max_entries)
        self._repeats = 0

    exact_sees_no_horizon = False
    """A stored value that saw every line to the end may still have met a repetition of
    another history: it counts as seeing the horizon (``exact`` is not claimed on it)."""

    # Hooks of the driver ------------------------------------------------------------------------
    def _root(
        self, position: Position, history: tuple[Position, ...]
    ) -> tuple[State, int, History]:
        if position.rules != self.rules:
            raise SearchError("search.other_rules", made=self.rules.name, given=position.rules.name)
        k = self.kernel
        return k.state(position), k.base(position), _layer_history(k, position, history)

    def _play_out(
        self, position: Position, history: tuple[Position, ...]
    ) -> tuple[int, int] | None:
        if not self.rules.forced_leftmost:  # Mangala IV: no choice, play it out
            return None
        return play_out(position, history)

    def _children(self, state: State) -> list[Child]:
        return self.kernel.children(state)

    def _descend(self, state: State, ctx: History, child: Child, depth: int, alpha: int) -> int:
        _pit, gain, extra, st = child
        g = gain * SCALE
        if st is None:
            return g
        fixed, chist = self._child(state, ctx, self.kernel.stones(state), child)
        if fixed is not None:
            return fixed
        if extra:
            return g + self._search(st, chist, depth, alpha - g, INF)
        return g - self._search(st, chist, depth, -INF, g - alpha)

    # Internals ----------------------------------------------------------------------------------
    def _child(
        self, state: State, hist: History, stones: int, c: Child
    ) -> tuple[int | None, History]:
        """For a child with a state: its fixed value (in 1/SCALE stones, from the mover) when
        it repeats a position of the line, else ``None``; and its history."""
        st = c.state
        assert st is not None
        left = self.kernel.stones(st)
        if left < stones:
            return None, _EMPTY
        mine = hist | {state}
        if st in mine:
            self._repeats += 1
            share = self.kernel.share_out(st)
            return (c.gain + share if c.extra else c.gain - share) * SCALE, mine
        return None, mine

    def _search(self, p: State, hist: History, depth: int, alpha: int, beta: int) -> int:
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
        horizon, repeats = self._horizon, self._repeats
        kids = self.kernel.children(p)
        if len(kids) > 1:
            kids.sort(key=lambda c: (c.pit == hint) * 4096 + c.gain, reverse=True)
        stones = self.kernel.stones(p)
        best = -INF
        best_pit = 0
        a = alpha
        d1 = depth - 1
        for c in kids:
            pit, gain, extra, st = c
            g = gain * SCALE
            if st is None:
                v = g
            else:
                fixed, chist = self._child(p, hist, stones, c)
                if fixed is not None:
                    v = fixed
                elif extra:
                    v = g + self._search(st, chist, d1, a - g, beta - g)
                else:
                    v = g - self._search(st, chist, d1, g - beta, g - a)
            if v > best:
                best = v
                best_pit = pit
                if v > a:
                    a = v
                    if v >= beta:
                        break
        if self._repeats != repeats:
            # A repetition below: the value depends on the line; keep only the best move.
            table[p] = (-1, -INF, INF, best_pit)
            return best
        stored = EXACT if self._horizon == horizon else depth
        if entry is not None and entry[0] == stored:
            lo, hi = tt_bounds(best, alpha, beta, entry[1], entry[2])
        else:
            lo, hi = tt_bounds(best, alpha, beta, -INF, INF)
        table[p] = (stored, lo, hi, best_pit)
        return best
