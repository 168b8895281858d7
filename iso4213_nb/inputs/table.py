"""Reading a table, whatever its format, into columns that remember where each row came from.

CSV and TSV (plain or compressed) are read by pyarrow's multi-threaded CSV
reader with every column as text, so that nothing is guessed at this stage:
typing happens per column, by what the column is for (:mod:`.columns`).
Parquet columns keep their types; Excel cells become text as a person would
type them.  Each data row can be traced back to where the user sees it: the
line of a text file (the header is line 1), the row of a sheet, the row of a
Parquet file (:meth:`Table.where`).
"""

from __future__ import annotations

import bisect
import contextlib
import csv
import functools
import io
import re
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Sequence

import pyarrow as pa
import pyarrow.csv as pa_csv

from ..words.errors import describe
from ..core.errors import InputError
from .source import COMPRESSION_SUFFIX, FileDigest, InputSource, LocalFile, detect_format, open_source, read_all

#: Longest line (and header) of a text file; a longer one is an error, not a memory blow-up.
MAX_LINE_BYTES = 16 << 20
#: Bytes looked at to find the header and the delimiter.
SNIFF_BYTES = 1 << 16
#: Delimiters tried when none is given, in order of preference on a tie.
DELIMITERS = (",", "\t", ";", "|")
SEP_NAMES = {"tab": "\t", "\\t": "\t", "comma": ",", "semicolon": ";", "pipe": "|"}

ColumnChoice = Sequence[str] | Callable[[list[str]], Sequence[str]] | None


def quote(value, limit: int = 40) -> str:
    """A cell or name as a message shows it: in quotes, control characters escaped, long text shortened (5.1, step 4: reading the models' outputs)."""
    text = str(value)
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    if not text.isprintable():
        text = text.encode("unicode_escape").decode("ascii")
    return f"'{text}'"


@dataclass(frozen=True)
class Place:
    """Where a cell is in the user's file, shown in the active language as ``FILE, line 7`` (5.1, step 4: reading the models' outputs).

    ``line``: the line of a text file (the header is line 1); ``row``: the row of a
    Parquet file or of a sheet (``sheet``: its name, quoted, when the workbook has
    several); ``data_row``: the data row when its line cannot be found; none of
    them: some line of the file.  Data only, words at the edge (issue 15).
    """

    file: str
    line: int | None = None
    row: int | None = None
    sheet: str | None = None
    data_row: int | None = None

    def __str__(self) -> str:
        if self.line is not None:
            return describe("table.at_line", {"file": self.file, "line": self.line})
        if self.row is not None and self.sheet is not None:
            return describe("table.at_sheet_row", {"file": self.file, "sheet": self.sheet, "row": self.row})
        if self.row is not None:
            return describe("table.at_row", {"file": self.file, "row": self.row})
        if self.sheet is not None:
            return describe("table.at_sheet", {"file": self.file, "sheet": self.sheet})
        if self.data_row is not None:
            return describe("table.at_data_row", {"file": self.file, "row": self.data_row})
        return describe("table.at_a_line", {"file": self.file})

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def parse_sep(text: str) -> str:
    """The delimiter a ``--sep`` value names: one character, or tab / comma / semicolon / pipe (5.1, step 4: reading the models' outputs)."""
    sep = SEP_NAMES.get(text.lower(), text)
    if len(sep) != 1 or sep in "\r\n\"":
        raise InputError("table.bad_sep", names=["tab", "comma", "semicolon", "pipe"], value=quote(text))
    return sep


