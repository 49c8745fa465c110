"""The compiled search kernel (numba): move generation, ranking, the endgame-table build and the
zero-window alpha-beta search. Imported only through :mod:`.compiled` and :mod:`.tables`, and
only when numba is installed (``pip install mangala_edu[fast]``).

Every function works on mover-relative states (see :mod:`.kernel`): ``2 * m`` pit counts, the
mover's pits first. The rules come in as plain integers (``m``, first stone back, even capture,
empty capture, sweep), so that one compiled version serves every preset; numba caches the
machine code on disk (``cache=True``), so only the first use on a machine pays for compiling.

Integer arrays carry everything else:

``prm`` (int64): ``[m, back, even, empty, sweep, table_stones, tt_mask, material weight,
extra-turn weight, etc_stones]`` (the weights of :mod:`.evaluate`, for :func:`guess`;
enhanced transposition cutoffs in states of at least ``etc_stones`` stones);
``ctl`` (int64, one per thread): ``[nodes, node_limit, aborted, slot, grow_at]`` (after
``grow_at`` nodes the search stops, even within a zero-window probe, with ``aborted`` set to
:data:`GROW`, to let the table grow; the caller then runs the probe again);
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

from typing import Any

import numpy as np
from llvmlite import ir
from numba import config as numba_config
from numba import njit, prange, types
from numba.core import cgutils
from numba.extending import intrinsic

from . import driver

NO_REFCOUNTS: dict[str, Any] = {"_nrt": False}
"""Compile the search without numba's reference counting: it creates no arrays, and the
counting of every array view and argument (atomic increments) cost a third of its time."""
UNKNOWN = -128
"""An endgame-table entry not computed yet (values lie in ``-127..127``)."""
OVER = 2
EXTRA = 1
PASS = 0
MAX_PLY = 1024
GROW = 2
"""``ctl[2]`` when a search stopped because ``ctl[4]`` nodes were searched: the
transposition table is due to grow (1: the budget ran out)."""
VALUE_BIAS = 1024
WORK_SHIFT = 26
BEST_SHIFT = 22


def _prefetch(typingctx, arr, idx):  # pragma: no cover - compiled
    """:data:`prefetch`'s typing and code: LLVM's ``prefetch`` of ``arr[idx]``."""
    sig = types.void(arr, idx)

    def codegen(context, builder, signature, args):
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        ptr = cgutils.get_item_pointer(context, builder, aryty, ary, [args[1]])
        i8p = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        fnty = ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32])
        fn = builder.module.declare_intrinsic("llvm.prefetch", [i8p], fnty)
        builder.call(fn, [builder.bitcast(ptr, i8p), i32(0), i32(3), i32(1)])
        return context.get_dummy_value()

    return sig, codegen


def _prefetch_in_python(arr: Any, idx: Any) -> None:
    """:data:`prefetch` when the kernel runs as plain Python (``NUMBA_DISABLE_JIT=1``): a hint
    that changes no value, so nothing to do."""


prefetch: Any = _prefetch_in_python if numba_config.DISABLE_JIT else intrinsic(_prefetch)
"""``prefetch(arr, idx)``, in compiled code: ask the processor to bring ``arr[idx]`` into its
cache while other work goes on (a hint: it changes no value). The endgame table and a large
transposition table are far larger than the cache, and a lookup that waits for memory costs as
much as working out many moves. With ``NUMBA_DISABLE_JIT=1`` (the kernel run as plain Python,
for coverage and comparisons) it does nothing."""


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


@njit(cache=True, nogil=True, inline="always")
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
    top = n + p - 1  # bars lie in 0..n+p-2
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


@njit(cache=True, nogil=True, inline="always")
def next_state(s, p):  # pragma: no cover - compiled
    """Turn ``s`` into the state of the next rank in its layer (see :func:`rank`): the first
    pit after pit 0 that holds stones gives one to the pit before it, which also takes pit
    0's stones. ``s`` must not be the layer's last state (every stone in pit 0)."""
    t = 1
    while s[t] == 0:
        t += 1
    x = s[0]
    s[0] = 0
    s[t - 1] = x + 1
    s[t] -= 1


@njit(cache=True, nogil=True, inline="always")
def _settle(table, stk, idx, child, m, back, even, empty, sweep, binom):  # pragma: no cover
    """Work out the entry ``idx[0]`` (state ``stk[0]``) depth first: an in-layer child not
    computed yet (a move that keeps every stone on the board) is worked out first. Such moves
    only move stones forward in the mover's own row, so they never lead back. Returns the
    entries computed."""
    p = 2 * m
    count = 0
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
    return count


BUILD_BATCH = 64
"""Entries the table build handles together: their children's entries are fetched from memory
ahead, while the batch's other moves are sown (the build otherwise waits on memory)."""
BUILD_LEVELS = 2
"""How deep the build batches the in-layer children a batch waits for (see
:func:`build_range`); deeper ones are worked out depth first."""
BUILD_BLOCK = 4096
"""Consecutive entries one thread of the build takes at a time. numba gives each thread one
contiguous share of a parallel loop's rounds; the blocks are dealt out in turn instead, so that
every thread gets some of each part of the layer (parts differ in cost) and none waits idle."""


