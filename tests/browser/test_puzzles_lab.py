"""The puzzles notebook in a real JupyterLab: by clicks on the board, one wrong move (the
refutation is played out and the cost said), Try again, a hint, then the puzzle solved (the
opponent's replies follow by themselves). And the teachers' notebook runs with no error.

Screenshots go to tests/browser/screenshots/ (not kept in git).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mangala_edu.i18n import t
from mangala_edu.puzzles.trainer import TrainerSession

from .conftest import SCREENSHOTS

pytestmark = pytest.mark.browser

ROOT = Path(__file__).parents[2]
PUZZLES = ROOT / "notebooks" / "tr" / "19_bulmacalar.ipynb"
TEACHERS = ROOT / "notebooks" / "en" / "20_for_teachers.ipynb"


def test_solve_a_puzzle_by_clicks_with_a_wrong_move_and_a_hint(run_notebook):
    from playwright.sync_api import expect

    lab = run_notebook(PUZZLES, viewport=(1366, 768))
    page = lab.page
    assert lab.error_outputs() == []
    SCREENSHOTS.mkdir(exist_ok=True)
    trainer = page.locator(".mangala-puzzles").first
    expect(trainer).to_be_visible(timeout=30_000)
    # The same first puzzle in this process: the notebook's first cell, with the same seed.
    puzzle = TrainerSession(seed=1).next_puzzle().puzzle
    positions = puzzle.positions()
    board = trainer.locator(".mangala-board")
    counts = board.locator(".mg-count")
    letter = puzzle.line[0][0]

    def shows(position) -> None:
        expect(counts).to_have_text([str(c) for c in position.board], timeout=60_000)
        expect(board).not_to_have_class(re.compile("mg-busy"), timeout=60_000)

    trainer.scroll_into_view_if_needed()
    shows(puzzle.start)
    expect(trainer.locator(".mangala-prompt")).to_contain_text("Sıra ")
    page.screenshot(path=str(SCREENSHOTS / "puzzles_lab_start.png"))
    # A wrong move: the refutation is played out, the cost is said, the board waits. The
    # verdict waits for the stones: step by step (no timing), it stays hidden while the wrong
    # move and the reply are sown, and shows once the last stone is down.
    step = puzzle.steps[0]
    wrong = min(p for p in step.values if p != step.best and step.refutations.get(p))
    stepping = board.locator(".mg-step-toggle input")
    stepping.check()
    board.locator(f'.mg-hit[data-label="{letter}{wrong}"]').click()
    feedback = trainer.locator(".mangala-feedback.mangala-wrong")
    expect(feedback).to_be_attached(timeout=30_000)  # Python has judged the move
    moves = 1 + len(step.refutations[wrong])
    again = trainer.get_by_role("button", name=t("puzzle.ui.try_again", "tr"))
    hint = trainer.get_by_role("button", name=t("puzzle.ui.hint", "tr"))
    colour = "(e) => getComputedStyle(e).backgroundColor"
    for _ in range(moves):
        expect(board).to_have_class(re.compile("mg-busy"))
        assert not feedback.is_visible(), "the verdict shows before the stones are sown"
        # "Try again" lit up would say "wrong" too: it looks like every other button.
        assert again.evaluate(colour) == hint.evaluate(colour)
        board.locator(".mg-end").click()
    expect(board).not_to_have_class(re.compile("mg-busy"), timeout=10_000)
    expect(feedback).to_be_visible()
    assert again.evaluate(colour) != hint.evaluate(colour)  # now it invites a new try
    stepping.uncheck()
    after = puzzle.start.play(wrong)
    for name in step.refutations[wrong]:
        after = after.play(name)
    shows(after)
    expect(feedback).to_contain_text(f"{step.cost(wrong)} taş kaybettirir")
    feedback.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "puzzles_lab_wrong.png"))
    again.click()
    shows(puzzle.start)
    # A hint.
    hint.click()
    expect(trainer.locator(".mangala-info")).to_contain_text("İpucu 1/3 · Konu:")
    trainer.locator(".mangala-info").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "puzzles_lab_hint.png"))
    # The solution, by clicks: the opponent's replies follow by themselves.
    for k, name in enumerate(puzzle.line):
        if not puzzle.is_learner_move(name):
            continue
        board.locator(f'.mg-hit[data-label="{name}"]').click()
        following = k + 1
        while following < len(puzzle.line) and not puzzle.is_learner_move(puzzle.line[following]):
            following += 1
        shows(positions[following])
    expect(trainer.locator(".mangala-feedback.mangala-solved")).to_contain_text("Çözdün!")
    expect(trainer.locator(".mangala-feedback.mangala-solved")).to_contain_text("Puanın: 1200 →")
    trainer.screenshot(path=str(SCREENSHOTS / "puzzles_lab_solved.png"))
    assert lab.errors() == []


def test_the_teachers_notebook_runs_in_lab(run_notebook):
    from playwright.sync_api import expect

    lab = run_notebook(TEACHERS, viewport=(1366, 768))
    page = lab.page
    assert lab.error_outputs() == []
    table = page.locator(".mangala-score-table").first
    expect(table).to_be_visible(timeout=30_000)
    expect(table).to_contain_text("Ayşe")
    table.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "teachers_lab_class_view.png"))
    assert lab.errors() == []
