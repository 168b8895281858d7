"""Ctrl-C and SIGTERM in the middle of a real `iso4213-nb report` run: one line, exit 130/143, nothing left behind.

Each test starts the command as a subprocess with its own temporary folder
(``TMPDIR``), waits until the build is under way (its partial folder or the
kernel's socket folder exists) and sends the signal to the command's process.
"""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from iso4213_nb.report.atomic import PARTIAL_PREFIX
from iso4213_nb.report.execute import KERNEL_PREFIX

PREDICTIONS = "y_true,a_pred,a_score,b_score\n1,1,0.9,0.8\n0,0,0.2,0.3\n1,0,0.4,0.7\n0,1,0.6,0.1\n1,1,0.8,0.6\n"
EXIT = {signal.SIGINT: 130, signal.SIGTERM: 143}
WORDS = {signal.SIGINT: "interrupted (Ctrl-C)", signal.SIGTERM: "terminated (SIGTERM)"}


def _default_signals():
    """In the child: SIGINT and SIGTERM as on a terminal (a background job inherits an ignored SIGINT)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _wait_for(folder: Path, prefix: str, process, timeout=180):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if any(p.name.startswith(prefix) for p in folder.iterdir()):
            return
        if process.poll() is not None:
            pytest.fail(f"the build ended before {prefix}* appeared: {process.communicate()}")
        time.sleep(0.05)
    process.kill()
    pytest.fail(f"no {prefix}* folder within {timeout} s")


@pytest.fixture
def short_temp():
    """A TMPDIR short enough for the kernel's Unix sockets (a deep tmp_path sends them to /tmp instead)."""
    folder = Path(tempfile.mkdtemp(prefix="sig-", dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.slow
@pytest.mark.parametrize("moment", ["partial folder", "imports after the partial folder", "kernel running"])
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_signal_mid_build_leaves_nothing(tmp_path, signum, moment, short_temp):
    work, temp = tmp_path / "work", short_temp
    work.mkdir()
    (work / "p.csv").write_text(PREDICTIONS)
    env = dict(os.environ, TMPDIR=str(temp))
    process = subprocess.Popen([sys.executable, "-m", "iso4213_nb", "report", "--predictions", "p.csv",
                                "--out", "report", "--format", "html"],
                               cwd=work, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=_default_signals)
    if moment == "partial folder":
        _wait_for(work, PARTIAL_PREFIX, process)
    elif moment == "imports after the partial folder":  # once ended by SIGINT (-2) instead of exit 130
        _wait_for(work, PARTIAL_PREFIX, process)
        time.sleep(0.08)
    else:
        _wait_for(temp, KERNEL_PREFIX, process)
        time.sleep(0.5)
    process.send_signal(signum)
    out, err = process.communicate(timeout=120)
    assert process.returncode == EXIT[signum], err
    assert err.count("\n") == 1 and err.startswith(f"iso4213-nb report: {WORDS[signum]}"), err
    assert "Traceback" not in err and out == ""
    assert sorted(p.name for p in work.iterdir()) == ["p.csv"]
    assert list(temp.iterdir()) == []
    ps = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout
    assert str(temp) not in ps  # the kernel, started with its connection file in TMPDIR, is gone
