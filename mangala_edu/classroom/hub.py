"""The hub's configuration for one class on one machine, and the spawn hook.

``classroom.sh start`` writes ``<class>/hub/jupyterhub_config.py``, two lines that call
:func:`configure`, and starts ``jupyterhub`` in ``<class>/hub``. Everything the hub writes lies
in the class folder::

    <class>/class.json             the roster (password hashes only)
    <class>/cards/                 the login cards (the only copy of the passwords)
    <class>/hub/                   database, cookie secret, service token, log, proxy pid
    <class>/progress/              every pupil's progress file (MANGALA_EDU_PROGRESS)
    <class>/pupils/<user>/         a pupil's home: their own copy of the lessons
    <class>/teacher/               the teacher's home: the lessons, notebook 20 first

The endgame tables are shared by every class of the machine, in ``<classes>/cache``
(``MANGALA_EDU_CACHE``, built once by the teacher with ``classroom.sh tables``); the pupils'
servers only read them.

All pupils' servers run as the hub's own Unix user (JupyterHub's
``SimpleLocalProcessSpawner``): the pupils are not kept apart from each other by the operating
system. This is meant for one trusted class on one machine, on the school's own network.

>>> settings = Settings(Path("/x/7A"), port=8000)
>>> settings.hub_port, settings.proxy_api_port
(8002, 8001)
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..i18n import LANGUAGES, t
from ..progress_store import LEARNER_ENV
from .kernel import make_socket_folder, socket_folder, write_kernel_spec
from .roster import ClassroomError, Roster, classroom_root

__all__ = [
    "DEFAULT_PORT",
    "FIRST_LESSON",
    "TEACHERS_LESSON",
    "Settings",
    "configure",
    "copy_lessons",
    "lesson_file",
    "lessons_root",
    "page_texts",
    "proxy_command",
    "service_token",
    "write_config",
]

DEFAULT_PORT = 8000
FIRST_LESSON = {"tr": "01_tahta.ipynb", "en": "01_the_board.ipynb"}
TEACHERS_LESSON = {"tr": "20_ogretmenler_icin.ipynb", "en": "20_for_teachers.ipynb"}
PROXY_VERSION = "5.3.0"
"""The configurable-http-proxy that classroom.sh installs from npm."""
SERVICE = "mangala-classroom"
"""The hub service whose token ``classroom.sh start-all`` uses."""
TEMPLATES = Path(__file__).resolve().parents[1] / "share" / "jupyterhub" / "templates"
"""The hub's pages in the class's language (they extend JupyterHub's own, see there)."""
# Limits for about 30 pupils on a 2-core machine (measured: 30 servers started at once are all
# up after about 95 s, see bench/RESULTS.md), so JupyterHub's defaults (60 s and 30 s) would
# give up on servers that are merely slow to start.
START_TIMEOUT = 300
HTTP_TIMEOUT = 300
CONCURRENT_SPAWN_LIMIT = 40
"""More than a class: a pupil is never told "too many users", but a runaway script is."""
KERNEL_IDLE = 45 * 60
"""A kernel with no browser tab open is shut down after 45 idle minutes (memory back); a
kernel whose lesson is open in a tab is never shut down for being idle."""
SERVER_IDLE = 100 * 60
"""A pupil's server idle for 100 minutes (a double lesson and a break) is stopped by the
idle culler; the next login starts it again, the pupil's files stay. A pupil working in a
lesson is not idle: the server reports the kernel's and the tab's activity to the hub every
5 minutes (JupyterHub's default), far within these 100."""


@dataclass(frozen=True)
class Settings:
    """Where a running hub listens: ``ip`` ("" is every network interface) and ``port`` for
    the pupils; the proxy's API and the hub itself listen on the next two ports, on loopback."""

    folder: Path
    port: int = DEFAULT_PORT
    ip: str = ""
    lesson: int | None = None
    """The lesson of the day: every pupil's JupyterLab opens it (``None``: lesson 1)."""

    @property
    def proxy_api_port(self) -> int:
        return self.port + 1

    @property
    def hub_port(self) -> int:
        return self.port + 2

    @classmethod
    def from_env(cls, folder: Path) -> Settings:
        """``MANGALA_PORT`` (default 8000), ``MANGALA_HUB_IP`` (default: every interface) and
        ``MANGALA_LESSON`` (the lesson of the day; ``classroom.sh start --lesson N`` sets it)."""
        lesson = os.environ.get("MANGALA_LESSON")
        return cls(
            folder,
            port=int(os.environ.get("MANGALA_PORT") or DEFAULT_PORT),
            ip=os.environ.get("MANGALA_HUB_IP", ""),
            lesson=int(lesson) if lesson else None,
        )


def lesson_file(lang: str, number: int | None) -> str:
    """The notebook of lesson ``number`` in the pupils' copy of the lessons (``None``: the
    first lesson); raises :class:`ClassroomError` naming the lessons there are.

    >>> lesson_file("tr", 9), lesson_file("en", None)
    ('09_oyna.ipynb', '01_the_board.ipynb')
    """
    if number is None:
        return FIRST_LESSON[lang]
    found = sorted((lessons_root() / lang).glob(f"{number:02d}_*.ipynb"))
    teachers = TEACHERS_LESSON[lang]
    if not found or found[0].name == teachers:
        numbers = sorted(
            {p.name[:2] for p in (lessons_root() / lang).glob("[0-9][0-9]_*.ipynb")}
            - {teachers[:2]}
        )
        raise ClassroomError(
            "classroom.error.no_lesson",
            lesson=number,
            lessons=", ".join(n.lstrip("0") for n in numbers),
        )
    return found[0].name


def lessons_root() -> Path:
    """The lessons' folder (``notebooks/`` beside the package: the project's folder), or the
    folder named by ``MANGALA_EDU_LESSONS``."""
    env = os.environ.get("MANGALA_EDU_LESSONS")
    if env:
        return Path(env).expanduser()
    return Path(__file__).resolve().parents[2] / "notebooks"


def proxy_command() -> list[str]:
    """The configurable-http-proxy to run: ``MANGALA_PROXY``, else the one classroom.sh
    installs into ``.classroom/`` of the project, else the one on the PATH."""
    env = os.environ.get("MANGALA_PROXY")
    if env:
        return [env]
    local = Path(__file__).resolve().parents[2] / ".classroom/node_modules/.bin"
    found = local / "configurable-http-proxy"
    if found.exists():
        return [str(found)]
    return [shutil.which("configurable-http-proxy") or "configurable-http-proxy"]


def service_token(folder: Path) -> str:
    """The token of the classroom service (scope ``admin:servers``): made once, kept in
    ``<class>/hub/service-token`` with permissions 0600."""
    path = folder / "hub" / "service-token"
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_hex(32) + "\n")
    os.chmod(path, 0o600)
    return path.read_text().strip()


