"""One Dokuz Taş puzzle, and the file format of a collection: one JSON object a line.

A collection is a UTF-8 text file, one puzzle a line (JSON Lines, like the Mangala puzzles of
:mod:`mangala_edu.puzzles.model`). Each line is a JSON object with these fields, in this order
(so files diff well):

===============  ==========================================================================
``id``           ``d`` and 7 hex digits of the SHA-1 of the position's text
``position``     the start in Dokuz Taş's text notation (:mod:`..notation`): the moving
                 phase, no stones in hand, no quiet turns; the side to move is the learner
``flying``       the flying rule (``true``: the endgame tables of the game with flying)
``goal``         ``win_in_n`` (win in ``moves`` of the learner's moves: the first move is the
                 only one that wins at all, every later one the only fastest win),
                 ``only_move`` (the only move that wins; the win is farther than the miner
                 looks, or has more than one way later), ``save_draw`` (the only move that
                 does not lose; nothing wins)
``moves``        how many moves the learner has to find (1 unless ``win_in_n``)
``answer``       the first move, written as RULINGS writes turns (``a1-a4xg7``)
``accepted``     for each learner's move of the line, every turn accepted there: they move
                 the same stone to the same point and differ only in the stone taken (each
                 removal that keeps the result; for ``win_in_n``, that keeps the fastest
                 win); the line plays the first
``line``         the solution: the learner's moves and the opponent's longest defences, in
                 order; it ends with a learner's move (for ``win_in_n``: the one that wins)
``result``       what the answer keeps for the learner: ``win`` or ``draw``
``distance``     ``win_in_n``: plies (both sides' turns) to the end of the game, ``2N - 1``;
                 ``only_move``: plies to the next removal or the end after best play (the
                 tables' distance of the start); ``save_draw``: the tables' distance of the
                 slowest loss among the wrong moves (how long a wrong move seems to hold)
``class``        the stones of the learner and of the opponent: ``4-3``
``values``       every legal first move's result for the learner (``win``/``draw``/``loss``)
``refutations``  for every wrong first move, the opponent's best reply (the tables' choice)
``themes``       theme keys (:mod:`.themes`)
``almost``       the almost-good first moves (see :mod:`.rating`)
``misses``       how many seeds of each computer level miss a learner's move of the line
                 (:mod:`.levels`): ``{"kolay": 2, "orta": 1, "zor": 0, "usta": 0}``
``rating``       the puzzle's first rating (:func:`.rating.puzzle_rating`)
``title``        ``{"tr": ..., "en": ...}``: what is asked
``hint``         ``{"tr": ..., "en": ...}``: a hint from the first theme
``source``       where it came from: ``"tables 4-3 seed 0 #812"`` (class, seed, sample)
===============  ==========================================================================

>>> p = Puzzle.from_json(EXAMPLE)
>>> p.learner, p.start.legal_moves[:2], p.learner_moves
('white', ('a1-b2', 'a1-b4'), 1)
>>> Puzzle.from_json(p.to_json()) == p
True
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from ...engine.errors import MangalaError
from ..position import Position

FIELDS = (
    "id",
    "position",
    "flying",
    "goal",
    "moves",
    "answer",
    "accepted",
    "line",
    "result",
    "distance",
    "class",
    "values",
    "refutations",
    "themes",
    "almost",
    "misses",
    "rating",
    "title",
    "hint",
    "source",
)
"""The fields of a puzzle line, in the order they are written."""

GOALS = ("win_in_n", "only_move", "save_draw")
"""What a puzzle asks (see the module's table)."""

RESULTS = ("win", "draw", "loss")

EXAMPLE = (
    '{"id": "d0000000", "position": "W1B/3/3/B2W2/3/3/W1B w 0 0 0", "flying": true, '
    '"goal": "only_move", "moves": 1, "answer": "a7-d7", "accepted": [["a7-d7"]], "line": ["a7-d7"], '
    '"result": "win", "distance": 3, "class": "3-3", "values": {"a7-d7": "win"}, '
    '"refutations": {}, "themes": [], "almost": 0, "misses": {}, "rating": 900, '
    '"title": {"tr": "t", "en": "t"}, "hint": {"tr": "h", "en": "h"}, "source": "example"}'
)
"""A made-up line for the doctests (not a proven puzzle)."""


class DokuzTasPuzzleError(MangalaError):
    """A Dokuz Taş puzzle, a puzzle file or a question about them that cannot be answered as
    asked (the message says why, in Turkish and English).

    >>> DokuzTasPuzzleError("dokuz_tas.puzzle.error.unknown_goal", value="x",
    ...                     allowed="a").message("en")
    "Unknown goal 'x': choose one of a."
    """


class ProofError(DokuzTasPuzzleError):
    """A puzzle that the tables or the exact search do not confirm (the message says where)."""


def puzzle_id(position: Position) -> str:
    """The stable id of the puzzle that starts at ``position``.

    >>> puzzle_id(Position.from_text("W1B/3/3/B2W2/3/3/W1B w 0 0 0"))
    'de8c1eea'
    """
    return "d" + hashlib.sha1(position.to_text().encode()).hexdigest()[:7]


def _texts(data: Any, field: str) -> dict[str, str]:
    if not isinstance(data, dict) or set(data) != {"tr", "en"}:
        raise DokuzTasPuzzleError("dokuz_tas.puzzle.error.texts", field=field)
    return {"tr": str(data["tr"]), "en": str(data["en"])}


@dataclass(frozen=True)
class Puzzle:
    """A proven Dokuz Taş puzzle (see the module's docstring for the fields)."""

    id: str
    position: str
    flying: bool
    goal: str
    moves: int
    answer: str
    accepted: tuple[tuple[str, ...], ...]
    line: tuple[str, ...]
    result: str
    distance: int
    cls: str
    values: dict[str, str]
    refutations: dict[str, str]
    themes: tuple[str, ...]
    almost: int
    misses: dict[str, int]
    rating: int
    title: dict[str, str]
    hint: dict[str, str]
    source: str

    # Reading ---------------------------------------------------------------------------------
    @property
    def start(self) -> Position:
        """The position the learner starts from."""
        return Position.from_text(self.position, flying=self.flying)

    @property
    def learner(self) -> str:
        """The learner's colour (``white`` or ``black``): the side to move at the start."""
        return self.start.to_move

    @property
    def learner_moves(self) -> int:
        """How many moves the learner has to find."""
        return self.moves

    @property
    def band(self) -> str:
        """The rating band, as the Mangala puzzles' (``kolay``, ``orta``, ``zor``, ``usta``)."""
        from ...puzzles.rating import band_of

        return band_of(self.rating)

    def positions(self) -> list[Position]:
        """The position before each move of the line, then the one after the last."""
        pos = self.start
        out = [pos]
        for turn in self.line:
            pos = pos.play(turn)
            out.append(pos)
        return out

    # Writing ---------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        return {
            "id": self.id,
            "position": self.position,
            "flying": self.flying,
            "goal": self.goal,
            "moves": self.moves,
            "answer": self.answer,
            "accepted": [list(a) for a in self.accepted],
            "line": list(self.line),
            "result": self.result,
            "distance": self.distance,
            "class": self.cls,
            "values": dict(sorted(self.values.items())),
            "refutations": dict(sorted(self.refutations.items())),
            "themes": list(self.themes),
            "almost": self.almost,
            "misses": dict(self.misses),
            "rating": self.rating,
            "title": {"tr": self.title["tr"], "en": self.title["en"]},
            "hint": {"tr": self.hint["tr"], "en": self.hint["en"]},
            "source": self.source,
        }

    def to_json(self) -> str:
        """One line of a collection file."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(", ", ": "))

    @classmethod
    def from_dict(cls, data: Any) -> Puzzle:
        """A puzzle from a parsed line; raises :class:`DokuzTasPuzzleError` (or ``KeyError``,
        ``TypeError``, ``ValueError`` for a missing or mistyped field) for a malformed one."""
        if not isinstance(data, dict):
            raise DokuzTasPuzzleError("dokuz_tas.puzzle.error.not_object")
        unknown = set(data) - set(FIELDS)
        if unknown:
            raise DokuzTasPuzzleError(
                "dokuz_tas.puzzle.error.unknown_fields", fields=", ".join(sorted(unknown))
            )
        puzzle = cls(
            id=str(data["id"]),
            position=str(data["position"]),
            flying=bool(data["flying"]),
            goal=str(data["goal"]),
            moves=int(data["moves"]),
            answer=str(data["answer"]),
            accepted=tuple(tuple(str(t) for t in a) for a in data["accepted"]),
            line=tuple(str(m) for m in data["line"]),
            result=str(data["result"]),
            distance=int(data["distance"]),
            cls=str(data["class"]),
            values={str(k): str(v) for k, v in data["values"].items()},
            refutations={str(k): str(v) for k, v in data["refutations"].items()},
            themes=tuple(str(t) for t in data["themes"]),
            almost=int(data["almost"]),
            misses={str(k): int(v) for k, v in data["misses"].items()},
            rating=int(data["rating"]),
            title=_texts(data["title"], "title"),
            hint=_texts(data["hint"], "hint"),
            source=str(data["source"]),
        )
        if puzzle.goal not in GOALS:
            raise DokuzTasPuzzleError(
                "dokuz_tas.puzzle.error.unknown_goal", value=puzzle.goal, allowed=", ".join(GOALS)
            )
        learner_moves = puzzle.line[::2]
        if (
            not puzzle.line
            or puzzle.line[0] != puzzle.answer
            or len(puzzle.accepted) != len(learner_moves)
            or any(turn not in a for turn, a in zip(learner_moves, puzzle.accepted, strict=False))
        ):
            raise DokuzTasPuzzleError("dokuz_tas.puzzle.error.line")
        if puzzle.result not in RESULTS or any(v not in RESULTS for v in puzzle.values.values()):
            raise DokuzTasPuzzleError("dokuz_tas.puzzle.error.result")
        return puzzle

    @classmethod
    def from_json(cls, text: str) -> Puzzle:
        return cls.from_dict(json.loads(text))

    def __repr__(self) -> str:
        return (
            f"Puzzle({self.id!r}, {self.position!r}, {self.goal}, line={' '.join(self.line)!r}, "
            f"rating={self.rating})"
        )
