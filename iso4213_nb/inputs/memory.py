"""How much memory reading a predictions file whole would take, estimated before a row is read.

``metrics``, ``compare`` and ``report`` read a file whole unless it would take
more than a memory budget; then they read it in chunks (``--chunk-rows``) on
their own.  The model, measured on the whole-file path of ``metrics``
(``benchmarks/README.md``, 2026-11-26: peak resident memory of a 30M-row
Parquet file read with three columns and with two, less that of a 10-row
file), is one number per row and one per column:

    bytes ≈ rows × (:data:`ROW_BYTES` + :data:`COLUMN_BYTES` × columns)
            (+ :data:`TEXT_LINE_FACTOR` × the mean line length, for text files)

The rows come from the Parquet metadata (exact) or, for text, from the file
size over the mean length of the first lines (for compressed text, the
compressed size × :data:`COMPRESSION_RATIO`).  Every column of the file
counts.  Beyond TS 4213: resource planning of the command line.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

#: Bytes per row whatever the columns, and per row and column, of the whole-file path (measured: 104 B/row with
#: three columns, 96 with two; most of it is DeLong's placement values and the sorts of the scores).
ROW_BYTES = 80
COLUMN_BYTES = 8
#: Text files: the parsed text costs about twice its bytes on top.
TEXT_LINE_FACTOR = 2
#: Compressed text: the size is taken as this many times the compressed size (CSV of numbers compresses 3–6 ×).
COMPRESSION_RATIO = 5
#: The default budget is the smaller of this and a quarter of the memory available.
BUDGET_CAP = 1 << 30
#: Bytes of the start of a text file read to learn its columns and line length.
SAMPLE_BYTES = 1 << 16

_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}
_SIZE = re.compile(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*([kmgt]?)(?:i?b)?\s*", re.I)
_COMPRESSION = {b"\x1f\x8b": "gzip", b"\x28\xb5\x2f\xfd": "zstd", b"BZh": "bz2"}


@dataclass(frozen=True)
class Estimate:
    """What reading a file whole would take: ``rows`` and ``columns`` (estimated for text), ``bytes`` by the
    model of the module docstring, and ``basis``: ``"parquet"`` (row counts from the metadata), ``"text"`` or
    ``"compressed"`` (from the file size).  Beyond TS 4213: resource planning."""

    rows: int
    columns: int
    bytes: int
    basis: str


def parse_size(text: str) -> int:
    """``"512M"``, ``"1.5GiB"``, ``"2g"``, ``"800000000"`` → bytes (powers of 1024); ValueError otherwise
    (beyond TS 4213: resource planning)."""
    found = _SIZE.fullmatch(str(text))
    if found is None:
        raise ValueError(text)
    value = int(float(found.group(1)) * _UNITS[found.group(2).lower()])
    if value <= 0:
        raise ValueError(text)
    return value


def available_memory() -> int | None:
    """Bytes of memory available to a new process (Linux ``MemAvailable``, else the free pages), or None when the
    system does not say (beyond TS 4213: resource planning)."""
    try:
        with open("/proc/meminfo", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return None


def default_budget() -> int:
    """The smaller of :data:`BUDGET_CAP` and a quarter of :func:`available_memory` (beyond TS 4213: resource planning)."""
    available = available_memory()
    return BUDGET_CAP if available is None else min(BUDGET_CAP, available // 4)


def whole_file_bytes(rows: int, columns: int, line_bytes: float = 0.0) -> int:
    """The model of the module docstring: bytes the whole-file path takes for ``rows`` × ``columns`` (and text lines
    of ``line_bytes`` on average) (beyond TS 4213: resource planning)."""
    return int(rows * (ROW_BYTES + COLUMN_BYTES * columns + TEXT_LINE_FACTOR * line_bytes))


def estimate(source) -> Estimate | None:
    """The :class:`Estimate` for ``source`` (a Parquet file or folder, a text file, compressed or not), or None
    when it cannot be made before reading (standard input, a pipe or device such as ``/dev/stdin``, whose bytes
    can be read only once, a workbook, a path that is not there, a folder of no files: the reader then says what is
    wrong) (beyond TS 4213: resource planning)."""
    path = Path(str(source))
    if str(source) == "-" or not (path.is_file() or path.is_dir()):
        return None
    if path.is_dir():
        files = sorted(p for p in path.rglob("*") if p.is_file() and not any(
            part.startswith((".", "_")) for part in p.relative_to(path).parts))
    else:
        files = [path]
    if not files:  # a folder with no file to read: the reader says so
        return None
    with open(files[0], "rb") as handle:
        head = handle.read(4)
    if head == b"PAR1":
        return _parquet(files)
    if head.startswith(b"PK") or path.is_dir():
        return None
    compression = next((name for magic, name in _COMPRESSION.items() if head.startswith(magic)), None)
    return _text(path, compression)


def _parquet(files: list[Path]) -> Estimate | None:
    import pyarrow.parquet as pq

    try:
        metadata = [pq.ParquetFile(file).metadata for file in files]
    except Exception:  # a damaged file: the reader names the problem
        return None
    rows = sum(m.num_rows for m in metadata)
    columns = metadata[0].num_columns
    return Estimate(rows, columns, whole_file_bytes(rows, columns), "parquet")


def _text(path: Path, compression: str | None) -> Estimate | None:
    import pyarrow as pa

    from .table import sniff_delimiter

    try:
        with pa.input_stream(str(path), compression=compression) as stream:
            sample = stream.read(SAMPLE_BYTES)
    except (pa.ArrowException, OSError):
        return None
    lines = sample.split(b"\n")[:-1] if len(sample) == SAMPLE_BYTES else sample.split(b"\n")
    lines = [line for line in lines if line.strip()]
    if len(lines) < 2:
        return None
    texts = [line.decode("utf-8", "replace") for line in lines]
    columns = len(texts[0].split(sniff_delimiter(texts, prefer_tab=path.suffix in (".tsv", ".tab"))))
    line_bytes = sum(len(line) + 1 for line in lines[1:]) / (len(lines) - 1)
    size = path.stat().st_size * (COMPRESSION_RATIO if compression else 1)
    rows = int(max(size - len(lines[0]) - 1, 0) / line_bytes)
    return Estimate(rows, columns, whole_file_bytes(rows, columns, line_bytes), "compressed" if compression else "text")