@njit(cache=True, nogil=True, inline="always")
def _sow_batch(
    table, states, idxs, size, kids, gains, kinds, child, prm, binom
):  # pragma: no cover
    """Sow every move of the entries ``idxs[:size]`` (states ``states[:size]``) and fetch each
    child's table entry ahead: ``kids[b, i]`` the child's entry (-1: the pit is empty; 0 with
    ``kinds`` :data:`OVER`: the set ends), ``gains`` and ``kinds`` what :func:`sow` says.
    ``kids[b, 0] == -2``: the entry is known already."""
    m = prm[0]
    p = 2 * m
    for b in range(size):
        if table[idxs[b]] != UNKNOWN:
            kids[b, 0] = -2
            continue
        for i in range(m):
            kids[b, i] = -1
            if states[b, i] == 0:
                continue
            gain, status, _cap = sow(states[b], i, child, m, prm[1], prm[2], prm[3], prm[4])
            gains[b, i] = gain
            kinds[b, i] = status
            if status == OVER:
                kids[b, i] = 0
            else:
                ci, _cn = rank(child, p, binom)
                kids[b, i] = ci
                prefetch(table, ci)


@njit(cache=True, nogil=True, inline="always")
def _read_batch(
    table, states, idxs, size, kids, gains, kinds, wait, out, out_idx, prm
):  # pragma: no cover
    """Read the children's values for the entries of :func:`_sow_batch` and store the entries'
    values. An entry whose in-layer child is not known yet waits (``wait[b]``, when ``out``
    has room: that child's state goes to ``out`` and its entry to ``out_idx``). Only entries
    with ``wait[b]`` set on the way in are read. Returns (entries computed, children put out)."""
    m = prm[0]
    count = 0
    put = 0
    for b in range(size):
        if not wait[b]:
            continue
        wait[b] = False
        if kids[b, 0] == -2 or table[idxs[b]] != UNKNOWN:
            continue
        best = -1000
        for i in range(m):
            if kids[b, i] < 0:
                continue
            if kinds[b, i] == OVER:
                v = gains[b, i]
            else:
                tv = table[kids[b, i]]
                if tv == UNKNOWN:
                    wait[b] = True
                    if put < len(out_idx):
                        sow(states[b], i, out[put], m, prm[1], prm[2], prm[3], prm[4])
                        out_idx[put] = kids[b, i]
                        put += 1
                    break
                v = gains[b, i] + tv if kinds[b, i] == EXTRA else gains[b, i] - tv
            if v > best:
                best = v
        if not wait[b]:
            table[idxs[b]] = best
            count += 1
    return count, put


