"""The Dokuz Taş puzzle trainer in a real JupyterLab and Chromium: by clicks on the board, one
wrong turn (the opponent's answer is played on the board and explained), Try again, then the
two-move puzzle solved (the opponent's reply follows by itself; the last turn's removal is
its own click).

Screenshots go to tests/browser/screenshots/ (not kept in git): look at them.
"""

from __future__ import annotations

import re

import pytest

from mangala_edu.dokuz_tas.puzzles.trainer import DokuzTasSession
from mangala_edu.i18n import t

from .conftest import SCREENSHOTS, click_when_still
from .test_dokuz_tas_lab import expect_position, write_notebook

pytestmark = pytest.mark.browser

CELL = (
    "from mangala_edu.dokuz_tas.puzzles.widget import DokuzTasPuzzleTrainer\n"
    "trainer = DokuzTasPuzzleTrainer(None, mode='list', moves=2, lang='tr', speed=6)\n"
    "trainer"
)


def test_a_dokuz_tas_puzzle_is_solved_by_clicks_in_lab(run_notebook, tmp_path):
    from playwright.sync_api import expect

    lab = run_notebook(write_notebook(tmp_path / "dt_trainer.ipynb", CELL), viewport=(1366, 900))
    page = lab.page
    assert lab.error_outputs() == []
    SCREENSHOTS.mkdir(exist_ok=True)
    trainer = page.locator(".dokuz-tas-puzzles")
    expect(trainer).to_have_count(1, timeout=30_000)
    # The same puzzle in this process: the list's first puzzle of two moves.
    puzzle = DokuzTasSession(mode="list", moves=2).next_puzzle().puzzle
    board = trainer.locator(".dokuz-tas-board")
    expect_position(page, board, puzzle.start)
    expect(trainer.locator(".mangala-prompt")).to_contain_text(puzzle.title["tr"])
    trainer.screenshot(path=str(SCREENSHOTS / "dokuz_tas_trainer_start.png"))

    def play(turn: str) -> None:
        for name in re.findall(r"[a-g][1-7]", turn):
            click_when_still(board.locator(f'.dt-hit[data-point="{name}"]'))

    # A wrong turn: the opponent's answer is played, said, and the board waits.
    wrong = next(
        turn
        for turn in sorted(puzzle.start.legal_moves)
        if puzzle.values.get(turn) == "loss" and turn in puzzle.refutations and "x" not in turn
    )
    play(wrong)
    after = puzzle.start.play(wrong).play(puzzle.refutations[wrong])
    expect_position(page, board, after)
    feedback = trainer.locator(".mangala-feedback.mangala-wrong")
    expect(feedback).to_contain_text(puzzle.refutations[wrong])
    trainer.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "dokuz_tas_trainer_wrong.png"))
    trainer.get_by_role("button", name=t("puzzle.ui.try_again", "tr")).click()
    expect_position(page, board, puzzle.start)
    # The solution by clicks.
    positions = puzzle.positions()
    play(puzzle.line[0])
    expect_position(page, board, positions[2])
    expect(trainer.locator(".mangala-feedback.mangala-go_on")).to_contain_text(puzzle.line[1])
    play(puzzle.line[2])
    expect_position(page, board, positions[3])
    solved = trainer.locator(".mangala-feedback.mangala-solved")
    expect(solved).to_contain_text(t("puzzle.solved", "tr"))
    expect(solved).to_contain_text(
        t("puzzle.rating_change", "tr", before=1200, after=0, delta=0)[:12]
    )
    trainer.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "dokuz_tas_trainer_solved.png"))
    assert lab.errors() == []
