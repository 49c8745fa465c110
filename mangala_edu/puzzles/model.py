"""One puzzle, and the file format of a collection: one JSON object a line (JSON Lines).

A collection is a text file (UTF-8), one puzzle a line, like the lichess puzzle database. Each
line is a JSON object with these fields (the order is fixed, so files diff well):

==============  ===========================================================================
``id``          a stable id: ``m`` and 7 hex digits of the SHA-1 of the position's text
``position``    the start, in the package's text notation (``S1..S6,Ss/N1..N6,Ns X``);
                the side to move is the learner's side
``line``        the solution: place names, the learner's moves and the opponent's best
                replies in order, extra-turn chains move by move (``["S4", "S1", "N3",
                "S6"]``); it ends with a learner's move
``value``       the final store difference from the learner's side under perfect play
``margin``      how much worse (in stones, exactly) the next-best first move is
``goal``        what the learner is asked: ``win_set`` (the only move that wins the set),
                ``not_lose`` (the only move that does not lose it), ``gain`` (win ``gain``
                stones over the line), ``best`` (the best move by ``margin`` stones)
``gain``        the learner's store minus the opponent's at the end of the line, minus the
                same at the start
``themes``      theme keys (:mod:`.themes`), tagged from the line's move traces
``phase``       ``opening`` (36 or more stones on the board), ``middlegame`` (20-35),
                ``endgame`` (fewer than 20)
``stones``      stones on the board (in the pits) at the start
``rating``      the puzzle's Glicko-2 rating (:mod:`.rating`), from measured difficulty
``rd``          its rating deviation
``fails``       the computer levels that miss a learner's move of the line
``tempting``    wrong first moves that capture or give an extra turn
``steps``       one object per learner move of the line: ``values``, the exact value of
                every legal move (pit -> final store difference, learner's side), and
                ``refutations``, for every wrong pit the opponent's best reply (with its
                extra-turn chain; empty when the wrong move gives the learner another move
                or ends the set)
``source``      where it came from: ``"kolay-zor #123 ply 41"`` (levels, game seed, ply)
==============  ===========================================================================

Every learner's move of the line is the only move that keeps the best value (every other is
worse by at least one stone, the first move by at least ``margin``); every reply of the
opponent is a best defence. :mod:`.prove` builds lines and checks them with the exact solver.

>>> p = Puzzle.from_json('{"id": "m0000001", "position": "0,0,0,0,2,1,20/1,0,0,0,0,1,23 S", '
...     '"line": ["S6"], "value": -2, "margin": 6, "goal": "best", "gain": 1, '
...     '"themes": ["extra_turn"], "phase": "endgame", "stones": 5, "rating": 900, "rd": 250, '
...     '"fails": [], "tempting": 0, "steps": [{"values": {"5": -8, "6": -2}, '
...     '"refutations": {"5": ["N1"]}}], "source": "example"}')
>>> p.learner, p.learner_moves, p.start.legal_moves
('south', 1, (5, 6))
>>> p.to_json() == Puzzle.from_json(p.to_json()).to_json()
True
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from ..engine import MangalaError, Position, Side
from ..engine.geometry import SIDE_LETTERS

FIELDS = (
    "id",
    "position",
    "line",
    "value",
    "margin",
    "goal",
    "gain",
    "themes",
    "phase",
    "stones",
    "rating",
    "rd",
    "fails",
    "tempting",
    "steps",
    "source",
)
"""The fields of a puzzle line, in the order they are written."""

GOALS = ("win_set", "not_lose", "gain", "best")
PHASES = ("opening", "middlegame", "endgame")


class PuzzleError(MangalaError):
    """A puzzle, a puzzle file or a question about puzzles that cannot be answered as asked."""


class PuzzleNotFound(PuzzleError, KeyError):
    """No puzzle has the id (or the number) asked for; a ``KeyError`` too, as a lookup in a
    dict would raise."""


def puzzle_id(position: Position) -> str:
    """The stable id of the puzzle that starts at ``position``.

    >>> puzzle_id(Position.start())
    'mfa654f8'
    """
    return "m" + hashlib.sha1(position.to_text().encode()).hexdigest()[:7]


def phase_of(stones: int) -> str:
    """The phase of a position with ``stones`` on the board.

    >>> phase_of(40), phase_of(24), phase_of(12)
    ('opening', 'middlegame', 'endgame')
    """
    return "opening" if stones >= 36 else "middlegame" if stones >= 20 else "endgame"


@dataclass(frozen=True)
class Step:
    """One learner's move of a line: the exact value of every legal move there and, for every
    wrong pit, the opponent's best reply (place names)."""

    values: dict[int, int]
    refutations: dict[int, tuple[str, ...]] = field(default_factory=dict)

    @property
    def best(self) -> int:
        """The pit with the best value (a step has exactly one)."""
        return max(self.values, key=lambda p: self.values[p])

    def cost(self, pit: int) -> int:
        """How many stones ``pit`` loses against the best move (0 for the best move)."""
        return self.values[self.best] - self.values[pit]

    def to_dict(self) -> dict[str, object]:
        return {
            "values": {str(p): v for p, v in sorted(self.values.items())},
            "refutations": {str(p): list(r) for p, r in sorted(self.refutations.items())},
        }

    @classmethod
    def from_dict(cls, data: Any) -> Step:
        return cls(
            {int(p): int(v) for p, v in data["values"].items()},
            {int(p): tuple(r) for p, r in data.get("refutations", {}).items()},
        )


