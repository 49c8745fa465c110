"""The compiled search kernel: the exact solver's search in machine code (numba), optional.

Install it with ``pip install "mangala_edu[fast]"``. Without numba everything still works in
pure Python; with it, :func:`~mangala_edu.search.solve`, :func:`~mangala_edu.search.value_of_moves`,
the unseeded computer players and the game analysis search several times as many positions a
second (20–60 times per CPU second in ``bench/RESULTS.md``), need fewer of them, and use the
endgame tables of :mod:`.tables` when they have been built (``mangala-edu tables build``). The
values and the sets of best moves are the same either way; only the node counts differ.

Searches with a *node* budget (seeded players, seeded hints and reviews) stay on the pure-Python
search, so that a seed gives the same moves on every machine, with or without numba.

>>> from mangala_edu import Position, Rules
>>> from mangala_edu.search.compiled import available, make_solver, supports
>>> supports(Rules.official()), supports(Rules.kalah(9, 9))
(True, False)
>>> pos = Position.from_text("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S")
>>> sol = make_solver(pos.rules, engine="auto").solve(pos)
>>> sol.value, sol.best_moves
(-2, (6,))

``MANGALA_EDU_ENGINE=pure`` in the environment turns the kernel off everywhere.
"""

from __future__ import annotations

import heapq
import importlib.util
import os
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from ..engine.position import Position
from ..engine.rules import END_SWEEP, Rules
from .budget import Budget, BudgetExceeded
from .errors import SearchError
from .kernel import Child, State
from .solver import Solution, Solver

if TYPE_CHECKING:
    import numpy as np

    from .tables import EndgameTable

__all__ = ["CompiledSolver", "available", "engine_name", "make_solver", "supports"]

MAX_PITS = 8
"""The kernel handles boards of up to 8 pits a side (the best pit fits in 4 bits)."""


def capacity(pits: int) -> int:
    """The most stones on the board the kernel can search on a board of ``pits`` pits a side:
    states are numbered in 64 bits (``C(n + 2m, 2m)`` of them up to ``n`` stones), values
    in 11 bits. A position with more stones is solved in pure Python.

    >>> capacity(6), capacity(8)
    (147, 81)
    """
    from math import comb

    p = 2 * pits
    n = 0
    while n < 1000 and comb(n + 1 + p + 1, p + 1) < 2**62:
        n += 1
    return n


DEFAULT_TT_BITS = 21
"""The transposition table holds up to ``2 ** DEFAULT_TT_BITS`` buckets of two entries (16
bytes each): 64 MB, plenty for the few million positions of a move's search (``solve start``
uses 2 GB)."""
LONG_SEARCH_TT_BITS = 26
"""The table for the longest searches, every first move of the start (``solve start``, the
opening lesson's data): ``2 ** 26`` buckets, 2 GB. On the start's fifth move it searched a
quarter fewer positions than with 512 MB, at the same speed."""
LONG_SEARCH_STONES = 36
"""``solve start`` and ``solve --all-moves`` take the table of :data:`LONG_SEARCH_TT_BITS`
for positions with more stones than this (beyond the middle game that the expert solves)."""
START_TT_BITS = 18
"""The transposition table starts with ``2 ** START_TT_BITS`` buckets (8 MB, within the
processor's cache: a short search is several times as fast as in a large table, whose every
first touch misses the cache) and grows eightfold, in place, whenever the search has visited
:data:`GROW_AFTER` times as many positions as the table holds, up to the size asked for
(within a zero-window probe too: the probe stops, and runs again in the larger table)."""
GROW_AFTER = 4
BRACKET = 8
""":meth:`CompiledSolver.parallel_values` probes a move from the outside in: its first two
zero-window probes lie this far above and below the guess, and each probe that lands outside
the bracket widens it by as much."""
SCOUT_NODES = 20_000_000
""":meth:`CompiledSolver.parallel_values` first searches each move within this many positions
(about ten seconds): the cheap probes away from its value bound every move early."""
ETC_ABOVE = 8
"""Enhanced transposition cutoffs (look up every child in the transposition table before
searching any) in states with at least this many stones more than the endgame table holds:
near the leaves the lookups cost more than they save. Measured on the start's second move with
the 24-stone table: 33.8 M positions without, 11.6 M with."""

