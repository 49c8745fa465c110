"""Endgame tables: the exact future gain of every position with at most K stones on the board.

A table belongs to a set of rules and a board size (pits a side); the stones a pit holds at the
start do not matter, so Kalah(6,4) and Kalah(6,3) share one. An entry is the future gain of a
mover-relative state (see :mod:`.kernel`): the stones the player to move will still gain on
the opponent with perfect play, one signed byte. States are numbered fewest stones first, and
within a layer of ``n`` stones by the colex rank of the composition (the combinatorial number
system), so a table for K stones has ``C(K + 2m, 2m)`` entries and starts with every smaller
table.

The build (``mangala-edu tables build``) goes layer by layer: a move either takes stones off
the board (sowing into the store, a capture, the end of the set: a lower layer, already done) or
keeps them all, and then only moves stones forward in the mover's own row, so the sum of
pit number × stones over both rows grows: in-layer children are computed first, depth first,
and there are no cycles. Both cores work at once (numba ``prange``).

Tables live in the user's cache folder (:func:`cache_dir`: ``MANGALA_EDU_CACHE`` or the
platform's cache folder), never in the package. A file is written to a temporary name and
renamed only once complete, so a build that is stopped (Ctrl-C, a crash) leaves nothing that is
later trusted. On load every file is checked: its format version, rules, size and checksum; a
damaged or mismatched file is refused with a message that says how to rebuild it, and never
used.

>>> import tempfile
>>> from mangala_edu import Rules
>>> folder = tempfile.mkdtemp()
>>> path = build(Rules.kalah(3, 2), 6, folder=folder)       # doctest: +SKIP
>>> table_size(Rules.official(), 24)
1251677700
>>> table_name(Rules.kalah(3, 2), 6), table_name(Rules.official(), 24)
('kalah-3pits-6stones.mtb', 'official-6pits-24stones.mtb')
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import mmap
import os
import re
import sys
import threading
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from math import comb
from pathlib import Path
from typing import Any

from ..engine.errors import MangalaError
from ..engine.rules import END_SWEEP, Rules
from ..games import GAMES

__all__ = [
    "DEFAULT_STONES",
    "EndgameTable",
    "TableError",
    "build",
    "cache_dir",
    "estimate",
    "find_tables",
    "load",
    "reusable",
    "table_for",
    "table_name",
    "table_rules_name",
    "table_size",
]

FORMAT = 1
"""The file format's version: a file of another version is refused."""
MAGIC = b"MANGALA-EDU-TABLE\n"
HEADER_BYTES = 4096
"""The header (magic and a JSON line, padded with spaces) before the entries."""
DEFAULT_STONES = 24
"""The default K for ``mangala-edu tables build``: the largest that a 2-core laptop with 8 GB
builds in minutes (1.25 GB on disk and in memory, 4 to 8 minutes on 2 cores; K = 25 would
take 1.85 GB and half as long again; see ``bench/RESULTS.md``)."""
MAX_BUILD_STONES = 40
"""The largest K that ``tables build`` accepts (official K = 30 would already need 86 GB)."""
NS_PER_ENTRY = 700.0
"""Build cost in nanoseconds per entry and core, as measured on a 2-core machine (2026-12-02,
``bench/RESULTS.md``: 480-710 for layers 17-22, 664-692 for layers 23-26): the estimate shown
before a build."""
CHUNK = 1 << 22
"""Entries per call to the compiled build (between two progress reports)."""
ENV_CACHE = "MANGALA_EDU_CACHE"


class TableError(MangalaError):
    """An endgame-table file that cannot be used (damaged, for other rules, unfinished)."""


def cache_dir() -> Path:
    """The folder for endgame tables: ``$MANGALA_EDU_CACHE/tables`` when that variable is set,
    otherwise ``tables`` in the platform's user cache folder (platformdirs)."""
    root = os.environ.get(ENV_CACHE)
    if not root:
        try:
            from platformdirs import user_cache_dir
        except ImportError:  # platformdirs comes with the [fast] extra
            root = str(Path.home() / ".cache" / "mangala_edu")
        else:
            root = user_cache_dir("mangala_edu")
    return Path(root) / "tables"


