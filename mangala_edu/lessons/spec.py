"""What a lesson is made of, as data: demonstrations, tasks, predictions and quiz questions.

Every text is a catalogue key derived from the lesson's number (``lesson05.task1.prompt``, ...),
so both languages share one specification; the tests prove each task with the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Position, Rules
from .goals import Goal


def _position(text: str, rules: str) -> Position:
    r = Rules.from_name(rules)
    return Position.start(r) if text == "start" else Position.from_text(text, r)


@dataclass(frozen=True)
class DemoSpec:
    """A position and the moves the demonstration plays, stone by stone."""

    position: str
    moves: tuple[int, ...]
    rules: str = "official"

    def start(self) -> Position:
        return _position(self.position, self.rules)


@dataclass(frozen=True)
class TaskSpec:
    """A live board at ``position``; the learner's moves are judged by ``goal``."""

    position: str
    goal: Goal
    rules: str = "official"

    def start(self) -> Position:
        return _position(self.position, self.rules)


@dataclass(frozen=True)
class PredictSpec:
    """"Where will the last stone of ``pit`` land?", then the move is played."""

    position: str
    pit: int
    rules: str = "official"

    def start(self) -> Position:
        return _position(self.position, self.rules)


@dataclass(frozen=True)
class QuizSpec:
    """A question with ``options`` answers; ``correct`` is the right one (from 0)."""

    options: int
    correct: int


@dataclass(frozen=True)
class LessonSpec:
    number: int
    names: dict[str, str]
    """The notebook's file name (without .ipynb) in each language."""
    demos: tuple[DemoSpec, ...] = ()
    tasks: tuple[TaskSpec | PredictSpec, ...] = ()
    quiz: tuple[QuizSpec, ...] = ()

    @property
    def prefix(self) -> str:
        return f"lesson{self.number:02d}"
