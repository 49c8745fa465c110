"""A class server on one Linux school machine: JupyterHub with the class's own accounts.

``bash scripts/classroom.sh new 7A names.txt`` makes a class (accounts, printable login cards),
``bash scripts/classroom.sh start`` starts the hub, ``bash scripts/classroom.sh start-all``
starts every pupil's server before the lesson (see ``docs/classroom-server.md``).

- :mod:`.roster`: the class, its user names, passwords and hashes (``class.json``);
- :mod:`.cards`: the printable login cards (HTML and PDF);
- :mod:`.auth`: JupyterHub's authenticator for the class (needs the ``classroom`` extra);
- :mod:`.hub`: the hub's configuration and the spawn hook (each pupil's copy of the lessons);
- :mod:`.server`: a pupil's server, started one step behind the hub;
- :mod:`.cli`: the commands of ``classroom.sh``.
"""

from .roster import ClassroomError, Roster, User

__all__ = ["ClassroomError", "Roster", "User"]