def table_rules_name(rules: Rules) -> str:
    """The name of a table's rules, without the stones a pit starts with: the registry's game
    whose rules play alike (:attr:`~mangala_edu.games.SearchInfo.tables`), or the flags.

    >>> table_rules_name(Rules.official()), table_rules_name(Rules.kalah(4, 3))
    ('official', 'kalah')
    >>> table_rules_name(Rules(name="x", even_capture=False))
    'back1-even0-empty1-sweep'
    """
    flags = (rules.first_stone_back, rules.even_capture, rules.empty_capture, rules.end_rule)
    for game in GAMES:
        if not game.sowing or not game.search.tables:  # Dokuz Taş's tables are its own
            continue
        preset = game.sowing_rules()
        if flags == (
            preset.first_stone_back,
            preset.even_capture,
            preset.empty_capture,
            preset.end_rule,
        ):
            return game.key
    end = "sweep" if rules.end_rule == END_SWEEP else "ownside"
    return (
        f"back{int(rules.first_stone_back)}-even{int(rules.even_capture)}"
        f"-empty{int(rules.empty_capture)}-{end}"
    )


def _rules_record(rules: Rules) -> dict[str, object]:
    return {
        "family": table_rules_name(rules),
        "pits": rules.pits,
        "first_stone_back": rules.first_stone_back,
        "even_capture": rules.even_capture,
        "empty_capture": rules.empty_capture,
        "end_rule": rules.end_rule,
    }


def table_name(rules: Rules, stones: int) -> str:
    """The file name of the table for ``rules`` up to ``stones`` stones."""
    return f"{table_rules_name(rules)}-{rules.pits}pits-{stones}stones.mtb"


_NAME = re.compile(r"(?P<family>.+)-(?P<pits>\d+)pits-(?P<stones>\d+)stones\.mtb")


def table_size(rules: Rules, stones: int) -> int:
    """Entries (= bytes of data) of a table up to ``stones`` stones: ``C(stones + 2m, 2m)``."""
    return comb(stones + 2 * rules.pits, 2 * rules.pits)


@dataclass(frozen=True)
class Estimate:
    """What a build will take: entries, bytes on disk and in memory, and seconds."""

    entries: int
    bytes: int
    seconds: float
    jobs: int


def estimate(rules: Rules, stones: int, jobs: int | None = None, above: int = -1) -> Estimate:
    """The size and (rough) time of building a table, before starting; ``above``: the stones
    of a smaller table that the build reuses (its layers cost no time).

    >>> e = estimate(Rules.official(), 20, jobs=2)
    >>> e.entries, e.bytes > e.entries
    (225792840, True)
    >>> estimate(Rules.official(), 20, jobs=2, above=18).seconds < e.seconds
    True
    """
    jobs = jobs or os.cpu_count() or 1
    n = table_size(rules, stones)
    work = n - (table_size(rules, above) if above >= 0 else 0)
    return Estimate(n, n + HEADER_BYTES, work * NS_PER_ENTRY * 1e-9 / jobs, jobs)


def reusable(rules: Rules, stones: int, folder: str | Path | None = None) -> int:
    """The stones of the largest smaller table of ``rules`` in ``folder`` that a build up to
    ``stones`` would start from (judged by the file names; -1: none)."""
    found = [-1]
    for path in find_tables(folder):
        m = _NAME.fullmatch(path.name)
        if m and m["family"] == table_rules_name(rules) and int(m["pits"]) == rules.pits:
            found.append(int(m["stones"]))
    return max(k for k in found if k < stones)


@dataclass
class EndgameTable:
    """A loaded, checked endgame table.

    Attributes:
        rules: the rules it was built for (any start size on the same board).
        stones: K, the most stones on the board it covers.
        data: the entries (numpy int8), the future gain of each state by rank.
        path: the file it came from (``None`` when built in memory).
    """

    rules: Rules
    stones: int
    data: Any
    path: Path | None = None

    def covers(self, rules: Rules) -> bool:
        """True when the table serves ``rules`` (same board and rules, any start size)."""
        return rules.pits == self.rules.pits and _rules_record(rules) == _rules_record(self.rules)

    def value(self, state: tuple[int, ...]) -> int:
        """The future gain of a mover-relative ``state`` with at most :attr:`stones` stones.

        >>> import numpy as np
        >>> t = EndgameTable(Rules.kalah(1, 1), 2, np.zeros(6, dtype=np.int8))
        >>> t.value((1, 1))
        0
        """
        n = sum(state)
        if n > self.stones:
            raise TableError("tables.too_many_stones", stones=self.stones, found=n)
        return int(self.data[state_rank(state)])


