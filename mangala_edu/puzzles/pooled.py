"""Puzzle ratings that learn from people: every attempt saved in a class's progress files
(or several classes'), pooled into one Glicko-2 rating a puzzle.

A puzzle's first rating is measured (:func:`.rating.difficulty_rating`); a class's trainers
then change it with every attempt, each folder apart. :func:`pool_folders` reads the attempts
of every progress file of one folder or more and rates each puzzle from all of them, as
lichess rates its puzzles:

- every puzzle starts from the collection's first rating and deviation, every learner from
  :data:`~.rating.LEARNER_START`;
- the attempts are replayed in time order (their ``at``; ties by file and by place in the file,
  so that the result does not depend on the order the folders are named in), each a game
  learner against puzzle won by the learner when solved at the first try with no hint
  (``clean``), both ratings changed by :func:`.rating.attempt` (the trainer's own update, the
  learner's deviation capped at :data:`~.rating.LEARNER_MAX_RD`);
- **a rating period is one attempt**, as on lichess and in the trainer: a puzzle meets its
  learners one at a time, days apart, and a period of a day would rate a whole lesson's
  attempts against the learners' ratings of the morning. Replayed so, one class's attempts
  give the ratings that class's trainers kept live in ``puzzle-ratings.json`` (to the
  rounding of the saved files);
- **only a learner's first attempt at a puzzle counts** (lichess rates a user's first round
  at a puzzle only): a second attempt, after the solution was shown, measures memory, not the
  puzzle. Later attempts are counted apart (:attr:`Pooled.repeats`);
- an attempt the trainer saved unrated (``"rated": false``: a timed run, a review) is not
  rated here either, as lichess leaves casual rounds out;
- attempts at a puzzle that is not in the collection (a puzzle dropped by a later curation, a
  file of another collection) are left out and reported (:attr:`Pooled.unknown`).

The result (:func:`write`) is a JSON file, ``puzzle-ratings.pooled.json`` beside the progress
files by default (Dokuz Taş's: ``puzzle-ratings.dokuz_tas.pooled.json``): puzzle id ->
rating, rd, volatility, attempts, learners. It holds no learner's name. The progress views
skip it among the learners' files (:data:`~mangala_edu.progress_store.POOLED_SUFFIX`). A
trainer reads it with :func:`load`.

>>> import tempfile
>>> from mangala_edu.progress_store import ProgressStore
>>> folder = tempfile.mkdtemp()
>>> store = ProgressStore(folder)
>>> for name, clean, at in [("Ayşe", True, "2026-03-02T09:00:00+00:00"),
...                         ("Can", False, "2026-03-02T09:05:00+00:00")]:
...     _ = store.add_attempt(name, {"puzzle": "p1", "solved": clean, "clean": clean, "at": at})
>>> first = {"p1": Rating(1400, 250), "p2": Rating(1600, 250)}
>>> pooled = pool_folders([folder], first=first)
>>> pooled.attempts, pooled.learners, sorted(pooled.ratings)
(2, 2, ['p1'])
>>> by_hand = attempt(LEARNER_START, Rating(1400, 250), True)[1]
>>> by_hand = attempt(LEARNER_START, by_hand, False)[1]
>>> pooled.ratings["p1"].rating == by_hand
True
>>> path = write(pooled, default_output([folder]))
>>> path.name, round(load(folder)["p1"].rating) == round(by_hand.rating)
('puzzle-ratings.pooled.json', True)
>>> [p.name for p in store.learners()]  # the views do not take it for a learner's file
['Ayşe', 'Can']

A folder that does not exist, or a damaged progress file, is an error that says which, in
Turkish and English, and nothing is written:

>>> pool_folders([folder + "-no"], first=first)
Traceback (most recent call last):
...
mangala_edu.puzzles.pooled.PooledRatingsError: ... klasörü yok: ... / There is no folder ...
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..i18n import Message
from ..progress_store import (
    DOKUZ_TAS,
    GAMES,
    MANGALA,
    POOLED_SUFFIX,
    RATINGS_FILE,
    Progress,
    ProgressError,
    atomic_write,
)
from .rating import LEARNER_START, PUZZLE_RD, Rating, attempt

FORMAT = "mangala_edu.pooled-ratings"
VERSION = 1
POOLED_FILES = {
    MANGALA: "puzzle-ratings" + POOLED_SUFFIX,
    DOKUZ_TAS: "puzzle-ratings.dokuz_tas" + POOLED_SUFFIX,
}
"""The pooled ratings' file of each game (beside the progress files, by default)."""

