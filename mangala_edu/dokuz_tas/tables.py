"""Perfect play in Dokuz Taş's moving phase: endgame tables built by retrograde analysis.

A *class* ``(m, o)`` is every position with no stones in hand in which the side to move has
``m`` stones on the board and the other side ``o`` (colours do not matter: White with 4 to
move against 3 is the same game as Black with 4 to move against 3). For every such position,
up to the board's 16 symmetries, a table holds the value for the side to move with perfect
play, and how far away it is::

    win in d    the side to move can force, within d plies (turns of either side), a removal
                into a position that is still won, or the end of the game (the opponent
                blocked or left with two stones); not sooner
    loss in d   the opponent can force that against every defence, and not sooner
    draw        neither side can force a win

``d`` is the *distance to conversion* (to the next removal or the end), not to the end of the
game: a removal resets the 50-quiet-turn count, so it is what the 50-turn rule needs. The
tables are built with that rule in force after every removal: a removal into a position whose
win (for either side) needs more than 50 plies to its own next removal counts as a removal
into a draw. Within a class the analysis goes on without limit, so each entry says exactly
what happens at any quiet count ``q``: a win or loss in ``d`` holds when ``q + d <= 50`` and is
a draw otherwise (the winner cannot force the removal before the 50th quiet turn, and the
loser cannot do better than the draw either: whatever wins for them against the count would
win in the table). :func:`probe` therefore always answers exactly; it returns ``None`` only for
a class it has no table of, a position with stones in hand, or a position already over.

Repetition: a won position's distance falls by one with each ply of best play, so the
winner's line never repeats a position before its removal, and a removal never comes back;
the loser cannot make the winner repeat. Threefold repetition therefore changes no win or
loss, and the tables' draws are the positions where neither side can force a win (where play
goes on for ever, repetition or the 50-turn rule ends it). The one thing a table cannot know
is a game's earlier history: a position that already stood twice before is the search's to
see (:class:`~.search.Search` checks repetitions before it asks the probe).

Building goes from the smallest class up, because a removal leads into a smaller one (a
removal that leaves three stones with two is a win): 3-3; 4-3 with 3-4; 4-4; 5-3 with 3-5;
5-4 with 4-5; ... A class and its mirror (``(m, o)`` and ``(o, m)``) are built together: a
quiet turn of one leads into the other.

The index (the order of a table's bytes), for class ``(m, o)``: the mover's stones are
replaced by the smallest of their 16 images (as a bitboard; :func:`orbit_count` of them per
``m``), numbered in ascending order; the opponent's stones are moved by the same symmetry,
then made smallest by the symmetries that keep the mover's stones in place, and ranked
among the ``24 - m`` other points (colex rank, the combinatorial number system). So a class
has ``orbit_count(m) * C(24 - m, o)`` bytes, about 1/16 of its positions; the few slots that a
symmetric mover's stones leave unused hold ``255``. One byte an entry: 0 a draw, ``2d - 1`` a
win in ``d``, ``2d + 2`` a loss in ``d`` (``d`` at most 126), 255 unused.

Files (:func:`table_path`) live in the user cache like Mangala's tables
(``$MANGALA_EDU_CACHE/tables`` or the platform's cache folder), one for each class and
flying switch, named with the format version: ``dokuz-tas-v1-fly-4-3.dtt``. A file is a
4096-byte header (a magic line and a JSON line: format, class, flying, entries, a blake2b
checksum, the figures of the build) and the entries; it is written to a temporary name and
renamed once complete. On load the header, the size and the checksum are checked, and a file
that fails is refused with :class:`TableError` (in Turkish and English), never used.

Two builds give the same bytes: :func:`build_python` (pure Python, for the small classes: the
3-3 class in well under a minute) and, when numba is installed, the compiled one in
``_tables_kernel`` (the larger classes; it counts children where the pure one watches one
child at a time).

>>> import tempfile
>>> from mangala_edu.dokuz_tas import Position
>>> folder = tempfile.mkdtemp()
>>> paths = build([(3, 3)], cache=folder)             # doctest: +SKIP
>>> table_name((4, 3)), table_name((4, 3), flying=False)
('dokuz-tas-v1-fly-4-3.dtt', 'dokuz-tas-v1-nofly-4-3.dtt')
>>> class_size((3, 3)), orbit_count(3)
(210140, 158)
>>> parse_class("4-3"), needed([(4, 4)])
((4, 3), [(3, 3), (3, 4), (4, 3), (4, 4)])
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import combinations
from math import comb
from pathlib import Path
from typing import Any

from ..search.errors import SearchError
from ..search.tables import TableError, cache_dir, write_atomically
from .board import LINE_MASKS, LINES_AT, NEIGHBOUR_MASKS, SYMMETRIES
from .notation import QUIET_LIMIT
from .position import Position

__all__ = [
    "DEFAULT_CLASSES",
    "FORMAT",
    "Figures",
    "Table",
    "TableError",
    "Tables",
    "build",
    "build_command",
    "build_python",
    "built",
    "check_sample",
    "class_size",
    "describe",
    "expected_code",
    "find_tables",
    "index_of",
    "load",
    "needed",
    "orbit_count",
    "parse_class",
    "probe",
    "shared",
    "table_name",
    "table_path",
]

Class = tuple[int, int]
"""A class of positions: (stones of the side to move, stones of the other side)."""

DEFAULT_CLASSES = ("3-3", "4-3", "4-4")
"""The classes ``mangala-edu tables build --rules dokuz-tas`` builds when none is named (with
their mirrors: 3-3, 3-4, 4-3, 4-4; under a minute with numba)."""

FORMAT = 1
"""The file format's version (part of the file name; a file of another version is refused)."""
MAGIC = b"MANGALA-EDU-DOKUZ-TAS-TABLE\n"
HEADER_BYTES = 4096
INVALID = 255
"""The byte of an unused slot."""
MAX_PLIES = 126
"""The longest distance a byte holds (a build that needs more stops with an error)."""
ALL = (1 << 24) - 1
STONES = 9


