""" "Try it" tasks: a live board, a goal, and instant feedback in the learner's language.

The logic (:class:`TaskState`, :class:`PredictionState`) is plain Python and is what the tests
drive; :class:`Task` and :class:`Prediction` put it on screen with the interactive board.

>>> from mangala_edu import EventKind, Position
>>> from mangala_edu.lessons.goals import Outcome
>>> state = TaskState(Position.start(), Outcome(EventKind.EXTRA_TURN))
>>> state.play(1).status
'wrong'
>>> state.reset(); state.play(4).status
'solved'

Once a task is decided its board is locked: a click changes nothing and says to press
"Try again" (which, like taking the deciding move back, starts the task over).

In a browser a verdict shows only once the board has sown the move's last stone: while the
board animates, the task carries the class ``mangala-sowing`` (set by the board's JavaScript)
and its feedback (class ``mangala-after-sowing``) is hidden. In Python, without a browser, the
verdict is there at once.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as w

from ..display.captions import place_message, place_name
from ..display.picture import board_img
from ..engine import SIDE_NAMES, SOUTH, MoveTrace, Position, Rules, other
from ..games import game_of
from ..i18n import Message, t
from ..progress.lessons import task_solved
from ..widgets import Board
from ..widgets.feedback import FEEDBACK_STYLE, StillPicture, feedback_box
from .explain import TAUGHT_IN, explain, refined_outcome, untaught
from .goals import GO_ON, SOLVED, WRONG, Goal, Verdict

PREDICT_FIRST = Message("ui.predict_first", button=Message("ui.check"))
"""Why a prediction's board refuses clicks before the guess is checked."""
PREDICTION_TRIES = 2
"""Guesses a prediction allows: a first wrong guess only says "not there, count again" (the
move is not played, so the answer is not given away); the last one decides and plays it."""


class TaskState:
    """The moves a learner has made in one task, and how they were judged (``lesson``: the
    lesson's number; the feedback explains only the rules taught by then)."""

    def __init__(self, start: Position, goal: Goal, lesson: int | None = None) -> None:
        self.start = start
        self.goal = goal
        self.lesson = lesson
        self.traces: list[MoveTrace] = []
        self.verdict: Verdict | None = None

    @property
    def position(self) -> Position:
        return self.traces[-1].after if self.traces else self.start

    @property
    def decided(self) -> bool:
        return self.verdict is not None and self.verdict.status != GO_ON

    def record(self, trace: MoveTrace) -> Verdict:
        """Judge a move that was played on the board."""
        self.traces.append(trace)
        self.verdict = self.goal.judge(self.traces)
        return self.verdict

    def play(self, pit: int | str) -> Verdict:
        """Play ``pit`` in the task's current position and judge it."""
        return self.record(self.position.trace(pit))

    def reset(self) -> None:
        self.traces.clear()
        self.verdict = None

    def undo(self) -> None:
        """Forget the last move (and judge the moves before it again)."""
        if self.traces:
            self.traces.pop()
        self.verdict = self.goal.judge(self.traces) if self.traces else None

    def feedback(self, lang: str | None = None) -> str:
        """The verdict and what the last move did, as plain text."""
        if self.verdict is None:
            return ""
        side = self.start.to_move or SOUTH
        said = self.verdict.said
        words = t(
            said.key, lang, side=SIDE_NAMES[side], other=SIDE_NAMES[other(side)], **said.params
        )
        return f"{words} {explain(self.traces[-1], lang, self.lesson)}"


def _places(position: Position, lang: str | None) -> list[tuple[str, int]]:
    """The places a sowing of the mover can reach, as (label, board index), in path order."""
    side = position.to_move or SOUTH
    g = position.rules.geometry
    # In the family's games the stores lie beside the board: the path is the pits only.
    store = [g.store(side)] if position.rules.stores_on_path else []
    order = [*g.pit_indices(side), *store, *g.pit_indices(other(side))]
    return [(place_name(i, position.rules, lang), i) for i in order]


