"""The README's commands on a fresh copy of the project, as a teacher runs them:
``bash scripts/lessons.sh`` starts JupyterLab as a normal user and as root, and
``bash scripts/pupil.sh 1`` starts the pupil view; each answers on its port and is stopped.

The first start installs the package into the copy's own ``.venv`` (a minute or two), so these
tests run in CI (``CI`` set) or with ``MANGALA_TEST_SCRIPTS=1``, and are skipped elsewhere.
As root they also need a normal user: in CI one is made with ``useradd``; elsewhere give one
with ``MANGALA_TEST_USER=name`` (e.g. ``nobody``), or that part is skipped.
"""

from __future__ import annotations

import json
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
RUN = bool(os.environ.get("CI") or os.environ.get("MANGALA_TEST_SCRIPTS"))
pytestmark = pytest.mark.skipif(
    not RUN,
    reason="starts the README's scripts on a fresh copy (installs, a minute or two): "
    "set MANGALA_TEST_SCRIPTS=1 to run (CI always does)",
)
CI_USER = "mangala-pupil"


@dataclass
class Account:
    """Who runs a script: the user and group ids and a home of their own."""

    uid: int
    gid: int
    home: Path

    @property
    def is_root(self) -> bool:
        return self.uid == 0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _project_files() -> list[str]:
    """The files of a fresh clone (and, outside CI, files not committed yet but not ignored)."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("git is needed to list the project's files")
    return [name for name in listed if (ROOT / name).is_file()]


def _normal_user(base: Path) -> Account | None:
    """A normal (not root) account to run the scripts as, or None when there is none."""
    if os.geteuid() != 0:
        return Account(os.getuid(), os.getgid(), Path.home())
    name = os.environ.get("MANGALA_TEST_USER") or (CI_USER if os.environ.get("CI") else "")
    if not name:
        return None
    try:
        entry = pwd.getpwnam(name)
    except KeyError:
        if name != CI_USER:
            pytest.fail(f"MANGALA_TEST_USER={name}: there is no such user")
        if shutil.which("useradd") is None:
            return None  # the normal user's run is skipped, with the reason
        subprocess.run(["useradd", "--create-home", "--shell", "/bin/bash", name], check=True)
        entry = pwd.getpwnam(name)
    home = base / "home"
    home.mkdir()
    # pip's cache, as root filled it when it installed the tests' own environment: the normal
    # user's first install then downloads nothing twice (a copy, as root's home is closed).
    cache = subprocess.run(
        [sys.executable, "-m", "pip", "cache", "dir"], capture_output=True, text=True, check=False
    ).stdout.strip()
    if cache and Path(cache).is_dir():
        shutil.copytree(cache, home / ".cache" / "pip", symlinks=True, dirs_exist_ok=True)
    for folder, dirs, files in os.walk(home):
        for name in [folder, *(os.path.join(folder, f) for f in dirs + files)]:
            os.chown(name, entry.pw_uid, entry.pw_gid, follow_symlinks=False)
    return Account(entry.pw_uid, entry.pw_gid, home)


@pytest.fixture(scope="module")
def project() -> Iterator[tuple[Path, Account | None]]:
    """A fresh copy of the project (no .venv), readable and writable by the normal user."""
    base = Path(tempfile.mkdtemp(prefix="mangala-scripts-"))
    base.chmod(0o755)  # the normal user must reach the copy inside
    copy = base / "mangala_edu"
    for name in _project_files():
        target = copy / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    user = _normal_user(base)
    if user is not None and os.geteuid() == 0:
        for folder, dirs, files in os.walk(base):
            for name in [folder, *(os.path.join(folder, f) for f in dirs + files)]:
                os.chown(name, user.uid, user.gid)
    try:
        yield copy, user
    finally:
        shutil.rmtree(base, ignore_errors=True)


def run_script(
    copy: Path, account: Account, args: list[str], path: str, timeout: float = 900
) -> str:
    """Start ``bash scripts/...`` in ``copy`` as ``account``, wait until its server answers
    ``path`` on its port (the first start installs everything first), stop it, and return
    what it printed."""
    port = _free_port()
    log = copy.parent / f"{Path(args[0]).stem}-{account.uid}-{port}.log"
    env = {
        **os.environ,
        "HOME": str(account.home),
        "MANGALA_PORT": str(port),
        "MANGALA_NO_BROWSER": "1",
    }
    for name in (
        "JUPYTER_CONFIG_DIR",
        "JUPYTER_DATA_DIR",
        "JUPYTER_RUNTIME_DIR",
        "JUPYTER_PATH",
        "VIRTUAL_ENV",
        "XDG_CACHE_HOME",
        "PIP_CACHE_DIR",
    ):
        env.pop(name, None)
    extra: dict[str, object] = {}
    if os.geteuid() == 0 and not account.is_root:
        extra = {"user": account.uid, "group": account.gid, "extra_groups": []}
    with log.open("w") as out:
        process = subprocess.Popen(
            ["bash", *args],
            cwd=copy,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            **extra,
        )  # type: ignore[call-overload]
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=120) as r:
                    page = r.read().decode("utf-8", "replace")
                    if r.status == 200:
                        break
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(
                    f"{' '.join(args)} did not answer on port {port}:\n"
                    + log.read_text(errors="replace")[-4000:]
                )
            time.sleep(1)
    finally:
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=30)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    return log.read_text(errors="replace") + page


def test_lessons_script_starts_jupyterlab_as_a_normal_user(project):
    copy, user = project
    if user is None:
        pytest.skip(
            "running as root with no normal user: set MANGALA_TEST_USER (CI makes one "
            "with useradd, when it exists)"
        )
    said = run_script(copy, user, ["scripts/lessons.sh"], "/api")
    assert "Run ▸ Run All Cells" in said and "notebooks/tr/" in said  # says what to open
    assert (copy / ".venv" / ".mangala-installed").exists()
    overrides = copy / ".venv" / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    notes = json.loads(overrides.read_text())["@jupyterlab/apputils-extension:notification"]
    assert notes == {"fetchNews": "false", "checkForUpdates": False}


def test_lessons_script_starts_jupyterlab_as_root(project):
    copy, _ = project
    if os.geteuid() != 0:
        pytest.skip("not root here: only the normal user's run can be tested")
    root = Account(0, 0, Path(pwd.getpwuid(0).pw_dir))
    said = run_script(copy, root, ["scripts/lessons.sh", "en"], "/api")
    assert "notebooks/en/" in said and "Running as root is not recommended" not in said


def test_pupil_script_serves_a_lesson_as_an_app(project):
    copy, user = project
    account = user or Account(0, 0, Path(pwd.getpwuid(0).pw_dir))
    page = run_script(copy, account, ["scripts/pupil.sh", "1", "tr"], "/")
    assert "mangala-pupil-nav" in page and "Ders 1" in page
