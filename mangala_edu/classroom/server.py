"""A pupil's server, started one step behind the hub: ``python -m mangala_edu.classroom.server``.

The hub starts every pupil's server with this module (``c.Spawner.cmd``). It lowers its own
priority and then becomes ``jupyterhub-singleuser`` (``exec``, the same process) with the
arguments it was given. Its kernels inherit the lower priority.

Why: when a class of 30 logs in at once, 30 servers start on a machine of a few cores. The hub
is one process that every pupil's login page, "starting" page and redirect goes through; at the
same priority as 30 busy servers its event loop stalled for up to 11 s, a login took 15 s and
the starting page took longer to load than a browser test waits. Behind the hub, the servers
share what the hub leaves, and all of them the same, so no pupil's moves wait on another's.

On Linux the niceness of a process counts only against processes of its own *autogroup* (one
per session, and the hub's spawner gives each server a session of its own), so the autogroup's
niceness is lowered too, where the kernel has autogroups.

>>> import os
>>> lower_priority(0) == os.nice(0)  # nothing to lower: the niceness it has
True
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

__all__ = ["SERVER_NICE", "lower_priority", "main"]

SERVER_NICE = 10
"""How much lower than the hub the pupils' servers and kernels run (Unix niceness, 0–19)."""

AUTOGROUP = Path("/proc/self/autogroup")


def lower_priority(nice: int) -> int:
    """Lower this process's priority by ``nice`` (and its autogroup's, where there are
    autogroups); return the niceness it has now."""
    now = os.nice(nice) if nice else os.nice(0)
    if nice:
        # No autogroups (another kernel, or turned off): the niceness is enough.
        with contextlib.suppress(OSError):
            AUTOGROUP.write_text(str(now))
    return now


def program() -> Path:
    """The ``jupyterhub-singleuser`` of this Python's environment."""
    return Path(sys.executable).with_name("jupyterhub-singleuser")


def main(argv: list[str] | None = None) -> None:
    """Lower the priority, then become ``jupyterhub-singleuser`` with ``argv``."""
    args = sys.argv[1:] if argv is None else argv
    lower_priority(SERVER_NICE)
    os.execv(program(), [str(program()), *args])


if __name__ == "__main__":
    main()
