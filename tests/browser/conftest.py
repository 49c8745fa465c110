"""Browser fixtures: a JupyterLab server on a temporary folder and a headless Chromium.

Use them from any browser test (lesson notebooks, Voilà later)::

    @pytest.mark.browser
    def test_my_notebook(run_notebook):
        lab = run_notebook(Path("notebooks/tr/01_tahta.ipynb"))
        assert lab.errors() == []
        lab.page.locator(".mangala-board").first.screenshot(path=...)

One JupyterLab serves the whole session (each pytest-xdist worker its own), and it stays open
in one browser tab (one per device scale factor): each test opens its notebook in that tab and
closes it (its kernel shut down) when done, instead of loading JupyterLab again.

Tests are skipped (with the reason) when Chromium or Playwright is missing, unless the
environment variable ``CI`` is set: in CI a missing browser is a failure.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

CHROMIUM = Path(os.environ.get("MANGALA_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).parent / "screenshots"
NOTEBOOKS = Path(__file__).parent / "notebooks"
#: Console messages of JupyterLab itself that say nothing about our code (offline machine).
HARMLESS_CONSOLE = ("Failed to load resource: net::ERR_", "fonts.googleapis", "/api/news")


def _missing() -> str | None:
    """Why browser tests cannot run here, or None."""
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM} (apt-get install -y chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install playwright; never `playwright install`)"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip browser tests when no browser is here, except in CI (the fixtures fail there)."""
    reason = _missing()
    if reason is None or os.environ.get("CI"):
        return
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(pytest.mark.skip(reason=f"browser test skipped: {reason}"))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def jupyter_tool(command: str, package: str) -> Path:
    """The path of ``command`` (e.g. ``voila``) beside this Python: a failure in CI when it is
    missing (it is in the test extras), a skip elsewhere."""
    path = Path(sys.executable).with_name(command)
    if not path.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{package} is not installed (it is in the test extras)")
        pytest.skip(f"{package} is not installed (pip install {package})")
    return path


@dataclass
class LabServer:
    """A running JupyterLab: its root folder, URL and token."""

    root: Path
    url: str
    token: str
    process: subprocess.Popen
    log: Path

    def tree_url(self, name: str) -> str:
        return f"{self.url}/lab/tree/{name}?reset&token={self.token}"


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    """JupyterLab on a temporary folder, isolated from the user's settings and workspaces."""
    reason = _missing()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"CI needs a browser: {reason}")
        pytest.skip(reason)
    base = tmp_path_factory.mktemp("lab")
    root = base / "root"
    root.mkdir()
    settings = base / "app-settings"
    settings.mkdir()
    (settings / "overrides.json").write_text(
        json.dumps(
            {
                "@jupyterlab/apputils-extension:notification": {
                    "fetchNews": "false",
                    "checkForUpdates": False,
                },
            }
        )
    )
    port = _free_port()
    token = secrets.token_hex(16)
    env = {
        **os.environ,
        "JUPYTER_RUNTIME_DIR": str(base / "runtime"),
        "JUPYTER_CONFIG_DIR": str(base / "config"),
        "JUPYTERLAB_WORKSPACES_DIR": str(base / "workspaces"),
        "JUPYTERLAB_SETTINGS_DIR": str(base / "user-settings"),
    }
    jupyter = Path(sys.executable).with_name("jupyter")
    log = base / "lab.log"
    command = [
        str(jupyter),
        "lab",
        "--allow-root",
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}",
        "--expose-app-in-browser",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        f"--LabApp.app_settings_dir={settings}",
        f"--LabApp.workspaces_dir={base / 'workspaces'}",
        f"--LabApp.user_settings_dir={base / 'user-settings'}",
    ]
    with log.open("w") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=root)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while True:
        try:
            with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2) as r:
                if r.status == 200:
                    break
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"JupyterLab did not start:\n{log.read_text()[-3000:]}")
        time.sleep(0.3)
    server = LabServer(root, url, token, process, log)
    try:
        yield server
    finally:
        stop(process)


