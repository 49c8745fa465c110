"""The compiled search kernel (numba): move generation, ranking, the endgame-table build and the
zero-window alpha-beta search. Imported only through :mod:`.compiled` and :mod:`.tables`, and
only when numba is installed (``pip install mangala_edu[fast]``).

Every function works on mover-relative states (see :mod:`.kernel`): ``2 * m`` pit counts, the
mover's pits first. The rules come in as plain integers (``m``, first stone back, even capture,
empty capture, sweep), so that one compiled version serves every preset; numba caches the
machine code on disk (``cache=True``), so only the first use on a machine pays for compiling.

Integer arrays carry everything else:

``prm`` (int64): ``[m, back, even, empty, sweep, table_stones, tt_mask]``;
``ctl`` (int64, one per thread): ``[nodes, node_limit, aborted, slot]``;
``stop`` (int64, shared): set ``stop[0]`` from any thread to make every search stop soon, or
``stop[slot]`` to stop the searches of the threads given that slot;
``binom``: binomial coefficients, ``binom[a, b] = C(a, b)``;
``table`` (int8): the endgame table (future gain of every state with at most
``table_stones`` stones, by :func:`rank`), or a 1-element array when there is none;
``tt`` (int64): the transposition table, buckets of two entries (depth-preferred, always
replace) of two words each: ``key ^ data`` and ``data`` (a torn write from another thread
then fails the key check instead of giving a wrong value);
``hist`` (int64, ``[m, 64]``): the history heuristic (pit, stones in it).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

UNKNOWN = -128
"""An endgame-table entry not computed yet (values lie in ``-127..127``)."""
OVER = 2
EXTRA = 1
PASS = 0
MAX_PLY = 1024
VALUE_BIAS = 1024
WORK_SHIFT = 26
BEST_SHIFT = 22


def binomials(rows: int, cols: int) -> np.ndarray:
    """``C(a, b)`` for ``a < rows``, ``b < cols`` as an int64 array."""
    out = np.zeros((rows, cols), dtype=np.int64)
    for a in range(rows):
        out[a, 0] = 1
        for b in range(1, min(a, cols - 1) + 1):
            out[a, b] = out[a - 1, b - 1] + (out[a - 1, b] if b <= a - 1 else 0)
    return out


@njit(cache=True, nogil=True)
def sow(s, i, out, m, back, even, empty, sweep):  # pragma: no cover - compiled
    """Play pit ``i`` (0-based) of state ``s`` into ``out``, turned round to the next mover's
    view when the turn passes. Returns ``(gain, status, captured)``: status
    :data:`PASS`, :data:`EXTRA` or :data:`OVER` (then ``out`` is meaningless)."""
    p = 2 * m
    cycle = p + 1
    for k in range(p):
        out[k] = s[k]
    n = s[i]
    gain = 0
    if back and n > 1:
        out[i] = 1
        n -= 1
    else:
        out[i] = 0
    laps = n // cycle
    rest = n - laps * cycle
    if laps:
        for k in range(p):
            out[k] += laps
        gain = laps
    c = i
    for _ in range(rest):
        c += 1
        if c == cycle:
            c = 0
        if c < m:
            out[c] += 1
        elif c == m:
            gain += 1
        else:
            out[c - 1] += 1
    if rest == 0:
        c = i
    status = PASS
    captured = 0
    if c == m:
        status = EXTRA
    elif c > m:
        if even:
            sl = c - 1
            cnt = out[sl]
            if cnt > 0 and (cnt & 1) == 0:
                gain += cnt
                captured = cnt
                out[sl] = 0
    elif empty and out[c] == 1:
        o = p - 1 - c
        taken = out[o]
        if taken:
            gain += taken + 1
            captured = taken + 1
            out[o] = 0
            out[c] = 0
    own = 0
    opp = 0
    for k in range(m):
        own += out[k]
        opp += out[m + k]
    if own == 0 or opp == 0:
        if sweep:
            if own == 0:
                gain += opp
            else:
                gain -= own
        else:
            gain += own - opp
        return gain, OVER, captured
    if status == PASS:
        for k in range(m):
            t = out[k]
            out[k] = out[m + k]
            out[m + k] = t
    return gain, status, captured


@njit(cache=True, nogil=True)
def rank(s, p, binom):  # pragma: no cover - compiled
    """The index of state ``s`` (``p`` pits) among all states, fewest stones first, and its
    stones: states with fewer stones come first, then the colex rank of the composition."""
    n = 0
    r = 0
    b = -1
    for j in range(p - 1):
        b += s[j] + 1
        r += binom[b, j + 1]
        n += s[j]
    n += s[p - 1]
    if n > 0:
        r += binom[n - 1 + p, p]
    return r, n


@njit(cache=True, nogil=True)
def unrank(r, n, p, binom, out):  # pragma: no cover - compiled
    """The state of rank ``r`` within the layer of ``n`` stones into ``out``."""
    top = n + p - 1            # bars lie in 0..n+p-2
    prev = top
    for j in range(p - 2, -1, -1):
        b = prev - 1
        while binom[b, j + 1] > r:
            b -= 1
        r -= binom[b, j + 1]
        out[j + 1] = prev - b - 1
        prev = b
    out[0] = prev
    # out[j+1] was filled from the bar to its right; the last pit is after the last bar.
    return 0


@njit(cache=True, parallel=True)
def build_range(table, n, start, stop_at, nchunks, binom, prm, flag):  # pragma: no cover
    """Fill the endgame-table entries ``start..stop_at`` (ranks within the layer of ``n``
    stones); every layer below must be complete. In-layer children (moves that keep every
    stone on the board) are computed first, depth first: they only move stones forward in
    the mover's own row, so they never lead back. Returns the entries computed here."""
    m = prm[0]
    back = prm[1]
    even = prm[2]
    empty = prm[3]
    sweep = prm[4]
    p = 2 * m
    offset = binom[n - 1 + p, p] if n > 0 else 0
    total = stop_at - start
    depth = m * n + 4
    done = np.zeros(nchunks, dtype=np.int64)
    for c in prange(nchunks):
        if flag[0] != 0:
            continue
        lo = start + total * c // nchunks
        hi = start + total * (c + 1) // nchunks
        stk = np.empty((depth, p), dtype=np.int64)
        idx = np.empty(depth, dtype=np.int64)
        child = np.empty(p, dtype=np.int64)
        count = 0
        for r in range(lo, hi):
            g = offset + r
            if table[g] != UNKNOWN:
                continue
            unrank(r, n, p, binom, stk[0])
            own = 0
            opp = 0
            for k in range(m):
                own += stk[0, k]
                opp += stk[0, m + k]
            if own == 0 or opp == 0:
                table[g] = 0           # the set is over: never looked up
                continue
            idx[0] = g
            d = 0
            while d >= 0:
                s = stk[d]
                best = -1000
                pending = False
                for i in range(m):
                    if s[i] == 0:
                        continue
                    gain, status, _cap = sow(s, i, child, m, back, even, empty, sweep)
                    if status == OVER:
                        v = gain
                    else:
                        ci, _cn = rank(child, p, binom)
                        tv = table[ci]
                        if tv == UNKNOWN:
                            for k in range(p):
                                stk[d + 1, k] = child[k]
                            idx[d + 1] = ci
                            pending = True
                            break
                        v = gain + tv if status == EXTRA else gain - tv
                    if v > best:
                        best = v
                if pending:
                    d += 1
                    continue
                table[idx[d]] = best
                count += 1
                d -= 1
        done[c] = count
    return done.sum()


