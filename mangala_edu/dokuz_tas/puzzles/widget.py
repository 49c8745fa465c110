"""The Dokuz Taş puzzle trainer on the live board: name, filters, prompt, turns by clicks,
hints, solution, rating, next puzzle.

:class:`DokuzTasPuzzleTrainer` shows a :class:`~.trainer.DokuzTasSession` on a
:class:`~mangala_edu.dokuz_tas.widget.DokuzTasBoard` and forwards its turns; every decision
is the session's, as in Mangala's :class:`~mangala_edu.puzzles.widget.PuzzleTrainer` (the
same buttons, name box and filters, in the same words). A right turn is answered at once by
the opponent's proven reply; a wrong turn is played out with the opponent's best answer,
what it gives away is said, and the board waits for **Try again**; **Hint** gives three hints
in turn (the theme, the stone to look at, the turn, whose stone is then chosen on the
board); **Show the solution** plays the rest of the line; at the end the rating change is
shown (the learner's Dokuz Taş rating, apart from their Mangala one) and **Next puzzle**
brings the next one. A click never raises: what cannot be done is said in the learner's
language.

Driven from Python exactly as by clicks (this is how the tests use it):

>>> trainer = DokuzTasPuzzleTrainer(None, mode="list", lang="en", speed=0)
>>> p = trainer.run.puzzle
>>> p.id == trainer.session.collection.puzzles[0].id
True
>>> reply = trainer.play(p.line[0])
>>> reply.right, trainer.run.finished == (len(p.line) == 1)
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import ipywidgets as w

from ...engine.errors import MangalaError
from ...i18n import Message
from ...puzzles.trainer_widget import TrainerWidget
from ..notation import parse_turn
from ..picture import board_img
from ..position import Position
from ..trace import TurnTrace
from ..widget import DokuzTasBoard
from .model import Puzzle
from .themes import THEMES, theme_name
from .trainer import DokuzTasCollection, DokuzTasRun, DokuzTasSession, Reply, explanation

__all__ = ["DokuzTasPuzzleTrainer"]

_STYLE = w.HTML("""<style>
.mangala-puzzle-info {font-size: 1.0em; color: #5d4330; margin: 0.2em 0;}
.mangala-puzzle-rating {font-size: 1.15em; font-weight: bold; margin: 0.2em 0;}
</style>""")


class DokuzTasPuzzleTrainer(TrainerWidget):
    """Dokuz Taş puzzles on a live board (see the module's docstring; the controls and flows
    are :class:`~mangala_edu.puzzles.trainer_widget.TrainerWidget`'s, as Mangala's).

    Args:
        learner: the learner's name (``None``: nothing is saved; a name can be typed in
            later); left out: the name a class server gives the pupil, else none.
        mode: ``"rated"`` (near the learner's rating), ``"streak"``, ``"timed"``,
            ``"theme"``, ``"review"`` or ``"list"`` (as Mangala's, the same modes).
        theme, band, moves: the first filters (a theme key or name, ``kolay``/``orta``/
            ``zor``/``usta`` or easy/medium/hard/expert, the number of learner's moves).
        seed, lang, store, speed: as for Mangala's trainer (the speed's default is 2.5).
        collection: the puzzles (default: the collection shipped with the package).
    """

    session_class = DokuzTasSession
    collection_class = DokuzTasCollection
    default_speed = 2.5
    title_key = "dokuz_tas.trainer.title"
    rating_keys = ("dokuz_tas.trainer.my_rating", "dokuz_tas.trainer.my_rating.unsaved")
    prompt_end = "."
    css: ClassVar[Any] = _STYLE

    session: DokuzTasSession
    run: DokuzTasRun
    board: DokuzTasBoard
    last_reply: Reply | None

    # What the learner does -------------------------------------------------------------------
    def click(self, point: str) -> Reply | None:
        """A click on ``point`` (``"d6"``), exactly as on the board: never raises; returns what
        the turn did once a click completes one (``None`` while a turn is being chosen, or
        when the click was refused: the board then says why)."""
        self.last_reply = None
        self.board.click(point)
        return self.last_reply

    def play(self, turn: str) -> Reply | None:
        """The clicks of ``turn`` (``"a1-a4xg7"``: the stone, where it goes, the stone it
        takes); never raises. Returns what the turn did, or ``None`` when a click was
        refused."""
        try:
            parsed = parse_turn(turn)
        except MangalaError as error:
            self._say("wrong", error.said)
            return None
        self.board.cancel()
        points = [p for p in (parsed.origin, parsed.target, parsed.removal) if p is not None]
        from ..board import point_name

        reply = None
        for point in points:
            reply = self.click(point_name(point))
            if self.board.message_key:  # refused: the board says why
                return None
        return reply

    # The game's hooks ------------------------------------------------------------------------
    def _make_board(self, start: Position, speed: float) -> DokuzTasBoard:
        board = DokuzTasBoard(start, lang=self.lang, speed=speed, controls=("speed",))
        board.on_turn(self._moved)
        return board

    def _add_classes(self) -> None:
        self.add_class("dokuz-tas-puzzles")

    def _theme_names(self) -> dict[str, Message]:
        return {k: theme_name(k) for k in THEMES}

    def _moves_options(self) -> Sequence[tuple[str, int]]:
        most = max((p.moves for p in self.session.collection), default=1)
        return [(str(n), n) for n in range(1, most + 1)]

    def _move_of(self, trace: TurnTrace) -> str | None:
        """The learner's turn (the opponent's, played from here, is not checked)."""
        if self.run.finished or trace.colour != self.run.learner:
            return None
        return trace.turn

    def _play_trace(self, trace: TurnTrace) -> None:
        self.board.play(trace.turn)

    def _show_hint(self, turn: str) -> None:
        """With the third hint the stone to move is chosen on the board and its targets are
        marked."""
        if not self.board.locked:
            origin = parse_turn(turn).origin
            if origin is not None:
                from ..board import point_name

                self.board.cancel()
                self.board.click(point_name(origin))

    def _learner_name(self, name: str) -> str:
        """A name that cannot be one is said, and nothing changes."""
        from ...progress_store import check_name

        return check_name(name)

    def _moves_said(self, line: tuple[str, ...]) -> str:
        return " → ".join(line)

    def _explanation(self, puzzle: Puzzle) -> Message:
        return explanation(puzzle)

    def _picture(self, position: Position) -> str:
        return board_img(position, lang=self.lang)
