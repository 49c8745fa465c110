"""What a class meets in its first hour (issue 8), checked without a browser: no hint before
anyone asks, whole stones in a review, a chart legend for every marker, feedback that teaches
only what was taught, stored pictures that show in a notebook not trusted yet, and lesson 10
in sentences and tables."""

from __future__ import annotations

import base64
import contextlib
import io
import os
import re
import sys
from pathlib import Path

import nbformat
import pytest

from mangala_edu import Game, Position
from mangala_edu.display.analysis_chart import MISTAKE_MARKERS, advantage_chart
from mangala_edu.i18n import LANGUAGES, t
from mangala_edu.lessons import Lesson
from mangala_edu.lessons.content import LESSONS
from mangala_edu.lessons.tasks import Prediction
from mangala_edu.search.analysis import GameReview, MoveReview

ROOT = Path(__file__).parents[1]
NOTEBOOKS = ROOT / "notebooks"
sys.path.insert(0, str(NOTEBOOKS))

import build  # noqa: E402


def run_source(number: int, lang: str) -> dict[str, object]:
    """Run the code cells of ``notebooks/src/NN.md`` as its notebook in ``lang`` would (in the
    language's folder), and return the names they made."""
    cells = build.parse((NOTEBOOKS / "src" / f"{number:02d}.md").read_text("utf-8"))
    names: dict[str, object] = {}
    here = Path.cwd()
    os.chdir(NOTEBOOKS / lang)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            for kind, body in cells:
                if kind == "code":
                    exec(compile(str(body), f"{number:02d}.md", "exec"), names)
    finally:
        os.chdir(here)
    return names


# -- 3. Lesson 9 gives no hint before anyone asks ------------------------------------------


def test_lesson_9_gives_no_hint_before_anyone_asks():
    from mangala_edu.widgets.play import PlayBoard

    names = run_source(9, "tr")
    boards = [v for v in names.values() if isinstance(v, PlayBoard)]
    play = names["play"]
    assert isinstance(play, PlayBoard) and play in boards
    for board in boards:
        assert board.board.highlight == [], "a pit is ringed before anyone asked"
        assert board.hint_box.value == "" and board.hints_used == 0
    # The demonstration set speaks of the sides: nobody in the class played it.
    demo = names["demo"]
    assert isinstance(demo, PlayBoard) and demo.stand_in == "kolay"
    said = demo.info_text + demo.mistakes_box.value + demo._title_text()
    assert "yeniden dene" not in said and "hataların" not in said and "sen " not in said.lower()
    assert "Güney tarafının en büyük hataları" in demo.mistakes_box.value


# -- 5. Whole stones in the review, and a legend for every marker ---------------------------


def _review(cost: float, exact: bool) -> MoveReview:
    return MoveReview(1, "south", 1, {1: 0.0, 2: cost}, (2,), cost, exact, "mistake")


@pytest.mark.parametrize(
    ("cost", "exact", "tr", "en"),
    [
        (5.9, False, "Hata: yaklaşık 6 taş kaybettirdi.", "Mistake: costs about 6 stones."),
        (4.0, True, "Hata: 4 taş kaybettirdi (kanıtlandı).", "Mistake: costs 4 stones (proven)."),
        (2.5, False, "Hata: yaklaşık 3 taş kaybettirdi.", "Mistake: costs about 3 stones."),
        (0.6, False, "Hata: yaklaşık 1 taş kaybettirdi.", "Mistake: costs about 1 stone."),
    ],
)
def test_a_review_speaks_of_whole_stones(cost, exact, tr, en):
    move = _review(cost, exact)
    assert move.text("tr") == tr and move.text("en") == en


def test_every_review_of_a_real_set_has_whole_stones_only():
    from mangala_edu.search.analysis import analyse_game

    game = Game()
    while not game.position.is_over:
        game.push(game.position.legal_moves[len(game.moves) % len(game.position.legal_moves)])
    review = analyse_game(game, time_per_move=0.02, reproducible=True)
    assert any(not m.exact for m in review.moves)  # estimates were made
    for lang in LANGUAGES:
        for move in review.moves:
            assert not re.search(r"\d[.,]\d", move.text(lang)), move.text(lang)


