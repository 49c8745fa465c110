"""Tasks taken from the puzzle collection, by id or by theme: the seam between the lessons and
the collection.

A lesson names a puzzle with :class:`PuzzleTask` (``PuzzleTask(id="…")`` or
``PuzzleTask(theme="extra_turn_chain")``); the puzzle comes from the current
:class:`PuzzleSource`: :data:`DEFAULT_SOURCE` looks in the shipped collection
(:class:`CollectionPuzzles`), then in :data:`INLINE`, a few puzzles written here (for tests and
examples). The lessons name the collection's puzzles by id, so that a larger collection does
not change them. To take
puzzles from elsewhere, give :func:`use_source` any object with the two methods of
:class:`PuzzleSource`, returning :class:`Puzzle` records:

- ``get(puzzle_id)`` → the puzzle with that id (``KeyError`` when there is none: the sources
  here raise :class:`~mangala_edu.puzzles.PuzzleNotFound`, a ``KeyError`` that says so in both
  languages);
- ``with_theme(theme)`` → the puzzles with that theme, in a stable order (the collection's).

A :class:`Puzzle` needs a position in the text notation, the rules' name, the solution (the
mover's pits in order, the best line of the mover's turn), its themes (:data:`THEMES`) and,
so that a task answers at once, the exact value of every first move (``values``; when a
record has none they are worked out once with the solver).

>>> task = PuzzleTask(id="inline-chain-1")
>>> task.puzzle().themes
('extra_turn_chain',)
>>> task.start().legal_moves, task.goal.solutions(task.start())
((1, 2, 5, 6), [5, 6])
>>> PuzzleTask(id="no-such-puzzle").puzzle()
Traceback (most recent call last):
...
mangala_edu.puzzles.model.PuzzleNotFound: ... / There is no puzzle with the id 'no-such-puzzle'.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Protocol

from ..engine import Position, Rules
from ..puzzles.model import PuzzleError, PuzzleNotFound
from .best_move import BestMove

THEMES = (
    "even_capture",
    "empty_capture",
    "extra_turn_chain",
    "defence",
    "sacrifice",
    "end_of_set",
    "counting",
    "waiting_move",
)
"""The themes a puzzle can have (the collection's vocabulary)."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: the side to move in ``position`` finds the best move.

    Attributes:
        id: the puzzle's id in its collection.
        position: the position in the text notation.
        solution: the mover's best line for this turn (the first pit first).
        themes: what the puzzle is about (names from :data:`THEMES`).
        rules: the rules' name (``official``, ``own-side``...).
        values: the exact value of every first move, if the record has them.
    """

    id: str
    position: str
    solution: tuple[int, ...]
    themes: tuple[str, ...]
    rules: str = "official"
    values: Mapping[int, int] | None = field(default=None, hash=False)

    def start(self) -> Position:
        return Position.from_text(self.position, Rules.from_name(self.rules))


class PuzzleSource(Protocol):
    """Where lessons find puzzles (see the module's docstring)."""

    def get(self, puzzle_id: str) -> Puzzle: ...

    def with_theme(self, theme: str) -> Sequence[Puzzle]: ...


def _twice(ids: Sequence[str]) -> str:
    """The first id that stands twice in ``ids``."""
    return next(i for k, i in enumerate(ids) if i in ids[:k])


class InlinePuzzles:
    """A puzzle source from a list of puzzles in memory."""

    def __init__(self, puzzles: Sequence[Puzzle]) -> None:
        self.puzzles = tuple(puzzles)
        ids = [p.id for p in self.puzzles]
        if len(set(ids)) != len(ids):
            raise PuzzleError("puzzle.error.same_id", value=_twice(ids))

    def get(self, puzzle_id: str) -> Puzzle:
        for puzzle in self.puzzles:
            if puzzle.id == puzzle_id:
                return puzzle
        raise PuzzleNotFound("puzzle.error.no_id", value=puzzle_id)

    def with_theme(self, theme: str) -> Sequence[Puzzle]:
        return [p for p in self.puzzles if theme in p.themes]

    def __repr__(self) -> str:
        return f"InlinePuzzles({len(self.puzzles)} puzzles)"


INLINE = InlinePuzzles(
    [
        # South: pit 5 (3 stones) and pit 6 (1 stone) both reach the store; 5, 6, 6 or 6, 5, 6
        # gives three extra turns; the values show the chain is also the best play.
        Puzzle(
            "inline-chain-1",
            "1,2,0,0,3,1,18/1,1,1,0,0,2,18 S",
            (5, 6, 6),
            ("extra_turn_chain",),
            values={1: 0, 2: 2, 5: 4, 6: 4},
        ),
        # South: pit 5 (8 stones: 5 + 8 = 13) ends in North's pit 5 and makes it 2: the only move
        # that does not lose.
        Puzzle(
            "inline-counting-1",
            "2,1,2,0,8,0,16/0,0,0,0,1,0,18 S",
            (5,),
            ("counting", "even_capture"),
            values={1: -16, 2: -16, 3: -16, 5: 2},
        ),
        # South: North's pit 5 (7 stones) lands in South's pit 4 (5 stones). Pit 3 makes it 6
        # first, so North's last stone makes it odd: the only move that does not lose.
        # South: pit 3's single stone leaves pit 3 empty; then pit 2 drops into it and takes
        # North's pit 4. Grabbing nothing now but making the empty pit wins.
        Puzzle(
            "inline-empty-1",
            "0,1,1,1,0,0,22/2,0,0,4,2,2,13 S",
            (3,),
            ("empty_capture",),
            values={2: 0, 3: 2, 4: -4},
        ),
        # South: pit 4 (7 stones) ends in North's empty pit 3 and makes North's pit 1 odd: then
        # pit 5 threatens it (even) and pit 2 the empty pit 3. Grabbing 3 at once with pit 2 loses.
        Puzzle(
            "inline-even-1",
            "1,1,0,7,4,0,12/0,0,0,2,1,0,20 S",
            (4,),
            ("even_capture", "sacrifice"),
            values={1: -2, 2: -18, 4: 2, 5: -2},
        ),
        # South: every active move gives something away; pit 3's single stone waits. Pit 1 takes
        # 2 stones at once by the empty pit 2 and loses.
        Puzzle(
            "inline-waiting-1",
            "1,0,1,3,1,0,18/0,0,1,0,1,1,21 S",
            (3,),
            ("waiting_move",),
            values={1: -8, 3: 0, 4: -6, 5: -6},
        ),
        # South: near the end of the set, pit 2's single stone is the only winning move.
        Puzzle(
            "inline-end-1",
            "1,1,0,0,2,0,21/0,1,0,1,3,3,15 S",
            (2,),
            ("end_of_set",),
            values={1: 0, 2: 2, 5: 0},
        ),
        Puzzle(
            "inline-defence-1",
            "0,0,2,5,1,0,15/0,0,0,2,7,1,15 S",
            (3,),
            ("defence",),
            values={3: 0, 4: -10, 5: -10},
        ),
    ]
)
"""A few puzzles written out here, for tests and examples."""

COLLECTION_THEMES = {"counting": "long_sowing", "waiting_move": "quiet_move"}
"""The collection's name of a lesson theme, where the two differ (the others are the same)."""


class CollectionPuzzles:
    """The shipped puzzle collection (:mod:`mangala_edu.puzzles`) as a puzzle source, read when
    first asked. ``with_theme`` gives the puzzles of one learner's turn on a 6-pit board,
    easiest first (by rating, then id).

    >>> source = CollectionPuzzles()
    >>> easy = source.with_theme("extra_turn_chain")[0]
    >>> "extra_turn_chain" in easy.themes, len(easy.solution) >= 1
    (True, True)
    >>> set(easy.values) == set(easy.start().legal_moves)
    True
    >>> source.get(easy.id) == easy
    True
    """

    def __init__(self) -> None:
        self._puzzles: dict[str, Puzzle] | None = None

    def _all(self) -> dict[str, Puzzle]:
        if self._puzzles is None:
            from ..puzzles import Collection

            ranked = sorted(Collection.shipped(), key=lambda p: (p.rating, p.id))
            self._puzzles = {p.id: _from_collection(p) for p in ranked if _one_turn(p)}
        return self._puzzles

    def get(self, puzzle_id: str) -> Puzzle:
        try:
            return self._all()[puzzle_id]
        except KeyError:
            raise PuzzleNotFound("puzzle.error.no_id", value=puzzle_id) from None

    def with_theme(self, theme: str) -> Sequence[Puzzle]:
        return [p for p in self._all().values() if theme in p.themes]

    def __repr__(self) -> str:
        return "CollectionPuzzles()"


def _one_turn(record: object) -> bool:
    """The collection's puzzle is one learner's turn (a move, or a chain of extra turns)."""
    line = record.line  # type: ignore[attr-defined]
    return all(name[0] == line[0][0] for name in line)


def _from_collection(record: object) -> Puzzle:
    """A collection's puzzle (:class:`mangala_edu.puzzles.Puzzle`) as a lesson's puzzle: the
    learner's moves of the first turn, the lesson's names of its themes, the first move's
    values."""
    from ..puzzles import Puzzle as Record

    assert isinstance(record, Record)
    letter = record.line[0][0]
    turn = []
    for name in record.line:
        if name[0] != letter:
            break
        turn.append(int(name[1:]))
    back = {v: k for k, v in COLLECTION_THEMES.items()}
    themes = tuple(back.get(t, t) for t in record.themes if back.get(t, t) in THEMES)
    return Puzzle(
        record.id, record.position, tuple(turn), themes, values=dict(record.steps[0].values)
    )


class FirstFound:
    """Several puzzle sources read as one: ``get`` asks each in turn, ``with_theme`` joins
    their lists (the first source's puzzles first)."""

    def __init__(self, *sources: PuzzleSource) -> None:
        self.sources = sources

    def get(self, puzzle_id: str) -> Puzzle:
        for source in self.sources:
            try:
                return source.get(puzzle_id)
            except KeyError:
                continue
        raise PuzzleNotFound("puzzle.error.no_id", value=puzzle_id)

    def with_theme(self, theme: str) -> Sequence[Puzzle]:
        return [p for source in self.sources for p in source.with_theme(theme)]

    def __repr__(self) -> str:
        return f"FirstFound{self.sources!r}"


DEFAULT_SOURCE = FirstFound(CollectionPuzzles(), INLINE)
"""Where the lessons' puzzles come from: the shipped collection, then the inline list."""

_source: PuzzleSource = DEFAULT_SOURCE


def use_source(source: PuzzleSource) -> None:
    """Take puzzles from ``source`` from now on (:data:`DEFAULT_SOURCE` to go back)."""
    global _source
    _source = source
    _values.cache_clear()


def puzzle_source() -> PuzzleSource:
    """The source puzzles come from now."""
    return _source


@cache
def _values(position: str, rules: str) -> tuple[tuple[int, int], ...]:
    from ..search import value_of_moves

    start = Position.from_text(position, Rules.from_name(rules))
    return tuple(sorted(value_of_moves(start).items()))


def puzzle_values(puzzle: Puzzle) -> dict[int, int]:
    """The exact value of each first move: the record's, or the solver's (once)."""
    if puzzle.values is not None:
        return dict(puzzle.values)
    return dict(_values(puzzle.position, puzzle.rules))


@dataclass(frozen=True)
class PuzzleTask:
    """A "find the best move" task on a puzzle of the collection: the puzzle ``id``, or the
    ``index``-th puzzle with ``theme``. It reads like a
    :class:`~mangala_edu.lessons.spec.TaskSpec` (``position``, ``rules``, ``start()``,
    ``goal``); its texts are the lesson's task prompt and hint."""

    id: str | None = None
    theme: str | None = None
    index: int = 0

    def __post_init__(self) -> None:
        if (self.id is None) == (self.theme is None):
            raise PuzzleError("puzzle.error.id_or_theme")
        if self.theme is not None and self.theme not in THEMES:
            raise PuzzleError(
                "puzzle.error.unknown_theme", value=self.theme, allowed=", ".join(THEMES)
            )

    def puzzle(self) -> Puzzle:
        """The puzzle, from the current source."""
        source = puzzle_source()
        if self.id is not None:
            return source.get(self.id)
        found = source.with_theme(str(self.theme))
        if len(found) <= self.index:
            raise PuzzleNotFound(
                "puzzle.error.no_number", number=self.index + 1, theme=str(self.theme)
            )
        return found[self.index]

    @property
    def position(self) -> str:
        return self.puzzle().position

    @property
    def rules(self) -> str:
        return self.puzzle().rules

    def start(self) -> Position:
        return self.puzzle().start()

    @property
    def goal(self) -> BestMove:
        return BestMove(puzzle_values(self.puzzle()))
