"""The interactive board in a real JupyterLab and Chromium: it draws, it plays, it explains.

Screenshots go to tests/browser/screenshots/ (not kept in git): look at them.
"""

from __future__ import annotations

import pytest

from mangala_edu import Position
from mangala_edu.i18n import t

from .conftest import NOTEBOOKS, SCREENSHOTS

pytestmark = pytest.mark.browser


def counts(page) -> list[int]:
    return [int(x) for x in page.locator(".mangala-board .mg-count").all_text_contents()]


def expect_counts(page, board: tuple[int, ...]) -> None:
    from playwright.sync_api import expect

    expect(page.locator(".mangala-board .mg-count")).to_have_text([str(c) for c in board],
                                                                  timeout=20_000)


def test_board_plays_in_lab(run_notebook):
    from playwright.sync_api import expect

    lab = run_notebook(NOTEBOOKS / "board_smoke.ipynb")
    page = lab.page
    board = page.locator(".mangala-board")
    expect(board).to_have_count(1, timeout=30_000)
    assert lab.error_outputs() == []
    start = Position.start()
    expect_counts(page, start.board)
    s3 = board.locator('.mg-hit[data-label="S3"]')
    expect(s3).to_have_attribute("aria-label", "Güney 3. kuyu, 4 taş")
    expect(board.locator(".mg-player-south.mg-active")).to_have_count(1)

    SCREENSHOTS.mkdir(exist_ok=True)
    board.screenshot(path=str(SCREENSHOTS / "board_start.png"))

    # A legal click: the JavaScript asks Python, Python asks the engine, the trace comes back
    # and is animated; at the end the counts are the engine's.
    s3.click()
    after = start.play(3)
    page.wait_for_timeout(700)                 # mid-animation, for the picture
    board.screenshot(path=str(SCREENSHOTS / "board_animating.png"))
    expect_counts(page, after.board)
    expect(board.locator(".mg-caption")).to_have_text(t("event.nothing", "tr"))
    expect(board.locator(".mg-player-north.mg-active")).to_have_count(1)

    # A wrong click (North's turn, a South pit): explained, nothing changes.
    board.locator('.mg-hit[data-label="S1"]').click()
    expect(board.locator(".mg-message")).to_have_text(
        "⚠" * 0 + t("error.not_your_pit", "tr", owner="Güney", mover="Kuzey"))
    assert counts(page) == list(after.board)

    # Keyboard: focus the board, press 2 for North's pit 2.
    board.locator('.mg-hit[data-label="N2"]').focus()
    page.keyboard.press("2")
    expect_counts(page, after.play(2).board)
    board.screenshot(path=str(SCREENSHOTS / "board_after_two_moves.png"))
    print("ERRORS", lab.errors()); assert lab.errors() == []


def test_board_at_projector_size(run_notebook):
    """1280x720 CSS pixels at scale 1.5: a 1920x1080 projector with the page zoomed to 150 %."""
    from playwright.sync_api import expect

    lab = run_notebook(NOTEBOOKS / "board_smoke.ipynb", viewport=(1280, 720), scale=1.5)
    page = lab.page
    board = page.locator(".mangala-board")
    expect(board).to_have_count(1, timeout=30_000)
    expect_counts(page, Position.start().board)
    box = board.locator(".mg-stage").bounding_box()
    assert box is not None and box["width"] > 600, box        # the board fills the cell
    board.locator('.mg-hit[data-label="S1"]').click()
    expect(board.locator(".mg-caption")).not_to_be_empty(timeout=5_000)
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "projector_lab.png"))
    expect_counts(page, Position.start().play(1).board)
    page.screenshot(path=str(SCREENSHOTS / "projector_lab_after.png"))
    print("ERRORS", lab.errors()); assert lab.errors() == []
