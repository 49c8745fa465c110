"""Every lesson in a real JupyterLab (and one in Voilà): it runs with no error output and no
JavaScript error, and a click on the first live board plays the engine's move.

Screenshots go to tests/browser/screenshots/ (not kept in git).
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import subprocess
from pathlib import Path

import pytest

from mangala_edu import Position, Rules
from mangala_edu.lessons.content import LESSONS

from .conftest import SCREENSHOTS, _free_port, jupyter_tool, wait_for_url

pytestmark = pytest.mark.browser

ROOT = Path(__file__).parents[2]
# The rule lessons; the strategy lessons (those ending with a game) have their own test,
# tests/browser/test_strategy_lab.py.
LESSON_PATHS = [
    ROOT / "notebooks" / lang / f"{spec.names[lang]}.ipynb"
    for lang in ("tr", "en")
    for _, spec in sorted(LESSONS.items())
    if spec.game is None
]
# In JupyterLab each rule lesson runs once, in one language: Turkish for the odd lessons,
# English for the even ones (nbval runs every notebook of both languages, and the other
# browser tests open Turkish lessons 1 and 2).
LAB_LESSONS = [
    ROOT / "notebooks" / lang / f"{spec.names[lang]}.ipynb"
    for number, spec in sorted(LESSONS.items())
    if spec.game is None
    for lang in ["tr" if number % 2 else "en"]
]
# The rules of each lesson's first live board: its first demonstration's (the family's lessons
# show their own game from the start).
FIRST_BOARD_RULES = {
    ROOT / "notebooks" / lang / f"{spec.names[lang]}.ipynb": Rules.from_name(
        spec.demos[0].rules if spec.demos else "official"
    )
    for lang in ("tr", "en")
    for spec in LESSONS.values()
}


def board_state(board) -> tuple[list[int], str]:
    """The counts a board shows, and whose turn it shows."""
    counts = [int(x) for x in board.locator(".mg-count").all_text_contents()]
    south_active = board.locator(".mg-player-south.mg-active").count() == 1
    return counts, "south" if south_active else "north"


def click_and_check(page, board, tag: str, rules: Rules | None = None) -> None:
    """Click the first playable pit of ``board`` (a board of ``rules``, official by default);
    its counts must become the engine's."""
    from playwright.sync_api import expect

    board.scroll_into_view_if_needed()
    counts, side = board_state(board)
    position = Position(counts, side, rules or Rules.official())
    pit = position.legal_moves[0]
    label = f"{'S' if side == 'south' else 'N'}{pit}"
    board.locator(f'.mg-hit[data-label="{label}"]').click()
    after = position.play(pit)
    end = board.locator(".mg-end")
    if end.is_visible():  # a board in step mode waits for "next": jump to the move's end
        origin = position.place(side, pit)
        expect(board.locator(".mg-count").nth(origin)).not_to_have_text(
            str(counts[origin]), timeout=20_000
        )
        end.click()
    expect(board.locator(".mg-count")).to_have_text([str(c) for c in after.board], timeout=20_000)
    SCREENSHOTS.mkdir(exist_ok=True)
    board.screenshot(path=str(SCREENSHOTS / f"{tag}_board.png"))


