"""A pupil in a real browser on the class server, for ``bench/hub_load.py --browsers N``.

Headless Chromium (the browser tests' own: ``/usr/bin/chromium``, or ``MANGALA_CHROMIUM``) does what a pupil does: logs
in through the hub's login page with the card's user name and password, waits on the hub's
"starting" page until JupyterLab opens, opens the lesson, runs every cell from JupyterLab's
Run menu and plays moves by clicking pits on the lesson's first board, each time waiting until
the computer has answered and the board is still. Nothing here reads JupyterLab's internals:
only the page a pupil sees. Requests go to the hub's loopback address only; any other is
refused (and counted).
"""

from __future__ import annotations

import contextlib
import random
import re
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parents[1]))

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

CURRENT = ".jp-NotebookPanel:not(.lm-mod-hidden)"
"""The notebook on screen (JupyterLab keeps the others' panels, hidden)."""


async def launch(playwright: Any) -> Any:
    """One Chromium for every browser pupil (each gets a context of its own)."""
    return await playwright.chromium.launch(
        executable_path=str(CHROMIUM),
        args=CHROMIUM_ARGS,
    )


class BrowserPupil:
    """One pupil's browser tab on the hub at ``url`` (``http://127.0.0.1:PORT/``)."""

    def __init__(self, browser: Any, url: str, user: str, password: str) -> None:
        self.browser, self.url, self.user, self.password = (
            browser,
            url.rstrip("/") + "/",
            user,
            password,
        )
        self.outside: list[str] = []
        self.kernel_dialogs = 0
        self.cleared_runs = 0
        self.login_seconds: float | None = None
        self.page: Any = None
        self.context: Any = None

    async def open(self, width: int = 1366, height: int = 768) -> None:
        self.context = await self.browser.new_context(viewport={"width": width, "height": height})
        host = re.match(r"https?://[^/]+", self.url)
        assert host is not None
        origin = host.group(0)

        async def only_hub(route: Any) -> None:
            if route.request.url.startswith(origin):
                await route.continue_()
            else:
                self.outside.append(route.request.url)
                await route.abort()

        await self.context.route("**/*", only_hub)
        self.page = await self.context.new_page()
        self.page.set_default_navigation_timeout(180_000)  # a browser waits minutes too
        self.console: list[str] = []
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))

    async def login(self, timeout: float = 300.0) -> None:
        """Log in on the hub's page and wait until JupyterLab has opened (the server is up)."""
        page = self.page
        await page.goto(self.url + "hub/login")
        await page.fill("#username_input", self.user)
        await page.fill("#password_input", self.password)
        t0 = time.monotonic()
        # A browser waits for the next page as long as the hub takes (Playwright's usual 30 s
        # is no pupil's limit): the seconds it took are kept.
        await page.click("#login_submit", timeout=timeout * 1000)
        await page.wait_for_url(lambda url: "/hub/login" not in url, timeout=timeout * 1000)
        self.login_seconds = time.monotonic() - t0
        await page.wait_for_url(re.compile(rf"/user/{self.user}/lab"), timeout=timeout * 1000)
        await page.wait_for_selector(".jp-Notebook", timeout=timeout * 1000)

    async def open_lesson(self, name: str, timeout: float = 300.0) -> None:
        """Open the lesson ``name`` by a double click in the file list, as a pupil does (unless
        JupyterLab opened it already: the lesson of the day), and wait until its kernel is
        ready, as the teacher guide tells the class: JupyterLab has started the lesson's kernel
        (the server has its session) and the toolbar says it is idle."""
        page = self.page
        current = page.locator(".lm-TabBar-tab.jp-mod-current .lm-TabBar-tabLabel")
        if name not in await current.all_text_contents():
            item = page.locator(".jp-DirListing-itemText", has_text=name)
            await item.dblclick(timeout=timeout * 1000)
        await page.locator(
            ".lm-TabBar-tab.jp-mod-current .lm-TabBar-tabLabel", has_text=name
        ).wait_for(timeout=timeout * 1000)
        deadline = time.monotonic() + timeout
        while not await page.evaluate(
            """async ([user, name]) => {
            // As JupyterLab asks: the cookie and the _xsrf cookie's token in a header.
            const xsrf = (document.cookie.match(/(?:^|; )_xsrf=([^;]*)/) || [])[1] || '';
            const reply = await fetch(`/user/${user}/api/sessions`,
                                      {headers: {'X-XSRFToken': decodeURIComponent(xsrf)}});
            const sessions = reply.ok ? await reply.json() : [];
            return sessions.some(s => s.path === name && s.kernel
                                 && s.kernel.execution_state === 'idle');
        }""",
            [self.user, name],
        ):
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.user}: the lesson's kernel never started")
            await page.wait_for_timeout(500)
        await self._kernel_idle(timeout)
        await page.wait_for_timeout(1000)

    async def _kernel_idle(self, timeout: float) -> None:
        """The current notebook's kernel is idle (its toolbar's indicator says so)."""
        await self.page.wait_for_function(
            """() => {
            const panel = [...document.querySelectorAll('.jp-NotebookPanel')]
                .find(p => !p.classList.contains('lm-mod-hidden'));
            const s = panel?.querySelector('.jp-Notebook-ExecutionIndicator');
            return s && s.getAttribute('data-status') === 'idle';
        }""",
            timeout=timeout * 1000,
        )

    async def run_all(self, timeout: float = 600.0, start: float = 90.0) -> None:
        """Run → Run All Cells, then wait until every code cell has a number and none runs.
        JupyterLab may instead ask "Select Kernel" (once for each code cell), or clear the
        cells and run none, when it did not know the lesson's kernel yet: the pupil then
        presses "Select" until no question is left (``kernel_dialogs``) or, when nothing has
        begun to run within ``start`` seconds (``cleared_runs``), runs the lesson again."""
        from playwright.async_api import TimeoutError as PlaywrightTimeout

        page = self.page
        dialog = page.locator(".jp-Dialog")
        for _ in range(3):
            await page.click(CURRENT + " .jp-Notebook")
            await page.get_by_role("menuitem", name="Run", exact=True).click()
            await page.locator('li[data-command="runmenu:run-all"]:visible').click()
            # The stored lesson has numbered prompts already: wait for the run to have begun
            # (a cell waiting or running), or for JupyterLab's question.
            try:
                began = await page.wait_for_function(
                    """() => {
                    if (document.querySelector('.jp-Dialog')) return 'dialog';
                    const prompts = [...document.querySelectorAll(
                        '.jp-CodeCell .jp-InputPrompt')].map(p => p.textContent.trim());
                    return prompts.some(p => p === '[*]:') && 'ran';
                }""",
                    timeout=start * 1000,
                )
                what = await began.json_value()
            except PlaywrightTimeout:
                what = "none"
            if what == "ran":
                break
            if what == "dialog":
                while await dialog.count():
                    self.kernel_dialogs += 1
                    await page.locator(".jp-Dialog button.jp-mod-accept").first.click()
                    with contextlib.suppress(PlaywrightTimeout):
                        await dialog.first.wait_for(state="detached", timeout=5000)
                    await page.wait_for_timeout(1000)
            else:
                self.cleared_runs += 1
            await self._kernel_idle(timeout)
        else:
            raise RuntimeError(f"{self.user}: the lesson never ran (three Run All)")
        await page.wait_for_function(
            """() => {
            const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
            return prompts.length > 0
                && prompts.every(p => /^\\[\\d+\\]:$/.test(p.textContent.trim()));
        }""",
            timeout=timeout * 1000,
        )
        await self._kernel_idle(timeout)

    async def error_outputs(self) -> int:
        """How many error outputs the lesson shows."""
        return await self.page.locator(".jp-OutputArea-output[data-mime-type*=error]").count()

    async def play(self, moves: int, seed: int, think: float, timeout: float = 120.0) -> list:
        """Click ``moves`` pits of the first board; each time, the seconds from the click to
        the computer's answer on a still board (the sowing animations included)."""
        page = self.page
        widget = page.locator(".mangala-play").first
        board = widget.locator(".mangala-board")
        await board.scroll_into_view_if_needed()
        chooser = random.Random(seed)
        times = []
        for _ in range(moves):
            info = await widget.locator(".mangala-play-info").inner_text()
            if "Sıra sende" not in info and "Your turn" not in info:
                break
            await page.wait_for_timeout(chooser.uniform(0.5, 1.5) * think * 1000)
            counts = await board.locator(".mg-count").all_text_contents()
            # The counts are in the engine's order: South's pits 1-6 first.
            playable = [k + 1 for k in range(6) if counts[k] not in ("0", "")]
            if not playable:
                break
            before = "|".join(counts)
            t0 = time.monotonic()
            pit = chooser.choice(playable)
            await board.locator(f'.mg-hit[data-label="S{pit}"]').click()
            await page.wait_for_function(
                """([before]) => {
                const play = document.querySelector('.mangala-play');
                const counts = [...play.querySelectorAll('.mangala-board .mg-count')]
                    .map(c => c.textContent).join('|');
                const info = play.querySelector('.mangala-play-info').textContent;
                return counts !== before && !play.querySelector('.mg-busy')
                    && /Sıra sende|Your turn|bitti|over/.test(info);
            }""",
                arg=[before],
                timeout=timeout * 1000,
            )
            times.append(time.monotonic() - t0)
        return times

    async def close(self) -> None:
        if self.context is not None:
            await self.context.close()
