"""What a Dokuz Taş lesson shows: still pictures, demonstrations played turn by turn, and
"try it" tasks on the live board with instant feedback.

The logic of a task (:class:`TaskState`) is plain Python, which the tests drive; :class:`Task`
puts it on screen with the live board (:class:`~mangala_edu.dokuz_tas.widget.DokuzTasBoard`).
A click the rules refuse is explained by the board and changes nothing; once a task is decided
its board is locked, and a click says to press "Try again". Feedback boxes, the quiz and the
still pictures of pages that cannot run widgets are Mangala's lessons' own.

>>> from mangala_edu.dokuz_tas.lessons.goals import PlaceOn
>>> state = TaskState(Position.start(), PlaceOn("b4"))
>>> state.play("f4").status, state.decided
('wrong', True)
>>> print(state.feedback("en"))
Your stone went to f4, not to b4. Find the letter first (a to g, from left to right), then the number (1 to 7, from the bottom up).
>>> state.happened("en")
'White places a stone on f4 (8 left in hand).'
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

import ipywidgets as w

from ...i18n import Message, t
from ...lessons.goals import SOLVED, Verdict
from ...progress.lessons import task_solved
from ...widgets.feedback import FEEDBACK_STYLE, StillPicture, feedback_box
from ..board import COLOURS, Colour
from ..game import Game
from ..notation import parse_turn
from ..picture import board_img
from ..position import Position
from ..trace import EventKind, TurnTrace, colour_name
from ..widget import DokuzTasBoard
from .goals import Goal

STYLE = w.HTML("""<style>
.dt-lesson-task .dokuz-tas-board {--dt-board-vh: 42vh;}
.dt-lesson-demo .dokuz-tas-board {--dt-board-vh: 50vh;}
.dt-lesson-task:has(.dt-busy) .dt-after-turn {visibility: hidden;}
.dt-lesson-demo .dt-demo-counter {font-size: clamp(15px, 1.6cqw, 24px); font-weight: bold;
  line-height: 2; margin-left: 0.6em;}
.dt-lesson-demo {container-type: inline-size;}
.dt-lesson-demo .jupyter-button.widget-button, .dt-lesson-task .jupyter-button.widget-button {
  width: auto; min-width: var(--jp-widgets-inline-width-short); flex-shrink: 0;}
