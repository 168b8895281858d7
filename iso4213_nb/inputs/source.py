"""Where a table comes from: a file, a folder of Parquet files or standard input, read once.

:func:`open_source` turns what the user typed into a local, seekable file
(standard input and other pipes are copied once into a temporary file) and
recognises the format from the first bytes, not from the name.  Every byte is
hashed (SHA-256) as it is read, so :class:`InputSource` records exactly what
was assessed.  Progress is shown on a terminal (:mod:`iso4213_nb.core.progress`).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Self

from ..core import progress
from ..core.errors import InputError
from ..words.i18n import _

#: What the user types for standard input.
STDIN = "-"
class _StandardInput(str):
    """The name of standard input: the text ``standard input`` as data (report.json, the manifest), and the
    active language's words wherever a message formats it (``{file}: ...``) (issue 15: words at the edge)."""

    def __format__(self, spec: str) -> str:
        return format(_("standard input"), spec)

    def __reduce__(self):
        return (_StandardInput, (str(self),))


STDIN_NAME = _StandardInput("standard input")

#: First bytes of the formats that are recognised by content.
COMPRESSION_MAGIC = {b"\x1f\x8b": "gzip", b"\x28\xb5\x2f\xfd": "zstd", b"BZh": "bz2"}
COMPRESSION_SUFFIX = {"gzip": "gz", "zstd": "zst", "bz2": "bz2"}
PARQUET_MAGIC = b"PAR1"
ZIP_MAGIC = b"PK\x03\x04"
OLE_MAGIC = b"\xd0\xcf\x11\xe0"  # legacy .xls
UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")

CHUNK = 1 << 20


@dataclass(frozen=True)
class InputSource:
    """What was read: for the report's audit trail and for every message (clause 8: the audit trail of what was read).

    Attributes
    ----------
    name : the path as the user typed it; ``"standard input"`` for ``-``.
    sha256 : hex SHA-256 of the exact bytes read (for a folder of Parquet files, of their bytes
        concatenated in file-name order).
    size : number of bytes read.
    format : ``"csv"``, ``"tsv"`` (with ``".gz"``, ``".zst"`` or ``".bz2"`` when compressed),
        ``"parquet"`` or ``"xlsx"``.
    """

    name: str
    sha256: str
    size: int
    format: str

    @property
    def file_name(self) -> str:
        """The file's own name without its folders (``"standard input"`` stays): what a shared report shows."""
        return self.name if self.name == STDIN_NAME else Path(self.name).name


