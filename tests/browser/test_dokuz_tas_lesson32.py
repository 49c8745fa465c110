"""Dokuz Taş lesson 32 (draws) in a real JupyterLab and Chromium at 1366x768: the lesson runs;
the repetition task opens with the game's past (the board says the position stood twice, and
its undo is off), a wrong move is judged, Try again brings the past back, and the move that
brings a position back a third time draws; the demonstration of the 50-turn rule shows the
count in the warning colour and ends in a draw.

Screenshots go to tests/browser/screenshots/ (not kept in git): look at them.
"""

from __future__ import annotations

import pytest

from mangala_edu.dokuz_tas.lessons import LESSONS
from mangala_edu.i18n import t

from .conftest import click_when_still
from .test_dokuz_tas_lessons import SIZE, expect_stones, lesson_path, shot, wait_still

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", ["tr"])
def test_lesson_32_s_repetition_task_and_the_50_turn_demonstration(run_notebook, lang):
    from playwright.sync_api import expect

    spec = LESSONS[32]
    lab = run_notebook(lesson_path(32, lang), viewport=SIZE, in_folder=True)
    page = lab.page
    assert lab.error_outputs() == []
    boards = page.locator(".dokuz-tas-board")
    expect(boards).to_have_count(len(spec.demos) + len(spec.tasks) + 1, timeout=30_000)

    # Task 1: the board opens after the past; it says the position stood twice.
    task = page.locator(".dt-lesson-task").nth(0)
    board = task.locator(".dokuz-tas-board")
    point = lambda name: board.locator(f'.dt-hit[data-point="{name}"]')  # noqa: E731
    expect(board.locator(".dt-counts")).to_contain_text(
        t("dokuz_tas.board.repeated", lang, count=2)
    )
    expect(board.locator(".dt-counts")).to_have_class("dt-counts dt-warning")
    expect(board.locator(".dt-undo")).to_be_disabled()  # the past cannot be taken back
    shot(page, task, "32_task1_start")
    click_when_still(point("g4"))
    point("g7").click()  # a wrong answer: the game goes on
    wait_still(page, board)
    feedback = task.locator(".mangala-feedback")
    expect(feedback).to_have_class("mangala-feedback mangala-wrong")
    expect(feedback).to_contain_text("g4-g7")
    task.get_by_role("button", name=t("ui.try_again", lang)).click()
    expect(feedback).to_have_count(0)
    expect(board.locator(".dt-counts")).to_contain_text(
        t("dokuz_tas.board.repeated", lang, count=2)
    )
    expect_stones(board, "white", ["c3", "d6", "d7", "g4"])
    click_when_still(point("g4"))
    point("g1").click()  # the position after a7-d7, for the third time
    wait_still(page, board)
    expect(feedback).to_have_class("mangala-feedback mangala-solved")
    expect(feedback).to_have_text("✔ " + t("dokuz_tas.goal.draw.repetition", lang))
    expect(board.locator(".dt-status")).to_have_text(
        t("dokuz_tas.board.over", lang, why=t("dokuz_tas.end.repetition", lang))
    )
    shot(page, task, "32_task1_solved")

    # The second demonstration: 46 quiet turns, four more, a draw at 50.
    demo = page.locator(".dt-lesson-demo").nth(1)
    board = demo.locator(".dokuz-tas-board")
    expect(board.locator(".dt-counts")).to_have_class("dt-counts dt-warning")
    click_when_still(demo.get_by_role("button", name=t("dokuz_tas.demo.all", lang)))
    expect(board.locator(".dt-status")).to_have_text(
        t("dokuz_tas.board.over", lang, why=t("dokuz_tas.end.quiet_turns", lang)),
        timeout=20_000,
    )
    wait_still(page, board)
    shot(page, demo, "32_demo2_over")
    assert lab.errors() == []