_NB: Any = None
_NB_ERROR: str | None = None


def _nb() -> Any:
    """The numba module of the kernel, imported on first use (``None`` when unavailable)."""
    global _NB, _NB_ERROR
    if _NB is None and _NB_ERROR is None:
        try:
            from . import _nb as module
        except ImportError as exc:  # numba (or numpy) missing
            _NB_ERROR = str(exc)
        else:
            _NB = module
    return _NB


def available() -> bool:
    """True when the compiled kernel can be used (numba installed, not turned off with
    ``MANGALA_EDU_ENGINE=pure``). Only looks numba up: importing it (and loading the
    kernel's machine code, a second or two) waits for the first search that needs it."""
    if os.environ.get("MANGALA_EDU_ENGINE", "").strip().lower() == "pure":
        return False
    if _NB is not None:
        return True
    if _NB_ERROR is not None:
        return False
    try:
        return importlib.util.find_spec("numba") is not None
    except (ImportError, ValueError):  # a broken or blocked installation
        return False


def loaded() -> bool:
    """True once the kernel has been imported in this process (its start-up paid)."""
    return _NB is not None


_COMPILED_BACKEND = "mangala_edu.search.backends:CompiledBackend"
"""The kernel's backend as the registry names it (``SearchInfo.backends``)."""


def supports(rules: Rules) -> bool:
    """True when the kernel can play ``rules``: the Mangala and Kalah rules (stores on the
    sowing path; first stone back or not, even capture or not, empty-pit capture or not, sweep
    or own side) on boards of up to :data:`MAX_PITS` pits a side (and as many stones as
    :func:`capacity` allows): the games whose registry entry (:mod:`mangala_edu.games`, as the
    nearest game for unregistered rules) lists the compiled backend. The games with stores
    beside the board are not among them.

    >>> supports(Rules.mangala_ii()), supports(Rules.toguz_korgool())
    (False, False)
    """
    from ..games import game_of

    game = game_of(rules, nearest=True) if type(rules) is Rules else None
    return (
        game is not None
        and _COMPILED_BACKEND in game.search.backends
        and rules.stores_on_path
        and 1 <= rules.pits <= MAX_PITS
        and rules.total_stones <= capacity(rules.pits)
    )


SMALL_STONES = 16
"""Positions with at most this many stones on the board are solved in pure Python by
:func:`make_solver` given ``stones``, unless the kernel is loaded already: the pure search
answers them in well under a second, quicker than the kernel's start-up (about two seconds)."""


def engine_name(rules: Rules, engine: str = "auto") -> str:
    """``"compiled"`` or ``"pure"``: what :func:`make_solver` would use for ``rules``.

    >>> engine_name(Rules.official(), "pure")
    'pure'
    """
    if engine not in ("auto", "pure", "compiled"):
        raise SearchError("search.unknown_engine", value=engine, allowed="auto, pure, compiled")
    if engine == "pure":
        return "pure"
    ok = available() and supports(rules)
    if engine == "compiled" and not ok:
        reason = _NB_ERROR or (
            f"the rules {rules.name}" if available() else "numba is not installed"
        )
        raise SearchError("search.no_kernel", reason=reason)
    return "compiled" if ok else "pure"


GUESS_DEPTH = 3
"""The depth of the shallow search that gives MTD(f) its first guess (as
:func:`.lookahead.quick_guess`)."""
_SHARED: dict[tuple[Rules, str], Solver] = {}
_SHARED_LOCK = threading.Lock()


