"""What a lesson is made of, as data: demonstrations, tasks, predictions and quiz questions.

Every text is a catalogue key derived from the lesson's number (``lesson05.task1.prompt``, ...),
so both languages share one specification; the tests prove each task with the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine import MangalaError, Position, Rules
from .best_move import BestMove
from .claims import Claim, Facts, MoveValues, facts_of
from .goals import Goal

if TYPE_CHECKING:
    from .puzzles import PuzzleTask


class LessonError(MangalaError):
    """A lesson, or a part of one, that does not exist or is not well made."""


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
    """ "Where will the last stone of ``pit`` land?", then the move is played."""

    pit: int


@dataclass(frozen=True)
class QuizSpec:
    """A question with ``options`` answers; ``correct`` is the right one (from 0)."""

    options: int
    correct: int


@dataclass(frozen=True)
class GameSpec(_OnPosition):
    """The closing game of a strategy lesson: the learner plays the side to move in
    ``position`` against the computer at ``level``. ``values`` are the exact values of the
    first moves (proven by the tests, quoted by the texts as ``{game.…}``)."""

    values: Mapping[int, int] = field(hash=False)
    level: str = "usta"
    proven_by: str = "solver"
    """``solver`` (the tests solve the position) or ``opening``: the values are those of
    ``lessons/data/opening.json`` (checked against it; the file is proven by a slow test)."""

    def claim(self) -> MoveValues:
        if self.proven_by == "opening":
            from .opening import OpeningValues

            return OpeningValues("game", self.position, dict(self.values), rules=self.rules)
        return MoveValues("game", self.position, dict(self.values), rules=self.rules)


@dataclass(frozen=True)
class LessonSpec:
    number: int
    names: dict[str, str]
    """The notebook's file name (without .ipynb) in each language."""
    demos: tuple[DemoSpec, ...] = ()
    tasks: tuple[TaskSpec | PredictSpec | PuzzleTask, ...] = ()
    quiz: tuple[QuizSpec, ...] = ()
    claims: tuple[Claim, ...] = ()
    """Facts the lesson's texts state (see :mod:`.claims`), each proven by the tests."""
    game: GameSpec | None = None
    """The game against the computer that ends a strategy lesson."""

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
            if not isinstance(task, PredictSpec):
                keys.append(self.key(f"task{k}", "hint"))
        for k, question in enumerate(self.quiz, start=1):
            keys.append(self.key(f"quiz{k}", "q"))
            for i in range(1, question.options + 1):
                keys += [self.key(f"quiz{k}", f"o{i}"), self.key(f"quiz{k}", f"w{i}")]
        if self.game is not None:
            keys += [self.key("game", "prompt"), self.key("game", "hint")]
        return keys

    def all_claims(self) -> list[Claim]:
        """Every claim the lesson makes: its own, the values of its "find the best move"
        tasks (named ``task1``, ``task2``... after the task's number) and of its closing game
        (``game``)."""
        found = list(self.claims)
        for k, task in enumerate(self.tasks, start=1):
            goal = getattr(task, "goal", None)
            if isinstance(goal, BestMove):
                found.append(goal.claim(f"task{k}", task.position, task.rules))
        if self.game is not None:
            found.append(self.game.claim())
        return found

    def facts(self) -> dict[str, Facts]:
        """The numbers the lesson's texts quote, by claim name (``{game.best}``...), and the
        board's own numbers as ``{rule.stones}`` (48), ``{rule.pits}`` (6), ``{rule.lap}`` (13
        places a sowing passes in one lap: the opponent's store is skipped)."""
        found = facts_of(self.all_claims())
        if "rule" in found:
            raise LessonError("lesson.rule_claim")
        rules = Rules.official()
        found["rule"] = Facts(
            "rule",
            {
                "stones": rules.total_stones,
                "pits": rules.pits,
                "lap": 2 * rules.pits + 1,
                "per_pit": rules.stones,
            },
        )
        return found