@dataclass
class Table:
    """The columns of one input file, not yet typed (5.1, step 4: reading the models' outputs).

    Attributes
    ----------
    source : InputSource
    names : list of str, every column of the file in order (read or not).
    columns : dict name → pyarrow ChunkedArray of the columns read; text for
        CSV, TSV and Excel, the stored type for Parquet.
    n_rows : int, number of data rows.
    """

    source: InputSource
    names: list[str]
    columns: dict[str, pa.ChunkedArray]
    n_rows: int
    _where: Callable[[int], dict] = field(repr=False)

    def where(self, row: int) -> Place:
        """The :class:`Place` of 0-based data row ``row`` (``FILE, line 7``; or ``row 7``, ``sheet S, row 7``)."""
        return Place(**{"file": self.source.name, **self._where(row)})  # a file of a folder names itself

    def require(self, names: Sequence[str]) -> None:
        """Raise ``FILE has no column 'x'; columns are: a, b`` for the first name the file lacks."""
        for name in names:
            if name not in self.names:
                raise InputError("table.no_column", file=self.source.name, column=quote(name), columns=self.names)


def chosen_columns(names: list[str], columns: ColumnChoice, name: str) -> list[str]:
    """The columns to read: all, or those ``columns`` names or picks, each once; one line for a missing one
    (beyond TS 4213: the input layer)."""
    if columns is None:
        return list(names)
    chosen = list(columns(names)) if callable(columns) else list(columns)
    for column in chosen:
        if column not in names:
            raise InputError("table.no_column", file=name, column=quote(column), columns=names)
    return list(dict.fromkeys(chosen))


def check_names(names: list[str], name: str) -> None:
    """Refuse a header with an unnamed or repeated column, in one line naming the file (beyond TS 4213: the input layer)."""
    for i, column in enumerate(names, start=1):
        if not column:
            raise InputError("table.unnamed_column", file=name, number=i)
    seen = set()
    for column in names:
        if column in seen:
            raise InputError("table.duplicate_column", file=name, column=quote(column))
        seen.add(column)


# --- text files -----------------------------------------------------------------------------------------------

def open_decompressed(path: Path, compression: str | None):
    """An Arrow input stream of ``path``, decompressed when ``compression`` names a codec (beyond TS 4213: the input layer)."""
    raw = pa.OSFile(str(path), "rb")
    return pa.CompressedInputStream(raw, compression) if compression else raw


def _prefix(local: LocalFile, compression: str | None) -> bytes:
    try:
        with open_decompressed(local.path, compression) as stream:
            return stream.read(SNIFF_BYTES)
    except (pa.ArrowException, OSError) as exc:
        raise InputError("table.damaged", file=local.name, compression=compression, detail=arrow_message(exc)) from None


def arrow_message(exc: BaseException) -> str:
    """pyarrow's message of ``exc`` on one line, without its parser prefixes, at most 200 characters (beyond TS 4213:
    the input layer)."""
    text = " ".join(str(exc).split())
    for noise in ("CSV parse error: ", "In CSV column #"):
        text = text.replace(noise, "")
    return text[:200]


def sniff_delimiter(lines: list[str], prefer_tab: bool = False) -> str:
    """The delimiter that splits every sampled line into the header's number of fields (most fields wins) (5.1, step 4: reading the models' outputs).

    Lines are complete lines of the file's start; quoted fields are respected.
    Falls back to tab for ``.tsv``/``.tab`` names and to comma otherwise.
    """
    order = ("\t", *[d for d in DELIMITERS if d != "\t"]) if prefer_tab else DELIMITERS
    sample = [line for line in lines[:50] if line.strip()]
    best, best_fields = None, 1
    for sep in order:
        try:
            counts = {len(row) for row in csv.reader(sample, delimiter=sep)}
        except csv.Error:
            continue
        if len(counts) == 1 and (fields := counts.pop()) > best_fields:
            best, best_fields = sep, fields
    return best or ("\t" if prefer_tab else ",")


