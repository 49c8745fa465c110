"""A game of Dokuz Taş from its start, with every turn: undo, repetitions, records.

The repetition rule needs the game's history, so it lives here: the moment the same position
(board, stones in hand, side to move) stands for the third time, the game is drawn, and
nobody has to claim it. A turn that wins is a win all the same (wins come first).

>>> game = Game()
>>> for turn in ("d6", "b4", "d7", "b6", "d5xb4"):
...     trace = game.push(turn)
>>> trace.mills, trace.removed
(('d5-d6-d7',), 'b4')
>>> game.position.to_text()
'1W1/BW1/1W1/6/3/3/3 b 6 7 0'
>>> Game.from_json(game.to_json()).position == game.position
True
>>> game.pop(), len(game.turns)
('d5xb4', 4)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path

from ..engine.errors import MangalaError
from .errors import IllegalTurnError, NothingToUndo, RecordError
from .notation import Turn, read_record, write_record
from .position import Position
from .trace import Event, EventKind, Outcome, Termination, TurnTrace

REPETITIONS = 3
"""The occurrence of a position that draws the game."""


class Game:
    """A game: its start, its turns, the positions after each, and how it ended.

    Args:
        start: the start position (default: the usual start).
        turns: turns to play at once.
        flying: the flying switch, when ``start`` is not given.

    >>> game = Game(flying=False)
    >>> game.position.flying, game.outcome, game.legal_moves[:2]
    (False, None, ('a1', 'a4'))
    """

    def __init__(
        self, start: Position | None = None, turns: Iterable[str] = (), flying: bool = True
    ) -> None:
        self.start = start if start is not None else Position.start(flying)
        self._turns: list[str] = []
        self._positions: list[Position] = [self.start]
        self._traces: list[TurnTrace] = []
        self._seen: dict[tuple[int, ...], int] = {self.start.key: 1}
        self._outcome: Outcome | None = self.start.outcome
        for turn in turns:
            self.push(turn)

    # Reading --------------------------------------------------------------------------------
    @property
    def flying(self) -> bool:
        return self.start.flying

    @property
    def turns(self) -> tuple[str, ...]:
        """The turns played, as text."""
        return tuple(self._turns)

    @property
    def positions(self) -> tuple[Position, ...]:
        """The start and the position after every turn."""
        return tuple(self._positions)

    @property
    def position(self) -> Position:
        """The current position."""
        return self._positions[-1]

    def occurrences(self, position: Position | None = None) -> int:
        """How often ``position`` (default: the current one) has stood in this game."""
        return self._seen.get((position or self.position).key, 0)

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (the position's own ending, or a third repetition), ``None``
        while it goes on."""
        return self._outcome

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def legal_moves(self) -> tuple[str, ...]:
        """The turns that can be played now (none once the game is over)."""
        return () if self._outcome is not None else self.position.legal_moves

    # Playing --------------------------------------------------------------------------------
    def push(self, turn: str | Turn) -> TurnTrace:
        """Play ``turn`` and return its trace; raises :class:`IllegalTurnError` and changes
        nothing when it cannot be played (also once the game is over)."""
        if self._outcome is not None:
            raise IllegalTurnError("dokuz_tas.error.over", why=self._outcome.said)
        trace = self.position.trace(turn)
        after = trace.after
        key = after.key
        seen = self._seen.get(key, 0) + 1
        outcome = after.outcome
        if outcome is None and seen >= REPETITIONS:
            outcome = Outcome(Termination.REPETITION)
            last = trace.events[-1]
            trace = TurnTrace(
                trace.before,
                trace.turn,
                trace.colour,
                (
                    *trace.events,
                    Event(
                        EventKind.GAME_OVER,
                        None,
                        (),
                        last.board,
                        last.hands,
                        seen,
                        termination=Termination.REPETITION,
                    ),
                ),
                after,
            )
        self._seen[key] = seen
        self._turns.append(trace.turn)
        self._positions.append(after)
        self._traces.append(trace)
        self._outcome = outcome
        return trace

    def pop(self) -> str:
        """Take back the last turn and return it."""
        if not self._turns:
            raise NothingToUndo()
        gone = self._positions.pop()
        self._traces.pop()
        key = gone.key
        self._seen[key] -= 1
        if not self._seen[key]:
            del self._seen[key]
        self._outcome = None  # a turn was played from there: the game went on
        return self._turns.pop()

    def traces(self) -> Iterator[TurnTrace]:
        """Every turn again, with its trace (as :meth:`push` returned it)."""
        return iter(tuple(self._traces))

    # Records --------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        """The game record as a JSON-ready dict (see :mod:`.notation`)."""
        start = None if self.start == Position.start(self.flying) else self.start.to_text()
        outcome = None if self._outcome is None else self._outcome.to_dict()
        return write_record(self._turns, self.flying, start, outcome)

    def to_json(self) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), ensure_ascii=False)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def from_dict(cls, data: object) -> Game:
        """Rebuild and replay a record; raises :class:`RecordError` naming the fault.

        >>> Game.from_dict({"turns": ["d6", "d6"]})
        Traceback (most recent call last):
        ...
        mangala_edu.dokuz_tas.errors.RecordError: ... / Turn 2 (d6) cannot be played: d6 is not empty: ...
        """
        flying, start_text, turns = read_record(data)
        start = None
        if start_text is not None:
            try:
                start = Position.from_text(start_text, flying)
            except MangalaError as exc:
                raise RecordError("dokuz_tas.record.bad_start", value=start_text) from exc
        game = cls(start, flying=flying)
        for ply, turn in enumerate(turns, start=1):
            try:
                game.push(turn)
            except IllegalTurnError as exc:
                raise RecordError(
                    "dokuz_tas.record.illegal", ply=ply, turn=turn, reason=exc
                ) from exc
        return game

    @classmethod
    def from_json(cls, text: str) -> Game:
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as exc:
            raise RecordError("dokuz_tas.record.not_json", detail=str(exc)) from exc
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str | Path) -> Game:
        return cls.from_json(Path(path).read_text(encoding="utf-8"))

    def __repr__(self) -> str:
        return f"Game(turns={self._turns!r})"
