"""The compiled Dokuz Taş search (:mod:`._search_kernel`) behind :class:`.search.Search`.

When numba is installed (the ``fast`` extra) a :class:`~.search.Search` hands the positions
below its root to the compiled kernel, which searches them as the pure-Python search does,
turn for turn, only much faster (``bench/RESULTS.md``, "The compiled Dokuz Taş search"): the
same values, the same turns and, counted in positions, the same budget. It reads the endgame
tables of a :class:`.tables.Tables` probe (the user cache's, :func:`.tables.probe`) as that
probe does (:func:`probe_arrays`); a search with a probe of another kind keeps to pure Python
once few enough stones are left for its lines to reach a table (:data:`TABLE_REACH`).
``MANGALA_EDU_ENGINE=pure`` (or ``Search(engine="python")``) keeps everything in pure Python.

>>> from mangala_edu.dokuz_tas import Position
>>> from mangala_edu.dokuz_tas.search import Search
>>> pos = Position.from_text("WW1/3/3/6/3/3/BB1 b 7 7 0")
>>> Search(engine="python").analyse(pos, max_depth=3).values == (
...     Search(engine="auto").analyse(pos, max_depth=3).values)
True
"""

from __future__ import annotations

import dataclasses
import os
import weakref
from collections.abc import Callable, Iterable
from itertools import product
from typing import TYPE_CHECKING, Any

from ..search.budget import Budget, BudgetExceeded
from .board import LINE_MASKS, LINES_AT, NEIGHBOUR_MASKS, SYMMETRIES
from .evaluate import Weights

if TYPE_CHECKING:
    from .position import Position, RawTurn
    from .tables import Tables

__all__ = ["TABLE_REACH", "Kernel", "available", "code_of", "probe_arrays", "tables_of"]

TABLE_REACH = 12
"""A search whose probe is not a :class:`.tables.Tables` stays in pure Python from the moving
phase on once this many stones or fewer are on the board (the tables hold up to 10)."""

_FIRST_BITS = 14  # the table's first size: 2**14 slots, grown as searches need
_MAX_BITS = 20  # its largest: 2**20 slots (24 MB)
_RATE = 1_000_000  # positions a second assumed before the first measurement


def available() -> bool:
    """True when the compiled search can run: numba is installed and ``MANGALA_EDU_ENGINE``
    is not ``pure``."""
    if os.environ.get("MANGALA_EDU_ENGINE", "").strip().lower() == "pure":
        return False
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


def code_of(move: RawTurn) -> int:
    """A turn ``(origin, target, removal)`` as the kernel's code (see :mod:`._search_kernel`).

    >>> code_of((-1, 13, -1)), code_of((0, 1, 5))
    (416, 6177)
    """
    o, t, r = move
    return (o + 1) | t << 5 | (r + 1) << 10


def tables_of(probe: Callable[[Position], int | None] | None) -> Tables | None:
    """The :class:`.tables.Tables` behind a search's probe (itself, or the user cache's for
    :func:`.tables.probe`), or ``None`` for no probe or one of another kind.

    >>> from mangala_edu.dokuz_tas import tables
    >>> tables_of(tables.probe) is tables_of(tables.probe), tables_of(lambda pos: None)
    (True, None)
    """
    from . import tables

    if isinstance(probe, tables.Tables):
        return probe
    return tables.shared() if probe is tables.probe else None


_PROBES: weakref.WeakKeyDictionary[Tables, dict[bool, tuple[Any, ...]]] = (
    weakref.WeakKeyDictionary()
)
_NO_TABLES: dict[bool, tuple[Any, ...]] = {}