</style>""")
"""The lessons' own styles (with Mangala's :data:`FEEDBACK_STYLE`): a task's verdict waits
until the board has shown the turn (the board is ``dt-busy`` while it animates)."""


def _other(colour: Colour) -> Colour:
    return COLOURS[1 - COLOURS.index(colour)]


# -- Still pictures -----------------------------------------------------------------------------


class Diagram:
    """A still picture of a position (its ``highlight`` points ringed, its ``lines`` drawn);
    with ``turn``, the position before and after the turn, with what happened in words.

    >>> Diagram(Position.start(), "d6", lang="en")
    Diagram('3/3/3/6/3/3/3 w 9 9 0', turn='d6')
    >>> "White places a stone on d6" in Diagram(Position.start(), "d6", lang="en")._repr_html_()
    True
    """

    def __init__(
        self,
        position: Position,
        turn: str | None = None,
        *,
        highlight: Iterable[str] = (),
        lines: Iterable[str] = (),
        lang: str | None = None,
    ) -> None:
        self.position = position
        self.turn = turn
        self.highlight = tuple(highlight)
        self.lines = tuple(lines)
        self.lang = lang
        self.trace = position.trace(turn) if turn is not None else None

    def _repr_html_(self) -> str:
        lang = self.lang
        if self.trace is None:
            picture = board_img(
                self.position, lang=lang, highlight=self.highlight, mills=self.lines
            )
            return f'<div class="dt-diagram">{picture}</div>'
        trace = self.trace
        origin, target, _ = parse_turn(trace.turn)
        marked = [p for p in (origin, target) if p is not None]
        before = board_img(self.position, lang=lang, highlight=[*marked, *self.highlight])
        after = board_img(
            trace.after,
            lang=lang,
            highlight=[target],
            mills=trace.mills,
            taken=[trace.removed] if trace.removed else [],
            protected=[n for e in trace.events if e.kind == EventKind.PROTECTED for n in e.names],
        )
        words = html.escape(" ".join(m.text(lang) for m in trace.captions))
        return (
            '<div class="dt-diagram" style="display:flex;flex-wrap:wrap;gap:12px;'
            'align-items:center;max-width:1900px">'
            f'<div style="flex:1 1 420px;min-width:300px">{before}</div>'
            '<div style="font-size:2em" aria-hidden="true">➜</div>'
            f'<div style="flex:1 1 420px;min-width:300px">{after}</div>'
            '<p style="flex-basis:100%;font-size:1.2em;line-height:1.5;margin:0">'
            f"{words}</p></div>"
        )

    def __repr__(self) -> str:
        turn = "" if self.turn is None else f", turn={self.turn!r}"
        return f"Diagram({self.position.to_text()!r}{turn})"


# -- A demonstration ----------------------------------------------------------------------------


class Demo(StillPicture, w.VBox):
    """A board that plays a fixed list of turns, one a click on **Next turn** (or all of
    them); the board says what each turn did, from the engine's trace. The board itself
    takes no clicks.

    >>> demo = Demo(Position.start(), ["d6", "f4"], lang="en")
    >>> demo.next(); demo.board.caption, demo.counter.value
    ('White places a stone on d6 (8 left in hand).', '<span class="dt-demo-counter">Turns played: 1 of 2</span>')
    >>> demo.play_all(); demo.board.game.turns, demo.next_button.disabled
    (('d6', 'f4'), True)
    >>> demo.previous(); demo.board.game.turns
    ('d6',)
    """

    def __init__(
        self, position: Position, turns: Iterable[str], *, lang: str = "tr", name: str = "demo"
    ) -> None:
        self.start = position
        self.turns = tuple(turns)
        self.lang = lang
        self.name = name
        self.board = DokuzTasBoard(position, lang=lang, human=(), controls=("speed",))
        self.board.lock(Message("dokuz_tas.lesson.demo_board"))
        self.next_button = w.Button(
            description=t("dokuz_tas.demo.next", lang), icon="step-forward", button_style="primary"
        )
        self.previous_button = w.Button(
            description=t("dokuz_tas.demo.previous", lang), icon="step-backward"
        )
        self.all_button = w.Button(description=t("dokuz_tas.demo.all", lang), icon="play")
        self.again = w.Button(description=t("ui.start_over", lang), icon="undo")
        self.counter = w.HTML("")
        self.next_button.on_click(lambda _: self.next())
        self.previous_button.on_click(lambda _: self.previous())
        self.all_button.on_click(lambda _: self.play_all())
        self.again.on_click(lambda _: self.reset())
        buttons = w.HBox(
            [self.previous_button, self.next_button, self.all_button, self.again, self.counter],
            layout=w.Layout(flex_flow="row wrap"),
        )
        super().__init__([STYLE, buttons, self.board])
        self.add_class("dt-lesson-demo")
        self._update()

    @property
    def played(self) -> int:
        """How many of the demonstration's turns the board has played."""
        return len(self.board.game.turns)

    def next(self) -> None:
        """Play the next turn (nothing once all are played)."""
        if self.played < len(self.turns):
            self.board.play(self.turns[self.played])
        self._update()

    def previous(self) -> None:
        """Take the last turn back."""
        if self.played:
            self.board.undo()
        self._update()

    def play_all(self) -> None:
        """Play every turn still to come (the board shows them one after the other)."""
        while self.played < len(self.turns):
            self.board.play(self.turns[self.played])
        self._update()

    def reset(self) -> None:
        """Back to the start."""
        self.board.reset(self.start)
        self._update()

    def _update(self) -> None:
        done = self.played >= len(self.turns)
        self.next_button.disabled = self.all_button.disabled = done
        self.previous_button.disabled = self.again.disabled = not self.played
        words = t("dokuz_tas.demo.counter", self.lang, played=self.played, total=len(self.turns))
        self.counter.value = f'<span class="dt-demo-counter">{html.escape(words)}</span>'

    def _still_html(self) -> str:
        return board_img(self.start, lang=self.lang)

    def __repr__(self) -> str:
        return f"Demo({self.name!r}, {self.start.to_text()!r}, turns={list(self.turns)})"


# -- "Try it" tasks -----------------------------------------------------------------------------


class TaskState:
    """The turns a learner has played in one task, and how they were judged. ``history``:
    turns played from ``start`` before the learner's (a task that needs the game's past);
    :attr:`start` is then the position after them, and :attr:`origin` the given one.

    >>> from mangala_edu.dokuz_tas.lessons.goals import Draw
    >>> pos = Position(white=["a1", "g7", "d2", "b4"], black=["a7", "g1", "f4", "b6"],
    ...                to_move="black", in_hand=(0, 0))
    >>> history = ["g1-d1", "a1-a4", "d1-g1", "a4-a1", "g1-d1", "a1-a4", "d1-g1"]
    >>> state = TaskState(pos, Draw(), history)
    >>> state.occurrences, state.play("a4-a1").status
    (2, 'solved')
    """

    def __init__(self, start: Position, goal: Goal, history: Iterable[str] = ()) -> None:
        self.origin = start
        self.history = tuple(history)
        self.start = Game(start, self.history).position if self.history else start
        self.goal = goal
        self.traces: list[TurnTrace] = []
        self.verdict: Verdict | None = None

    @property
    def position(self) -> Position:
        return self.traces[-1].after if self.traces else self.start

    @property
    def occurrences(self) -> int:
        """How often the task's start has stood in its game (1 without a history)."""
        return Game(self.origin, self.history).occurrences()

    @property
    def status(self) -> str:
        """``open``, ``solved`` or ``wrong``."""
        return "open" if self.verdict is None else self.verdict.status

    @property
    def decided(self) -> bool:
        return self.verdict is not None

    def record(self, trace: TurnTrace) -> Verdict:
        """Judge a turn that was played on the board."""
        self.traces.append(trace)
        self.verdict = self.goal.judge(self.traces)
        return self.verdict

    def play(self, turn: str) -> Verdict:
        """Play ``turn`` in the task's current position (in its game) and judge it."""
        game = Game(self.origin, (*self.history, *(trace.turn for trace in self.traces)))
        return self.record(game.push(turn))

    def reset(self) -> None:
        self.traces.clear()
        self.verdict = None

    def feedback(self, lang: str | None = None) -> str:
        """The verdict and why, as plain text (what the turn did is the board's caption:
        :meth:`happened`)."""
        if self.verdict is None:
            return ""
        mover = self.start.to_move
        said = self.verdict.said
        params = {
            "colour": colour_name(mover),
            "other": colour_name(_other(mover)),
            **said.params,
        }
        return t(said.key, lang, **params)

    def happened(self, lang: str | None = None) -> str:
        """What the last turn did, in the engine's words (as the board's caption says it)."""
        return " ".join(m.text(lang) for m in self.traces[-1].captions) if self.traces else ""


