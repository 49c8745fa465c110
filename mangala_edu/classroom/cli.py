"""``classroom.sh`` (``python -m mangala_edu.classroom``): make a class, reset a password, list
the accounts, start the hub, start every pupil's server.

=========================================  ===================================================
``new CLASS NAMES.txt [--lang en]``        make the class, its accounts and the login cards
``add CLASS "NAME SURNAME"``               add a pupil who came late (their login card)
``reset CLASS USER``                       a new password for one account (a new card)
``list CLASS``                             the accounts and their names
``start CLASS [--lesson N]``               start the hub (stop: Ctrl+C); every pupil's
                                           JupyterLab opens lesson N (default 1)
``start-all CLASS``                        start every pupil's server (before the lesson)
``tables``                                 build the endgame tables once, for every class
=========================================  ===================================================

With only one class on the machine, ``CLASS`` may be left out. Bad input prints one message in
Turkish and English and exits with status 2.

>>> main(["list", "no such class!"])
2
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, NoReturn

from ..i18n import t
from .cards import Card, write_cards
from .hub import Settings, lesson_file, service_token, write_config
from .roster import (
    TEACHER,
    ClassroomError,
    Roster,
    class_folder,
    classroom_root,
    read_names,
)

__all__ = ["main"]


def both(key: str, /, **params: object) -> str:
    """A catalogue text in Turkish, then in English."""
    return f"{t(key, 'tr', **params)} / {t(key, 'en', **params)}"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        raise ClassroomError("classroom.error.usage", detail=message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="classroom.sh",
        description="Mangala class server (JupyterHub) / Mangala sınıf sunucusu",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    new = sub.add_parser("new", help="make a class from a file of names / sınıf oluştur")
    new.add_argument("name", help="the class, e.g. 7A")
    new.add_argument("names", type=Path, help="a text file, one pupil's name a line")
    new.add_argument("--lang", default="tr", help="the lessons' language: tr (default) or en")
    new.add_argument("--teacher", default=TEACHER, help=f"the teacher's user name ({TEACHER})")
    new.add_argument("--address", help="the address pupils open (default: this machine's)")
    add = sub.add_parser("add", help="add a pupil who came late / geç gelen öğrenciyi ekle")
    add.add_argument("name", help="the class")
    add.add_argument("pupil", nargs="+", help='the pupil\'s name, e.g. "Zeynep Kaya"')
    reset = sub.add_parser("reset", help="a new password for one pupil / yeni şifre")
    reset.add_argument("name", help="the class")
    reset.add_argument("user", help="the pupil's user name")
    for command, text in (
        ("list", "the accounts / hesaplar"),
        ("start", "start the hub / sunucuyu başlat"),
        ("start-all", "start every pupil's server / bütün öğrencilerin sunucularını başlat"),
    ):
        p = sub.add_parser(command, help=text)
        p.add_argument("name", nargs="?", help="the class (may be left out with one class)")
        if command == "start":
            p.add_argument(
                "--lesson",
                type=int,
                help="the lesson every pupil's JupyterLab opens (default 1) / "
                "öğrencilerin açılışta gördüğü ders",
            )
    sub.add_parser("tables", help="build the endgame tables / oyun sonu tablolarını kur")
    return parser


def _the_class(name: str | None) -> Path:
    """The folder of class ``name``, or of the only class there is."""
    if name:
        folder = class_folder(name)
        Roster.load(folder)  # a clear message when it is not a class
        return folder
    root = classroom_root()
    found = sorted(p.parent for p in root.glob("*/class.json")) if root.is_dir() else []
    if len(found) != 1:
        raise ClassroomError(
            "classroom.error.which_class",
            root=str(root),
            classes=", ".join(p.name for p in found) or "–",
        )
    return found[0]


def this_address(port: int) -> str:
    """``http://<this machine's address on the school network>:<port>/``. No packet is sent:
    connecting a UDP socket only picks the interface the machine would use."""
    ip = "127.0.0.1"
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            ip = s.getsockname()[0]
    except OSError:
        pass
    return f"http://{ip}:{port}/"


def _cards(roster: Roster, passwords: dict[str, str]) -> list[Card]:
    # The names the class server saves each pupil's puzzles under (hub.py), the same.
    puzzle = roster.learners()
    return [
        Card(
            roster.name,
            u.name,
            u.user,
            passwords[u.user],
            roster.address,
            puzzle.get(u.user, ""),
            u.teacher,
        )
        for u in roster.users
        if u.user in passwords
    ]


def _new(args: argparse.Namespace) -> int:
    folder = class_folder(args.name)
    names = read_names(args.names)
    port = int(os.environ.get("MANGALA_PORT") or 8000)
    roster, passwords = Roster.create(
        args.name,
        names,
        folder,
        lang=args.lang,
        teacher=args.teacher,
        address=args.address or this_address(port),
    )
    cards = _cards(roster, passwords)
    pupils = write_cards([c for c in cards if not c.teacher], folder / "cards", "pupils", args.lang)
    teacher = write_cards([c for c in cards if c.teacher], folder / "cards", "teacher", args.lang)
    print(both("classroom.made", name=roster.name, folder=str(folder), count=len(roster.pupils)))
    for u in roster.users:
        print(f"  {u.user:<20} {u.name}")
    print(both("classroom.cards", files=", ".join(str(p) for p in pupils + teacher)))
    t_user = roster.teachers[0].user
    print(both("classroom.teacher_login", user=t_user, password=passwords[t_user]))
    return 0


def _add(args: argparse.Namespace) -> int:
    folder = _the_class(args.name)
    roster = Roster.load(folder)
    # The words of the name, quoted or not: `add 7A Zeynep Kaya` is one pupil too.
    account, password = roster.add(" ".join(args.pupil), save=False)
    files = write_cards(
        _cards(roster, {account.user: password}), folder / "cards", account.user, roster.lang
    )
    roster.save()  # only now: a card that could not be written leaves the class as it was
    print(
        both(
            "classroom.added",
            school_class=roster.name,
            user=account.user,
            name=account.name,
            files=", ".join(str(p) for p in files),
        )
    )
    return 0


def _reset(args: argparse.Namespace) -> int:
    folder = _the_class(args.name)
    roster = Roster.load(folder)
    password = roster.reset(args.user)
    files = write_cards(
        _cards(roster, {args.user: password}), folder / "cards", args.user, roster.lang
    )
    print(both("classroom.reset", user=args.user, files=", ".join(str(p) for p in files)))
    return 0


def _list(args: argparse.Namespace) -> int:
    roster = Roster.load(_the_class(args.name))
    print(f"{roster.name} ({roster.lang}) {roster.address}")
    for u in roster.users:
        mark = " *" if u.teacher else ""
        print(f"  {u.user:<20} {u.name}{mark}")
    return 0


def _start(args: argparse.Namespace) -> int:
    folder = _the_class(args.name)
    roster = Roster.load(folder)
    settings = Settings.from_env(folder)
    env = dict(os.environ)
    if args.lesson is not None:
        lesson_file(roster.lang, args.lesson)  # a clear message for a lesson there is not
        env["MANGALA_LESSON"] = str(args.lesson)
    elif settings.lesson is not None:
        lesson_file(roster.lang, settings.lesson)
    config = write_config(folder)
    hub = folder / "hub"
    (hub / "running.json").write_text(json.dumps({"port": settings.port}) + "\n")
    address = (
        f"http://{settings.ip}:{settings.port}/" if settings.ip else this_address(settings.port)
    )
    print(both("classroom.starting", name=roster.name, address=address, log=str(hub / "hub.log")))
    command = [str(Path(sys.executable).with_name("jupyterhub")), "-f", str(config)]
    with open(hub / "hub.log", "a", encoding="utf-8") as log:
        process = subprocess.Popen(
            command, cwd=hub, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        assert process.stdout is not None
        # Stopped by a service manager or `kill`: JupyterHub stops the pupils' servers first.
        signal.signal(signal.SIGTERM, lambda *_: process.terminate())
        try:
            for line in process.stdout:
                sys.stdout.write(line)
                log.write(line)
                log.flush()
        except KeyboardInterrupt:  # JupyterHub got the Ctrl+C too: let it stop the servers
            pass
        while True:
            try:
                return process.wait()
            except KeyboardInterrupt:
                continue


def _api(base: str, token: str, method: str, path: str) -> tuple[int, Any]:
    request = urllib.request.Request(
        base + path, method=method, headers={"Authorization": f"token {token}"}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as reply:
            body = reply.read()
            return reply.status, json.loads(body) if body else None
    except urllib.error.HTTPError as exc:
        return exc.code, None


def start_all(folder: Path, port: int, timeout: float = 600.0) -> dict[str, float]:
    """Ask the hub to start every account's server (the REST API, the service token) and wait
    until all are ready; returns the seconds each took."""
    roster = Roster.load(folder)
    token = service_token(folder)
    base = f"http://127.0.0.1:{port}/hub/api"
    try:
        status, _ = _api(base, token, "GET", "/")
    except OSError:
        raise ClassroomError("classroom.error.not_running", port=port) from None
    if status != 200:
        raise ClassroomError("classroom.error.not_running", port=port)
    t0 = time.monotonic()
    users = [u.user for u in roster.users]
    # All at once: the hub answers a start request only when the server is up or after 10 s.
    with ThreadPoolExecutor(max_workers=len(users) or 1) as pool:
        answers = list(
            pool.map(lambda user: _api(base, token, "POST", f"/users/{user}/server"), users)
        )
    waiting = []
    for user, (status, _) in zip(users, answers, strict=True):
        if status in (201, 202, 400):  # 400: already running or starting
            waiting.append(user)
        else:
            print(both("classroom.start_failed", user=user, status=status), file=sys.stderr)
    ready: dict[str, float] = {}
    while waiting and time.monotonic() - t0 < timeout:
        time.sleep(2)
        for user in list(waiting):
            status, model = _api(base, token, "GET", f"/users/{user}")
            server = (model or {}).get("servers", {}).get("", {})
            if server.get("ready"):
                ready[user] = time.monotonic() - t0
                waiting.remove(user)
                print(
                    both(
                        "classroom.ready",
                        user=user,
                        seconds=round(ready[user]),
                        done=len(ready),
                        count=len(roster.users),
                    )
                )
    if waiting:
        print(both("classroom.not_ready", users=", ".join(waiting)), file=sys.stderr)
    return ready


def _start_all(args: argparse.Namespace) -> int:
    folder = _the_class(args.name)
    port = int(os.environ.get("MANGALA_PORT") or 0)
    if not port:
        try:
            port = json.loads((folder / "hub" / "running.json").read_text())["port"]
        except (OSError, ValueError, KeyError):
            port = 8000
    ready = start_all(folder, port)
    return 0 if len(ready) == len(Roster.load(folder).users) else 1


def _tables(args: argparse.Namespace) -> int:
    from .. import cli

    os.environ.setdefault("MANGALA_EDU_CACHE", str(classroom_root() / "cache"))
    print(both("classroom.tables", folder=os.environ["MANGALA_EDU_CACHE"]))
    return cli.main(["tables", "build"])


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command; returns the exit status (2 for bad input, with a message in Turkish and
    English on standard error)."""
    try:
        args = _parser().parse_args(argv)
        command = {
            "new": _new,
            "add": _add,
            "reset": _reset,
            "list": _list,
            "start": _start,
            "start-all": _start_all,
            "tables": _tables,
        }[args.command]
        return command(args)
    except ClassroomError as exc:
        print(f"classroom: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
