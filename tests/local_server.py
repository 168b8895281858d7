"""A server the browser tests start on loopback: one free port, wait until it listens, stop its whole group.

Used by the Voilà and JupyterLab tests; the server's kernels belong to its
process group, so stopping the group stops them and nothing else.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def serving(argv: list[str], port: int, *, cwd: Path, env: dict, log_path: Path, name: str, timeout: float):
    """Run ``argv`` (a server listening on ``port``) until the block ends; fail the test if it does not start."""
    with open(log_path, "w") as log:
        server = subprocess.Popen(argv, cwd=cwd, stdout=log, stderr=subprocess.STDOUT, env=env,
                                  start_new_session=True)
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"{name} did not start: {log_path.read_text()[-2000:]}")
                time.sleep(0.2)
        yield
    finally:
        with contextlib.suppress(ProcessLookupError):  # a server that died on start has no group left
            os.killpg(server.pid, signal.SIGTERM)  # the server and the kernels it started, nothing else
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
