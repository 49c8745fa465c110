"""The play notebook in a real JupyterLab: it runs with no error, and clicks on the board play
a match against the computer: after the computer's answer the board shows the engine's position.

Screenshots go to tests/browser/screenshots/ (not kept in git).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mangala_edu.widgets.play import PlayBoard

from .conftest import SCREENSHOTS

pytestmark = pytest.mark.browser

ROOT = Path(__file__).parents[2]
PLAY = ROOT / "notebooks" / "tr" / "09_oyna.ipynb"


def test_play_notebook_against_the_computer(run_notebook):
    from playwright.sync_api import expect

    lab = run_notebook(PLAY)
    page = lab.page
    assert lab.error_outputs() == []
    plays = page.locator(".mangala-play")
    expect(plays.first).to_be_visible(timeout=30_000)
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "play_lab_top.png"))
    # The same match in this process: the notebook's first cell, with the same seed.
    twin = PlayBoard(level="kolay", sets=3, human="south", seed=1, lang="tr")
    widget = plays.first
    board = widget.locator(".mangala-board")
    counts = board.locator(".mg-count")
    expect(counts).to_have_text([str(c) for c in twin.position.board], timeout=20_000)
    # After Run All nothing is ringed and no hint shows: nobody has asked yet.
    page.wait_for_timeout(1000)  # every message of the run has arrived
    assert widget.locator(".mg-ring").count() == 0
    assert widget.locator(".mg-hit.mg-marked").count() == 0
    assert "İpucu:" not in widget.inner_text()
    for _ in range(3):
        if twin.position.is_over:
            break
        pit = twin.position.legal_moves[-1]
        board.scroll_into_view_if_needed()
        board.locator(f'.mg-hit[data-label="S{pit}"]').click()
        twin.human_move(pit)
        expect(counts).to_have_text([str(c) for c in twin.position.board], timeout=60_000)
        expect(widget.locator(".mg-busy")).to_have_count(0, timeout=60_000)  # animation over
        expect(widget.locator(".mangala-play-info")).to_contain_text("Sıra sende", timeout=20_000)
    widget.screenshot(path=str(SCREENSHOTS / "play_lab_match.png"))
    # The demonstration set: its review (chart and mistake boards) is shown.
    demo = plays.nth(1)
    demo.scroll_into_view_if_needed()
    expect(demo.locator("img.widget-image")).to_be_visible(timeout=20_000)
    expect(demo.locator(".mangala-play-mistake").first).to_be_visible()
    demo.locator("img.widget-image").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "play_lab_review_chart.png"))
    demo.locator(".mangala-play-mistake").first.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "play_lab_review_mistakes.png"))
    # The hint button rings a pit and says why.
    widget.scroll_into_view_if_needed()
    widget.get_by_role("button", name="İpucu").click()
    expect(widget.locator(".mangala-feedback")).to_contain_text("İpucu:", timeout=30_000)
    expect(widget.locator(".mg-ring")).to_have_count(1)  # asked: now a pit is ringed
    widget.screenshot(path=str(SCREENSHOTS / "play_lab_hint.png"))
    assert lab.errors() == []