@njit(cache=True, parallel=True)
def build_range(table, n, start, stop_at, nchunks, binom, prm, flag):  # pragma: no cover
    """Fill the endgame-table entries ``start..stop_at`` (ranks within the layer of ``n``
    stones); every layer below must be complete. The entries go in batches of
    :data:`BUILD_BATCH` (:func:`_sow_batch`, then :func:`_read_batch`); the in-layer children
    that a batch waits for go together in the next batch, :data:`BUILD_LEVELS` deep. Then,
    the deepest first, the waiting entries read their children again, and whatever still
    waits is worked out depth first (:func:`_settle`). Returns the entries computed
    here."""
    m = prm[0]
    p = 2 * m
    offset = binom[n - 1 + p, p] if n > 0 else 0
    total = stop_at - start
    depth = m * n + 4
    done = np.zeros(nchunks, dtype=np.int64)
    blocks = (total + BUILD_BLOCK - 1) // BUILD_BLOCK
    for c in prange(nchunks):
        stk = np.empty((depth, p), dtype=np.int64)
        idx = np.empty(depth, dtype=np.int64)
        child = np.empty(p, dtype=np.int64)
        state = np.empty(p, dtype=np.int64)
        states = np.empty((BUILD_LEVELS + 1, BUILD_BATCH, p), dtype=np.int64)
        idxs = np.empty((BUILD_LEVELS + 1, BUILD_BATCH), dtype=np.int64)
        waits = np.empty((BUILD_LEVELS, BUILD_BATCH), dtype=np.bool_)
        sizes = np.zeros(BUILD_LEVELS + 1, dtype=np.int64)
        kids = np.empty((BUILD_LEVELS, BUILD_BATCH, m), dtype=np.int64)
        gains = np.empty((BUILD_LEVELS, BUILD_BATCH, m), dtype=np.int64)
        kinds = np.empty((BUILD_LEVELS, BUILD_BATCH, m), dtype=np.int64)
        none = np.empty((0, p), dtype=np.int64)
        none_idx = np.empty(0, dtype=np.int64)
        count = 0
        for blk in range(c, blocks, nchunks):  # interleaved: the threads share every part
            if flag[0] != 0:
                break
            lo = start + blk * BUILD_BLOCK
            hi = min(stop_at, lo + BUILD_BLOCK)
            unrank(lo, n, p, binom, state)
            r = lo
            while r < hi:
                size = 0
                while size < BUILD_BATCH and r < hi:
                    if r > lo:
                        next_state(state, p)
                    g = offset + r
                    r += 1
                    if table[g] != UNKNOWN:
                        continue
                    own = 0
                    opp = 0
                    for k in range(m):
                        own += state[k]
                        opp += state[m + k]
                    if own == 0 or opp == 0:
                        table[g] = 0  # the set is over: never looked up
                        continue
                    for k in range(p):
                        states[0, size, k] = state[k]
                    idxs[0, size] = g
                    size += 1
                sizes[0] = size
                swept = 0
                while swept < BUILD_LEVELS and sizes[swept] > 0:
                    lv = swept
                    _sow_batch(
                        table,
                        states[lv],
                        idxs[lv],
                        sizes[lv],
                        kids[lv],
                        gains[lv],
                        kinds[lv],
                        child,
                        prm,
                        binom,
                    )
                    waits[lv, : sizes[lv]] = True
                    got, put = _read_batch(
                        table,
                        states[lv],
                        idxs[lv],
                        sizes[lv],
                        kids[lv],
                        gains[lv],
                        kinds[lv],
                        waits[lv],
                        states[lv + 1],
                        idxs[lv + 1],
                        prm,
                    )
                    count += got
                    swept += 1
                    sizes[swept] = put
                for lv in range(swept - 1, -1, -1):
                    # the children waited for are known now: read again, sow no more
                    got, _put = _read_batch(
                        table,
                        states[lv],
                        idxs[lv],
                        sizes[lv],
                        kids[lv],
                        gains[lv],
                        kinds[lv],
                        waits[lv],
                        none,
                        none_idx,
                        prm,
                    )
                    count += got
                    for b in range(sizes[lv]):
                        if waits[lv, b] and table[idxs[lv, b]] == UNKNOWN:
                            for k in range(p):
                                stk[0, k] = states[lv, b, k]
                            idx[0] = idxs[lv, b]
                            count += _settle(
                                table, stk, idx, child, m, prm[1], prm[2], prm[3], prm[4], binom
                            )
        done[c] = count
    return done.sum()


@njit(cache=True, nogil=True, inline="always")
def facts(s, i, own, opp, m, back, even, empty, sweep):  # pragma: no cover - compiled
    """What playing pit ``i`` of state ``s`` does, without sowing: ``(gain, status,
    captured)`` as :func:`sow` returns them. ``own`` and ``opp`` are the stones in the mover's
    and the opponent's rows. The search orders and prunes moves on these facts and sows (with
    :func:`play`) only the children it searches."""
    p = 2 * m
    cycle = p + 1
    big = s[i]
    n = big
    keep = 0
    if back and n > 1:
        keep = 1
        n -= 1
    laps = n // cycle
    rest = n - laps * cycle
    # After pit i come: own pits i+1..m-1, the store, the opponent's m pits, own pits 0..i-1.
    first = m - 1 - i
    store = 0
    opp_hits = 0
    if rest <= first:
        own_hits = rest
    else:
        own_hits = first
        store = 1
        r2 = rest - first - 1
        if r2 <= m:
            opp_hits = r2
        else:
            opp_hits = m
            own_hits += r2 - m
    gain = laps + store
    own_after = own - big + keep + laps * m + own_hits
    opp_after = opp + laps * m + opp_hits
    if rest == 0:
        c = i
    else:
        c = i + rest
        if c >= cycle:
            c -= cycle
    status = PASS
    captured = 0
    if c == m:
        status = EXTRA
    elif c > m:
        if even:
            cnt = s[c - 1] + laps + 1
            if (cnt & 1) == 0:
                gain += cnt
                captured = cnt
                opp_after -= cnt
    elif empty:
        cnt = keep + laps if rest == 0 else s[c] + laps + 1
        if cnt == 1:
            o = p - 1 - c
            taken = s[o] + laps
            if o + 1 - i <= rest:
                taken += 1
            if taken:
                gain += taken + 1
                captured = taken + 1
                own_after -= 1
                opp_after -= taken
    if own_after == 0 or opp_after == 0:
        if sweep:
            if own_after == 0:
                gain += opp_after
            else:
                gain -= own_after
        else:
            gain += own_after - opp_after
        return gain, OVER, captured
    return gain, status, captured


