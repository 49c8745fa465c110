"""The class server for real: JupyterHub on a free loopback port with 3 pupils and a teacher.

A pupil logs in through the hub's login form (a wrong password is refused), starts their
server, runs the first cells of lesson 1 in a kernel, and solves a puzzle (a progress file in
the class's shared folder, written from the pupil's kernel); the teacher's ``ClassView()`` in
the teacher's kernel then lists that pupil, and lists a second pupil once the view is read
again. Skipped (with the reason) when JupyterHub or the proxy is missing, except in CI.
"""

from __future__ import annotations

import asyncio
import os
import stat
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from _hubclient import ClassHub, Pupil, code_cells, missing  # noqa: E402

from mangala_edu.classroom.cards import puzzle_names  # noqa: E402

from .._async import run_apart  # noqa: E402

pytestmark = pytest.mark.long


@pytest.fixture
def hub(tmp_path: Path):
    reason = missing()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"CI needs the class server: {reason}")
        pytest.skip(f"class server test skipped: {reason}")
    with ClassHub(tmp_path / "T1", pupils=3) as running:
        yield running
    # Every process the hub started is gone.
    alive = [pid for pid in running.pids if Path(f"/proc/{pid}").exists()]
    assert not alive or all(_zombie(pid) for pid in alive), alive


def _zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


ATTEMPT = """
from mangala_edu.progress_store import ProgressStore, progress_dir
ProgressStore().add_attempt({name!r}, {{"puzzle": "m1", "themes": ["even_capture"],
                                       "solved": True, "clean": True}})
print(progress_dir())
"""

LEARNER = """
from mangala_edu.puzzles.widget import PuzzleTrainer
print(PuzzleTrainer().session.learner)
"""

CLASS_VIEW = """
from mangala_edu.progress.views import ClassView
view = ClassView()
print(sorted(p.name for p in view.pupils))
"""


def test_a_pupil_logs_in_works_and_the_teacher_sees_it(hub: ClassHub) -> None:
    run_apart(_scenario(hub))


async def _scenario(hub: ClassHub) -> None:
    roster = hub.roster
    ayse, can, _ = (u.user for u in roster.pupils)
    teacher = roster.teachers[0].user
    pupil = Pupil(hub, ayse, hub.passwords[ayse])
    other = Pupil(hub, can, hub.passwords[can])
    boss = Pupil(hub, teacher, hub.passwords[teacher])
    try:
        # A wrong password is refused with the hub's usual message; the right one lets in.
        refused = await pupil.login(password="wrong-11")
        assert refused.status_code == 403 and "Invalid username or password" in refused.text
        assert (await pupil.login()).status_code == 302
        await pupil.make_token()
        await asyncio.gather(pupil.start_server(120), boss.login())
        await boss.make_token()
        await boss.start_server(120)

        home = hub.folder / "pupils" / ayse
        assert (home / "01_tahta.ipynb").exists()
        assert not (home / "20_ogretmenler_icin.ipynb").exists()  # the teachers' own
        assert (hub.folder / "teacher" / "20_ogretmenler_icin.ipynb").exists()
        token = hub.folder / "hub" / "service-token"
        assert stat.S_IMODE(token.stat().st_mode) == 0o600

        await pupil.open_notebook("01_tahta.ipynb")
        for cell in code_cells(ROOT / "notebooks" / "tr" / "01_tahta.ipynb", 3):
            await pupil.run(cell, timeout=60)
        # The puzzles save under the name on the pupil's card, without asking.
        learner = (await pupil.run(LEARNER)).strip()
        assert learner == puzzle_names([u.name for u in roster.pupils])[0] != "None"
        folder = (await pupil.run(ATTEMPT.format(name=learner))).strip()
        assert folder == str(hub.folder / "progress")

        await boss.open_notebook("20_ogretmenler_icin.ipynb")
        assert (await boss.run(CLASS_VIEW)).strip() == str([learner])
        assert (await boss.run(LEARNER)).strip() == "None"  # the teacher is no learner

        # A second pupil's work shows once the view is read again.
        assert (await other.login()).status_code == 302
        await other.make_token()
        await other.start_server(120)
        await other.open_notebook("01_tahta.ipynb")
        await other.run(ATTEMPT.format(name="Öğrenci 2"))
        said = await boss.run("view.read(); print(sorted(p.name for p in view.pupils))")
        assert said.strip() == str(sorted([learner, "Öğrenci 2"]))
    finally:
        for who in (pupil, other, boss):
            await who.close()
