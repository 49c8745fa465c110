"""The puzzle collection: reading a file, the one shipped with the package, and filters.

>>> c = Collection.shipped()
>>> len(c) >= 1, c.get(c.puzzles[0].id) is c.puzzles[0]
(True, True)
>>> c.get("nope")
Traceback (most recent call last):
...
mangala_edu.puzzles.model.PuzzleNotFound: ... / There is no puzzle 'nope'...
>>> c.select(theme="flying")
Traceback (most recent call last):
...
mangala_edu.puzzles.model.PuzzleError: ... / Unknown theme 'flying': choose one of ...
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable, Iterator
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from .model import Puzzle, PuzzleError, PuzzleNotFound
from .rating import band_key
from .themes import theme_key

SHIPPED = "puzzles.jsonl"
"""The collection file inside the package (``mangala_edu/puzzles/data/``)."""


def shipped_path() -> Path:
    """Where the shipped collection lies."""
    return Path(str(resources.files(__package__).joinpath("data").joinpath(SHIPPED)))


def read_puzzles(path: str | Path) -> list[Puzzle]:
    """Every puzzle of a collection file. A line that is not a puzzle raises
    :class:`PuzzleError` naming the file, the line and why; nothing is changed."""
    path = Path(path)
    try:
        text = path.read_text("utf-8")
    except OSError as exc:
        from ..cli_errors import os_reason

        raise PuzzleError(
            "puzzle.error.cannot_read",
            file=str(path),
            reason=os_reason(exc, path, reading=True),
        ) from exc
    except UnicodeDecodeError as exc:
        raise PuzzleError("puzzle.error.damaged", file=str(path), line=1, reason=str(exc)) from exc
    puzzles = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            puzzles.append(Puzzle.from_dict(json.loads(line)))
        except PuzzleError as exc:
            raise PuzzleError(
                "puzzle.error.damaged", file=str(path), line=number, reason=exc
            ) from exc
        except (ValueError, KeyError, TypeError) as exc:
            reason = f"{type(exc).__name__}: {exc}"
            raise PuzzleError(
                "puzzle.error.damaged", file=str(path), line=number, reason=reason
            ) from exc
    return puzzles


class GamePuzzle(Protocol):
    """What the collections and the trainer read of a puzzle of either game."""

    @property
    def id(self) -> str: ...
    @property
    def rating(self) -> int: ...
    @property
    def themes(self) -> tuple[str, ...]: ...


P = TypeVar("P", bound=GamePuzzle)
"""A game's puzzle (Mangala's :class:`~.model.Puzzle`, Dokuz Taş's)."""

C = TypeVar("C", bound="PuzzleCollection[Any]")


class PuzzleCollection(Generic[P]):
    """What the collections of both games share: a list of puzzles, the one shipped with the
    package (read once), a file read, and :meth:`pick`, :meth:`theme_counts`. A game's
    collection names how its files are read (:meth:`_read`), and has its own :meth:`select`
    (a theme, a band, a number of learner's moves) and ``get``."""

    _shipped: ClassVar[Any] = None

    def __init__(self, puzzles: Iterable[P]) -> None:
        self.puzzles = list(puzzles)

    @classmethod
    def _read(cls, path: str | Path | None) -> list[P]:
        """The puzzles of a collection file (``None``: the shipped one)."""
        raise NotImplementedError

    @classmethod
    def shipped(cls: type[C]) -> C:
        """The collection shipped with the package (read once)."""
        if cls._shipped is None:
            cls._shipped = cls(cls._read(None))
        return cast(C, cls._shipped)

    @classmethod
    def load(cls: type[C], path: str | Path | None = None) -> C:
        """A collection file, or the shipped one (``None``)."""
        return cls.shipped() if path is None else cls(cls._read(path))

    def __len__(self) -> int:
        return len(self.puzzles)

    def __iter__(self) -> Iterator[P]:
        return iter(self.puzzles)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({len(self)} puzzles)"

    def select(
        self, *, theme: str | None = None, band: str | None = None, moves: int | None = None
    ) -> list[P]:
        """The puzzles of a theme, a band and a number of learner's moves (the game's)."""
        raise NotImplementedError

    def pick(self, count: int, *, seed: int = 0, **filters: Any) -> list[P]:
        """``count`` puzzles chosen at random (``seed``) among :meth:`select`'s, easiest first.

        Asking for more than there are raises :class:`PuzzleError` saying how many there are.
        """
        pool = self.select(**filters)
        if count < 1 or count > len(pool):
            raise PuzzleError("puzzle.error.too_many", count=count, found=len(pool))
        chosen = random.Random(seed).sample(pool, count)
        return sorted(chosen, key=lambda p: (p.rating, p.id))

    def theme_counts(self) -> Counter[str]:
        """How many puzzles each theme has."""
        return Counter(t for p in self.puzzles for t in p.themes)


class Collection(PuzzleCollection[Puzzle]):
    """A list of puzzles with lookups and filters."""

    def __init__(self, puzzles: Iterable[Puzzle]) -> None:
        super().__init__(puzzles)
        self._by_id = {p.id: p for p in self.puzzles}

    @classmethod
    def _read(cls, path: str | Path | None) -> list[Puzzle]:
        return read_puzzles(shipped_path() if path is None else path)

    def get(self, puzzle_id: str) -> Puzzle:
        """The puzzle with this id; :class:`~.model.PuzzleNotFound` (a :class:`PuzzleError`
        and a ``KeyError``) if there is none."""
        try:
            return self._by_id[puzzle_id]
        except KeyError:
            raise PuzzleNotFound("puzzle.error.unknown_id", value=puzzle_id) from None

    def select(
        self,
        *,
        theme: str | None = None,
        band: str | None = None,
        moves: int | None = None,
        phase: str | None = None,
    ) -> list[Puzzle]:
        """The puzzles of a theme, a band (Turkish or English name), a number of learner's
        moves (4 means 4 or more) and a phase, in collection order. An unknown theme or band
        raises :class:`PuzzleError` naming the ones there are."""
        theme = check_theme(theme)
        band = check_band(band)
        if phase is not None and phase not in ("opening", "middlegame", "endgame"):
            raise PuzzleError("puzzle.error.unknown_phase", value=phase)
        out = []
        for p in self.puzzles:
            if theme is not None and theme not in p.themes:
                continue
            if band is not None and p.band != band:
                continue
            if moves is not None and (
                p.learner_moves < moves if moves >= 4 else p.learner_moves != moves
            ):
                continue
            if phase is not None and p.phase != phase:
                continue
            out.append(p)
        return out


def check_theme(theme: str | None) -> str | None:
    """The theme's key (a key, a Turkish key with or without Turkish letters, or a name: see
    :func:`~.themes.theme_key`); :class:`PuzzleError` for a theme that does not exist."""
    return None if theme is None else theme_key(theme)


def check_band(band: str | None) -> str | None:
    """The band's key, or :class:`~.rating.BandError` (a :class:`PuzzleError`) for a band
    that does not exist."""
    return None if band is None else band_key(band)
