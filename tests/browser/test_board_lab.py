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

    expect(page.locator(".mangala-board .mg-count")).to_have_text(
        [str(c) for c in board], timeout=20_000
    )


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
    page.wait_for_timeout(700)  # mid-animation, for the picture
    board.screenshot(path=str(SCREENSHOTS / "board_animating.png"))
    expect_counts(page, after.board)
    expect(board.locator(".mg-caption")).to_have_text(t("event.nothing", "tr"))
    expect(board.locator(".mg-player-north.mg-active")).to_have_count(1)

    # A wrong click (North's turn, a South pit): explained, nothing changes.
    board.locator('.mg-hit[data-label="S1"]').click()
    expect(board.locator(".mg-message")).to_have_text(
        "⚠" * 0 + t("error.not_your_pit", "tr", owner="Güney", mover="Kuzey")
    )
    assert counts(page) == list(after.board)

    # Keyboard: with the board focused, 2 plays North's pit 2 (and is not a Lab shortcut).
    board.focus()
    page.keyboard.press("2")
    expect_counts(page, after.play(2).board)
    board.screenshot(path=str(SCREENSHOTS / "board_after_two_moves.png"))
    # Tab reaches the pits; the focused one gets a solid ring drawn under its count.
    page.keyboard.press("Tab")
    expect(board.locator(".mg-focus .mg-focus-ring")).to_have_count(1)
    expect(board.locator(".mg-hit:focus")).to_have_attribute("aria-label", "Güney 1. kuyu, 4 taş")
    board.screenshot(path=str(SCREENSHOTS / "board_keyboard_focus.png"))
    assert lab.errors() == []


def test_board_at_projector_size(run_notebook):
    """1280x720 CSS pixels at scale 1.5: a 1920x1080 projector with the page zoomed to 150 %."""
    from playwright.sync_api import expect

    lab = run_notebook(NOTEBOOKS / "board_smoke.ipynb", viewport=(1280, 720), scale=1.5)
    page = lab.page
    board = page.locator(".mangala-board")
    expect(board).to_have_count(1, timeout=30_000)
    expect_counts(page, Position.start().board)
    box = board.locator(".mg-stage").bounding_box()
    assert box is not None and box["width"] > 600, box  # the board fills the cell
    board.locator('.mg-hit[data-label="S1"]').click()
    expect(board.locator(".mg-caption")).not_to_be_empty(timeout=5_000)
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "projector_lab.png"))
    expect_counts(page, Position.start().play(1).board)
    page.screenshot(path=str(SCREENSHOTS / "projector_lab_after.png"))
    assert lab.errors() == []


def write_notebook(path, *sources: str):
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in sources]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, path)
    return path


CAPTURE = "4,4,4,4,4,3,0/5,4,4,4,4,4,0 S"  # South's pit 6: the last stone makes North's 1 six


def test_step_mode_shows_every_stone_and_the_capture(run_notebook, tmp_path):
    """A teacher on a projector: step mode, English, next/previous stone, the rule that fired."""
    from playwright.sync_api import expect

    from mangala_edu.display.captions import trace_captions

    notebook = write_notebook(
        tmp_path / "step.ipynb",
        "from mangala_edu import Position\nfrom mangala_edu.widgets import Board",
        f"board = Board(Position.from_text({CAPTURE!r}), lang='en', step_mode=True)\nboard",
    )
    lab = run_notebook(notebook, viewport=(1280, 720), scale=1.5)
    page = lab.page
    board = page.locator(".mangala-board")
    expect(board).to_have_count(1, timeout=30_000)
    trace = Position.from_text(CAPTURE).trace(6)
    captions = trace_captions(trace, "en")
    board.locator('.mg-hit[data-label="S6"]').click()
    caption = board.locator(".mg-caption")
    nxt, prev = board.locator(".mg-next"), board.locator(".mg-prev")
    expect(caption).to_have_text(captions[0])
    expect(prev).to_be_disabled()
    for i in range(1, len(captions)):
        nxt.click()
        expect(caption).to_have_text(captions[i])
        expect_counts(page, trace.events[i].board)
    # The capture: North's pit 1 is ringed (not by colour alone: a dashed ring) and named.
    assert captions[-1] == "Even number: 6 stones captured"
    expect(board.locator('.mg-hit[data-label="N1"].mg-marked')).to_have_count(1)
    expect(board.locator(".mg-highlights .mg-ring")).to_have_count(1)
    SCREENSHOTS.mkdir(exist_ok=True)
    board.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "projector_step_capture.png"))
    board.screenshot(path=str(SCREENSHOTS / "board_step_capture.png"))
    prev.click()
    expect(caption).to_have_text(captions[-2])
    expect_counts(page, trace.events[-2].board)
    # A click during the animation is refused, with a reason.
    board.locator('.mg-hit[data-label="N3"]').click()
    expect(board.locator(".mg-message")).to_have_text(t("error.busy", "en"))
    board.locator(".mg-end").click()
    expect_counts(page, trace.after.board)
    expect(board.locator(".mg-player-north.mg-active")).to_have_count(1)
    expect(caption).to_have_text(captions[-1])
    assert lab.errors() == []


