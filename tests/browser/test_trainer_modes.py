"""The puzzle trainer's streak in a real JupyterLab and Chromium, as a pupil plays it: the
streak picked in the mode list and applied, no hint, one puzzle solved by clicks on the
board, the next one missed with a wrong move, and the streak's end said (in Turkish), with
the best streak; then the rating history under the trainer. And the timed run's clock counts
down in the browser by itself.

Screenshots at 1366×768 go to tests/browser/screenshots/ (not kept in git): look at them.
"""

from __future__ import annotations

import re

import pytest

from mangala_edu.i18n import t
from mangala_edu.puzzles.widget import PuzzleTrainer

from .conftest import SCREENSHOTS, click_when_still
from .test_dokuz_tas_lab import write_notebook

pytestmark = pytest.mark.browser

CELL = (
    "from mangala_edu.puzzles.widget import PuzzleTrainer\n"
    "trainer = PuzzleTrainer(None, seed=3, lang='tr', speed=10)\n"
    "trainer"
)


def _open_and_choose(run_notebook, path, mode: str):
    """The trainer's notebook open in Lab at 1366×768, ``mode`` chosen in the mode list (its
    line says to apply it) and applied: the page and the trainer."""
    from playwright.sync_api import expect

    lab = run_notebook(write_notebook(path, CELL), viewport=(1366, 768))
    assert lab.error_outputs() == []
    SCREENSHOTS.mkdir(exist_ok=True)
    trainer = lab.page.locator(".mangala-puzzles")
    expect(trainer).to_have_count(1, timeout=30_000)
    choose = trainer.locator(".widget-dropdown").filter(has_text=t("puzzle.ui.mode", "tr"))
    choose.locator("select").select_option(label=t(mode, "tr", minutes=3))
    mode_line = trainer.locator(".mangala-mode-line")
    expect(mode_line).to_contain_text("Başlatmak için “Uygula” düğmesine bas.")
    click_when_still(trainer.get_by_role("button", name=t("puzzle.ui.apply", "tr")))
    expect(mode_line).not_to_contain_text("Başlatmak için")
    return lab, trainer


def test_a_pupil_plays_a_streak_until_the_first_miss(run_notebook, tmp_path):
    from playwright.sync_api import expect

    # The same puzzles in this process: the same trainer, the same seed, the streak applied.
    twin = PuzzleTrainer(None, seed=3, lang="tr", speed=0)
    twin.set_filters(mode="streak")
    first = twin.run.puzzle
    while not twin.run.finished:
        twin.click(twin.run.expected)
    second = twin.next_puzzle().puzzle
    assert twin.session.puzzle_rating(second).rating >= twin.session.puzzle_rating(first).rating

    # The pupil picks the streak in the mode list: the line under it says what it is.
    lab, trainer = _open_and_choose(run_notebook, tmp_path / "modes.ipynb", "modes.name.streak")
    page = lab.page
    board = trainer.locator(".mangala-board")
    counts = board.locator(".mg-count")

    def shows(position) -> None:
        expect(counts).to_have_text([str(c) for c in position.board], timeout=60_000)
        expect(board).not_to_have_class(re.compile("mg-busy"), timeout=60_000)

    mode_line = trainer.locator(".mangala-mode-line")
    expect(mode_line).to_contain_text("ilk hatada seri biter")
    expect(mode_line).to_contain_text("Seri: 0 · En iyi serin: 0")
    shows(first.start)
    trainer.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "trainer_modes_streak_start.png"))
    # No hints in a streak: the button says so.
    click_when_still(trainer.get_by_role("button", name=t("puzzle.ui.hint", "tr")))
    expect(trainer.locator(".mangala-info")).to_contain_text(t("modes.no_hints", "tr"))

    # The first puzzle solved by clicks (the opponent's replies follow by themselves).
    positions = first.positions()
    for k, name in enumerate(first.line):
        if not first.is_learner_move(name):
            continue
        click_when_still(board.locator(f'.mg-hit[data-label="{name}"]'))
        following = k + 1
        while following < len(first.line) and not first.is_learner_move(first.line[following]):
            following += 1
        shows(positions[following])
    solved = trainer.locator(".mangala-feedback.mangala-solved")
    expect(solved).to_contain_text("Çözdün!")
    expect(solved).to_contain_text("Seri: 1! Sıradaki biraz daha zor.")
    expect(mode_line).to_contain_text("Seri: 1 · En iyi serin: 1")
    solved.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "trainer_modes_streak_solved.png"))

    # The next, missed: a wrong move's reply is played, and the streak ends.
    click_when_still(trainer.get_by_role("button", name=t("puzzle.ui.next", "tr")))
    shows(second.start)
    pit = next(p for p in second.start.legal_moves if p != second.start.pit_number(second.line[0]))
    letter = second.line[0][0]
    click_when_still(board.locator(f'.mg-hit[data-label="{letter}{pit}"]'))
    missed = trainer.locator(".mangala-feedback.mangala-wrong")
    expect(missed).to_contain_text("Seri bitti: 1 bulmaca çözdün. En iyi serin: 1.", timeout=60_000)
    expect(missed).to_be_visible(timeout=60_000)  # once the stones are sown
    expect(missed).to_contain_text("Kaçırdıklarım")
    expect(mode_line).to_contain_text("Seri: 0 · En iyi serin: 1")
    expect(board).not_to_have_class(re.compile("mg-busy"), timeout=60_000)
    missed.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "trainer_modes_streak_over.png"))

    # "Puanım" shows the rating history.
    click_when_still(trainer.get_by_role("button", name=t("modes.ui.history", "tr")))
    history = trainer.locator(".mangala-history")
    expect(history.locator("svg")).to_be_visible()
    expect(history).to_contain_text("Bulmaca puanım")
    expect(history).to_contain_text("En iyi serin: 1")
    history.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "trainer_modes_history.png"))
    assert lab.errors() == []


def test_the_timed_run_s_clock_counts_down_in_the_browser(run_notebook, tmp_path):
    from playwright.sync_api import expect

    lab, trainer = _open_and_choose(run_notebook, tmp_path / "timed.ipynb", "modes.name.timed")
    page = lab.page
    clock = trainer.locator(".mangala-clock-left")
    expect(clock).to_be_visible()
    expect(trainer.locator(".mangala-mode-line")).to_contain_text("Çözülen: 0 · Kaçırılan: 0")
    page.wait_for_timeout(2500)
    left = int(clock.evaluate("(e) => getComputedStyle(e).getPropertyValue('--mangala-left')"))
    assert 170 <= left <= 178, left
    shown = clock.evaluate("(e) => getComputedStyle(e, '::after').content")
    assert shown == "counter(mangala-left)"  # the number drawn is the counter
    expect(trainer.locator(".mangala-clock-over")).to_be_hidden()
    trainer.locator(".mangala-mode-line").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "trainer_modes_timed_clock.png"))
    assert lab.errors() == []
