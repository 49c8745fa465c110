"""A game of Dokuz Taş against the computer (kolay) in a real JupyterLab and Chromium: clicks
on the points place the pupil's stones, the computer answers on the board by itself, the Hint
button shows a hint with its small picture, and the board's undo takes back the pupil's turn
and the computer's answer together. After every turn the board's drawing is checked against a
twin of the widget in this process (the same seed plays the same turns). A finished game (a
classmate's, played from Python) shows its look back: the turns, and each position by the
Previous/Next buttons.

Screenshots go to tests/browser/screenshots/ (not kept in git): look at them.
"""

from __future__ import annotations

import pytest

from mangala_edu.dokuz_tas.play import DokuzTasPlay

from .conftest import SCREENSHOTS, click_when_still
from .test_dokuz_tas_lab import expect_position, write_notebook

pytestmark = pytest.mark.browser

CELL = (
    "from mangala_edu.dokuz_tas.play import DokuzTasPlay\n"
    "play = DokuzTasPlay('kolay', 'white', seed=1, lang='tr', speed=8)\n"
    "play"
)
OVER = (
    "import random\n"
    "over = DokuzTasPlay(None, lang='tr')\n"
    "rng = random.Random(5)\n"
    "while not over.is_over:\n"
    "    over.human_turn(rng.choice(sorted(over.position.legal_moves)))\n"
    "over"
)


def quiet_placement(play: DokuzTasPlay) -> str:
    """A placement that closes no mill (one click), the same in Lab and here."""
    return next(turn for turn in sorted(play.position.legal_moves) if "x" not in turn)


def test_a_game_against_the_computer_is_played_by_clicks(run_notebook, tmp_path):
    from playwright.sync_api import expect

    lab = run_notebook(write_notebook(tmp_path / "dokuz_tas_play.ipynb", CELL, OVER))
    page = lab.page
    widget = page.locator(".dt-play").first
    board = widget.locator(".dokuz-tas-board")
    expect(page.locator(".dokuz-tas-board")).to_have_count(2, timeout=30_000)
    assert lab.error_outputs() == []
    twin = DokuzTasPlay("kolay", "white", seed=1, lang="tr")
    info = widget.locator(".dt-play-info")
    expect_position(page, board, twin.position)
    expect(info).to_contain_text("Sıra sende (Beyaz, 1. hamle)")
    SCREENSHOTS.mkdir(exist_ok=True)

    for _ in range(3):  # three placements; the computer answers each on the board
        turn = quiet_placement(twin)
        click_when_still(board.locator(f'.dt-hit[data-point="{turn}"]'))
        twin.human_turn(turn)
        expect_position(page, board, twin.position)
        expect(info).to_contain_text(f"Bilgisayarın hamlesi: {twin.game.turns[-1]}.")
    expect(info).to_contain_text("Sıra sende (Beyaz, 7. hamle)")

    hint = twin.hint()
    click_when_still(widget.locator("button", has_text="İpucu"))
    box = widget.locator(".dt-play-hint")
    expect(box).to_contain_text(f"İpucu: {hint.turn}.", timeout=20_000)
    expect(box.locator("img")).to_have_count(1)
    widget.locator("h3").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "dokuz_tas_play_top.png"))
    box.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "dokuz_tas_play_hint.png"))

    click_when_still(board.locator(".dt-undo"))  # the pupil's turn and the answer go
    twin.undo()
    expect_position(page, board, twin.position)
    assert len(twin.game.turns) == 4
    expect(info).to_contain_text("Senin")
    expect(info).to_contain_text("Sıra sende (Beyaz, 5. hamle)")
    expect(box).to_have_count(0)

    # A finished game (a classmate's, played from Python): its look back, turn by turn.
    done = page.locator(".dt-play").nth(1)
    expect(done.locator(".dt-play-info")).to_contain_text("Oyun bitti.")
    expect(done.locator(".dt-play-turns")).to_be_visible()
    step = done.locator(".dt-play-step").last
    expect(step).to_contain_text("57. hamle (57 hamleden)")
    click_when_still(done.locator("button", has_text="Önceki hamle"))
    expect(step).to_contain_text("56. hamle (57 hamleden)")
    done.locator(".dt-play-turns").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "dokuz_tas_play_review.png"))
    assert lab.errors() == []
