"""A Dokuz Taş lesson as the notebooks use it: one short call per cell.

>>> lesson = Lesson(29, lang="en")
>>> lesson
Lesson(29, lang='en')
>>> lesson.task(1).status, len(lesson.quiz().questions)
('open', 5)
>>> Lesson(3)
Traceback (most recent call last):
...
mangala_edu.dokuz_tas.lessons.spec.LessonError: ... / There is no Dokuz Taş lesson 3: the Dokuz Taş lessons are 29, 30, 31, 32...
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...i18n import language_from_folder, set_language, t
from ...lessons.quiz import Question, Quiz, questions_of
from ..errors import PositionError
from ..play import DokuzTasPlay
from ..position import Position
from ..widget import DokuzTasBoard
from .content import LESSONS
from .spec import FigureSpec, LessonError, start_of
from .widgets import Demo, Diagram, Task


class Lesson:
    """Dokuz Taş lesson ``number`` (see :data:`~.content.LESSONS`) in ``lang`` (default:
    from the notebook's folder, ``tr/`` or ``en/``)."""

    def __init__(self, number: int, lang: str | None = None) -> None:
        if number not in LESSONS:
            raise LessonError(
                "dokuz_tas.lesson.unknown",
                number=number,
                numbers=", ".join(str(n) for n in sorted(LESSONS)),
            )
        self.number = number
        self.spec = LESSONS[number]
        self.lang = lang or language_from_folder()
        set_language(self.lang)  # a position's own picture follows the lesson

    def _key(self, *parts: object) -> str:
        return self.spec.key(*parts)

    def text(self, *parts: object, **params: object) -> str:
        """A text of this lesson from the catalogue."""
        return t(self._key(*parts), self.lang, **params)

    def diagram(
        self,
        figure: str = "start",
        turn: str | None = None,
        *,
        highlight: Iterable[str] = (),
        lines: Iterable[str] = (),
    ) -> Diagram:
        """A still picture: one of the lesson's named figures (``"lines"``, ``"mill"``...),
        or a position (``"start"`` or a position text), with ``turn`` played in it (before
        and after), ``highlight`` points ringed and ``lines`` drawn."""
        spec = self.spec.figures.get(figure)
        if spec is None:
            try:
                spec = FigureSpec(figure)
                spec.start()
            except PositionError:
                raise LessonError(
                    "dokuz_tas.lesson.no_figure",
                    name=figure,
                    names=", ".join(sorted(self.spec.figures)),
                ) from None
        return Diagram(
            spec.start(),
            turn or spec.turn,
            highlight=(*spec.highlight, *highlight),
            lines=(*spec.lines, *lines),
            lang=self.lang,
        )

    def board(self, position: str | Position = "start", **kwargs: object) -> DokuzTasBoard:
        """A free board to play on (both sides), e.g. with a classmate."""
        if isinstance(position, str):
            position = start_of(position)
        return DokuzTasBoard(position, lang=self.lang, **kwargs)  # type: ignore[arg-type]

    def demo(self, number: int = 1) -> Demo:
        """Demonstration ``number``: its turns played one at a time."""
        spec = self.spec.demos[number - 1]
        return Demo(spec.start(), spec.turns, lang=self.lang, name=self._key("demo", number))

    def task(self, number: int) -> Task:
        """The "try it" task ``number``, on the live board."""
        spec = self.spec.tasks[number - 1]
        return Task(
            start_of(spec.position),
            spec.goal,
            self.text(f"task{number}", "prompt"),
            self.text(f"task{number}", "hint"),
            lang=self.lang,
            name=self._key(f"task{number}"),
            history=spec.history,
        )

    def play(self, **kwargs: Any) -> DokuzTasPlay:
        """A whole game against the computer or a classmate, in the lesson's language
        (``kwargs``: those of :class:`~mangala_edu.dokuz_tas.play.DokuzTasPlay`, e.g.
        ``level="kolay"``, ``colour="black"``)."""
        return DokuzTasPlay(lang=self.lang, **kwargs)

    def questions(self) -> list[Question]:
        return questions_of(self.spec.quiz, self.text)

    def quiz(self) -> Quiz:
        """The lesson's quiz: every answer explains itself."""
        return Quiz(self.questions(), lang=self.lang, name=self._key("quiz"))

    def __repr__(self) -> str:
        return f"Lesson({self.number}, lang={self.lang!r})"