__all__ = [
    "POOLED_FILES",
    "Attempt",
    "Pooled",
    "PooledRating",
    "PooledRatingsError",
    "Replay",
    "default_output",
    "first_ratings",
    "load",
    "output_path",
    "pool",
    "pool_folders",
    "read_attempts",
    "write",
]


class PooledRatingsError(ProgressError):
    """Progress files that cannot be pooled, or a pooled file that cannot be written or read
    (a :class:`~mangala_edu.progress_store.ProgressError`: a trainer that catches those
    catches this one too)."""


@dataclass(frozen=True, order=True)
class Attempt:
    """One saved attempt, as pooling needs it; attempts sort in the order they are replayed:
    by time, then by learner (their file), then by place in the file."""

    at: datetime
    learner: str
    index: int
    puzzle: str
    clean: bool


@dataclass(frozen=True)
class PooledRating:
    """A puzzle's pooled rating, the attempts that made it and how many learners made them."""

    rating: Rating
    attempts: int
    learners: int

    def to_dict(self) -> dict[str, float | int]:
        rating, rd, volatility = self.rating.to_list()
        return {
            "rating": rating,
            "rd": rd,
            "volatility": volatility,
            "attempts": self.attempts,
            "learners": self.learners,
        }


@dataclass
class Pooled:
    """What pooling found: each attempted puzzle's rating (:attr:`ratings`), each learner's
    rating from the same replay (:attr:`learner_ratings`, by file; never written), how many
    attempts counted, the later attempts left out (:attr:`repeats`) and the attempts at
    puzzles not in the collection (:attr:`unknown`, by id)."""

    game: str = MANGALA
    ratings: dict[str, PooledRating] = field(default_factory=dict)
    learner_ratings: dict[str, Rating] = field(default_factory=dict)
    attempts: int = 0
    repeats: int = 0
    unknown: dict[str, int] = field(default_factory=dict)
    until: str | None = None

    @property
    def learners(self) -> int:
        """How many learners' attempts counted."""
        return len(self.learner_ratings)

    def to_dict(self) -> dict[str, Any]:
        """The ratings file's content (no learner's name in it)."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "attempts": self.attempts,
            "learners": self.learners,
            "until": self.until,
            "ratings": {k: v.to_dict() for k, v in sorted(self.ratings.items())},
        }


def _time(value: object) -> datetime | None:
    """An attempt's ``at`` as a time (a time without zone is UTC), or ``None``."""
    if not isinstance(value, str):
        return None
    try:
        when = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=timezone.utc)


def _attempts_of(progress: Progress, learner: str, game: str) -> list[Attempt]:
    """The attempts of one file at ``game``'s puzzles; raises :class:`ValueError` (a
    :class:`PooledRatingsError`) naming the first attempt that cannot be replayed."""
    found = []
    for index, record in enumerate(progress.attempts, start=1):
        if record.get("game", MANGALA) != game or record.get("rated") is False:
            continue  # another game's, or unrated (as lichess's casual rounds)
        puzzle, clean, at = record.get("puzzle"), record.get("clean"), _time(record.get("at"))
        for name, good in (("puzzle", isinstance(puzzle, str)), ("clean", isinstance(clean, bool))):
            if not good:
                raise PooledRatingsError("pooled.error.bad_attempt", number=index, field=name)
        if at is None:
            raise PooledRatingsError("pooled.error.bad_attempt", number=index, field="at")
        found.append(Attempt(at, learner, index, str(puzzle), bool(clean)))
    return found


def read_attempts(folders: Iterable[str | Path], game: str = MANGALA) -> list[Attempt]:
    """Every attempt at ``game``'s puzzles saved in the progress files of ``folders``, in the
    order they are replayed. A folder that does not exist or holds no progress file, a
    damaged file, a file this account may not read: :class:`PooledRatingsError` naming each
    (all the damaged files at once)."""
    if game not in GAMES:
        raise PooledRatingsError("pooled.error.unknown_game", value=game, allowed=", ".join(GAMES))
    found: list[Attempt] = []
    damaged: list[Message] = []
    no_access: list[str] = []
    for folder in sorted({Path(f).expanduser().resolve() for f in folders}):
        if not folder.is_dir():
            raise PooledRatingsError("pooled.error.no_folder", folder=str(folder))
        files = [
            p
            for p in sorted(folder.glob("*.json"))
            if p.name != RATINGS_FILE
            and ".damaged-" not in p.name
            and not p.name.endswith(POOLED_SUFFIX)
        ]
        if not files:
            raise PooledRatingsError("pooled.error.no_files", folder=str(folder))
        for path in files:
            try:
                progress = Progress.from_dict(json.loads(path.read_text("utf-8")))
                found += _attempts_of(progress, str(path), game)
            except PermissionError:
                no_access.append(str(path))
            except ProgressError as exc:
                damaged.append(Message("pooled.damaged_file", file=str(path), reason=exc.said))
            except (ValueError, OSError) as exc:  # not UTF-8, not JSON, cannot be read
                reason = f"{type(exc).__name__}: {exc}"
                damaged.append(Message("pooled.damaged_file", file=str(path), reason=reason))
    if no_access:
        raise PooledRatingsError(
            "pooled.error.no_access", files=", ".join(no_access), count=len(no_access)
        )
    if damaged:
        raise PooledRatingsError("pooled.error.damaged", files=_Joined(damaged), count=len(damaged))
    return sorted(found)