@njit(cache=True, nogil=True)
def _store(tt, key, h, lo, hi, best, work):  # pragma: no cover - compiled
    data = (lo + VALUE_BIAS) | ((hi + VALUE_BIAS) << 11) | ((best + 1) << BEST_SHIFT) \
        | (work << WORK_SHIFT)
    j = h * 4
    d0 = tt[j + 1]
    if (tt[j] ^ d0) == key or (d0 >> WORK_SHIFT) <= work:
        tt[j] = key ^ data
        tt[j + 1] = data
    else:
        tt[j + 2] = key ^ data
        tt[j + 3] = data


@njit(cache=True, nogil=True)
def _probe(tt, key, h):  # pragma: no cover - compiled
    j = h * 4
    d = tt[j + 1]
    if (tt[j] ^ d) == key and d != 0:
        return d
    d = tt[j + 3]
    if (tt[j + 2] ^ d) == key and d != 0:
        return d
    return 0


@njit(cache=True, nogil=True)
def _slot(key, mask):  # pragma: no cover - compiled
    h = key * -7046029254386353131       # 0x9E3779B97F4A7C15 as a signed 64-bit number
    h ^= (h >> 29) & 0x7FFFFFFFF
    return h & mask


@njit(cache=True, nogil=True)
def _bitlen(x):  # pragma: no cover - compiled
    b = 0
    while x > 0:
        x >>= 1
        b += 1
    return b if b < 63 else 63


_SEARCH_SIGNATURE = (
    "int64(int64, int64, int64, int64, int64[:, ::1], int64[:, :, ::1], int64[:, ::1], "
    "int64[::1], int64[:, ::1], int8[::1], int64[:, ::1], int64[::1], int64[::1], int64[::1])")
"""An explicit signature: a recursive function compiled lazily cannot be reloaded from
numba's on-disk cache safely, one compiled eagerly with its types can."""


