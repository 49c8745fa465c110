"""Screenshots of one lesson, to look at (a plain script for the lead, not a test).

Usage, from the project's folder::

    python tests/browser/shoot.py lab NN [tr|en]      # JupyterLab at 1366x768
    python tests/browser/shoot.py pupil NN [tr|en]    # the pupil view (Voilà) at 1920x1080
    python tests/browser/shoot.py pupil NN tr --act   # ... and answer the first task of each part

``lab`` opens lesson NN in a fresh JupyterLab, unrun and then after Run All, and takes
screenshots down the whole notebook (the notebook scrolls inside the page: one screenshot a
screen, ``lab_NN_tr_unrun_01.png``, ``lab_NN_tr_run_01.png``, …). ``pupil`` serves the lesson
as the pupil view (``python -m mangala_edu.pupil``) and takes one screenshot of each section
as a pupil sees it (``pupil_NN_tr_s01.png``, …), pressing Next; where a section is taller than
the screen, more screenshots scrolling down (``…_s01_2.png``, …: the pupil view scrolls inside
the page, so a "full page" screenshot would show one screen). With ``--act`` it also answers
each task, puzzle trainer and quiz question of each section (a guess and "Kontrol et", the first answer and
"Kontrol et", or the first playable pit) and takes a screenshot once the verdict is shown
(``…_s01_after1.png``, …): what a pupil sees then, without scrolling. ``--size WxH`` changes the window; ``--out DIR`` the folder (default /tmp/shots).

It reuses the browser fixtures of ``tests/browser/conftest.py`` (Chromium at /usr/bin/chromium,
or ``MANGALA_CHROMIUM``). Errors shown by the lesson are printed at the end.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a script: the project and its tests importable
    sys.path.insert(0, str(ROOT))

from tests.browser import conftest  # noqa: E402

LAB_SIZE = (1366, 768)
PUPIL_SIZE = (1920, 1080)
MAX_SHOTS = 60  # a pass down a notebook stops there (a runaway page)


class _TempFolders:
    """What conftest's ``lab_server`` fixture asks of pytest's ``tmp_path_factory``."""

    def __init__(self, base: Path) -> None:
        self.base = base

    def mktemp(self, name: str) -> Path:
        return Path(tempfile.mkdtemp(prefix=f"{name}-", dir=self.base))


def lesson_path(number: int, lang: str) -> Path:
    """The notebook of lesson ``number`` in ``lang``."""
    found = sorted((ROOT / "notebooks" / lang).glob(f"{number:02d}_*.ipynb"))
    if not found:
        raise SystemExit(f"no lesson {number} in notebooks/{lang}")
    return found[0]


@contextmanager
def chromium() -> Iterator[object]:
    """A headless Chromium driven by Playwright, with conftest's flags."""
    reason = conftest._missing()
    if reason:
        raise SystemExit(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(conftest.CHROMIUM), args=conftest.CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()


def _settle(page: object, ms: int = 600) -> None:
    """Let widgets render and animations end (a screenshot, not a test: a pause is fine)."""
    page.wait_for_timeout(ms)


# ---------------------------------------------------------------------------------- JupyterLab


def _lab_scroll(page: object, to: float | None = None) -> dict[str, float]:
    """Scroll the open notebook (it scrolls inside JupyterLab's page) to ``to`` pixels, or
    leave it; returns its scroll position and heights."""
    return page.evaluate(
        """(to) => {
        const w = window.jupyterapp.shell.currentWidget;
        const candidates = [w.node.querySelector('.jp-WindowedPanel-outer'), w.content.node];
        const el = candidates.find(e => e && e.scrollHeight > e.clientHeight) || candidates[0];
        if (to !== null) el.scrollTop = to;
        return {top: el.scrollTop, height: el.scrollHeight, view: el.clientHeight};
    }""",
        to,
    )


def _shoot_down(page: object, out: Path, stem: str) -> list[Path]:
    """Screenshots from the top of the notebook to its bottom, one a screen (with a little
    overlap)."""
    shots: list[Path] = []
    where = _lab_scroll(page, 0)
    _settle(page)
    for k in range(1, MAX_SHOTS + 1):
        path = out / f"{stem}_{k:02d}.png"
        page.screenshot(path=str(path))
        shots.append(path)
        before = where["top"]
        where = _lab_scroll(page, before + where["view"] * 0.9)
        _settle(page, 400)
        where = _lab_scroll(page)  # the notebook may have grown as cells rendered
        if where["top"] <= before + 1:
            break
    return shots


def shoot_lab(number: int, lang: str, out: Path, size: tuple[int, int]) -> list[str]:
    """Lesson ``number`` in JupyterLab: screenshots unrun, then after Run All."""
    source = lesson_path(number, lang)
    base = Path(tempfile.mkdtemp(prefix="mangala-shoot-"))
    server_gen = conftest.lab_server.__wrapped__(_TempFolders(base))
    server = next(server_gen)
    problems: list[str] = []
    try:
        with chromium() as browser:
            tab = conftest._open_tab(server, browser, 1)
            page = tab.page
            page.set_viewport_size({"width": size[0], "height": size[1]})
            (server.root / lang).mkdir(exist_ok=True)  # the lesson speaks its folder's language
            name = f"{lang}/{source.name}"
            shutil.copy(source, server.root / name)
            lab = conftest._open_notebook(tab, name)
            stem = f"lab_{number:02d}_{lang}"
            shots = _shoot_down(page, out, f"{stem}_unrun")
            lab.run_all(timeout=600_000)
            _settle(page, 1500)
            shots += _shoot_down(page, out, f"{stem}_run")
            problems += lab.error_outputs() + lab.errors()
            conftest._close_notebook(tab)
            tab.context.close()
    finally:
        server_gen.close()  # stops JupyterLab
        shutil.rmtree(base, ignore_errors=True)
    for path in shots:
        print(path)
    return problems


# ----------------------------------------------------------------------------- the pupil view


@contextmanager
def pupil_server(number: int, lang: str) -> Iterator[str]:
    """The pupil view of lesson ``number`` (``python -m mangala_edu.pupil``), served until the
    block ends; yields its address."""
    base = Path(tempfile.mkdtemp(prefix="mangala-pupil-"))
    port = conftest._free_port()
    paths = [str(ROOT), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    env = {
        **os.environ,
        "JUPYTER_RUNTIME_DIR": str(base / "runtime"),
        "JUPYTER_CONFIG_DIR": str(base / "config"),
        "PYTHONPATH": os.pathsep.join(paths),  # this tree's package, and its template
    }
    log_path = base / "voila.log"
    command = [sys.executable, "-m", "mangala_edu.pupil", str(number), lang]
    command += ["--port", str(port), "--no-browser", "--notebooks", str(ROOT / "notebooks")]
    with log_path.open("w") as log:
        process = subprocess.Popen(command, cwd=base, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    try:
        if not conftest.wait_for_pupil_view(url, process):
            raise RuntimeError(f"the pupil view did not start:\n{log_path.read_text()[-3000:]}")
        yield url
    finally:
        conftest.stop(process)
        shutil.rmtree(base, ignore_errors=True)


_SCROLLER = """() => {
    // What scrolls the pupil view: Voila's #rendered_cells (or the page).
    const cells = document.getElementById('rendered_cells');
    return cells && cells.scrollHeight > cells.clientHeight ? cells : document.scrollingElement;
}"""

_SCROLL = f"""(to) => {{
    const el = ({_SCROLLER})();
    if (to !== null) el.scrollTop = to;
    return {{top: el.scrollTop, height: el.scrollHeight, view: el.clientHeight}};
}}"""

_TARGETS = """() => {
    // How many tasks, puzzle trainers and quiz questions the section now shown has (each
    // answered by a guess and "check", the first answer and "check", or the first playable
    // pit of its board).
    const shown = (el) => el && el.offsetParent !== null;
    const found = [];
    for (const task of document.querySelectorAll('.mangala-task, .mangala-puzzles')) {
        if (!shown(task)) continue;
        const answer = task.querySelector('.mangala-answers button:not(:disabled)');
        const check = task.querySelector('button.mod-primary:not(:disabled)');
        if (answer && check) found.push({kind: 'guess', el: task});
        else if (task.querySelector('.mg-hit.mg-legal')) found.push({kind: 'pit', el: task});
    }
    for (const quiz of document.querySelectorAll('.mangala-quiz')) {
        if (!shown(quiz)) continue;
        quiz.querySelectorAll('.widget-radio').forEach(
            (box) => found.push({kind: 'question', el: box}));
    }
    return found.length;
}"""

_TARGET = """
    // Target k of the section shown: its tasks and puzzle trainers, then each quiz question.
    const shown = (el) => el && el.offsetParent !== null;
    const targets = [];
    for (const task of document.querySelectorAll('.mangala-task, .mangala-puzzles'))
        if (shown(task)) targets.push(task);
    for (const quiz of document.querySelectorAll('.mangala-quiz'))
        if (shown(quiz)) targets.push(...quiz.querySelectorAll('.widget-radio'));
    const target = targets[k];
"""

_ACT = (
    """async (k) => {
    // Answer target k: returns what was done."""
    + _TARGET
    + """    if (!target) return '';
    const pause = (ms) => new Promise((r) => setTimeout(r, ms));
    target.scrollIntoView({block: 'start'});
    await pause(200);
    if (target.classList.contains('widget-radio')) {
        const radio = target.querySelector('input');
        radio.click();
        await pause(300);
        let button = target.nextElementSibling;
        while (button && !button.matches('button')) button = button.nextElementSibling;
        if (button) button.click();
        return 'question ' + radio.parentElement.textContent.trim();
    }
    const answer = target.querySelector('.mangala-answers button:not(:disabled)');
    const check = target.querySelector('button.mod-primary:not(:disabled)');
    if (answer && check) {
        answer.click();
        await pause(300);
        check.click();
        return 'guess ' + answer.textContent.trim();
    }
    const pit = target.querySelector('.mg-hit.mg-legal');
    if (pit) { pit.click(); return 'pit ' + pit.dataset.label; }
    return '';
}"""
)

_VERDICT_SHOWN = (
    """(k) => {
    // Target k shows its verdict (a feedback box that is not waiting for the stones)."""
    + _TARGET
    + """    if (!target) return true;
    if (target.classList.contains('widget-radio')) {
        let next = target.nextElementSibling;
        while (next && !next.querySelector('.mangala-feedback')) next = next.nextElementSibling;
        return !!next;
    }
    return [...target.querySelectorAll('.mangala-feedback')].some(
        (box) => getComputedStyle(box).visibility === 'visible');
}"""
)


def _shoot_section(page: object, path: Path, height: int) -> list[Path]:
    """The section as a pupil sees it (``path``), and, where it is taller than the window,
    further screenshots scrolling down (``…_2.png``, …); back at the top afterwards."""
    shots = [path]
    page.evaluate(_SCROLL, 0)
    _settle(page, 300)
    page.screenshot(path=str(path))
    where = page.evaluate(_SCROLL, None)
    for k in range(2, MAX_SHOTS + 1):
        if where["top"] + where["view"] >= where["height"] - 60:  # the rest is margin
            break
        before = where["top"]
        where = page.evaluate(_SCROLL, before + where["view"] * 0.85)
        if where["top"] <= before + 1:
            break
        _settle(page, 300)
        shots.append(path.with_name(f"{path.stem}_{k}.png"))
        page.screenshot(path=str(shots[-1]))
    page.evaluate(_SCROLL, 0)
    return shots


def shoot_pupil(
    number: int, lang: str, out: Path, size: tuple[int, int], act: bool = False
) -> list[str]:
    """The pupil view of lesson ``number``: screenshots of each section (and one after each
    task or quiz question is answered, with ``act``)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    lesson_path(number, lang)  # says so when there is no such lesson
    problems: list[str] = []
    shots: list[Path] = []
    with pupil_server(number, lang) as url, chromium() as browser:
        context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        page = context.new_page()
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(url, timeout=300_000)
        nav = page.locator(".mangala-pupil-nav")
        nav.wait_for(timeout=300_000)
        total = page.evaluate("() => document.querySelectorAll('.mangala-pupil-dots span').length")
        stem = f"pupil_{number:02d}_{lang}"
        for k in range(1, total + 1):
            try:  # the section's widgets drawn (a section without any has none to wait for)
                page.wait_for_function(
                    """() => [...document.querySelectorAll('.mangala-board')]
                        .filter(b => b.offsetParent !== null)
                        .every(b => b.querySelector('.mg-count'))""",
                    timeout=30_000,
                )
            except PlaywrightTimeout:
                problems.append(f"section {k}: a board was not drawn in 30 s")
            _settle(page, 800)
            shots += _shoot_section(page, out / f"{stem}_s{k:02d}.png", size[1])
            targets = page.evaluate(_TARGETS) if act else 0
            for j in range(targets):
                done = page.evaluate(_ACT, j)
                if not done:
                    continue
                try:  # the verdict, once the stones are down
                    page.wait_for_function(_VERDICT_SHOWN, arg=j, timeout=60_000)
                except PlaywrightTimeout:
                    problems.append(f"section {k}: no verdict 60 s after {done}")
                _settle(page, 1200)
                path = out / f"{stem}_s{k:02d}_after{j + 1}.png"
                page.screenshot(path=str(path))
                shots.append(path)
            if k < total:
                nav.locator(".mangala-pupil-next").click()
        context.close()
    for path in shots:
        print(path)
    offline = ("Failed to load resource", "fonts.googleapis", "net::ERR_")
    return [p for p in problems if not any(o in p for o in offline)]


def _size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    return int(width), int(height)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python tests/browser/shoot.py",
        description="Screenshots of one lesson in JupyterLab or in the pupil view.",
    )
    parser.add_argument("where", choices=["lab", "pupil"])
    parser.add_argument("lesson", type=int)
    parser.add_argument("lang", nargs="?", default="tr", choices=["tr", "en"])
    parser.add_argument("--act", action="store_true", help="pupil: answer each section's task")
    parser.add_argument("--size", type=_size, default=None, help="WxH, e.g. 1280x720")
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots"))
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    if args.where == "lab":
        problems = shoot_lab(args.lesson, args.lang, args.out, args.size or LAB_SIZE)
    else:
        problems = shoot_pupil(
            args.lesson, args.lang, args.out, args.size or PUPIL_SIZE, act=args.act
        )
    for problem in problems:
        print("PROBLEM:", problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