class PredictionState:
    """Predict where the last stone of ``pit`` lands, then watch it (``lesson``: as in
    :class:`TaskState`). A wrong guess before the last of :data:`PREDICTION_TRIES` is a
    *miss*: it is said to be wrong, without the answer, and the pupil counts again.

    >>> state = PredictionState(Position.start(), 5, lesson=2)
    >>> state.check(3), state.decided, state.missed
    (False, False, [3])
    >>> state.retry_feedback("en")
    "Not there: the last stone does not land in South's pit 4. Count the 4 stones of pit 5 once more, one place at a time; you have one more guess."
    >>> state.check(7), state.decided
    (True, True)
    """

    def __init__(self, position: Position, pit: int, lesson: int | None = None) -> None:
        self.position = position
        self.pit = pit
        self.lesson = lesson
        self.trace = position.trace(pit)
        self.guess: int | None = None
        self.missed: list[int] = []

    @property
    def answer(self) -> int:
        return self.trace.last_place

    @property
    def decided(self) -> bool:
        """True once the deciding guess was checked: the right one, or the last one allowed."""
        return self.guess is not None

    def check(self, guess: int) -> bool:
        """Check a guess; a wrong one with guesses left is only noted as a miss."""
        if guess != self.answer and len(self.missed) + 1 < PREDICTION_TRIES:
            self.missed.append(guess)
            return False
        self.guess = guess
        return guess == self.answer

    def reset(self) -> None:
        """Start over: no guess and no miss."""
        self.guess = None
        self.missed = []

    def retry_feedback(self, lang: str | None = None) -> str:
        """What a miss is told: not there, count again (never where the stone lands)."""
        if not self.missed:
            return ""
        return t(
            "predict.retry",
            lang,
            place=place_message(self.missed[-1], self.position.rules, "dat"),
            pit=self.pit,
            count=self.trace.events[0].count,
        )

    def feedback(self, lang: str | None = None) -> str:
        """The verdict, where the last stone lands, and what happens there (when the lesson
        has taught it).

        >>> state = PredictionState(Position.start(), 5, lesson=2)
        >>> state.check(7)
        True
        >>> state.feedback("tr")
        "Doğru! Son taş Kuzey'in 1. kuyusuna düşer. Güney 5. kuyuyu ekti (4 taş)."
        """
        if self.guess is None:
            return ""
        key = "predict.right" if self.guess == self.answer else "predict.wrong"
        place = place_message(self.answer, self.position.rules, "dat")
        said = [
            t(key, lang, place=place),
            t(
                "explain.move",
                lang,
                side=SIDE_NAMES[self.trace.player],
                pit=self.pit,
                count=self.trace.events[0].count,
            ),
        ]
        outcome = refined_outcome(self.trace)
        if self.lesson is None or TAUGHT_IN.get(outcome, 0) <= self.lesson:
            said = [said[0], explain(self.trace, lang)]
        return " ".join(said)


# -- On screen ----------------------------------------------------------------------------------


def rules_note(rules: Rules, lang: str | None = None) -> str:
    """A line saying which local rules are in play ("" under the official rules)."""
    game = game_of(rules)
    if game is None:
        return rules.name
    return t(game.note_key, lang) if game.note_key else ""


def _prompt_html(prompt: str, rules: Rules, lang: str) -> str:
    note = rules_note(rules, lang)
    note_html = f'<div class="mangala-rules-note">⚑ {html.escape(note)}</div>' if note else ""
    return f'<div class="mangala-prompt">{html.escape(prompt)}</div>{note_html}'


def _done_lock(board: Board) -> None:
    """Lock a decided task's board: a click says to press "Try again"."""
    board.lock(Message("ui.task_done", button=Message("ui.try_again")))


def _still(prompt: str, position: Position, lang: str, highlight: Sequence[int] = ()) -> str:
    return (
        f'<div class="mangala-still">{_prompt_html(prompt, position.rules, lang)}'
        f"{board_img(position, lang=lang, highlight=highlight)}</div>"
    )