def state_rank(state: tuple[int, ...]) -> int:
    """A state's index in every table of its board (pure Python, as the kernel computes it).

    >>> state_rank((0, 0)), state_rank((0, 1)), state_rank((1, 0)), state_rank((2, 0))
    (0, 1, 2, 5)
    """
    p = len(state)
    n = sum(state)
    r = comb(n - 1 + p, p) if n else 0
    b = -1
    for j in range(p - 1):
        b += state[j] + 1
        r += comb(b, j + 1)
    return r


# Loading -----------------------------------------------------------------------------------------
def _checksum(data: Any) -> str:
    h = hashlib.blake2b(digest_size=32)
    view = memoryview(data).cast("B")
    step = 1 << 26
    for i in range(0, len(view), step):
        h.update(view[i : i + step])
    return "blake2b:" + h.hexdigest()


def read_header(path: Path) -> dict[str, Any]:
    """The header of a table file; raises :class:`TableError` when it is not one."""
    try:
        with open(path, "rb") as f:
            head = f.read(HEADER_BYTES)
    except OSError as exc:
        raise TableError("tables.unreadable", file=str(path), reason=exc.strerror or exc) from exc
    try:
        return read_header_bytes(head)
    except ValueError as exc:
        raise TableError("tables.damaged", file=str(path)) from exc


def read_header_bytes(head: bytes) -> dict[str, Any]:
    """The header at the start of a table file's bytes; :class:`TableError` (a ``ValueError``)
    when there is none.

    >>> read_header_bytes(header_bytes({"format": 1}))
    {'format': 1}
    """
    if not head.startswith(MAGIC) or len(head) < HEADER_BYTES:
        raise TableError("tables.no_header")
    header = json.loads(head[len(MAGIC) : HEADER_BYTES].split(b"\n", 1)[0])
    if not isinstance(header, dict):
        raise TableError("tables.no_header")
    return header


def header_bytes(header: dict[str, Any]) -> bytes:
    """A table file's first :data:`HEADER_BYTES` bytes for ``header``."""
    head = MAGIC + json.dumps(header).encode() + b"\n"
    if len(head) > HEADER_BYTES:  # pragma: no cover
        raise TableError("tables.header_too_long", most=HEADER_BYTES)
    return head + b" " * (HEADER_BYTES - len(head))


def load(path: str | Path, rules: Rules | None = None, *, check: bool = True) -> EndgameTable:
    """Load and check a table file: format version, rules (when ``rules`` is given: the
    table must serve them), size and checksum. Raises :class:`TableError` with a message that
    names the file and says how to rebuild it."""
    import numpy as np

    path = Path(path)
    header = read_header(path)
    if header.get("format") != FORMAT:
        raise TableError(
            "tables.version", file=str(path), found=header.get("format"), wanted=FORMAT
        )
    try:
        rec = header["rules"]
        stones = int(header["stones"])
        entries = int(header["entries"])
        table_rules = Rules(
            name=str(rec["family"]),
            pits=int(rec["pits"]),
            stones=1,
            first_stone_back=bool(rec["first_stone_back"]),
            even_capture=bool(rec["even_capture"]),
            empty_capture=bool(rec["empty_capture"]),
            end_rule=str(rec["end_rule"]),
        )
        checksum = str(header["checksum"])
    except (KeyError, TypeError, ValueError, MangalaError) as exc:
        raise TableError("tables.damaged", file=str(path)) from exc
    table = EndgameTable(table_rules, stones, None, path)
    if rules is not None and not table.covers(rules):
        raise TableError(
            "tables.other_rules",
            file=str(path),
            found=table_rules_name(table_rules),
            wanted=table_rules_name(rules),
        )
    if entries != table_size(table_rules, stones):
        raise TableError("tables.damaged", file=str(path))
    size = path.stat().st_size
    if size != HEADER_BYTES + entries:
        raise TableError("tables.damaged", file=str(path))
    # Mapped, not read: every process on the machine (a classroom's notebook kernels) shares
    # the one copy in the system's file cache. Copy-on-write keeps the array writable for the
    # kernel's types; nothing writes to it.
    with path.open("rb") as file:
        buffer = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_COPY)
    data = np.frombuffer(buffer, dtype=np.int8, count=entries, offset=HEADER_BYTES)
    if len(data) != entries or (check and _checksum(data) != checksum):
        raise TableError("tables.damaged", file=str(path))
    table.data = data
    return table


