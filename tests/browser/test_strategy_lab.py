"""Every strategy lesson in a real JupyterLab: it runs with no error output and no JavaScript
error, and the first task's right answer, played by clicks, is judged right (the board shows
the engine's position after it). The languages alternate from lesson to lesson.

Screenshots go to tests/browser/screenshots/ (not kept in git).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mangala_edu import Position
from mangala_edu.i18n import t
from mangala_edu.lessons.content import LESSONS
from mangala_edu.lessons.goals import GO_ON, SOLVED
from mangala_edu.lessons.spec import PredictSpec
from mangala_edu.lessons.tasks import _places

from .conftest import SCREENSHOTS, click_when_still

pytestmark = pytest.mark.browser

ROOT = Path(__file__).parents[2]
STRATEGY = [n for n, spec in sorted(LESSONS.items()) if spec.game is not None]


def _path(number: int) -> Path:
    lang = "tr" if number % 2 else "en"
    return ROOT / "notebooks" / lang / f"{LESSONS[number].names[lang]}.ipynb"


def _solving_line(spec) -> list[int]:
    """Pits that solve a task with a goal (extra turns included), found with its own judge."""

    def search(traces: list) -> list[int] | None:
        position = traces[-1].after if traces else spec.start()
        for pit in position.legal_moves:
            line = [*traces, position.trace(pit)]
            status = spec.goal.judge(line).status
            if status == SOLVED:
                return [tr.pit for tr in line]
            if status == GO_ON:
                found = search(line)
                if found:
                    return found
        return None

    found = search([])
    assert found, "the task has no solving line"
    return found


def _play_by_click(board, label: str, after: list[str]) -> None:
    """Click the pit ``label`` and wait until the board shows ``after``. A click the board
    never heard of (it says nothing and nothing moves: the page moved under the pointer) is
    made once more; a click the board refused fails with the board's reason."""
    from playwright.sync_api import expect

    hit = board.locator(f'.mg-hit[data-label="{label}"]')
    counts = board.locator(".mg-count")
    click_when_still(hit)
    try:
        expect(counts).to_have_text(after, timeout=20_000)
        return
    except AssertionError:
        said = board.locator(".mg-message").inner_text()
        assert not said, f"the click on {label} was refused: {said}"
        print(f"the click on {label} did not reach the board; clicked again")
    click_when_still(hit)
    expect(counts).to_have_text(after, timeout=30_000)


def test_every_strategy_lesson_is_in_this_test():
    assert STRATEGY == [11, 12, 13, 14, 15, 16, 17, 18, 27, 28]


@pytest.mark.parametrize("number", STRATEGY, ids=lambda n: f"lesson{n}")
def test_strategy_lesson_runs_and_its_first_task_is_solved_by_clicks(run_notebook, number):
    from playwright.sync_api import expect

    path = _path(number)
    lang = path.parent.name
    lab = run_notebook(path, viewport=(1366, 768), in_folder=True)
    page = lab.page
    assert lab.error_outputs() == []
    cell = page.locator(".jp-CodeCell").filter(has_text="lesson.task(1)")
    expect(cell).to_have_count(1)
    cell.scroll_into_view_if_needed()
    board = cell.locator(".mangala-board")
    expect(board).to_be_visible(timeout=30_000)
    board.scroll_into_view_if_needed()
    spec = LESSONS[number].tasks[0]
    start = spec.start()
    counts = board.locator(".mg-count")
    expect(counts).to_have_text([str(c) for c in start.board], timeout=20_000)
    if isinstance(spec, PredictSpec):
        answer = start.trace(spec.pit).last_place
        label = next(text for text, place in _places(start, lang) if place == answer)
        choice = cell.locator(".mangala-answers button").filter(
            has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")
        )
        expect(choice).to_have_count(1)
        choice.scroll_into_view_if_needed()
        choice.click()
        cell.get_by_role("button", name=t("ui.check", lang)).click()
        after: Position = start.play(spec.pit)
        expect(counts).to_have_text([str(c) for c in after.board], timeout=30_000)
    else:
        position = start
        for pit in _solving_line(spec):
            expect(board).not_to_have_class(re.compile("mg-busy"), timeout=30_000)
            side = "S" if position.mover == "south" else "N"
            position = position.play(pit)
            _play_by_click(board, f"{side}{pit}", [str(c) for c in position.board])
    expect(cell.locator(".mangala-feedback.mangala-solved")).to_be_visible(timeout=30_000)
    SCREENSHOTS.mkdir(exist_ok=True)
    board.screenshot(path=str(SCREENSHOTS / f"lab_lesson{number}_task1_solved.png"))
    assert lab.errors() == []
