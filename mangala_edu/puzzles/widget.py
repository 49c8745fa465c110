"""The puzzle trainer on the live board: prompt, moves, hints, solution, rating, next puzzle.

:class:`PuzzleTrainer` shows a :class:`~.trainer.TrainerSession` on the package's
:class:`~mangala_edu.widgets.Board` and forwards clicks; every decision is the session's. A
right move is animated and the opponent's reply follows by itself; a wrong move is played out
with the opponent's refutation, what it cost is said, and the board waits for **Try again**;
**Hint** gives three hints in turn (the theme, the rule or pit to look at, the move, which is
ringed); **Show the solution** plays the rest of the line; at the end the rating change is
shown and **Next puzzle** brings the next one. Filters choose the theme, the band and the
number of moves; the mode picks puzzles near the learner's rating, a theme's puzzles in a row
(easiest first) or the list in order. A click never raises: what cannot be done is explained
in the learner's language.

In a browser the verdict waits for the stones, as a lesson task's does: while the board sows
the learner's move and the opponent's reply, the trainer carries the class ``mangala-sowing``
(set by the board's JavaScript) and the feedback (class ``mangala-after-sowing``) is hidden,
so a wrong move's "your opponent answers with N5" never shows before N5 is played. A wrong
move names the reply and its cost, never the right move (that comes with the third hint or
the solution). A name typed after a kernel restart brings that learner's next puzzle (one
they never tried) with the ratings saved in the folder, unless the shown puzzle was begun.

Driven from Python exactly as by clicks (this is how the tests use it):

>>> import tempfile
>>> from mangala_edu.progress import ProgressStore
>>> trainer = PuzzleTrainer(mode="list", seed=1, lang="en", speed=0)
>>> trainer.run.puzzle.id == trainer.session.collection.puzzles[0].id
True
>>> trainer.prompt_text.startswith("South to move") or trainer.prompt_text.startswith("North")
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any, ClassVar

import ipywidgets as w

from ..display.picture import board_img
from ..engine import MangalaError, MoveTrace, Position
from ..i18n import Message, language_from_folder, t
from ..widgets import Board
from .collection import Collection
from .model import Puzzle
from .themes import THEMES, theme_about, theme_name
from .trainer import MoveList, PuzzleRun, Reply, TrainerSession, explanation
from .trainer_widget import FROM_ENVIRONMENT as FROM_ENVIRONMENT
from .trainer_widget import TrainerWidget

__all__ = ["PuzzleTrainer", "ThemeList"]

_STYLE = w.HTML("""<style>
.mangala-puzzle-info {font-size: 1.0em; color: #5d4330; margin: 0.2em 0;}
.mangala-puzzle-rating {font-size: 1.15em; font-weight: bold; margin: 0.2em 0;}
.mangala-puzzles.mangala-sowing .mangala-verdict-button.mod-primary {
  background-color: var(--jp-layout-color2, #eeeeee); color: var(--jp-ui-font-color1, #000);}
</style>""")


class PuzzleTrainer(TrainerWidget):
    """Puzzles on a live board (see the module's docstring; the controls and flows are
    :class:`~.trainer_widget.TrainerWidget`'s).

    Args:
        learner: the learner's name: attempts and ratings are saved in their progress file
            (``None``: nothing is saved; a name can be typed in later). Left out: the name
            a class server gives the pupil (:func:`~mangala_edu.progress_store.default_learner`),
            else none.
        mode: ``"rated"`` (near the learner's rating), ``"streak"``, ``"timed"``,
            ``"theme"`` (a theme in a row), ``"review"`` (the puzzles missed, when due) or
            ``"list"`` (see :mod:`.modes`).
        theme, band, moves: the first filters (a theme key, ``kolay``/``orta``/``zor``/
            ``usta``, a number of learner's moves with 4 meaning 4 or more).
        seed: makes the choice of puzzles reproducible.
        lang: ``"tr"`` or ``"en"`` (default: from the notebook's folder).
        store: a :class:`~mangala_edu.progress.ProgressStore` (default: the user's folder or
            ``$MANGALA_EDU_PROGRESS``).
        collection: the puzzles (default: the collection shipped with the package).
        speed: animation steps a second (default 3).
    """

    session_class = TrainerSession
    collection_class = Collection
    default_speed = 3.0
    title_key = "puzzle.ui.title"
    rating_keys = ("puzzle.ui.my_rating", "puzzle.ui.my_rating.unsaved")
    css: ClassVar[Any] = _STYLE

    run: PuzzleRun
    board: Board
    last_reply: Reply | None

    # What the learner does -------------------------------------------------------------------
    def click(self, pit: int | str) -> Reply | None:
        """A click on pit ``pit`` (a number of the side to move, or a place name such as
        ``"N2"``), exactly as on the board: never raises; returns what the move did, or
        ``None`` when it was refused (the board then says why)."""
        self.last_reply = None
        if isinstance(pit, str):
            g = self.board.rules.geometry
            try:
                place = g.place(g.parse_place(pit))
            except MangalaError as error:
                self._say("wrong", error.said)
                return None
            self.board.click(place.side, place.number or "store")
        else:
            self.board.click(self.run.position.to_move or self.run.learner, pit)
        return self.last_reply

    # The game's hooks ------------------------------------------------------------------------
    def _make_board(self, start: Position, speed: float) -> Board:
        board = Board(start, lang=self.lang, speed=speed, controls=("speed", "step"))
        board.on_move(self._moved)
        return board

    def _add_classes(self) -> None:
        # In a browser the verdict waits for the stones: while the board sows (the learner's
        # move, then the reply), it marks this box "mangala-sowing" and the feedback is hidden.
        self.add_class("mangala-waits")
        self.feedback.add_class("mangala-after-sowing")
        for button in (self.again_button, self.next_button):  # lit up only once sown
            button.add_class("mangala-verdict-button")

    def _theme_names(self) -> dict[str, Message]:
        return {k: theme_name(k) for k in THEMES}

    def _moves_options(self) -> Sequence[tuple[str, int]]:
        return [("1", 1), ("2", 2), ("3", 3), ("4+", 4)]

    def _move_of(self, trace: MoveTrace) -> int:
        return trace.pit

    def _play_trace(self, trace: MoveTrace) -> None:
        self.board.play(trace.pit)

    def _play_line(self, traces: list[MoveTrace]) -> None:
        self.board.show([tr.pit for tr in traces])

    def _show_hint(self, pit: int) -> None:
        pos = self.run.position
        self.board.highlight = [pos.place(pos.mover, pit)]

    def _clear_marks(self) -> None:
        self.board.highlight = []

    def _moves_said(self, line: tuple[str, ...]) -> MoveList:
        return MoveList(line)

    def _explanation(self, puzzle: Puzzle) -> Message:
        return explanation(puzzle)

    def _picture(self, position: Position) -> str:
        return board_img(position, lang=self.lang)


class ThemeList:
    """The themes with their names, one-line descriptions and how many puzzles each has (a
    table in a notebook).

    >>> ThemeList(lang="en").rows()[0]
    ['Theme', 'What it is about', 'Puzzles']
    """

    def __init__(self, collection: Collection | None = None, lang: str | None = None) -> None:
        self.collection = collection or Collection.shipped()
        self.lang = lang or language_from_folder()

    def rows(self) -> list[list[str]]:
        lang = self.lang
        counts = self.collection.theme_counts()
        rows = [
            [
                t("puzzle.ui.theme_col", lang),
                t("puzzle.ui.about_col", lang),
                t("puzzle.ui.count_col", lang),
            ]
        ]
        for key in THEMES:
            rows.append(
                [theme_name(key).text(lang), theme_about(key).text(lang), str(counts.get(key, 0))]
            )
        return rows

    def _repr_html_(self) -> str:
        rows = self.rows()
        head = "".join(f"<th>{html.escape(c)}</th>" for c in rows[0])
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>"
            for row in rows[1:]
        )
        return f'<table class="mangala-theme-table"><tr>{head}</tr>{body}</table>'

    def __repr__(self) -> str:
        return "\n".join(f"{r[0]}: {r[2]}" for r in self.rows()[1:])