def find_tables(folder: str | Path | None = None) -> list[Path]:
    """Every finished table file in ``folder`` (default: :func:`cache_dir`), by name."""
    folder = Path(folder) if folder is not None else cache_dir()
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if _NAME.fullmatch(p.name))


_LOADED: dict[tuple[str, int], EndgameTable | None] = {}
_LOAD_LOCK = threading.Lock()


def table_for(rules: Rules, folder: str | Path | None = None) -> EndgameTable | None:
    """The largest valid table for ``rules`` in ``folder`` (default: :func:`cache_dir`),
    loaded once per process; ``None`` when there is none. A damaged or mismatched file is
    skipped with a warning that says how to rebuild it."""
    folder = Path(folder) if folder is not None else cache_dir()
    key = (f"{folder}|{table_rules_name(rules)}", rules.pits)
    with _LOAD_LOCK:
        if key in _LOADED:
            return _LOADED[key]
        candidates = []
        for path in find_tables(folder):
            m = _NAME.fullmatch(path.name)
            if m and m["family"] == table_rules_name(rules) and int(m["pits"]) == rules.pits:
                candidates.append((int(m["stones"]), path))
        table = None
        for _stones, path in sorted(candidates, reverse=True):
            try:
                table = load(path, rules)
            except TableError as exc:
                warnings.warn(exc.message() + " " + _rebuild_hint(rules), stacklevel=2)
                continue
            break
        _LOADED[key] = table
        return table


def forget_loaded() -> None:
    """Drop the tables loaded by :func:`table_for` (after a build, or in tests)."""
    with _LOAD_LOCK:
        _LOADED.clear()


def _rebuild_hint(rules: Rules) -> str:
    from ..i18n import t

    return t("tables.rebuild_hint", None, command=build_command(rules))


def build_command(rules: Rules, stones: int | None = None) -> str:
    """The command that builds the table of ``rules``.

    >>> build_command(Rules.kalah(6, 4), 20)
    'mangala-edu tables build --rules kalah --pits 6 --stones 20'
    >>> build_command(Rules.official())
    'mangala-edu tables build --rules official'
    """
    family = table_rules_name(rules)
    text = f"mangala-edu tables build --rules {family}"
    if family == "kalah" or rules.pits != 6:
        text += f" --pits {rules.pits}"
    if stones is not None:
        text += f" --stones {stones}"
    return text