def stop(process: subprocess.Popen[bytes]) -> None:
    """End a server the tests started: asked first, killed after 15 s."""
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """A headless Debian Chromium driven by Playwright."""
    reason = _missing()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"CI needs a browser: {reason}")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@dataclass
class LabPage:
    """A notebook open in JupyterLab, with everything the browser logged."""

    page: object
    name: str
    console: list[str] = field(default_factory=list)
    in_lab: bool = False  # opened by run_notebook in the shared JupyterLab tab

    def errors(self) -> list[str]:
        """Console errors and uncaught exceptions, less JupyterLab's own offline noise."""
        return [m for m in self.console if not any(h in m for h in HARMLESS_CONSOLE)]

    def error_outputs(self) -> list[str]:
        """The error and stderr outputs of the notebook's cells."""
        return self.page.evaluate("""() => {
            const nb = window.jupyterapp.shell.currentWidget.content;
            const found = [];
            for (const cell of nb.widgets) {
                if (cell.model.type !== 'code') continue;
                for (const out of cell.model.outputs.toJSON()) {
                    if (out.output_type === 'error') found.push(out.ename + ': ' + out.evalue);
                    if (out.output_type === 'stream' && out.name === 'stderr') found.push(out.text);
                }
            }
            return found;
        }""")

    def wait_idle(self, timeout: float = 60_000) -> None:
        """Wait until this notebook is the current one and its kernel is idle."""
        self.page.wait_for_function(
            """(name) => {
            const w = window.jupyterapp?.shell?.currentWidget;
            return (!name || w?.context?.path === name)
                && w?.sessionContext?.session?.kernel?.status === 'idle';
        }""",
            arg=self.name if self.in_lab else "",
            timeout=timeout,
        )

    def run_all(self, timeout: float = 120_000) -> None:
        """Run every cell and wait until each code cell has run and the kernel is idle (or a
        cell has failed: Run All stops there, and ``error_outputs`` says why)."""
        self.page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        self.page.wait_for_function(
            """() => {
            const w = window.jupyterapp.shell.currentWidget;
            if (!w || !w.content) return false;
            const cells = w.content.widgets.filter(c => c.model.type === 'code');
            const done = cells.every(c => c.model.executionCount !== null
                                          && c.model.executionState !== 'running');
            const failed = cells.some(c => c.model.outputs.toJSON().some(
                out => out.output_type === 'error'));
            return (done || failed) && w.sessionContext.session?.kernel?.status === 'idle';
        }""",
            timeout=timeout,
        )


def click_when_still(target: object, settle_ms: int = 150, tries: int = 60) -> None:
    """Scroll ``target`` (a Playwright locator) into view, wait until its place on the page
    has stayed the same for ``settle_ms``, then click it.

    JupyterLab renders the cells around a newly shown one only when they come into view, and
    their real heights move what is below them: a click aimed before that lands elsewhere.
    """
    target.scroll_into_view_if_needed()
    box = None
    for _ in range(tries):
        now = target.bounding_box()
        if now is not None and now == box:
            break
        box = now
        target.page.wait_for_timeout(settle_ms)
    target.click()


def _log_console(tab: LabTab) -> None:
    """Console errors and uncaught exceptions of the tab go to the notebook open in it."""

    def console(message: object) -> None:
        if tab.current is not None and message.type == "error":
            tab.current.console.append(f"console.{message.type}: {message.text}")

    def error(exc: object) -> None:
        if tab.current is not None:
            tab.current.console.append(f"pageerror: {exc}\n{exc.stack}")

    tab.page.on("console", console)
    tab.page.on("pageerror", error)


@dataclass
class LabTab:
    """JupyterLab open in a browser tab, kept for the session; ``current`` is the notebook
    open in it now."""

    context: object
    page: object
    current: LabPage | None = None


@pytest.fixture(scope="session")
def lab_tabs(lab_server: LabServer, browser: object) -> Iterator[dict[float, LabTab]]:
    """The session's JupyterLab tabs, one per device scale factor, made when first needed."""
    tabs: dict[float, LabTab] = {}
    yield tabs
    for tab in tabs.values():
        tab.context.close()