class Closing:
    """An open input whose ``with`` block ends by its ``close()`` (beyond TS 4213: the input layer)."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class LocalFile(Closing):
    """A user's input as a regular local file (or a folder of Parquet files) (clause 8: the audit trail of what was read).

    ``path`` is the file to parse; for standard input and pipes it is a
    temporary copy, deleted by :meth:`close`.  ``name`` is what
    messages call it.
    """

    def __init__(self, name: str, path: Path, *, temporary: bool = False):
        self.name, self.path, self.temporary = name, path, temporary

    @property
    def is_dir(self) -> bool:
        return self.path.is_dir()

    def head(self, n: int = 8) -> bytes:
        """The first ``n`` bytes (format detection)."""
        with open(self.path, "rb") as handle:
            return handle.read(n)

    def close(self) -> None:
        if self.temporary:
            self.path.unlink(missing_ok=True)


def display_name(source) -> str:
    """How messages name ``source``: the path as typed, or ``standard input`` (clause 8: the audit trail of what was read)."""
    return STDIN_NAME if str(source) == STDIN else str(source)


def _spool(handle, name: str) -> LocalFile:
    """Copy a stream (standard input, a pipe) once into a temporary file; it is hashed when parsed."""
    fd, tmp = tempfile.mkstemp(prefix="iso4213-nb-input-")
    path = Path(tmp)
    try:
        with os.fdopen(fd, "wb") as out:
            shutil.copyfileobj(handle, out, CHUNK)
    except BaseException:
        path.unlink(missing_ok=True)
        raise
    return LocalFile(name, path, temporary=True)


def open_source(source, stdin=None) -> LocalFile:
    """The user's ``source`` (a path, a :class:`~pathlib.Path` or ``"-"``) as a :class:`LocalFile` (clause 8: the audit trail of what was read).

    ``stdin`` is the binary stream ``-`` stands for (default ``sys.stdin.buffer``).
    Raises :class:`InputError` for a missing or unreadable path.
    """
    name = display_name(source)
    if str(source) == STDIN:
        if stdin is None:
            import sys
            stdin = sys.stdin.buffer
        return _spool(stdin, name)
    path = Path(source)
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise InputError("source.no_such_file", file=name) from None
    except OSError as exc:
        raise InputError("source.unreadable", file=name, detail=exc.strerror) from None
    if stat.S_ISDIR(mode):
        return LocalFile(name, path)
    if stat.S_ISREG(mode):
        if not os.access(path, os.R_OK):
            raise InputError("source.permission_denied", file=name)
        return LocalFile(name, path)
    try:  # a pipe, /dev/stdin, a process substitution: read it once
        with open(path, "rb", buffering=0) as handle:
            return _spool(handle, name)
    except OSError as exc:
        raise InputError("source.unreadable", file=name, detail=exc.strerror) from None


def detect_format(head: bytes, name: str) -> str:
    """``"parquet"``, ``"xlsx"``, a compression name (``"gzip"``, ``"zstd"``, ``"bz2"``) or ``"text"`` (clause 8: the audit trail of what was read)."""
    if head.startswith(PARQUET_MAGIC):
        return "parquet"
    if head.startswith(ZIP_MAGIC):
        return "xlsx"
    if head.startswith(OLE_MAGIC):
        raise InputError("source.legacy_xls", file=name)
    if head.startswith(UTF16_BOMS):
        raise InputError("source.utf16", file=name)
    for magic, compression in COMPRESSION_MAGIC.items():
        if head.startswith(magic):
            return compression
    return "text"


class FileDigest:
    """SHA-256 of a regular file computed on a thread while another reader parses it (clause 8: the audit trail of what was read).

    The parser (pyarrow, in native threads) and the digest read the same bytes
    through the operating system's cache; the file's size and modification
    time are compared before and after, so a file changed while it was read is
    an error rather than a hash of different bytes.  Progress is the digest's.
    ``longest_line`` is the most bytes found between two line breaks (a text
    file's longest line, without its ``\n``): pyarrow parses a line of up to
    twice its block size, so the line limit is checked on the bytes here.
    """

    def __init__(self, local: LocalFile):
        self.local = local
        self._before = local.path.stat()
        self._stop = threading.Event()
        self._result: tuple[str, int] | BaseException | None = None
        self.longest_line = 0
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            digest, size, line = hashlib.sha256(), 0, 0  # line: bytes since the last line break
            with open(self.local.path, "rb", buffering=0) as handle, \
                    progress.bar(total=self._before.st_size, desc=progress.reading(self.local.name), unit="B",
                                 unit_scale=True) as bar:
                while not self._stop.is_set() and (chunk := handle.read(CHUNK)):
                    digest.update(chunk)
                    size += len(chunk)
                    bar.update(len(chunk))
                    first = chunk.find(b"\n")  # a line within one chunk is shorter than any limit worth checking
                    if first < 0:
                        line += len(chunk)
                    else:
                        self.longest_line = max(self.longest_line, line + first)
                        line = len(chunk) - chunk.rfind(b"\n") - 1
            self.longest_line = max(self.longest_line, line)
            self._result = (digest.hexdigest(), size)
        except BaseException as exc:  # handed to the reading thread by result()
            self._result = exc

    def cancel(self) -> None:
        """Stop hashing (the parse failed); waits for the thread."""
        self._stop.set()
        self._thread.join()

    def result(self) -> tuple[str, int]:
        """``(hex digest, size)`` once the whole file is hashed and found unchanged."""
        self._thread.join()
        if isinstance(self._result, BaseException):
            raise InputError("source.unreadable", file=self.local.name, detail=str(self._result))
        after = self.local.path.stat()
        if (after.st_size, after.st_mtime_ns) != (self._before.st_size, self._before.st_mtime_ns):
            raise InputError("source.changed", file=self.local.name)
        return self._result


def read_all(local: LocalFile) -> tuple[bytes, str, int]:
    """All bytes of a regular file with their SHA-256 and size, read with a progress bar (formats that need random
    access: Parquet, xlsx) (clause 8: the audit trail of what was read)."""
    blocks = []
    with open(local.path, "rb", buffering=0) as handle, \
            progress.bar(total=local.path.stat().st_size, desc=progress.reading(local.name), unit="B",
                         unit_scale=True) as bar:
        while block := handle.read(CHUNK):
            blocks.append(block)
            bar.update(len(block))
    data = b"".join(blocks)
    return data, hashlib.sha256(data).hexdigest(), len(data)