@njit(cache=True, nogil=True, inline="always")
def play(s, i, out, m, back, status, captured):  # pragma: no cover - compiled
    """The child of playing pit ``i`` of ``s`` into ``out`` (turned round when the turn
    passes), given the ``status`` and ``captured`` of :func:`facts` (not :data:`OVER`): the
    same state as :func:`sow` writes."""
    p = 2 * m
    cycle = p + 1
    if status == PASS:
        ob = m  # where the mover's row goes
        pb = 0  # where the opponent's row goes
    else:
        ob = 0
        pb = m
    for k in range(m):
        out[ob + k] = s[k]
        out[pb + k] = s[m + k]
    n = s[i]
    keep = 0
    if back and n > 1:
        keep = 1
        n -= 1
    out[ob + i] = keep
    laps = n // cycle
    rest = n - laps * cycle
    if laps:
        for k in range(p):
            out[k] += laps
    first = m - 1 - i
    a = rest if rest < first else first
    for k in range(i + 1, i + 1 + a):
        out[ob + k] += 1
    r2 = rest - first - 1
    if r2 > 0:
        b = r2 if r2 < m else m
        for k in range(b):
            out[pb + k] += 1
        for k in range(r2 - m):
            out[ob + k] += 1
    if captured > 0:
        if rest == 0:
            c = i
        else:
            c = i + rest
            if c >= cycle:
                c -= cycle
        if c > m:
            out[pb + c - m - 1] = 0
        else:
            out[ob + c] = 0
            out[pb + m - 1 - c] = 0
    return 0


PACK_BITS = 62
"""States with ``stones + pits <= PACK_BITS`` are keyed by :func:`ttkey`'s packing, the others
by their rank with bit 62 set: the two kinds of key never meet."""


@njit(cache=True, nogil=True, inline="always")
def ttkey(s, p, stones, binom):  # pragma: no cover - compiled
    """The transposition-table key of state ``s`` (``p`` pits, ``stones`` on the board): an
    exact packing, each pit a 1 bit followed by as many 0 bits as it holds stones (``stones +
    p`` bits, cheaper than :func:`rank`), or for a state with too many stones its rank with bit
    62 set. Distinct states always get distinct keys."""
    if stones + p <= PACK_BITS:
        key = 0
        for k in range(p):
            c = s[k]
            key = (key << (c + 1)) | (1 << c)
        return key
    r, _n = rank(s, p, binom)
    return r | (1 << 62)


@njit(cache=True, nogil=True, inline="always")
def _store(tt, key, h, lo, hi, best, work):  # pragma: no cover - compiled
    data = (
        (lo + VALUE_BIAS)
        | ((hi + VALUE_BIAS) << 11)
        | ((best + 1) << BEST_SHIFT)
        | (work << WORK_SHIFT)
    )
    j = h * 4
    d0 = tt[j + 1]
    if (tt[j] ^ d0) == key or (d0 >> WORK_SHIFT) <= work:
        tt[j] = key ^ data
        tt[j + 1] = data
    else:
        tt[j + 2] = key ^ data
        tt[j + 3] = data


@njit(cache=True, nogil=True, inline="always")
def _probe(tt, key, h):  # pragma: no cover - compiled
    j = h * 4
    d = tt[j + 1]
    if (tt[j] ^ d) == key and d != 0:
        return d
    d = tt[j + 3]
    if (tt[j + 2] ^ d) == key and d != 0:
        return d
    return 0


@njit(cache=True, nogil=True, inline="always")
def _slot_compiled(key, mask):  # pragma: no cover - compiled
    h = key * -7046029254386353131  # 0x9E3779B97F4A7C15 as a signed 64-bit number
    h ^= (h >> 29) & 0x7FFFFFFFF
    return h & mask