def copy_lessons(source: Path, home: Path, teacher: bool = False) -> list[str]:
    """Copy the lessons of ``source`` (``notebooks/tr``) into ``home``: each file that is not
    there yet, so a pupil's own work is never overwritten (a deleted lesson comes back fresh).
    The teachers' notebook (20) is for the teacher only. Returns the names copied.

    A copied lesson gets its checkpoint too (``File → Revert Notebook to Checkpoint`` brings
    the lesson back as it came), so that JupyterLab, opening it, need not make one first: on a
    busy server that took a second more before the lesson's kernel was started.

    >>> import tempfile
    >>> src, home = Path(tempfile.mkdtemp()), Path(tempfile.mkdtemp())
    >>> for name in ("01_a.ipynb", "20_ogretmenler_icin.ipynb"):
    ...     _ = (src / name).write_text("{}")
    >>> copy_lessons(src, home), copy_lessons(src, home)
    (['01_a.ipynb'], [])
    >>> (home / ".ipynb_checkpoints" / "01_a-checkpoint.ipynb").read_text()
    '{}'
    """
    home.mkdir(parents=True, exist_ok=True)
    copied = []
    for item in sorted(source.iterdir()):
        if item.name.startswith(".") or (not teacher and item.name.startswith("20_")):
            continue
        target = home / item.name
        if target.exists():
            continue
        if item.is_dir():
            shutil.copytree(item, target)
        else:
            shutil.copy2(item, target)
            if item.suffix == ".ipynb":  # as jupyter_server names its checkpoints
                checkpoint = home / ".ipynb_checkpoints" / f"{item.stem}-checkpoint.ipynb"
                checkpoint.parent.mkdir(exist_ok=True)
                shutil.copy2(item, checkpoint)
        copied.append(item.name)
    return copied