@dataclass(frozen=True)
class Puzzle:
    """A proven puzzle (see the module's docstring for the fields)."""

    id: str
    position: str
    line: tuple[str, ...]
    value: int
    margin: int
    goal: str
    gain: int
    themes: tuple[str, ...]
    phase: str
    stones: int
    rating: int
    rd: int
    fails: tuple[str, ...]
    tempting: int
    steps: tuple[Step, ...]
    source: str

    # Reading ---------------------------------------------------------------------------------
    @property
    def start(self) -> Position:
        """The position the learner starts from."""
        return Position.from_text(self.position)

    @property
    def learner(self) -> Side:
        """The learner's side: the side to move at the start."""
        return self.start.mover

    @property
    def learner_moves(self) -> int:
        """How many moves the learner has to find."""
        return len(self.steps)

    @property
    def band(self) -> str:
        """The rating band: ``kolay``, ``orta``, ``zor`` or ``usta`` (see :mod:`.rating`)."""
        from .rating import band_of

        return band_of(self.rating)

    def is_learner_move(self, name: str) -> bool:
        """True when the place name ``name`` is one of the learner's pits."""
        return name.startswith(SIDE_LETTERS[self.learner])

    def positions(self) -> list[Position]:
        """The position before each move of the line, then the one after the last."""
        pos = self.start
        out = [pos]
        for name in self.line:
            pos = pos.play(name)
            out.append(pos)
        return out

    # Writing ---------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        return {
            "id": self.id,
            "position": self.position,
            "line": list(self.line),
            "value": self.value,
            "margin": self.margin,
            "goal": self.goal,
            "gain": self.gain,
            "themes": list(self.themes),
            "phase": self.phase,
            "stones": self.stones,
            "rating": self.rating,
            "rd": self.rd,
            "fails": list(self.fails),
            "tempting": self.tempting,
            "steps": [s.to_dict() for s in self.steps],
            "source": self.source,
        }

    def to_json(self) -> str:
        """One line of a collection file."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(", ", ": "))

    @classmethod
    def from_dict(cls, data: Any) -> Puzzle:
        """A puzzle from a parsed line; raises :class:`PuzzleError` (or ``KeyError``/
        ``TypeError``/``ValueError`` for a missing or mistyped field) on a malformed one
        (:func:`~.collection.read_puzzles` turns them into a :class:`PuzzleError` naming the
        line)."""
        if not isinstance(data, dict):
            raise PuzzleError("puzzle.error.not_object")
        unknown = set(data) - set(FIELDS)
        if unknown:
            raise PuzzleError("puzzle.error.unknown_fields", fields=", ".join(sorted(unknown)))
        puzzle = cls(
            id=str(data["id"]),
            position=str(data["position"]),
            line=tuple(str(m) for m in data["line"]),
            value=int(data["value"]),
            margin=int(data["margin"]),
            goal=str(data["goal"]),
            gain=int(data["gain"]),
            themes=tuple(str(t) for t in data["themes"]),
            phase=str(data["phase"]),
            stones=int(data["stones"]),
            rating=int(data["rating"]),
            rd=int(data["rd"]),
            fails=tuple(str(f) for f in data["fails"]),
            tempting=int(data["tempting"]),
            steps=tuple(Step.from_dict(s) for s in data["steps"]),
            source=str(data["source"]),
        )
        if puzzle.goal not in GOALS:
            raise PuzzleError(
                "puzzle.error.unknown_goal", value=puzzle.goal, allowed=", ".join(GOALS)
            )
        if puzzle.phase not in PHASES:
            raise PuzzleError("puzzle.error.unknown_phase", value=puzzle.phase)
        if not puzzle.line or not puzzle.steps:
            raise PuzzleError("puzzle.error.empty_line")
        return puzzle

    @classmethod
    def from_json(cls, text: str) -> Puzzle:
        return cls.from_dict(json.loads(text))

    def __repr__(self) -> str:
        return (
            f"Puzzle({self.id!r}, {self.position!r}, line={' '.join(self.line)!r}, "
            f"rating={self.rating})"
        )
