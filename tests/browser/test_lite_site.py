"""The lessons as a web site (JupyterLite): built by ``lite/build.py``, served on loopback and
opened in Chromium **with every request outside loopback blocked** (and none attempted). The
puzzles lesson runs in the browser's Python with no error, a puzzle is solved by clicks on
the board, the page is reloaded, and the learner's rating is still there.

The site is built with .venv-lite (``bash scripts/lite.sh env``, which scripts/test.sh runs).
The first build fetches Pyodide's core (npm) and the wheels (PyPI) into build/lite-cache/;
later builds reuse them. Screenshots go to tests/browser/screenshots/.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from lite.build import LEFT_OUT_LESSONS
from mangala_edu.i18n import t
from mangala_edu.puzzles import Collection

from .conftest import SCREENSHOTS, LabPage, _free_port, stop, wait_for_url

pytestmark = [pytest.mark.browser, pytest.mark.long]

ROOT = Path(__file__).parents[2]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site built into a temporary folder and served on a free loopback port."""
    python = ROOT / ".venv-lite" / "bin" / "python"
    for needed, why in ((shutil.which("npm"), "npm (for Pyodide's core)"), (python.exists(), "")):
        if not needed:
            reason = f"the site needs {why or 'its environment: bash scripts/lite.sh env'}"
            if os.environ.get("CI"):
                pytest.fail(reason)
            pytest.skip(reason)
    out = tmp_path_factory.mktemp("lite") / "site"
    subprocess.run(
        [str(python), str(ROOT / "lite" / "build.py"), "--out", str(out)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "lite" / "serve.py"), "--site", str(out), "--port", str(port)],
        stdout=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/"
    if not wait_for_url(url, server, 30):
        server.kill()
        pytest.fail("the site's server did not answer")
    yield url
    stop(server)


def _open(page, url: str, path: str) -> LabPage:
    """Open a lesson of the site, wait for its Python, run every cell."""
    page.goto(f"{url}lab/index.html?path={path}")
    lab = LabPage(page, path)
    lab.wait_idle(timeout=180_000)
    lab.run_all(timeout=180_000)
    return lab


def test_the_start_page_lists_every_lesson(site, browser):
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.goto(site)
    for lang in ("tr", "en"):
        links = page.locator(f'section[lang="{lang}"] a.pupil')
        names = sorted(
            p.name
            for p in (ROOT / "notebooks" / lang).glob("*.ipynb")
            if p.name[:2] not in LEFT_OUT_LESSONS
        )
        assert len(names) == 27
        assert links.count() == len(names)
        hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
        assert hrefs == [f"notebooks/index.html?path={lang}/{n}&pupil=1" for n in names]
        code = page.locator(f'section[lang="{lang}"] a.code')
        assert [code.nth(i).get_attribute("href") for i in range(code.count())] == [
            f"lab/index.html?path={lang}/{n}" for n in names
        ]
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "lite_start.png"))
    context.close()