def test_editor_in_the_browser(run_notebook, tmp_path):
    from playwright.sync_api import expect

    notebook = write_notebook(
        tmp_path / "editor.ipynb",
        "from mangala_edu.widgets import Board",
        "board = Board(controls=['undo', 'redo', 'edit'])\nboard",
    )
    lab = run_notebook(notebook)
    page = lab.page
    board = page.locator(".mangala-board")
    expect(board).to_have_count(1, timeout=30_000)
    board.locator(".mg-edit").click()
    expect(board.locator(".mg-editbar")).to_be_visible()
    board.locator('.mg-hit[data-label="S1"]').click()  # +1
    board.locator('.mg-hit[data-label="S2"]').click(modifiers=["Shift"])  # -1
    board.locator('.mg-hit[data-label="Nstore"]').click()  # North's store +1
    expect_counts(page, (5, 3, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 1))
    board.locator(".mg-mover select").select_option("north")
    SCREENSHOTS.mkdir(exist_ok=True)
    board.screenshot(path=str(SCREENSHOTS / "board_editor.png"))
    board.locator(".mg-apply").click()
    expect(board.locator(".mg-editbar")).to_be_hidden()
    expect(board.locator(".mg-message")).to_have_text(t("widget.edited", "tr"))
    expect(board.locator(".mg-player-north.mg-active")).to_have_count(1)
    board.locator('.mg-hit[data-label="N6"]').click()
    edited = Position((5, 3, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 1), "north")
    expect_counts(page, edited.play(6).board)
    assert lab.errors() == []


def test_show_me_animates_a_list_of_moves(run_notebook, tmp_path):
    """board.show(moves) from Python: each move is queued and animated in turn."""
    from playwright.sync_api import expect

    notebook = write_notebook(
        tmp_path / "show.ipynb",
        "from mangala_edu.widgets import Board",
        "board = Board(speed=8)\nboard",
    )
    lab = run_notebook(notebook)
    page = lab.page
    board = page.locator(".mangala-board")
    expect(board).to_have_count(1, timeout=30_000)
    page.evaluate("""() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel
                     .requestExecute({code: 'board.show([3, 2, 6])'})""")
    first = Position.start().play(3)
    status = board.locator(".mg-status")
    expect(status).to_have_text("Güney 3. kuyuyu oynuyor", timeout=10_000)
    expect(status).to_have_text("Kuzey 2. kuyuyu oynuyor", timeout=10_000)
    expect(status).to_have_text("Güney 6. kuyuyu oynuyor", timeout=10_000)
    expect(board.locator(".mg-undo")).to_be_disabled()  # busy while it plays
    expect_counts(page, first.play(2).play(6).board)
    expect(status).to_have_text("Sıra Kuzey oyuncusunda", timeout=10_000)
    expect(board.locator(".mg-undo")).to_be_enabled()
    board.locator(".mg-undo").click()
    expect_counts(page, first.play(2).board)
    assert lab.errors() == []