class Task(StillPicture, w.VBox):
    """A "try it" task: a prompt, the live board (the learner plays the side to move), the
    verdict, and **Try again** / **Hint** buttons.

    >>> from mangala_edu.dokuz_tas.lessons.goals import PlaceOn
    >>> task = Task(Position.start(), PlaceOn("b4"), "Place on b4.", "b is left.", lang="en")
    >>> task.click("d6"); task.status
    'wrong'
    >>> task.click("b4"); task.board.message
    'This task is over: press “Try again” to start it over.'
    >>> task.reset(); task.click("b4"); task.status
    'solved'
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
        history: Iterable[str] = (),
    ) -> None:
        self.state = TaskState(start, goal, history)
        self.lang = lang
        self.name = name
        self.prompt_text = prompt
        self.hint_text = hint
        self.board = DokuzTasBoard(
            start,
            lang=lang,
            human=(self.state.start.to_move,),
            controls=("undo", "speed"),
            turns=self.state.history,
        )
        self.board.on_turn(self._moved)
        self.board.on_undo(self._undone)
        self.prompt = w.HTML(f'<div class="mangala-prompt">{html.escape(prompt)}</div>')
        self.output = w.HTML("")
        self.output.add_class("dt-after-turn")
        self.again = w.Button(description=t("ui.try_again", lang), icon="undo")
        self.hint = w.Button(description=t("ui.hint", lang), icon="lightbulb-o")
        self.again.on_click(lambda _: self.reset())
        self.hint.on_click(lambda _: self.show_hint())
        super().__init__(
            [
                FEEDBACK_STYLE,
                STYLE,
                self.prompt,
                self.board,
                self.output,
                w.HBox([self.again, self.hint]),
            ]
        )
        self.add_class("mangala-task")
        self.add_class("dt-lesson-task")

    _note = ""

    @property
    def status(self) -> str:
        """``open``, ``solved`` or ``wrong``."""
        return self.state.status

    @property
    def decided(self) -> bool:
        """True once the task is solved or failed (the board is locked then)."""
        return self.state.decided

    @property
    def feedback(self) -> str:
        """The feedback shown now (a hint, or the verdict and what the turn did)."""
        return self._note or self.state.feedback(self.lang)

    def click(self, point: str) -> None:
        """A click on ``point``, as on the board (a wrong one is explained there)."""
        self.board.click(point)

    def _moved(self, trace: TurnTrace) -> None:
        if self.state.decided:  # only when the board was unlocked from outside
            return
        verdict = self.state.record(trace)
        self._note = ""
        self.output.value = feedback_box(verdict.status, self.state.feedback(self.lang))
        self.board.lock(Message("ui.task_done", button=Message("ui.try_again")))
        self.again.button_style = "primary"
        if verdict.status == SOLVED:
            task_solved(self.name)

    def _undone(self) -> None:
        """The decided turn was taken back on the board: the task starts over."""
        if self.state.decided:
            self.reset()

    def reset(self) -> None:
        """Back to the task's start: it can be played again."""
        self.state.reset()
        self._note = ""
        self.board.unlock()
        self.board.reset(self.state.origin, self.state.history)
        self.output.value = ""
        self.again.button_style = ""

    def show_hint(self) -> None:
        self._note = self.hint_text
        self.output.value = feedback_box("info", self.hint_text)

    def _still_html(self) -> str:
        return (
            f'<div class="mangala-still"><div class="mangala-prompt">'
            f"{html.escape(self.prompt_text)}</div>"
            f"{board_img(self.state.start, lang=self.lang, occurrences=self.state.occurrences)}"
            "</div>"
        )

    def __repr__(self) -> str:
        return f"Task({self.name!r}, {self.state.start.to_text()!r}, status={self.status!r})"


__all__: Sequence[str] = ("STYLE", "Demo", "Diagram", "Task", "TaskState")
