"""What a lesson is made of, as data: demonstrations, tasks, predictions and quiz questions.

Every text is a catalogue key derived from the lesson's number (``lesson05.task1.prompt``, ...),
so both languages share one specification; the tests prove each task with the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import Position, Rules
from .goals import Goal


@dataclass(frozen=True)
class _OnPosition:
    """Something shown on a position: its text (or ``"start"``) and its rules' name."""

    position: str
    rules: str = field(default="official", kw_only=True)

    def start(self) -> Position:
        rules = Rules.from_name(self.rules)
        if self.position == "start":
            return Position.start(rules)
        return Position.from_text(self.position, rules)


@dataclass(frozen=True)
class DemoSpec(_OnPosition):
    """A position and the moves the demonstration plays, stone by stone."""

    moves: tuple[int, ...]


@dataclass(frozen=True)
class TaskSpec(_OnPosition):
    """A live board at ``position``; the learner's moves are judged by ``goal``."""

    goal: Goal


@dataclass(frozen=True)
class PredictSpec(_OnPosition):
    """"Where will the last stone of ``pit`` land?", then the move is played."""

    pit: int


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

    def key(self, *parts: object) -> str:
        """The catalogue key of one of this lesson's texts, e.g. ``lesson05.task1.prompt``.

        Every key a lesson uses is made here and listed by :meth:`text_keys`, so that a tool can
        check the catalogues against the lessons.
        """
        return ".".join([self.prefix, *map(str, parts)])

    def text_keys(self) -> list[str]:
        """Every catalogue key this lesson's texts use: its title, each task's prompt (and
        hint, for tasks with a goal) and each quiz question with its options and answers."""
        keys = [self.key("title")]
        for k, task in enumerate(self.tasks, start=1):
            keys.append(self.key(f"task{k}", "prompt"))
            if isinstance(task, TaskSpec):
                keys.append(self.key(f"task{k}", "hint"))
        for k, question in enumerate(self.quiz, start=1):
            keys.append(self.key(f"quiz{k}", "q"))
            for i in range(1, question.options + 1):
                keys += [self.key(f"quiz{k}", f"o{i}"), self.key(f"quiz{k}", f"w{i}")]
        return keys