def _open_tab(lab_server: LabServer, browser: object, scale: float) -> LabTab:
    context = browser.new_context(
        viewport={"width": 1280, "height": 800}, device_scale_factor=scale
    )
    tab = LabTab(context, context.new_page())
    _log_console(tab)
    page = tab.page
    page.goto(f"{lab_server.url}/lab?reset&token={lab_server.token}")
    page.wait_for_function("() => !!window.jupyterapp", timeout=60_000)
    page.evaluate("async () => { await window.jupyterapp.restored; }")
    return tab


def wait_for_url(url: str, process: subprocess.Popen[bytes], seconds: float = 90) -> bool:
    """Wait (up to ``seconds``) until the server started as ``process`` answers ``url``;
    False if it ended or did not answer in time."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return True
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                return False
            time.sleep(0.3)


def wait_for_pupil_view(url: str, process: subprocess.Popen[bytes]) -> bool:
    """Wait (up to 90 s) until the pupil view (Voilà) started as ``process`` serves ``url``;
    False if it ended or did not answer in time."""
    return wait_for_url(f"{url}voila/static/voila.js", process)


def _open_notebook(tab: LabTab, name: str) -> LabPage:
    """Open the notebook ``name`` (a path below the server's root) in ``tab``'s JupyterLab
    and wait until its kernel is idle; the tab's current notebook."""
    lab = tab.current = LabPage(tab.page, name, in_lab=True)
    tab.page.evaluate(
        """async (path) => {
        await window.jupyterapp.commands.execute('docmanager:open',
                                                 {path, factory: 'Notebook'});
    }""",
        name,
    )
    lab.wait_idle()
    return lab


def _close_notebook(tab: LabTab) -> None:
    """Close the tab's notebook without a question, its kernel shut down."""
    lab, tab.current = tab.current, None
    if lab is None:
        return
    tab.page.evaluate(
        """async (name) => {
        const app = window.jupyterapp;
        for (const w of [...app.shell.widgets('main')]) {
            if (w.context?.path !== name) continue;
            await w.sessionContext?.shutdown();
            w.dispose();
        }
    }""",
        lab.name,
    )


@pytest.fixture
def run_notebook(
    lab_server: LabServer, browser: object, lab_tabs: dict[float, LabTab]
) -> Iterator[Callable[..., LabPage]]:
    """Open a copy of a notebook in the session's JupyterLab tab, run all its cells, return
    the page.

    ``run_notebook(path, viewport=(1280, 800), scale=1)``: ``scale`` is the device scale
    factor (1.5 at 1280x720 looks like a 1920x1080 projector with the page zoomed to 150 %);
    ``in_folder=True`` opens the copy in a folder named like the notebook's own (``tr/``,
    ``en/``), so that a lesson takes its language from it. The notebook is closed (its kernel
    shut down) after the test.
    """
    used: set[float] = set()

    def open_it(
        path: Path,
        viewport: tuple[int, int] = (1280, 800),
        scale: float = 1,
        run: bool = True,
        in_folder: bool = False,
    ) -> LabPage:
        path = Path(path)
        name = f"{path.stem}-{secrets.token_hex(3)}{path.suffix}"
        if in_folder:  # e.g. en/…: the lesson then speaks the folder's language
            (lab_server.root / path.parent.name).mkdir(exist_ok=True)
            name = f"{path.parent.name}/{name}"
        shutil.copy(path, lab_server.root / name)
        if scale not in lab_tabs:
            lab_tabs[scale] = _open_tab(lab_server, browser, scale)
        tab = lab_tabs[scale]
        _close_notebook(tab)
        used.add(scale)
        page = tab.page
        page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
        lab = _open_notebook(tab, name)
        if run:
            lab.run_all()
        return lab

    yield open_it
    for scale in used:
        tab = lab_tabs[scale]
        try:
            _close_notebook(tab)
        except Exception:  # a broken tab: the next test opens a new one
            del lab_tabs[scale]
            tab.context.close()
