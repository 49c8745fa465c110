"""A lesson as the notebooks use it: one short call per cell.

>>> lesson = Lesson(1, lang="en")
>>> lesson
Lesson(1, lang='en')
>>> lesson.task(1).status
'open'
"""

from __future__ import annotations

import html
from collections.abc import Iterable

import ipywidgets as w

from ..engine import Position, Rules, other
from ..i18n import language_from_folder, set_language, t
from ..widgets import Board
from ..widgets.feedback import StillPicture
from .challenge import Challenge
from .claims import Attacks, Claim, MoveValues, Sowing, Threat
from .content import LESSONS
from .diagram import Diagram
from .explain import untaught
from .opening import OpeningTable
from .quiz import Question, Quiz, questions_of
from .spec import LessonError, PredictSpec
from .tasks import Prediction, Task
from .values_view import ValueTable


class Demo(StillPicture, w.VBox):
    """A board that plays a fixed move list when asked, stone by stone (step mode on)."""

    def __init__(
        self,
        position: Position,
        moves: Iterable[int],
        *,
        lang: str = "tr",
        name: str = "demo",
        lesson: int | None = None,
    ) -> None:
        self.start = position
        self.moves = tuple(moves)
        self.name = name
        self.lang = lang
        self.lesson = lesson
        self.board = Board(
            position,
            lang=lang,
            step_mode=True,
            controls=("step", "speed", "undo", "redo"),
            plain=untaught(lesson),
        )
        self.go = w.Button(description=t("ui.show_me", lang), icon="play", button_style="primary")
        self.again = w.Button(description=t("ui.start_over", lang), icon="undo")
        self.go.on_click(lambda _: self.play())
        self.again.on_click(lambda _: self.reset())
        super().__init__([w.HBox([self.go, self.again]), self.board])

    def play(self) -> None:
        """Play the demonstration's moves from its start (the board animates them)."""
        self.board.reset(self.start)
        self.board.show(self.moves)

    def reset(self) -> None:
        self.board.reset(self.start)

    def _still_html(self) -> str:
        return str(
            Diagram(
                self.start, self.moves[0], lang=self.board.lang, lesson=self.lesson
            )._repr_html_()
        )

    def __repr__(self) -> str:
        return f"Demo({self.name!r}, {self.start.to_text()!r}, moves={list(self.moves)})"


class Lesson:
    """Lesson ``number`` (see :data:`~.content.LESSONS`) in ``lang`` (default: from the
    notebook's folder)."""

    def __init__(self, number: int, lang: str | None = None) -> None:
        if number not in LESSONS:
            raise LessonError(
                "lesson.unknown", number=number, first=min(LESSONS), last=max(LESSONS)
            )
        self.number = number
        self.spec = LESSONS[number]
        self.lang = lang or language_from_folder()
        set_language(self.lang)  # static boards (a position's own picture) follow the lesson
        self.facts = self.spec.facts()

    def _key(self, *parts: object) -> str:
        return self.spec.key(*parts)

    def text(self, *parts: object, **params: object) -> str:
        """A text of this lesson from the catalogue (its numbers from the lesson's claims)."""
        return t(self._key(*parts), self.lang, **{**self.facts, **params})

    def diagram(
        self,
        position: str | Position = "start",
        move: int | None = None,
        *,
        highlight: Iterable[int | str] = (),
        rules: str = "official",
    ) -> Diagram:
        """A static picture of a position, or of ``move`` played in it (before -> after)."""
        if isinstance(position, str):
            r = Rules.from_name(rules)
            position = Position.start(r) if position == "start" else Position.from_text(position, r)
        places = [position.rules.geometry.resolve(p) for p in highlight]
        return Diagram(position, move, places, self.lang, self.number)

    def board(
        self, position: str | Position = "start", *, rules: str = "official", **kwargs: object
    ) -> Board:
        """A free board to play on (both sides), e.g. with a classmate."""
        if isinstance(position, str):
            r = Rules.from_name(rules)
            position = Position.start(r) if position == "start" else Position.from_text(position, r)
        return Board(position, lang=self.lang, **kwargs)  # type: ignore[arg-type]

    def demo(self, number: int = 1) -> Demo:
        spec = self.spec.demos[number - 1]
        return Demo(
            spec.start(),
            spec.moves,
            lang=self.lang,
            name=self._key("demo", number),
            lesson=self.number,
        )

    def task(self, number: int) -> Task | Prediction:
        spec = self.spec.tasks[number - 1]
        name = self._key(f"task{number}")
        prompt = self.text(f"task{number}", "prompt")
        if isinstance(spec, PredictSpec):
            return Prediction(
                spec.start(), spec.pit, prompt, lang=self.lang, name=name, lesson=self.number
            )
        return Task(
            spec.start(),
            spec.goal,
            prompt,
            self.text(f"task{number}", "hint"),
            lang=self.lang,
            name=name,
            lesson=self.number,
        )

    def claim(self, name: str) -> Claim:
        """The lesson's claim named ``name`` (its own, ``task3``, ``game``...)."""
        for claim in self.spec.all_claims():
            if claim.name == name:
                return claim
        raise LessonError("lesson.no_claim", name=name, number=self.number)

    def values(self, claim: str) -> ValueTable:
        """The position of the claim named ``claim`` (a :class:`~.claims.MoveValues`, a
        task's ``task3`` or the closing ``game``) with every move's proven value."""
        chosen = self.claim(claim)
        if not isinstance(chosen, MoveValues):
            raise LessonError("lesson.no_claim", name=claim, number=self.number)
        return ValueTable(chosen, self.lang)

    def show(self, claim: str) -> Diagram | ValueTable:
        """The picture of a claim: the move it is about (before -> after), the position with
        the attacking pit ringed (a threat as it stands), or every move's value."""
        chosen = self.claim(claim)
        if isinstance(chosen, MoveValues):
            return ValueTable(chosen, self.lang)
        position = chosen.start()
        if isinstance(chosen, (Sowing, Attacks)):
            return Diagram(position, chosen.pit, lang=self.lang)
        if isinstance(chosen, Threat):
            if chosen.pit is not None:
                return Diagram(position, chosen.pit, lang=self.lang)
            attacker = position.place(other(position.mover), chosen.by) if chosen.by else None
            return Diagram(position, None, [attacker] if attacker is not None else [], self.lang)
        return Diagram(position, None, lang=self.lang)

    def opening(self, name: str = "start") -> OpeningTable:
        """What the package's solver has proven about the first moves of the position
        ``name`` of ``lessons/data/opening.json`` (``start`` or ``small``)."""
        return OpeningTable(name, self.lang)

    def game(self, *, seed: int | None = 1) -> Challenge:
        """The lesson's closing game against the computer (strategy lessons)."""
        spec = self.spec.game
        if spec is None:
            raise LessonError("lesson.no_game", number=self.number)
        return Challenge(
            spec.start(),
            spec.values,
            self.text("game", "prompt"),
            self.text("game", "hint"),
            level=spec.level,
            seed=seed,
            lang=self.lang,
            name=self._key("game"),
        )

    def questions(self) -> list[Question]:
        return questions_of(self.spec.quiz, self.text)

    def quiz(self) -> Quiz:
        return Quiz(self.questions(), lang=self.lang, name=self._key("quiz"))

    def title(self) -> w.HTML:
        return w.HTML(f"<h2>{html.escape(self.text('title'))}</h2>")

    def __repr__(self) -> str:
        return f"Lesson({self.number}, lang={self.lang!r})"
