"""The lessons: both languages alike, notebooks built from their sources, every task proven
by the engine, every quiz answerable; the task, prediction and quiz widgets driven from Python."""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path

import nbformat
import pytest

from mangala_edu import IllegalMoveError
from mangala_edu.display.captions import place_message
from mangala_edu.i18n import LANGUAGES, t
from mangala_edu.lessons import Lesson
from mangala_edu.lessons.content import LESSONS
from mangala_edu.lessons.goals import WRONG, ExtraTurns
from mangala_edu.lessons.spec import PredictSpec, TaskSpec
from mangala_edu.lessons.tasks import Prediction

ROOT = Path(__file__).parents[1]
NOTEBOOKS = ROOT / "notebooks"
sys.path.insert(0, str(NOTEBOOKS))

import build  # noqa: E402


def test_lessons_are_numbered_from_one_without_gaps():
    """Lessons and the notebooks that are no lesson (9 and 10: play, how the computer thinks)
    share one sequence of numbers, with no gap and no number used twice."""
    others = {
        int(p.stem)
        for p in (NOTEBOOKS / "src").glob("[0-9][0-9].md")
        if build.source_names(p.read_text("utf-8"))
    }
    assert not others & set(LESSONS)
    numbers = sorted(set(LESSONS) | others)
    assert numbers == list(range(1, len(numbers) + 1))
    assert all((NOTEBOOKS / "src" / f"{n:02d}.md").exists() for n in LESSONS)


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
        fresh = build.notebook(cells, lang, build.lesson_facts(number))
        assert [(c.cell_type, c.source) for c in stored.cells] == [
            (c.cell_type, c.source) for c in fresh.cells
        ], (
            f"{lang} lesson {number} is out of date: run python notebooks/build.py "
            f"--execute {number}"
        )


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


@pytest.mark.parametrize(
    ("number", "k"),
    [(n, k) for n, s in sorted(LESSONS.items()) for k in range(1, len(s.tasks) + 1)],
)
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


def test_quiz_answers_are_spread_over_the_options():
    """The right answer is not always in the same place: a pupil who learns "it is always b"
    learns nothing. No lesson has every answer in one place, no place holds more than 40 % of
    all the answers, nor more than half of the first questions' answers."""
    from collections import Counter

    places: Counter[int] = Counter()
    firsts: Counter[int] = Counter()
    for number, spec in sorted(LESSONS.items()):
        answers = [question.correct for question in spec.quiz]
        assert len(set(answers)) > 1, f"lesson {number}: every answer is {'abcd'[answers[0]]}"
        places.update(answers)
        firsts[answers[0]] += 1
    assert max(places.values()) <= 0.4 * sum(places.values()), places
    assert max(firsts.values()) <= 0.5 * sum(firsts.values()), firsts


@pytest.mark.parametrize("lang", LANGUAGES)
def test_only_the_right_option_of_a_quiz_says_yes(lang):
    """Where a quiz's explanations begin with "Evet"/"Hayır" ("Yes"/"No"), the "yes" is the right
    option's: options and explanations moved together when the options were reordered."""
    yes = {"tr": "Evet", "en": "Yes"}[lang]
    checked = 0
    for number in sorted(LESSONS):
        for k, question in enumerate(Lesson(number, lang).questions(), start=1):
            says_yes = [why.startswith(yes) for why in question.why]
            if any(says_yes):
                checked += 1
                assert says_yes.index(True) == question.correct and sum(says_yes) == 1, (
                    f"lesson {number} question {k}"
                )
    assert checked >= 20


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
    with pytest.raises(IllegalMoveError):  # decided: the board takes no more moves
        task.play(1)
    assert task.status == "wrong" and task.board.game.moves == (3,)
    task.reset()
    assert task.status == "open" and task.board.position == task.state.start
    assert task.play(5) == "solved"
    assert task.feedback.startswith("Right: that is pit 5.")