class TextLines:
    """Maps data rows of a text file to the file's physical line numbers (error messages only: rescans) (beyond TS 4213: the input layer)."""

    def __init__(self, local: LocalFile, compression: str | None, sep: str, header_row: bool):
        self.local, self.compression, self.sep, self.header_row = local, compression, sep, header_row

    def records(self) -> Iterator[tuple[int, list[str]]]:
        """``(first line, fields)`` of each non-empty record of the file, header included, up to a record the
        ``csv`` module cannot read."""
        with open_decompressed(self.local.path, self.compression) as raw:
            text = io.TextIOWrapper(io.BufferedReader(raw), encoding="utf-8-sig", errors="replace", newline="")
            reader = csv.reader(text, delimiter=self.sep)
            previous = 0
            try:
                for record in reader:
                    start, previous = previous + 1, reader.line_num
                    if record:
                        yield start, record
            except csv.Error:
                pass

    def __call__(self, row: int) -> dict:
        for data_row, (line, _record) in enumerate(self.records(), start=-1 if self.header_row else 0):
            if data_row == row:
                return {"line": line}
        return {"data_row": row + 1}


def _sep_name(sep: str) -> str:
    """A delimiter as ``--sep`` takes it: ``','``, ``tab``."""
    return "tab" if sep == "\t" else quote(sep)


