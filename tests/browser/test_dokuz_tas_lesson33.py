"""Dokuz Taş lesson 33 (placing strategy) in a real JupyterLab and Chromium at 1366x768: the
lesson runs; its demonstration plays the two mills and Black's block, and the game ends with
White unable to move; in task 3 the two mills are judged wrong (White is left without a move),
Try again starts over and f2 solves it.

Screenshots go to tests/browser/screenshots/ (not kept in git): look at them.
"""

from __future__ import annotations

import pytest

from mangala_edu.dokuz_tas.lessons import LESSONS
from mangala_edu.i18n import t

from .conftest import click_when_still
from .test_dokuz_tas_lessons import SIZE, lesson_path, shot, wait_still

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", ["en"])
def test_lesson_33_s_early_mill_demonstration_and_task(run_notebook, lang):
    from playwright.sync_api import expect

    spec = LESSONS[33]
    lab = run_notebook(lesson_path(33, lang), viewport=SIZE, in_folder=True)
    page = lab.page
    assert lab.error_outputs() == []
    boards = page.locator(".dokuz-tas-board")
    expect(boards).to_have_count(len(spec.demos) + len(spec.tasks) + 1, timeout=30_000)

    # The demonstration: c3 closes two mills and takes d2; Black's last stone goes back.
    demo = page.locator(".dt-lesson-demo")
    board = demo.locator(".dokuz-tas-board")
    click_when_still(demo.get_by_role("button", name=t("dokuz_tas.demo.all", lang)))
    expect(board.locator(".dt-status")).to_have_text(
        t(
            "dokuz_tas.board.over",
            lang,
            why=t("dokuz_tas.end.blocked", lang, loser="White", winner="Black"),
        ),
        timeout=20_000,
    )
    wait_still(page, board)
    shot(page, demo, "33_demo_over")

    # Task 3: the two mills lose; f2 keeps White moving.
    task = page.locator(".dt-lesson-task").nth(2)
    board = task.locator(".dokuz-tas-board")
    point = lambda name: board.locator(f'.dt-hit[data-point="{name}"]')  # noqa: E731
    click_when_still(point("c3"))
    point("d2").click()  # the stone to take
    wait_still(page, board)
    feedback = task.locator(".mangala-feedback")
    expect(feedback).to_have_class("mangala-feedback mangala-wrong")
    expect(feedback).to_contain_text("White cannot move: Black wins.")
    shot(page, task, "33_task3_wrong")
    task.get_by_role("button", name=t("ui.try_again", lang)).click()
    expect(feedback).to_have_count(0)
    expect(board.locator('.dt-stones .dt-stone.dt-white[data-point="c3"]')).to_have_count(0)
    click_when_still(point("f2"))
    wait_still(page, board)
    expect(feedback).to_have_class("mangala-feedback mangala-solved")
    expect(feedback).to_have_text("✔ " + t("dokuz_tas.goal.keep.solved", lang, other="Black"))
    shot(page, task, "33_task3_solved")
    assert lab.errors() == []