class _Joined(Message):
    """Messages said one after the other, separated by ``; ``."""

    __slots__ = ("parts",)

    def __init__(self, parts: Sequence[Message]) -> None:
        super().__init__("pooled.damaged_file")
        self.parts = tuple(parts)

    def text(self, lang: str | None = None) -> str:
        return "; ".join(part.text(lang) for part in self.parts)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Joined) and self.parts == other.parts

    def __hash__(self) -> int:
        return hash(self.parts)


class Replay:
    """The replay that pooling is (see the module's docstring), fed attempt by attempt in
    their order: feeding a class's rounds one after the other, each later than the last,
    gives what pooling them all at once gives (:func:`pool`)."""

    def __init__(self, first: Mapping[str, Rating], game: str = MANGALA) -> None:
        self.first = first
        self.game = game
        self.puzzles: dict[str, Rating] = {}
        self.learners: dict[str, Rating] = {}
        self.counts: Counter[str] = Counter()
        self.who: dict[str, set[str]] = {}
        self.unknown: Counter[str] = Counter()
        self.done: set[tuple[str, str]] = set()
        self.attempts = 0
        self.repeats = 0
        self.until: str | None = None

    def feed(self, attempts: Iterable[Attempt]) -> Replay:
        """Replay ``attempts`` (in the order given) after those fed before."""
        for a in attempts:
            if a.puzzle not in self.first:
                self.unknown[a.puzzle] += 1
                continue
            if (a.learner, a.puzzle) in self.done:
                self.repeats += 1
                continue
            self.done.add((a.learner, a.puzzle))
            learner = self.learners.get(a.learner, LEARNER_START)
            puzzle = self.puzzles.get(a.puzzle, self.first[a.puzzle])
            self.learners[a.learner], self.puzzles[a.puzzle] = attempt(learner, puzzle, a.clean)
            self.counts[a.puzzle] += 1
            self.who.setdefault(a.puzzle, set()).add(a.learner)
            self.attempts += 1
            self.until = a.at.isoformat(timespec="seconds")
        return self

    def rating(self, puzzle: str) -> Rating:
        """The puzzle's rating now (its first rating while no attempt counted)."""
        return self.puzzles.get(puzzle, self.first[puzzle])

    def result(self) -> Pooled:
        """What the attempts fed so far give."""
        return Pooled(
            self.game,
            {k: PooledRating(r, self.counts[k], len(self.who[k])) for k, r in self.puzzles.items()},
            dict(self.learners),
            self.attempts,
            self.repeats,
            dict(sorted(self.unknown.items())),
            self.until,
        )


def pool(attempts: Iterable[Attempt], first: Mapping[str, Rating], game: str = MANGALA) -> Pooled:
    """The puzzles' ratings from ``attempts`` (replayed in their order: sort them first, as
    :func:`read_attempts` does), each puzzle starting from ``first`` (id -> rating; an
    attempt at an id not in it is counted in :attr:`Pooled.unknown`)."""
    return Replay(first, game).feed(attempts).result()


def first_ratings(game: str = MANGALA, collection: str | Path | None = None) -> dict[str, Rating]:
    """Each puzzle's first rating and deviation in ``game``'s collection (``collection``: a
    collection file; default: the shipped one). Dokuz Taş's puzzles have no deviation of
    their own: :data:`~.rating.PUZZLE_RD`, as the trainer gives them."""
    if game == DOKUZ_TAS:
        from ..dokuz_tas.puzzles.collection import read_puzzles

        return {p.id: Rating(p.rating, PUZZLE_RD) for p in read_puzzles(collection)}
    from .collection import Collection

    return {p.id: Rating(p.rating, p.rd) for p in Collection.load(collection)}