def win_code(d: int) -> int:
    """The byte of a win in ``d`` plies.

    >>> win_code(1), loss_code(0), loss_code(1), decode_value(3), decode_value(2)
    (1, 2, 4, ('win', 2), ('loss', 0))
    """
    return 2 * d - 1


def loss_code(d: int) -> int:
    """The byte of a loss in ``d`` plies (0: blocked now)."""
    return 2 * d + 2


def decode_value(code: int) -> tuple[str, int]:
    """A byte as ``(result, plies)``: ``("win", d)``, ``("loss", d)`` or ``("draw", 0)``."""
    if code == 0:
        return ("draw", 0)
    if code == INVALID:  # no position's slot: the table it came from is damaged
        raise TableError("tables.damaged", file="?")
    return ("win", (code + 1) // 2) if code & 1 else ("loss", (code - 2) // 2)


def _win50(code: int) -> bool:
    return code & 1 == 1 and code != INVALID and (code + 1) // 2 <= QUIET_LIMIT


def _loss50(code: int) -> bool:
    return code != 0 and code & 1 == 0 and (code - 2) // 2 <= QUIET_LIMIT


# -- Classes ---------------------------------------------------------------------------------------


def parse_class(text: str) -> Class:
    """A class from its name, ``"4-3"`` (the side to move has 4 stones, the other 3).

    >>> parse_class("2-3")
    Traceback (most recent call last):
    ...
    mangala_edu.search.tables.TableError: ...
    """
    try:
        m, o = (int(x) for x in str(text).strip().split("-"))
    except ValueError:
        raise TableError("tables.bad_stones", most=STONES, value=text) from None
    for n in (m, o):
        if not 3 <= n <= STONES:
            raise TableError("tables.bad_stones", most=STONES, value=text)
    if m + o > 12:  # beyond any machine this is meant for (6-6 is 158 M entries)
        raise TableError("tables.bad_stones", most=STONES, value=text)
    return (m, o)


def class_name(cls: Class) -> str:
    """``"4-3"`` for ``(4, 3)``."""
    return f"{cls[0]}-{cls[1]}"


def _subclasses(cls: Class) -> list[Class]:
    """The classes a removal leads into from ``cls`` or its mirror (a removal that leaves two
    stones ends the game)."""
    m, o = cls
    out = []
    if o - 1 >= 3:
        out.append((o - 1, m))
    if m - 1 >= 3:
        out.append((m - 1, o))
    return out


def needed(classes: Iterable[Class]) -> list[Class]:
    """Every class that building ``classes`` needs, in the order to build them (each with its
    mirror)."""
    seen: set[Class] = set()

    def visit(cls: Class) -> None:
        for c in (cls, (cls[1], cls[0])):
            if c in seen:
                continue
            seen.add(c)
            for sub in _subclasses(c):
                visit(sub)

    for cls in classes:
        visit(cls)
    return sorted(seen, key=lambda c: (c[0] + c[1], max(c), c))


def _units(classes: Iterable[Class]) -> list[Class]:
    """The build units (a class with its mirror, named with the larger side first) in
    order."""
    return [c for c in needed(classes) if c[0] >= c[1]]


# -- Symmetries and the index ----------------------------------------------------------------------


def _byte_tables(perm: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    out = []
    for shift in (0, 8, 16):
        row = []
        for byte in range(256):
            mask = 0
            for bit in range(8):
                if byte >> bit & 1:
                    mask |= 1 << perm[shift + bit]
            row.append(mask)
        out.append(tuple(row))
    return (out[0], out[1], out[2])


_SYM = tuple(_byte_tables(perm) for perm in SYMMETRIES)


def _image(s: int, mask: int) -> int:
    t0, t1, t2 = _SYM[s]
    return t0[mask & 255] | t1[mask >> 8 & 255] | t2[mask >> 16]


def _colex(mask: int) -> int:
    r = 0
    i = 0
    p = 0
    while mask:
        if mask & 1:
            i += 1
            r += comb(p, i)
        mask >>= 1
        p += 1
    return r


@dataclass(frozen=True)
class _Orbits:
    """The orbits of the sets of ``m`` points under the symmetries."""

    m: int
    reps: tuple[int, ...]
    """The representatives (smallest image), ascending."""
    info: dict[int, tuple[int, int, tuple[int, ...]]]
    """For every set: its representative's number, a symmetry taking it there, and the
    symmetries that keep the representative (the first is the identity)."""


@cache
def _orbits(m: int) -> _Orbits:
    sets = [sum(1 << p for p in c) for c in combinations(range(24), m)]
    rep_of = {}
    for mask in sets:
        images = [_image(s, mask) for s in range(16)]
        rep = min(images)
        rep_of[mask] = (rep, images.index(rep))
    reps = tuple(sorted({r for r, _ in rep_of.values()}))
    number = {r: i for i, r in enumerate(reps)}
    stabs = {r: tuple(s for s in range(16) if _image(s, r) == r) for r in reps}
    info = {mask: (number[rep], s, stabs[rep]) for mask, (rep, s) in rep_of.items()}
    return _Orbits(m, reps, info)


def orbit_count(m: int) -> int:
    """The sets of ``m`` points up to the 16 symmetries (the index's first factor)."""
    return len(_orbits(m).reps)


def class_size(cls: Class) -> int:
    """The entries (bytes) of a class's table: ``orbit_count(m) * C(24 - m, o)``."""
    m, o = cls
    return orbit_count(m) * comb(24 - m, o)


def _canonical(mover: int, opp: int) -> tuple[int, int, int]:
    """The canonical form of a position: (representative number, representative, opponent's
    stones moved by the symmetry that makes both smallest)."""
    orbits = _orbits(mover.bit_count())
    rid, s, stab = orbits.info[mover]
    o1 = _image(s, opp)
    if len(stab) > 1:
        o1 = min(_image(t, o1) for t in stab)
    return rid, orbits.reps[rid], o1


def index_of(mover: int, opp: int) -> int:
    """The index of a position (the side to move's stones, the other side's, as bitboards)
    in the table of its class; symmetric positions share it.

    >>> from mangala_edu.dokuz_tas.board import mask_of
    >>> a = index_of(mask_of(["a1", "a4", "d7"]), mask_of(["g1", "g4", "b2"]))
    >>> b = index_of(mask_of(["g1", "g4", "d7"]), mask_of(["a1", "a4", "f2"]))
    >>> a == b
    True
    """
    rid, rep, o1 = _canonical(mover, opp)
    return rid * comb(24 - mover.bit_count(), opp.bit_count()) + _relrank(o1, rep)


def _relrank(opp: int, rep: int) -> int:
    """The colex rank of ``opp`` among the points not in ``rep``."""
    r = 0
    i = 0
    j = 0
    for p in range(24):
        if rep >> p & 1:
            continue
        if opp >> p & 1:
            i += 1
            r += comb(j, i)
        j += 1
    return r


def _orbit_slots(cls: Class) -> Iterator[tuple[int, int, int]]:
    """Every used slot of a class: (index, mover, opponent), in index order."""
    m, o = cls
    orbits = _orbits(m)
    per = comb(24 - m, o)
    # the sets of o of the 24 - m free points in colex order: by the reversed tuple
    combos = sorted(combinations(range(24 - m), o), key=_rev)
    for rid, rep in enumerate(orbits.reps):
        stab = orbits.info[rep][2]
        free = [p for p in range(24) if not rep >> p & 1]
        base = rid * per
        for rank, combo in enumerate(combos):
            opp = 0
            for j in combo:
                opp |= 1 << free[j]
            if len(stab) > 1 and min(_image(t, opp) for t in stab) != opp:
                continue
            yield base + rank, rep, opp


def _rev(t: tuple[int, ...]) -> tuple[int, ...]:
    return t[::-1]


# -- Moves -------------------------------------------------------------------------------------------

_PAIRS = tuple(
    tuple(LINE_MASKS[i] & ~(1 << t) for i in LINES_AT[t]) for t in range(24)
)  # for each point, the other two points of its two lines


def _mill_at(stones: int, t: int) -> bool:
    a, b = _PAIRS[t]
    return stones & a == a or stones & b == b


def _removable(stones: int) -> int:
    mills = 0
    for lm in LINE_MASKS:
        if stones & lm == lm:
            mills |= lm
    free = stones & ~mills
    return free or stones


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _turns(own: int, opp: int, fly: bool) -> Iterator[tuple[int, int]]:
    """Every (stones after, target) of a sliding or flying turn of ``own``."""
    empty = ALL & ~(own | opp)
    for x in _bits(own):
        rest = own ^ (1 << x)
        for t in _bits(empty if fly else NEIGHBOUR_MASKS[x] & empty):
            yield rest | (1 << t), t


# -- The pure-Python build -------------------------------------------------------------------------

Lookup = Callable[[int, int], int]
"""The byte of a position (mover, opponent) in an already built class."""


def build_python(
    cls: Class, flying: bool = True, sub: Callable[[Class], Lookup] | None = None
) -> dict[Class, bytearray]:
    """The tables of class ``cls`` and its mirror, in pure Python: ``{class: bytes}``.
    ``sub(c)`` gives a lookup into an already built smaller class ``c`` (needed from 4-3 on).

    It works on canonical positions (dictionaries), finds the wins and losses ply by ply
    from the end, and decides a loss by *watching* one child not yet won by the opponent at
    a time (when it is found won, the next is looked for). Fast enough for 3-3 (seconds to
    a minute); the compiled build does the larger classes.

    >>> t = build_python((3, 3))                       # doctest: +SKIP
    >>> len(t[(3, 3)]) == class_size((3, 3))           # doctest: +SKIP
    True
    """
    a, b = cls
    classes = [(a, b)] if a == b else [(a, b), (b, a)]
    subs: dict[Class, Lookup] = {}
    for c in classes:
        s = (c[1] - 1, c[0])
        if s[0] >= 3:
            if sub is None:
                raise TableError("tables.entries_unknown")
            subs[c] = sub(s)
    vals: dict[Class, dict[int, int]] = {c: {} for c in classes}
    levels: dict[int, list[tuple[Class, int]]] = {}
    slots: dict[Class, list[tuple[int, int]]] = {}

    def key(mover: int, opp: int) -> int:
        rid, _rep, o1 = _canonical(mover, opp)
        return rid << 24 | o1

    def removals(c: Class, own: int, opp: int, after: int) -> Iterator[int]:
        """The bytes of the positions after a mill (the opponent to move), or ``-1`` when
        the opponent is left with two stones."""
        if c[1] - 1 < 3:
            yield -1
            return
        look = subs[c]
        for r in _bits(_removable(opp)):
            yield look(opp ^ (1 << r), after)

    def partner(c: Class) -> Class:
        return (c[1], c[0])

    def fly_of(c: Class) -> bool:
        return flying and c[0] == 3

    # Seeds: blocked (lost now), won by a removal, lost because every turn is a removal into
    # a won position for the opponent.
    for c in classes:
        used = []
        for idx, own, opp in _orbit_slots(c):
            used.append((idx, own << 24 | opp))
            k = _orbits(c[0]).info[own][0] << 24 | opp
            moves = quiet = 0
            win = safe = False
            for after, t in _turns(own, opp, fly_of(c)):
                moves += 1
                if _mill_at(after, t):
                    for code in removals(c, own, opp, after):
                        if code < 0 or _loss50(code):
                            win = True
                            break
                        if not _win50(code):
                            safe = True
                    if win:
                        break
                else:
                    quiet += 1
            if win:
                vals[c][k] = win_code(1)
                levels.setdefault(1, []).append((c, k))
            elif not moves:
                vals[c][k] = loss_code(0)
                levels.setdefault(0, []).append((c, k))
            elif not quiet and not safe:
                vals[c][k] = loss_code(1)
                levels.setdefault(1, []).append((c, k))
        slots[c] = used

    watch: dict[Class, dict[int, int]] = {c: {} for c in classes}
    keep = -1  # a watched child that never becomes a win (a removal into a draw)

    def decode_key(c: Class, k: int) -> tuple[int, int]:
        return _orbits(c[0]).reps[k >> 24], k & ALL

    def next_watch(c: Class, k: int) -> int | None:
        """A child of ``k`` not (yet) won for the opponent, or ``None``: all are."""
        own, opp = decode_key(c, k)
        won = vals[partner(c)]
        for after, t in _turns(own, opp, fly_of(c)):
            if _mill_at(after, t):
                for code in removals(c, own, opp, after):
                    if not _win50(code):
                        return keep
            else:
                child = key(opp, after)
                if not won.get(child, 0) & 1:
                    return child
        return None

    def parents(c: Class, k: int) -> set[int]:
        """The canonical positions (class ``partner(c)``) with a quiet turn into ``k``."""
        cm, cn = decode_key(c, k)
        empty = ALL & ~(cm | cn)
        out = set()
        fly = fly_of(partner(c))
        for x in _bits(cn):
            if _mill_at(cn, x):
                continue
            rest = cn ^ (1 << x)
            for y in _bits(empty if fly else NEIGHBOUR_MASKS[x] & empty):
                out.add(key(rest | (1 << y), cm))
        return out

    level = 0
    while level in levels or level + 1 in levels:
        if level + 1 > MAX_PLIES:
            raise TableError("tables.entries_unknown")
        todo = levels.get(level, [])
        for c, k in todo:  # wins first: their parents may be lost in level + 1
            if not vals[c][k] & 1:
                continue
            p_cls = partner(c)
            seen = vals[p_cls]
            w = watch[p_cls]
            for p in parents(c, k):
                if p in seen:
                    continue
                old = w.get(p)
                if old is not None and old != k:
                    continue
                found = next_watch(p_cls, p)
                if found is None:
                    seen[p] = loss_code(level + 1)
                    levels.setdefault(level + 1, []).append((p_cls, p))
                else:
                    w[p] = found
        for c, k in todo:
            if vals[c][k] & 1:
                continue
            p_cls = partner(c)
            seen = vals[p_cls]
            for p in parents(c, k):
                if p not in seen:
                    seen[p] = win_code(level + 1)
                    levels.setdefault(level + 1, []).append((p_cls, p))
        level += 1

    out = {}
    for c in classes:
        data = bytearray([INVALID]) * class_size(c)
        found_vals = vals[c]
        orbits = _orbits(c[0])
        for idx, packed in slots[c]:
            own = packed >> 24
            data[idx] = found_vals.get(orbits.info[own][0] << 24 | packed & ALL, 0)
        out[c] = data
    return out


# -- The compiled build ----------------------------------------------------------------------------


def numba_available() -> bool:
    """True when numba can be imported (and ``MANGALA_EDU_ENGINE`` is not ``pure``)."""
    from .compiled import available

    return available()


@cache
def _np_orbits(m: int) -> tuple[Any, ...]:
    """The arrays of the compiled build for mover count ``m`` (see ``_tables_kernel``)."""
    import numpy as np

    orbits = _orbits(m)
    number = comb(24, m)
    r2rep = np.zeros(number, dtype=np.int64)
    r2sym = np.zeros(number, dtype=np.int64)
    for mask, (rid, s, _stab) in orbits.info.items():
        r = _colex(mask)
        r2rep[r] = rid
        r2sym[r] = s
    start = [0]
    flat: list[int] = []
    for rep in orbits.reps:
        flat.extend(orbits.info[rep][2])
        start.append(len(flat))
    return (
        np.array(orbits.reps, dtype=np.int64),
        r2rep,
        r2sym,
        np.array(start, dtype=np.int64),
        np.array(flat, dtype=np.int64),
    )


@lru_cache(maxsize=1)
def _np_board() -> tuple[Any, ...]:
    import numpy as np

    binom = np.array([[comb(n, k) for k in range(26)] for n in range(26)], dtype=np.int64)
    symb = np.array([list(t) for t in _SYM], dtype=np.int64)
    neigh = np.array(NEIGHBOUR_MASKS, dtype=np.int64)
    lines_at = np.array(LINES_AT, dtype=np.int64)
    line_masks = np.array(LINE_MASKS, dtype=np.int64)
    return binom, symb, neigh, lines_at, line_masks


def build_numba(
    cls: Class, flying: bool = True, sub: Callable[[Class], Any] | None = None
) -> dict[Class, Any]:
    """The tables of ``cls`` and its mirror with the compiled kernel (numpy ``uint8``
    arrays); ``sub(c)`` gives the built array of a smaller class ``c``."""
    import numpy as np

    from . import _tables_kernel as k

    binom, symb, neigh, lines_at, line_masks = _np_board()
    a, b = cls
    classes = [(a, b)] if a == b else [(a, b), (b, a)]
    vals = {c: np.zeros(class_size(c), dtype=np.uint8) for c in classes}
    counts = {c: np.zeros(class_size(c), dtype=np.uint8) for c in classes}
    seeds = 0
    dummy = np.zeros(1, dtype=np.uint8)
    for c in classes:
        s = (c[1] - 1, c[0])
        if s[0] >= 3:
            if sub is None:
                raise TableError("tables.entries_unknown")
            sub_vals, mt_sub = sub(s), _np_orbits(s[0])
        else:
            sub_vals, mt_sub = dummy, _np_orbits(c[0])
        seeds += k.init_class(
            vals[c],
            counts[c],
            c[0],
            c[1],
            flying and c[0] == 3,
            _np_orbits(c[0]),
            _np_orbits(c[1]),
            sub_vals,
            mt_sub,
            binom,
            symb,
            neigh,
            lines_at,
            line_masks,
        )
    level = 0
    while True:
        if level + 1 > MAX_PLIES:
            raise TableError("tables.entries_unknown")
        found = 0
        for wins in (True, False):
            if wins and level == 0:
                continue
            for c in classes:
                p = (c[1], c[0])
                found += k.retro_level(
                    level,
                    wins,
                    vals[c],
                    c[0],
                    c[1],
                    _np_orbits(c[0]),
                    vals[p],
                    counts[p],
                    _np_orbits(p[0]),
                    flying and p[0] == 3,
                    binom,
                    symb,
                    neigh,
                    lines_at,
                    line_masks,
                )
        if not found and not (level == 0 and seeds):
            break
        level += 1
    return vals


# -- Figures -----------------------------------------------------------------------------------------


@dataclass
class Figures:
    """What a class's table holds: positions before and after symmetry, results, the
    longest win, and the build."""

    cls: Class
    flying: bool
    positions: int = 0
    """Positions with no symmetry taken out: ``C(24, m) * C(24 - m, o)``."""
    canonical: int = 0
    """Positions up to symmetry (the used slots)."""
    wins: int = 0
    draws: int = 0
    losses: int = 0
    """Up to symmetry, for the side to move."""
    longest_win: int = 0
    longest_loss: int = 0
    wins_over_50: int = 0
    """Wins (up to symmetry) whose removal is more than 50 plies away: draws under the
    50-turn rule from a fresh count."""
    seconds: float = 0.0
    engine: str = ""
    bytes: int = 0
    by_plies: dict[str, int] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """The figures as JSON-ready values."""
        return {
            "class": class_name(self.cls),
            "flying": self.flying,
            "positions": self.positions,
            "canonical": self.canonical,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "longest_win": self.longest_win,
            "longest_loss": self.longest_loss,
            "wins_over_50": self.wins_over_50,
            "seconds": round(self.seconds, 2),
            "engine": self.engine,
            "bytes": self.bytes,
        }


def figures(cls: Class, data: bytes | bytearray | Any, flying: bool = True) -> Figures:
    """Count the results in a class's table."""
    m, o = cls
    hist = [0] * 256
    for code, n in _histogram(data):
        hist[code] = n
    f = Figures(cls, flying, positions=comb(24, m) * comb(24 - m, o))
    f.canonical = sum(hist) - hist[INVALID]
    for code in range(255):
        n = hist[code]
        if not n:
            continue
        result, d = decode_value(code)
        if result == "draw":
            f.draws += n
        elif result == "win":
            f.wins += n
            f.longest_win = max(f.longest_win, d)
            f.wins_over_50 += n if d > QUIET_LIMIT else 0
        else:
            f.losses += n
            f.longest_loss = max(f.longest_loss, d)
    return f


def _histogram(data: bytes | bytearray | Any) -> list[tuple[int, int]]:
    try:
        import numpy as np
    except ImportError:  # pragma: no cover
        counts: dict[int, int] = {}
        for c in bytes(data):
            counts[c] = counts.get(c, 0) + 1
        return sorted(counts.items())
    arr = np.frombuffer(bytes(data), dtype=np.uint8) if not hasattr(data, "dtype") else data
    h = np.bincount(arr, minlength=256)
    return [(c, int(h[c])) for c in range(256) if h[c]]


# -- Files -----------------------------------------------------------------------------------------


def table_name(cls: Class, flying: bool = True) -> str:
    """The file name of a class's table."""
    return f"dokuz-tas-v{FORMAT}-{'fly' if flying else 'nofly'}-{class_name(cls)}.dtt"


def table_path(cls: Class, flying: bool = True, cache: str | Path | None = None) -> Path:
    """Where a class's table lives: :func:`~mangala_edu.search.tables.cache_dir` (or the
    ``tables`` folder of ``cache``)."""
    folder = Path(cache) / "tables" if cache is not None else cache_dir()
    return folder / table_name(cls, flying)


def _checksum(data: bytes | bytearray | memoryview) -> str:
    return "blake2b:" + hashlib.blake2b(data, digest_size=32).hexdigest()


def write(
    cls: Class, data: bytes | bytearray, flying: bool, folder: Path, info: dict[str, Any]
) -> Path:
    """Write a class's table atomically (temporary name, fsync, rename)."""
    from .. import __version__ as version

    folder.mkdir(parents=True, exist_ok=True)
    final = folder / table_name(cls, flying)
    header = {
        "format": FORMAT,
        "game": "dokuz-tas",
        "class": list(cls),
        "flying": flying,
        "entries": len(data),
        "checksum": _checksum(data),
        "index": "mover-orbit x colex(opponent), 1 byte: 0 draw, 2d-1 win, 2d+2 loss, 255 unused",
        "package": version,
        "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "figures": info,
    }
    head = MAGIC + json.dumps(header).encode() + b"\n"
    head += b" " * (HEADER_BYTES - len(head))
    write_atomically(final, lambda f: (f.write(head), f.write(data)))
    return final


@dataclass
class Table:
    """A loaded, checked table of one class."""

    cls: Class
    flying: bool
    data: bytes
    path: Path | None = None
    header: dict[str, Any] = field(default_factory=dict)

    def code(self, mover: int, opp: int) -> int:
        """The byte of a position (bitboards of the side to move and of the other side)."""
        return self.data[index_of(mover, opp)]


def load(path: str | Path, cls: Class | None = None, flying: bool | None = None) -> Table:
    """Load and check a table file: header, format version, class, size, checksum. Raises
    :class:`TableError` (Turkish and English, naming the file) when anything is wrong."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise TableError("tables.unreadable", file=str(path), reason=exc.strerror or exc) from exc
    header, found, fly, entries, checksum = _read_header(raw, path)
    if cls is not None and found != cls:
        raise TableError("tables.damaged", file=str(path))
    if flying is not None and fly != flying:
        raise TableError("tables.damaged", file=str(path))
    data = raw[HEADER_BYTES:]
    if entries != class_size(found) or len(data) != entries or _checksum(data) != checksum:
        raise TableError("tables.damaged", file=str(path))
    return Table(found, fly, data, path, header)


def _read_header(raw: bytes, path: Path) -> tuple[dict[str, Any], Class, bool, int, str]:
    """The header of a table file (its first :data:`HEADER_BYTES` at least): the header, the
    class, the flying switch, the entries and the checksum; raises :class:`TableError`."""
    try:
        if not raw.startswith(MAGIC) or len(raw) < HEADER_BYTES:
            raise TableError("tables.damaged", file=str(path))
        header = json.loads(raw[len(MAGIC) : HEADER_BYTES].split(b"\n", 1)[0])
        if not isinstance(header, dict):
            raise TableError("tables.damaged", file=str(path))
        if header.get("format") != FORMAT:
            raise TableError(
                "tables.version", file=str(path), found=header.get("format"), wanted=FORMAT
            )
        found = (int(header["class"][0]), int(header["class"][1]))
        fly = bool(header["flying"])
        entries = int(header["entries"])
        checksum = str(header["checksum"])
    except TableError:
        raise
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        raise TableError("tables.damaged", file=str(path)) from exc
    if header.get("game") != "dokuz-tas" or not all(3 <= n <= STONES for n in found):
        raise TableError("tables.damaged", file=str(path))
    return header, found, fly, entries, checksum


_FILE_NAME = re.compile(r"dokuz-tas-v\d+-(?P<fly>fly|nofly)-(?P<m>\d)-(?P<o>\d)\.dtt")


def find_tables(folder: str | Path | None = None) -> list[Path]:
    """Every Dokuz Taş table file in ``folder`` (default: the cache's tables folder,
    :func:`~mangala_edu.search.tables.cache_dir`), by name; files of another format version
    too (they are refused when loaded).

    >>> find_tables("/nonexistent")
    []
    """
    where = Path(folder) if folder is not None else cache_dir()
    if not where.is_dir():
        return []
    return sorted(p for p in where.iterdir() if _FILE_NAME.fullmatch(p.name))


def built(flying: bool = True, cache: str | Path | None = None) -> bool:
    """Whether a table of this format and flying switch is in the cache (the tables the
    search's strongest level then reads, see :func:`probe`).

    >>> built(cache="/nonexistent")
    False
    """
    folder = table_path((3, 3), flying, cache).parent
    prefix = table_name((3, 3), flying).removesuffix("3-3.dtt")
    return any(p.name.startswith(prefix) for p in find_tables(folder))


def describe(path: str | Path) -> dict[str, Any]:
    """What ``mangala-edu tables info`` says about a table file (its header only; the
    entries are checked by :func:`load`): ``ok`` and the ``error`` when the header is not
    sound.

    >>> describe("/nonexistent/dokuz-tas-v1-fly-3-3.dtt")["ok"]
    False
    """
    path = Path(path)
    try:
        with path.open("rb") as f:
            head = f.read(HEADER_BYTES)
        header, cls, fly, entries, _checksum_text = _read_header(head, path)
    except OSError as exc:
        error = TableError("tables.unreadable", file=str(path), reason=exc.strerror or exc)
        return {"file": str(path), "ok": False, "error": error.message()}
    except TableError as exc:
        return {"file": str(path), "ok": False, "error": exc.message()}
    return {
        "file": str(path),
        "ok": True,
        "rules": "dokuz-tas",
        "class": class_name(cls),
        "flying": fly,
        "entries": entries,
        "bytes": path.stat().st_size,
        "format": header.get("format"),
        "created": header.get("created"),
    }


def expected_code(
    table: Table, mover: int, opp: int, sibling: Callable[[Class], Table | None]
) -> int | None:
    """The byte a position of ``table``'s class must have, worked out again from its
    children's bytes (the partner class after a quiet turn, the class below after a
    removal, read from ``sibling(cls)``): a win in 1 by a removal that wins (the opponent
    left with two stones, or to move and lost within 50 plies), a win in ``d + 1`` when a
    quiet turn leads to a loss in ``d``, a loss in ``d + 1`` when every quiet turn leads to a
    win (the slowest in ``d``) and no removal avoids a win for the opponent within 50 plies, a
    loss in 0 with no turn, a draw otherwise. ``None`` when a sibling table is missing.
    """
    cls = table.cls
    fly = table.flying and cls[0] == 3
    partner = sibling((cls[1], cls[0]))
    below = sibling((cls[1] - 1, cls[0])) if cls[1] > 3 else None
    if partner is None or (cls[1] > 3 and below is None):
        return None
    moves = 0
    safe = False
    quiet: list[int] = []
    for after, t in _turns(mover, opp, fly):
        moves += 1
        if not _mill_at(after, t):
            quiet.append(partner.code(opp, after))
            continue
        for r in _bits(_removable(opp)):
            if below is None:  # the opponent is left with two stones
                return win_code(1)
            code = below.code(opp ^ (1 << r), after)
            if _loss50(code):
                return win_code(1)
            if not _win50(code):
                safe = True
    if not moves:
        return loss_code(0)
    losses = [decode_value(c)[1] for c in quiet if c and not c & 1]
    if losses:
        return win_code(min(losses) + 1)
    if not safe and all(c & 1 for c in quiet):
        return loss_code(max((decode_value(c)[1] for c in quiet), default=0) + 1)
    return 0


def check_sample(table: Table, count: int = 100, seed: int = 1) -> tuple[int, int]:
    """Check ``count`` random positions of a loaded table against their children (see
    :func:`expected_code`), reading the other classes from the table's folder; returns
    ``(wrong, checked)`` (positions whose sibling tables are missing are not checked).
    """
    import random

    rng = random.Random(seed)
    folder = table.path.parent if table.path is not None else cache_dir()
    loaded: dict[Class, Table | None] = {table.cls: table}

    def sibling(cls: Class) -> Table | None:
        if cls not in loaded:
            path = folder / table_name(cls, table.flying)
            loaded[cls] = _sound_table(path, cls, table.flying)
        return loaded[cls]

    m, o = table.cls
    wrong = checked = 0
    for _ in range(count):
        points = rng.sample(range(24), m + o)
        mover = sum(1 << p for p in points[:m])
        opp = sum(1 << p for p in points[m:])
        wanted = expected_code(table, mover, opp, sibling)
        if wanted is None:
            continue
        checked += 1
        wrong += table.code(mover, opp) != wanted
    return wrong, checked


def _sound_table(path: Path, cls: Class, flying: bool) -> Table | None:
    try:
        return load(path, cls, flying)
    except TableError:
        return None


# -- Building ----------------------------------------------------------------------------------------


def build(
    classes: Iterable[Class | str],
    cache: str | Path | None = None,
    *,
    flying: bool = True,
    engine: str = "auto",
    force: bool = False,
    progress: Callable[[Figures], None] | None = None,
    folder: str | Path | None = None,
) -> list[Path]:
    """Build the tables of ``classes`` (and of every smaller class they need, and their
    mirrors) into the cache (``cache``: a folder whose ``tables`` subfolder is used; default
    :func:`~mangala_edu.search.tables.cache_dir`), or into ``folder`` itself (the tables'
    folder, as ``mangala-edu tables build --folder`` names it). Tables already there and
    sound are kept (unless ``force``). ``engine``: ``"numba"``, ``"python"`` or ``"auto"``
    (numba when installed). ``progress(figures)`` is called after each class. Returns the
    paths of every needed class's file.
    """
    wanted = [parse_class(c) if isinstance(c, str) else c for c in classes]
    for c in wanted:
        parse_class(class_name(c))
    if engine not in ("auto", "numba", "python"):
        raise SearchError("search.unknown_engine", value=engine, allowed="auto, numba, python")
    use_numba = engine == "numba" or (engine == "auto" and numba_available())
    if engine == "numba" and not numba_available():
        raise TableError("tables.no_kernel")
    where = Path(folder) if folder is not None else table_path((3, 3), flying, cache).parent

    def path_of(c: Class) -> Path:
        return where / table_name(c, flying)

    built: dict[Class, Any] = {}

    def bytes_of(c: Class) -> bytes:
        if c not in built:
            built[c] = load(path_of(c), c, flying).data
        return built[c]

    def array_of(c: Class) -> Any:
        import numpy as np

        return np.frombuffer(bytes_of(c), dtype=np.uint8)

    def lookup_of(c: Class) -> Lookup:
        data = bytes_of(c)
        return lambda mover, opp: data[index_of(mover, opp)]

    paths: list[Path] = []
    for unit in _units(wanted):
        pair = [unit] if unit[0] == unit[1] else [unit, (unit[1], unit[0])]
        if not force and all(_sound(path_of(c), c, flying) for c in pair):
            paths.extend(path_of(c) for c in pair)
            continue
        start = time.perf_counter()
        if use_numba:
            result = {c: bytes(v) for c, v in build_numba(unit, flying, array_of).items()}
        else:
            result = {c: bytes(v) for c, v in build_python(unit, flying, lookup_of).items()}
        seconds = time.perf_counter() - start
        for c in pair:
            f = figures(c, result[c], flying)
            f.seconds = seconds
            f.engine = "numba" if use_numba else "python"
            f.bytes = HEADER_BYTES + len(result[c])
            path = write(c, result[c], flying, where, f.as_dict())
            built[c] = result[c]
            paths.append(path)
            if progress is not None:
                progress(f)
    forget()
    return paths


def _sound(path: Path, cls: Class, flying: bool) -> bool:
    if not path.exists():
        return False
    try:
        load(path, cls, flying)
    except TableError:
        return False
    return True


# -- Probing ---------------------------------------------------------------------------------------


class Tables:
    """The tables of a cache folder, loaded on first use: call it as a probe for
    :class:`~.search.Search` (``Search(probe=Tables())``).

    A class without a file gives ``None``; a damaged file is refused once with a warning (in
    Turkish and English, with the command that rebuilds it) and then counts as missing.
    """

    def __init__(self, cache: str | Path | None = None) -> None:
        self.cache = cache
        self._tables: dict[tuple[Class, bool], Table | None] = {}
        self._lock = threading.Lock()

    def table(self, cls: Class, flying: bool = True) -> Table | None:
        """The table of a class, or ``None`` when there is no sound file."""
        k = (cls, flying)
        found = self._tables.get(k, False)
        if found is not False:
            return found  # type: ignore[return-value]
        with self._lock:
            path = table_path(cls, flying, self.cache)
            table = None
            if path.exists():
                try:
                    table = load(path, cls, flying)
                except TableError as exc:
                    warnings.warn(
                        f"{exc} (dokuz-tas {class_name(cls)}: "
                        f"mangala-edu tables build --rules dokuz-tas {class_name(cls)})",
                        stacklevel=3,
                    )
            self._tables[k] = table
            return table

    def lookup(self, position: Position) -> tuple[str, int] | None:
        """The table's entry for ``position`` as ``(result, plies to the next removal or the
        end)``, with no regard to its quiet count; ``None`` when no table holds it."""
        if position._hands != (0, 0):
            return None
        t = position._turn
        mover, opp = position._stones[t], position._stones[1 - t]
        cls = (mover.bit_count(), opp.bit_count())
        if min(cls) < 3:
            return None
        table = self.table(cls, position._flying)
        if table is None:
            return None
        return decode_value(table.code(mover, opp))

    def __call__(self, position: Position) -> int | None:
        """The probe: plies to the next removal (or the end) with a sign (positive: the side
        to move wins), 0 for a draw, exact at the position's quiet count; ``None`` when no
        table holds the position, or it is already over (see the module's docstring).

        >>> from mangala_edu.dokuz_tas.board import mask_of
        >>> Tables("/nonexistent")(Position.from_text("WW1/3/3/B5/3/3/BB1 w 0 0 0"))
        """
        found = self.lookup(position)
        if found is None:
            return None
        result, d = found
        if result == "draw":
            return 0
        if d == 0:
            return None  # blocked: the game is over
        if position._quiet + d > QUIET_LIMIT:
            return 0  # the 50-turn rule comes first
        return d if result == "win" else -d


_DEFAULT: Tables | None = None


def shared() -> Tables:
    """The :class:`Tables` of the user cache that :func:`probe` reads, one for the process.

    >>> shared() is shared()
    True
    """
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Tables()
    return _DEFAULT


def probe(position: Position) -> int | None:
    """:class:`Tables` of the user cache, shared by the process (``Search(probe=probe)``).

    >>> probe(Position.start()) is None
    True
    """
    return shared()(position)


def forget() -> None:
    """Drop the tables :func:`probe` has loaded (after a build, or in tests)."""
    global _DEFAULT
    _DEFAULT = None


# -- Command line ----------------------------------------------------------------------------------


def build_command(argv: Sequence[str] | None = None) -> int:
    """``mangala-edu tables build --rules dokuz-tas [CLASS ...]``: build the tables of the
    classes named (default ``3-3 4-3 4-4``), printing each class's figures. Returns the exit
    status.

    >>> build_command(["9-9"])
    Traceback (most recent call last):
    ...
    SystemExit: 2
    """
    parser = argparse.ArgumentParser(
        prog="mangala-edu tables build --rules dokuz-tas",
        description="Dokuz Taş endgame tables (moving phase, perfect play).",
    )
    parser.add_argument("classes", nargs="*", default=list(DEFAULT_CLASSES), help="e.g. 4-3")
    parser.add_argument("--no-flying", action="store_true", help="three stones do not fly")
    parser.add_argument("--cache", default=None, help="cache folder (default: the user cache)")
    parser.add_argument("--engine", choices=("auto", "numba", "python"), default="auto")
    parser.add_argument("--force", action="store_true", help="build again what is there")
    args = parser.parse_args(argv)
    try:
        classes = [parse_class(c) for c in args.classes]
    except TableError as exc:
        parser.error(str(exc))

    def show(f: Figures) -> None:
        print(json.dumps(f.as_dict()), flush=True)

    try:
        paths = build(
            classes,
            args.cache,
            flying=not args.no_flying,
            engine=args.engine,
            force=args.force,
            progress=show,
        )
    except TableError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    for path in paths:
        print(path)
    return 0
