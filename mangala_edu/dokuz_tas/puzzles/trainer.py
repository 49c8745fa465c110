"""The Dokuz Taş puzzle trainer's logic: one attempt at a puzzle, and a session of attempts.

:class:`DokuzTasRun` is one attempt: the learner's turns are checked against the proven line
(every removal the puzzle accepts at a step is right); a right turn brings the opponent's
reply from the line; a wrong one is explained with what it gives away (for a first turn, its
result with best play and the opponent's best answer, which the trainer plays on the board),
and the position is as before for another try; hints come in three steps (the theme, the
stone to look at, the turn); the solution plays the rest of the line.

:class:`DokuzTasSession` is the Mangala trainer's session
(:class:`~mangala_edu.puzzles.trainer.TrainerSession`: the modes, the filters, Glicko-2
ratings of the learner and of the puzzles, the attempts saved under the learner's name) with
Dokuz Taş's puzzles. The learner's Dokuz Taş rating is apart from their Mangala one: each
attempt is saved with ``"game": "dokuz_tas"`` and the rating in the progress file's
``ratings`` (:mod:`mangala_edu.progress_store`), so that the class view shows each game's.

>>> from mangala_edu.dokuz_tas.puzzles.model import EXAMPLE, Puzzle
>>> run = DokuzTasRun(Puzzle.from_json(EXAMPLE))
>>> run.prompt().text("en").startswith("White to play")
True
>>> run.move("a7-a4")
Traceback (most recent call last):
...
mangala_edu.dokuz_tas.errors.IllegalTurnError: ...
>>> reply = run.move("a7-d7")
>>> reply.right, reply.solved, run.clean
(True, True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from ...engine.errors import MangalaError
from ...i18n import Message
from ...progress_store import DOKUZ_TAS
from ...puzzles.collection import PuzzleCollection, check_band
from ...puzzles.model import PuzzleError
from ...puzzles.trainer import MODES, LineRun, Outcome, TrainerSession
from ..notation import parse_turn
from ..position import Position
from ..trace import TurnTrace, colour_name
from .collection import read_puzzles
from .model import DokuzTasPuzzleError, Puzzle
from .themes import HINT_ORDER, HINTS, THEMES, TITLES, theme_about, theme_name

__all__ = [
    "MODES",
    "DokuzTasCollection",
    "DokuzTasRun",
    "DokuzTasSession",
    "Outcome",
    "Reply",
    "explanation",
]

#: What a wrong first turn keeps for the learner, as said (``win``: a slower win).
_WRONG = {
    "win": "dokuz_tas.trainer.wrong.win",
    "draw": "dokuz_tas.trainer.wrong.draw",
    "loss": "dokuz_tas.trainer.wrong.loss",
}


class DokuzTasCollection(PuzzleCollection[Puzzle]):
    """The Dokuz Taş puzzles, filtered as Mangala's :class:`~mangala_edu.puzzles.Collection`
    is (a theme, a band, a number of learner's moves).

    >>> c = DokuzTasCollection.shipped()
    >>> len(c.select(theme="mill")) == sum("mill" in p.themes for p in c)
    True
    >>> c.select(band="super")
    Traceback (most recent call last):
    ...
    mangala_edu.puzzles.rating.BandError: ... / Unknown band 'super': ...
    """

    @classmethod
    def _read(cls, path: str | Path | None) -> list[Puzzle]:
        return read_puzzles(path)

    def get(self, puzzle_id: str) -> Puzzle:
        for p in self.puzzles:
            if p.id == puzzle_id:
                return p
        raise DokuzTasPuzzleError("dokuz_tas.puzzle.error.unknown_id", value=puzzle_id)

    def select(
        self, *, theme: str | None = None, band: str | None = None, moves: int | None = None
    ) -> list[Puzzle]:
        """The puzzles of a theme (a key, or a name in either language), a band (Turkish or
        English name) and a number of learner's moves, in collection order. An unknown theme
        or band raises an error naming the ones there are."""
        key = check_theme(theme)
        band = check_band(band)
        return [
            p
            for p in self.puzzles
            if (key is None or key in p.themes)
            and (band is None or p.band == band)
            and (moves is None or p.moves == moves)
        ]


def check_theme(theme: str | None) -> str | None:
    """The theme's key (a key or a name in either language), ``None`` for none."""
    if theme is None:
        return None
    from .commands import theme_key

    return theme_key(theme)


@dataclass(frozen=True)
class Reply:
    """What a turn did: ``right`` or not, every trace to animate (the turn, then the
    opponent's reply or answer), what the wrong turn keeps (``win``, ``draw``, ``loss``; ``""``
    when not known) and what to say."""

    right: bool
    traces: tuple[TurnTrace, ...]
    said: Message
    result: str = ""
    solved: bool = False


def _reply_said(trace: TurnTrace | None) -> Message:
    """The opponent's answer, as the learner reads it: the turn, the stone it takes, the end
    of the game it brings."""
    if trace is None:
        return Message("dokuz_tas.trainer.reply.none")
    outcome = trace.after.outcome
    if outcome is not None:
        return Message("dokuz_tas.trainer.reply.ends", turn=trace.turn, why=outcome.said)
    if trace.removed is not None:
        return Message("dokuz_tas.trainer.reply.takes", turn=trace.turn, point=trace.removed)
    return Message("dokuz_tas.trainer.reply.plain", turn=trace.turn)


def _theme_of(puzzle: Puzzle, goals: bool = True) -> str | None:
    """The theme a hint is about: the first of :data:`~.themes.HINT_ORDER` the puzzle has
    (``goals=False``: not the goal's own theme), else its first theme."""
    order = [t for t in HINT_ORDER if goals or t not in ("only_move", "save_draw")]
    found = next((t for t in order if t in puzzle.themes), None)
    if found is None and goals:
        found = next((t for t in puzzle.themes if t in THEMES), None)
    return found


def explanation(puzzle: Puzzle) -> Message:
    """One sentence on why the answer is right (the answer key of a worksheet, the solution
    in the trainer)."""
    if puzzle.goal == "win_in_n":
        goal = Message("dokuz_tas.trainer.why.win_in_n", count=puzzle.moves)
    else:
        goal = theme_about(puzzle.goal)
    theme = _theme_of(puzzle, goals=False)
    if theme is None:
        return Message("dokuz_tas.trainer.why.short", goal=goal)
    return Message("dokuz_tas.trainer.why", goal=goal, about=theme_about(theme))


class DokuzTasRun(LineRun[TurnTrace]):
    """One attempt at one Dokuz Taş puzzle (see the module's docstring)."""

    puzzle: Puzzle
    position: Position

    # Reading ---------------------------------------------------------------------------------
    @property
    def expected(self) -> str:
        """The line's turn the learner must play now."""
        return self.puzzle.line[self.index]

    @property
    def accepted(self) -> tuple[str, ...]:
        """Every turn accepted now (they differ only in the stone taken)."""
        return self.puzzle.accepted[self.step]

    def prompt(self) -> Message:
        """What to find: who moves and the goal."""
        p = self.puzzle
        return Message(TITLES[p.goal], colour=colour_name(p.start.to_move), count=p.moves)

    def moves_note(self) -> Message:
        """How many moves the learner must find."""
        return Message("puzzle.prompt.moves", count=self.puzzle.moves)

    # Acting ----------------------------------------------------------------------------------
    def move(self, turn: str) -> Reply:
        """The learner plays ``turn`` (``"a1-a4xg7"``). Raises
        :class:`~mangala_edu.dokuz_tas.errors.IllegalTurnError` for a turn that cannot be
        played and :class:`~mangala_edu.puzzles.PuzzleError` once the puzzle is over;
        changes nothing then."""
        if self.finished:
            raise PuzzleError("puzzle.error.finished")
        trace = self.position.trace(turn)  # raises for a turn that cannot be played
        played = trace.turn
        accepted = {parse_turn(t).text for t in self.accepted}
        if parse_turn(played).text not in accepted:
            return self._wrong(trace)
        traces = [trace]
        self._advance(trace)
        if self.index >= len(self.puzzle.line):
            self._finish()
            return Reply(True, tuple(traces), Message("puzzle.solved"), solved=True)
        try:
            reply = self.position.trace(self.puzzle.line[self.index])
        except MangalaError:  # pragma: no cover - another removal the line does not follow
            # (no shipped puzzle accepts two removals before its last step)
            self._finish()
            return Reply(True, tuple(traces), Message("puzzle.solved"), solved=True)
        traces.append(reply)
        self._advance(reply)
        said = Message("dokuz_tas.trainer.right", reply=_reply_said(reply))
        return Reply(True, tuple(traces), said)

    def _wrong(self, trace: TurnTrace) -> Reply:
        self.wrong += 1
        if self.step > 0:
            said = Message("dokuz_tas.trainer.wrong.later", count=self.puzzle.moves)
            return Reply(False, (trace,), said)
        result = self.puzzle.values.get(trace.turn, "loss")
        answer = self.puzzle.refutations.get(trace.turn)
        traces = [trace]
        shown = None
        if answer is not None and trace.after.outcome is None:
            shown = trace.after.trace(answer)
            traces.append(shown)
        said = Message(_WRONG.get(result, _WRONG["loss"]), reply=_reply_said(shown))
        return Reply(False, tuple(traces), said, result)

    def hint(self) -> tuple[Message, str | None]:
        """The next hint (at most three: the theme, the stone to look at, the turn) and, with
        the third, the turn to play."""
        if self.finished:
            raise PuzzleError("puzzle.error.finished")
        turn = self.expected
        if self.hints >= 3:
            return Message("dokuz_tas.trainer.hint.no_more", turn=turn), turn
        self.hints += 1
        if self.hints == 1:
            theme = _theme_of(self.puzzle)
            if theme is None:
                return Message(
                    "dokuz_tas.trainer.hint.general", hint=Message(HINTS["general"])
                ), None
            return Message(
                "puzzle.hint.theme", theme=theme_name(theme), about=theme_about(theme)
            ), None
        if self.hints == 2:
            key = next((t for t in HINT_ORDER if t in self.puzzle.themes), "general")
            origin = parse_turn(turn).origin
            hint = Message(HINTS[key])
            if origin is None:  # placing (no puzzle places): the point
                return Message(
                    "dokuz_tas.trainer.hint.point", point=_name(parse_turn(turn).target), hint=hint
                ), None
            return Message("dokuz_tas.trainer.hint.stone", point=_name(origin), hint=hint), None
        return Message("dokuz_tas.trainer.hint.turn", turn=turn), turn

    def _mover(self, trace: TurnTrace) -> str:
        return trace.colour

    def __repr__(self) -> str:
        return f"DokuzTasRun({self.puzzle.id!r}, index={self.index}, wrong={self.wrong})"


def _name(point: int) -> str:
    from ..board import point_name

    return point_name(point)


@dataclass
class DokuzTasSession(TrainerSession):
    """A learner's Dokuz Taş puzzle session: the Mangala session
    (:class:`~mangala_edu.puzzles.trainer.TrainerSession`) with Dokuz Taş's collection, runs
    and its own rating (see the module's docstring).

    >>> session = DokuzTasSession(mode="list")
    >>> run = session.next_puzzle()
    >>> run.puzzle.id == session.collection.puzzles[0].id, session.rating.rating
    (True, 1200.0)
    >>> session.set_filters(band="zor") == len(session.collection.select(band="zor"))
    True
    """

    collection: DokuzTasCollection = field(default_factory=DokuzTasCollection.shipped)  # type: ignore[assignment]

    game: ClassVar[str] = DOKUZ_TAS
    first_side: ClassVar[str] = "white"

    def _theme_key(self, theme: str | None) -> str | None:
        return check_theme(theme)

    def _new_run(self, puzzle: Puzzle) -> DokuzTasRun:
        return DokuzTasRun(puzzle, self.clock)