def pool_folders(
    folders: Sequence[str | Path],
    game: str = MANGALA,
    *,
    collection: str | Path | None = None,
    first: Mapping[str, Rating] | None = None,
) -> Pooled:
    """Pool the attempts at ``game``'s puzzles saved in ``folders`` (see the module's
    docstring); the puzzles start from ``first`` (default: the collection's first ratings,
    :func:`first_ratings`)."""
    if not folders:
        raise PooledRatingsError("pooled.error.no_folder_named")
    attempts = read_attempts(folders, game)
    return pool(attempts, first_ratings(game, collection) if first is None else first, game)


def default_output(folders: Sequence[str | Path], game: str = MANGALA) -> Path:
    """Where the pooled ratings go when nobody says: beside the progress files of the one
    folder named (with several folders the user must choose: :class:`PooledRatingsError`)."""
    if len({Path(f).expanduser().resolve() for f in folders}) != 1:
        raise PooledRatingsError("pooled.error.choose_output")
    return Path(folders[0]).expanduser() / POOLED_FILES[game]


def _package() -> Path:
    return Path(__file__).resolve().parents[1]


def output_path(path: str | Path, game: str = MANGALA) -> Path:
    """The file ``path`` names for ``game``'s pooled ratings (a folder: the game's
    :data:`POOLED_FILES` name in it); a file inside the package, or whose name does not end
    with :data:`~mangala_edu.progress_store.POOLED_SUFFIX` (it could be taken for a learner's
    file), is refused with :class:`PooledRatingsError`."""
    path = Path(path).expanduser()
    if path.is_dir():
        path = path / POOLED_FILES[game]
    if path.resolve().is_relative_to(_package()):
        raise PooledRatingsError("pooled.error.in_package", file=str(path))
    if not path.name.endswith(POOLED_SUFFIX):
        raise PooledRatingsError("pooled.error.file_name", file=str(path), suffix=POOLED_SUFFIX)
    return path


def write(pooled: Pooled, path: str | Path) -> Path:
    """Write ``pooled`` to ``path`` (see :func:`output_path`) atomically; returns the file."""
    from ..cli_errors import os_reason

    path = output_path(path, pooled.game)
    text = json.dumps(pooled.to_dict(), ensure_ascii=False, indent=1) + "\n"
    try:
        atomic_write(path, text)
    except OSError as exc:
        raise PooledRatingsError(
            "progress.error.cannot_write", file=str(path), reason=os_reason(exc, path)
        ) from exc
    return path


def load(where: str | Path, game: str = MANGALA) -> dict[str, Rating]:
    """The pooled ratings of ``game``'s puzzles: ``where`` is the file, or the folder that
    holds it under its default name (a trainer passes its progress folder). No file: an
    empty dict (the trainer keeps its own ratings). A file that is not a pooled ratings file
    of ``game``: :class:`PooledRatingsError` (a ``ProgressError``)."""
    path = Path(where).expanduser()
    if path.is_dir():
        path = path / POOLED_FILES[game]
    try:
        data = json.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        raise PooledRatingsError(
            "pooled.error.not_pooled", file=str(path), reason=f"{type(exc).__name__}: {exc}"
        ) from exc
    wrong = (
        "format"
        if not isinstance(data, dict) or data.get("format") != FORMAT
        else f"game {data.get('game')!r}"
        if data.get("game") != game
        else None
    )
    if wrong is not None:
        raise PooledRatingsError("pooled.error.not_pooled", file=str(path), reason=wrong)
    try:
        return {
            str(k): Rating(float(v["rating"]), float(v["rd"]), float(v["volatility"]))
            for k, v in data["ratings"].items()
        }
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise PooledRatingsError(
            "pooled.error.not_pooled", file=str(path), reason=f"{type(exc).__name__}: {exc}"
        ) from exc


def surer(*sources: Mapping[str, Rating]) -> dict[str, Rating]:
    """Each puzzle's rating from ``sources`` (a folder's live ratings, the pooled ones) with
    the smallest deviation: the one that more attempts stand behind. The trainer takes a
    pooled rating where it is surer than its folder's own, and keeps its own where attempts
    since the pooling made that one surer.

    >>> surer({"p1": Rating(1500, 200)}, {"p1": Rating(1400, 80), "p2": Rating(1700, 90)})
    {'p1': Rating(rating=1400, rd=80, volatility=0.06), 'p2': Rating(rating=1700, rd=90, volatility=0.06)}
    """
    out: dict[str, Rating] = {}
    for source in sources:
        for key, rating in source.items():
            if key not in out or rating.rd < out[key].rd:
                out[key] = rating
    return out