def _slot_in_python(key: Any, mask: Any) -> int:
    """:func:`_slot_compiled` in plain Python (``NUMBA_DISABLE_JIT=1``): the same slot, the
    product wrapped to 64 bits as the machine does (numpy would warn of the overflow)."""
    h = (int(key) * -7046029254386353131) & 0xFFFFFFFFFFFFFFFF
    if h >= 1 << 63:
        h -= 1 << 64
    h ^= (h >> 29) & 0x7FFFFFFFF
    return h & int(mask)


_slot: Any = _slot_in_python if numba_config.DISABLE_JIT else _slot_compiled
"""The transposition-table bucket of ``key`` (``mask``: the buckets less one)."""


@njit(cache=True, nogil=True)
def grow(tt, old_bits, new_bits):  # pragma: no cover - compiled
    """Spread the entries of the first ``2 ** old_bits`` buckets of ``tt`` over ``2 **
    new_bits`` buckets, zeroing the new ones first (the table grows in place: a slot's low
    bits do not change, so every entry stays in its bucket or moves to a new one)."""
    mask = (1 << new_bits) - 1
    for j in range(4 << old_bits, 4 << new_bits):
        tt[j] = 0
    for s in range(1 << old_bits):
        j = s * 4
        d0 = tt[j + 1]
        k0 = tt[j] ^ d0
        d1 = tt[j + 3]
        k1 = tt[j + 2] ^ d1
        tt[j] = 0
        tt[j + 1] = 0
        tt[j + 2] = 0
        tt[j + 3] = 0
        for e in range(2):
            d = d0 if e == 0 else d1
            k = k0 if e == 0 else k1
            if d == 0:
                continue
            t = _slot(k, mask) * 4
            if tt[t + 1] != 0:
                t += 2
            tt[t] = k ^ d
            tt[t + 1] = d
    return 0


@njit(cache=True, nogil=True, inline="always")
def _bitlen(x):  # pragma: no cover - compiled
    """The bits of ``x > 0`` (at most 63), by halving steps."""
    b = 0
    if x >= 1 << 32:
        x >>= 32
        b += 32
    if x >= 1 << 16:
        x >>= 16
        b += 16
    if x >= 1 << 8:
        x >>= 8
        b += 8
    if x >= 1 << 4:
        x >>= 4
        b += 4
    while x > 0:
        x >>= 1
        b += 1
    return b if b < 63 else 63


tt_window = njit(cache=True, nogil=True, inline="always")(driver.tt_window)
"""The pure searches' :func:`.driver.tt_window`, compiled: a stored entry's bounds applied to
the window (``(value, value, True)`` when they decide the search)."""
tt_bounds = njit(cache=True, nogil=True, inline="always")(driver.tt_bounds)
"""The pure searches' :func:`.driver.tt_bounds`, compiled: the bounds to store after a
search."""


HIST_MAX = 1 << 40
"""History scores are halved (all of them) when one passes this, so that they stay below the
class bits of the move ordering (stones into the store from ``1 << 42``)."""

ROW = 6
"""``meta[d]`` holds ``ROW`` numbers a move: gain, status, order score, value when known (or
the stones captured, or the child's endgame-table index until its value is read), and for
enhanced transposition cutoffs the child's key and slot."""

_SEARCH_SIGNATURE = (
    "int64(int64, int64, int64, int64, int64[:, ::1], int64[:, ::1], "
    "int64[::1], int64[:, ::1], int8[::1], int64[:, ::1], int64[::1], int64[::1], int64[::1])"
)
"""An explicit signature: a recursive function compiled lazily cannot be reloaded from
numba's on-disk cache safely, one compiled eagerly with its types can."""


