"""What a Dokuz Taş lesson is made of, as data: its pictures, demonstrations, tasks and quiz.

Every text is a catalogue key made from the lesson's number (``lesson29.task1.prompt``...) and
listed by :meth:`LessonSpec.text_keys`, so both languages share one specification. Every
position is a text of the engine's notation (or ``"start"``); every task names the turns that
solve it (:attr:`TaskSpec.answers`), which the tests prove with the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.errors import MangalaError
from ...lessons.spec import QuizSpec
from ..game import Game
from ..position import Position
from .goals import Goal

__all__ = ["DemoSpec", "FigureSpec", "LessonSpec", "QuizSpec", "TaskSpec", "start_of"]


def start_of(position: str) -> Position:
    """The position named by ``position``: ``"start"`` (the empty board) or a position text."""
    return Position.start() if position == "start" else Position.from_text(position)


@dataclass(frozen=True)
class FigureSpec:
    """A still picture: a position, and (``turn``) a turn played in it, shown before and
    after with what happened; ``highlight`` rings points, ``lines`` draws lines of the
    board (by name, ``"a7-d7-g7"``)."""

    position: str
    turn: str | None = None
    highlight: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()

    def start(self) -> Position:
        return start_of(self.position)


@dataclass(frozen=True)
class DemoSpec:
    """A position and the turns a demonstration plays in it, one at a time."""

    position: str
    turns: tuple[str, ...]

    def start(self) -> Position:
        return start_of(self.position)


@dataclass(frozen=True)
class TaskSpec:
    """A live board at ``position`` (its side to move is the learner's); the turn played is
    judged by ``goal``. ``answers`` are all the turns that solve it (what the texts and the
    teacher guide claim; the tests check them against the goal and the engine).

    ``history``: turns already played from ``position`` before the learner's turn (the
    board shows them as played), for a task that needs the game's past: a position that has
    stood twice before draws when it stands a third time. The learner then plays from
    :meth:`start`, the position after them.

    >>> spec = TaskSpec("start", None, (), history=("d6", "d2"))  # type: ignore[arg-type]
    >>> spec.start().to_text(), spec.game().turns
    ('3/1W1/3/6/3/1B1/3 w 8 8 0', ('d6', 'd2'))
    """

    position: str
    goal: Goal
    answers: tuple[str, ...]
    history: tuple[str, ...] = ()

    def game(self) -> Game:
        """The game so far: ``position`` with the ``history`` played."""
        return Game(start_of(self.position), self.history)

    def start(self) -> Position:
        """The position the learner plays from (after the ``history``)."""
        return self.game().position if self.history else start_of(self.position)


@dataclass(frozen=True)
class LessonSpec:
    """A Dokuz Taş lesson: its number (it shares the lessons' numbers with Mangala's), the
    names of its notebooks, its named pictures, demonstrations, tasks and quiz."""

    number: int
    names: dict[str, str]
    figures: dict[str, FigureSpec] = field(default_factory=dict)
    demos: tuple[DemoSpec, ...] = ()
    tasks: tuple[TaskSpec, ...] = ()
    quiz: tuple[QuizSpec, ...] = ()

    @property
    def prefix(self) -> str:
        return f"lesson{self.number:02d}"

    def key(self, *parts: object) -> str:
        """The catalogue key of one of this lesson's texts, e.g. ``lesson29.task1.prompt``."""
        return ".".join([self.prefix, *map(str, parts)])

    def text_keys(self) -> list[str]:
        """Every catalogue key this lesson's texts use: its title, each task's prompt and
        hint, and each quiz question with its options and answers."""
        keys = [self.key("title")]
        for k in range(1, len(self.tasks) + 1):
            keys += [self.key(f"task{k}", "prompt"), self.key(f"task{k}", "hint")]
        for k, question in enumerate(self.quiz, start=1):
            keys.append(self.key(f"quiz{k}", "q"))
            for i in range(1, question.options + 1):
                keys += [self.key(f"quiz{k}", f"o{i}"), self.key(f"quiz{k}", f"w{i}")]
        return keys


class LessonError(MangalaError):
    """A Dokuz Taş lesson, or a part of one, that does not exist."""
