"""Load test of the class server: N simulated pupils at once on one machine, loopback only.

Run: ``python bench/hub_load.py [--pupils 30] [--moves 8] [--lesson 9] [--think 2] [--append]``.

A class of N pupils is made in a temporary folder and its hub started on free loopback ports
(``mangala_edu.classroom``, as ``classroom.sh start`` does). Then all pupils at the same time:
log in through the hub's login form, start their servers, open the lesson (a notebook session:
a kernel in their home folder), run its code cells over the kernel's websocket, and play
``--moves`` moves of a one-set match against the computer at the medium level (lesson 9's
``PlayBoard``, seeded as in the lesson; each move is the pupil's pit and the computer's answer,
timed from the request to the kernel's reply). The pupils start playing together, once every
pupil has run the lesson (``--together``, the default: 30 pupils playing at once, as the goal
says; ``--no-together`` lets each pupil play as soon as their own cells are done, so that moves
meet other pupils' lessons still running), and a pupil looks at the board for ``--think``
seconds on average (1 to 3 s, seeded, for the default 2; a board animates the sowing for about
that long) between moves. Measured: the seconds until each server was up,
the move times with everyone playing, and memory: the PSS and USS summed over the hub and every
process under it (proxy, servers, kernels; sampled every 5 s, the largest kept) and the
machine's used memory (``free``'s "used") before and at the end. ``--append`` adds the table to
``bench/RESULTS.md``. The hub and everything it started are stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _hubbrowser import BrowserPupil, launch
from _hubclient import ClassHub, CpuSplit, Pupil, code_cells, memory, missing, used_memory

ROOT = Path(__file__).parents[1]
GOAL_UP, GOAL_MOVE, GOAL_MEMORY = 120.0, 2.0, 8 * 2**30

MATCH = """
from mangala_edu.widgets.play import PlayBoard
_play = PlayBoard(level="orta", sets=1, human="south", first="human", seed={seed})
"""
MOVE = """
import random as _r, time as _t
_t0 = _t.perf_counter()
if _play.position.is_over:
    _play.new_match("orta", 1, "south", first="human")
_play.human_move(_r.choice(_play.position.legal_moves))
print(round(_t.perf_counter() - _t0, 4))
"""


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


class Gate:
    """Opens once ``n`` pupils have arrived (a pupil that failed counts as arrived)."""

    def __init__(self, n: int) -> None:
        self.n, self.arrived, self.open = n, 0, asyncio.Event()

    def arrive(self) -> None:
        self.arrived += 1
        if self.arrived >= self.n:
            self.open.set()


@dataclass
class Lesson:
    """What the pupils share: the lesson, the options, the start signal and the gate before
    the moves."""

    notebook: Path
    args: argparse.Namespace
    begin: asyncio.Event
    gate: Gate

    async def meet(self, result: dict) -> None:
        """The pupil is ready to play: wait for the others (``--together``)."""
        result["at_gate"] = True
        self.gate.arrive()
        if self.args.together:
            await self.gate.open.wait()

    def left(self, result: dict) -> None:
        """The pupil stopped (done or failed): never keep the others waiting at the gate."""
        if not result.get("at_gate"):
            self.gate.arrive()


async def pupil_run(pupil: Pupil, lesson: Lesson, seed: int, result: dict) -> None:
    """A simulated pupil: the login form, the server, the lesson's cells, the moves."""
    args = lesson.args
    think = random.Random(seed)
    try:
        await lesson.begin.wait()
        t0 = time.monotonic()
        result["stage"] = "login"
        reply = await pupil.login()
        if reply.status_code != 302:
            raise RuntimeError(f"{pupil.user}: login gave {reply.status_code}")
        result["login"] = time.monotonic() - t0
        result["stage"] = "token"
        await pupil.make_token()
        result["stage"] = "server start"
        await pupil.start_server()
        result["up"] = time.monotonic() - t0
        result["stage"] = "notebook"
        await pupil.open_notebook(lesson.notebook.name)
        result["stage"] = "cells"
        t1 = time.monotonic()
        for cell in code_cells(lesson.notebook):
            await pupil.run(cell, timeout=180)
        result["cells"] = time.monotonic() - t1
        result["stage"] = "moves"
        await pupil.run(MATCH.format(seed=seed))
        await lesson.meet(result)
        result["moves"] = []
        result["kernel_moves"] = []
        for _ in range(args.moves):
            await asyncio.sleep(think.uniform(0.5, 1.5) * args.think)
            t2 = time.monotonic()
            said = await pupil.run(MOVE, timeout=60)
            result["moves"].append(time.monotonic() - t2)
            result["kernel_moves"].append(float(said.strip().splitlines()[-1]))
        result["done"] = time.monotonic() - t0
    finally:
        lesson.left(result)


