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
from collections.abc import Callable
from typing import Any, cast

import ipywidgets as w

from ..display.picture import board_img
from ..engine import MangalaError, MoveTrace
from ..i18n import Message, language_from_folder, t
from ..progress_store import ProgressStore, default_learner
from ..widgets import Board
from ..widgets.feedback import FEEDBACK_STYLE, StillPicture, feedback_box
from .collection import Collection
from .rating import BAND_NAMES, band_of
from .themes import THEMES, theme_about, theme_name
from .trainer import MODES, MoveList, Outcome, PuzzleRun, Reply, TrainerSession, explanation

__all__ = ["PuzzleTrainer", "ThemeList"]

_MODE_NAMES = {
    "rated": "puzzle.ui.mode.rated",
    "theme": "puzzle.ui.mode.theme",
    "list": "puzzle.ui.mode.list",
}
_ANY = "-"

_STYLE = w.HTML("""<style>
.mangala-puzzle-info {font-size: 1.0em; color: #5d4330; margin: 0.2em 0;}
.mangala-puzzle-rating {font-size: 1.15em; font-weight: bold; margin: 0.2em 0;}
.mangala-puzzles.mangala-sowing .mangala-verdict-button.mod-primary {
  background-color: var(--jp-layout-color2, #eeeeee); color: var(--jp-ui-font-color1, #000);}
</style>""")


class FROM_ENVIRONMENT:
    """The learner's name left out: the one the environment gives, if any."""


