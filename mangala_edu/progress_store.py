"""A learner's saved progress: one versioned JSON file per learner, never lost.

This is the low-level store that the puzzle trainer (:mod:`mangala_edu.puzzles`) writes to and
the progress views (:mod:`mangala_edu.progress`) read: both packages depend on it, and not on
each other's store.

Files lie in :func:`progress_dir`: the folder named by the environment variable
``MANGALA_EDU_PROGRESS`` (a class folder, say), else ``progress/`` in the user's data folder
(``platformdirs.user_data_dir("mangala_edu")``). Each learner has ``<name>.json``:

.. code-block:: json

    {"format": "mangala_edu.progress", "version": 1, "name": "Ayşe",
     "rating": [1200.0, 350.0, 0.06],
     "attempts": [{"puzzle": "m1a2b3c4", "themes": ["even_capture"], "band": "orta",
                   "solved": true, "clean": true, "hints": 0, "wrong": 0, "seconds": 31.5,
                   "rating_before": 1200.0, "rating_after": 1287.4, "at": "2026-..."}],
     "lessons": {"lesson05.task1": "2026-..."},
     "ratings": {"dokuz_tas": [1200.0, 350.0, 0.06]}}

Each game's puzzles rate the learner apart (a Mangala player is not yet a Dokuz Taş player):
``rating`` is the Mangala puzzles' rating, ``ratings`` holds every other game's (by
:data:`GAMES` key; left out while empty, so a Mangala-only file is as before). An attempt at
another game's puzzle says its game (``"game": "dokuz_tas"``); an attempt with no ``game`` is
a Mangala one (:meth:`Progress.attempts_of`, :meth:`Progress.rating_of`).

The puzzle trainer's modes (:mod:`mangala_edu.puzzles.modes`) keep two more fields, each by
game and left out while empty (a file without them has none; a file from before them reads
as before): ``review``, the learner's queue of missed puzzles to see again (puzzle id to its
Leitner box and the day it is due), and ``bests``, the best streak and the best timed run:

.. code-block:: json

    {"review": {"mangala": {"m1a2b3c4": {"box": 0, "due": "2026-12-05"}}},
     "bests": {"mangala": {"streak": 7, "timed": 12}}}

The puzzles' own ratings change with every attempt too; they are kept beside the learners'
files in ``puzzle-ratings.json``, shared by everyone who uses the folder.

Every change reads the file afresh, changes it and writes it back **under a file lock**
(``<name>.json.lock``) **atomically** (a temporary file in the same folder, flushed to disk, then
``os.replace``): a process killed while writing leaves the old file whole, and two notebooks
writing at once lose nothing. Reading takes no lock and writes nothing: a learner with no file
yet leaves no file (not even a lock file) behind. A file that is not a progress file (damaged,
cut short, edited by hand) is reported with a clear :class:`ProgressError` and moved aside as a
backup (``<name>.damaged-1.json``, never overwritten); the next change starts a new file. A file
from a newer version of the package is reported and left untouched.

**Files shared by several accounts** (a class folder on the school network that the teacher's
account reads): files are created like any other file of the program, with the permissions the
user's umask (or the folder's default ACL) gives, ``-rw-r--r--`` usually, so that the teacher
can read them; the lock files too. A file this account may not read is reported as what it is
(``progress.error.no_access``: not damaged, left untouched), never as a damaged file.

**Names** (KVKK, the Turkish data protection law): a file holds the name typed and what was
done under it, nothing else about the learner (no account name, no computer name). A name is
at most :data:`NAME_LENGTH` characters of letters, digits, spaces and ``. ' - _``
(:func:`check_name`): a first name or a nickname the teacher chose is enough.
:meth:`ProgressStore.delete` deletes a learner's files.

>>> import tempfile
>>> store = ProgressStore(tempfile.mkdtemp())
>>> store.add_attempt("Ayşe", {"puzzle": "m1", "solved": True}).attempts[0]["puzzle"]
'm1'
>>> [p.name for p in store.learners()]
['Ayşe']
"""

from __future__ import annotations

import json
import os
import re
import secrets
import unicodedata
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

from . import browser
from .engine import MangalaError

with warnings.catch_warnings():
    # In a browser filelock says "only soft file lock is available": one page is one
    # process, and a soft lock serves it.
    warnings.filterwarnings("ignore", message="only soft file lock")
    from filelock import FileLock

