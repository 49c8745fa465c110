"""A class hub on loopback and simulated pupils, for ``bench/hub_load.py`` and
``tests/hub/test_hub.py``.

:class:`ClassHub` makes a class (``Roster.create``) in a folder, starts ``jupyterhub`` with the
class's configuration on free loopback ports and stops it (and every process it started) on
exit. :class:`Pupil` does what a pupil's browser does, over HTTP: logs in through the hub's
login form, asks for an API token, starts the server, opens a notebook session and runs code in
its kernel over the kernel's websocket (the Jupyter messaging protocol, JSON).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

from mangala_edu.classroom.hub import proxy_command, write_config
from mangala_edu.classroom.roster import Roster
from mangala_edu.classroom.server import lower_priority


def free_ports() -> int:
    """A port p with p, p+1 and p+2 free on loopback (the hub uses all three)."""
    for _ in range(200):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        if port > 65000:
            continue
        try:
            for k in (1, 2):
                with socket.socket() as s:
                    s.bind(("127.0.0.1", port + k))
        except OSError:
            continue
        return port
    raise RuntimeError("no three free ports in a row")


def missing() -> str | None:
    """Why a hub cannot start here (jupyterhub or the proxy missing), or None."""
    try:
        import jupyterhub  # noqa: F401
        import jupyterhub_idle_culler  # noqa: F401
    except ImportError:
        return "jupyterhub is not installed (pip install -e '.[classroom]')"
    proxy = proxy_command()[0]
    if not (Path(proxy).exists() or _which(proxy)):
        return (
            "configurable-http-proxy is not installed "
            "(npm install --prefix .classroom configurable-http-proxy@5.3.0)"
        )
    return None


def _which(name: str) -> bool:
    import shutil

    return shutil.which(name) is not None


def descendants(pid: int) -> list[int]:
    """Every living descendant of ``pid`` (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def memory(pids: list[int]) -> tuple[int, int]:
    """The sum of the PSS and of the USS (private memory) of ``pids``, in bytes."""
    pss = uss = 0
    for pid in pids:
        try:
            text = Path(f"/proc/{pid}/smaps_rollup").read_text()
        except OSError:
            continue
        fields = dict(re.findall(r"^(\w+):\s+(\d+) kB", text, re.MULTILINE))
        pss += int(fields.get("Pss", 0)) * 1024
        uss += (int(fields.get("Private_Clean", 0)) + int(fields.get("Private_Dirty", 0))) * 1024
    return pss, uss


def used_memory() -> int:
    """Memory in use on the machine (MemTotal - MemAvailable, as `free` counts "used"), bytes."""
    info = dict(re.findall(r"^(\w+):\s+(\d+) kB", Path("/proc/meminfo").read_text(), re.M))
    return (int(info["MemTotal"]) - int(info["MemAvailable"])) * 1024


def is_running(pid: int) -> bool:
    """The process ``pid`` is there and not a zombie (dead, waiting for its parent)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@dataclass
class ClassHub:
    """A hub for a new class of ``pupils`` in ``folder``, on loopback."""

    folder: Path
    pupils: int = 3
    lang: str = "tr"
    port: int = field(default_factory=free_ports)
    passwords: dict[str, str] = field(default_factory=dict)
    process: subprocess.Popen | None = None
    pids: set[int] = field(default_factory=set)
    lesson: int | None = None
    """The lesson of the day (``classroom.sh start --lesson``): every JupyterLab opens it."""
    nice: int = 0
    """Niceness of the hub (and its autogroup; the servers it starts run ``SERVER_NICE`` lower
    still): ``10`` lets browsers on this same machine run first, as on a pupil's own computer."""
    cgroup: Path | None = None
    """A CPU cgroup the hub and everything it starts run in (see :class:`CpuSplit`)."""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def roster(self) -> Roster:
        return Roster.load(self.folder)

    @property
    def log(self) -> Path:
        return self.folder / "hub" / "hub.log"

    def make_class(self) -> None:
        names = [f"Öğrenci {k}" for k in range(1, self.pupils + 1)]
        _, self.passwords = Roster.create(
            "T1", names, self.folder, lang=self.lang, address=self.url + "/"
        )

    def start(self, timeout: float = 60.0) -> None:
        config = write_config(self.folder)
        env = {
            **os.environ,
            "MANGALA_PORT": str(self.port),
            "MANGALA_HUB_IP": "127.0.0.1",
            "MANGALA_CLASSROOM_DIR": str(self.folder.parent),
            "MANGALA_EDU_CACHE": str(self.folder.parent / "cache"),
        }
        if self.lesson is not None:
            env["MANGALA_LESSON"] = str(self.lesson)
        self.log.parent.mkdir(parents=True, exist_ok=True)
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [str(Path(sys.executable).with_name("jupyterhub")), "-f", str(config)],
                cwd=config.parent,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                preexec_fn=self._preexec if self.nice or self.cgroup else None,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the hub stopped: see {self.log}\n{self.log_tail()}")
            try:
                if httpx.get(self.url + "/hub/api/", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.3)
        raise RuntimeError(f"the hub did not answer in {timeout} s\n{self.log_tail()}")

    def _preexec(self) -> None:
        """In the hub's process before it runs: its cgroup, its niceness."""
        if self.cgroup is not None:
            (self.cgroup / "cgroup.procs").write_text(str(os.getpid()))
        if self.nice:
            lower_priority(self.nice)

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def processes(self) -> list[int]:
        """The hub and every process under it (proxy, culler, servers, kernels)."""
        if self.process is None or self.process.poll() is not None:
            return []
        found = [self.process.pid, *descendants(self.process.pid)]
        self.pids.update(found)
        return found

    def stop(self) -> None:
        """Stop the hub (it stops the servers), then anything of it still alive."""
        if self.process is None:
            return
        self.processes()
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for pid in self.pids:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        # A killed process takes a moment to go (longer on a busy machine): wait for it.
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and any(is_running(pid) for pid in self.pids):
            time.sleep(0.1)

    def __enter__(self) -> ClassHub:
        self.make_class()
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


class KernelError(RuntimeError):
    """A cell that raised in the kernel (the message holds its traceback's last line)."""


@dataclass
class Pupil:
    """One simulated pupil of ``hub``."""

    hub: ClassHub
    user: str
    password: str
    client: httpx.AsyncClient = field(init=False)
    token: str = ""
    kernel: str = ""
    ws: Any = None
    session: str = field(default_factory=lambda: uuid.uuid4().hex)

    def __post_init__(self) -> None:
        # A new connection for each request, as the proxy (node) closes idle kept-alive
        # connections after 5 s, and a busy machine can leave one idle that long between two
        # requests (a browser would quietly retry; httpx reports it).
        self.client = httpx.AsyncClient(
            base_url=self.hub.url, timeout=600, limits=httpx.Limits(max_keepalive_connections=0)
        )

    async def login(self, password: str | None = None) -> httpx.Response:
        """Log in through the hub's form; returns the answer (302 when it worked)."""
        page = await self.client.get("/hub/login")
        xsrf = re.search(r'name="_xsrf" value="([^"]+)"', page.text)
        data = {"username": self.user, "password": password or self.password}
        if xsrf:
            data["_xsrf"] = xsrf.group(1)
        return await self.client.post("/hub/login?next=", data=data)

    async def make_token(self) -> None:
        """An API token of this pupil's own, asked for with the login cookie (as JupyterLab's
        token page does)."""
        xsrf = self.client.cookies.get("_xsrf", path="/hub/")
        reply = await self.client.post(
            f"/hub/api/users/{self.user}/tokens",
            json={"note": "load test", "expires_in": 3600},
            headers={"X-XSRFToken": xsrf or "", "Referer": self.hub.url + "/hub/token"},
        )
        reply.raise_for_status()
        self.token = reply.json()["token"]

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"token {self.token}"}

    async def start_server(self, timeout: float = 600.0) -> float:
        """Start the pupil's server; returns the seconds until it was ready."""
        t0 = time.monotonic()
        reply = await self.client.post(f"/hub/api/users/{self.user}/server", headers=self.auth)
        if reply.status_code not in (201, 202, 400):
            raise RuntimeError(f"{self.user}: start gave {reply.status_code} {reply.text[:200]}")
        while time.monotonic() - t0 < timeout:
            model = (await self.client.get(f"/hub/api/users/{self.user}", headers=self.auth)).json()
            if model.get("servers", {}).get("", {}).get("ready"):
                return time.monotonic() - t0
            await asyncio.sleep(1)
        raise TimeoutError(f"{self.user}: server not ready in {timeout} s")

    async def open_notebook(self, path: str) -> None:
        """A session for the notebook ``path`` (its kernel starts in the notebook's folder),
        and the kernel's websocket."""
        reply = await self.client.post(
            f"/user/{self.user}/api/sessions",
            headers=self.auth,
            json={"path": path, "type": "notebook", "name": path, "kernel": {"name": "python3"}},
        )
        reply.raise_for_status()
        self.kernel = reply.json()["kernel"]["id"]
        url = (
            f"ws://127.0.0.1:{self.hub.port}/user/{self.user}/api/kernels/{self.kernel}"
            f"/channels?session_id={self.session}"
        )
        # 30 kernels starting at once on 2 cores: the handshake may take longer than
        # Tornado's 20 s default; JupyterLab in a browser waits and retries.
        self.ws = await websocket_connect(
            HTTPRequest(url, headers=self.auth, connect_timeout=180, request_timeout=180),
            max_message_size=64 * 1024 * 1024,
        )

    async def run(self, code: str, timeout: float = 600.0) -> str:
        """Run ``code`` in the kernel; returns what it printed (stdout). A cell that raises
        raises :class:`KernelError`."""
        msg_id = uuid.uuid4().hex
        message = {
            "header": {
                "msg_id": msg_id,
                "msg_type": "execute_request",
                "username": self.user,
                "session": self.session,
                "date": "",
                "version": "5.3",
            },
            "parent_header": {},
            "metadata": {},
            "content": {
                "code": code,
                "silent": False,
                "store_history": True,
                "user_expressions": {},
                "allow_stdin": False,
                "stop_on_error": True,
            },
            "channel": "shell",
            "buffers": [],
        }
        await self.ws.write_message(json.dumps(message))
        out: list[str] = []
        error = None
        replied = idle = False
        deadline = time.monotonic() + timeout
        while not (replied and idle):
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{self.user}: no answer in {timeout} s to {code[:60]!r}")
            raw = await asyncio.wait_for(self.ws.read_message(), left)
            if raw is None:
                raise RuntimeError(f"{self.user}: the kernel's websocket closed")
            if isinstance(raw, bytes):
                continue  # a binary message (widgets' buffers): not ours to read
            msg = json.loads(raw)
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind = msg["header"]["msg_type"]
            if kind == "stream" and msg["content"].get("name") == "stdout":
                out.append(msg["content"]["text"])
            elif kind == "error":
                error = f"{msg['content']['ename']}: {msg['content']['evalue']}"
            elif kind == "execute_reply":
                replied = True
            elif kind == "status" and msg["content"]["execution_state"] == "idle":
                idle = True
        if error:
            raise KernelError(f"{self.user}: {error}")
        return "".join(out)

    async def close(self) -> None:
        if self.ws is not None:
            self.ws.close()
        await self.client.aclose()


