"""A game record: the rules, who began (or the starting position) and the pits played.

Pits are numbered as in :meth:`Position.play`: 1..pits from the mover's own left.

>>> game = Game()
>>> for pit in (3, 6, 1):
...     game.push(pit)
>>> game.moves
(3, 6, 1)
>>> game.position.to_move
'north'
>>> Game.from_json(game.to_json()).position == game.position
True
>>> game.pop(), game.moves
(1, (3, 6))
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path

from .errors import IllegalMoveError, MangalaError
from .geometry import SIDES, SOUTH, Side
from .position import MoveTrace, Position
from .rules import Rules, RulesError

FORMAT = "mangala-edu-game"
VERSION = 1


class RecordError(MangalaError):
    """A game record that cannot be read or replayed."""


class Game:
    """A set from its start, with every move: undo by :meth:`pop`, save as JSON.

    Args:
        rules: the rules (default: official).
        first: who moves first, when ``start`` is not given.
        start: a starting position other than the usual one (e.g. a puzzle).
        moves: pits to play at once.
    """

    def __init__(self, rules: Rules | None = None, first: Side = SOUTH,
                 start: Position | None = None, moves: Iterable[int] = ()) -> None:
        if start is None:
            start = Position.start(rules or Rules.official(), first)
        elif rules is not None and rules != start.rules:
            raise RulesError("rules.differ", given=rules.name, position=start.rules.name)
        self.start = start
        self._moves: list[int] = []
        self._positions: list[Position] = [start]
        for pit in moves:
            self.push(pit)

    @property
    def rules(self) -> Rules:
        return self.start.rules

    @property
    def first(self) -> Side:
        """Who moved first (for a start position that is already over: South)."""
        return self.start.to_move or SOUTH

    @property
    def moves(self) -> tuple[int, ...]:
        """The pits played, in order."""
        return tuple(self._moves)

    @property
    def positions(self) -> tuple[Position, ...]:
        """The start and the position after every move."""
        return tuple(self._positions)

    @property
    def position(self) -> Position:
        """The current position."""
        return self._positions[-1]

    @property
    def players(self) -> tuple[Side, ...]:
        """Who played each move."""
        return tuple(p.to_move for p in self._positions[:-1] if p.to_move is not None)

    def push(self, pit: int | str) -> None:
        """Play ``pit`` in the current position; raises :class:`IllegalMoveError` and changes
        nothing when it cannot be played."""
        pos = self.position
        after = pos.play(pit)
        self._moves.append(pos.pit_number(pit))
        self._positions.append(after)

    def pop(self) -> int:
        """Take back the last move and return its pit."""
        if not self._moves:
            raise IndexError("no move to take back")
        self._positions.pop()
        return self._moves.pop()

    def traces(self) -> Iterator[MoveTrace]:
        """Every move again, with its full trace."""
        for pos, pit in zip(self._positions, self._moves, strict=False):
            yield pos.trace(pit)

    # Records --------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"format": FORMAT, "version": VERSION,
                                   "rules": self.rules.to_json(), "first": self.first}
        if self.start != Position.start(self.rules, self.first):
            data["start"] = self.start.to_text()
        data["moves"] = list(self._moves)
        result = self.position.result
        if result is not None:
            data["result"] = result.to_dict()
        return data

    def to_json(self) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), ensure_ascii=False)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def from_dict(cls, data: object) -> Game:
        """Rebuild and replay a record; raises :class:`RecordError` naming the fault."""
        if not isinstance(data, dict):
            raise RecordError("record.not_object")
        if data.get("format", FORMAT) != FORMAT:
            raise RecordError("record.bad_format", value=data.get("format"))
        for key in ("rules", "moves"):
            if key not in data:
                raise RecordError("record.missing", key=key)
        try:
            rules = Rules.from_json(data["rules"])
        except RulesError as exc:
            raise RecordError(exc.key, **exc.params) from exc
        first = data.get("first", SOUTH)
        if first not in SIDES:
            raise RecordError("record.bad_first", value=first)
        moves = data["moves"]
        if not isinstance(moves, list) or not all(
                isinstance(m, int) and not isinstance(m, bool) for m in moves):
            raise RecordError("record.bad_moves", value=moves)
        start = None
        if "start" in data:
            try:
                start = Position.from_text(data["start"], rules)
            except MangalaError as exc:
                raise RecordError(exc.key, **exc.params) from exc
        game = cls(rules, first, start)
        for ply, pit in enumerate(moves, start=1):
            try:
                game.push(pit)
            except IllegalMoveError as exc:
                raise RecordError("record.illegal", ply=ply, pit=pit, reason=exc) from exc
        return game

    @classmethod
    def from_json(cls, text: str) -> Game:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError("record.not_json", detail=str(exc)) from exc
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str | Path) -> Game:
        return cls.from_json(Path(path).read_text(encoding="utf-8"))

    def __repr__(self) -> str:
        return (f"Game(rules={self.rules!r}, first={self.first!r}, "
                f"moves={list(self._moves)!r})")