def _snapshot(board) -> tuple:
    """Everything a click could change on a board."""
    return (board.position, board.game.moves, list(board.board), board.to_move, board.caption)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("tr", "Bu görev bitti: yeniden denemek için “Tekrar dene” düğmesine bas."),
        ("en", "This task is over: press “Try again” to start it over."),
    ],
)
@pytest.mark.parametrize("first", [3, 5], ids=["wrong", "right"])
def test_a_decided_task_refuses_clicks_and_says_try_again(lang, words, first):
    task = Lesson(1, lang).task(1)
    task.board.click("south", first)
    status, output = task.status, task.output.value
    assert status in ("wrong", "solved") and task.board.message == ""
    before = _snapshot(task.board)
    for side, pit in (("south", 1), ("south", 5), ("north", 2)):
        assert task.board.click(side, pit) is None
        assert task.board.message == words and task.board.message_kind == "error"
    task.board._on_msg(task.board, {"type": "click", "side": "south", "pit": 2}, [])
    assert _snapshot(task.board) == before and task.board.message == words
    assert task.status == status and task.output.value == output  # the verdict stays
    assert task.board.legal == []  # no pit looks playable
    assert task.again.description == t("ui.try_again", lang)
    assert task.again.button_style == "primary"  # the way on is shown


def test_try_again_makes_a_decided_task_playable():
    task = Lesson(1, "tr").task(1)
    task.play(3)
    task.board.click("south", 1)
    task.again.click()  # the button, as a pupil presses it
    assert task.status == "open" and task.board.position == task.state.start
    assert task.board.message == "" and task.output.value == "" and not task.board.locked
    assert task.board.legal == list(task.state.start.legal_moves)
    assert task.again.button_style == ""
    assert task.board.click("south", 5) is not None and task.status == "solved"


def test_undo_after_the_verdict_starts_the_task_over():
    task = Lesson(1, "en").task(1)
    task.play(3)
    task.board._on_msg(task.board, {"type": "undo"}, [])
    assert task.status == "open" and task.board.position == task.state.start
    assert not task.board.locked and task.output.value == "" and task.state.traces == []
    assert task.play(5) == "solved"


def test_undo_during_a_chain_takes_one_move_back_in_the_task_too():
    task = Lesson(4, "en").task(3)  # three extra turns in a row: 6, 5, 4
    assert isinstance(task.state.goal, ExtraTurns)
    first = 6
    task.play(first)
    assert task.status == "go_on"
    assert task.board.undo() is True
    assert task.status == "open" and task.state.traces == [] and task.output.value == ""
    task.play(first)
    assert task.status == "go_on" and len(task.state.traces) == 1