def test_a_puzzle_solved_offline_is_kept_after_a_reload(site, browser):
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1366, "height": 768})
    outside: list[str] = []

    def only_loopback(route) -> None:
        if route.request.url.startswith(site):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context.route("**/*", only_loopback)
    page = context.new_page()
    page_errors: list[str] = []
    page.on("pageerror", lambda exc: page_errors.append(f"{exc}\n{exc.stack}"))
    lab = _open(page, site, "tr/19_bulmacalar.ipynb")
    assert lab.error_outputs() == []
    trainer = page.locator(".mangala-puzzles").first
    expect(trainer).to_be_visible(timeout=30_000)
    trainer.scroll_into_view_if_needed()
    trainer.locator("input[type=text]").first.fill("Deniz")
    trainer.locator("input[type=text]").first.press("Enter")
    expect(trainer.locator(".mangala-puzzle-rating")).to_contain_text(
        t("puzzle.ui.my_rating", "tr", name="Deniz", rating=1200)
    )
    board = trainer.locator(".mangala-board")
    counts = board.locator(".mg-count")
    expect(board).not_to_have_class(re.compile("mg-busy"), timeout=30_000)
    shown = [int(c) for c in counts.evaluate_all("els => els.map(e => e.textContent)")]
    puzzle = next(p for p in Collection.load() if list(p.start.board) == shown)
    positions = puzzle.positions()
    for k, name in enumerate(puzzle.line):
        if not puzzle.is_learner_move(name):
            continue
        expect(board).not_to_have_class(re.compile("mg-busy"), timeout=60_000)
        board.locator(f'.mg-hit[data-label="{name}"]').click()
        following = k + 1
        while following < len(puzzle.line) and not puzzle.is_learner_move(puzzle.line[following]):
            following += 1
        expect(counts).to_have_text([str(c) for c in positions[following].board], timeout=60_000)
    solved = trainer.locator(".mangala-feedback.mangala-solved")
    expect(solved).to_contain_text("Çözdün!", timeout=60_000)
    expect(solved).to_be_visible(timeout=60_000)
    rating = re.search(r"Puanın: 1200 → (\d+)", solved.text_content() or "")
    assert rating, solved.text_content()
    SCREENSHOTS.mkdir(exist_ok=True)
    trainer.screenshot(path=str(SCREENSHOTS / "lite_puzzle_solved.png"))
    # A reload: the browser's Python starts afresh, the progress comes back from the browser.
    lab = _open(page, site, "tr/19_bulmacalar.ipynb")
    trainer = page.locator(".mangala-puzzles").first
    expect(trainer).to_be_visible(timeout=30_000)
    trainer.locator("input[type=text]").first.fill("Deniz")
    trainer.locator("input[type=text]").first.press("Enter")
    expect(trainer.locator(".mangala-puzzle-rating")).to_contain_text(
        t("puzzle.ui.my_rating", "tr", name="Deniz", rating=int(rating.group(1))),
        timeout=30_000,
    )
    assert lab.error_outputs() == []
    assert outside == [], f"the site asked for something outside its server: {outside}"
    # JupyterLite's drive answers a Python look-up of a file it does not hold (the kernel's
    # own, at start) with an "ErrnoError" it leaves uncaught on the page: noise, not ours.
    ours = [e for e in page_errors if not e.startswith("ErrnoError")]
    assert ours == [], "\n".join(ours)
    context.close()


def test_the_pupil_view_runs_a_lesson_with_no_code_one_part_at_a_time(site, browser):
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1280, "height": 720}, device_scale_factor=1.5)
    page = context.new_page()
    page_errors: list[str] = []
    page.on("pageerror", lambda exc: page_errors.append(str(exc)))
    page.goto(f"{site}notebooks/index.html?path=en/05_even_capture.ipynb&pupil=1")
    nav = page.locator(".mangala-pupil-nav")
    expect(nav).to_be_visible(timeout=120_000)
    step = nav.locator(".mangala-pupil-step")
    expect(step).to_have_text(re.compile(r"^Part 1 of \d+$"))
    parts = int(step.inner_text().rsplit(" ", 1)[1])
    assert parts >= 4
    expect(nav.locator(".mangala-pupil-back")).to_be_disabled()
    # No code: every code cell's input is hidden; only the first part shows.
    inputs = page.locator(".jp-CodeCell .jp-Cell-inputWrapper")
    assert inputs.count() > 0
    assert all(not inputs.nth(i).is_visible() for i in range(inputs.count()))
    expect(page.locator(".jp-MarkdownCell:visible h1")).to_have_count(1)
    # The lesson runs by itself: its boards come alive, part after part.
    lab = LabPage(page, "")
    lab.wait_idle(timeout=180_000)
    for k in range(2, parts + 1):
        nav.locator(".mangala-pupil-next").click()
        expect(step).to_have_text(f"Part {k} of {parts}")
        if page.locator(".mangala-board:visible").count():
            break
    board = page.locator(".mangala-board:visible").first
    expect(board.locator(".mg-count").first).to_be_visible(timeout=60_000)
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "lite_pupil_view.png"))
    assert lab.error_outputs() == []
    assert [e for e in page_errors if not e.startswith("ErrnoError")] == []
    context.close()