async def browser_run(pupil: BrowserPupil, lesson: Lesson, seed: int, result: dict) -> None:
    """A pupil in a real browser: login page, lesson, Run All, moves by clicks."""
    args = lesson.args
    try:
        await lesson.begin.wait()
        t0 = time.monotonic()
        result["stage"] = "browser"
        await pupil.open()
        result["stage"] = "login page"
        try:
            await pupil.login()
        finally:
            result["login_page"] = pupil.login_seconds
        result["up"] = time.monotonic() - t0
        result["stage"] = "lesson"
        await pupil.open_lesson(lesson.notebook.name)
        t1 = time.monotonic()
        result["stage"] = "run all"
        try:
            await pupil.run_all()
        finally:
            result["kernel_dialogs"] = pupil.kernel_dialogs
            result["cleared_runs"] = pupil.cleared_runs
        result["cells"] = time.monotonic() - t1
        result["error_outputs"] = await pupil.error_outputs()
        await lesson.meet(result)
        result["stage"] = "clicks"
        result["clicks"] = await pupil.play(args.moves, seed, args.think)
        result["outside"] = len(pupil.outside)
    except BaseException:
        if args.shots and pupil.page is not None:
            args.shots.mkdir(parents=True, exist_ok=True)
            with contextlib.suppress(Exception):
                await pupil.page.screenshot(path=str(args.shots / f"{pupil.user}-failed.png"))
                (args.shots / f"{pupil.user}-console.txt").write_text("\n".join(pupil.console))
        raise
    finally:
        lesson.left(result)
        await pupil.close()


async def sample_memory(hub: ClassHub, peak: dict, stop: asyncio.Event) -> None:
    while not stop.is_set():
        pss, uss = memory(hub.processes())
        if pss > peak.get("pss", 0):
            peak.update(pss=pss, uss=uss, processes=len(hub.processes()))
        peak["used"] = max(peak.get("used", 0), used_memory())
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(stop.wait(), 5)


async def load(hub: ClassHub, notebook: Path, args: argparse.Namespace) -> tuple[list[dict], dict]:
    accounts = list(hub.roster.pupils)
    pupils = [Pupil(hub, u.user, hub.passwords[u.user]) for u in accounts[args.browsers :]]
    results: list[dict] = [{} for _ in accounts]
    begin, stop = asyncio.Event(), asyncio.Event()
    lesson = Lesson(notebook, args, begin, Gate(len(accounts)))
    peak: dict = {}
    async with contextlib.AsyncExitStack() as stack:
        browser = None
        if args.browsers:
            from playwright.async_api import async_playwright

            browser = await launch(await stack.enter_async_context(async_playwright()))
        sampler = asyncio.create_task(sample_memory(hub, peak, stop))
        tasks = [
            asyncio.create_task(
                browser_run(
                    BrowserPupil(browser, hub.url, u.user, hub.passwords[u.user]),
                    lesson,
                    k + 1,
                    results[k],
                )
            )
            for k, u in enumerate(accounts[: args.browsers])
        ]
        tasks += [
            asyncio.create_task(pupil_run(p, lesson, k + 1, results[k]))
            for k, p in enumerate(pupils, start=args.browsers)
        ]
        begin.set()
        outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    pss, uss = memory(hub.processes())
    peak["end_pss"], peak["end_uss"] = pss, uss
    stop.set()
    await sampler
    for p in pupils:
        await p.close()
    for result, outcome in zip(results, outcomes, strict=True):
        if isinstance(outcome, BaseException):
            result["error"] = f"{result.get('stage')}: {outcome!r}"[:300]
    return results, peak


def gib(n: float) -> str:
    return f"{n / 2**30:.1f} GB"