# Building ----------------------------------------------------------------------------------------
def build(
    rules: Rules,
    stones: int = DEFAULT_STONES,
    *,
    folder: str | Path | None = None,
    jobs: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Path:
    """Build the table of ``rules`` up to ``stones`` stones into ``folder`` (default:
    :func:`cache_dir`) and return its path. ``progress(done, total)`` is called as entries
    are computed. Uses ``jobs`` threads (default: every core). A smaller valid table of the
    same rules in the folder is reused as the start of the new one.

    The file appears under its final name only once complete and checked (written to a
    temporary name, flushed to disk, then renamed); an interrupted build (``KeyboardInterrupt``)
    removes its temporary file.
    """
    import numba
    import numpy as np

    from . import _nb
    from .compiled import rule_params, supports

    if not supports(rules):
        raise TableError("tables.unsupported", rules=rules.name)
    if not 0 <= stones <= 127:
        raise TableError("tables.build_stones", value=stones)
    folder = Path(folder) if folder is not None else cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.glob(".tmp-*.mtb"):  # left by a build that was killed
        try:
            if time.time() - stale.stat().st_mtime > 60:
                stale.unlink()
        except OSError:
            pass
    p = 2 * rules.pits
    total = table_size(rules, stones)
    data = np.full(total, _nb.UNKNOWN, dtype=np.int8)
    done = 0
    start_layer = 0
    for path in sorted(find_tables(folder), reverse=True):
        m = _NAME.fullmatch(path.name)
        if not m or m["family"] != table_rules_name(rules) or int(m["pits"]) != rules.pits:
            continue
        k = int(m["stones"])
        if k > stones or k < start_layer:
            continue
        try:
            old = load(path, rules)
        except TableError:
            continue
        data[: len(old.data)] = old.data
        done = len(old.data)
        start_layer = k + 1
    binom = _nb.binomials(stones + p + 2, p + 1)
    prm = rule_params(rules, -1, 0)
    flag = np.zeros(1, dtype=np.int64)
    jobs = jobs or os.cpu_count() or 1
    old_threads = numba.get_num_threads()
    numba.set_num_threads(max(1, min(jobs, numba.config.NUMBA_NUM_THREADS)))
    if progress is not None:
        progress(done, total)
    try:
        for n in range(start_layer, stones + 1):
            layer = comb(n + p - 1, p - 1)
            for lo in range(0, layer, CHUNK):
                hi = min(layer, lo + CHUNK)
                chunks = max(1, min(64, (hi - lo) // 2048))
                _nb.build_range(data, n, lo, hi, chunks, binom, prm, flag)
                done += hi - lo
                if progress is not None:
                    progress(done, total)
    finally:
        numba.set_num_threads(old_threads)
    if (data == _nb.UNKNOWN).any():  # pragma: no cover - a bug, never trusted
        raise TableError("tables.entries_unknown")
    return write(rules, stones, data, folder)


def write(rules: Rules, stones: int, data: Any, folder: str | Path) -> Path:
    """Write a complete table atomically: temporary file, flush, fsync, rename."""
    from .. import __version__ as version

    folder = Path(folder)
    final = folder / table_name(rules, stones)
    header = {
        "format": FORMAT,
        "rules": _rules_record(rules),
        "stones": stones,
        "entries": len(data),
        "checksum": _checksum(data),
        "package": version,
        "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    head = header_bytes(header)
    write_atomically(final, lambda f: (f.write(head), data.tofile(f)))
    forget_loaded()
    return final


def write_atomically(final: Path, fill: Callable[[Any], object]) -> None:
    """Write ``final`` whole or not at all: ``fill(file)`` writes into a temporary file
    beside it, which is synced and then renamed (a build interrupted leaves no half table
    behind). Also used by the other games' tables."""
    folder = final.parent
    tmp = folder / f".tmp-{os.getpid()}-{threading.get_ident()}-{final.name}"
    try:
        with open(tmp, "wb") as f:
            fill(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, final)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    if sys.platform != "win32":
        try:
            fd = os.open(folder, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        except OSError:
            pass


def describe(path: Path) -> dict[str, Any]:
    """What ``mangala-edu tables info`` says about a file (without reading the entries)."""
    try:
        header = read_header(path)
    except TableError as exc:
        return {"file": str(path), "ok": False, "error": exc.message()}
    return {
        "file": str(path),
        "ok": True,
        "rules": header.get("rules", {}).get("family"),
        "pits": header.get("rules", {}).get("pits"),
        "stones": header.get("stones"),
        "entries": header.get("entries"),
        "bytes": path.stat().st_size,
        "format": header.get("format"),
        "created": header.get("created"),
    }


def sample_check(table: EndgameTable, count: int = 200, seed: int = 1, max_stones: int = 14) -> int:
    """Compare ``count`` random entries (with at most ``max_stones`` stones) with the pure
    solver; returns how many disagree (0 for a good table)."""
    import random

    from .solver import Solver

    rng = random.Random(seed)
    solver = Solver(
        table.rules.__class__(
            name=table.rules.name,
            pits=table.rules.pits,
            stones=1,
            first_stone_back=table.rules.first_stone_back,
            even_capture=table.rules.even_capture,
            empty_capture=table.rules.empty_capture,
            end_rule=table.rules.end_rule,
        )
    )
    m = table.rules.pits
    top = min(table.stones, max_stones)
    bad = 0
    checked = 0
    while checked < count:
        n = rng.randint(2, max(2, top))
        state = [0] * (2 * m)
        for _ in range(n):
            state[rng.randrange(2 * m)] += 1
        if not any(state[:m]) or not any(state[m:]) or n > table.stones:
            continue
        checked += 1
        if solver.gain(tuple(state)) != table.value(tuple(state)):
            bad += 1
    return bad
