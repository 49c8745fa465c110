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
     "lessons": {"lesson05.task1": "2026-..."}}

The puzzles' own ratings change with every attempt too; they are kept beside the learners'
files in ``puzzle-ratings.json``, shared by everyone who uses the folder.

Every change reads the file afresh, changes it and writes it back **under a file lock**
(``<name>.json.lock``) **atomically** (a temporary file in the same folder, flushed to disk, then
``os.replace``): a process killed while writing leaves the old file whole, and two notebooks
writing at once lose nothing. A file that is not a progress file (damaged, cut short, edited by
hand) is reported with a clear :class:`ProgressError` and moved aside as a backup
(``<name>.damaged-1.json``, never overwritten); the next change starts a new file. A file from a
newer version of the package is reported and left untouched.

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
import tempfile
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

from filelock import FileLock

from .engine import MangalaError

ENV = "MANGALA_EDU_PROGRESS"
"""The environment variable that moves the progress folder."""
FORMAT = "mangala_edu.progress"
VERSION = 1
RATINGS_FILE = "puzzle-ratings.json"
RATINGS_FORMAT = "mangala_edu.puzzle-ratings"
LOCK_TIMEOUT = 30.0
"""Seconds to wait for another writer before giving up with a message."""


class ProgressError(MangalaError):
    """A progress file or folder that cannot be used as asked (the message says why and what
    happened to the file)."""


def progress_dir() -> Path:
    """The folder of the progress files (see the module's docstring)."""
    env = os.environ.get(ENV)
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("mangala_edu")) / "progress"


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

    def to_dict(self) -> dict[str, object]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "name": self.name,
            "rating": self.rating,
            "attempts": self.attempts,
            "lessons": self.lessons,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Progress:
        """Raises :class:`ProgressError` (a ``ValueError``) when ``data`` is not a version-1
        progress record."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ProgressError("progress.error.not_progress")
        name, rating = data.get("name"), data.get("rating")
        attempts, lessons = data.get("attempts"), data.get("lessons")
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
            name, [float(x) for x in rating], attempts, {str(k): str(v) for k, v in lessons.items()}
        )


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a reader sees the old file or the new one, never a
    part: a temporary file in the same folder, flushed to disk, then renamed over ``path``."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class ProgressStore:
    """The progress files of one folder (default: :func:`progress_dir`)."""

    def __init__(self, folder: str | Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else progress_dir()

    def __repr__(self) -> str:
        return f"ProgressStore({str(self.folder)!r})"

    def path(self, name: str) -> Path:
        """The file of the learner ``name``."""
        stem = file_stem(name)
        if not stem:
            raise ProgressError("progress.error.no_name")
        return self.folder / f"{stem}.json"

    # Reading ---------------------------------------------------------------------------------
    def load(self, name: str) -> Progress:
        """The learner's progress (empty if they have no file yet). A damaged file is moved
        aside and reported (:class:`ProgressError`); see the module's docstring."""
        path = self.path(name)
        with self._lock(path):
            return self._read(path, name)

    def learners(self) -> list[Progress]:
        """Everyone with a progress file in the folder, by name. Damaged files are skipped
        here (they are reported when their learner's file is opened)."""
        out: list[Progress] = []
        if not self.folder.is_dir():
            return out
        for path in sorted(self.folder.glob("*.json")):
            if path.name == RATINGS_FILE or ".damaged-" in path.name:
                continue
            try:
                out.append(Progress.from_dict(json.loads(path.read_text("utf-8"))))
            except (ValueError, OSError):
                continue
        return sorted(out, key=lambda p: p.name)

    def damaged(self) -> list[Path]:
        """Files of the folder that are not progress files (not yet moved aside)."""
        out: list[Path] = []
        for path in sorted(self.folder.glob("*.json")) if self.folder.is_dir() else []:
            if path.name == RATINGS_FILE or ".damaged-" in path.name:
                continue
            try:
                Progress.from_dict(json.loads(path.read_text("utf-8")))
            except (ValueError, OSError):
                out.append(path)
        return out

    # Writing ---------------------------------------------------------------------------------
    def update(self, name: str, change: Callable[[Progress], object]) -> Progress:
        """Read the learner's file afresh, apply ``change`` to it and write it back, all under
        the file's lock; returns the progress as written."""
        path = self.path(name)
        self.folder.mkdir(parents=True, exist_ok=True)
        with self._lock(path):
            progress = self._read(path, name)
            change(progress)
            atomic_write(path, json.dumps(progress.to_dict(), ensure_ascii=False, indent=1))
            return progress

    def add_attempt(
        self, name: str, attempt: dict[str, Any], rating: list[float] | None = None
    ) -> Progress:
        """Add one puzzle attempt (and the learner's new rating, if given)."""

        def change(progress: Progress) -> None:
            progress.attempts.append(dict(attempt))
            if rating is not None:
                progress.rating = list(rating)

        return self.update(name, change)

    def task_done(self, name: str, task: str, when: str) -> Progress:
        """Record that the learner solved a lesson's task (``"lesson05.task1"``)."""
        return self.update(name, lambda p: p.lessons.setdefault(task, when))

    # Puzzle ratings (shared by the folder) ---------------------------------------------------
    def puzzle_ratings(self) -> dict[str, list[float]]:
        """The puzzles' ratings changed by attempts in this folder: id -> [rating, rd, vol]."""
        path = self.folder / RATINGS_FILE
        with self._lock(path):
            return self._read_ratings(path)

    def update_puzzle_rating(
        self, puzzle: str, change: Callable[[list[float] | None], list[float]]
    ) -> list[float]:
        """Replace a puzzle's rating by ``change(old)`` (``old`` is ``None`` the first time)
        under the ratings file's lock."""
        path = self.folder / RATINGS_FILE
        self.folder.mkdir(parents=True, exist_ok=True)
        with self._lock(path):
            ratings = self._read_ratings(path)
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

    def _read(self, path: Path, name: str) -> Progress:
        if not path.exists():
            return Progress(name.strip())
        try:
            data = json.loads(path.read_text("utf-8"))
        except (ValueError, UnicodeDecodeError) as exc:
            self._set_aside(path, f"{type(exc).__name__}: {exc}")
        if isinstance(data, dict) and data.get("format") == FORMAT:
            version = data.get("version")
            if isinstance(version, int) and version > VERSION:
                raise ProgressError(
                    "progress.error.newer", file=str(path), version=version, ours=VERSION
                )
        try:
            return Progress.from_dict(data)
        except ValueError as exc:
            self._set_aside(path, exc if isinstance(exc, MangalaError) else str(exc))

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
        if not path.exists():
            return {}
        try:
            data = json.loads(path.read_text("utf-8"))
            if not isinstance(data, dict) or data.get("format") != RATINGS_FORMAT:
                raise ProgressError("progress.error.not_ratings")
            ratings = data["ratings"]
            return {str(k): [float(x) for x in v] for k, v in ratings.items()}
        except ProgressError as exc:
            self._set_aside(path, exc)
        except (ValueError, KeyError, TypeError, AttributeError, UnicodeDecodeError) as exc:
            self._set_aside(path, f"{type(exc).__name__}: {exc}")