def probe_arrays(found: Tables | None, flying: bool) -> tuple[Any, ...]:
    """The kernel's ``probe`` (see :mod:`._search_kernel`): the tables of ``found`` for the
    ``flying`` rule that are in its cache folder, loaded and checked by ``found`` itself (a
    damaged file is refused, as the pure-Python probe refuses it); no table for ``None``.
    Kept for as long as ``found`` lives."""
    import numpy as np

    from . import tables as T

    known = _PROBES.setdefault(found, {}) if found is not None else _NO_TABLES
    if flying in known:
        return known[flying]
    chunks: list[Any] = []
    size = 1
    start = np.full((1, 1), -1, dtype=np.int64)
    if found is not None:
        present = [
            (m, o)
            for m, o in product(range(3, T.STONES + 1), repeat=2)
            if T.table_path((m, o), flying, found.cache).exists()
        ]
        loaded = [(cls, found.table(cls, flying)) for cls in present]
        classes = [(cls, t) for cls, t in loaded if t is not None]
        if classes:
            size = max(max(cls) for cls, _ in classes) + 1
            start = np.full((size, size), -1, dtype=np.int64)
            offset = 0
            for (m, o), table in classes:
                start[m, o] = offset
                chunks.append(np.frombuffer(table.data, dtype=np.uint8))
                offset += len(table.data)
    rows = [T._np_orbits(m) if m >= 3 else None for m in range(size)]

    def stack(part: int) -> Any:
        width = max((len(r[part]) for r in rows if r is not None), default=1)
        out = np.zeros((size, width), dtype=np.int64)
        for m, r in enumerate(rows):
            if r is not None:
                out[m, : len(r[part])] = r[part]
        return out

    data = np.concatenate(chunks) if chunks else np.zeros(1, dtype=np.uint8)
    binom = T._np_board()[0]
    arrays = (data, start, *(stack(part) for part in range(5)), binom)
    known[flying] = arrays
    return arrays


def _signature(pos: Position) -> int:
    h0, h1 = pos._hands
    w, b = pos._stones
    return h0 | h1 << 4 | w.bit_count() << 8 | b.bit_count() << 13


def _repetition_key(pos: Position) -> int:
    w, b = pos._stones
    h0, h1 = pos._hands
    return w << 24 | b | h0 << 48 | h1 << 52 | pos._turn << 56


