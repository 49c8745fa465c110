"""The lessons' web site (JupyterLite) measured in headless Chromium, on loopback only.

Run: ``python bench/lite_site.py [--site build/lite] [--moves 4] [--append]`` (build the site
first: ``bash scripts/lite.sh build``).

- the site's size on disk, in all and by part;
- a pupil's first load of a lesson (an empty browser cache): the bytes the server sent and the
  requests, the seconds until the lesson's Python is ready, and until its first board is live
  (every cell run, a board drawn by the running kernel); then the same again with the
  browser's cache warm (a reload);
- the computer's move time per level in the browser's Python (pure Python: no numba, no
  tables), over ``--moves`` positions of seeded random openings.

Every host but loopback is unreachable (requests to them are counted: there should be none). With
``--append`` the table is added to bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import datetime
import functools
import http.server
import json
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from lite.serve import Handler  # noqa: E402
from tests.browser.conftest import CHROMIUM_ARGS as FLAGS  # noqa: E402
from tests.browser.conftest import LabPage  # noqa: E402

LESSON = "tr/02_ekme.ipynb"
EXECUTE = """async (code) => {
    const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    const out = []; const f = k.requestExecute({code});
    f.onIOPub = (m) => { const c = m.content; if (c.text) out.push(c.text);
                         if (c.ename) out.push(c.ename + ': ' + c.evalue); };
    await f.done; return out.join('');
}"""
MOVE_TIMES = """
import json, random, time
from mangala_edu import Rules
from mangala_edu.search.arena import random_opening
from mangala_edu.search.players import LEVELS, Player
found = {{}}
for key in LEVELS:
    rng = random.Random(1)
    times = []
    for n in range({moves}):
        position = random_opening(Rules.official(), "south", 2 + 2 * n, rng)
        if position.is_over or len(position.legal_moves) < 2:
            continue
        player = Player(key)  # unseeded: the level's real time budget
        t0 = time.perf_counter()
        player.choose(position)
        times.append(time.perf_counter() - t0)
    found[key] = times
print(json.dumps(found))
"""


class Counting(Handler):
    """The site's handler, counting the bytes and requests it answers."""

    sent = 0
    requests = 0
    lock = threading.Lock()

    def copyfile(self, source, outputfile) -> None:  # type: ignore[no-untyped-def]
        data = source.read()
        outputfile.write(data)
        with Counting.lock:
            Counting.sent += len(data)
            Counting.requests += 1


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def first_live_board(page, url: str) -> tuple[float, float]:
    """Seconds from navigation to the kernel ready, and to the first live board."""
    start = time.perf_counter()
    page.goto(f"{url}lab/index.html?path={LESSON}")
    lab = LabPage(page, LESSON)
    lab.wait_idle(timeout=300_000)
    ready = time.perf_counter() - start
    lab.run_all(timeout=300_000)
    page.locator(".jp-OutputArea .mangala-board").first.wait_for(timeout=60_000)
    return ready, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "build" / "lite")
    parser.add_argument("--moves", type=int, default=4)
    parser.add_argument("--append", action="store_true")
    args = parser.parse_args()
    if not (args.site / "index.html").exists():
        print(f"lite_site.py: no site in {args.site}: bash scripts/lite.sh build", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Counting, directory=str(args.site))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    parts = {p.name: folder_size(p) for p in args.site.iterdir() if p.is_dir()}
    total = folder_size(args.site)
    outside: list[str] = []
    with sync_playwright() as pw:
        # No host but loopback resolves (Playwright's routing would turn the browser's cache
        # off, and the reload is measured with the cache warm).
        browser = pw.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=[*FLAGS, "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"],
        )
        context = browser.new_context(viewport={"width": 1366, "height": 768})
        page = context.new_page()
        page.on(
            "requestfailed",
            lambda r: None if r.url.startswith(url) else outside.append(r.url),
        )
        Counting.sent = Counting.requests = 0
        ready1, board1 = first_live_board(page, url)
        cold = (Counting.sent, Counting.requests)
        Counting.sent = Counting.requests = 0
        ready2, board2 = first_live_board(page, url)
        warm = (Counting.sent, Counting.requests)
        said = page.evaluate(EXECUTE, MOVE_TIMES.format(moves=args.moves))
        browser.close()
    server.shutdown()
    try:
        found = json.loads(said.strip().splitlines()[-1])
    except (ValueError, IndexError):
        print(f"lite_site.py: the move times failed in the browser:\n{said}", file=sys.stderr)
        return 1
    lines = [
        f"### The lessons' web site (`bench/lite_site.py`, {datetime.date.today()})",
        "",
        f"Headless Chromium on this machine, the site served on loopback, no other host reachable "
        f"({len(outside)} requests to one). Lesson `{LESSON}`.",
        "",
        "| measure | figure |",
        "|---|---|",
        f"| the site on disk | {total / 1e6:.1f} MB ("
        + ", ".join(f"{k} {v / 1e6:.1f}" for k, v in sorted(parts.items(), key=lambda kv: -kv[1]))
        + ") |",
        f"| first load, empty cache: bytes sent, requests | {cold[0] / 1e6:.1f} MB, {cold[1]} |",
        f"| first load: Python ready, first live board | {ready1:.1f} s, {board1:.1f} s |",
        f"| reload, warm cache: bytes sent, requests | {warm[0] / 1e6:.1f} MB, {warm[1]} |",
        f"| reload: Python ready, first live board | {ready2:.1f} s, {board2:.1f} s |",
    ]
    for key, times in found.items():
        if times:
            lines.append(
                f"| computer's move, level {key}, {len(times)} positions: median / slowest "
                f"| {statistics.median(times):.2f} s / {max(times):.2f} s |"
            )
    text = "\n".join(lines) + "\n"
    print(text)
    if args.append:
        with (ROOT / "bench" / "RESULTS.md").open("a", encoding="utf-8") as out:
            out.write("\n" + text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