def make_solver(
    rules: Rules,
    engine: str = "auto",
    *,
    shared: bool = False,
    tables: bool = True,
    tt_bits: int = DEFAULT_TT_BITS,
    stones: int | None = None,
) -> Solver:
    """A solver for ``rules``: compiled when ``engine`` is ``"compiled"``, or ``"auto"`` and the
    kernel is available and supports the rules; pure Python otherwise. ``shared``: one solver
    per rules for the whole process (its transposition table is reused). ``tables``: use the
    endgame table built for these rules, if any. ``tt_bits``: see :class:`CompiledSolver`.
    ``stones``: the stones on the board of the position to solve; with ``"auto"``, a small
    position (at most :data:`SMALL_STONES`) gets the pure solver while the kernel is not loaded
    yet (same answers, without the kernel's start-up)."""
    kind = engine_name(rules, engine)
    small = stones is not None and stones <= SMALL_STONES and not loaded()
    # (_nb() is None: numba is there but cannot be imported: pure Python too.)
    if kind == "compiled" and engine == "auto" and (small or _nb() is None):
        kind = "pure"
    if kind == "pure" and shared:
        from .solver import solver_for

        return solver_for(rules)
    if not shared:
        if kind == "compiled":
            return CompiledSolver(rules, tables=tables, tt_bits=tt_bits)
        return Solver(rules)
    with _SHARED_LOCK:
        solver = _SHARED.get((rules, kind))
        if solver is None:
            if len(_SHARED) > 8:
                _SHARED.clear()
            solver = CompiledSolver(rules, tables=tables) if kind == "compiled" else Solver(rules)
            _SHARED[(rules, kind)] = solver
        return solver


def rule_params(rules: Rules, table_stones: int, tt_mask: int) -> np.ndarray:
    """The kernel's ``prm`` array for ``rules`` (see :mod:`._nb`)."""
    import numpy as np

    from .evaluate import default_weights

    w = default_weights(rules)
    return np.array(
        [
            rules.pits,
            int(rules.first_stone_back),
            int(rules.even_capture),
            int(rules.empty_capture),
            int(rules.end_rule == END_SWEEP),
            table_stones,
            tt_mask,
            w.material,
            w.extra,
            table_stones + ETC_ABOVE if table_stones >= 0 else 1 << 20,
        ],
        dtype=np.int64,
    )


class Watchdog:
    """One daemon thread that sets the stop flags of searches whose time is up: starting and
    cancelling a deadline costs microseconds (a :class:`threading.Timer` would start a thread
    for every search, which costs more than a small search itself).

    >>> import numpy as np, time
    >>> dog, flags = Watchdog(), np.zeros(1, dtype=np.int64)
    >>> handle = dog.set(0.01, flags)
    >>> time.sleep(0.2); int(flags[0])
    1
    >>> dog.cancel(dog.set(0.01, flags := np.zeros(1, dtype=np.int64))); time.sleep(0.1)
    >>> int(flags[0])
    0
    """

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._heap: list[tuple[float, int]] = []
        self._live: dict[int, np.ndarray] = {}
        self._next = 0
        self._wake = float("inf")
        self._thread: threading.Thread | None = None

    def set(self, seconds: float, flags: np.ndarray) -> int:
        """Set ``flags[0]`` to 1 in ``seconds`` unless :meth:`cancel` is called with the
        handle returned."""
        when = time.monotonic() + seconds
        with self._cond:
            handle = self._next
            self._next += 1
            self._live[handle] = flags
            heapq.heappush(self._heap, (when, handle))
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="mangala-watchdog", daemon=True
                )
                self._thread.start()
            elif when < self._wake:
                self._cond.notify()
        return handle

    def cancel(self, handle: int) -> None:
        """Forget a deadline (its flags are left alone)."""
        with self._cond:
            self._live.pop(handle, None)

    def _run(self) -> None:
        heap = self._heap
        with self._cond:
            while True:
                now = time.monotonic()
                while heap and (heap[0][0] <= now or heap[0][1] not in self._live):
                    _when, handle = heapq.heappop(heap)
                    flags = self._live.pop(handle, None)
                    if flags is not None:
                        flags[0] = 1
                self._wake = heap[0][0] if heap else float("inf")
                self._cond.wait(self._wake - now if heap else None)


WATCHDOG = Watchdog()
"""The watchdog of every compiled search's time limit."""


class _Worker:
    """One thread's search stacks and counters."""

    def __init__(self, pits: int) -> None:
        import numpy as np

        nb = _nb()
        p = 2 * pits
        self.st = np.zeros((nb.MAX_PLY + 1, p), dtype=np.int64)
        self.meta = np.zeros((nb.MAX_PLY, nb.ROW * pits), dtype=np.int64)
        self.ctl = np.zeros(5, dtype=np.int64)
        # mtdf's bounds and resumed guess (3), best_moves's flag of each pit (pits).
        self.out = np.zeros(max(3, pits), dtype=np.int64)