ENV = "MANGALA_EDU_PROGRESS"
"""The environment variable that moves the progress folder."""
FORMAT = "mangala_edu.progress"
VERSION = 1
RATINGS_FILE = "puzzle-ratings.json"
RATINGS_FORMAT = "mangala_edu.puzzle-ratings"
POOLED_SUFFIX = ".pooled.json"
"""How the files of the puzzles' pooled ratings end (:mod:`mangala_edu.puzzles.pooled`): they
may lie among the learners' files, and no learner's file ends so (:func:`file_stem`)."""
LOCK_TIMEOUT = 30.0
"""Seconds to wait for another writer before giving up with a message."""
NAME_LENGTH = 30
"""The longest name a learner may use (a first name or a nickname is enough)."""
LEARNER_ENV = "MANGALA_EDU_LEARNER"
"""The environment variable that names the learner (a class server sets it for each pupil):
the puzzle trainers save under it without asking (:func:`default_learner`)."""
OUTPUT_ENV = "MANGALA_EDU_OUTPUT"
"""The environment variable that moves the teacher's output folder (:func:`output_dir`)."""
MANGALA = "mangala"
DOKUZ_TAS = "dokuz_tas"
GAMES = (MANGALA, DOKUZ_TAS)
"""The games whose puzzles are rated, each apart: an attempt's ``game`` (none: Mangala)."""
START_RATING = [1200.0, 350.0, 0.06]
_NAME_CHARS = re.compile(r"^[\w .'\-]+$")


class ProgressError(MangalaError):
    """A progress file or folder that cannot be used as asked (the message says why and what
    happened to the file)."""


def progress_dir() -> Path:
    """The folder of the progress files (see the module's docstring)."""
    env = os.environ.get(ENV)
    if env:
        return Path(env).expanduser()
    if browser.IN_BROWSER:
        return browser.kept_folder() / "progress"
    import platformdirs

    return Path(platformdirs.user_data_dir("mangala_edu")) / "progress"


def default_learner() -> str | None:
    """The learner named by ``MANGALA_EDU_LEARNER`` (a class server names each pupil), or
    ``None`` (the learner types a name); a name :func:`check_name` refuses counts as none.

    >>> import os
    >>> os.environ[LEARNER_ENV] = "Ayşe K."
    >>> default_learner()
    'Ayşe K.'
    >>> os.environ[LEARNER_ENV] = "1234"
    >>> default_learner() is None
    True
    >>> del os.environ[LEARNER_ENV]
    """
    name = os.environ.get(LEARNER_ENV, "").strip()
    if not name:
        return None
    try:
        return check_name(name)
    except ProgressError:
        return None


def output_dir(chosen: str | Path | None = None) -> Path:
    """The folder where the teachers' notebook writes worksheets and class tables: ``chosen``
    when the teacher names one (``output_dir("D:/5A")``), else the folder named by
    ``MANGALA_EDU_OUTPUT``, else ``mangala_edu`` in the user's documents folder
    (``Belgeler\\mangala_edu`` / ``Documents/mangala_edu``); made when first needed, never
    the lessons' folder."""
    env = os.environ.get(OUTPUT_ENV)
    if chosen is not None:
        folder = Path(chosen).expanduser()
    elif env:
        folder = Path(env).expanduser()
    else:
        import platformdirs

        folder = Path(platformdirs.user_documents_dir()) / "mangala_edu"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ProgressError(
            "progress.error.folder", folder=str(folder), reason=exc.strerror or str(exc)
        ) from exc
    return folder


def shown_path(path: str | Path) -> str:
    """A path as a person reads it: a plain string (never ``PosixPath('...')``), the home
    folder written ``~`` (on Linux and macOS), so that no account name is shown.

    >>> shown_path(Path.home() / "Documents" / "x.pdf") in ("~/Documents/x.pdf", str(Path.home() / "Documents" / "x.pdf"))
    True
    """
    path = Path(path)
    if os.name == "posix":
        try:
            return str(Path("~") / path.relative_to(Path.home()))
        except (ValueError, RuntimeError):
            pass
    return str(path)