def code_cells(notebook: Path, count: int | None = None) -> list[str]:
    """The code cells of ``notebook`` (the first ``count``)."""
    cells = json.loads(notebook.read_text("utf-8"))["cells"]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    return code[:count] if count is not None else code


CPU_CGROUPS = Path("/sys/fs/cgroup/cpu")
"""cgroup v1's CPU controller (as on this machine); :class:`CpuSplit` needs it and root."""


class CpuSplit:
    """Two CPU cgroups of equal shares for a load test on one machine: the hub and all it
    starts in one (:attr:`hub`), this process (its browsers and its simulated pupils) in the
    other. Whenever both want the CPU each gets half of it: a browser tab then has at least
    half the machine, as it has a computer of its own in a class, and the server the other half
    (so the server's figures of such a run are pessimistic). Inside a cgroup Linux uses no
    autogroups, so the pupils' servers stay behind the hub by their niceness alone."""

    def __init__(self) -> None:
        tag = f"mangala-bench-{os.getpid()}"
        self.hub = CPU_CGROUPS / f"{tag}-hub"
        self.pupils = CPU_CGROUPS / f"{tag}-pupils"

    @staticmethod
    def available() -> str | None:
        """``None`` when a split can be made here, else why not."""
        if not (CPU_CGROUPS / "cgroup.procs").exists():
            return f"no cgroup v1 CPU controller at {CPU_CGROUPS}"
        if os.geteuid() != 0:
            return "making cgroups needs root"
        return None

    def __enter__(self) -> CpuSplit:
        for group in (self.hub, self.pupils):
            group.mkdir(exist_ok=True)
            (group / "cpu.shares").write_text("1024")
        (self.pupils / "cgroup.procs").write_text(str(os.getpid()))
        return self

    def __exit__(self, *exc: object) -> None:
        root = CPU_CGROUPS / "cgroup.procs"
        for group in (self.pupils, self.hub):
            with contextlib.suppress(OSError):
                for pid in (group / "cgroup.procs").read_text().split():
                    with contextlib.suppress(OSError):
                        root.write_text(pid)
            with contextlib.suppress(OSError):
                group.rmdir()