class Task(StillPicture, w.VBox):
    """A "try it" task: a prompt, a live board, feedback, and Try again / Hint buttons.

    Once the task is decided (right or wrong) the board is locked: a click changes nothing and
    says to press **Try again**, which is then highlighted. Try again, or taking the deciding
    move back, starts the task over.
    """

    def __init__(
        self,
        start: Position,
        goal: Goal,
        prompt: str,
        hint: str,
        *,
        lang: str = "tr",
        name: str = "task",
        lesson: int | None = None,
    ) -> None:
        self.state = TaskState(start, goal, lesson)
        self.lang = lang
        self.name = name
        self.hint_text = hint
        self.board = Board(start, lang=lang, controls=("speed", "step"), plain=untaught(lesson))
        self.prompt_text = prompt
        self.prompt = w.HTML(_prompt_html(prompt, start.rules, lang))
        self.output = w.HTML("")
        self.again = w.Button(description=t("ui.try_again", lang), icon="undo")
        self.hint = w.Button(description=t("ui.hint", lang), icon="lightbulb-o")
        self.again.on_click(lambda _: self.reset())
        self.hint.on_click(lambda _: self.show_hint())
        self.board.on_move(self._moved)
        self.board.on_undo(self._undone)
        self.output.add_class("mangala-after-sowing")
        super().__init__(
            [FEEDBACK_STYLE, self.prompt, self.board, self.output, w.HBox([self.again, self.hint])]
        )
        self.add_class("mangala-task")
        self.add_class("mangala-waits")

    @property
    def status(self) -> str:
        """``open``, ``solved``, ``wrong`` or ``go_on``."""
        return "open" if self.state.verdict is None else self.state.verdict.status

    @property
    def feedback(self) -> str:
        """The feedback shown now, as plain text."""
        return self._note or self.state.feedback(self.lang)

    @property
    def decided(self) -> bool:
        """True once the task is solved or failed (the board is locked then)."""
        return self.state.decided

    _note = ""

    def _moved(self, trace: MoveTrace) -> None:
        if self.state.decided:  # only if the board was unlocked from outside
            return
        verdict = self.state.record(trace)
        self._note = ""
        self.output.value = feedback_box(verdict.status, self.state.feedback(self.lang))
        if self.state.decided:
            _done_lock(self.board)
            self.again.button_style = "primary"
            if verdict.status == SOLVED:
                task_solved(self.name)

    def _undone(self) -> None:
        """A move was taken back on the board: after a verdict the task starts over."""
        if self.state.decided:
            self.reset()
            return
        self.state.undo()
        self._note = ""
        verdict = self.state.verdict
        self.output.value = (
            feedback_box(verdict.status, self.state.feedback(self.lang)) if verdict else ""
        )

    def play(self, pit: int | str) -> str:
        """Play ``pit`` on the board; returns the new status. Raises
        :class:`~mangala_edu.IllegalMoveError` and changes nothing when the move cannot be
        played, or when the task is already decided (a click explains instead)."""
        self.board.play(pit)
        return self.status

    def reset(self) -> None:
        """Back to the task's start position: the task can be played again."""
        self.state.reset()
        self._note = ""
        self.board.unlock()
        self.board.reset(self.state.start)
        self.output.value = ""
        self.again.button_style = ""

    def show_hint(self) -> None:
        self._note = self.hint_text
        self.output.value = feedback_box("info", self.hint_text)

    def _still_html(self) -> str:
        return _still(self.prompt_text, self.state.start, self.lang)

    def __repr__(self) -> str:
        return f"Task({self.name!r}, {self.state.start.to_text()!r}, status={self.status!r})"


