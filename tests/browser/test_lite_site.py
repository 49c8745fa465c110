"""The lessons as a web site (JupyterLite): built by ``lite/build.py``, served on loopback and
opened in Chromium **with every request outside loopback blocked** (and none attempted). The
puzzles lesson runs in the browser's Python with no error, a puzzle is solved by clicks on
the board, the page is reloaded, and the learner's rating is still there.

Each site test runs twice: at ``http://127.0.0.1:…`` (a secure context for the browser) and
at ``http://okul.test:…``, a school server's name that Chromium resolves to loopback: plain
http from another computer, as on a school's network, where the browser allows no service
worker (JupyterLite then cannot give Python the site's files).

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

from .conftest import CHROMIUM, CHROMIUM_ARGS, SCREENSHOTS, LabPage, _free_port, stop, wait_for_url

pytestmark = [pytest.mark.browser, pytest.mark.long]

ROOT = Path(__file__).parents[2]

LAN_HOST = "okul.test"
"""A school server's name, resolved by Chromium to loopback: nothing leaves this computer."""

#: Every code cell of the current notebook has run (the pupil view runs them by itself).
ALL_RAN = """() => {
    const w = window.jupyterapp?.shell?.currentWidget;
    if (!w || !w.content || w.sessionContext.session?.kernel?.status !== 'idle') return false;
    return w.content.widgets.filter(c => c.model.type === 'code')
        .every(c => c.model.executionCount !== null && c.model.executionState !== 'running');
}"""

#: Where a box is: inside the window, above the Back / Next bar, nothing over it.
IN_VIEW = """(box) => {
    const r = box.getBoundingClientRect();
    const bar = document.querySelector('.mangala-pupil-nav').getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {top: r.top, bottom: r.bottom, bar: bar.top, height: innerHeight,
            hit: !!hit && box.contains(hit)};
}"""


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


@pytest.fixture(scope="module")
def lan_browser(browser) -> Iterator[object]:
    """Chromium that resolves LAN_HOST to loopback (and only that name)."""
    chromium = browser.browser_type.launch(
        executable_path=str(CHROMIUM),
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {LAN_HOST} 127.0.0.1"],
    )
    yield chromium
    chromium.close()


@pytest.fixture(params=["loopback", "lan"])
def where(request, site: str, browser) -> tuple[object, str]:
    """A browser and the site's address in it: on loopback (a secure context), or under a
    school server's name over plain http (not one)."""
    if request.param == "loopback":
        return browser, site
    return request.getfixturevalue("lan_browser"), site.replace("127.0.0.1", LAN_HOST)


def _new_page(browser, url: str, outside: list[str], **context_args):
    """A page in a new context of ``browser`` that reaches nothing but ``url``'s server
    (what it asks for elsewhere goes to ``outside``); its uncaught errors in
    ``page.errors``."""
    context = browser.new_context(**context_args)

    def only_the_site(route) -> None:
        if route.request.url.startswith(url):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context.route("**/*", only_the_site)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(f"{exc}\n{exc.stack}"))
    return page


def _secure_as_expected(page, url: str) -> None:
    """The page is a secure context on loopback only (the school's case is not one)."""
    assert page.evaluate("window.isSecureContext") is ("127.0.0.1" in url), url


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
        assert len(names) == 34  # 35 notebooks, less the teachers' (20)
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


def test_a_puzzle_solved_offline_is_kept_after_a_reload(where):
    from playwright.sync_api import expect

    browser, site = where
    outside: list[str] = []
    page = _new_page(browser, site, outside, viewport={"width": 1366, "height": 768})
    page_errors = page.errors
    lab = _open(page, site, "tr/19_bulmacalar.ipynb")
    _secure_as_expected(page, site)
    if "127.0.0.1" not in site:
        # What cannot work over plain http (Python's files) is said, in both languages.
        for words in ("Site düz http:// ile açıldı", "The site is on plain http://"):
            notice = page.locator(".Toastify__toast", has_text=words)
            expect(notice).to_be_visible(timeout=30_000)
            notice.locator("button.jp-Notification-Toast-Close").click()
            expect(notice).to_have_count(0)
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
    kind = "lan" if LAN_HOST in site else "loopback"
    trainer.screenshot(path=str(SCREENSHOTS / f"lite_puzzle_solved_{kind}.png"))
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
    page.context.close()