def check_name(name: str) -> str:
    """The learner's name as it is saved (spaces trimmed, one space between words), or
    :class:`ProgressError` saying what is wrong with it: empty, longer than
    :data:`NAME_LENGTH`, or with a character other than letters, digits, spaces and ``. ' - _``.

    >>> check_name("  Ayşe   Nur "), check_name("Can_2")
    ('Ayşe Nur', 'Can_2')
    >>> check_name("../x")
    Traceback (most recent call last):
    ...
    mangala_edu.progress_store.ProgressError: ... / ... letters, digits, spaces and . ' - _ ...
    """
    clean = " ".join(unicodedata.normalize("NFC", name).split())
    if not clean:
        raise ProgressError("progress.error.no_name")
    if len(clean) > NAME_LENGTH:
        raise ProgressError("progress.error.name_long", name=clean, most=NAME_LENGTH)
    if not _NAME_CHARS.match(clean) or not any(c.isalpha() for c in clean):
        raise ProgressError("progress.error.name_chars", name=clean)
    return clean


def file_stem(name: str) -> str:
    """The file name (without ``.json``) of a learner: the name with every character that is
    not a letter, a digit, ``-`` or ``_`` turned into ``_`` (letters such as ş and İ stay).

    >>> file_stem("Ayşe Yılmaz"), file_stem("../İpek"), file_stem("  Can ")
    ('Ayşe_Yılmaz', '___İpek', 'Can')
    """
    name = unicodedata.normalize("NFC", name.strip())
    return re.sub(r"[^\w\-]", "_", name)


@dataclass
class Progress:
    """One learner's progress, as read from (or to be written to) their file."""

    name: str
    rating: list[float] = field(default_factory=lambda: [1200.0, 350.0, 0.06])
    attempts: list[dict[str, Any]] = field(default_factory=list)
    lessons: dict[str, str] = field(default_factory=dict)
    ratings: dict[str, list[float]] = field(default_factory=dict)
    review: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)
    bests: dict[str, dict[str, int]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "format": FORMAT,
            "version": VERSION,
            "name": self.name,
            "rating": self.rating,
            "attempts": self.attempts,
            "lessons": self.lessons,
        }
        if self.ratings:
            out["ratings"] = self.ratings
        review = {game: queue for game, queue in self.review.items() if queue}
        if review:
            out["review"] = review
        bests = {game: best for game, best in self.bests.items() if best}
        if bests:
            out["bests"] = bests
        return out

    def review_of(self, game: str = MANGALA) -> dict[str, dict[str, Any]]:
        """The learner's queue of missed ``game`` puzzles to see again (changed in place):
        puzzle id to ``{"box": n, "due": "YYYY-MM-DD"}`` (see :mod:`mangala_edu.puzzles.modes`).

        >>> p = Progress("Can")
        >>> p.review_of()["m1"] = {"box": 0, "due": "2026-12-05"}
        >>> p.to_dict()["review"]
        {'mangala': {'m1': {'box': 0, 'due': '2026-12-05'}}}
        """
        return self.review.setdefault(game, {})

    def bests_of(self, game: str = MANGALA) -> dict[str, int]:
        """The learner's best scores at ``game``'s puzzles (changed in place): ``streak``
        and ``timed`` (none yet: left out)."""
        return self.bests.setdefault(game, {})

    def attempts_of(self, game: str = MANGALA) -> list[dict[str, Any]]:
        """The attempts at ``game``'s puzzles (an attempt with no ``game`` is a Mangala one).

        >>> p = Progress("Can", attempts=[{"puzzle": "m1"}, {"puzzle": "d1", "game": "dokuz_tas"}])
        >>> [a["puzzle"] for a in p.attempts_of()], [a["puzzle"] for a in p.attempts_of("dokuz_tas")]
        (['m1'], ['d1'])
        """
        return [a for a in self.attempts if a.get("game", MANGALA) == game]

    def rating_of(self, game: str = MANGALA) -> list[float]:
        """The learner's rating at ``game``'s puzzles: ``[rating, rd, volatility]``."""
        if game == MANGALA:
            return self.rating
        return list(self.ratings.get(game, START_RATING))

    @classmethod
    def from_dict(cls, data: Any) -> Progress:
        """Raises :class:`ProgressError` (a ``ValueError``) when ``data`` is not a version-1
        progress record."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ProgressError("progress.error.not_progress")
        name, rating = data.get("name"), data.get("rating")
        attempts, lessons = data.get("attempts"), data.get("lessons")
        ratings = data.get("ratings", {})
        if not isinstance(ratings, dict) or not all(
            isinstance(v, list) and len(v) == 3 for v in ratings.values()
        ):
            raise ProgressError("progress.error.bad_field")
        review, bests = data.get("review", {}), data.get("bests", {})
        if not _by_game(review, _review_entry) or not _by_game(
            bests, lambda v: isinstance(v, int) and not isinstance(v, bool)
        ):
            raise ProgressError("progress.error.bad_field")
        if (
            not isinstance(name, str)
            or not isinstance(attempts, list)
            or not isinstance(lessons, dict)
            or not isinstance(rating, list)
            or len(rating) != 3
            or not all(isinstance(a, dict) for a in attempts)
        ):
            raise ProgressError("progress.error.bad_field")
        return cls(
            name,
            [float(x) for x in rating],
            attempts,
            {str(k): str(v) for k, v in lessons.items()},
            {str(k): [float(x) for x in v] for k, v in ratings.items()},
            {str(g): {str(k): dict(v) for k, v in q.items()} for g, q in review.items()},
            {str(g): {str(k): int(v) for k, v in b.items()} for g, b in bests.items()},
        )


def _review_entry(entry: object) -> bool:
    """Whether ``entry`` is a review queue's entry: a box number and a due day."""
    return (
        isinstance(entry, dict)
        and isinstance(entry.get("box"), int)
        and isinstance(entry.get("due"), str)
    )