@pytest.mark.parametrize("path", LAB_LESSONS, ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_lesson_runs_in_lab_and_its_board_plays(run_notebook, path):
    from playwright.sync_api import expect

    lab = run_notebook(path)
    page = lab.page
    assert lab.error_outputs() == []
    boards = page.locator(".mangala-board")
    expect(boards.first).to_be_visible(timeout=30_000)
    tag = f"lab_{path.parent.name}_{path.stem}"
    page.screenshot(path=str(SCREENSHOTS / f"{tag}_top.png"))
    click_and_check(page, boards.first, tag, FIRST_BOARD_RULES[path])
    assert lab.errors() == []


def test_a_decided_task_locks_its_board_until_try_again(run_notebook):
    """Lesson 1, task 1 (in Turkish): a wrong move decides it; a further click changes nothing
    and says to press "Tekrar dene"; the button makes the task playable again."""
    from playwright.sync_api import expect

    from mangala_edu.i18n import t

    lab = run_notebook(LESSON_PATHS[0])
    page = lab.page
    board = page.locator(".mangala-board").nth(1)  # the demonstration's board comes first
    expect(board).to_be_visible(timeout=30_000)
    board.scroll_into_view_if_needed()
    start = Position.start()
    counts = board.locator(".mg-count")
    expect(counts).to_have_text([str(c) for c in start.board])
    board.locator('.mg-hit[data-label="S3"]').click()  # wrong: the task wants pit 5
    # The verdict has come from Python while stones are still in the hand: it is not shown,
    # nor is the board's "this task is over" line, until the last stone is down.
    task = page.locator(".mangala-task").first
    handle = task.element_handle()
    # The verdict (a widget of its own) and the board's state reach the page as two messages:
    # wait for both, while the hand still holds stones.
    page.wait_for_function(
        """(task) => task.querySelector('.mg-hand')
                              && task.querySelector('.mangala-feedback')
                              && task.querySelector('.mg-hint').textContent === ''""",
        arg=handle,
        timeout=20_000,
    )
    seen = page.evaluate(
        """(task) => ({
        hand: !!task.querySelector('.mg-hand'),
        verdict: getComputedStyle(task.querySelector('.mangala-feedback')).visibility,
        locked: task.querySelector('.mg-hint').textContent})""",
        handle,
    )
    assert seen["hand"] and seen["verdict"] == "hidden" and seen["locked"] == "", seen
    board.screenshot(path=str(SCREENSHOTS / "lab_task_while_sowing.png"))
    after = start.play(3)
    expect(counts).to_have_text([str(c) for c in after.board], timeout=20_000)
    expect(page.locator(".mangala-feedback.mangala-wrong")).to_be_visible()
    assert task.locator(".mg-hand").count() == 0
    expect(board).not_to_have_class(re.compile("mg-busy"), timeout=20_000)  # sown to the end
    words = t("ui.task_done", "tr", button=t("ui.try_again", "tr"))
    expect(board.locator(".mg-hint.mg-locked")).to_have_text(words)  # said before any click
    board.screenshot(path=str(SCREENSHOTS / "lab_task_decided_board.png"))
    board.locator('.mg-hit[data-label="N2"]').click()
    board.locator('.mg-hit[data-label="N5"]').click()
    expect(board.locator(".mg-message")).to_have_text(words)
    expect(board.locator(".mg-hint")).to_have_text("")  # said once is enough
    page.wait_for_timeout(1000)  # an animation would have started
    expect(counts).to_have_text([str(c) for c in after.board])
    assert board.locator(".mg-hit.mg-legal").count() == 0
    board.screenshot(path=str(SCREENSHOTS / "lab_task_locked_board.png"))
    page.get_by_role("button", name=t("ui.try_again", "tr")).first.click()  # task 1's
    expect(counts).to_have_text([str(c) for c in start.board], timeout=20_000)
    expect(board.locator(".mg-message")).to_have_text("")
    expect(board.locator(".mg-hint")).to_have_text(t("widget.hint", "tr", pits=6))
    board.locator('.mg-hit[data-label="S5"]').click()
    expect(counts).to_have_text([str(c) for c in start.play(5).board], timeout=20_000)
    expect(page.locator(".mangala-feedback.mangala-solved")).to_be_visible()
    assert lab.errors() == []


def test_a_lesson_in_voila(browser, tmp_path):
    """Lesson 1 as an app without code (Voilà), as a teacher would show it."""
    from playwright.sync_api import expect

    voila = jupyter_tool("voila", "voila")
    source = LESSON_PATHS[0]
    folder = tmp_path / source.parent.name  # tr/: the lesson takes its language from it
    folder.mkdir()
    shutil.copy(source, folder / source.name)
    port = _free_port()
    log = (tmp_path / "voila.log").open("w")
    env = {
        **os.environ,
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
        "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
    }
    process = subprocess.Popen(
        [
            str(voila),
            source.name,
            "--no-browser",
            f"--port={port}",
            "--Voila.ip=127.0.0.1",
            "--ServerApp.allow_root=True",
            f"--Voila.root_dir={folder}",
            # Notebook 7 (in the test extras) brings a JupyterLab extension that Voilà cannot
            # load (a module-federation error in the console, nothing else); an app needs none.
            "--VoilaConfiguration.extension_denylist=@jupyter-notebook/lab-extension",
        ],
        cwd=folder,
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        if not wait_for_url(url, process, 60):
            pytest.fail((tmp_path / "voila.log").read_text()[-3000:])
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{url}/?token={secrets.token_hex(2)}", timeout=120_000)
        boards = page.locator(".mangala-board")
        expect(boards.first).to_be_visible(timeout=120_000)
        expect(page.locator(".jp-OutputArea-output pre")).to_have_count(0)  # no tracebacks
        page.screenshot(path=str(SCREENSHOTS / "voila_lesson01_top.png"))
        click_and_check(page, boards.first, "voila_lesson01")
        page.screenshot(path=str(SCREENSHOTS / "voila_lesson01_after.png"), full_page=True)
        offline = ("Failed to load resource", "fonts.googleapis", "net::ERR_")
        assert [e for e in errors if not any(o in e for o in offline)] == []
        context.close()
        # The same app on a projector: 1920x1080 with the page zoomed to 150 %.
        projector = browser.new_context(
            viewport={"width": 1280, "height": 720}, device_scale_factor=1.5
        )
        page = projector.new_page()
        page.goto(f"{url}/", timeout=120_000)
        board = page.locator(".mangala-board").first
        expect(board).to_be_visible(timeout=120_000)
        board.scroll_into_view_if_needed()
        box = board.locator(".mg-stage").bounding_box()
        assert box is not None and box["width"] > 600, box  # the board fills the width
        page.screenshot(path=str(SCREENSHOTS / "voila_lesson01_projector.png"))
        projector.close()
    finally:
        process.terminate()
        process.wait(timeout=15)
