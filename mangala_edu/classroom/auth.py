"""The hub's authenticator: a user name and password from the class's roster (``class.json``).

The roster is read again whenever it has changed on disk, so that a password reset with
``classroom.sh reset`` works without restarting the hub. A wrong user name or password gives
JupyterHub's usual login error ("Invalid username or password").
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jupyterhub.auth import Authenticator
from traitlets import Unicode

from .roster import ROSTER_FILE, Roster

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

    async def authenticate(self, handler: Any, data: dict[str, str]) -> str | None:
        """The user name when the password matches its hash, else None (login refused)."""
        username = (data.get("username") or "").strip().lower()
        password = data.get("password") or ""
        if self.roster().check(username, password):
            return username
        self.log.warning("Failed login for %r", username[:40])
        return None
