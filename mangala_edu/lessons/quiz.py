"""A short self-check quiz whose answers explain themselves.

Each question has options; every option has its own explanation, so a wrong answer says why it
is wrong and a right one says why it is right.

>>> q = Question("Sum?", ["3", "4"], correct=1, why=["No: 2 + 2 is 4.", "Yes: 2 + 2 = 4."])
>>> q.judge(0)
(False, 'No: 2 + 2 is 4.')
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import ipywidgets as w

from ..engine import MangalaError
from ..i18n import t
from ..widgets.feedback import FEEDBACK_STYLE, StillPicture, feedback_box

if TYPE_CHECKING:
    from .spec import QuizSpec


@dataclass(frozen=True)
class Question:
    """A question, its options, the right option's index, and why each option is (not) it."""

    text: str
    options: Sequence[str]
    correct: int
    why: Sequence[str]

    def judge(self, option: int) -> tuple[bool, str]:
        if not 0 <= option < len(self.options):
            raise MangalaError("quiz.no_option", option=option, last=len(self.options) - 1)
        return option == self.correct, self.why[option]


def questions_of(quiz: Sequence[QuizSpec], text: Callable[[str, str], str]) -> list[Question]:
    """A lesson's quiz as questions: the ``k``-th spec's texts are ``text("quizk", part)`` for
    the parts ``q`` (the question), ``o1``, ``o2``… (the options) and ``w1``, ``w2``… (why).

    >>> texts = {"q": "Sum?", "o1": "3", "o2": "4", "w1": "No.", "w2": "Yes."}
    >>> from mangala_edu.lessons.spec import QuizSpec
    >>> questions_of([QuizSpec(2, 1)], lambda key, part: texts[part])[0].judge(1)
    (True, 'Yes.')
    """
    return [
        Question(
            text(f"quiz{k}", "q"),
            [text(f"quiz{k}", f"o{i}") for i in range(1, spec.options + 1)],
            spec.correct,
            [text(f"quiz{k}", f"w{i}") for i in range(1, spec.options + 1)],
        )
        for k, spec in enumerate(quiz, start=1)
    ]


class Quiz(StillPicture, w.VBox):
    """Questions with radio buttons, a Check button each, and explained answers."""

    def __init__(
        self, questions: Sequence[Question], *, lang: str = "tr", name: str = "quiz"
    ) -> None:
        self.questions = list(questions)
        self.lang = lang
        self.name = name
        self.answers: dict[int, bool] = {}
        self._choices: list[w.RadioButtons] = []
        self._outputs: list[w.HTML] = []
        rows: list[w.Widget] = [FEEDBACK_STYLE]
        for number, question in enumerate(self.questions):
            choice = w.RadioButtons(
                options=[(o, i) for i, o in enumerate(question.options)],
                value=None,
                layout=w.Layout(width="auto"),
            )
            button = w.Button(description=t("ui.check", lang), icon="check")
            output = w.HTML("")
            button.on_click(lambda _, n=number: self.check(n))
            self._choices.append(choice)
            self._outputs.append(output)
            rows += [
                w.HTML(
                    f'<div class="mangala-prompt"><b>{number + 1}.</b> '
                    f"{html.escape(question.text)}</div>"
                ),
                choice,
                button,
                output,
            ]
        self.score = w.HTML("")
        rows.append(self.score)
        super().__init__(rows)
        self.add_class("mangala-quiz")

    def answer(self, number: int, option: int) -> str:
        """Choose ``option`` for question ``number`` (from 0) and check it; returns the
        explanation shown."""
        self._choices[number].value = option
        return self.check(number)

    def check(self, number: int) -> str:
        option = self._choices[number].value
        if option is None:
            text = t("ui.choose_first", self.lang)
            self._outputs[number].value = feedback_box("info", text)
            return text
        right, why = self.questions[number].judge(option)
        self.answers[number] = right
        verdict = t("ui.right" if right else "ui.not_right", self.lang)
        # An explanation that already says it ("Hayır: 1 + 4 = 5 …") needs no "Yanlış." before.
        says = (t("quiz.yes", self.lang) + ":", t("quiz.no", self.lang) + ":")
        text = why if why.startswith(says) else f"{verdict} {why}"
        self._outputs[number].value = feedback_box("solved" if right else "wrong", text)
        if len(self.answers) == len(self.questions):
            self.score.value = feedback_box(
                "info",
                t(
                    "ui.score",
                    self.lang,
                    right=sum(self.answers.values()),
                    total=len(self.questions),
                ),
            )
        return text

    _still_notice = "still.run_quiz"

    def _still_html(self) -> str:
        items = "".join(
            f"<li><p>{html.escape(q.text)}</p><ul>"
            + "".join(f"<li>{html.escape(o)}</li>" for o in q.options)
            + "</ul></li>"
            for q in self.questions
        )
        return f'<ol class="mangala-still">{items}</ol>'

    def __repr__(self) -> str:
        return f"Quiz({self.name!r}, {len(self.questions)} questions)"