@njit(_SEARCH_SIGNATURE, cache=True, nogil=True, **NO_REFCOUNTS)
def search(
    d, alpha, beta, stones, st, meta, tt, hist, table, binom, prm, ctl, stop
):  # pragma: no cover - compiled
    """Fail-soft alpha-beta on the future gain of the state ``st[d]`` with ``stones`` on the
    board (the same search as :meth:`.solver.Solver._search`, plus the endgame table). When
    the budget runs out it sets ``ctl[2]`` to 1 (to :data:`GROW` once ``ctl[4]`` nodes have
    been searched) and returns 0; callers then unwind without storing anything.

    Each move's facts (gain, extra turn, capture, end of the set) are worked out without
    sowing (:func:`facts`); a child is sown into ``st[d + 1]`` only when it is searched or
    looked up in the endgame table. Memory is asked for before it is read (:func:`prefetch`):
    the state's transposition-table entry before the moves' facts, the endgame-table entries
    of all children before the first is read, and likewise the children's entries for the
    enhanced transposition cutoffs, so that the waits for memory overlap."""
    nodes = ctl[0] + 1
    ctl[0] = nodes
    if (nodes & 4095) == 0:
        if stop[0] != 0 or stop[ctl[3]] != 0 or nodes >= ctl[1]:
            ctl[2] = 1
        elif nodes >= ctl[4]:
            ctl[2] = GROW  # the transposition table is to grow: the probe is run again
    if ctl[2] != 0:
        return 0
    if stones <= alpha:
        return stones
    if -stones >= beta:
        return -stones
    m = prm[0]
    p = 2 * m
    s = st[d]
    kstones = prm[5]
    if stones <= kstones:
        r, _n = rank(s, p, binom)
        return np.int64(table[r])
    key = ttkey(s, p, stones, binom)
    h = _slot(key, prm[6])
    prefetch(tt, h * 4)  # read once the moves' facts are known
    back = prm[1]
    even = prm[2]
    empty = prm[3]
    sweep = prm[4]
    own = 0
    opp = 0
    for k in range(m):
        own += s[k]
        opp += s[m + k]
    nxt = st[d + 1]
    # row[ROW * i + ...]: gain, status, order score (-1: no move), and the value when known
    # at once (end of the set, or a child in the endgame table: such moves cost nothing and go
    # first, raising alpha for the others), else the stones captured (for play).
    row = meta[d]
    for i in range(m):
        j = ROW * i
        n0 = s[i]
        if n0 == 0:
            row[j + 2] = -1
            continue
        gain, status, cap = facts(s, i, own, opp, m, back, even, empty, sweep)
        cnt = n0 if n0 < 64 else 63
        score = hist[i, cnt]
        if status == OVER:
            row[j + 3] = gain
            score += 1 << 56
        elif stones - gain <= kstones:
            play(s, i, nxt, m, back, status, cap)
            ci, _cn = rank(nxt, p, binom)
            prefetch(table, ci)  # read below, once every move's lookup is under way
            row[j + 3] = ci
            status = OVER + 1 + status  # in the table: its value is read below
            score += 1 << 56
        else:
            row[j + 3] = cap  # for play, when the child is searched
            if status == EXTRA:
                score += 1 << 50
            elif gain > 0:
                # Stones into the store (sown past it, or captured) first, the most first (at
                # most 127 counted, so as to stay below the class bits):
                # on Kalah(6,3), ranking only captures here searched over 80 times the nodes.
                score += (1 << 49) + ((gain if gain < 127 else 127) << 42)
        row[j] = gain
        row[j + 1] = status
        row[j + 2] = score
    data = _probe(tt, key, h)
    lo = -stones
    hi = stones
    if data != 0:
        lo = (data & 2047) - VALUE_BIAS
        hi = ((data >> 11) & 2047) - VALUE_BIAS
        alpha, beta, cut = tt_window(lo, hi, alpha, beta)
        if cut:
            return alpha
        hint = ((data >> BEST_SHIFT) & 15) - 1
        if hint >= 0 and row[ROW * hint + 2] >= 0:
            row[ROW * hint + 2] += 1 << 55
    else:
        hint = -1
    for i in range(m):
        j = ROW * i
        if row[j + 2] >= 0 and row[j + 1] > OVER:
            tv = np.int64(table[row[j + 3]])
            row[j + 3] = row[j] + tv if row[j + 1] == OVER + 1 + EXTRA else row[j] - tv
            row[j + 1] = OVER  # nothing left to search for this move
    if stones >= prm[9]:
        # Enhanced transposition cutoffs, far from the leaves only (where a subtree is worth
        # the sowing and the lookup of every child): a child's stored bound may already
        # prove this state's cutoff.
        for i in range(m):
            j = ROW * i
            if row[j + 2] < 0 or row[j + 1] == OVER:
                continue
            play(s, i, nxt, m, back, row[j + 1], row[j + 3])
            ckey = ttkey(nxt, p, stones - row[j], binom)
            row[j + 4] = ckey
            row[j + 5] = _slot(ckey, prm[6])
            prefetch(tt, row[j + 5] * 4)  # every child's lookup under way before the first
        for i in range(m):
            j = ROW * i
            if row[j + 2] < 0 or row[j + 1] == OVER:
                continue
            gain = row[j]
            cdata = _probe(tt, row[j + 4], row[j + 5])
            if cdata == 0:
                continue
            if row[j + 1] == EXTRA:
                v = gain + (cdata & 2047) - VALUE_BIAS
            else:
                v = gain - (((cdata >> 11) & 2047) - VALUE_BIAS)
            if v >= beta:
                _store(tt, key, h, v if v > lo else lo, hi, i, 0)
                return v
    start_nodes = nodes
    best = -stones - 1
    best_pit = -1
    a = alpha
    while True:
        i = -1
        top = -1
        for k in range(m):
            sc = row[ROW * k + 2]
            if sc > top:
                top = sc
                i = k
        if i < 0:
            break
        j = ROW * i
        row[j + 2] = -1
        gain = row[j]
        status = row[j + 1]
        if status == OVER:
            v = row[j + 3]
        else:
            left = stones - gain  # no end of the set: only the mover's store gained
            if gain + left <= a:
                v = gain + left
            else:
                play(s, i, nxt, m, back, status, row[j + 3])
                if status == EXTRA:
                    v = gain + search(
                        d + 1,
                        a - gain,
                        beta - gain,
                        left,
                        st,
                        meta,
                        tt,
                        hist,
                        table,
                        binom,
                        prm,
                        ctl,
                        stop,
                    )
                else:
                    v = gain - search(
                        d + 1,
                        gain - beta,
                        gain - a,
                        left,
                        st,
                        meta,
                        tt,
                        hist,
                        table,
                        binom,
                        prm,
                        ctl,
                        stop,
                    )
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
        hv = hist[best_pit, cnt] + (1 << (stones >> 1))
        hist[best_pit, cnt] = hv
        if hv > HIST_MAX:
            for x in range(hist.shape[0]):
                for y in range(hist.shape[1]):
                    hist[x, y] >>= 1
    keep = hint if best <= alpha and hint >= 0 else best_pit  # a fail-low keeps its hint
    lo, hi = tt_bounds(best, alpha, beta, lo, hi)
    _store(tt, key, h, lo, hi, keep, work)
    return best


