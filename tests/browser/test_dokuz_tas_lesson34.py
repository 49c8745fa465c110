"""Dokuz Taş lesson 34 (the double mill, blocking, the three-stone endgame) in a real JupyterLab
and Chromium at 1366x768: the lesson runs; its first demonstration plays the double mill to
the end (Black is left with two stones); in task 1 taking the wrong stone is judged wrong
(Black can block the double mill), Try again starts over and taking e4 solves it; the closing
game against the computer is on the page.

Screenshots go to tests/browser/screenshots/ (not kept in git): look at them.
"""

from __future__ import annotations

import pytest

from mangala_edu.dokuz_tas.lessons import LESSONS
from mangala_edu.i18n import t

from .conftest import click_when_still
from .test_dokuz_tas_lessons import SIZE, lesson_path, shot, wait_still

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", ["tr"])
def test_lesson_34_s_double_mill_demonstration_and_task(run_notebook, lang):
    from playwright.sync_api import expect

    spec = LESSONS[34]
    lab = run_notebook(lesson_path(34, lang), viewport=SIZE, in_folder=True)
    page = lab.page
    assert lab.error_outputs() == []
    boards = page.locator(".dokuz-tas-board")
    # the demonstrations, the tasks and the closing game's board
    expect(boards).to_have_count(len(spec.demos) + len(spec.tasks) + 1, timeout=30_000)

    # The first demonstration: the double mill, played to the end.
    demo = page.locator(".dt-lesson-demo").first
    board = demo.locator(".dokuz-tas-board")
    click_when_still(demo.get_by_role("button", name=t("dokuz_tas.demo.all", lang)))
    white, black = t("dokuz_tas.colour.white", lang), t("dokuz_tas.colour.black", lang)
    expect(board.locator(".dt-status")).to_have_text(
        t(
            "dokuz_tas.board.over",
            lang,
            why=t("dokuz_tas.end.fewer_than_three", lang, loser=black, winner=white),
        ),
        timeout=60_000,
    )
    wait_still(page, board)
    expect(board.locator(".dt-stones .dt-stone.dt-black")).to_have_count(2)
    shot(page, demo, "34_demo1_over")

    # Task 1: the mill taking a4 lets Black block; taking e4 keeps the double mill.
    task = page.locator(".dt-lesson-task").first
    board = task.locator(".dokuz-tas-board")
    point = lambda name: board.locator(f'.dt-hit[data-point="{name}"]')  # noqa: E731
    click_when_still(point("f4"))
    point("g4").click()
    wait_still(page, board)
    point("a4").click()  # the stone to take
    wait_still(page, board)
    feedback = task.locator(".mangala-feedback")
    expect(feedback).to_have_class("mangala-feedback mangala-wrong")
    expect(feedback).to_contain_text("e4-f4")
    shot(page, task, "34_task1_wrong")
    task.get_by_role("button", name=t("ui.try_again", lang)).click()
    expect(feedback).to_have_count(0)
    expect(board.locator('.dt-stones .dt-stone.dt-white[data-point="g4"]')).to_have_count(0)
    click_when_still(point("f4"))
    point("g4").click()
    wait_still(page, board)
    point("e4").click()
    wait_still(page, board)
    expect(feedback).to_have_class("mangala-feedback mangala-solved")
    shot(page, task, "34_task1_solved")
    assert lab.errors() == []
