"""A game record: the rules, who began (or the starting position) and the pits played.

Pits are numbered as in :meth:`Position.play`: 1..pits from the mover's own left.

>>> game = Game()
>>> for pit in (3, 6, 1):
...     trace = game.push(pit)
>>> game.moves
(3, 6, 1)
>>> game.position.to_move
'north'
>>> Game.from_json(game.to_json()).position == game.position
True
>>> game.pop(), game.moves
(1, (3, 6))

In the family's games a position can come back (stones going round the board with nothing
to capture). Under their rules (:attr:`~.rules.Rules.repetition_end`) a game stops as soon as
a position repeats an earlier one of the same game, and each player takes the stones on their
own side: :meth:`Game.push` sees it, and the trace it returns says so (``repetition``: how
many moves earlier the position stood).

>>> from mangala_edu import Rules
>>> game = Game(start=Position.from_text("1,0,0,0,0,0,35/0,0,0,0,0,0,36 S", Rules.mangala_ii()))
>>> for _ in range(12):     # a lone stone goes round: whoever has it moves, the other passes
...     trace = game.push(game.position.legal_moves[0])
>>> trace.repetition, trace.after.to_text()
(12, '0,0,0,0,0,0,36/0,0,0,0,0,0,36 -')
>>> [e.kind.value for e in trace.events][-3:]
['repetition', 'sweep', 'set_over']

The players and the analysis take the game's earlier positions as ``history`` under such rules
(:attr:`Game.history`; none under the others, where they change nothing).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path

from .errors import IllegalMoveError, MangalaError, NoSuchPly, NothingToUndo
from .geometry import SIDES, SOUTH, Side
from .position import MoveTrace, Position
from .rules import Rules, RulesError
from .trace import Event

FORMAT = "mangala-edu-game"
VERSION = 1


class RecordError(MangalaError):
    """A game record that cannot be read or replayed."""


class LazyMoveTrace(MoveTrace):
    """The trace :meth:`Game.push` returns: the move, the positions before and after it and
    :attr:`repetition` at once, its :attr:`events` (stone by stone) worked out only when read,
    so that a computer playing thousands of moves does not pay for them. Equal to the trace
    :meth:`.Position.trace` gives (with the ending of a repeated position added).

    >>> trace = Game().push(3)
    >>> trace == Position.start().trace(3), trace.repetition
    (True, None)
    """

    _repetition: int | None
    _events: tuple[Event, ...] | None

    def __init__(
        self, before: Position, pit: int, player: Side, after: Position, repetition: int | None
    ) -> None:
        # A frozen dataclass's fields: set as its own __init__ does.
        object.__setattr__(self, "before", before)
        object.__setattr__(self, "pit", pit)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "after", after)
        object.__setattr__(self, "_repetition", repetition)
        object.__setattr__(self, "_events", None)

    @property
    def events(self) -> tuple[Event, ...]:
        events = self._events
        if events is None:
            trace = self.before.trace(self.pit)
            if self._repetition is not None:
                trace = trace.ended_by_repetition(self._repetition)
            events = trace.events
            object.__setattr__(self, "_events", events)
        return events

    @property
    def repetition(self) -> int | None:
        return self._repetition

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MoveTrace):
            return NotImplemented
        return (self.before, self.pit, self.player, self.after, self.events) == (
            other.before,
            other.pit,
            other.player,
            other.after,
            other.events,
        )

    __hash__ = MoveTrace.__hash__


class Game:
    """A set from its start, with every move: undo by :meth:`pop`, save as JSON.

    Args:
        rules: the rules (default: official).
        first: who moves first, when ``start`` is not given.
        start: a starting position other than the usual one (e.g. a puzzle).
        moves: pits to play at once.
    """

    def __init__(
        self,
        rules: Rules | None = None,
        first: Side = SOUTH,
        start: Position | None = None,
        moves: Iterable[int] = (),
    ) -> None:
        if start is None:
            start = Position.start(rules or Rules.official(), first)
        elif rules is not None and rules != start.rules:
            raise RulesError("rules.differ", given=rules.name, position=start.rules.name)
        self.start = start
        self._moves: list[int] = []
        self._positions: list[Position] = [start]
        self._cycles: list[int | None] = []
        """For each move, when the game stopped there on a repeated position: how many moves
        earlier it stood (see :meth:`repeated`)."""
        self._seen: dict[Position, int] = {start: 0} if start.rules.repetition_end else {}
        """Each position of the game (as long as it goes on) and its index, for repetitions
        (kept only under rules that end a game on a repeated position)."""
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
    def history(self) -> tuple[Position, ...]:
        """The earlier positions a player or an analysis must know in the current one: under
        rules that end a game on a repeated position (:attr:`~.rules.Rules.repetition_end`)
        every position before it, under the others none (they would change nothing).

        >>> Game(moves=(3, 6)).history, len(Game(Rules.mangala_ii(), moves=(3, 6)).history)
        ((), 2)
        """
        return self.history_at(len(self._positions))

    def history_at(self, ply: int) -> tuple[Position, ...]:
        """:attr:`history` as it stood when move ``ply`` (1-based) was chosen, in the position
        before it."""
        return tuple(self._positions[: ply - 1]) if self.rules.repetition_end else ()

    @property
    def players(self) -> tuple[Side, ...]:
        """Who played each move."""
        return tuple(p.to_move for p in self._positions[:-1] if p.to_move is not None)

    def push(self, pit: int | str) -> MoveTrace:
        """Play ``pit`` in the current position and return the move's trace (its events are
        worked out when read; ``repetition`` says whether the game stopped on a repeated
        position). Raises :class:`IllegalMoveError` and changes nothing when the move cannot
        be played."""
        pos = self.position
        after = pos.play(pit)
        number = pit if type(pit) is int else pos.pit_number(pit)  # ``play`` checked it
        repetition = self.rules.repetition_end
        cycle = None
        if repetition and not after.is_over and after in self._seen:
            cycle = len(self._positions) - self._seen[after]
            after = after.end_by_repetition()
        self._moves.append(number)
        self._positions.append(after)
        self._cycles.append(cycle)
        if repetition and not after.is_over:
            self._seen[after] = len(self._positions) - 1
        return LazyMoveTrace(pos, number, pos.mover, after, cycle)

    def pop(self) -> int:
        """Take back the last move and return its pit."""
        if not self._moves:
            raise NothingToUndo()
        gone = self._positions.pop()
        if self._seen.get(gone) == len(self._positions):
            del self._seen[gone]
        self._cycles.pop()
        return self._moves.pop()

    def repeated(self, ply: int) -> int | None:
        """When the game stopped at move ``ply`` (1-based) because its position repeated an
        earlier one: how many moves earlier that position stood; otherwise ``None``."""
        if ply < 1:
            raise NoSuchPly(ply)
        return self._cycles[ply - 1]

    def traces(self) -> Iterator[MoveTrace]:
        """Every move again, with its trace (as :meth:`push` returned it)."""
        positions = self._positions
        for ply, (pit, cycle) in enumerate(zip(self._moves, self._cycles, strict=True)):
            before = positions[ply]
            yield LazyMoveTrace(before, pit, before.mover, positions[ply + 1], cycle)

    # Records --------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "format": FORMAT,
            "version": VERSION,
            "rules": self.rules.to_json(),
            "first": self.first,
        }
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
            isinstance(m, int) and not isinstance(m, bool) for m in moves
        ):
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
        return f"Game(rules={self.rules!r}, first={self.first!r}, moves={list(self._moves)!r})"