def write_config(folder: Path) -> Path:
    """``<class>/hub/jupyterhub_config.py``, which calls :func:`configure`."""
    path = folder / "hub" / "jupyterhub_config.py"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "# Made by `classroom.sh start` (mangala_edu.classroom.hub); made again at each start.\n"
        "from pathlib import Path\n\n"
        "from mangala_edu.classroom.hub import configure\n\n"
        "configure(c, Path(__file__).resolve().parents[1])  # noqa: F821 (c: JupyterHub's)\n"
    )
    return path


def _lab_settings(folder: Path) -> Path:
    """JupyterLab's defaults for the class: no news, no update check (nothing from the
    internet in front of a class)."""
    settings = folder / "hub" / "lab-settings"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "overrides.json").write_text(
        json.dumps(
            {
                "@jupyterlab/apputils-extension:notification": {
                    "fetchNews": "false",
                    "checkForUpdates": False,
                }
            },
            indent=2,
        )
        + "\n"
    )
    return settings


def configure(c: Any, folder: Path, settings: Settings | None = None) -> None:
    """Fill JupyterHub's config ``c`` for the class in ``folder``."""
    folder = Path(folder).resolve()
    settings = settings or Settings.from_env(folder)
    roster = Roster.load(folder)
    hub = folder / "hub"
    progress = folder / "progress"
    for path in (hub, progress, folder / "pupils", folder / "teacher"):
        path.mkdir(parents=True, exist_ok=True)
    cache = Path(os.environ.get("MANGALA_EDU_CACHE") or classroom_root() / "cache")
    lessons = lessons_root() / roster.lang

    # Where the hub listens and what it writes: all of it in <class>/hub.
    c.JupyterHub.bind_url = f"http://{settings.ip}:{settings.port}/"
    c.JupyterHub.hub_ip = "127.0.0.1"
    c.JupyterHub.hub_port = settings.hub_port
    c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{settings.proxy_api_port}"
    c.ConfigurableHTTPProxy.command = proxy_command()
    c.ConfigurableHTTPProxy.pid_file = str(hub / "jupyterhub-proxy.pid")
    c.JupyterHub.db_url = f"sqlite:///{hub / 'jupyterhub.sqlite'}"
    c.JupyterHub.cookie_secret_file = str(hub / "jupyterhub_cookie_secret")
    c.JupyterHub.pid_file = str(hub / "jupyterhub.pid")
    c.JupyterHub.cleanup_servers = True
    # The hub's own pages in the class's language first, then the other (templates/).
    c.JupyterHub.template_paths = [str(TEMPLATES)]
    c.JupyterHub.template_vars = page_texts(roster.lang, roster.name)
    # A pupil whose server is starting sees that page (its progress bar) at once, not a
    # browser tab loading for JupyterHub's usual 10 s first.
    c.JupyterHub.tornado_settings = {"slow_spawn_timeout": 0}

    # Who may log in: the accounts of class.json; the teacher is the hub's admin.
    c.JupyterHub.authenticator_class = "mangala_edu.classroom.auth.ClassAuthenticator"
    c.ClassAuthenticator.class_folder = str(folder)
    c.Authenticator.allowed_users = {u.user for u in roster.users}
    c.Authenticator.admin_users = {u.user for u in roster.teachers}

    # The pupils' servers: the hub's Unix user, one home each in <class>/pupils.
    c.JupyterHub.spawner_class = "jupyterhub.spawner.SimpleLocalProcessSpawner"
    c.SimpleLocalProcessSpawner.home_dir_template = str(folder / "pupils" / "{username}")
    # Each server one step behind the hub, so that the hub's pages answer while the class's
    # servers start (classroom/server.py says why).
    c.Spawner.cmd = [sys.executable, "-m", "mangala_edu.classroom.server"]
    # A pupil's JupyterLab opens the lesson of the day (start --lesson N), else lesson 1.
    c.Spawner.default_url = f"/lab/tree/{lesson_file(roster.lang, settings.lesson)}"
    args = [
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        f"--LabApp.app_settings_dir={_lab_settings(folder)}",
        f"--MappingKernelManager.cull_idle_timeout={KERNEL_IDLE}",
        "--MappingKernelManager.cull_interval=300",
        # A lesson open in a browser tab keeps its kernel, however long the pupil reads.
        "--MappingKernelManager.cull_connected=False",
        "--ServerApp.terminals_enabled=False",
    ]
    if os.geteuid() == 0:
        args.append("--allow-root")
    c.Spawner.args = args
    c.Spawner.environment = {
        # The kernels one step behind the servers (kernel.py says why): the class's own
        # "python3" kernel spec comes first on the pupils' JUPYTER_PATH.
        "JUPYTER_PATH": str(write_kernel_spec(hub / "jupyter").parents[1]),
        "MANGALA_EDU_PROGRESS": str(progress),
        "MANGALA_EDU_CACHE": str(cache),
        "MANGALA_EDU_LANG": roster.lang,
        "MANGALA_EDU_OUTPUT": str(folder / "teacher" / "output"),
    }
    c.Spawner.env_keep.extend(["MANGALA_EDU_ENGINE", "NUMBA_CACHE_DIR"])
    c.Spawner.start_timeout = START_TIMEOUT
    c.Spawner.http_timeout = HTTP_TIMEOUT
    c.JupyterHub.concurrent_spawn_limit = CONCURRENT_SPAWN_LIMIT

    def pre_spawn_hook(spawner: Any) -> None:
        # The roster as it is now: a pupil added while the hub runs (classroom.sh add) too.
        now = Roster.load(folder)
        learners = now.learners()
        teacher_names = {u.user for u in now.teachers}
        name = spawner.user.name
        if name in learners:  # the puzzles save under the name on the pupil's card
            spawner.environment = {**spawner.environment, LEARNER_ENV: learners[name]}
        # The kernels over Unix sockets, not TCP ports that another server's kernel may take
        # first (kernel.py says why); over TCP where the sockets' paths would be too long.
        sockets = socket_folder(folder, name)
        if sockets is not None:
            make_socket_folder(sockets)
            spawner.environment = {**spawner.environment, "JUPYTER_RUNTIME_DIR": str(sockets)}
            if "--KernelManager.transport=ipc" not in spawner.args:  # the hook runs each start
                spawner.args = [*spawner.args, "--KernelManager.transport=ipc"]
        if name in teacher_names:
            spawner.home_dir = str(folder / "teacher")
            spawner.default_url = f"/lab/tree/{TEACHERS_LESSON[roster.lang]}"
        copy_lessons(lessons, Path(spawner.home_dir), teacher=name in teacher_names)

    c.Spawner.pre_spawn_hook = pre_spawn_hook

    # Services: the token of classroom.sh start-all, and the idle culler.
    c.JupyterHub.services = [
        {"name": SERVICE, "api_token": service_token(folder)},
        {
            "name": "idle-culler",
            "command": [
                sys.executable,
                "-m",
                "jupyterhub_idle_culler",
                f"--timeout={SERVER_IDLE}",
                "--cull-every=300",
            ],
        },
    ]
    c.JupyterHub.load_roles = [
        {
            "name": SERVICE,
            "scopes": ["admin:servers", "list:users", "read:users", "read:servers"],
            "services": [SERVICE],
        },
        {
            "name": "idle-culler",
            "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
            "services": ["idle-culler"],
        },
    ]


