"""The class server for real: JupyterHub on a free loopback port with 3 pupils and a teacher.

A pupil logs in through the hub's login form (in Turkish, the class's language; a wrong
password is refused with the Turkish message), starts their server, runs the first cells of
lesson 1 in a kernel, and solves a puzzle (a progress file in the class's shared folder,
written from the pupil's kernel); the teacher's ``ClassView()`` in the teacher's kernel then
lists that pupil, and lists a second pupil once the view is read again. A latecomer added with
``classroom.sh add`` while the hub runs logs in with the password of their card, watches the
Turkish "your server is starting" page and gets the puzzle name of the card; the admin page's
"Add Users" refuses a name that is not on the roster, naming the command. Skipped (with the
reason) when JupyterHub or the proxy is missing, except in CI.
"""

from __future__ import annotations

import asyncio
import os
import re
import stat
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from _hubclient import ClassHub, Pupil, code_cells, is_running, missing  # noqa: E402

from mangala_edu.classroom import cli  # noqa: E402
from mangala_edu.classroom.cards import puzzle_names  # noqa: E402
from mangala_edu.classroom.kernel import KERNEL_NICE  # noqa: E402
from mangala_edu.classroom.server import SERVER_NICE  # noqa: E402

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
    alive = [pid for pid in running.pids if is_running(pid)]
    assert not alive, alive


ATTEMPT = """
from mangala_edu.progress_store import ProgressStore, progress_dir
ProgressStore().add_attempt({name!r}, {{"puzzle": "m1", "themes": ["even_capture"],
                                       "solved": True, "clean": True}})
print(progress_dir())
"""

NICENESS = """
import os, pathlib
group = pathlib.Path("/proc/self/autogroup")
from ipykernel import get_connection_info
print(os.nice(0), group.read_text().split()[-1] if group.exists() else "none",
      get_connection_info(unpack=True)["transport"])
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


def test_a_pupil_logs_in_works_and_the_teacher_sees_it(
    hub: ClassHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MANGALA_CLASSROOM_DIR", str(hub.folder.parent))
    run_apart(_scenario(hub))


def _card_password(card: Path) -> str:
    """The password written on a login card (the HTML page)."""
    found = re.search(r'<td>Şifre</td><td class="v">([^<]+)</td>', card.read_text("utf-8"))
    assert found, card
    return found.group(1)


async def _scenario(hub: ClassHub) -> None:
    roster = hub.roster
    ayse, can, _ = (u.user for u in roster.pupils)
    teacher = roster.teachers[0].user
    pupil = Pupil(hub, ayse, hub.passwords[ayse])
    other = Pupil(hub, can, hub.passwords[can])
    boss = Pupil(hub, teacher, hub.passwords[teacher])
    late: Pupil | None = None
    try:
        # The login page speaks the class's language first (Turkish), then English.
        page = (await pupil.client.get("/hub/login")).text
        assert "<h1>Giriş / Sign in</h1>" in page and "Kullanıcı adı / User name:" in page
        # Its scripts are waited for however slowly a busy hub serves them (require.js).
        assert "require.config({ waitSeconds: 0 });" in page
        assert "Kartındaki kullanıcı adını ve şifreyi yaz." in page and "Username:" not in page
        # A wrong password is refused with the Turkish message; the right one lets in.
        refused = await pupil.login(password="wrong-11")
        assert refused.status_code == 403
        assert "Kullanıcı adı ya da şifre yanlış. / Invalid username or password." in refused.text
        assert (await pupil.login()).status_code == 302
        home_page = (await pupil.client.get("/hub/home")).text
        assert "Sunucumu başlat / Start My Server" in home_page
        assert "Ana sayfa / Home" in home_page and "Çıkış / Logout" in home_page
        assert "/hub/token" not in home_page and "/hub/admin" not in home_page  # teacher's
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
        # The pupil's kernel runs one step behind the hub (whose pages every pupil waits on).
        assert hub.process is not None
        hub_nice = os.getpriority(os.PRIO_PROCESS, hub.process.pid)
        # Its kernel one more step behind its server, the kernel's own autogroup too.
        nice, autogroup, transport = (await pupil.run(NICENESS)).split()
        assert int(nice) == min(19, hub_nice + SERVER_NICE + KERNEL_NICE)
        assert autogroup in ("none", nice)
        # It talks to its server over Unix sockets: no TCP port another kernel could take.
        assert transport == "ipc"
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

        # A latecomer added while the hub runs logs in with their card, no restart.
        assert cli.main(["add", "T1", "Öğrenci", "Geç"]) == 0
        late = Pupil(hub, "ogrenci4", _card_password(hub.folder / "cards" / "ogrenci4.html"))
        assert (await late.login()).status_code == 302
        await late.make_token()
        # Starting their server shows the Turkish progress page at once.
        spawn = await late.client.get("/hub/spawn/ogrenci4")
        assert spawn.status_code == 302 and "/hub/spawn-pending/" in spawn.headers["location"]
        pending = await late.client.get("/hub/spawn-pending/ogrenci4")
        if pending.status_code == 200:  # else the server was up already (a very fast machine)
            assert "Sunucun başlıyor." in pending.text and "Ayrıntılar / Event log" in pending.text
            assert "Your server is starting up." in pending.text  # the English after it
        await late.start_server(120)
        await late.open_notebook("01_tahta.ipynb")
        assert (await late.run(LEARNER)).strip() == "Öğrenci G."  # the card's puzzle name

        # The admin page's "Add Users" takes no one who is not on the roster: it names the
        # command that makes a card, on the page and in the refusal.
        admin = (await boss.client.get("/hub/admin")).text
        assert "bash scripts/classroom.sh add T1 " in admin and "Yönetim / Admin" in admin
        added = await boss.client.post(
            "/hub/api/users", json={"usernames": ["deniz"]}, headers=boss.auth
        )
        assert added.status_code == 400 and "classroom.sh add T1" in added.json()["message"]
        assert (await boss.client.get("/hub/api/users/deniz", headers=boss.auth)).status_code == 404
    finally:
        for who in (pupil, other, boss, *([late] if late else [])):
            await who.close()
