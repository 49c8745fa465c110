"""The compiled (numba) Dokuz Taş search: :meth:`.search.Search._search` turn for turn.

Imported only when numba is installed (``pip install mangala_edu[fast]``), through
:mod:`.compiled`. It is the same alpha-beta as the pure-Python one, step by step: the same
turn generation and order, the same evaluation (:mod:`.evaluate`), the same table keys,
bounds and replacement, the same killers and history, the same repetition and quiet-turn
draws and the same node counting, so that a search counted in positions gives the same
values and turns with either (``tests/dokuz_tas/test_compiled.py`` compares them). It only
runs much faster. It reads the endgame tables (:mod:`.tables`) as :class:`.tables.Tables`
does, from the arrays ``probe`` (:func:`probe_code`).

A position is six integers: the White and Black bitboards, the stones in each hand, the side
to move (0 White) and the quiet turns. A turn is one integer, its *code*: ``(origin + 1) |
target << 5 | (removal + 1) << 10`` (an origin or removal of ``-1``: none).

Arrays (all ``int64``):

``geo``
    the board: the 16 lines' masks (``[0:16]``, so that it serves as the line masks of
    :mod:`._tables_kernel`, whose symmetry and removal helpers this kernel shares), each
    point's neighbours (``[16:40]``), and the masks of each point's two lines (``[40:88]``).
``sym``
    ``[16, 3, 256]``: a bitboard's image under each symmetry, byte by byte.
``perm``
    ``[2, 16, 24]``: each symmetry's permutation of the points and its inverse.
``wts``
    the evaluation's weights, in the order of :class:`.evaluate.Weights`' fields.
``ctl``
    the search's counters, see the ``C_`` constants.
``tt``
    the transposition table, ``[size, 3]``: the key (``-1``: empty), the bounds (``lo`` and
    ``hi`` offset by ``2**30``, ``lo`` in the high half), the depth and best turn (``(depth +
    2) << 16 | code + 1``), found by linear probing from the key's hash. Like the pure search's
    dictionary it forgets nothing; the caller grows it ahead of a search's budget
    (:func:`rehash`), and only a search with more positions than the largest table can
    hold at three quarters full finds it full and empties it (``ctl[C_CLEARED]``).
``killers``
    ``[plies, 2]`` turn codes (``-1``: none); ``hist``: the history heuristic by turn code.
``stack``
    ``[plies + history, 2]``: the repetition keys and material signatures of the positions
    before this one (the game's, then the line searched); ``ctl[C_SP]`` of them are in use.
``moves``, ``scores``
    ``[plies, MAX_MOVES]``: each ply's turns and their order.
``probe``
    the endgame tables of the search's flying rule, as a tuple: their bytes end to end
    (``uint8``), where each class ``(m, o)`` starts (``[m, o]``, ``-1``: no table), then for
    each mover count ``m`` (row ``m``) the arrays of :func:`._tables_kernel.canon_index`
    (orbit representatives, each set's representative and symmetry, the stabilisers' starts
    and list), and the binomials.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from . import search as py
from ._tables_kernel import _apply, _removable, canon_index

ALL = (1 << 24) - 1
WIN = py._WIN
PLY = py._PLY
MAX_PLY = py._MAX_PLY
INF = py._INF
EXACT = py._EXACT
CHECK_EVERY = py._CHECK_EVERY
QUIET_LIMIT = py.QUIET_LIMIT
REPETITIONS = py.REPETITIONS
MAX_MOVES = 640
OFFSET = 1 << 30
HASH = 0x2545F4914F6CDD1D
NO_ENTRY = 1 << 20  # probe_code: no table holds the position
INVALID = 255

# ctl's slots
C_PENDING = 0  # nodes not yet charged
C_CHARGED = 1  # nodes charged to the budget
C_LIMIT = 2  # the node limit (-1: none)
C_CAP = 3  # stop beyond this many charged nodes (the time budget's estimate; -1: none)
C_ABORTED = 4  # 1: over the node limit, 2: over the cap
C_HORIZON = 5
C_REPS = 6
C_EXACT_KEYS = 7
C_SYMMETRIC = 8
C_FLYING = 9
C_SP = 10
C_COUNT = 11  # the table's entries
C_BITS = 12  # log2 of the table's size
C_CLEARED = 13  # times the table was found full and emptied
CTL_SIZE = 16

# geo's parts
G_LINE_MASKS = 0  # first, so that geo serves as the tables kernel's ``line_masks``
G_NEIGH = 16
G_LINES_AT = 40


@njit(cache=True, inline="always")
def popcount(x: int) -> int:
    x = x - ((x >> 1) & 0x555555)
    x = (x & 0x333333) + ((x >> 2) & 0x333333)
    x = (x + (x >> 4)) & 0x0F0F0F
    return ((x * 0x010101) >> 16) & 0xFF


@njit(cache=True, inline="always")
def _low_index(x: int) -> int:
    i = 0
    while not (x >> i) & 1:
        i += 1
    return i


@njit(cache=True)
def closable(own: int, opp: int, in_hand: int, flying: bool, geo: np.ndarray) -> tuple:
    """:func:`.evaluate.closable`."""
    threats = 0
    later = 0
    for i in range(16):
        mask = geo[G_LINE_MASKS + i]
        o = own & mask
        if popcount(o) != 2:
            continue
        third = mask ^ o
        if opp & third:
            continue
        p = _low_index(third)
        if in_hand or (flying and own & ~mask) or geo[G_NEIGH + p] & own & ~mask:
            threats |= third
        else:
            later |= third
    return threats, later & ~threats


@njit(cache=True, inline="always")
def _space(slides: int, blocked: int, room: int, hand: int, opp_hand: int, w: np.ndarray) -> int:
    if not hand:
        score = w[9] * slides - w[10] * blocked + w[15] * room
        return score - w[16] if room <= 1 else score
    if hand > w[12]:
        return w[8] * slides
    score = w[13] * slides - w[14] * blocked + w[15] * room
    return score - w[16] if room <= opp_hand else score


@njit(cache=True)
def _mobility(own: int, empty: int, geo: np.ndarray) -> tuple:
    slides = 0
    blocked = 0
    room = 0
    for p in range(24):
        if own >> p & 1:
            near = geo[G_NEIGH + p] & empty
            n = popcount(near)
            slides += n
            if n == 0:
                blocked += 1
            room |= near
    return slides, blocked, popcount(room)


@njit(cache=True)
def evaluate(
    own: int, opp: int, own_hand: int, opp_hand: int, flying: bool, w: np.ndarray, geo: np.ndarray
) -> int:
    """:func:`.evaluate.evaluate` (``w``: the weights as an array)."""
    own_n = popcount(own)
    opp_n = popcount(opp)
    score = w[0] * (own_n + own_hand - opp_n - opp_hand)
    own_fly = flying and own_hand == 0 and own_n == 3
    opp_fly = flying and opp_hand == 0 and opp_n == 3
    mills = 0
    for i in range(16):
        mask = geo[G_LINE_MASKS + i]
        if own & mask == mask:
            mills += 1
        elif opp & mask == mask:
            mills -= 1
    score += w[1] * mills
    mine, my_later = closable(own, opp, own_hand, own_fly, geo)
    theirs, their_later = closable(opp, own, opp_hand, opp_fly, geo)
    if mine:
        score += w[2]
        if mine & (mine - 1):
            score += w[5]
    if theirs:
        if theirs & (theirs - 1):
            score -= w[4] + w[5]
        elif own_hand or own_fly or geo[G_NEIGH + _low_index(theirs)] & own:
            score -= w[3]
        else:
            score -= w[4]
    score += (w[6] if own_hand else w[7]) * popcount(my_later)
    score -= (w[6] if opp_hand else w[7]) * popcount(their_later)
    empty = ALL & ~(own | opp)
    if not own_fly:
        slides, blocked, room = _mobility(own, empty, geo)
        score += _space(slides, blocked, room, own_hand, opp_hand, w)
    if not opp_fly:
        slides, blocked, room = _mobility(opp, empty, geo)
        score -= _space(slides, blocked, room, opp_hand, own_hand, w)
        if not opp_hand and not slides:
            score += w[11]
    return score


@njit(cache=True, inline="always")
def _mills_at(own: int, target: int, geo: np.ndarray) -> bool:
    first = geo[G_LINES_AT + 2 * target]
    second = geo[G_LINES_AT + 2 * target + 1]
    return own & first == first or own & second == second


@njit(cache=True)
def generate(
    own: int, opp: int, hand: int, opp_count: int, flying: bool, geo: np.ndarray, out: np.ndarray
) -> int:
    """Write the legal turns (codes, in :meth:`.position.Position._generate`'s order) to
    ``out``; their number. ``opp_count``: the opponent's stones on the board and in hand
    (a player with fewer than three has lost: no turns)."""
    if popcount(own) + hand < 3 or opp_count < 3:
        return 0
    empty = ALL & ~(own | opp)
    takeable = _removable(opp, geo) if opp else 0
    n = 0
    if hand:
        for target in range(24):
            if not empty >> target & 1:
                continue
            if takeable and _mills_at(own | (1 << target), target, geo):
                for r in range(24):
                    if takeable >> r & 1:
                        out[n] = target << 5 | (r + 1) << 10
                        n += 1
            else:
                out[n] = target << 5
                n += 1
        return n
    fly = flying and popcount(own) == 3
    for origin in range(24):
        if not own >> origin & 1:
            continue
        base = own ^ (1 << origin)
        targets = empty if fly else geo[G_NEIGH + origin] & empty
        for target in range(24):
            if not targets >> target & 1:
                continue
            if takeable and _mills_at(base | (1 << target), target, geo):
                for r in range(24):
                    if takeable >> r & 1:
                        out[n] = (origin + 1) | target << 5 | (r + 1) << 10
                        n += 1
            else:
                out[n] = (origin + 1) | target << 5
                n += 1
    return n


@njit(cache=True)
def canonical(white: int, black: int, sym: np.ndarray) -> tuple:
    """:func:`.search.canonical`."""
    best = -1
    which = 0
    for k in range(16):
        v = _apply(sym, k, white) << 24 | _apply(sym, k, black)
        if best < 0 or v < best:
            best = v
            which = k
    return best, which


@njit(cache=True, inline="always")
def _map(code: int, perm: np.ndarray, which: int, k: int) -> int:
    o = (code & 31) - 1
    t = (code >> 5) & 31
    r = (code >> 10) - 1
    out = perm[which, k, t] << 5
    if o >= 0:
        out |= perm[which, k, o] + 1
    if r >= 0:
        out |= (perm[which, k, r] + 1) << 10
    return out


_to_tt = njit(cache=True, inline="always")(py._to_tt)
_from_tt = njit(cache=True, inline="always")(py._from_tt)


@njit(cache=True)
def _slot(tt: np.ndarray, key: int, bits: int) -> int:
    """The slot holding ``key``, or the empty slot where it goes (linear probing)."""
    size = tt.shape[0]
    s = ((key * HASH) >> (64 - bits)) & (size - 1)
    while tt[s, 0] != key and tt[s, 0] != -1:
        s = (s + 1) & (size - 1)
    return s


@njit(cache=True)
def _store(
    tt: np.ndarray, ctl: np.ndarray, key: int, depth: int, lo: int, hi: int, move: int
) -> None:
    s = _slot(tt, key, ctl[C_BITS])
    if tt[s, 0] == -1:
        if 4 * (ctl[C_COUNT] + 1) > 3 * tt.shape[0]:  # full: start again
            tt[:, 0] = -1
            ctl[C_COUNT] = 0
            ctl[C_CLEARED] += 1
            s = _slot(tt, key, ctl[C_BITS])
        ctl[C_COUNT] += 1
        tt[s, 0] = key
    tt[s, 1] = (lo + OFFSET) << 32 | (hi + OFFSET)
    tt[s, 2] = (depth + 2) << 16 | (move + 1)


@njit(cache=True)
def rehash(old: np.ndarray, new: np.ndarray, bits: int) -> None:
    """Move every entry of ``old`` into ``new`` (empty, ``2**bits`` slots)."""
    for i in range(old.shape[0]):
        if old[i, 0] != -1:
            s = _slot(new, old[i, 0], bits)
            new[s, 0] = old[i, 0]
            new[s, 1] = old[i, 1]
            new[s, 2] = old[i, 2]


@njit(cache=True)
def probe_code(own: int, opp: int, quiet: int, probe: tuple, sym: np.ndarray) -> int:
    """:class:`.tables.Tables` called as a probe, for a position with no stones in hand: plies
    to the next removal or the end with a sign (positive: the side to move wins), 0 for a
    draw, :data:`NO_ENTRY` when no table holds it."""
    data, start, reps, r2rep, r2sym, sst, sl, binom = probe
    m = popcount(own)
    o = popcount(opp)
    if m >= start.shape[0] or o >= start.shape[1] or start[m, o] < 0:
        return NO_ENTRY
    mt = (reps[m], r2rep[m], r2sym[m], sst[m], sl[m])
    code = np.int64(data[start[m, o] + canon_index(own, opp, m, o, mt, binom, sym)])
    if code == 0:
        return 0
    if code == INVALID:  # a damaged table (its checksum would have refused it)
        return NO_ENTRY
    d = (code + 1) // 2 if code & 1 else (code - 2) // 2
    if d == 0:  # blocked: the game is over
        return NO_ENTRY
    if quiet + d > QUIET_LIMIT:  # the 50-turn rule comes first
        return 0
    return d if code & 1 else -d


@njit(cache=True)
def search(
    w: int,
    b: int,
    h0: int,
    h1: int,
    t: int,
    quiet: int,
    depth: int,
    alpha: int,
    beta: int,
    ply: int,
    geo: np.ndarray,
    sym: np.ndarray,
    perm: np.ndarray,
    wts: np.ndarray,
    ctl: np.ndarray,
    tt: np.ndarray,
    killers: np.ndarray,
    hist: np.ndarray,
    stack: np.ndarray,
    moves: np.ndarray,
    scores: np.ndarray,
    probe: tuple,
) -> int:
    """:meth:`.search.Search._search`: the value of the position for its side to move. When
    the budget runs out it sets ``ctl[C_ABORTED]`` and returns 0 at once, storing nothing
    more."""
    ctl[C_PENDING] += 1
    if ctl[C_PENDING] >= CHECK_EVERY:
        ctl[C_CHARGED] += ctl[C_PENDING]
        ctl[C_PENDING] = 0
        if ctl[C_LIMIT] >= 0 and ctl[C_CHARGED] > ctl[C_LIMIT]:
            ctl[C_ABORTED] = 1
            return 0
        if ctl[C_CAP] >= 0 and ctl[C_CHARGED] > ctl[C_CAP]:
            ctl[C_ABORTED] = 2
            return 0
    own = w if t == 0 else b
    opp = b if t == 0 else w
    hand = h0 if t == 0 else h1
    opp_hand = h1 if t == 0 else h0
    if popcount(own) + hand < 3:
        return ply * PLY - WIN
    flying = ctl[C_FLYING] != 0
    row = moves[ply]
    n = generate(own, opp, hand, popcount(opp) + opp_hand, flying, geo, row)
    if n == 0:
        return ply * PLY - WIN
    if quiet >= QUIET_LIMIT:
        return 0
    rkey = w << 24 | b | h0 << 48 | h1 << 52 | t << 56
    sig = h0 | h1 << 4 | popcount(w) << 8 | popcount(b) << 13
    sp = ctl[C_SP]
    count = 1
    i = sp - 1
    while i >= 0 and stack[i, 1] == sig:
        if stack[i, 0] == rkey:
            count += 1
        i -= 1
    if count >= REPETITIONS:
        ctl[C_REPS] += 1
        return 0
    if not h0 and not h1:
        found = probe_code(own, opp, quiet, probe, sym)
        if found != NO_ENTRY:
            if found > 0:
                return WIN - (ply + found) * PLY
            if found < 0:
                return (ply - found) * PLY - WIN
            return 0
    # the table
    q = quiet if ctl[C_EXACT_KEYS] or quiet + depth >= QUIET_LIMIT else -1
    if ctl[C_SYMMETRIC]:
        board, k = canonical(w, b, sym)
    else:
        board = w << 24 | b
        k = 0
    tkey = board | h0 << 48 | h1 << 52 | t << 56 | (q + 1) << 57
    bits = ctl[C_BITS]
    s = _slot(tt, tkey, bits)
    hint = -1
    found = tt[s, 0] == tkey
    e_depth = 0
    e_lo = 0
    e_hi = 0
    e_move = -1
    if found:
        e_depth = (tt[s, 2] >> 16) - 2
        e_move = (tt[s, 2] & 0xFFFF) - 1
        e_lo = (tt[s, 1] >> 32) - OFFSET
        e_hi = (tt[s, 1] & 0xFFFFFFFF) - OFFSET
        if e_move >= 0:
            hint = _map(e_move, perm, 1, k) if k else e_move
        if e_depth >= depth:
            lo = _from_tt(e_lo, ply)
            hi = _from_tt(e_hi, ply)
            if lo >= beta or hi <= alpha or lo == hi:
                if e_depth != EXACT:
                    ctl[C_HORIZON] += 1
                return lo if lo >= beta else hi
    if depth <= 0:
        ctl[C_HORIZON] += 1
        return evaluate(own, opp, hand, opp_hand, flying, wts, geo)
    srow = scores[ply]
    if n > 1:
        opp_fly = flying and opp_hand == 0 and popcount(opp) == 3
        block = closable(opp, own, opp_hand, opp_fly, geo)[0]
        k0 = killers[ply, 0]
        k1 = killers[ply, 1]
        for j in range(n):
            m = row[j]
            if m == hint:
                sc = 1 << 40
            else:
                sc = hist[m]
                if m >> 10:
                    sc += 1 << 36
                if block >> ((m >> 5) & 31) & 1:
                    sc += 1 << 34
                if m in (k0, k1):
                    sc += 1 << 32
            # insertion, best first, ties in generation order
            x = j
            while x > 0 and srow[x - 1] < sc:
                srow[x] = srow[x - 1]
                row[x] = row[x - 1]
                x -= 1
            srow[x] = sc
            row[x] = m
    horizon = ctl[C_HORIZON]
    reps = ctl[C_REPS]
    stack[sp, 0] = rkey
    stack[sp, 1] = sig
    ctl[C_SP] = sp + 1
    best = -INF
    best_move = row[0]
    a = alpha
    d1 = depth - 1
    p1 = ply + 1
    for j in range(n):
        m = row[j]
        o = (m & 31) - 1
        to = (m >> 5) & 31
        r = (m >> 10) - 1
        mine = own | (1 << to)
        left = hand
        nq = quiet
        if o < 0:
            left -= 1
        else:
            mine ^= 1 << o
            nq += 1
        theirs = opp
        if r >= 0:
            theirs ^= 1 << r
            nq = 0
        if t == 0:
            nw, nb, n0, n1 = mine, theirs, left, opp_hand
        else:
            nw, nb, n0, n1 = theirs, mine, opp_hand, left
        v = -search(
            nw, nb, n0, n1, 1 - t, nq, d1, -beta, -a, p1,
            geo, sym, perm, wts, ctl, tt, killers, hist, stack, moves, scores, probe,
        )  # fmt: skip
        if ctl[C_ABORTED]:
            ctl[C_SP] = sp
            return 0
        if v > best:
            best = v
            best_move = m
            if v > a:
                a = v
                if v >= beta:
                    if r < 0:
                        if killers[ply, 0] != m:
                            killers[ply, 1] = killers[ply, 0]
                            killers[ply, 0] = m
                        hist[m] += depth * depth
                    break
    ctl[C_SP] = sp
    stored = _map(best_move, perm, 0, k) if k else best_move
    if ctl[C_REPS] != reps:  # a repetition below: the value belongs to this line only
        if not found:
            _store(tt, ctl, tkey, -1, -INF, INF, stored)
        return best
    if ctl[C_HORIZON] == horizon:
        depth = EXACT
    lo = -INF
    hi = INF
    if found and e_depth == depth:
        lo = e_lo
        hi = e_hi
    v = _to_tt(best, ply)
    if best <= alpha:
        hi = min(hi, v)
        if found and e_move >= 0:
            stored = e_move
    elif best >= beta:
        lo = max(lo, v)
    else:
        lo = v
        hi = v
    _store(tt, ctl, tkey, depth, lo, hi, stored)
    return best