def _by_game(data: object, valid: Callable[[object], bool]) -> bool:
    """Whether ``data`` is a game-keyed dict of dicts whose values are all ``valid``."""
    return isinstance(data, dict) and all(
        isinstance(inner, dict) and all(valid(v) for v in inner.values()) for inner in data.values()
    )


def _new_file(folder: Path, prefix: str) -> tuple[int, str]:
    """A new empty file in ``folder``, open for writing, created like any other file of the
    program: mode ``0o666`` less the umask (or as the folder's default ACL says), not
    ``tempfile.mkstemp``'s ``0o600``, which no other account could read."""
    for _ in range(100):
        name = str(folder / f"{prefix}{secrets.token_hex(6)}.tmp")
        try:
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
            return os.open(name, flags, 0o666), name
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name in {folder}")  # pragma: no cover


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a reader sees the old file or the new one, never a
    part: a temporary file in the same folder (with the permissions of a normal file, see
    :func:`_new_file`), flushed to disk, then renamed over ``path``."""
    fd, tmp = _new_file(path.parent, f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    browser.save()


class ProgressStore:
    """The progress files of one folder (default: :func:`progress_dir`)."""

    def __init__(self, folder: str | Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else progress_dir()

    def __repr__(self) -> str:
        return f"ProgressStore({str(self.folder)!r})"

    def path(self, name: str) -> Path:
        """The file of the learner ``name`` (a name :func:`check_name` refuses raises
        :class:`ProgressError`)."""
        return self.folder / f"{file_stem(check_name(name))}.json"

    # Reading ---------------------------------------------------------------------------------
    def load(self, name: str) -> Progress:
        """The learner's progress (empty if they have no file yet: then nothing is written,
        no folder and no lock file). A damaged file is moved aside and reported, a file this
        account may not read is reported (:class:`ProgressError`); see the module's
        docstring."""
        path = self.path(name)
        try:
            return self._read(path, name)
        except _Damaged:
            pass
        # Moved aside under the lock (if a writer has not replaced it meanwhile).
        with self._os_errors(path), self._lock(path):
            try:
                return self._read(path, name)
            except _Damaged as damaged:
                self._set_aside(path, damaged.reason)

    def learners(self) -> list[Progress]:
        """Everyone with a progress file in the folder, by name. Damaged files and files
        this account may not read are skipped here (see :meth:`damaged` and
        :meth:`no_access`)."""
        return sorted(
            (p for p in self.scan().values() if isinstance(p, Progress)), key=lambda p: p.name
        )

    def damaged(self) -> list[Path]:
        """Files of the folder that are not progress files (not yet moved aside)."""
        return [path for path, got in self.scan().items() if got == "damaged"]

    def no_access(self) -> list[Path]:
        """Files of the folder that this account is not allowed to read (not damaged: written
        by another account that kept them to itself)."""
        return [path for path, got in self.scan().items() if got == "no_access"]

    def files_of(self, name: str) -> list[Path]:
        """Every file the folder holds for ``name``: the progress file, its backups and its
        lock file."""
        stem = file_stem(check_name(name))
        if not self.folder.is_dir():
            return []
        found = [self.folder / f"{stem}.json", self.folder / f"{stem}.json.lock"]
        found += sorted(self.folder.glob(f"{glob_escape(stem)}.damaged-*.json"))
        return [f for f in found if f.exists()]

    # Writing ---------------------------------------------------------------------------------
    def update(self, name: str, change: Callable[[Progress], object]) -> Progress:
        """Read the learner's file afresh, apply ``change`` to it and write it back, all under
        the file's lock; returns the progress as written."""
        path = self.path(name)
        with self._os_errors(path), self._lock(path):
            try:
                progress = self._read(path, name)
            except _Damaged as damaged:
                self._set_aside(path, damaged.reason)
            change(progress)
            atomic_write(path, json.dumps(progress.to_dict(), ensure_ascii=False, indent=1))
            return progress

    def add_attempt(
        self,
        name: str,
        attempt: dict[str, Any],
        rating: list[float] | None = None,
        game: str = MANGALA,
    ) -> Progress:
        """Add one puzzle attempt (and the learner's new rating at ``game``'s puzzles, if
        given; an attempt at another game than Mangala should say its ``game``)."""

        def change(progress: Progress) -> None:
            progress.attempts.append(dict(attempt))
            if rating is not None:
                if game == MANGALA:
                    progress.rating = list(rating)
                else:
                    progress.ratings[game] = list(rating)

        return self.update(name, change)

    def task_done(self, name: str, task: str, when: str) -> Progress:
        """Record that the learner solved a lesson's task (``"lesson05.task1"``)."""
        return self.update(name, lambda p: p.lessons.setdefault(task, when))

    def delete(self, name: str) -> list[Path]:
        """Delete every file of the learner ``name`` (the progress file, its backups and its
        lock file; the puzzles' shared ratings keep no name); returns the files deleted (the
        lock file not counted; none if the learner has no file). What a teacher does when a
        pupil leaves or a parent asks (KVKK)."""
        files = [f for f in self.files_of(name) if f.suffix != ".lock"]
        if not files:
            return []
        path = self.path(name)
        with self._os_errors(path):
            with self._lock(path):
                for f in files:
                    f.unlink(missing_ok=True)
            Path(f"{path}.lock").unlink(missing_ok=True)
        browser.save()
        return files

    # Puzzle ratings (shared by the folder) ---------------------------------------------------
    def puzzle_ratings(self) -> dict[str, list[float]]:
        """The puzzles' ratings changed by attempts in this folder: id -> [rating, rd, vol]."""
        path = self.folder / RATINGS_FILE
        try:
            return self._read_ratings(path)
        except _Damaged:
            pass
        with self._os_errors(path), self._lock(path):
            try:
                return self._read_ratings(path)
            except _Damaged as damaged:
                self._set_aside(path, damaged.reason)

    def update_puzzle_rating(
        self, puzzle: str, change: Callable[[list[float] | None], list[float]]
    ) -> list[float]:
        """Replace a puzzle's rating by ``change(old)`` (``old`` is ``None`` the first time)
        under the ratings file's lock."""
        path = self.folder / RATINGS_FILE
        with self._os_errors(path), self._lock(path):
            try:
                ratings = self._read_ratings(path)
            except _Damaged as damaged:
                self._set_aside(path, damaged.reason)
            ratings[puzzle] = change(ratings.get(puzzle))
            atomic_write(
                path,
                json.dumps(
                    {"format": RATINGS_FORMAT, "version": VERSION, "ratings": ratings}, indent=0
                ),
            )
            return ratings[puzzle]

    # Internals -------------------------------------------------------------------------------
    def _lock(self, path: Path) -> FileLock:
        """The lock of ``path`` (the folder made first). The lock file is created like any
        other file (mode ``0o666`` less the umask), so that other accounts can take it too."""
        if not self.folder.is_dir():
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise ProgressError(
                    "progress.error.folder",
                    folder=str(self.folder),
                    reason=exc.strerror or str(exc),
                ) from exc
        return FileLock(str(path) + ".lock", timeout=LOCK_TIMEOUT)

    @contextmanager
    def _os_errors(self, path: Path) -> Iterator[None]:
        """An error of the system while writing becomes a :class:`ProgressError` that says
        it (a file or lock this account may not touch: ``no_access``)."""
        try:
            yield
        except PermissionError as exc:
            raise _no_access(Path(exc.filename or path)) from exc
        except OSError as exc:
            if isinstance(exc, MangalaError):
                raise
            raise ProgressError(
                "progress.error.cannot_write", file=str(path), reason=exc.strerror or str(exc)
            ) from exc

    def scan(self) -> dict[Path, Progress | str]:
        """Every learner's file of the folder: its progress, ``"damaged"`` or
        ``"no_access"``."""
        out: dict[Path, Progress | str] = {}
        if not self.folder.is_dir():
            return out
        for path in sorted(self.folder.glob("*.json")):
            if path.name == RATINGS_FILE or ".damaged-" in path.name:
                continue
            if path.name.endswith(POOLED_SUFFIX):
                continue
            try:
                out[path] = Progress.from_dict(json.loads(path.read_text("utf-8")))
            except PermissionError:
                out[path] = "no_access"
            except (ValueError, OSError):
                out[path] = "damaged"
        return out

    def _read(self, path: Path, name: str) -> Progress:
        """The file's progress; raises :class:`_Damaged` (to be moved aside under the lock)
        or :class:`ProgressError` (newer, no access)."""
        data = _read_json(path)
        if data is _NO_FILE:
            return Progress(check_name(name))
        if isinstance(data, dict) and data.get("format") == FORMAT:
            version = data.get("version")
            if isinstance(version, int) and version > VERSION:
                raise ProgressError(
                    "progress.error.newer", file=str(path), version=version, ours=VERSION
                )
        try:
            return Progress.from_dict(data)
        except ValueError as exc:
            raise _Damaged(exc if isinstance(exc, MangalaError) else str(exc)) from exc

    def _set_aside(self, path: Path, reason: str | MangalaError) -> NoReturn:
        """Move a damaged file aside (never over another backup) and report it."""
        n = 1
        while True:
            backup = path.with_name(f"{path.stem}.damaged-{n}{path.suffix}")
            if not backup.exists():
                break
            n += 1
        os.replace(path, backup)
        raise ProgressError(
            "progress.error.damaged", file=str(path), backup=backup.name, reason=reason
        )

    def _read_ratings(self, path: Path) -> dict[str, list[float]]:
        data = _read_json(path)
        if data is _NO_FILE:
            return {}
        try:
            if not isinstance(data, dict) or data.get("format") != RATINGS_FORMAT:
                raise _Damaged(ProgressError("progress.error.not_ratings"))
            ratings = data["ratings"]
            return {str(k): [float(x) for x in v] for k, v in ratings.items()}
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise _Damaged(f"{type(exc).__name__}: {exc}") from exc


class _Damaged(Exception):
    """A file that is not what it should be (to be moved aside, under its lock)."""

    def __init__(self, reason: str | MangalaError) -> None:
        super().__init__(str(reason))
        self.reason = reason


_NO_FILE = object()
"""What :func:`_read_json` returns for a file that does not exist."""


def _read_json(path: Path) -> object:
    """The JSON value of the file ``path``, or :data:`_NO_FILE`; raises :class:`_Damaged` for
    a file that is not UTF-8 JSON and :class:`ProgressError` for one this account may not
    read."""
    try:
        text = path.read_text("utf-8")
    except FileNotFoundError:
        return _NO_FILE
    except PermissionError as exc:
        raise _no_access(path) from exc
    except UnicodeDecodeError as exc:
        raise _Damaged(f"{type(exc).__name__}: {exc}") from exc
    try:
        return json.loads(text)
    except ValueError as exc:
        raise _Damaged(f"{type(exc).__name__}: {exc}") from exc


def _no_access(path: Path) -> ProgressError:
    return ProgressError("progress.error.no_access", file=str(path))


def glob_escape(text: str) -> str:
    """``text`` with the characters that ``glob`` reads as patterns escaped."""
    return re.sub(r"([\[\]*?])", r"[\1]", text)
