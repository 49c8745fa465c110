"""A pupil's kernel, started one step behind the pupil's server:
``python -m mangala_edu.classroom.kernel -f CONNECTION_FILE``.

Every kernel of the class server starts through the kernel spec that :func:`write_kernel_spec`
writes for the hub (``JUPYTER_PATH`` of the pupils' servers points to it). The kernel lowers its
priority by :data:`KERNEL_NICE` and then runs the IPython kernel, as ``ipykernel_launcher``
does, in the same process.

Why: jupyter_client starts each kernel in a session of its own, and on Linux a new session is a
new *autogroup* whose niceness starts at 0, whatever the server's was. The 30 kernels of a class
running their lessons then had as much of the machine as the hub, and more than the pupils'
servers, which answer the browser: with the servers slow to answer, JupyterLab showed a lesson
before it knew its kernel, and a pupil's early "Run All" met one "Select Kernel" question for
each code cell (``bench/RESULTS.md``). Behind the servers, the kernels share what is left, all of
them the same, so no pupil's moves wait on another's.

The kernels talk to their servers over Unix sockets (:func:`socket_folder`), not TCP ports.
Each server picks free ports for a kernel it starts and the kernel takes them a moment later;
with 30 servers starting kernels together, another server's kernel took one of them in between
("Address already in use"), in two of three load tests. jupyter_client starts such a kernel
again on the same ports, so it never came up, and the pupil's lesson never ran. Unix sockets
are files in a folder of the pupil's own: nobody else's kernel can take them. Where sockets
cannot be had, a kernel that cannot have its ports leaves with an error at once: IPython's own
kernel then stayed alive without them, waiting for ever, and the pupil saw nothing wrong.

>>> spec = kernel_spec()
>>> spec["argv"][1:3], spec["language"]
(['-m', 'mangala_edu.classroom.kernel'], 'python')
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
import uuid
from pathlib import Path
from typing import Any

from .server import lower_priority

__all__ = [
    "KERNEL_NICE",
    "PORTS_TAKEN",
    "kernel_spec",
    "main",
    "make_socket_folder",
    "socket_folder",
    "write_kernel_spec",
]

KERNEL_NICE = 5
"""How much lower than the pupils' servers their kernels run (Unix niceness)."""

PORTS_TAKEN = 1
"""The kernel's exit status when another process has one of its ports."""

SOCKET_PATH_MAX = 100
"""The longest path of a Unix socket this module makes (Linux allows 107 bytes)."""


def socket_folder(class_folder: Path, user: str, temp: str | None = None) -> Path | None:
    """The folder for the Unix sockets of ``user``'s kernels (their server's
    ``JUPYTER_RUNTIME_DIR``): short, in the system's temporary folder, one per class and pupil,
    only for the hub's own user; ``None`` where a socket's path would be too long there.

    jupyter_client names a kernel's sockets ``kernel-<id>-ipc-<n>`` in that folder, and a Unix
    socket's path has at most 107 bytes: the pupil's home folder, inside the class folder, is
    often too long for it.

    >>> folder = socket_folder(Path("/srv/7A"), "ogrenci1", temp="/tmp")
    >>> folder.parent.name.startswith("mangala-"), folder.name
    (True, 'ogrenci1')
    >>> socket_folder(Path("/srv/7A"), "ogrenci1", temp="/" + "x" * 80) is None
    True
    """
    digest = hashlib.sha256(str(Path(class_folder).resolve()).encode()).hexdigest()[:10]
    folder = Path(temp or tempfile.gettempdir()) / f"mangala-{digest}" / user
    longest = folder / f"kernel-{uuid.UUID(int=0)}-ipc-99"
    if len(os.fsencode(longest)) > SOCKET_PATH_MAX:
        return None
    return folder


def make_socket_folder(folder: Path) -> Path:
    """Create ``folder`` (and its class's folder) for the hub's own user only."""
    for part in (folder.parent, folder):
        part.mkdir(mode=0o700, exist_ok=True)
        part.chmod(0o700)
    return folder


def kernel_spec() -> dict[str, Any]:
    """The kernel spec (``kernel.json``) of the class server's Python kernel."""
    return {
        "argv": [sys.executable, "-m", "mangala_edu.classroom.kernel", "-f", "{connection_file}"],
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
        "metadata": {"debugger": True},
    }


def write_kernel_spec(jupyter_path: Path) -> Path:
    """Write the spec as the ``python3`` kernel of ``jupyter_path`` (a ``JUPYTER_PATH`` entry,
    which comes before the environment's own kernels); return its folder."""
    folder = Path(jupyter_path) / "kernels" / "python3"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "kernel.json").write_text(json.dumps(kernel_spec(), indent=1) + "\n")
    return folder


def main(argv: list[str] | None = None) -> None:
    """Lower the priority, then run the IPython kernel with ``argv`` (``-f CONNECTION_FILE``);
    leave with status 1 if it cannot have its ports."""
    args = sys.argv[1:] if argv is None else argv
    lower_priority(KERNEL_NICE)
    # As ipykernel_launcher: not the working folder on the path while the kernel loads (the
    # kernel puts it back for the pupil's code).
    if sys.path and (sys.path[0] == "" or Path(sys.path[0]) == Path.cwd()):
        del sys.path[0]
    import zmq
    from ipykernel.kernelapp import IPKernelApp

    app = IPKernelApp.instance()
    try:
        app.initialize(args)
    except zmq.ZMQError as error:
        print(f"mangala_edu.classroom.kernel: {error}; leaving", flush=True)
        os._exit(PORTS_TAKEN)
    app.start()


if __name__ == "__main__":
    main()
