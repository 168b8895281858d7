"""Writing a report directory atomically.

The report is built in a fresh temporary directory beside ``--out`` (same
file system, so renames are atomic) and moved into place only after every
file succeeded.  A failure removes the temporary directory and leaves a
previous report untouched.  An existing ``--out`` is replaced only when it is
empty or holds a previous report (a ``report.json``): a mistyped ``--out``
never deletes someone's folder.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path

from ..errors import InputError

MARKER = "report.json"


def check_target(out: Path) -> None:
    """Raise :class:`InputError` when ``out`` exists and is neither an empty folder nor a previous report."""
    if out.is_symlink() or (out.exists() and not out.is_dir()):
        raise InputError(f"--out {out} exists and is not a folder")
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise InputError(f"--out {out} is a folder that holds something other than a report; choose another --out")


def _replace(built: Path, out: Path) -> None:
    if not out.exists():
        os.rename(built, out)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
    os.rename(out, old / out.name)
    try:
        os.rename(built, out)
    except OSError:
        os.rename(old / out.name, out)
        raise
    shutil.rmtree(old, ignore_errors=True)


@contextlib.contextmanager
def atomic_directory(out):
    """Yield a temporary folder beside ``out``; on success it replaces ``out``, on any error it is removed.

    Use as ``with atomic_directory(out) as tmp: ...write into tmp...``.
    """
    out = Path(out)
    check_target(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.partial-", dir=out.parent))
    tmp.chmod(0o755)  # mkdtemp makes it private; the finished report is an ordinary folder
    try:
        yield tmp
        _replace(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
