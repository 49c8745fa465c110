"""The lessons: both languages alike, notebooks built from their sources, every task proven
by the engine, every quiz answerable; the task, prediction and quiz widgets driven from Python."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import nbformat
import pytest

from mangala_edu.i18n import LANGUAGES, catalogue, placeholders
from mangala_edu.lessons import Lesson
from mangala_edu.lessons.content import LESSONS
from mangala_edu.lessons.goals import WRONG
from mangala_edu.lessons.spec import PredictSpec, TaskSpec

ROOT = Path(__file__).parents[1]
NOTEBOOKS = ROOT / "notebooks"
sys.path.insert(0, str(NOTEBOOKS))

import build  # noqa: E402


def test_lessons_are_numbered_from_one_without_gaps():
    assert sorted(LESSONS) == list(range(1, len(LESSONS) + 1))


def test_catalogues_have_the_same_keys_and_placeholders():
    tr, en = catalogue("tr"), catalogue("en")
    assert set(tr) == set(en), sorted(set(tr) ^ set(en))
    for key in tr:
        assert placeholders(tr[key]) == placeholders(en[key]), key
        assert tr[key].strip() and en[key].strip(), key


def _notebook(number: int, lang: str) -> Path:
    return NOTEBOOKS / lang / f"{LESSONS[number].names[lang]}.ipynb"


def _code(path: Path) -> list[str]:
    nb = nbformat.read(path, as_version=4)
    return [c.source for c in nb.cells if c.cell_type == "code"]


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_both_languages_have_the_same_code_cells(number):
    tr, en = (_code(_notebook(number, lang)) for lang in LANGUAGES)
    assert tr == en and tr


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_notebooks_are_built_from_their_source(number):
    cells = build.parse((NOTEBOOKS / "src" / f"{number:02d}.md").read_text("utf-8"))
    for lang in LANGUAGES:
        stored = nbformat.read(_notebook(number, lang), as_version=4)
        fresh = build.notebook(cells, lang)
        assert [(c.cell_type, c.source) for c in stored.cells] == [
            (c.cell_type, c.source) for c in fresh.cells], (
            f"{lang} lesson {number} is out of date: run python notebooks/build.py "
            f"--execute {number}")


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*/*.ipynb")), ids=lambda p: p.name)
def test_stored_notebooks_are_clean(path):
    text = path.read_text("utf-8")
    assert "application/vnd.jupyter.widget-state+json" not in text
    assert not re.search(r"at 0x[0-9a-f]{6,}", text), "a memory address in an output"
    nb = json.loads(text)
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert cell["execution_count"] is not None, "run the notebook before storing it"
            assert not any(o["output_type"] == "error" for o in cell["outputs"])
            assert len("".join(cell["source"]).splitlines()) <= 8, "a notebook cell is short"


def test_every_text_a_lesson_needs_exists():
    for number, spec in LESSONS.items():
        for lang in LANGUAGES:
            lesson = Lesson(number, lang)
            lesson.text("title")
            for k, task in enumerate(spec.tasks, start=1):
                lesson.text(f"task{k}", "prompt")
                if isinstance(task, TaskSpec):
                    lesson.text(f"task{k}", "hint")
            assert len(lesson.questions()) == len(spec.quiz)


@pytest.mark.parametrize(("number", "k"), [(n, k) for n, s in sorted(LESSONS.items())
                                           for k in range(1, len(s.tasks) + 1)])
def test_every_task_is_proven_by_the_engine(number, k):
    spec = LESSONS[number].tasks[k - 1]
    start = spec.start()
    if isinstance(spec, PredictSpec):
        assert spec.pit in start.legal_moves
        return
    solutions = spec.goal.solutions(start)
    assert solutions, "no move solves this task"
    wrong = [p for p in start.legal_moves if p not in solutions]
    assert wrong, "every move solves this task: it teaches nothing"
    # Playing a solution through the task's own judge gives no "wrong" verdict.
    assert spec.goal.judge([start.trace(solutions[0])]).status != WRONG
    assert spec.goal.judge([start.trace(wrong[0])]).status == WRONG


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_each_lesson_has_three_tasks_and_a_quiz(number):
    spec = LESSONS[number]
    assert len(spec.tasks) >= 3 and len(spec.quiz) >= 3 and spec.demos
    for question in spec.quiz:
        assert 0 <= question.correct < question.options


def test_quiz_answers_explain_themselves_in_both_languages():
    for lang, right in (("tr", "Doğru!"), ("en", "Right!")):
        quiz = Lesson(1, lang).quiz()
        text = quiz.answer(0, 1)
        assert text.startswith(right) and "48" in text
        wrong = quiz.answer(1, 0)
        assert not wrong.startswith(right)
        assert quiz.answers == {0: True, 1: False}


def test_a_task_judges_clicks_and_resets():
    task = Lesson(1, "en").task(1)
    assert task.play(3) == "wrong"
    assert "That was pit 3" in task.feedback and "South sowed pit 3" in task.feedback
    task.board.play(1)  # after the verdict the board goes on, the verdict stays
    assert task.status == "wrong" and "already decided" in task.feedback
    task.reset()
    assert task.status == "open" and task.board.position == task.state.start
    assert task.play(5) == "solved"
    assert task.feedback.startswith("Right: that is pit 5.")


def test_a_wrong_click_in_a_task_is_explained_and_changes_nothing():
    task = Lesson(1, "tr").task(1)
    task.board.click("north", 2)
    assert task.status == "open" and task.board.position == task.state.start
    assert "Kuzey" in task.board.message


def test_hint_is_shown():
    task = Lesson(1, "tr").task(2)
    task.show_hint()
    assert task.feedback == Lesson(1, "tr").text("task2", "hint")


def test_language_comes_from_the_notebook_folder(tmp_path, monkeypatch):
    for lang in LANGUAGES:
        (tmp_path / lang).mkdir()
        monkeypatch.chdir(tmp_path / lang)
        assert Lesson(1).lang == lang


def test_unknown_lesson_says_which_exist():
    with pytest.raises(ValueError, match="there is no lesson 99"):
        Lesson(99)