class CompiledSolver(Solver):
    """The exact solver of :class:`~mangala_edu.search.solver.Solver` with its search in
    compiled code: same answers (value, best moves, values of moves, proven bounds when the
    budget runs out), other node counts. Thread-safe: threads share the transposition table.

    Args:
        rules: the rules (:func:`supports` must hold).
        tt_bits: the transposition table has ``2 ** tt_bits`` buckets of two 16-byte entries.
        tables: use the endgame table of these rules from the cache folder (see
            :mod:`.tables`), if one has been built; or pass a loaded
            :class:`~mangala_edu.search.tables.EndgameTable`.
    """

    engine = "compiled"

    def __init__(
        self, rules: Rules, tt_bits: int = DEFAULT_TT_BITS, tables: bool | Any = True
    ) -> None:
        import numpy as np

        if not supports(rules):
            if not rules.stores_on_path:
                raise SearchError.classic_only(rules, type(self).__name__)
            raise SearchError("search.no_kernel", reason=f"the rules {rules.name}")
        nb = _nb()
        if nb is None:
            raise SearchError("search.no_kernel", reason=_NB_ERROR or "numba is not installed")
        super().__init__(rules)
        self.tt_bits = tt_bits
        self._np = np
        self._nb = nb
        table: EndgameTable | None = None
        if tables is True:
            from .tables import table_for

            table = table_for(rules)
        elif tables is not False and tables is not None:
            table = tables
        self.endgame = table
        self.table_stones = table.stones if table is not None else -1
        data = table.data if table is not None else np.zeros(1, dtype=np.int8)
        self._table = data
        self.capacity = capacity(rules.pits)
        self._binom = nb.binomials(self.capacity + 2 * rules.pits + 2, 2 * rules.pits + 1)
        self._pure: Solver | None = None
        # Written once here so that the memory is really there: a fresh table's first touches
        # (page faults) would otherwise slow the first search down, unpredictably.
        # Only the part in use is written (zeroed) now, the rest when the table grows: the
        # memory of a large table is taken only when a search needs it.
        self._tt = np.empty(4 << tt_bits, dtype=np.int64)
        self._tt[: 4 << min(tt_bits, START_TT_BITS)] = 0
        self._hist = np.zeros((rules.pits, 64), dtype=np.int64)
        self._tt_bits = min(tt_bits, START_TT_BITS)
        self._grow_nodes = 0
        self._prm = rule_params(rules, self.table_stones, (1 << self._tt_bits) - 1)
        self._local = threading.local()
        self._lock = threading.Lock()
        self._stop = np.zeros(1, dtype=np.int64)
        self._timer: int | None = None
        self._workers: list[_Worker] = []
        # The bounds on each move's value proven so far by the running (or last)
        # parallel_values, by pit (for progress reports).
        self.move_bounds: dict[int, tuple[int, int]] = {}
        self._warm_up()

    def _warm_up(self) -> None:
        """Load the compiled code now (a few seconds on first use, from numba's cache), so
        that the first timed search does not spend its budget on it."""
        m = self.rules.pits
        state = (1,) + (0,) * (m - 1) + (1,) + (0,) * (m - 1)
        arr = self._np.array(state, dtype=self._np.int64)
        self._nb.lookup(arr, self._tt, self._binom, self._prm)
        self._rank(arr)
        self._probe(state, -2, 2, self._np.zeros(1, dtype=self._np.int64), None)
        self._start(None, None)
        self._root_values(state, self._mtdf(state, self._guess(state)), only_best=True)
        self._finish()
        self._nb.grow(self._tt, 0, 0)
        with self._lock:
            self._nodes_total = 0

    def __repr__(self) -> str:
        table = f", table <= {self.table_stones} stones" if self.endgame is not None else ""
        return f"CompiledSolver({self.rules!r}{table})"

    # Public -------------------------------------------------------------------------------------
    def solve(
        self,
        position: Position,
        *,
        history: Iterable[Position] = (),
        time_limit: float | None = None,
        node_limit: int | None = None,
    ) -> Solution:
        if position.stones_on_board > self.capacity:
            return self._fallback().solve(position, time_limit=time_limit, node_limit=node_limit)
        try:
            return super().solve(position, time_limit=time_limit, node_limit=node_limit)
        finally:
            self._cancel()

    def value_of_moves(
        self,
        position: Position,
        *,
        history: Iterable[Position] = (),
        time_limit: float | None = None,
        node_limit: int | None = None,
    ) -> dict[int, int]:
        if position.stones_on_board > self.capacity:
            return self._fallback().value_of_moves(
                position, time_limit=time_limit, node_limit=node_limit
            )
        try:
            return super().value_of_moves(position, time_limit=time_limit, node_limit=node_limit)
        finally:
            self._cancel()

    def gain(
        self, state: State, *, time_limit: float | None = None, node_limit: int | None = None
    ) -> int:
        if sum(state) > self.capacity:
            return self._fallback().gain(state, time_limit=time_limit, node_limit=node_limit)
        try:
            return super().gain(state, time_limit=time_limit, node_limit=node_limit)
        finally:
            self._cancel()

    def _fallback(self) -> Solver:
        """The pure-Python solver for positions beyond :attr:`capacity`."""
        if self._pure is None:
            self._pure = Solver(self.rules)
        return self._pure

    def parallel_values(
        self,
        position: Position,
        *,
        jobs: int | None = None,
        time_limit: float | None = None,
        progress: Callable[[int, int, int], None] | None = None,
    ) -> dict[int, int]:
        """Each legal move's exact value, over ``jobs`` threads (default: every core) that
        share one transposition table. First every move is searched within
        :data:`SCOUT_NODES` positions (bounds on every move early: a long search stopped
        later still says something about each move); then each thread takes the next
        unsolved move (the most stones first), and a thread with no move left helps with one
        still running (both search it, the first to finish stops the other: "lazy SMP").
        ``progress(pit, value, done)`` is called as each move is solved. Raises
        :class:`BudgetExceeded` when ``time_limit`` runs out or :meth:`cancel` is called; its
        ``lower``/``upper`` then bound the position's value (from each move's proven bounds),
        and its ``values`` attribute holds the moves solved so far."""
        if position.stones_on_board > self.capacity:
            return self._fallback().value_of_moves(position, time_limit=time_limit)
        state, base = self._state(position)
        kids = self.kernel.children(state)
        jobs = jobs or os.cpu_count() or 1
        np = self._np
        # flags[0]: stop everything; flags[1 + j]: move j is solved (helpers stop).
        flags = np.zeros(1 + len(kids), dtype=np.int64)
        if self._cancelled:
            flags[0] = 1
        self._flags = flags
        budget = Budget(time_limit)
        timer = None
        if time_limit is not None:
            timer = WATCHDOG.set(time_limit, flags)
        # The longest searches (most stones left) first.
        order = sorted(
            range(len(kids)), key=lambda j: (kids[j].state is None, -sum(kids[j].state or ()))
        )
        values: dict[int, int] = {}
        bounds: dict[int, tuple[int, int]] = {}
        self.move_bounds = bounds
        scouting = list(order)
        pending = list(order)
        running: list[int] = []
        helpers: dict[int, int] = {}
        lock = threading.Lock()

        def record(j: int, lo: int, hi: int) -> None:
            c = kids[j]
            if c.extra:
                new = (base + c.gain + lo, base + c.gain + hi)
            else:
                new = (base + c.gain - hi, base + c.gain - lo)
            with lock:
                old = bounds.get(c.pit, new)  # two threads may search one move
                bounds[c.pit] = (max(old[0], new[0]), min(old[1], new[1]))

        def worker() -> None:
            while not flags[0]:
                limit = None
                with lock:
                    if scouting:
                        j = scouting.pop(0)
                        limit = SCOUT_NODES
                        shift = 0
                    elif pending:
                        j = pending.pop(0)
                        if flags[1 + j]:
                            continue  # solved while scouting
                        running.append(j)
                        shift = 0
                    else:
                        live = [k for k in running if not flags[1 + k]]
                        if not live:
                            return
                        j = min(live, key=lambda k: helpers.get(k, 0))
                        helpers[j] = helpers.get(j, 0) + 1
                        shift = 2 * helpers[j]  # another first guess: other probes
                c = kids[j]
                if c.state is None:
                    v = c.gain
                else:
                    try:
                        g = self._exact(c.state, flags, 1 + j, shift, partial(record, j), limit)
                    except BudgetExceeded:
                        continue  # stopped, solved by another thread, or scouted
                    v = c.gain + (g if c.extra else -g)
                with lock:
                    if c.pit in values:
                        continue
                    values[c.pit] = base + v
                    bounds[c.pit] = (base + v, base + v)
                    flags[1 + j] = 1
                    if progress is not None:
                        progress(c.pit, base + v, len(values))

        try:
            threads = [
                threading.Thread(target=worker, daemon=True) for _ in range(max(1, min(jobs, 8)))
            ]
            for th in threads:
                th.start()
            for th in threads:
                th.join()
        finally:
            if timer is not None:
                WATCHDOG.cancel(timer)
        if len(values) < len(kids):
            stones = sum(state)
            lows = [bounds.get(c.pit, (base - stones, base + stones))[0] for c in kids]
            highs = [bounds.get(c.pit, (base - stones, base + stones))[1] for c in kids]
            exc = BudgetExceeded(self.nodes_total, budget.seconds, max(lows), max(highs))
            exc.values = dict(values)
            exc.bounds = dict(bounds)
            raise exc
        return {p: values[p] for p in sorted(values)}

    @property
    def nodes_total(self) -> int:
        """Nodes searched by this solver so far, in every thread (also while searching)."""
        with self._lock:
            return self._nodes_total + sum(int(w.ctl[0]) for w in self._workers)

    # Internals ----------------------------------------------------------------------------------
    _nodes_total = 0

    def _exact(
        self,
        state: State,
        flags: np.ndarray,
        slot: int = 0,
        shift: int = 0,
        report: Callable[[int, int], None] | None = None,
        node_limit: int | None = None,
    ) -> int:
        """The exact future gain of ``state`` by zero-window probes from the outside in
        (:data:`BRACKET` above and below the usual guess plus ``shift``), stopping
        (:class:`BudgetExceeded`) when ``flags[0]`` or ``flags[slot]`` is set; ``report(lo,
        hi)`` hears the bounds proven after each probe. With ``node_limit``, it raises
        :class:`BudgetExceeded` once its probes have searched that many positions."""
        stones = sum(state)
        lo, hi = -stones, stones
        g = self._guess(state) + shift
        # From the outside in: probes far from the value are cheap, and they fill the
        # transposition table with the best moves that make the probes near the value cheaper.
        top, bottom = _down(g + BRACKET, stones), _up(g - BRACKET, stones)
        upper = True
        while lo < hi:
            beta = max(lo + 2, min(hi, top)) if upper else min(hi, max(lo + 2, bottom))
            v = self._probe(state, beta - 1, beta, flags, node_limit, slot)
            if node_limit is not None:
                node_limit = max(1, node_limit - self._local.last_nodes)
            if v < beta:
                hi = _down(v, stones)
                if not upper:
                    bottom -= BRACKET
            else:
                lo = _up(v, stones)
                if upper:
                    top += BRACKET
            upper = not upper
            if report is not None:
                report(lo, hi)
        return lo

    def _mtdf(self, state: State, guess: int, base: int | None = None) -> int:
        """MTD(f) as in :meth:`Solver._mtdf`, in the kernel (:func:`._nb.mtdf`: one call),
        with every probe on a value of the right parity: a state's future gain has the parity
        of its stones (every stone ends in a store, so the final difference and the stones on
        the board add up to an even number), so half of the zero-window probes can be
        skipped."""
        stones = sum(state)
        w = self._worker()
        out = w.out
        out[0], out[1] = -stones, stones
        if base is not None:
            self._running = (out, base)
        try:
            self._call(self._nb.mtdf, w, state, guess, out, resume=True)
        except BudgetExceeded as exc:
            if base is not None:
                lo, hi = self._proven(state, int(out[0]), int(out[1]))
                exc.bounded(base + lo, base + hi)
            raise
        finally:
            if base is not None:
                self._running = None
        return int(out[0])

    @property
    def bounds(self) -> tuple[int | None, int | None]:
        """The future gain's bounds proven so far by the running MTD(f) (for progress)."""
        running = self._running
        if running is None:
            return self._bounds
        out, _base = running
        return int(out[0]), int(out[1])

    @bounds.setter
    def bounds(self, value: tuple[int | None, int | None]) -> None:
        self._bounds = value

    _running: tuple[np.ndarray, int] | None = None
    _bounds: tuple[int | None, int | None] = (None, None)

    def _root_values(self, state: State, value: int, *, only_best: bool) -> list[tuple[Child, int]]:
        if not only_best:
            return super()._root_values(state, value, only_best=only_best)
        w = self._worker()
        out = w.out
        self._call(self._nb.best_moves, w, state, value, out, resume=False)
        return [
            (c, value if out[c.pit - 1] == 1 else value - 1) for c in self.kernel.children(state)
        ]

    def _call(
        self,
        fn: Callable[..., Any],
        w: _Worker,
        state: State,
        arg: int,
        out: np.ndarray,
        *,
        resume: bool,
    ) -> None:
        """Run the kernel's ``fn`` (:func:`._nb.mtdf` or :func:`._nb.best_moves`) on
        ``state`` within the running budget; its nodes are charged to the budget, and
        :class:`BudgetExceeded` is raised when it ran out. A search that stops for the
        transposition table to grow runs again: with ``resume`` (MTD(f)) from the guess it
        left in ``out[2]`` (its bounds stay in ``out[0]`` and ``out[1]``); without (the best
        moves) with the same ``arg``, the position's value (``out`` holds the flags of
        pits, not a guess)."""
        budget = self._budget
        arr = self._np.array(state, dtype=self._np.int64)
        while True:
            w.ctl[0] = 0
            w.ctl[1] = (
                max(1, budget.node_limit - budget.nodes + 1)
                if budget.node_limit is not None
                else (1 << 62)
            )
            w.ctl[3] = 0
            w.ctl[4] = self._grow_at()
            status = fn(arr, arg, *self._arrays(w), self._stop, out)
            nodes = self._count(w)
            if status == 1:
                budget.nodes += nodes
                raise BudgetExceeded(budget.nodes, budget.seconds)
            budget.charge(nodes)
            if status != 2:
                return
            if resume:
                arg = int(out[2])  # MTD(f) goes on from its last guess

    def _arrays(self, w: _Worker) -> tuple[np.ndarray, ...]:
        """The arrays every search of the kernel takes, from ``st`` to ``ctl`` (see
        :mod:`._nb`), for the worker ``w``."""
        return (w.st, w.meta, self._tt, self._hist, self._table, self._binom, self._prm, w.ctl)

    def _count(self, w: _Worker) -> int:
        """Take the nodes a worker has counted into the totals (and grow the table when
        they call for it)."""
        with self._lock:
            nodes = int(w.ctl[0])
            w.ctl[0] = 0
            self._nodes_total += nodes
            self._grow_nodes += nodes
            if self._tt_bits < self.tt_bits and self._grow_nodes >= GROW_AFTER << (
                self._tt_bits + 1
            ):
                self._grow_to(min(self.tt_bits, self._tt_bits + 3))
        return nodes

    def _grow_to(self, bits: int) -> None:
        """Grow the transposition table in place to ``2 ** bits`` buckets (under the lock)."""
        self._nb.grow(self._tt, self._tt_bits, bits)
        self._tt_bits = bits
        self._prm[6] = (1 << bits) - 1
        self._grow_nodes = 0

    def grow_table(self) -> None:
        """Grow the transposition table to its full size now, before a search known to be
        long (every first move of the start): growing on the way stops a zero-window probe
        each time, and runs it again in the larger table."""
        with self._lock:
            if self._tt_bits < self.tt_bits:
                self._grow_to(self.tt_bits)

    def _grow_at(self) -> int:
        """Nodes after which the table is due to grow (very many when it is full size)."""
        if self._tt_bits >= self.tt_bits:
            return 1 << 62
        return max(1, (GROW_AFTER << (self._tt_bits + 1)) - self._grow_nodes)

    def _worker(self) -> _Worker:
        w = getattr(self._local, "worker", None)
        if w is None:
            w = self._local.worker = _Worker(self.rules.pits)
            with self._lock:
                self._workers.append(w)
        return w

    def _probe(
        self,
        state: State,
        alpha: int,
        beta: int,
        stop: np.ndarray,
        node_limit: int | None,
        slot: int = 0,
    ) -> int:
        w = self._worker()
        arr = self._np.array(state, dtype=self._np.int64)
        nodes = 0
        while True:  # run again after the transposition table has grown
            w.ctl[0] = 0
            w.ctl[1] = max(1, node_limit - nodes) if node_limit is not None else (1 << 62)
            w.ctl[3] = slot
            w.ctl[4] = self._grow_at()
            v = self._nb.probe(arr, alpha, beta, *self._arrays(w), stop)
            grow = w.ctl[2] == self._nb.GROW
            nodes += self._count(w)
            if not grow:
                break
        self._local.last_nodes = nodes
        if w.ctl[2]:
            raise BudgetExceeded(nodes, 0.0)
        return int(v)

    @property
    def _last_nodes(self) -> int:
        return int(getattr(self._local, "last_nodes", 0))

    def _start(self, time_limit: float | None, node_limit: int | None) -> Budget:
        self._cancel()
        self._budget = Budget(time_limit, node_limit)
        self._nodes = 0
        self._stop = self._np.zeros(1, dtype=self._np.int64)
        if self._cancelled:
            self._stop[0] = 1
            self._budget.cancel()
        if time_limit is not None:
            self._timer = WATCHDOG.set(time_limit, self._stop)
        return self._budget

    def cancel(self) -> None:
        self._stop[0] = 1
        if self._flags is not None:
            self._flags[0] = 1
        super().cancel()

    _flags: np.ndarray | None = None

    def _cancel(self) -> None:
        if self._timer is not None:
            WATCHDOG.cancel(self._timer)
            self._timer = None

    def _finish(self) -> None:
        self._cancel()

    def _search(self, p: State, alpha: int, beta: int, stones: int) -> int:
        budget = self._budget
        left = None
        if budget.node_limit is not None:
            left = max(1, budget.node_limit - budget.nodes + 1)
        try:
            v = self._probe(p, alpha, beta, self._stop, left)
        except BudgetExceeded as exc:
            budget.nodes += exc.nodes
            raise BudgetExceeded(budget.nodes, budget.seconds) from None
        budget.charge(self._last_nodes)
        return v

    def _guess(self, state: State) -> int:
        lo, hi, _best = self._lookup(state)
        stones = sum(state)
        if lo > -stones or hi < stones:
            return (lo + hi) // 2
        # The shallow search of quick_guess, in the kernel (same value).
        arr = self._np.array(state, dtype=self._np.int64)
        value = self._nb.guess(arr, GUESS_DEPTH, self._worker().st, self._prm)
        return round(int(value) / self._nb.SCALE)

    def _lookup(self, state: State) -> tuple[int, int, int]:
        arr = self._np.array(state, dtype=self._np.int64)
        stones = int(arr.sum())
        if stones <= self.table_stones:
            key = self._rank(arr)
            v = int(self._table[key])
            return v, v, -1
        lo, hi, best = self._nb.lookup(arr, self._tt, self._binom, self._prm)
        return int(lo), int(hi), int(best)

    def _rank(self, arr: np.ndarray) -> int:
        key, _n = self._nb.rank(arr, arr.shape[0], self._binom)
        return int(key)

    def _proven(self, state: State, lo: int, hi: int) -> tuple[int, int]:
        t_lo, t_hi, _ = self._lookup(state)
        t_lo, t_hi = max(lo, t_lo), min(hi, t_hi)
        if t_lo <= t_hi:
            return t_lo, t_hi
        return lo, hi


def _up(v: int, stones: int) -> int:
    """The least value >= ``v`` with the parity of ``stones``.

    >>> _up(3, 10), _up(4, 10), _up(-3, 7)
    (4, 4, -3)
    """
    return v + ((v - stones) & 1)


def _down(v: int, stones: int) -> int:
    """The greatest value <= ``v`` with the parity of ``stones``."""
    return v - ((v - stones) & 1)


def solvers_for(rules: Rules, engines: Sequence[str] = ("pure", "compiled")) -> list[Solver]:
    """Fresh solvers of each available engine, for comparing them (tests, benchmarks)."""
    out: list[Solver] = []
    for engine in engines:
        if engine == "compiled" and not (available() and supports(rules)):
            continue
        out.append(make_solver(rules, engine))
    return out