class Prediction(StillPicture, w.VBox):
    """Choose where the last stone will land, then watch the move on the board.

    The board only shows the move: before the check a click on it says to guess first, and
    after it (the prediction is decided) a click changes nothing and says to press
    **Try again**, which starts over (so does taking the move back).
    """

    def __init__(
        self,
        position: Position,
        pit: int,
        prompt: str,
        *,
        lang: str = "tr",
        name: str = "prediction",
        lesson: int | None = None,
    ) -> None:
        self.state = PredictionState(position, pit, lesson)
        self.lang = lang
        self.name = name
        # The answers: one button a place, in the order the stones travel, right under the
        # question (so that both are on screen together, even at 1366x768).
        self.choice = w.ToggleButtons(
            options=_places(position, lang),
            value=None,
            style={"button_width": "auto"},
            layout=w.Layout(width="auto"),
        )
        self.choice.add_class("mangala-answers")
        self.check_button = w.Button(
            description=t("ui.check", lang), icon="check", button_style="primary"
        )
        self.again = w.Button(description=t("ui.try_again", lang), icon="undo")
        self._origin = position.place(position.to_move or SOUTH, pit)
        self.board = Board(
            position,
            lang=lang,
            controls=("speed", "step"),
            highlight=[self._origin],
            plain=untaught(lesson),
        )
        self.board.lock(PREDICT_FIRST)
        self.board.on_undo(self._undone)
        self.output = w.HTML("")
        self.output.add_class("mangala-after-sowing")
        self.check_button.on_click(lambda _: self.check())
        self.again.on_click(lambda _: self.reset())
        self.prompt_text = prompt
        prompt_html = w.HTML(_prompt_html(prompt, position.rules, lang))
        guess = w.HTML(
            f'<span class="mangala-guess-label">{html.escape(t("ui.your_guess", lang))}</span>'
        )
        super().__init__(
            [
                FEEDBACK_STYLE,
                prompt_html,
                w.HBox([guess, self.choice]),
                w.HBox([self.check_button, self.again]),
                self.board,
                self.output,
            ]
        )
        self.add_class("mangala-task")
        self.add_class("mangala-waits")

    @property
    def status(self) -> str:
        """``open``, ``solved`` or ``wrong``."""
        if not self.state.decided:
            return "open"
        return SOLVED if self.state.guess == self.state.answer else WRONG

    @property
    def decided(self) -> bool:
        """True once the guess was checked (the choice and the board are locked then)."""
        return self.state.decided

    def check(self, guess: int | None = None) -> bool | None:
        """Check the guess (the chosen answer, or ``guess``), then play the move on the board.

        A first wrong guess (of :data:`PREDICTION_TRIES`) only says "not there, count again":
        the move is not played and the choice is cleared. Once decided, the verdict stays:
        checking again changes nothing, returns the same answer and says to press Try
        again."""
        if self.state.decided:
            right = self.state.guess == self.state.answer
            done = t("ui.task_done", self.lang, button=Message("ui.try_again"))
            self.output.value = feedback_box(
                self.status, self.state.feedback(self.lang)
            ) + feedback_box("info", done)
            return right
        if guess is not None:
            self.choice.value = guess
        if self.choice.value is None:
            self.output.value = feedback_box("info", t("ui.choose_first", self.lang))
            return None
        right = self.state.check(self.choice.value)
        if not self.state.decided:  # a miss, with a guess left: count again
            self.choice.value = None
            self.output.value = feedback_box("wrong", self.state.retry_feedback(self.lang))
            return False
        if right:
            task_solved(self.name)
        self.board.unlock()
        if self.board.position == self.state.position:  # not already played
            self.board.play(self.state.pit)
        self.board.highlight = [self.state.answer]  # where the last stone landed
        _done_lock(self.board)
        self.choice.disabled = self.check_button.disabled = True
        self.again.button_style = "primary"
        self.output.value = feedback_box(self.status, self.state.feedback(self.lang))
        return right

    @property
    def feedback(self) -> str:
        return self.state.feedback(self.lang)

    def _undone(self) -> None:
        """The move was taken back on the board: the prediction starts over."""
        self.reset()

    def reset(self) -> None:
        """Back to the start: no guess, the move not played; the prediction can be made again."""
        self.state.reset()
        self.choice.disabled = self.check_button.disabled = False
        self.choice.value = None
        self.board.unlock()
        self.board.highlight = [self._origin]
        self.board.reset(self.state.position)
        self.board.lock(PREDICT_FIRST)
        self.output.value = ""
        self.again.button_style = ""

    def _still_html(self) -> str:
        return _still(self.prompt_text, self.state.position, self.lang, [self._origin])

    def __repr__(self) -> str:
        return f"Prediction({self.name!r}, {self.state.position.to_text()!r}, pit={self.state.pit})"


__all__: Sequence[str] = ("Prediction", "PredictionState", "Task", "TaskState")