class Kernel:
    """The compiled search's arrays for one :class:`~.search.Search`: its table, killers,
    history and counters, kept between searches as the pure-Python search keeps its own."""

    def __init__(self, weights: Weights, symmetric: bool, max_entries: int) -> None:
        import numpy as np

        from . import _search_kernel as k

        self.k = k
        self.np = np
        geo = list(LINE_MASKS) + list(NEIGHBOUR_MASKS)
        for p in range(24):
            geo.extend(LINE_MASKS[i] for i in LINES_AT[p])
        self.geo = np.array(geo, dtype=np.int64)
        sym = np.zeros((16, 3, 256), dtype=np.int64)
        for s, perm in enumerate(SYMMETRIES):
            for part, shift in enumerate((0, 8, 16)):
                for byte in range(256):
                    sym[s, part, byte] = sum(
                        1 << perm[shift + bit] for bit in range(8) if byte >> bit & 1
                    )
        self.sym = sym
        inverse = [[perm.index(p) for p in range(24)] for perm in SYMMETRIES]
        self.perm = np.array([list(map(list, SYMMETRIES)), inverse], dtype=np.int64)
        self.wts = np.array(dataclasses.astuple(weights), dtype=np.int64)
        self.max_bits = max(_MAX_BITS, (4 * max_entries // 3).bit_length())
        self.tt = np.full((1 << _FIRST_BITS, 3), -1, dtype=np.int64)
        self.ctl = np.zeros(k.CTL_SIZE, dtype=np.int64)
        self.ctl[k.C_BITS] = _FIRST_BITS
        self.ctl[k.C_SYMMETRIC] = symmetric
        self.killers = np.full((k.MAX_PLY + 2, 2), -1, dtype=np.int64)
        self.hist = np.zeros(1 << 15, dtype=np.int64)
        self.moves = np.zeros((k.MAX_PLY + 2, k.MAX_MOVES), dtype=np.int64)
        self.scores = np.zeros((k.MAX_PLY + 2, k.MAX_MOVES), dtype=np.int64)
        self.stack = np.zeros((k.MAX_PLY + 2, 2), dtype=np.int64)
        self.max_entries = max_entries
        self.rate = float(_RATE)
        self.probe = probe_arrays(None, True)
        self._warm()

    def _warm(self) -> None:
        """Compile the kernel, or load it from numba's cache, before any budget counts."""
        k = self.k
        k.search(
            0, 0, 9, 9, 0, 0, 1, -k.INF, k.INF, 1, self.geo, self.sym, self.perm, self.wts,
            self.ctl, self.tt, self.killers, self.hist, self.stack, self.moves, self.scores,
            self.probe,
        )  # fmt: skip
        self.forget()
        self.ctl[k.C_PENDING] = 0

    def __len__(self) -> int:
        return int(self.ctl[self.k.C_COUNT])

    def forget(self) -> None:
        """Empty the table, the killers and the history."""
        self.clear_table()
        self.killers[:] = -1
        self.hist[:] = 0

    def clear_table(self) -> None:
        self.tt[:, 0] = -1
        self.ctl[self.k.C_COUNT] = 0

    def _grow(self, entries: int) -> None:
        """Grow the table (keeping its entries) until ``entries`` fit in three quarters of
        it, or to its largest size."""
        bits = int(self.ctl[self.k.C_BITS])
        target = bits
        while 3 << target < 4 * entries and target < self.max_bits:
            target += 1
        if target == bits:
            return
        new = self.np.full((1 << target, 3), -1, dtype=self.np.int64)
        self.k.rehash(self.tt, new, target)
        self.tt = new
        self.ctl[self.k.C_BITS] = target

    def history_value(self, move: RawTurn) -> int:
        """The history heuristic's count of ``move`` (for ordering the root's turns)."""
        return int(self.hist[code_of(move)])

    def start(
        self, position: Position, history: Iterable[Position], found: Tables | None = None
    ) -> None:
        """Ready a search of ``position``: the positions before it that a line searched could
        repeat (those with its stones and stones in hand, which come last), then itself; the
        endgame tables of ``found`` (none for ``None``)."""
        if len(self) > self.max_entries:
            self.clear_table()
        sig = _signature(position)
        tail: list[int] = []
        for p in history:
            if _signature(p) == sig:
                tail.append(_repetition_key(p))
            else:
                tail.clear()
        tail.append(_repetition_key(position))
        if len(tail) + self.k.MAX_PLY + 2 > len(self.stack):
            self.stack = self.np.zeros((len(tail) + self.k.MAX_PLY + 2, 2), dtype=self.np.int64)
        self.stack[: len(tail), 0] = tail
        self.stack[: len(tail), 1] = sig
        self.ctl[self.k.C_SP] = len(tail)
        self.ctl[self.k.C_FLYING] = position._flying
        self.probe = probe_arrays(found, position._flying)

    def search(
        self,
        pos: Position,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
        counters: Any,
        budget: Budget,
    ) -> int:
        """The kernel's value of ``pos`` (below the root); ``counters``: the
        :class:`~.search.Search` whose node, horizon and repetition counts it carries on.
        Raises :class:`BudgetExceeded` as the pure-Python search does."""
        k = self.k
        ctl = self.ctl
        ctl[k.C_PENDING] = counters._nodes
        ctl[k.C_CHARGED] = budget.nodes
        ctl[k.C_LIMIT] = -1 if budget.node_limit is None else budget.node_limit
        left = budget.remaining()
        ctl[k.C_CAP] = -1 if left is None else budget.nodes + max(256, int(left * self.rate))
        # room for every position the budget allows (up to the largest table): such a search
        # never finds its table full, as the pure search's dictionary never is
        ahead = [int(ctl[k.C_LIMIT]), int(ctl[k.C_CAP])]
        room = min((n for n in ahead if n >= 0), default=256 * 1024) - budget.nodes
        self._grow(len(self) + max(0, room) + 2 * k.CHECK_EVERY)
        ctl[k.C_ABORTED] = 0
        ctl[k.C_HORIZON] = counters._horizon
        ctl[k.C_REPS] = counters._reps
        ctl[k.C_EXACT_KEYS] = counters._exact_keys
        started = budget.seconds
        before = budget.nodes + counters._nodes
        w, b = pos._stones
        h0, h1 = pos._hands
        value = k.search(
            w, b, h0, h1, pos._turn, pos._quiet, depth, alpha, beta, ply,
            self.geo, self.sym, self.perm, self.wts, ctl, self.tt, self.killers, self.hist,
            self.stack, self.moves, self.scores, self.probe,
        )  # fmt: skip
        budget.nodes = int(ctl[k.C_CHARGED])
        counters._nodes = int(ctl[k.C_PENDING])
        counters._horizon = int(ctl[k.C_HORIZON])
        counters._reps = int(ctl[k.C_REPS])
        spent = budget.seconds - started
        done = budget.nodes + counters._nodes - before
        if spent > 0.005 and done >= 1024:
            self.rate = done / spent
        if ctl[k.C_ABORTED]:
            raise BudgetExceeded(budget.nodes, budget.seconds)
        return int(value)