PAGE_TEXTS = {
    "title": "classroom.hub.title",
    "sign_in": "classroom.hub.sign_in",
    "user": "classroom.card.user",
    "password": "classroom.card.password",
    "show_password": "classroom.hub.show_password",
    "hide_password": "classroom.hub.hide_password",
    "login_note": "classroom.hub.login_note",
    "home": "classroom.hub.home",
    "token": "classroom.hub.token",
    "admin": "classroom.hub.admin",
    "logout": "classroom.hub.logout",
    "login": "classroom.hub.login",
    "dark_mode": "classroom.hub.dark_mode",
    "starting": "classroom.hub.starting",
    "starting_wait": "classroom.hub.starting_wait",
    "event_log": "classroom.hub.event_log",
    "complete": "classroom.hub.complete",
    "stop": "classroom.hub.stop",
    "start": "classroom.hub.start",
    "my_server": "classroom.hub.my_server",
    "not_running": "classroom.hub.not_running",
    "not_running_text": "classroom.hub.not_running_text",
    "restarting": "classroom.hub.restarting",
    "failed": "classroom.hub.failed",
    "failed_text": "classroom.hub.failed_text",
    "launch": "classroom.hub.launch",
    "relaunch": "classroom.hub.relaunch",
    "stopping": "classroom.hub.stopping",
    "stopping_text": "classroom.hub.stopping_text",
    "refresh": "classroom.hub.refresh",
    "logged_out": "classroom.hub.logged_out",
    "error": "classroom.hub.error",
    "error_404_text": "classroom.hub.error_404_text",
    "error_503_text": "classroom.hub.error_503_text",
    "back_home": "classroom.hub.back_home",
    "admin_note": "classroom.hub.admin_note",
}
"""The texts of the hub's pages (``mangala.<name>`` in the templates) and their keys."""
STATUS_TEXTS = {
    400: "classroom.hub.error_400",
    403: "classroom.hub.error_403",
    404: "classroom.hub.error_404",
    500: "classroom.hub.error_500",
    502: "classroom.hub.error_502",
    503: "classroom.hub.error_503",
}
"""The error pages' headings (``mangala_status``), by HTTP status."""
JUPYTERHUB_TEXTS = {
    "Invalid username or password": "classroom.hub.login_error",
    "Login form invalid or expired. Try again.": "classroom.hub.login_expired",
    "Server requested": "classroom.hub.server_requested",
    "Spawning server...": "classroom.hub.spawning",
    "Server ready at": "classroom.hub.server_ready",
    "Spawn failed": "classroom.hub.spawn_failed",
    "Stop Server": "classroom.hub.stop",
    "Stopping...": "classroom.hub.stopping_button",
    "Stopping server...": "classroom.hub.stopping_server",
    "Server stopped successfully!": "classroom.hub.stopped",
    "Error stopping server": "classroom.hub.stop_error",
    "Start My Server": "classroom.hub.start",
    "Your server is stopping": "classroom.hub.is_stopping",
    "Start your default server": "classroom.hub.start_title",
}
"""What JupyterHub itself says (the login error, the messages its pages' scripts write while
a server starts or stops) -> our text (``mangala_english``); the templates put ours in its
place, a message that begins with one of these keeps the rest (a server's address)."""


