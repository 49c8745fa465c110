"""The compiled (numba) build of the Dokuz Taş endgame tables: see :mod:`.tables`.

Imported only when numba is installed; :mod:`.tables` holds the pure-Python build, which
gives the same bytes by another route (a test compares them on 3-3). Everything here works
on the tables' index (:func:`.tables.index_of`): a class ``(m, o)`` (the side to move has
``m`` stones, the other ``o``) is numbered by the orbit of the mover's stones under the 16
symmetries and the colex rank of the opponent's stones on the other points, made smallest
by the symmetries that keep the mover's stones in place.

The retrograde analysis counts, for each unknown position, the distinct positions (up to
symmetry) its quiet turns lead to that are not yet won by the opponent; a position whose
count falls to 0 is lost one ply after its last child was found won. A position with a
child lost for the opponent is won one ply after it.

Arrays of a mover count ``m`` (``mt``): the orbit representatives (bitboards, ascending),
for every ``m``-subset's colex rank its representative's number and a symmetry taking it
there, and the stabiliser of each representative (``start``, ``list``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

ALL = (1 << 24) - 1
INVALID = 255
_FIFTY = 50


@njit(cache=True, inline="always")
def _apply(symb: np.ndarray, s: int, mask: int) -> int:
    return symb[s, 0, mask & 255] | symb[s, 1, (mask >> 8) & 255] | symb[s, 2, (mask >> 16) & 255]


@njit(cache=True)
def _rank24(mask: int, binom: np.ndarray) -> int:
    r = 0
    i = 0
    for p in range(24):
        if mask >> p & 1:
            i += 1
            r += binom[p, i]
    return r


@njit(cache=True)
def canon_index(
    mover: int, opp: int, m: int, o: int, mt: tuple, binom: np.ndarray, symb: np.ndarray
) -> int:
    """The table index of the position (``mover``, ``opp`` bitboards) in class (m, o)."""
    reps, r2rep, r2sym, sst, sl = mt
    r = _rank24(mover, binom)
    rid = r2rep[r]
    rep = reps[rid]
    o1 = _apply(symb, r2sym[r], opp)
    lo = sst[rid]
    hi = sst[rid + 1]
    if hi - lo > 1:
        best = o1
        for j in range(lo, hi):
            o2 = _apply(symb, sl[j], o1)
            if o2 < best:
                best = o2
        o1 = best
    rr = 0
    i = 0
    j = 0
    for p in range(24):
        if rep >> p & 1:
            continue
        if o1 >> p & 1:
            i += 1
            rr += binom[j, i]
        j += 1
    return rid * binom[24 - m, o] + rr


@njit(cache=True)
def decode(idx: int, m: int, o: int, mt: tuple, binom: np.ndarray) -> tuple[int, int]:
    """The position (mover, opponent bitboards) at ``idx`` of class (m, o) (its slot's
    representative: not canonical when the slot is unused)."""
    reps = mt[0]
    per = binom[24 - m, o]
    rid = idx // per
    rr = idx - rid * per
    rep = reps[rid]
    comp = 0
    c = 24 - m
    for i in range(o, 0, -1):
        c -= 1
        while binom[c, i] > rr:
            c -= 1
        rr -= binom[c, i]
        comp |= 1 << c
    opp = 0
    j = 0
    for p in range(24):
        if rep >> p & 1:
            continue
        if comp >> j & 1:
            opp |= 1 << p
        j += 1
    return rep, opp


@njit(cache=True, inline="always")
def _mill_at(stones: int, t: int, lines_at: np.ndarray, line_masks: np.ndarray) -> bool:
    a = line_masks[lines_at[t, 0]]
    b = line_masks[lines_at[t, 1]]
    return (stones & a) == a or (stones & b) == b


@njit(cache=True)
def _removable(stones: int, line_masks: np.ndarray) -> int:
    mills = 0
    for k in range(16):
        lm = line_masks[k]
        if stones & lm == lm:
            mills |= lm
    free = stones & ~mills
    return free if free else stones


@njit(cache=True, inline="always")
def _win50(code: int) -> bool:
    return code & 1 == 1 and code != INVALID and (code + 1) // 2 <= _FIFTY


@njit(cache=True, inline="always")
def _loss50(code: int) -> bool:
    return code != 0 and code & 1 == 0 and (code - 2) // 2 <= _FIFTY


@njit(cache=True)
def _distinct(buf: np.ndarray, n: int) -> int:
    """Sort ``buf[:n]`` and move its distinct values to the front; their number."""
    if n == 0:
        return 0
    part = np.sort(buf[:n])
    k = 1
    buf[0] = part[0]
    for i in range(1, n):
        if part[i] != part[i - 1]:
            buf[k] = part[i]
            k += 1
    return k


@njit(cache=True)
def init_class(
    vals: np.ndarray,
    counts: np.ndarray,
    ma: int,
    mb: int,
    fly: bool,
    mt_self: tuple,
    mt_part: tuple,
    sub_vals: np.ndarray,
    mt_sub: tuple,
    binom: np.ndarray,
    symb: np.ndarray,
    neigh: np.ndarray,
    lines_at: np.ndarray,
    line_masks: np.ndarray,
) -> int:
    """Mark the unused slots, the blocked positions (lost, 0 plies), the positions won by a
    removal (1 ply) or lost because every turn is a removal into a won position for the
    opponent (1 ply); count the rest's distinct quiet children. Returns the seeds at ply 1."""
    buf = np.empty(1024, dtype=np.int64)
    seeds = 0
    for idx in range(vals.size):
        own, opp = decode(idx, ma, mb, mt_self, binom)
        if canon_index(own, opp, ma, mb, mt_self, binom, symb) != idx:
            vals[idx] = INVALID
            continue
        empty = ALL & ~(own | opp)
        free = _removable(opp, line_masks)
        nq = 0
        moves = 0
        win = False
        safe = False
        for x in range(24):
            if not own >> x & 1:
                continue
            tg = empty if fly else neigh[x] & empty
            for t in range(24):
                if not tg >> t & 1:
                    continue
                moves += 1
                after = (own ^ (1 << x)) | (1 << t)
                if _mill_at(after, t, lines_at, line_masks):
                    if mb - 1 < 3:
                        win = True
                        break
                    for r in range(24):
                        if free >> r & 1:
                            c = sub_vals[
                                canon_index(opp ^ (1 << r), after, mb - 1, ma, mt_sub, binom, symb)
                            ]
                            if _loss50(c):
                                win = True
                                break
                            if not _win50(c):
                                safe = True
                    if win:
                        break
                else:
                    buf[nq] = canon_index(opp, after, mb, ma, mt_part, binom, symb)
                    nq += 1
            if win:
                break
        if win:
            vals[idx] = 1
            seeds += 1
        elif moves == 0:
            vals[idx] = 2
        else:
            n = _distinct(buf, nq) + (1 if safe else 0)
            if n == 0:
                vals[idx] = 4
                seeds += 1
            else:
                counts[idx] = n
    return seeds