class PuzzleTrainer(StillPicture, w.VBox):
    """Puzzles on a live board (see the module's docstring).

    Args:
        learner: the learner's name: attempts and ratings are saved in their progress file
            (``None``: nothing is saved; a name can be typed in later). Left out: the name
            a class server gives the pupil (:func:`~mangala_edu.progress_store.default_learner`),
            else none.
        mode: ``"rated"`` (near the learner's rating), ``"theme"`` (a theme in a row) or
            ``"list"``.
        theme, band, moves: the first filters (a theme key, ``kolay``/``orta``/``zor``/
            ``usta``, a number of learner's moves with 4 meaning 4 or more).
        seed: makes the choice of puzzles reproducible.
        lang: ``"tr"`` or ``"en"`` (default: from the notebook's folder).
        store: a :class:`~mangala_edu.progress.ProgressStore` (default: the user's folder or
            ``$MANGALA_EDU_PROGRESS``).
        collection: the puzzles (default: the collection shipped with the package).
        speed: animation steps a second.
    """

    def __init__(
        self,
        learner: str | type[FROM_ENVIRONMENT] | None = FROM_ENVIRONMENT,
        *,
        mode: str = "rated",
        theme: str | None = None,
        band: str | None = None,
        moves: int | None = None,
        seed: int = 0,
        lang: str | None = None,
        store: ProgressStore | None = None,
        collection: Collection | None = None,
        speed: float = 3.0,
        clock: Callable[[], float] | None = None,
        now: Callable[[], str] | None = None,
    ) -> None:
        self.lang = lang or language_from_folder()
        lang = self.lang
        extra: dict[str, Any] = {}
        if clock is not None:
            extra["clock"] = clock
        if now is not None:
            extra["now"] = now
        named = default_learner() if learner is FROM_ENVIRONMENT else cast("str | None", learner)
        self.session = TrainerSession(
            collection or Collection.shipped(),
            named,
            store,
            seed=seed,
            mode=mode,
            theme=theme,
            band=band,
            moves=moves,
            **extra,
        )
        self._busy = False
        self.outcome: Outcome | None = None
        self.last_reply: Reply | None = None
        # Widgets.
        self.title = w.HTML(f"<h3>{html.escape(t('puzzle.ui.title', lang))}</h3>")
        self.name_box = w.Text(
            value=named or "",
            description=t("puzzle.ui.learner", lang),
            placeholder=t("puzzle.ui.name_placeholder", lang),
            style={"description_width": "initial"},
            continuous_update=False,
            layout=w.Layout(width="16em"),
        )
        self.mode_choice = w.Dropdown(
            options=[(t(_MODE_NAMES[m], lang), m) for m in MODES],
            value=mode,
            description=t("puzzle.ui.mode", lang),
            style={"description_width": "initial"},
            layout=w.Layout(width="auto"),
        )
        self.theme_choice = w.Dropdown(
            options=[
                (t("puzzle.ui.any", lang), _ANY),
                *((theme_name(k).text(lang), k) for k in THEMES),
            ],
            value=self.session.theme or _ANY,
            description=t("puzzle.ui.theme", lang),
            style={"description_width": "initial"},
            layout=w.Layout(width="auto"),
        )
        self.band_choice = w.Dropdown(
            options=[
                (t("puzzle.ui.any", lang), _ANY),
                *((name.text(lang), k) for k, name in BAND_NAMES.items()),
            ],
            value=self.session.band or _ANY,
            description=t("puzzle.ui.band", lang),
            style={"description_width": "initial"},
            layout=w.Layout(width="auto"),
        )
        self.moves_choice = w.Dropdown(
            options=[(t("puzzle.ui.any", lang), 0), ("1", 1), ("2", 2), ("3", 3), ("4+", 4)],
            value=moves or 0,
            description=t("puzzle.ui.length", lang),
            style={"description_width": "initial"},
            layout=w.Layout(width="auto"),
        )
        self.apply_button = w.Button(description=t("puzzle.ui.apply", lang), icon="filter")
        self.info = w.HTML("")
        self.rating_line = w.HTML("")
        self.prompt = w.HTML("")
        self.board = Board(
            self.session.collection.puzzles[0].start,
            lang=lang,
            speed=speed,
            controls=("speed", "step"),
        )
        self.hint_button = w.Button(description=t("puzzle.ui.hint", lang), icon="lightbulb-o")
        self.solution_button = w.Button(description=t("puzzle.ui.solution", lang), icon="eye")
        self.again_button = w.Button(description=t("puzzle.ui.try_again", lang), icon="undo")
        self.next_button = w.Button(description=t("puzzle.ui.next", lang), icon="forward")
        self.feedback = w.HTML("")
        self.hint_box = w.HTML("")
        self.name_box.observe(
            lambda change: self._safe(lambda: self.set_learner(change["new"])), "value"
        )
        self.apply_button.on_click(lambda _: self._safe(self._apply_filters))
        self.hint_button.on_click(lambda _: self._safe(self.hint))
        self.solution_button.on_click(lambda _: self._safe(self.show_solution))
        self.again_button.on_click(lambda _: self._safe(self.try_again))
        self.next_button.on_click(lambda _: self._safe(self.next_puzzle))
        self.board.on_move(self._moved)
        settings = w.HBox(
            [
                self.name_box,
                self.mode_choice,
                self.theme_choice,
                self.band_choice,
                self.moves_choice,
                self.apply_button,
            ],
            layout=w.Layout(flex_flow="row wrap", grid_gap="0.3em 1em"),
        )
        buttons = w.HBox(
            [self.hint_button, self.solution_button, self.again_button, self.next_button],
            layout=w.Layout(flex_flow="row wrap"),
        )
        super().__init__(
            [
                FEEDBACK_STYLE,
                _STYLE,
                self.title,
                settings,
                self.rating_line,
                self.info,
                self.prompt,
                self.board,
                buttons,
                self.feedback,
                self.hint_box,
            ]
        )
        self.add_class("mangala-puzzles")
        # In a browser the verdict waits for the stones: while the board sows (the learner's
        # move, then the reply), it marks this box "mangala-sowing" and the feedback is hidden.
        self.add_class("mangala-waits")
        self.feedback.add_class("mangala-after-sowing")
        for button in (self.again_button, self.next_button):  # lit up only once sown
            button.add_class("mangala-verdict-button")
        self.run = self.session.next_puzzle()
        self._show_puzzle()
        if self.session.problem is not None:
            self._say("wrong", self.session.problem)

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

    def hint(self) -> Message:
        """The next hint (shown under the board; the third rings the pit to play)."""
        said, pit = self.run.hint()
        if pit is not None:
            pos = self.run.position
            self.board.highlight = [pos.place(pos.mover, pit)]
        self.hint_box.value = feedback_box("info", said.text(self.lang))
        return said

    def show_solution(self) -> list[MoveTrace]:
        """Play the rest of the line on the board (the attempt counts as not solved)."""
        start = self.run.position
        traces = self.run.solution()
        self._busy = True
        try:
            self.board.unlock()
            self.board.reset(start)
            self.board.show([tr.pit for tr in traces])
        finally:
            self._busy = False
        said = Message(
            "puzzle.ui.solution_shown",
            moves=MoveList(self.run.puzzle.line),
            why=explanation(self.run.puzzle),
        )
        self._finish(said, "info")
        return traces

    def try_again(self) -> None:
        """After a wrong move: back to the position before it."""
        if self.run.finished:
            self._say("info", Message("puzzle.ui.over_lock", button=Message("puzzle.ui.next")))
            return
        self.board.unlock()
        self.board.reset(self.run.position)
        self.board.highlight = []
        self.feedback.value = ""
        self.again_button.button_style = ""

    def next_puzzle(self) -> PuzzleRun:
        """The next puzzle of the mode (an unfinished attempt is dropped, not rated)."""
        self.run = self.session.next_puzzle()
        self._show_puzzle()
        return self.run

    def set_learner(self, name: str | None) -> None:
        """Save progress under ``name`` from now on (and load their rating)."""
        name = (name or "").strip() or None
        s = self.session
        if name == s.learner:
            return
        self.session = TrainerSession(
            s.collection,
            name,
            None if name is None else s.store,
            seed=s.seed,
            mode=s.mode,
            theme=s.theme,
            band=s.band,
            moves=s.moves,
            clock=s.clock,
            now=s.now,
        )
        self.name_box.value = name or ""
        run = self.run
        untouched = not (run.finished or run.index or run.wrong or run.hints)
        if untouched or run.puzzle.id in self.session.seen:
            # A puzzle not begun yet, or one this learner met before (their name typed after
            # a restart): the next puzzle for this learner, with the ratings saved.
            self.next_puzzle()
        else:
            self.info.value = self._info_html()
            self._refresh_rating()
        if self.session.problem is not None:
            self._say("wrong", self.session.problem)

    def set_filters(
        self,
        *,
        mode: str | None = None,
        theme: str | None = None,
        band: str | None = None,
        moves: int | None = None,
    ) -> int:
        """Change the mode and filters, then show the next puzzle; returns how many puzzles
        pass. Raises :class:`~.model.PuzzleError` (nothing changes) when none passes."""
        count = self.session.set_filters(theme=theme, band=band, moves=moves, mode=mode)
        self.mode_choice.value = self.session.mode
        self.theme_choice.value = self.session.theme or _ANY
        self.band_choice.value = self.session.band or _ANY
        self.moves_choice.value = moves or 0
        self.next_puzzle()
        return count

    # Reading ---------------------------------------------------------------------------------
    @property
    def prompt_text(self) -> str:
        return self.run.prompt().text(self.lang)

    @property
    def feedback_text(self) -> str:
        """The feedback shown under the board now, as plain text."""
        return html.unescape(_strip_tags(self.feedback.value))

    # Internals -------------------------------------------------------------------------------
    def _moved(self, trace: MoveTrace) -> None:
        if self._busy:
            return
        run = self.run
        try:
            reply = run.move(trace.pit)
        except MangalaError as error:
            self._say("wrong", error.said)
            return
        self.last_reply = reply
        self.hint_box.value = ""
        self.board.highlight = []
        self._busy = True
        try:
            for follow in reply.traces[1:]:
                self.board.play(follow.pit)
        finally:
            self._busy = False
        if not reply.right:
            self.board.lock(Message("puzzle.ui.retry_lock", button=Message("puzzle.ui.try_again")))
            self.again_button.button_style = "primary"
            self._say("wrong", reply.said)
        elif reply.solved:
            self._finish(reply.said, "solved")
        else:
            self._say("go_on", reply.said)

    def _finish(self, said: Message, kind: str) -> None:
        outcome = self.session.finish(self.run)
        self.outcome = outcome
        self.board.lock(Message("puzzle.ui.over_lock", button=Message("puzzle.ui.next")))
        self.next_button.button_style = "primary"
        self.again_button.button_style = ""
        text = f"{said.text(self.lang)} {outcome.said().text(self.lang)}"
        if self.run.solved and not self.run.clean:
            text += " " + t("puzzle.not_clean", self.lang)
        if outcome.problem is not None:
            text += " " + outcome.problem.text(self.lang)
        self.feedback.value = feedback_box(kind, text)
        self._refresh_rating()

    def _show_puzzle(self) -> None:
        run = self.run
        self.outcome = None
        self._busy = True
        try:
            self.board.unlock()
            self.board.reset(run.puzzle.start)
        finally:
            self._busy = False
        self.board.highlight = []
        self.feedback.value = ""
        self.hint_box.value = ""
        self.next_button.button_style = ""
        self.again_button.button_style = ""
        self.prompt.value = (
            f'<div class="mangala-prompt"><b>{html.escape(self.prompt_text)}'
            f"</b> {html.escape(run.moves_note().text(self.lang))}</div>"
        )
        self.info.value = self._info_html()
        self._refresh_rating()

    def _info_html(self) -> str:
        return f'<div class="mangala-puzzle-info">{html.escape(self._info())}</div>'

    def _info(self) -> str:
        p = self.run.puzzle
        rating = self.session.puzzle_rating(p).rating
        themes = ", ".join(theme_name(k).text(self.lang) for k in p.themes if k in THEMES)
        return t(
            "puzzle.ui.info",
            self.lang,
            id=p.id,
            band=BAND_NAMES[band_of(rating)],
            rating=round(rating),
            themes=themes or "—",
        )

    def _refresh_rating(self) -> None:
        s = self.session
        key = "puzzle.ui.my_rating" if s.learner else "puzzle.ui.my_rating.unsaved"
        text = t(key, self.lang, rating=round(s.rating.rating), name=s.learner or "")
        self.rating_line.value = f'<div class="mangala-puzzle-rating">{html.escape(text)}</div>'

    def _say(self, kind: str, said: Message) -> None:
        self.feedback.value = feedback_box(kind, said.text(self.lang))

    def _safe(self, action: Callable[[], object]) -> None:
        try:
            action()
        except MangalaError as error:
            self._say("wrong", error.said)

    def _apply_filters(self) -> None:
        theme = self.theme_choice.value
        band = self.band_choice.value
        self.set_filters(
            mode=self.mode_choice.value,
            theme=None if theme == _ANY else theme,
            band=None if band == _ANY else band,
            moves=self.moves_choice.value or None,
        )

    def _still_html(self) -> str:
        return (
            f'<div class="mangala-still"><h3>{html.escape(t("puzzle.ui.title", self.lang))}'
            f'</h3><p class="mangala-prompt">{html.escape(self.prompt_text)}</p>'
            f"{board_img(self.run.puzzle.start, lang=self.lang)}</div>"
        )

    def __repr__(self) -> str:
        return (
            f"PuzzleTrainer(puzzle={self.run.puzzle.id!r}, mode={self.session.mode!r}, "
            f"learner={self.session.learner!r}, lang={self.lang!r})"
        )


def _strip_tags(text: str) -> str:
    import re

    return re.sub(r"<[^>]+>", "", text)


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