def page_texts(lang: str, school_class: str) -> dict[str, Any]:
    """The variables of the hub's pages (``c.JupyterHub.template_vars``): every text in the
    class's language first, then after a slash in the other (``mangala``), the same as two
    parts for the longer texts (``mangala_two``), the error headings by status
    (``mangala_status``), JupyterHub's own English texts -> ours (``mangala_english``), the
    login page's note and the class's language.

    >>> texts = page_texts("tr", "7A")
    >>> texts["mangala"]["sign_in"], texts["mangala"]["title"]
    ('Giriş / Sign in', 'Mangala · 7A')
    >>> texts["mangala_english"]["Invalid username or password"]
    'Kullanıcı adı ya da şifre yanlış. / Invalid username or password.'
    >>> page_texts("en", "7A")["mangala"]["home"], page_texts("en", "7A")["mangala_lang"]
    ('Home / Ana sayfa', 'en')
    """
    other = next(x for x in LANGUAGES if x != lang)

    def pair(key: str) -> tuple[str, str]:
        return t(key, lang, school_class=school_class), t(key, other, school_class=school_class)

    def joined(key: str) -> str:
        first, second = pair(key)
        return first if first == second else f"{first} / {second}"

    return {
        "announcement_login": joined("classroom.hub.login_note"),
        "mangala": {name: joined(key) for name, key in PAGE_TEXTS.items()},
        "mangala_two": {name: pair(key) for name, key in PAGE_TEXTS.items()},
        "mangala_status": {code: joined(key) for code, key in STATUS_TEXTS.items()},
        "mangala_english": {text: joined(key) for text, key in JUPYTERHUB_TEXTS.items()},
        "mangala_lang": lang,
        "mangala_other": other,
    }