@pytest.mark.parametrize(
    ("lang", "guess_first", "done"),
    [
        (
            "tr",
            "Önce tahmin et: son taşın düşeceği yeri yukarıdaki düğmelerden seç ve “Kontrol et” "
            "düğmesine bas.",
            "Bu görev bitti: yeniden denemek için “Tekrar dene” düğmesine bas.",
        ),
        (
            "en",
            "Guess first: choose where the last stone will land from the buttons above, then "
            "press “Check”.",
            "This task is over: press “Try again” to start it over.",
        ),
    ],
)
def test_a_prediction_board_only_shows_the_move(lang, guess_first, done):
    prediction = Lesson(2, lang).task(1)
    assert isinstance(prediction, Prediction) and prediction.status == "open"
    start = prediction.state.position
    # Before the check the board cannot give the answer away.
    assert prediction.board.click("south", prediction.state.pit) is None
    assert prediction.board.message == guess_first and prediction.board.position == start
    origin = prediction.board.highlight
    wrong = next(i for _, i in prediction.choice.options if i != prediction.state.answer)
    # A first wrong guess gives nothing away: the move is not played, the board still refuses
    # clicks, and the verdict says "count again" without naming the place.
    answer_place = place_message(prediction.state.answer, start.rules, "dat").text(lang)
    assert prediction.check(wrong) is False and prediction.status == "open"
    assert prediction.board.position == start and prediction.board.game.moves == ()
    assert prediction.choice.value is None and not prediction.check_button.disabled
    assert "mangala-wrong" in prediction.output.value
    assert html.escape(answer_place) not in prediction.output.value
    assert prediction.board.highlight == origin
    # The second wrong guess decides: the move is played and the place is ringed.
    assert prediction.check(wrong) is False and prediction.status == "wrong"
    assert prediction.board.game.moves == (prediction.state.pit,)
    assert prediction.board.highlight == [prediction.state.answer]  # where the stone landed
    before, output = _snapshot(prediction.board), prediction.output.value
    # Decided: clicks are refused, checking again changes nothing.
    assert prediction.board.click("north", 1) is None and prediction.board.message == done
    assert prediction.check(prediction.state.answer) is False
    assert prediction.status == "wrong" and prediction.choice.value == wrong
    assert prediction.output.value.startswith(output) and done in prediction.output.value
    assert _snapshot(prediction.board) == before
    assert prediction.choice.disabled and prediction.check_button.disabled
    # Try again: a fresh start (both guesses again).
    prediction.again.click()
    assert prediction.status == "open" and prediction.board.position == start
    assert not prediction.choice.disabled and prediction.choice.value is None
    assert prediction.board.highlight == origin and prediction.state.missed == []
    assert prediction.check(wrong) is False and prediction.status == "open"
    assert prediction.check(prediction.state.answer) is True  # right at the second guess
    assert prediction.status == "solved"
    # Taking the move back starts over too.
    assert prediction.board.undo() is True
    assert prediction.status == "open" and prediction.board.position == start


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
    with pytest.raises(ValueError, match="There is no lesson 99"):
        Lesson(99)


def test_a_quiz_verdict_is_said_once():
    """An explanation that begins "Hayır:"/"No:" ("Evet:"/"Yes:") already gives the verdict:
    no "Yanlış." ("Doğru!") before it; other explanations keep it."""
    for lang in LANGUAGES:
        said = set()
        for number in sorted(LESSONS):
            quiz = Lesson(number, lang).quiz()
            for k, question in enumerate(quiz.questions):
                for option in range(len(question.why)):
                    text = quiz.answer(k, option)
                    said.add(text)
                    why = question.why[option]
                    assert text.endswith(why)
                    if why.startswith((t("quiz.yes", lang) + ":", t("quiz.no", lang) + ":")):
                        assert text == why
                    else:
                        right = option == question.correct
                        assert text.startswith(t("ui.right" if right else "ui.not_right", lang))
        assert not any(s.startswith(("Yanlış. Hayır", "Not quite. No:")) for s in said)
        assert any(s.startswith(("Hayır:", "No:")) for s in said)


def test_a_diagrams_rule_note_is_a_line_above_both_boards():
    """Under a local rule the note stands on a line of its own, so the before and after
    boards and the arrow between them stay in one row (lesson 7's own-side diagram)."""
    from mangala_edu import Position, Rules
    from mangala_edu.lessons.diagram import Diagram

    start = Position.from_text("2,5,0,3,1,3,18/1,0,0,0,0,0,15 S", Rules.from_name("own-side"))
    page = Diagram(start, move=6, lang="tr")._repr_html_()
    note = re.search(r"<p style=\"([^\"]*)\">⚑ Yerel kural", page)
    assert note and "flex-basis:100%" in note[1]
    assert page.index("⚑") < page.index("➜")


@pytest.mark.parametrize(
    "path", sorted((ROOT / "notebooks").glob("*/*.ipynb")), ids=lambda p: p.name
)
def test_a_heading_starts_its_cell(path):
    """The pupil view starts a part at each cell with a heading: text before the heading in
    the same cell would open the next part, cut from the part it closes (lesson 10)."""
    for k, cell in enumerate(nbformat.read(path, as_version=4).cells):
        if cell.cell_type != "markdown":
            continue
        lines = cell.source.splitlines()
        heads = [n for n, line in enumerate(lines) if re.match(r"#{1,2} ", line)]
        assert not heads or heads[0] == 0, f"cell {k}: {lines[0][:60]!r}"
