"""What the puzzle trainers of both games share: the controls and the flows around the board.

:class:`TrainerWidget` builds what every trainer shows (the learner's name box; the mode,
theme, band and length filters with **Apply**; the learner's rating, the puzzle's id, band
and themes, and the prompt; **Hint**, **Show the solution**, **Try again** and **Next puzzle**; the feedback and
hint boxes) and runs its flows on a session (:class:`~.trainer.TrainerSession`, or a game's
subclass): a name typed, filters applied, the learner's move checked and answered on the
board, a hint, the solution, another try, the next puzzle. A click never raises: what cannot
be done is said in the learner's language.

The modes (:mod:`.modes`) are in the same **Choose** list: near my rating, a streak, a timed
run, a theme's set, the puzzles I missed, the list. A line under the rating says what the
chosen mode does and how it goes (the streak's count and the best; the timed run's clock,
solved, missed and best; the puzzles due for review). In a streak and a timed run a wrong
move ends the puzzle and **Hint** explains that there are none. The clock counts down in the
browser by itself (CSS, no kernel round trip); the kernel reads the session's clock at each
click, so that a move after the time is not counted and the result is shown. **My rating**
shows the learner's rating history (:func:`~.modes.history_chart`) and best scores.

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
from datetime import date
from typing import Any, ClassVar, cast

import ipywidgets as w

from ..engine.errors import MangalaError
from ..i18n import Message, language_from_folder, t
from ..progress_store import ProgressStore, default_learner
from ..widgets.feedback import FEEDBACK_STYLE, StillPicture, feedback_box
from .model import PuzzleError
from .modes import INTERVALS, MISS_SECONDS, TIMED_SECONDS, history_chart
from .rating import BAND_NAMES, band_of
from .trainer import MODES, Outcome, TrainerSession

__all__ = ["FROM_ENVIRONMENT", "TrainerWidget"]

_MODE_NAMES = {
    "rated": "puzzle.ui.mode.rated",
    "streak": "modes.name.streak",
    "timed": "modes.name.timed",
    "theme": "puzzle.ui.mode.theme",
    "review": "modes.name.review",
    "list": "puzzle.ui.mode.list",
}
_MODE_ABOUT = {
    "rated": "modes.about.rated",
    "streak": "modes.about.streak",
    "timed": "modes.about.timed",
    "theme": "modes.about.theme",
    "review": "modes.about.review",
    "list": "modes.about.list",
}
_ANY = "-"
_CLOCK_STYLE = w.HTML("""<style>
@property --mangala-left {syntax: '<integer>'; initial-value: 0; inherits: false;}
.mangala-mode-line {margin: 0.2em 0; color: #3b2a1a;}
.mangala-mode-state {display: inline-block; font-size: 1.15em; font-weight: bold; margin: 0.1em 0;}
.mangala-clock {display: inline-flex; align-items: center; gap: 0.4em; font-size: 1.15em;
  font-weight: bold; margin-right: 1em;}
.mangala-clock-left::after {content: counter(mangala-left);}
.mangala-clock-bar {display: inline-block; width: 8em; height: 0.7em; background: #eadbc8;
  border-radius: 4px; overflow: hidden;}
.mangala-clock-bar > span {display: block; height: 100%; background: #2f5d50;
  transform-origin: left;}
.mangala-clock-over {visibility: hidden; color: #8a1c1c;}
.mangala-history svg {max-width: 100%; height: auto;}
@keyframes mangala-clock-show {to {visibility: visible;}}
</style>""")


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
            layout=w.Layout(width="21em"),
        )
        any_one = (t("puzzle.ui.any", lang), _ANY)
        themes = self._theme_names()
        self.mode_choice = self._choice(
            "puzzle.ui.mode",
            [(t(_MODE_NAMES[m], lang, minutes=round(TIMED_SECONDS / 60)), m) for m in MODES],
            self.session.mode,
        )
        self.mode_line = w.HTML("")
        self.mode_line.add_class("mangala-mode-line")
        self._clocks = 0  # how many clocks were drawn (each its own animation)
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
        self.history_button = w.Button(description=t("modes.ui.history", lang), icon="line-chart")
        self.feedback = w.HTML("")
        self.hint_box = w.HTML("")
        self.history_box = w.HTML("")
        self.history_box.add_class("mangala-history")
        self.name_box.observe(
            lambda change: self._safe(lambda: self.set_learner(change["new"])), "value"
        )
        self.apply_button.on_click(lambda _: self._safe(self._apply_filters))
        self.hint_button.on_click(lambda _: self._safe(self.hint))
        self.solution_button.on_click(lambda _: self._safe(self.show_solution))
        self.again_button.on_click(lambda _: self._safe(self.try_again))
        self.next_button.on_click(lambda _: self._safe(self.next_puzzle))
        self.history_button.on_click(lambda _: self._safe(self.toggle_history))
        self.mode_choice.observe(lambda _: self._refresh_mode(), "value")
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
            [
                self.hint_button,
                self.solution_button,
                self.again_button,
                self.next_button,
                self.history_button,
            ],
            layout=w.Layout(flex_flow="row wrap"),
        )
        super().__init__(
            [
                FEEDBACK_STYLE,
                _CLOCK_STYLE,
                self.css,
                self.title,
                settings,
                self.rating_line,
                self.mode_line,
                self.info,
                self.prompt,
                self.board,
                buttons,
                self.feedback,
                self.hint_box,
                self.history_box,
            ]
        )
        self.add_class("mangala-puzzles")
        self._add_classes()
        refused: Message | None = None
        try:
            self.run = self.session.next_puzzle()
        except PuzzleError as error:  # the review with nothing due: near the rating instead
            refused = error.said
            self.session.set_filters(theme=theme, band=band, moves=moves, mode="rated")
            self.mode_choice.value = "rated"
            self.run = self.session.next_puzzle()
        self._show_puzzle()
        if refused is not None:
            self._say("info", refused)
        if self.session.problem is not None:
            self._say("wrong", self.session.problem)

    # What the learner does -------------------------------------------------------------------
    def hint(self) -> Message:
        """The next hint (shown under the board; the third shows the move on the board). A
        streak and a timed run have none: that is said instead."""
        if self._time_check():
            return Message("modes.timed.over_lock", button=Message("puzzle.ui.next"))
        if self.session.one_try and not self.run.finished:
            said = Message("modes.no_hints")
            self.hint_box.value = feedback_box("info", said.text(self.lang))
            return said
        said, move = self.run.hint()
        if move is not None:
            self._show_hint(move)
        self.hint_box.value = feedback_box("info", said.text(self.lang))
        return cast(Message, said)

    def show_solution(self) -> list[Any]:
        """Play the rest of the line on the board (the attempt counts as not solved)."""
        if self._time_check():
            return []
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
        self._reset_board(self.run.position)
        self._clear_marks()
        self.feedback.value = ""
        self.again_button.button_style = ""

    def next_puzzle(self) -> Any:
        """The next puzzle of the mode (an unfinished attempt is dropped, not rated). When
        a timed run's time is over, its result is shown first (the next click starts a new
        run)."""
        if self._time_check():
            return self.run
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
            self._refresh_mode()
        if self.history_box.value:
            self.show_history()
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

    def show_history(self) -> str:
        """Show the learner's rating history (a chart, once there are rated attempts) and
        best scores under the trainer; returns the HTML shown."""
        s, lang = self.session, self.lang
        parts = []
        if len(s.history) >= 2:
            parts.append(history_chart(s.history, lang).svg)
        else:
            parts.append(f"<p>{html.escape(t('modes.history.none', lang))}</p>")
        bests = t(
            "modes.history.bests",
            lang,
            streak=s.bests.get("streak", 0),
            timed=s.bests.get("timed", 0),
            waiting=len(s.review),
        )
        parts.append(f'<p class="mangala-mode-state">{html.escape(bests)}</p>')
        self.history_box.value = "".join(parts)
        return cast(str, self.history_box.value)

    def toggle_history(self) -> None:
        """**My rating**: show the rating history, or hide it if shown."""
        if self.history_box.value:
            self.history_box.value = ""
        else:
            self.show_history()

    # Reading ---------------------------------------------------------------------------------
    @property
    def mode_text(self) -> str:
        """The mode line (what the mode does and how it goes), as plain text."""
        text = _strip_tags(re.sub(r"<style>.*?</style>", "", self.mode_line.value, flags=re.S))
        return html.unescape(" ".join(text.split()))

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
        if self._time_check():
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
        if not reply.right and self.session.one_try:  # a streak's or a timed run's miss
            self._finish(reply.said, "wrong", self.session.missed(run))
        elif not reply.right:
            self.board.lock(Message("puzzle.ui.retry_lock", button=Message("puzzle.ui.try_again")))
            self.again_button.button_style = "primary"
            self._say("wrong", reply.said)
        elif reply.solved:
            self._finish(reply.said, "solved")
        else:
            self._say("go_on", reply.said)

    def _finish(self, said: Message, kind: str, outcome: Outcome | None = None) -> None:
        outcome = outcome or self.session.finish(self.run)
        self.outcome = outcome
        self.board.lock(Message("puzzle.ui.over_lock", button=Message("puzzle.ui.next")))
        self.next_button.button_style = "primary"
        self.again_button.button_style = ""
        text = f"{said.text(self.lang)} {outcome.said().text(self.lang)}"
        if self.run.solved and not self.run.clean:
            text += " " + t("puzzle.not_clean", self.lang)
        if outcome.problem is not None:
            text += " " + outcome.problem.text(self.lang)
        box = feedback_box(kind, text)
        more = " ".join(m.text(self.lang) for m in self._mode_said(outcome))
        if more:  # what the mode says, on a line of its own
            box = f"{box.removesuffix('</div>')}<br>\n{html.escape(more)}</div>"
        self.feedback.value = box
        self._refresh_rating()
        self._refresh_mode()
        if self.history_box.value:
            self.show_history()

    def _mode_said(self, outcome: Outcome) -> list[Message]:
        """What the mode adds at the end of a puzzle: the streak, the timed run, the review."""
        s = self.session
        said = []
        if s.mode == "streak" and s.streak is not None:
            if s.streak.over:
                said.append(
                    Message(
                        "modes.streak.over",
                        count=s.streak.count,
                        best=s.bests.get("streak", 0),
                        button=Message("puzzle.ui.next"),
                    )
                )
            else:
                said.append(Message("modes.streak.going", count=s.streak.count))
        elif s.mode == "timed" and s.timed is not None and s.timed.ended:  # too late
            said.append(self._timed_over(s.timed.solved, s.timed.missed))
        elif s.mode == "timed" and s.timed is not None:
            if not self.run.solved:
                said.append(Message("modes.timed.miss", seconds=round(MISS_SECONDS)))
            said.append(Message("modes.timed.go_on", button=Message("puzzle.ui.next")))
        before, after = outcome.review_before, outcome.review_after
        if after is not None and after != before:
            days = max(1, (date.fromisoformat(after["due"]) - s.today()).days)
            key = "modes.review.added" if after["box"] == 0 else "modes.review.up"
            said.append(Message(key, count=days))
        elif before is not None and after is None:
            said.append(Message("modes.review.learnt"))
        return said

    def _time_check(self) -> bool:
        """When a timed run's time is over: end it, show its result, lock the board; returns
        whether it did."""
        s = self.session
        if not s.time_up():
            return False
        timed = s.end_timed()
        assert timed is not None
        self._reset_board(self.run.position)
        self.board.lock(Message("modes.timed.over_lock", button=Message("puzzle.ui.next")))
        said = self._timed_over(timed.solved, timed.missed)
        self.feedback.value = feedback_box("info", said.text(self.lang))
        self.hint_box.value = ""
        self.next_button.button_style = "primary"
        self._refresh_mode()
        if self.history_box.value:
            self.show_history()
        return True

    def _show_puzzle(self) -> None:
        run = self.run
        self.outcome = None
        self._reset_board(run.puzzle.start)
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
        self._refresh_mode()

    def _timed_over(self, solved: int, missed: int) -> Message:
        """The timed run's result."""
        return Message(
            "modes.timed.over",
            solved=solved,
            missed=missed,
            best=self.session.bests.get("timed", 0),
            button=Message("puzzle.ui.next"),
        )

    def _reset_board(self, position: Any) -> None:
        """Show ``position`` on the board, unlocked (not taken for the learner's move)."""
        self._busy = True
        try:
            self.board.unlock()
            self.board.reset(position)
        finally:
            self._busy = False

    def _refresh_mode(self) -> None:
        """The mode line: what the chosen mode does (the list's choice, to be applied), and
        how the session's mode goes."""
        s, lang = self.session, self.lang
        chosen = self.mode_choice.value
        about = t(
            _MODE_ABOUT[chosen],
            lang,
            minutes=round(TIMED_SECONDS / 60),
            seconds=round(MISS_SECONDS),
            days=", ".join(str(d) for d in INTERVALS[:-1]),
            last=INTERVALS[-1],
        )
        if chosen != s.mode:
            about += " " + t("modes.ui.apply_first", lang, button=Message("puzzle.ui.apply"))
        parts = [f"<div>{html.escape(about)}</div>"]
        state = ""
        if s.mode == "streak":
            count = s.streak.count if s.streak is not None and not s.streak.over else 0
            state = t("modes.streak.state", lang, count=count, best=s.bests.get("streak", 0))
        elif s.mode == "timed" and s.timed is not None:
            timed = s.timed
            state = t(
                "modes.timed.state",
                lang,
                solved=timed.solved,
                missed=timed.missed,
                best=s.bests.get("timed", 0),
            )
            if not timed.ended:
                parts.append(self._clock_html(timed.left()))
        elif s.mode == "review":
            state = t("modes.review.state", lang, count=len(s.due_puzzles()), waiting=len(s.review))
        if state:
            parts.append(f'<span class="mangala-mode-state">{html.escape(state)}</span>')
        self.mode_line.value = "".join(parts)

    def _clock_html(self, left: float) -> str:
        """The timed run's clock: the seconds left counting down and a shrinking bar, both
        animated by the browser from ``left`` (each drawing is a new animation), and "time is
        over" shown when they reach 0."""
        self._clocks += 1
        name = f"mangala-clock-{self._clocks}"
        whole = round(left)
        share = left / TIMED_SECONDS
        over = t("modes.timed.time_up", self.lang, button=Message("puzzle.ui.next"))
        return (
            f"<style>@keyframes {name} {{from {{--mangala-left: {whole};}} "
            f"to {{--mangala-left: 0;}}}} @keyframes {name}-bar {{from {{transform: "
            f"scaleX({share:.3f});}} to {{transform: scaleX(0);}}}}</style>"
            f'<span class="mangala-clock" data-left="{whole}">'
            f"{html.escape(t('modes.timed.left', self.lang))} "
            f'<span class="mangala-clock-left" style="counter-reset: mangala-left '
            f'var(--mangala-left); animation: {name} {left}s linear forwards"></span> '
            f"{html.escape(t('modes.timed.seconds', self.lang))}"
            f'<span class="mangala-clock-bar"><span style="transform: scaleX({share:.3f}); '
            f'animation: {name}-bar {left}s linear forwards"></span></span>'
            f'<span class="mangala-clock-over" style="animation: mangala-clock-show 0s '
            f'linear {left}s forwards">{html.escape(over)}</span></span>'
        )

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
        try:
            self.set_filters(
                mode=self.mode_choice.value,
                theme=None if theme == _ANY else theme,
                band=None if band == _ANY else band,
                moves=self.moves_choice.value or None,
            )
        except MangalaError:
            self.mode_choice.value = self.session.mode  # nothing changed: the list says so
            raise

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