def text_header(local: LocalFile, compression: str | None, header: bool, sep: str | None) -> tuple[list[str], str, int]:
    """``(column names, delimiter, rows to skip)`` of a text file from its first bytes (shared with :mod:`.chunks`) (5.1, step 4: reading the models' outputs).

    Raises :class:`InputError` for a binary or non-UTF-8 file, an empty first
    line, a header longer than the sniffed bytes, or duplicate or empty names.
    """
    name = local.name
    prefix = _prefix(local, compression)
    if b"\x00" in prefix:
        raise InputError("table.not_text", file=name)
    if prefix.startswith(b"\xef\xbb\xbf"):
        prefix = prefix[3:]
    complete = len(prefix) < SNIFF_BYTES - 3
    lines = re.split(rb"\r\n|\r|\n", prefix)
    if not complete:
        lines = lines[:-1]
        if not lines:
            raise InputError("table.long_header", file=name, kib=SNIFF_BYTES // 1024)
    try:
        text_lines = [line.decode("utf-8") for line in lines]
    except UnicodeDecodeError:
        raise InputError("table.not_utf8", file=name) from None
    leading_blank = next((i for i, line in enumerate(text_lines) if line.strip()), None)
    if leading_blank is None:
        raise InputError("table.empty_file", file=name)
    if leading_blank:
        raise InputError("table.blank_first_line", file=name)
    forced = sep is not None
    if not forced:
        sep = sniff_delimiter(text_lines, prefer_tab=re.search(r"\.(tsv|tab)(\.\w+)?$", name.lower()) is not None)
    try:
        first = next(csv.reader([text_lines[0]], delimiter=sep))
    except (csv.Error, StopIteration):
        raise InputError("table.unreadable_header", file=name) from None
    if forced and len(first) == 1 and (found := sniff_delimiter(text_lines)) != sep \
            and len(next(csv.reader([text_lines[0]], delimiter=found))) > 1:
        raise InputError("table.other_separator", file=name, sep=_sep_name(sep), found=_sep_name(found))
    if header:
        names = [cell.strip() for cell in first]
        check_names(names, name)
        return names, sep, 1
    return [str(i) for i in range(1, len(first) + 1)], sep, 0


def csv_options(names: list[str], skip: int, sep: str, chosen: list[str]):
    """pyarrow's read, parse and convert options for a text table: every chosen column as text, blank lines skipped
    (5.1, step 4: reading the models' outputs; shared with :mod:`.chunks`).

    A ragged row is pyarrow's error, located afterwards by :func:`text_error`.  No Python callback
    (``invalid_row_handler``) is given to pyarrow: its reading threads hold such a callback and drop it when
    they finish, and one that finished while the interpreter was exiting took the lock only Python may still
    take, and the process aborted (``terminate called without an active exception``, exit 134, after the
    output was written).
    """
    return (pa_csv.ReadOptions(column_names=names, skip_rows=skip, block_size=MAX_LINE_BYTES, use_threads=True),
            pa_csv.ParseOptions(delimiter=sep, newlines_in_values=True),
            pa_csv.ConvertOptions(column_types={c: pa.string() for c in chosen}, include_columns=chosen,
                                  strings_can_be_null=False, quoted_strings_can_be_null=False))


def _read_text(local: LocalFile, compression: str | None, columns: ColumnChoice, header: bool,
               sep: str | None) -> Table:
    name = local.name
    names, sep, skip = text_header(local, compression, header, sep)
    chosen = chosen_columns(names, columns, name)
    read_options, parse_options, convert_options = csv_options(names, skip, sep, chosen)
    where = TextLines(local, compression, sep, header)
    digest = FileDigest(local)
    with text_errors(digest, where, len(names)), open_decompressed(local.path, compression) as stream:
        data = pa_csv.read_csv(stream, read_options=read_options, parse_options=parse_options,
                               convert_options=convert_options)
    table = Table(text_source(digest, compression, sep), names, {c: data.column(c) for c in chosen}, data.num_rows,
                  where)
    if table.n_rows == 0:
        raise InputError("table.no_data_rows" if header else "table.empty_file", file=name)
    return table


@contextlib.contextmanager
def text_errors(digest: FileDigest, where: TextLines, width: int):
    """Within it, pyarrow's failure on a text file of ``width`` columns is its one-line :func:`text_error`, and any
    failure stops ``digest`` (beyond TS 4213: the input layer; shared with :mod:`.chunks`)."""
    try:
        yield
    except pa.ArrowException as exc:
        digest.cancel()
        raise text_error(exc, where, width) from None
    except BaseException:
        digest.cancel()
        raise


def text_source(digest: FileDigest, compression: str | None, sep: str) -> InputSource:
    """What a complete read of a text file read (its SHA-256, size and format), once :func:`check_line_length`
    passes (beyond TS 4213: the input layer; shared with :mod:`.chunks`)."""
    sha256, size = digest.result()
    check_line_length(digest, compression, digest.local.name)
    kind = "tsv" if sep == "\t" else "csv"
    return InputSource(digest.local.name, sha256, size,
                       kind + (f".{COMPRESSION_SUFFIX[compression]}" if compression else ""))


#: pyarrow's words for a row whose number of fields is not the header's.
RAGGED = re.compile(r"Expected \d+ columns, got \d+")


def check_line_length(digest: FileDigest, compression: str | None, name: str) -> None:
    """Refuse a plain text file with a line longer than :data:`MAX_LINE_BYTES`, the documented limit (5.1, step 4:
    reading the models' outputs).

    pyarrow refuses only a line that spans more than two of its blocks, so lines of up to twice the limit would
    pass; the digest, which reads every byte anyway, measures them.  A compressed file's lines are pyarrow's alone.
    """
    if compression is None and digest.longest_line > MAX_LINE_BYTES:
        raise InputError("table.long_line", file=name, mib=MAX_LINE_BYTES >> 20)


def text_error(exc: BaseException, where: TextLines, width: int) -> InputError:
    """The one-line InputError for pyarrow's failure ``exc`` on a text file: a ragged row named by its line, or the
    parser's own words with the file (beyond TS 4213: the input layer)."""
    name, message = where.local.name, arrow_message(exc)
    ragged = _scan_ragged(where, width) if RAGGED.search(message) else None
    if ragged is not None:
        line, fields = ragged
        return InputError("table.ragged_row", place=Place(name, line=line), fields=fields, width=width)
    if "straddling" in message or "block" in message:
        return InputError("table.long_line", file=name, mib=MAX_LINE_BYTES >> 20)
    if "UTF8" in message or "UTF-8" in message:
        return InputError("table.not_utf8", file=name)
    return InputError("table.unreadable", file=name, detail=message)


def _scan_ragged(where: TextLines, width: int) -> tuple[int, int] | None:
    """The line of the first row whose number of fields differs from the header's, and that number (None when
    none is found)."""
    return next(((line, len(record)) for line, record in where.records() if len(record) != width), None)


# --- Excel -----------------------------------------------------------------------------------------------------

def _cell_text(value) -> str:
    """A spreadsheet cell as the text a person would type for it."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 2 ** 53 else repr(value)
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return str(value).strip()


def _check_workbook(data: bytes, name: str) -> None:
    """Refuse a zip archive that holds no workbook (``xl/workbook.xml``), naming a few of its entries: a ``.zip``
    of CSV files, an OpenDocument sheet or a Word file is no damaged ``.xlsx``."""
    import zipfile

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            entries = archive.namelist()
    except (zipfile.BadZipFile, ValueError, OSError):
        return  # a damaged archive: openpyxl's error says so
    if "xl/workbook.xml" not in entries:
        shown = [quote(entry) for entry in entries[:3]] + (["…"] if len(entries) > 3 else [])
        raise InputError("table.zip_not_workbook", file=name, count=len(entries), entries=shown)


def read_xlsx(local: LocalFile, columns: ColumnChoice, header: bool, sheet: str | None) -> Table:
    """The chosen columns of a workbook's sheet (the first, or ``sheet``) as a Table (beyond TS 4213: the input layer)."""
    import openpyxl  # only for workbooks

    name = local.name
    data, sha256, size = read_all(local)
    _check_workbook(data, name)
    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many types on a damaged or foreign zip archive
        raise InputError("table.bad_xlsx", file=name, detail=type(exc).__name__) from None
    try:
        if sheet is None:
            ws = book.worksheets[0]
        elif sheet in book.sheetnames:
            ws = book[sheet]
        else:
            raise InputError("table.no_sheet", file=name, sheet=quote(sheet), sheets=book.sheetnames)
        numbers, rows = [], []
        for number, values in enumerate(ws.iter_rows(values_only=True), start=1):
            cells = [_cell_text(v) for v in values]
            if any(cells):
                numbers.append(number)
                rows.append(cells)
    except InputError:
        raise
    except Exception as exc:
        raise InputError("table.bad_xlsx", file=name, detail=type(exc).__name__) from None
    finally:
        book.close()
    named = len(book.sheetnames) > 1 or sheet is not None
    place = Place(name, sheet=quote(ws.title)) if named else name
    if not rows:
        raise InputError("table.empty_sheet", place=place)
    width = max(len(r) for r in rows)
    while width > 0 and not any(len(r) >= width and r[width - 1] for r in rows):
        width -= 1
    rows = [(r + [""] * width)[:width] for r in rows]
    if header:
        names, numbers, rows = [c.strip() for c in rows[0]], numbers[1:], rows[1:]
        check_names(names, name)
        if not rows:
            raise InputError("table.sheet_without_rows", place=place)
    else:
        names = [str(i) for i in range(1, width + 1)]
    chosen = chosen_columns(names, columns, name)
    index = {n: i for i, n in enumerate(names)}
    cols = {c: pa.chunked_array([pa.array([r[index[c]] for r in rows], type=pa.string())]) for c in chosen}
    source = InputSource(name, sha256, size, "xlsx")
    title = quote(ws.title) if named else None
    return Table(source, names, cols, len(rows), lambda row: {"sheet": title, "row": numbers[row]})


# --- Parquet ---------------------------------------------------------------------------------------------------

def parquet_files(local: LocalFile) -> list[Path]:
    """The Parquet files of a folder in file-name order, hidden ones (``.``, ``_``) left out; refuses a folder with none
    (beyond TS 4213: the input layer)."""
    files = sorted(p for p in local.path.rglob("*") if p.is_file()
                   and not any(part.startswith((".", "_")) for part in p.relative_to(local.path).parts))
    if not files:
        raise InputError("table.folder_without_parquet", file=local.name)
    for path in files:
        with open(path, "rb") as handle:
            if handle.read(4) != b"PAR1":
                raise InputError("table.folder_with_other_file", file=local.name, part=str(path.relative_to(local.path)))
    return files


def _read_parquet(local: LocalFile, columns: ColumnChoice) -> Table:
    import hashlib

    import pyarrow.parquet as pq

    name = local.name
    paths = parquet_files(local) if local.is_dir else [local.path]
    digest, size, tables, names, parts, first = hashlib.sha256(), 0, [], None, [], 0
    for path in paths:
        part = LocalFile(name if path == local.path else f"{name}/{path.relative_to(local.path)}", path)
        data, _, n = read_all(part)
        digest.update(data)
        size += n
        try:
            parquet = pq.ParquetFile(pa.BufferReader(data))
            file_names = parquet.schema_arrow.names
            if names is None:
                names = list(file_names)
                check_names(names, name)
                chosen = chosen_columns(names, columns, name)
            elif list(file_names) != names:
                raise InputError("table.parts_differ", part=part.name, file=name)
            tables.append(parquet.read(columns=chosen))
            parts.append((first, part.name))
            first += tables[-1].num_rows
        except pa.ArrowException as exc:
            raise InputError("table.bad_parquet", file=part.name, detail=arrow_message(exc)) from None
    try:
        data = pa.concat_tables(tables)
    except pa.ArrowException:
        raise InputError("table.parts_types_differ", file=name) from None
    if data.num_rows == 0:
        raise InputError("table.parquet_without_rows", file=name)
    source = InputSource(name, digest.hexdigest(), size, "parquet")
    return Table(source, names, {c: data.column(c) for c in chosen}, data.num_rows,
                 functools.partial(parquet_place, parts if local.is_dir else []))


def parquet_place(parts: list[tuple[int, str]], row: int) -> dict:
    """Where 0-based data row ``row`` of a Parquet file or folder is: its row, in the file that holds it (5.1, step 4: reading the models' outputs).

    ``parts``: ``(first data row, name)`` of each file of a folder in reading order (empty for one file).
    """
    if not parts:
        return {"row": row + 1}
    first, name = parts[bisect.bisect_right([start for start, _ in parts], row) - 1]
    return {"file": name, "row": row - first + 1}


# --- any of them -----------------------------------------------------------------------------------------------

def read_table(source, *, columns: ColumnChoice = None, header: bool = True, sep: str | None = None,
               sheet: str | None = None, stdin=None) -> Table:
    """Read a table once: CSV or TSV (plain, ``.gz``, ``.zst``, ``.bz2``), Parquet (file or folder) or ``.xlsx`` (5.1, step 4: reading the models' outputs).

    Parameters
    ----------
    source : a path, a :class:`~pathlib.Path`, or ``"-"`` for standard input.
    columns : the names to read (each must exist), a function choosing them
        from the header's names, or None for all.
    header : True when the first row holds column names; False (matrices)
        names the columns ``"1"``, ``"2"``, ... and keeps the first row as data.
    sep : the delimiter of a text file (default: sniffed from its first lines).
    sheet : the sheet of a workbook (default: the first).
    stdin : the binary stream ``"-"`` reads (default: ``sys.stdin.buffer``).

    The format is recognised from the content.  Raises :class:`InputError`
    with one line naming the file (and line, column) for any problem.
    """
    with open_source(source, stdin=stdin) as local:
        fmt = table_format(local, sep, sheet)
        if fmt == "parquet":
            return _read_parquet(local, columns)
        if fmt == "xlsx":
            return read_xlsx(local, columns, header, sheet)
        table = _read_text(local, None if fmt == "text" else fmt, columns, header, sep)
        if local.temporary:  # keep the copy of standard input while messages may need its line numbers
            local.temporary = False
            weakref.finalize(table, local.path.unlink, missing_ok=True)
        return table


def table_format(local: LocalFile, sep: str | None, sheet: str | None) -> str:
    """The format of ``local`` as :func:`~.source.detect_format` names it, ``"parquet"`` for a folder; refuses
    ``sep`` or ``sheet`` given for a format without them (beyond TS 4213: the input layer; shared with
    :mod:`.chunks`)."""
    if local.is_dir:
        if sep is not None or sheet is not None:
            raise InputError("table.folder_options", file=local.name)
        return "parquet"
    fmt = detect_format(local.head(), local.name)
    if sheet is not None and fmt != "xlsx":
        raise InputError("table.sheet_not_xlsx", file=local.name)
    return fmt