@njit(cache=True)
def retro_level(
    level: int,
    wins: bool,
    vals: np.ndarray,
    ma: int,
    mb: int,
    mt_self: tuple,
    vals_p: np.ndarray,
    counts_p: np.ndarray,
    mt_part: tuple,
    fly_parent: bool,
    binom: np.ndarray,
    symb: np.ndarray,
    neigh: np.ndarray,
    lines_at: np.ndarray,
    line_masks: np.ndarray,
) -> int:
    """Take back the quiet turns into every position of class (ma, mb) won (``wins``) or lost
    in ``level`` plies; their parents (class (mb, ma)) become lost (when no other child is
    left) or won in ``level + 1``. Returns the positions newly valued."""
    code = 2 * level - 1 if wins else 2 * level + 2
    new = 2 * level + 4 if wins else 2 * level + 1
    buf = np.empty(1024, dtype=np.int64)
    found = 0
    for idx in range(vals.size):
        if vals[idx] != code:
            continue
        cm, cn = decode(idx, ma, mb, mt_self, binom)
        empty = ALL & ~(cm | cn)
        k = 0
        for x in range(24):
            if not cn >> x & 1 or _mill_at(cn, x, lines_at, line_masks):
                continue  # a turn onto x closed a mill: it took a stone, it was no quiet turn
            src = empty if fly_parent else neigh[x] & empty
            for y in range(24):
                if src >> y & 1:
                    buf[k] = canon_index(
                        (cn ^ (1 << x)) | (1 << y), cm, mb, ma, mt_part, binom, symb
                    )
                    k += 1
        k = _distinct(buf, k)
        for i in range(k):
            p = buf[i]
            if vals_p[p] != 0:
                continue
            if wins:
                counts_p[p] -= 1
                if counts_p[p] == 0:
                    vals_p[p] = new
                    found += 1
            else:
                vals_p[p] = new
                found += 1
    return found


@njit(cache=True)
def census(
    vals: np.ndarray, m: int, o: int, mt: tuple, binom: np.ndarray, symb: np.ndarray
) -> np.ndarray:
    """Per code (0..255) the slots holding it and the positions (all 16 images counted once
    each) they stand for."""
    out = np.zeros((256, 2), dtype=np.int64)
    for idx in range(vals.size):
        c = vals[idx]
        out[c, 0] += 1
        if c == INVALID:
            continue
        own, opp = decode(idx, m, o, mt, binom)
        same = 0
        for s in range(16):
            if _apply(symb, s, own) == own and _apply(symb, s, opp) == opp:
                same += 1
        out[c, 1] += 16 // same
    return out
