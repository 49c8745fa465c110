"""What the puzzle trainers of both games share: the controls and the flows around the board.

:class:`TrainerWidget` builds what every trainer shows (the learner's name box; the mode,
theme, band and length filters with **Apply**; the learner's rating, the puzzle's id, band
and themes, and the prompt; **Hint**, **Show the solution**, **Try again** and **Next puzzle**; the feedback and
hint boxes) and runs its flows on a session (:class:`~.trainer.TrainerSession`, or a game's
subclass): a name typed, filters applied, the learner's move checked and answered on the
board, a hint, the solution, another try, the next puzzle. A click never raises: what cannot
be done is said in the learner's language.

A game's trainer (Mangala's :class:`~.widget.PuzzleTrainer`, Dokuz Taş's
:class:`~mangala_edu.dokuz_tas.puzzles.widget.DokuzTasPuzzleTrainer`) names its session,
collection, title, rating texts and style (class attributes) and fills in the hooks: it makes
its board (:meth:`~TrainerWidget._make_board`, which sends the board's moves to
:meth:`~TrainerWidget._moved`), turns a move on the board into the learner's
(:meth:`~TrainerWidget._move_of`), plays a trace and a line on it
(:meth:`~TrainerWidget._play_trace`, :meth:`~TrainerWidget._play_line`), shows the last hint
(:meth:`~TrainerWidget._show_hint`), and names its themes, lengths, moves and picture.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, ClassVar, cast

import ipywidgets as w

from ..engine.errors import MangalaError
from ..i18n import Message, language_from_folder, t
from ..progress_store import ProgressStore, default_learner
from ..widgets.feedback import FEEDBACK_STYLE, StillPicture, feedback_box
from .rating import BAND_NAMES, band_of
from .trainer import MODES, Outcome, TrainerSession

__all__ = ["FROM_ENVIRONMENT", "TrainerWidget"]

_MODE_NAMES = {
    "rated": "puzzle.ui.mode.rated",
    "theme": "puzzle.ui.mode.theme",
    "list": "puzzle.ui.mode.list",
}
_ANY = "-"


class FROM_ENVIRONMENT:
    """The learner's name left out: the one the environment gives, if any."""


