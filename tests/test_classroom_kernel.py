"""The class server's kernel (``mangala_edu.classroom.kernel``): one step behind its server,
and gone at once, with an error, when another kernel has taken one of its ports."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mangala_edu.classroom.kernel import KERNEL_NICE, PORTS_TAKEN, kernel_spec, write_kernel_spec

CHANNELS = ("shell_port", "iopub_port", "stdin_port", "control_port", "hb_port")


def _free_ports(n: int) -> list[int]:
    sockets = [socket.socket() for _ in range(n)]
    for s in sockets:
        s.bind(("127.0.0.1", 0))
    ports = [s.getsockname()[1] for s in sockets]
    for s in sockets:
        s.close()
    return ports


def _connection_file(folder: Path) -> tuple[Path, dict]:
    info = {
        **dict(zip(CHANNELS, _free_ports(len(CHANNELS)), strict=True)),
        "ip": "127.0.0.1",
        "key": "test-key",
        "transport": "tcp",
        "signature_scheme": "hmac-sha256",
        "kernel_name": "python3",
    }
    path = folder / "kernel-test.json"
    path.write_text(json.dumps(info))
    return path, info


def _start(argv: list[str], folder: Path) -> subprocess.Popen:
    return subprocess.Popen(
        argv, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )


def _exited_within(process: subprocess.Popen, seconds: float) -> int | None:
    try:
        return process.wait(seconds)
    except subprocess.TimeoutExpired:
        return None


def test_the_spec_is_this_python_and_lands_first_on_the_path(tmp_path: Path):
    folder = write_kernel_spec(tmp_path / "jupyter")
    assert folder == tmp_path / "jupyter" / "kernels" / "python3"
    spec = json.loads((folder / "kernel.json").read_text())
    assert spec == kernel_spec() and spec["argv"][0] == sys.executable
    assert spec["argv"][-2:] == ["-f", "{connection_file}"]


@pytest.mark.parametrize("launcher", ["mangala_edu.classroom.kernel", "ipykernel_launcher"])
def test_a_kernel_whose_port_is_taken_leaves_at_once(tmp_path: Path, launcher: str):
    """As on a class server over TCP: another kernel took one of the ports, and the server,
    which started the kernel, is already asking it for its ``kernel_info``. IPython's own
    launcher then stays alive and answers nothing (the lesson never runs, and nothing says
    why); the class's kernel leaves with an error, which the pupil's JupyterLab shows. (The
    class server's kernels use Unix sockets, where this cannot happen: tests/hub.)"""
    from jupyter_client import BlockingKernelClient

    connection, info = _connection_file(tmp_path)
    taken = socket.socket()
    taken.bind(("127.0.0.1", info["iopub_port"]))  # another kernel was quicker
    taken.listen()
    kernel = _start([sys.executable, "-m", launcher, "-f", str(connection)], tmp_path)
    server = BlockingKernelClient(connection_file=str(connection))
    server.load_connection_file()
    server.start_channels()
    try:
        for _ in range(5):
            server.kernel_info()
            time.sleep(0.2)
        status = _exited_within(kernel, 10 if launcher == "ipykernel_launcher" else 60)
        if launcher == "ipykernel_launcher":
            assert status is None  # alive, without its ports
        else:
            assert status == PORTS_TAKEN
            assert kernel.stdout and "Address already in use" in kernel.stdout.read()
    finally:
        server.stop_channels()
        taken.close()
        kernel.kill()
        kernel.wait()


@pytest.mark.skipif(not hasattr(os, "nice"), reason="Unix niceness")
def test_a_kernel_runs_behind_its_server_and_answers(tmp_path: Path):
    from jupyter_client import BlockingKernelClient

    connection, _ = _connection_file(tmp_path)
    kernel = _start(
        [sys.executable, "-m", "mangala_edu.classroom.kernel", "-f", str(connection)], tmp_path
    )
    client = BlockingKernelClient(connection_file=str(connection))
    client.load_connection_file()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=60)
        reply = client.execute_interactive(
            "import os; print(os.nice(0), __name__)", timeout=30, output_hook=_keep
        )
        assert reply["content"]["status"] == "ok"
        nice, name = _OUT[-1].split()
        assert int(nice) == min(19, os.nice(0) + KERNEL_NICE) and name == "__main__"
    finally:
        client.stop_channels()
        kernel.kill()
        kernel.wait()


_OUT: list[str] = []


def _keep(message: dict) -> None:
    if message["msg_type"] == "stream":
        _OUT.append(message["content"]["text"].strip())