def test_the_pupil_view_runs_a_lesson_with_no_code_one_part_at_a_time(where):
    """An English lesson in the pupil view: no code, no JupyterLab header, one part at a time;
    it runs by itself in its own language, and the verdict of a guess is scrolled into view
    above the Back / Next bar."""
    from playwright.sync_api import expect

    browser, site = where
    outside: list[str] = []
    page = _new_page(
        browser, site, outside, viewport={"width": 1280, "height": 720}, device_scale_factor=1.5
    )
    page.goto(f"{site}notebooks/index.html?path=en/03_single_stone.ipynb&pupil=1")
    _secure_as_expected(page, site)
    nav = page.locator(".mangala-pupil-nav")
    expect(nav).to_be_visible(timeout=120_000)
    step = nav.locator(".mangala-pupil-step")
    expect(step).to_have_text(re.compile(r"^Part 1 of \d+$"))
    parts = int(step.inner_text().rsplit(" ", 1)[1])
    assert parts >= 4
    expect(nav.locator(".mangala-pupil-back")).to_be_disabled()
    # Only the lesson: no header (logo, file name, menu); its title says which lesson it is.
    for chrome in ("#top-panel-wrapper", "#menu-panel-wrapper", ".jp-NotebookPanel-toolbar"):
        expect(page.locator(chrome)).to_be_hidden()
    expect(page.locator(".jp-MarkdownCell:visible h1")).to_have_count(1)
    expect(page.locator(".jp-MarkdownCell:visible h1")).to_be_in_viewport()
    # No code: every code cell's input is hidden; only the first part shows.
    inputs = page.locator(".jp-CodeCell .jp-Cell-inputWrapper")
    assert inputs.count() > 0
    assert all(not inputs.nth(i).is_visible() for i in range(inputs.count()))
    # The lesson runs by itself, in its own language (its folder's, en/).
    page.wait_for_function(ALL_RAN, timeout=240_000)
    lab = LabPage(page, "")
    task = page.locator(".mangala-task").filter(has=page.locator(".mangala-answers")).first
    expect(task.locator("button.mod-primary")).to_have_text(t("ui.check", "en"), timeout=30_000)
    expect(page.locator(".jp-OutputArea button", has_text=t("ui.check", "tr"))).to_have_count(0)
    # No sign of JupyterLab's active cell (a box, a ring) on the lesson's first text.
    active = page.locator(".jp-Cell.jp-mod-active").first.evaluate(
        "(c) => { const s = getComputedStyle(c); return [s.backgroundColor, s.boxShadow, "
        "s.outlineStyle]; }"
    )
    assert active == ["rgba(0, 0, 0, 0)", "none", "none"], active
    # Part after part to the first guess; a guess checked: its verdict is in view.
    for k in range(2, parts + 1):
        if task.is_visible():
            break
        nav.locator(".mangala-pupil-next").click()
        expect(step).to_have_text(f"Part {k} of {parts}")
    board = task.locator(".mangala-board")
    expect(board.locator(".mg-count").first).to_be_visible(timeout=60_000)
    task.locator(".mangala-answers button").first.click()
    task.locator("button.mod-primary").click()
    verdict = task.locator(".mangala-feedback").first
    expect(verdict).to_be_visible(timeout=60_000)
    page.wait_for_timeout(1500)  # a smooth scroll
    SCREENSHOTS.mkdir(exist_ok=True)
    kind = "lan" if LAN_HOST in site else "loopback"
    page.screenshot(path=str(SCREENSHOTS / f"lite_pupil_view_{kind}.png"))
    where_it_is = verdict.evaluate(IN_VIEW)
    assert where_it_is["top"] >= 0, where_it_is
    assert where_it_is["bottom"] <= where_it_is["bar"] <= where_it_is["height"], where_it_is
    assert where_it_is["hit"], where_it_is
    assert lab.error_outputs() == []
    assert outside == [], f"the site asked for something outside its server: {outside}"
    assert [e for e in page.errors if not e.startswith("ErrnoError")] == []
    page.context.close()