@njit(_SEARCH_SIGNATURE, cache=True, nogil=True)
def search(d, alpha, beta, stones, st, cb, meta, tt, hist, table, binom, prm, ctl, stop
           ):  # pragma: no cover - compiled
    """Fail-soft alpha-beta on the future gain of the state ``st[d]`` with ``stones`` on the
    board (the same search as :meth:`.solver.Solver._search`, plus the endgame table). When
    the budget runs out it sets ``ctl[2]`` and returns 0; callers then unwind without
    storing anything."""
    nodes = ctl[0] + 1
    ctl[0] = nodes
    if (nodes & 4095) == 0 and (stop[0] != 0 or stop[ctl[3]] != 0 or nodes >= ctl[1]):
        ctl[2] = 1
    if ctl[2] != 0:
        return 0
    if stones <= alpha:
        return stones
    if -stones >= beta:
        return -stones
    m = prm[0]
    p = 2 * m
    s = st[d]
    key, _n = rank(s, p, binom)
    if stones <= prm[5]:
        return np.int64(table[key])
    h = _slot(key, prm[6])
    data = _probe(tt, key, h)
    lo = -stones
    hi = stones
    hint = -1
    if data != 0:
        lo = (data & 2047) - VALUE_BIAS
        hi = ((data >> 11) & 2047) - VALUE_BIAS
        hint = ((data >> BEST_SHIFT) & 15) - 1
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo > alpha:
            alpha = lo
        if hi < beta:
            beta = hi
    back = prm[1]
    even = prm[2]
    empty = prm[3]
    sweep = prm[4]
    kstones = prm[5]
    # meta[d]: [0:m] gain, [m:2m] status, [2m:3m] order score (-1: no move), [3m:4m] child
    # stones, [4m:5m] the move's exact value when known at once (end of the set, or a child in
    # the endgame table): such moves cost nothing and go first, raising alpha for the others.
    row = meta[d]
    for i in range(m):
        if s[i] == 0:
            row[2 * m + i] = -1
            continue
        gain, status, cap = sow(s, i, cb[d, i], m, back, even, empty, sweep)
        row[i] = gain
        row[m + i] = status
        left = 0
        known = False
        if status == OVER:
            row[4 * m + i] = gain
            known = True
        else:
            c = cb[d, i]
            left = stones - gain           # no end of the set: only the mover's store gained
            if left <= kstones:
                ci, _cn = rank(c, p, binom)
                tv = np.int64(table[ci])
                row[4 * m + i] = gain + tv if status == EXTRA else gain - tv
                known = True
        row[3 * m + i] = left
        cnt = s[i] if s[i] < 64 else 63
        score = hist[i, cnt]
        if status == EXTRA:
            score += 1 << 50
        elif cap > 0:
            score += (1 << 49) + (cap << 42)
        if i == hint:
            score += 1 << 55
        if known:
            score += 1 << 56
            row[m + i] = OVER              # nothing left to search for this move
        row[2 * m + i] = score
    start_nodes = nodes
    best = -stones - 1
    best_pit = -1
    a = alpha
    while True:
        i = -1
        top = -1
        for k in range(m):
            if row[2 * m + k] > top:
                top = row[2 * m + k]
                i = k
        if i < 0:
            break
        row[2 * m + i] = -1
        gain = row[i]
        status = row[m + i]
        if status == OVER:
            v = row[4 * m + i]
        else:
            left = row[3 * m + i]
            c = cb[d, i]
            if gain + left <= a:
                v = gain + left
            else:
                nxt = st[d + 1]
                for k in range(p):
                    nxt[k] = c[k]
                if status == EXTRA:
                    v = gain + search(d + 1, a - gain, beta - gain, left, st, cb, meta, tt,
                                      hist, table, binom, prm, ctl, stop)
                else:
                    v = gain - search(d + 1, gain - beta, gain - a, left, st, cb, meta, tt,
                                      hist, table, binom, prm, ctl, stop)
                if ctl[2] != 0:
                    return 0
        if v > best:
            best = v
            best_pit = i
            if v > a:
                a = v
                if v >= beta:
                    break
    work = _bitlen(ctl[0] - start_nodes)
    if best >= beta:
        cnt = s[best_pit] if s[best_pit] < 64 else 63
        hist[best_pit, cnt] += 1 << (stones >> 1)
    if best <= alpha:
        _store(tt, key, h, lo, best if best < hi else hi, hint if hint >= 0 else best_pit,
               work)
    elif best >= beta:
        _store(tt, key, h, best if best > lo else lo, hi, best_pit, work)
    else:
        _store(tt, key, h, best, best, best_pit, work)
    return best


@njit(cache=True, nogil=True)
def probe(state, alpha, beta, st, cb, meta, tt, hist, table, binom, prm, ctl, stop
          ):  # pragma: no cover - compiled
    """:func:`search` from the root ``state`` (copied into ``st[0]``)."""
    p = state.shape[0]
    stones = 0
    for k in range(p):
        st[0, k] = state[k]
        stones += state[k]
    ctl[2] = 0
    return search(0, alpha, beta, stones, st, cb, meta, tt, hist, table, binom, prm, ctl, stop)


@njit(cache=True, nogil=True)
def lookup(state, tt, binom, prm):  # pragma: no cover - compiled
    """``(lo, hi, best pit index or -1)`` stored for ``state`` in the transposition table, or
    the trivial bounds."""
    p = state.shape[0]
    key, n = rank(state, p, binom)
    data = _probe(tt, key, _slot(key, prm[6]))
    if data == 0:
        return -n, n, -1
    return ((data & 2047) - VALUE_BIAS, ((data >> 11) & 2047) - VALUE_BIAS,
            ((data >> BEST_SHIFT) & 15) - 1)