class TrainerWidget(StillPicture, w.VBox):
    """A puzzle trainer on a live board, either game's (see the module's docstring).

    The arguments are the same for both games (see Mangala's
    :class:`~.widget.PuzzleTrainer`): the learner's name (left out: the one the environment
    gives, :class:`FROM_ENVIRONMENT`), the mode and the first filters, a seed, the language,
    a progress store, the collection (default: the game's shipped one) and the animation's
    speed (default: the game's :attr:`default_speed`); ``clock`` and ``now`` are the session's.
    """

    session_class: ClassVar[type[TrainerSession]]
    """The game's session."""
    collection_class: ClassVar[Any]
    """The game's collection (its ``shipped()`` is the default)."""
    default_speed: ClassVar[float]
    """Animation steps a second, unless the trainer is given its speed."""
    title_key: ClassVar[str]
    """The trainer's title."""
    rating_keys: ClassVar[tuple[str, str]]
    """The learner's rating line: with a name, and without one (not saved)."""
    prompt_end: ClassVar[str] = ""
    """What follows the prompt (in bold) before the number of moves to find."""
    css: ClassVar[Any]
    """The trainer's style (a ``<style>`` in an HTML widget)."""

    session: TrainerSession
    run: Any  # the game's attempt (a LineRun)
    board: Any  # the game's board widget

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
        collection: Any = None,
        speed: float | None = None,
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
        self.session = self.session_class(
            collection or self.collection_class.shipped(),
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
        self.last_reply: Any = None
        # Widgets.
        self.title = w.HTML(f"<h3>{html.escape(t(self.title_key, lang))}</h3>")
        self.name_box = w.Text(
            value=named or "",
            description=t("puzzle.ui.learner", lang),
            placeholder=t("puzzle.ui.name_placeholder", lang),
            style={"description_width": "initial"},
            continuous_update=False,
            layout=w.Layout(width="16em"),
        )
        any_one = (t("puzzle.ui.any", lang), _ANY)
        themes = self._theme_names()
        self.mode_choice = self._choice(
            "puzzle.ui.mode", [(t(_MODE_NAMES[m], lang), m) for m in MODES], self.session.mode
        )
        self.theme_choice = self._choice(
            "puzzle.ui.theme",
            [any_one, *((name.text(lang), k) for k, name in themes.items())],
            self.session.theme or _ANY,
        )
        self.band_choice = self._choice(
            "puzzle.ui.band",
            [any_one, *((name.text(lang), k) for k, name in BAND_NAMES.items())],
            self.session.band or _ANY,
        )
        self.moves_choice = self._choice(
            "puzzle.ui.length",
            [(t("puzzle.ui.any", lang), 0), *self._moves_options()],
            moves or 0,
        )
        self.apply_button = w.Button(description=t("puzzle.ui.apply", lang), icon="filter")
        self.info = w.HTML("")
        self.rating_line = w.HTML("")
        self.prompt = w.HTML("")
        self.board = self._make_board(
            self.session.collection.puzzles[0].start,
            self.default_speed if speed is None else speed,
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
                self.css,
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
        self._add_classes()
        self.run = self.session.next_puzzle()
        self._show_puzzle()
        if self.session.problem is not None:
            self._say("wrong", self.session.problem)

    # What the learner does -------------------------------------------------------------------
    def hint(self) -> Message:
        """The next hint (shown under the board; the third shows the move on the board)."""
        said, move = self.run.hint()
        if move is not None:
            self._show_hint(move)
        self.hint_box.value = feedback_box("info", said.text(self.lang))
        return cast(Message, said)

    def show_solution(self) -> list[Any]:
        """Play the rest of the line on the board (the attempt counts as not solved)."""
        start = self.run.position
        traces: list[Any] = self.run.solution()
        self._busy = True
        try:
            self.board.unlock()
            self.board.reset(start)
            self._play_line(traces)
        finally:
            self._busy = False
        said = Message(
            "puzzle.ui.solution_shown",
            moves=self._moves_said(self.run.puzzle.line),
            why=self._explanation(self.run.puzzle),
        )
        self._finish(said, "info")
        return traces

    def try_again(self) -> None:
        """After a wrong move: back to the position before it."""
        if self.run.finished:
            self._say("info", Message("puzzle.ui.over_lock", button=Message("puzzle.ui.next")))
            return
        self._busy = True
        try:
            self.board.unlock()
            self.board.reset(self.run.position)
        finally:
            self._busy = False
        self._clear_marks()
        self.feedback.value = ""
        self.again_button.button_style = ""

    def next_puzzle(self) -> Any:
        """The next puzzle of the mode (an unfinished attempt is dropped, not rated)."""
        self.run = self.session.next_puzzle()
        self._show_puzzle()
        return self.run

    def set_learner(self, name: str | None) -> None:
        """Save progress under ``name`` from now on (and load their rating at this game)."""
        name = (name or "").strip() or None
        s = self.session
        if name == s.learner:
            return
        if name is not None:
            name = self._learner_name(name)
        self.session = replace(s, learner=name, store=None if name is None else s.store)
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
        pass. An unknown theme or band, or a choice no puzzle passes, raises
        :class:`~.model.PuzzleError` (nothing changes); the Apply button says it instead."""
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
        return cast(str, self.run.prompt().text(self.lang))

    @property
    def feedback_text(self) -> str:
        """The feedback shown under the board now, as plain text."""
        return html.unescape(_strip_tags(self.feedback.value))

    @property
    def hint_text(self) -> str:
        """The hint shown under the board now, as plain text."""
        return html.unescape(_strip_tags(self.hint_box.value))

    # The game's hooks ------------------------------------------------------------------------
    def _make_board(self, start: Any, speed: float) -> Any:
        """The game's board at ``start``, whose moves are sent to :meth:`_moved`."""
        raise NotImplementedError

    def _add_classes(self) -> None:
        """The game's own classes on the trainer and its widgets (none by default)."""

    def _theme_names(self) -> dict[str, Message]:
        """The game's themes, key to name, in the order the theme filter lists them."""
        raise NotImplementedError

    def _moves_options(self) -> Sequence[tuple[str, int]]:
        """The choices of the length filter, but "any"."""
        raise NotImplementedError

    def _move_of(self, trace: Any) -> Any:
        """The learner's move in a trace the board played (``None``: not one to check)."""
        raise NotImplementedError

    def _play_trace(self, trace: Any) -> None:
        """Play ``trace`` (the opponent's reply, or a move of the solution) on the board."""
        raise NotImplementedError

    def _play_line(self, traces: list[Any]) -> None:
        """Play the solution's traces on the board."""
        for trace in traces:
            self._play_trace(trace)

    def _show_hint(self, move: Any) -> None:
        """Show the last hint's move on the board."""
        raise NotImplementedError

    def _clear_marks(self) -> None:
        """Take the hint's marks off the board (nothing by default)."""

    def _learner_name(self, name: str) -> str:
        """The name typed, as the session is given it (as it is by default)."""
        return name

    def _moves_said(self, line: tuple[str, ...]) -> Any:
        """The solution's moves, as the learner reads them."""
        raise NotImplementedError

    def _explanation(self, puzzle: Any) -> Message:
        """Why the solution is right."""
        raise NotImplementedError

    def _picture(self, position: Any) -> str:
        """A still picture of the board at ``position`` (an ``<img>``)."""
        raise NotImplementedError

    # Internals -------------------------------------------------------------------------------
    def _choice(self, label: str, options: list[tuple[str, Any]], value: Any) -> Any:
        """A filter: a drop-down list with its label."""
        return w.Dropdown(
            options=options,
            value=value,
            description=t(label, self.lang),
            style={"description_width": "initial"},
            layout=w.Layout(width="auto"),
        )

    def _moved(self, trace: Any) -> None:
        """A move played on the board: the learner's is checked, and the reply played."""
        if self._busy:
            return
        move = self._move_of(trace)
        if move is None:
            return
        run = self.run
        try:
            reply = run.move(move)
        except MangalaError as error:
            self._say("wrong", error.said)
            return
        self.last_reply = reply
        self.hint_box.value = ""
        self._clear_marks()
        self._busy = True
        try:
            for follow in reply.traces[1:]:
                self._play_trace(follow)
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
        self._clear_marks()
        self.feedback.value = ""
        self.hint_box.value = ""
        self.next_button.button_style = ""
        self.again_button.button_style = ""
        self.prompt.value = (
            f'<div class="mangala-prompt"><b>{html.escape(self.prompt_text)}{self.prompt_end}'
            f"</b> {html.escape(run.moves_note().text(self.lang))}</div>"
        )
        self.info.value = self._info_html()
        self._refresh_rating()

    def _info_html(self) -> str:
        return f'<div class="mangala-puzzle-info">{html.escape(self._info())}</div>'

    def _info(self) -> str:
        p = self.run.puzzle
        rating = self.session.puzzle_rating(p).rating
        names = self._theme_names()
        themes = ", ".join(names[k].text(self.lang) for k in p.themes if k in names)
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
        saved, unsaved = self.rating_keys
        key = saved if s.learner else unsaved
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
            f'<div class="mangala-still"><h3>{html.escape(t(self.title_key, self.lang))}'
            f'</h3><p class="mangala-prompt">{html.escape(self.prompt_text)}</p>'
            f"{self._picture(self.run.puzzle.start)}</div>"
        )

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(puzzle={self.run.puzzle.id!r}, mode={self.session.mode!r}, "
            f"learner={self.session.learner!r}, lang={self.lang!r})"
        )


def _strip_tags(text: str) -> str:
    return re.sub(r"<[^>]+>", "", text)