def table(args: argparse.Namespace, results: list[dict], peak: dict, free: tuple) -> str:
    ups = [r["up"] for r in results if "up" in r]
    moves = [m for r in results for m in r.get("moves", [])]
    kernel = [m for r in results for m in r.get("kernel_moves", [])]
    cells = [r["cells"] for r in results[args.browsers :] if "cells" in r]
    real = results[: args.browsers]
    failed = [r["error"] for r in results if "error" in r]
    n = len(results)

    def line(what: str, value: str, goal: str = "", ok: bool | None = None) -> str:
        mark = "" if ok is None else (" ✓" if ok else " ✗")
        return f"| {what} | {value} | {goal}{mark} |"

    rows = [
        "| measure | figure | goal |",
        "|---|---|---|",
        line("pupils (all at once)", str(n)),
        line("servers up", f"{len(ups)}/{n}"),
    ]
    if ups:
        rows.append(
            line(
                "seconds until a server is up (login to ready): median / slowest",
                f"{statistics.median(ups):.1f} / {max(ups):.1f}",
                "slowest < 120 s",
                max(ups) < GOAL_UP and len(ups) == n,
            )
        )
    if cells:
        rows.append(
            line(
                f"seconds to run lesson {args.lesson}'s code cells: median / slowest",
                f"{statistics.median(cells):.1f} / {max(cells):.1f}",
            )
        )
    if moves:
        how = "all playing together" if args.together else "each after their own lesson"
        rows.append(
            line(
                f"move answered at medium, {how}, "
                f"{args.think:g} s between moves ({len(moves)} moves): "
                "median / p95 / slowest, s",
                f"{statistics.median(moves):.2f} / {quantile(moves, 0.95):.2f} / {max(moves):.2f}",
                "every move < 2 s",
                max(moves) < GOAL_MOVE,
            )
        )
        slow = sum(m >= GOAL_MOVE for m in moves)
        if slow:
            rows.append(line("moves of 2 s or more", f"{slow} of {len(moves)}"))
        rows.append(
            line(
                "of which in the kernel (the pupil's pit, the computer's choice and answer): "
                "median / p95, s",
                f"{statistics.median(kernel):.2f} / {quantile(kernel, 0.95):.2f}",
            )
        )
    if peak:
        rows.append(
            line(
                f"memory of the hub and all under it ({peak.get('processes', 0)} processes), "
                "largest sample: PSS / USS",
                f"{gib(peak['pss'])} / {gib(peak['uss'])}",
                "< 8 GB",
                peak["pss"] < GOAL_MEMORY,
            )
        )
        rows.append(
            line(
                "machine's used memory (`free`): before / largest during",
                f"{gib(free[0])} / {gib(peak['used'])}",
            )
        )
    if real:
        runs = [r["cells"] for r in real if "cells" in r]
        clicks = [c for r in real for c in r.get("clicks", [])]
        rows.append(line("of the pupils, in a real browser (Chromium, 1366×768)", str(len(real))))
        logins = [r["login_page"] for r in real if r.get("login_page") is not None]
        if logins:
            rows.append(
                line(
                    "browser: seconds from the login button to the next page (the starting "
                    "page or JupyterLab): median / slowest",
                    f"{statistics.median(logins):.1f} / {max(logins):.1f}",
                )
            )
        if runs:
            rows.append(
                line(
                    f"browser: Run All of lesson {args.lesson}, seconds: median / slowest",
                    f"{statistics.median(runs):.1f} / {max(runs):.1f}",
                )
            )
        rows.append(
            line(
                "browser: error outputs in the lesson; requests outside the hub; "
                'JupyterLab\'s "Select Kernel" questions met; Run All after which nothing ran '
                "(then run again)",
                f"{sum(r.get('error_outputs', 0) for r in real)}; "
                f"{sum(r.get('outside', 0) for r in real)}; "
                f"{sum(r.get('kernel_dialogs', 0) for r in real)}; "
                f"{sum(r.get('cleared_runs', 0) for r in real)}",
            )
        )
        if clicks:
            rows.append(
                line(
                    f"browser: click to the computer's answer on a still board, sowing animations "
                    f"included ({len(clicks)} clicks): median / slowest, s",
                    f"{statistics.median(clicks):.2f} / {max(clicks):.2f}",
                )
            )
    if failed:
        stages = Counter(f.split(":")[0] for f in failed)
        where = ", ".join(f"{n} at {stage}" for stage, n in stages.most_common())
        rows.append(line("failures", f"{len(failed)} ({where}); the first: {failed[0]}"))
    return "\n".join(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--moves", type=int, default=8, help="moves each pupil plays")
    parser.add_argument("--lesson", type=int, default=9, help="the lesson whose cells run")
    parser.add_argument(
        "--think", type=float, default=2.0, help="a pupil's mean seconds between moves"
    )
    parser.add_argument(
        "--together",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="start playing once every pupil has run the lesson",
    )
    parser.add_argument(
        "--browsers",
        type=int,
        default=0,
        help="how many of the pupils use a real browser (Chromium): login page, Run All, clicks",
    )
    parser.add_argument(
        "--shots", type=Path, help="a folder for a screenshot of each browser pupil that failed"
    )
    parser.add_argument(
        "--lesson-of-the-day",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="the hub opens --lesson for every pupil (classroom.sh start --lesson); else lesson "
        "1 opens and a browser pupil opens --lesson by a double click",
    )
    parser.add_argument(
        "--split-cpu",
        action="store_true",
        help="the hub in one CPU cgroup, the browsers and simulated pupils in another of equal "
        "shares: a browser has at least half the machine, as on its own computer (root, "
        "cgroup v1)",
    )
    parser.add_argument(
        "--hub-nice",
        type=int,
        default=0,
        help="niceness of the hub, its servers and kernels (10: browsers on this machine run "
        "first, as on a pupil's own computer)",
    )
    parser.add_argument("--append", action="store_true", help="add the table to RESULTS.md")
    parser.add_argument("--keep", action="store_true", help="keep the class folder")
    args = parser.parse_args()
    if not 1 <= args.pupils <= 60 or args.moves < 0 or not 0 <= args.think <= 60:
        parser.error("--pupils is 1 to 60, --moves 0 or more and --think 0 to 60")
    if not 0 <= args.browsers <= args.pupils:
        parser.error("--browsers is 0 to --pupils")
    if not 0 <= args.hub_nice <= 19:
        parser.error("--hub-nice is 0 to 19")
    reason = missing()
    if reason:
        print(f"hub_load: {reason}", file=sys.stderr)
        return 2
    notebooks = sorted((ROOT / "notebooks" / "tr").glob(f"{args.lesson:02d}_*.ipynb"))
    if not notebooks:
        parser.error(f"no lesson {args.lesson}")
    base = Path(tempfile.mkdtemp(prefix="mangala-hub-load-"))
    before = used_memory()
    if args.split_cpu and CpuSplit.available():
        parser.error(f"--split-cpu: {CpuSplit.available()}")
    split = CpuSplit() if args.split_cpu else None
    hub = ClassHub(
        base / "T1",
        pupils=args.pupils,
        nice=args.hub_nice,
        lesson=args.lesson if args.lesson_of_the_day else None,
        cgroup=split.hub if split else None,
    )
    t0 = time.monotonic()
    with split or contextlib.nullcontext():
        try:
            hub.make_class()
            hub.start()
            results, peak = asyncio.run(load(hub, notebooks[0], args))
        finally:
            hub.stop()
            if not args.keep:
                shutil.rmtree(base, ignore_errors=True)
    minutes = (time.monotonic() - t0) / 60
    text = table(args, results, peak, (before,))
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT
    ).stdout.strip()
    print(text)
    print(f"\n{minutes:.1f} minutes in all; hub log: {hub.log if args.keep else '(deleted)'}")
    if args.append:
        day = datetime.date.today().isoformat()
        section = (
            f"\n### Class server, {args.pupils} pupils at once (`bench/hub_load.py`)\n\n"
            f"Measured {day} at commit `{commit}`, Python {platform.python_version()}, "
            f"{len(__import__('os').sched_getaffinity(0))} cores:\n\n"
            f"```\npython bench/hub_load.py --pupils {args.pupils} --moves {args.moves} "
            f"--lesson {args.lesson} --think {args.think:g} "
            f"--{'' if args.together else 'no-'}together --browsers {args.browsers} "
            f"--{'' if args.lesson_of_the_day else 'no-'}lesson-of-the-day "
            f"--hub-nice {args.hub_nice}{' --split-cpu' if args.split_cpu else ''} "
            f"--append\n```\n\n{text}\n"
        )
        with open(ROOT / "bench" / "RESULTS.md", "a", encoding="utf-8") as out:
            out.write(section)
    return 0 if all("error" not in r for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