@njit(cache=True, nogil=True, **NO_REFCOUNTS)
def probe(
    state, alpha, beta, st, meta, tt, hist, table, binom, prm, ctl, stop
):  # pragma: no cover - compiled
    """:func:`search` from the root ``state`` (copied into ``st[0]``)."""
    p = state.shape[0]
    stones = 0
    for k in range(p):
        st[0, k] = state[k]
        stones += state[k]
    ctl[2] = 0
    return search(0, alpha, beta, stones, st, meta, tt, hist, table, binom, prm, ctl, stop)


@njit(cache=True, nogil=True)
def lookup(state, tt, binom, prm):  # pragma: no cover - compiled
    """``(lo, hi, best pit index or -1)`` stored for ``state`` in the transposition table, or
    the trivial bounds."""
    p = state.shape[0]
    n = 0
    for k in range(p):
        n += state[k]
    key = ttkey(state, p, n, binom)
    data = _probe(tt, key, _slot(key, prm[6]))
    if data == 0:
        return -n, n, -1
    return (
        (data & 2047) - VALUE_BIAS,
        ((data >> 11) & 2047) - VALUE_BIAS,
        ((data >> BEST_SHIFT) & 15) - 1,
    )


@njit(cache=True, nogil=True, inline="always")
def parity_beta(g, lo, hi, stones):  # pragma: no cover - compiled
    """The next MTD(f) probe ``v >= beta?`` for a guess ``g`` within ``lo < hi`` (both of the
    parity of ``stones``): ``beta`` has that parity and ``lo < beta <= hi``."""
    x = g + 1 if g <= lo else g
    beta = x + ((x - stones) & 1)
    if beta <= lo:
        beta = lo + 2
    if beta > hi:
        beta = hi
    return beta


