"""Writing a report folder without ever losing a file this tool did not write.

The report is built in a fresh temporary folder beside ``--out`` (same file
system, so renames are atomic) and moved into place only after every file
succeeded; a failure, Ctrl-C or SIGTERM removes the temporary folder and
leaves a previous report untouched.

An existing ``--out`` is replaced only when it is empty or when it is a
report folder whose every file (recursively) is listed in its own
``manifest.json`` with the SHA-256 this tool recorded.  Hashes rather than
names: a user who edits ``report.html`` or drops their own ``report.json``
into the folder has made a file this tool did not write, and only the hash
tells the two apart.  The current folder, the home folder, ``/`` and every
folder that contains one of them are refused whatever spelling reaches them
(``.``, ``$PWD``, ``..``-forms, symbolic links).

Every temporary folder this tool makes (:func:`make_temp_folder`) has a
recognisable name prefix *and* a marker file naming the process that made
it; :func:`remove_stale` deletes only folders with both whose process has
ended, so a killed run is cleaned up by the next one and nothing else is
ever deleted.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import tempfile
import threading
from pathlib import Path

from ..core.errors import InputError
from .manifest import MANIFEST, TEMP_MARKER, read_manifest, sha256_file

#: Name prefixes of this tool's temporary folders beside ``--out``: the report being built, the one it replaces.
PARTIAL_PREFIX = ".iso4213-nb-partial-"
OLD_PREFIX = ".iso4213-nb-old-"

_SIGNALS = (signal.SIGINT, signal.SIGTERM)


@contextlib.contextmanager
def signals_deferred():
    """Hold SIGINT and SIGTERM back while a short cleanup or rename runs; they are delivered afterwards.

    The Python-level handlers are swapped for ones that only record the signal (blocking the signal with
    ``pthread_sigmask`` would not do: a process-directed signal then goes to another thread, such as ZeroMQ's). Outside
    the main thread, where handlers cannot be set, nothing is deferred (clause 8; beyond TS 4213: atomic report
    folders)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    received: list[int] = []
    previous = {signum: signal.signal(signum, lambda signum, frame: received.append(signum)) for signum in _SIGNALS}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        for signum in dict.fromkeys(received):
            os.kill(os.getpid(), signum)


def _process_start(pid: int) -> str | None:
    """The start time of process ``pid`` from /proc (guards against a reused pid), None where unknown."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return None


def make_temp_folder(parent: Path, prefix: str) -> Path:
    """A new folder ``parent/<prefix>XXXX`` holding the marker file; mode 0755 like an ordinary folder
    (clause 8; beyond TS 4213: atomic report folders)."""
    parent.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix=prefix, dir=parent))
    try:
        folder.chmod(0o755)
        owner = {"pid": os.getpid(), "start": _process_start(os.getpid()), "host": socket.gethostname()}
        (folder / TEMP_MARKER).write_text(json.dumps(owner), encoding="utf-8")
    except BaseException:  # interrupted before the marker was written: nobody else could ever remove it
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return folder


def _is_stale(folder: Path) -> bool:
    """True when ``folder`` carries this tool's marker and the process that made it has ended on this host."""
    try:
        owner = json.loads((folder / TEMP_MARKER).read_text(encoding="utf-8"))
        pid, start, host = int(owner["pid"]), owner.get("start"), owner["host"]
    except (OSError, ValueError, KeyError, TypeError):
        return False
    if host != socket.gethostname():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return start is not None and _process_start(pid) not in (None, start)


def remove_stale(parent: Path, prefixes) -> list[Path]:
    """Delete this tool's temporary folders in ``parent`` left by runs that ended; returns what was removed.

    Only directories (not symbolic links) whose name starts with one of
    ``prefixes`` and that hold a :data:`TEMP_MARKER` of a finished process
    are removed (clause 8; beyond TS 4213: atomic report folders).
    """
    removed = []
    try:
        entries = list(os.scandir(parent))
    except OSError:
        return removed
    for entry in entries:
        if (entry.name.startswith(tuple(prefixes)) and entry.is_dir(follow_symlinks=False)
                and _is_stale(Path(entry.path))):
            with signals_deferred():
                shutil.rmtree(entry.path, ignore_errors=True)
            removed.append(Path(entry.path))
    return removed


def _refused_place(out: Path) -> str | None:
    """Why ``out`` may never be replaced (it is or holds the current folder, the home folder or /), else None.

    The reason is a key of :data:`iso4213_nb.words.errors.report.WORDS`.
    """
    resolved = out.resolve()
    if resolved == Path(resolved.anchor):
        return "is_root"
    for name, place in (("cwd", Path.cwd()), ("home", Path.home())):
        place = place.resolve()
        if resolved == place:
            return f"is_{name}"
        if place.is_relative_to(resolved):
            return f"contains_{name}"
    return None


def _foreign(folder: Path, listed: dict, base: Path) -> tuple[str, str] | None:
    """The first entry under ``folder`` this tool did not write, as (relative path, why), or None.

    Why is a key of :data:`iso4213_nb.words.errors.report.WORDS`.

    Returns None also for a folder that holds listed files only; an empty
    sub-folder is foreign (the manifest lists files, so nobody vouches for it).
    """
    entries = sorted(os.scandir(folder), key=lambda e: e.name)
    if folder != base and not entries:
        return folder.relative_to(base).as_posix(), "empty_folder"
    for entry in entries:
        path = Path(entry.path)
        rel = path.relative_to(base).as_posix()
        if rel == MANIFEST:
            continue
        if entry.is_symlink():
            return rel, "symbolic_link"
        if entry.is_dir():
            found = _foreign(path, listed, base)
            if found:
                return found
            continue
        if rel not in listed:
            return rel, "not_listed"
        if not entry.is_file() or sha256_file(path) != listed[rel]["sha256"]:
            return rel, "changed_after"
    return None


def check_target(out) -> None:
    """Raise :class:`InputError` (one line naming what is in the way) unless ``out`` may be (re)placed.

    Allowed: a path that does not exist, an empty folder, or a report folder every file of which is listed with its
    SHA-256 in its own manifest.json (clause 8; beyond TS 4213: atomic report folders)."""
    out = Path(out)
    why = _refused_place(out)
    if why:
        raise InputError("report.refused_place", out=str(out), why_word=why, example="report")
    if out.is_symlink():
        raise InputError("report.out_symlink", out=str(out))
    if not out.exists():
        return
    if not out.is_dir():
        raise InputError("report.out_not_folder", out=str(out))
    entries = sorted(p.name for p in out.iterdir())
    if not entries:
        return
    if MANIFEST not in entries:
        raise InputError("report.out_not_report", out=str(out), entry=entries[0], manifest=MANIFEST)
    manifest = read_manifest(out)
    found = _foreign(out, manifest["files"], out)
    if found:
        raise InputError("report.out_foreign", out=str(out), entry=found[0], why_word=found[1])


def _replace(built: Path, out: Path) -> None:
    """Move ``built`` to ``out``, first moving an existing ``out`` (checked again now) aside and deleting it."""
    check_target(out)
    (built / TEMP_MARKER).unlink()
    if not out.exists():
        os.rename(built, out)
        return
    old = make_temp_folder(out.parent, OLD_PREFIX)
    os.rename(out, old / "previous")
    try:
        os.rename(built, out)
    except OSError:
        os.rename(old / "previous", out)
        raise
    shutil.rmtree(old, ignore_errors=True)


@contextlib.contextmanager
def atomic_directory(out):
    """Yield a temporary folder beside ``out``; on success it replaces ``out``, on any error it is removed.

    Use as ``with atomic_directory(out) as tmp: ...write into tmp...``.  The
    target is checked (:func:`check_target`) before and again just before the
    replacement; stale temporary folders of earlier runs beside ``out`` are
    removed first (:func:`remove_stale`) (clause 8; beyond TS 4213: atomic report folders).
    """
    out = Path(out)
    check_target(out)
    parent = out.resolve().parent
    remove_stale(parent, (PARTIAL_PREFIX, OLD_PREFIX))
    tmp = None
    try:
        tmp = make_temp_folder(parent, PARTIAL_PREFIX)  # assigned inside the try: no signal slips in between
        yield tmp
        with signals_deferred():
            _replace(tmp, out)
    except BaseException:
        if tmp is not None:
            with signals_deferred():
                shutil.rmtree(tmp, ignore_errors=True)
        raise