def test_the_chart_legend_names_every_marker_line_and_colour():
    start = Position.start()
    game = Game(start=start, moves=[1, 1, 2])
    kinds = ["inaccuracy", "mistake", "blunder"]
    moves = tuple(
        MoveReview(
            k + 1,
            pos.to_move or "south",
            pit,
            {pit: 0.0},
            (pit,),
            [2.0, 5.0, 9.0][k],
            k != 1,
            kinds[k],
        )
        for k, (pos, pit) in enumerate(zip(game.positions, game.moves, strict=False))
    )
    review = GameReview(game, moves)
    for lang in LANGUAGES:
        fig = advantage_chart(review, lang)
        legend = [x.get_text() for x in fig.axes[0].get_legend().get_texts()]
        for verdict in MISTAKE_MARKERS:
            assert t(f"analysis.verdict.{verdict}", lang) in legend
        assert t("analysis.chart.exact_line", lang) in legend
        assert t("analysis.chart.estimated_line", lang) in legend
        sides = {m.player for m in moves}
        assert all(
            t("analysis.chart.by_side", lang, side=t(f"side.{s}", lang)) in legend for s in sides
        )


# -- 9. Feedback teaches only what the lesson has taught ------------------------------------

RULE_WORDS = {
    "tr": ("tek sayı", "çift sayı", "boş değildi", "boş kuyu"),
    "en": ("odd number", "even number", "was not empty", "empty pit"),
}
#: What a board's own line says about an outcome where nothing is taken (a capture, which
#: moves stones, is always named).
QUIET_WORDS = {
    "tr": ("tek sayı", "karşıdaki kuyu da boş"),
    "en": ("odd number", "opposite is empty too"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_early_lessons_do_not_explain_later_rules(number, lang):
    lesson = Lesson(number, lang)
    said, shown = [], []
    for k in range(1, len(LESSONS[number].tasks) + 1):
        task = lesson.task(k)
        if isinstance(task, Prediction):
            for _, place in task.choice.options:
                task.reset()
                task.check(place)
                said.append(task.feedback)
                shown.append(task.board.caption)
            continue
        for pit in task.state.start.legal_moves:
            task.reset()
            task.play(pit)
            said.append(task.feedback)
            shown.append(task.board.caption)  # the board's own line under it, too
    assert said and shown
    for text in said:
        assert not any(word in text.lower() for word in RULE_WORDS[lang]), text
    for text in shown:
        assert not any(word in text.lower() for word in QUIET_WORDS[lang]), text


def test_a_prediction_marks_where_the_last_stone_landed_and_says_it_in_turkish():
    prediction = Lesson(2, "tr").task(1)
    assert isinstance(prediction, Prediction)
    wrong = next(i for _, i in prediction.choice.options if i != prediction.state.answer)
    prediction.check(wrong)
    assert prediction.output.value.count("Orada değil") == 1 and "bir tahmin hakkın daha var" in (
        prediction.output.value
    )
    prediction.check(wrong)
    assert prediction.board.highlight == [prediction.state.answer]
    assert prediction.feedback.startswith("Yanlış tahmin: son taş Kuzey'in 2. kuyusuna düşer")


# -- 2. Stored pictures show in a notebook that is not trusted ------------------------------


@pytest.mark.parametrize(
    "path", sorted(NOTEBOOKS.glob("[a-z][a-z]/*.ipynb")), ids=lambda p: f"{p.parent.name}-{p.stem}"
)
def test_stored_boards_are_pictures_an_untrusted_notebook_shows(path):
    """JupyterLab shows no SVG (inline or image/svg+xml) of a notebook it does not trust: every
    stored board is an <img>, and every live widget says how to start it."""
    nb = nbformat.read(path, as_version=4)
    lang = path.parent.name
    pictures = 0
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            assert "image/svg+xml" not in data, "an SVG output an untrusted notebook hides"
            page = data.get("text/html", "")
            assert "<svg" not in page, "inline SVG an untrusted notebook hides"
            pictures += page.count('src="data:image/svg+xml;base64,') + ("image/png" in data)
            if "application/vnd.jupyter.widget-view+json" in data:
                said = page.replace("&#x27;", "'")
                assert "Run ▸ Run All Cells" in said and any(
                    t(key, lang)[:30] in said for key in ("still.run", "still.run_quiz")
                ), "a live widget that does not say how to start"
    assert pictures >= 1


def test_a_stored_picture_is_the_board_itself():
    from mangala_edu.display import board_svg
    from mangala_edu.display.picture import board_img

    img = board_img(Position.start(), lang="tr")
    data = re.search(r"base64,([^\"]+)", img).group(1)  # type: ignore[union-attr]
    assert base64.b64decode(data).decode() == board_svg(Position.start(), lang="tr", size=1100)


# -- 10. Lesson 10 shows sentences and tables, not Python values ----------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_10_shows_no_python_values(lang):
    path = NOTEBOOKS / lang / f"{build.notebook_names(10)[lang]}.ipynb"
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            text = "".join(output.get("data", {}).get("text/plain", "")) + output.get("text", "")
            assert not re.search(r"[{(\[]\s*-?\d+\s*[:,]", text), f"a Python value: {text!r}"


# -- 12. The teacher guide: an answer key for every lesson, checked by the engine ------------


def _guide_halves() -> dict[str, str]:
    text = (ROOT / "docs" / "teacher-guide.md").read_text("utf-8")
    return {"tr": text[: text.index("\n## English\n")], "en": text[text.index("\n## English\n") :]}


def _first_solutions(spec) -> set[int]:  # type: ignore[no-untyped-def]
    """The first moves of the ways to solve a task (up to three moves deep)."""
    from mangala_edu.lessons.tasks import TaskState

    firsts = set()

    def search(moves: list[int]) -> None:
        state = TaskState(spec.start(), spec.goal)
        verdict = None
        for pit in moves:
            verdict = state.play(pit)
        if verdict is not None and verdict.status == "solved":
            firsts.add(moves[0])
            return
        if (verdict is not None and verdict.status == "wrong") or len(moves) == 3:
            return
        for pit in state.position.legal_moves:
            search([*moves, pit])

    search([])
    return firsts


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_guide_has_an_answer_key_for_every_task_and_quiz(lang):
    from mangala_edu.lessons.spec import PredictSpec

    half = _guide_halves()[lang]
    quiz_word = {"tr": "sınav", "en": "quiz"}[lang]
    for number, spec in sorted(LESSONS.items()):
        # The rule lessons' tasks here; the strategy lessons' task answers are checked against
        # their proven claims in tests/test_strategy.py.
        for k, task in enumerate(spec.tasks if number <= 10 else (), start=1):
            row = re.search(rf"^\| {number} · {k}\b[^|]*\| ([^|]+)\|$", half, re.MULTILINE)
            assert row, f"no answer for lesson {number}, task {k} ({lang})"
            first = re.search(r"(\d+)\." if lang == "tr" else r"[Pp]its? (\d+)", row.group(1))
            assert first, row.group(0)
            if isinstance(task, PredictSpec):
                position = task.start()
                landed = position.trace(task.pit).last_place
                side, pit = (
                    ("south", landed + 1)
                    if landed < position.rules.pits
                    else ("north", landed - position.rules.pits)
                )
                assert int(first.group(1)) == pit, row.group(0)
                assert t(f"side.{side}.gen", lang) in row.group(1), row.group(0)
            else:
                assert int(first.group(1)) in _first_solutions(task), row.group(0)
        row = re.search(rf"^\| {number} · {quiz_word} \| ([^|]+)\|$", half, re.MULTILINE)
        assert row, f"no quiz answers for lesson {number} ({lang})"
        letters = re.findall(r"(\d)([a-d])\b", row.group(1))
        assert letters == [
            (str(q), "abcd"[quiz.correct]) for q, quiz in enumerate(spec.quiz, start=1)
        ], row.group(0)


def test_the_guide_gives_ages_hours_a_lab_setup_and_commands_that_need_no_path():
    for lang, half in _guide_halves().items():
        assert "9–12" not in half and "10–14" in half
        assert ("40 dakika" if lang == "tr" else "40-minute") in half
        assert "py -m venv .venv" in half and r".venv\Scripts\python -m pip install -e ." in half
        assert "bash scripts/pupil.sh" in half and "python -m mangala_edu.pupil" in half
        assert ".venv/bin/voila" in half and "python -m voila" in half
        assert not re.search(r"^\s*voila ", half, re.MULTILINE), "voila assumed on the path"
