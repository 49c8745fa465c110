"""The hub's authenticator: a user name and password from the class's roster (``class.json``).

The roster is read again whenever it has changed on disk, so that a password reset with
``classroom.sh reset`` and a pupil added with ``classroom.sh add`` work without restarting the
hub. A wrong user name or password gives JupyterHub's usual login error ("Invalid username or
password"), which the login page shows in the class's language.

A user that is not on the roster cannot be added on the admin page ("Add Users"): they would
have no password. The refusal (:meth:`ClassAuthenticator.add_user`) names the command that adds
a pupil with a login card, and the admin page says the same above the list.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from jupyterhub.auth import Authenticator
from traitlets import Unicode

from .roster import ROSTER_FILE, ClassroomError, Roster

__all__ = ["ClassAuthenticator"]


class ClassAuthenticator(Authenticator):
    """Log in with the user name and password printed on the login cards."""

    class_folder = Unicode(help="The class folder (holding class.json).").tag(config=True)

    _roster: Roster | None = None
    _stamp: tuple[int, int] | None = None

    def roster(self) -> Roster:
        """The roster, read again when ``class.json`` has changed."""
        path = Path(self.class_folder) / ROSTER_FILE
        stat = path.stat()
        stamp = (stat.st_mtime_ns, stat.st_size)
        if self._roster is None or stamp != self._stamp:
            self._roster = Roster.load(Path(self.class_folder))
            self._stamp = stamp
        return self._roster

    def check_allowed(self, username: str, authentication: Any = None) -> bool:
        """Only the accounts of the class may use the hub."""
        return any(u.user == username for u in self.roster().users)

    def add_user(self, user: Any) -> None:
        """A user joins the hub (at login, at the hub's start, or on the admin page): only an
        account of the roster may; another is refused with a message in Turkish and English
        that names ``classroom.sh add`` (the admin page's "Add Users" then adds nobody)."""
        roster = self.roster()
        if not any(u.user == user.name for u in roster.users):
            raise ClassroomError(
                "classroom.error.not_in_roster", user=user.name, school_class=roster.name
            )
        super().add_user(user)

    async def authenticate(self, handler: Any, data: dict[str, str]) -> str | None:
        """The user name when the password matches its hash, else None (login refused)."""
        username = (data.get("username") or "").strip().lower()
        password = data.get("password") or ""
        # scrypt takes about 65 ms of a core: in a thread, so that the hub goes on serving
        # every other pupil's pages while 30 log in at once.
        roster = self.roster()
        if await asyncio.to_thread(roster.check, username, password):
            return username
        self.log.warning("Failed login for %r", username[:40])
        return None