@njit(cache=True, nogil=True, **NO_REFCOUNTS)
def mtdf(
    state, guess, st, meta, tt, hist, table, binom, prm, ctl, stop, out
):  # pragma: no cover - compiled
    """MTD(f) on the future gain of ``state`` from ``guess``, within the bounds ``out[0]``
    and ``out[1]`` (of the parity of the stones), which it narrows after every zero-window
    probe (another thread may read them). Returns 1 when the budget ran out (``ctl[2]``),
    with the bounds proven by then in ``out``; 2 when ``ctl[4]`` nodes have been searched
    (the transposition table is to grow: after a probe, or within one, which is then given
    up) with the guess for the next probe in ``out[2]``; else 0, with ``out[0] == out[1]``."""
    p = state.shape[0]
    stones = 0
    for k in range(p):
        stones += state[k]
    lo = out[0]
    hi = out[1]
    g = guess
    while lo < hi:
        beta = parity_beta(g, lo, hi, stones)
        for k in range(p):
            st[0, k] = state[k]
        ctl[2] = 0
        last = g
        g = search(0, beta - 1, beta, stones, st, meta, tt, hist, table, binom, prm, ctl, stop)
        if ctl[2] == GROW:
            out[2] = last
            return 2
        if ctl[2] != 0:
            return 1
        if g < beta:
            hi = g - ((g - stones) & 1)
            out[1] = hi
        else:
            lo = g + ((g - stones) & 1)
            out[0] = lo
        if ctl[0] >= ctl[4] and lo < hi:
            out[2] = g
            return 2
    return 0


@njit(cache=True, nogil=True, **NO_REFCOUNTS)
def best_moves(
    state, value, st, meta, tt, hist, table, binom, prm, ctl, stop, out
):  # pragma: no cover - compiled
    """Which moves of ``state`` achieve its future gain ``value``: ``out[i]`` is 1 for such
    a pit ``i``, 0 for another legal move, -1 for an empty pit; one zero-window probe a move
    (as :meth:`.solver.Solver._root_values` with ``only_best``). Returns 1 when the budget ran
    out first (``ctl[2]``), 2 when the transposition table is to grow first (``ctl[4]``: run
    it again), else 0."""
    m = prm[0]
    own = 0
    opp = 0
    for k in range(m):
        own += state[k]
        opp += state[m + k]
    stones = own + opp
    ctl[2] = 0
    for i in range(m):
        if state[i] == 0:
            out[i] = -1
            continue
        gain, status, cap = facts(state, i, own, opp, m, prm[1], prm[2], prm[3], prm[4])
        if status == OVER:
            out[i] = 1 if gain == value else 0
            continue
        play(state, i, st[0], m, prm[1], status, cap)
        left = stones - gain
        if status == EXTRA:
            target = value - gain
            v = search(
                0, target - 1, target, left, st, meta, tt, hist, table, binom, prm, ctl, stop
            )
            ok = v >= target
        else:
            target = gain - value
            v = search(
                0, target, target + 1, left, st, meta, tt, hist, table, binom, prm, ctl, stop
            )
            ok = v <= target
        if ctl[2] != 0:
            return 2 if ctl[2] == GROW else 1
        out[i] = 1 if ok else 0
    return 0


SCALE = 8
"""The guess's values are in eighths of a stone (as :mod:`.evaluate`)."""
GUESS_SIGNATURE = "int64(int64, int64, int64, int64, int64[:, ::1], int64[::1])"


@njit(GUESS_SIGNATURE, cache=True, nogil=True)
def _guess_search(d, depth, alpha, beta, st, prm):  # pragma: no cover - compiled
    m = prm[0]
    p = 2 * m
    cycle = p + 1
    back = prm[1]
    s = st[d]
    own = 0
    opp = 0
    for k in range(m):
        own += s[k]
        opp += s[m + k]
    if depth <= 0:
        extras = 0
        for i in range(m):
            n = s[i]
            if n:
                if back and n > 1:
                    n -= 1
                if n % cycle == (m - i) % cycle:
                    extras += 1
        return prm[7] * (own - opp) + prm[8] * extras
    best = -(1 << 40)
    a = alpha
    for i in range(m):
        if s[i] == 0:
            continue
        gain, status, cap = facts(s, i, own, opp, m, back, prm[2], prm[3], prm[4])
        g = gain * SCALE
        if status == OVER:
            v = g
        else:
            play(s, i, st[d + 1], m, back, status, cap)
            if status == EXTRA:
                v = g + _guess_search(d + 1, depth - 1, a - g, beta - g, st, prm)
            else:
                v = g - _guess_search(d + 1, depth - 1, g - beta, g - a, st, prm)
        if v > best:
            best = v
            if v > a:
                a = v
                if v >= beta:
                    break
    return best


@njit(cache=True, nogil=True)
def guess(state, depth, st, prm):  # pragma: no cover - compiled
    """A first guess for MTD(f), in eighths of a stone: the value of a ``depth``-move
    alpha-beta search with the evaluation of :mod:`.evaluate` (weights ``prm[7]``,
    ``prm[8]``), as :func:`.lookahead.quick_guess` computes it."""
    for k in range(state.shape[0]):
        st[0, k] = state[k]
    return _guess_search(0, depth, -(1 << 40), 1 << 40, st, prm)
