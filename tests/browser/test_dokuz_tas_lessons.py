"""The Dokuz Taş lessons in a real JupyterLab and Chromium at 1366x768: lesson 29 runs, its
demonstration plays a turn, and a task is solved by clicks (a wrong click explained, a wrong
answer judged, the locked board, Try again, the right answer); lesson 30's protection task
refuses a protected stone and takes the right one.

Screenshots go to tests/browser/screenshots/ (not kept in git): look at them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mangala_edu.dokuz_tas.lessons import LESSONS
from mangala_edu.i18n import t

from .conftest import SCREENSHOTS, click_when_still

pytestmark = pytest.mark.browser

ROOT = Path(__file__).parents[2]
SIZE = (1366, 768)


def lesson_path(number: int, lang: str) -> Path:
    return ROOT / "notebooks" / lang / f"{LESSONS[number].names[lang]}.ipynb"


def shot(page, locator, name: str) -> None:
    """A screenshot of the window with ``locator`` in view."""
    SCREENSHOTS.mkdir(exist_ok=True)
    locator.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / f"dokuz_tas_lesson_{name}.png"))


def expect_stones(board, colour: str, points: list[str]) -> None:
    """Wait until ``board`` draws exactly ``points`` with stones of ``colour``.

    A turn's answer (the feedback, the caption) can come before its animation has ended or even
    begun, so a check read once right after a click could see the board of a moment ago:
    Playwright's ``expect`` waits for the drawing instead.
    """
    from playwright.sync_api import expect

    drawn = board.locator(f".dt-stones .dt-stone.dt-{colour}")
    expect(drawn).to_have_count(len(points), timeout=20_000)
    for name in points:
        expect(drawn.and_(board.locator(f'[data-point="{name}"]'))).to_have_count(1)


def wait_still(page, board) -> None:
    page.wait_for_function(
        "(root) => !root.classList.contains('dt-busy')", arg=board.element_handle(), timeout=20_000
    )


def test_lesson_29_runs_its_demo_plays_and_a_task_is_solved_by_clicks(run_notebook):
    from playwright.sync_api import expect

    lab = run_notebook(lesson_path(29, "tr"), viewport=SIZE, in_folder=True)
    page = lab.page
    assert lab.error_outputs() == []
    boards = page.locator(".dokuz-tas-board")
    expect(boards).to_have_count(1 + len(LESSONS[29].tasks), timeout=30_000)

    # The demonstration: one turn at a time, said in words under the board.
    demo = page.locator(".dt-lesson-demo")
    board = demo.locator(".dokuz-tas-board")
    expect(board.locator(".dt-hint")).to_have_text(t("dokuz_tas.lesson.demo_board", "tr"))
    click_when_still(demo.get_by_role("button", name=t("dokuz_tas.demo.next", "tr")))
    expect(board.locator('.dt-stones .dt-stone[data-point="d6"]')).to_have_count(1)
    expect(board.locator(".dt-caption")).to_have_text(
        "Beyaz d6 noktasına bir taş koydu (elinde 8 taş kaldı)."
    )
    expect(demo.locator(".dt-demo-counter")).to_have_text(
        t("dokuz_tas.demo.counter", "tr", played=1, total=18)
    )
    board.locator('.dt-hit[data-point="a1"]').click()  # the demonstration's board takes no clicks
    expect(board.locator(".dt-message")).to_have_text(t("dokuz_tas.lesson.demo_board", "tr"))
    expect_stones(board, "white", ["d6"])
    expect_stones(board, "black", [])
    shot(page, demo, "29_demo")

    # Task 3: stop Black's mill (a1, a4: a7 is the only answer).
    task = page.locator(".dt-lesson-task").nth(2)
    board = task.locator(".dokuz-tas-board")
    feedback = task.locator(".mangala-feedback")
    point = lambda name: board.locator(f'.dt-hit[data-point="{name}"]')  # noqa: E731
    click_when_still(point("a4"))  # Black's stone: explained, nothing changes
    expect(board.locator(".dt-message")).to_have_text(
        t("dokuz_tas.error.occupied", "tr", point="a4")
    )
    expect(feedback).to_have_count(0)
    point("f6").click()  # a wrong answer
    expect(board.locator('.dt-stones .dt-stone[data-point="f6"]')).to_have_count(1)
    wait_still(page, board)
    expect(feedback).to_have_class("mangala-feedback mangala-wrong")
    expect(feedback).to_have_text(
        "✘ Siyah şimdi a7 noktasına taş koyup a1-a4-a7 üçlüsünü kurabilir."
    )
    expect(board.locator(".dt-caption")).to_have_text(
        "Beyaz f6 noktasına bir taş koydu (elinde 6 taş kaldı)."
    )
    done = t("ui.task_done", "tr", button=t("ui.try_again", "tr"))
    expect(board.locator(".dt-hint")).to_have_text(done)
    shot(page, task, "29_task3_wrong")
    point("a7").click()  # the task is decided: the board is locked
    expect(board.locator(".dt-message")).to_have_text(done)
    expect_stones(board, "white", ["d6", "f4", "f6"])
    task.get_by_role("button", name=t("ui.try_again", "tr")).click()
    expect(feedback).to_have_count(0)
    expect(board.locator('.dt-stones .dt-stone[data-point="f6"]')).to_have_count(0)
    point("a7").click()  # the answer
    wait_still(page, board)
    expect(feedback).to_have_class("mangala-feedback mangala-solved")
    expect(feedback).to_have_text("✔ Doğru: Siyah artık hiçbir üçlüyü tamamlayamaz.")
    expect_stones(board, "white", ["a7", "d6", "f4"])
    expect_stones(board, "black", ["a1", "a4"])
    shot(page, task, "29_task3_solved")
    assert lab.errors() == []


def test_lesson_30_s_protected_stone_is_refused_and_the_right_one_taken(run_notebook):
    from playwright.sync_api import expect

    lab = run_notebook(lesson_path(30, "en"), viewport=SIZE, in_folder=True)
    page = lab.page
    assert lab.error_outputs() == []
    task = page.locator(".dt-lesson-task").nth(1)  # task 2: the mill, then the right stone
    board = task.locator(".dokuz-tas-board")
    expect(board).to_be_visible(timeout=30_000)
    point = lambda name: board.locator(f'.dt-hit[data-point="{name}"]')  # noqa: E731
    click_when_still(point("a7"))  # closes a1-a4-a7: the board waits for the stone to take
    expect(board.locator(".dt-over .dt-takeable")).to_have_count(2)  # c5 and f4
    expect(board.locator(".dt-over .dt-protected")).to_have_count(3)  # b2, d2, f2
    expect(board.locator(".dt-under .dt-mill")).to_have_count(1)
    shot(page, task, "30_task2_mill")
    point("f2").click()  # in Black's mill b2-d2-f2: refused, explained
    expect(board.locator(".dt-message")).to_have_text(
        t("dokuz_tas.error.remove_protected", "en", point="f2", line="b2-d2-f2")
    )
    expect(task.locator(".mangala-feedback")).to_have_count(0)
    point("f4").click()
    wait_still(page, board)
    feedback = task.locator(".mangala-feedback")
    expect(feedback).to_have_class("mangala-feedback mangala-solved")
    expect(feedback).to_have_text(
        "✔ Right: you closed the mill a1-a4-a7 and took the stone on f4; now Black cannot"
        " complete any mill."
    )
    expect(board.locator(".dt-caption")).to_contain_text(
        "The stones on b2, d2, f2 stand in mills and cannot be taken."
    )
    expect_stones(board, "black", ["b2", "c5", "d2", "f2"])
    shot(page, task, "30_task2_solved")
    assert lab.errors() == []


def test_lesson_31_s_tasks_are_solved_by_sliding_and_flying(run_notebook):
    from playwright.sync_api import expect

    lab = run_notebook(lesson_path(31, "en"), viewport=SIZE, in_folder=True)
    page = lab.page
    assert lab.error_outputs() == []
    spec = LESSONS[31]
    boards = page.locator(".dokuz-tas-board")
    expect(boards).to_have_count(len(spec.demos) + len(spec.tasks) + 1, timeout=30_000)

    # Task 2: three White stones fly; f6 flies to a7, far from its neighbours.
    task = page.locator(".dt-lesson-task").nth(1)
    board = task.locator(".dokuz-tas-board")
    point = lambda name: board.locator(f'.dt-hit[data-point="{name}"]')  # noqa: E731
    click_when_still(point("f6"))
    point("a7").click()
    wait_still(page, board)
    feedback = task.locator(".mangala-feedback")
    expect(feedback).to_have_class("mangala-feedback mangala-solved")
    expect(feedback).to_have_text("✔ Right: now Black cannot complete any mill.")
    expect(board.locator(".dt-caption")).to_have_text("White flies a stone from f6 to a7.")
    expect_stones(board, "white", ["a7", "d3", "g1"])

    # Task 3: g4 slides to g7 and blocks every Black stone.
    task = page.locator(".dt-lesson-task").nth(2)
    board = task.locator(".dokuz-tas-board")
    point = lambda name: board.locator(f'.dt-hit[data-point="{name}"]')  # noqa: E731
    click_when_still(point("g4"))
    point("g7").click()
    wait_still(page, board)
    feedback = task.locator(".mangala-feedback")
    expect(feedback).to_have_class("mangala-feedback mangala-solved")
    expect(feedback).to_have_text("✔ Right: Black has no move left, so you win.")
    expect(board.locator(".dt-caption")).to_contain_text("Black cannot move: White wins.")
    shot(page, task, "31_task3_solved")
    assert lab.errors() == []
