"""Reading a predictions file in chunks of rows: bounded memory, the checks of the whole-file reader.

:class:`TableChunks` hands on :class:`~.table.Table` chunks of at most ``chunk_rows`` rows (CSV or TSV
through pyarrow's streaming reader, Parquet row group by row group, a workbook read whole and sliced) whose
``where`` names the line of the whole file, and hashes the file on the way: a second pass (DeLong's test)
must see the same bytes.  :class:`PredictionChunks` types each chunk with the whole-file reader's helpers.
Labels stay text while streaming (:class:`LabelCodes`) and are typed once every row is read
(:func:`typed_labels`), since a later chunk may hold a label such as ``a`` or ``01`` that changes the
typing of all.

Memory: one chunk's columns at a time.  With the default of
:data:`DEFAULT_CHUNK_ROWS` rows (one million) a chunk of a label, a predicted
label and a score column takes about 30 MB as arrays and 16 MiB of CSV text
per block, so a run stays well under 200 MB besides the states it feeds.
"""

from __future__ import annotations

import copy
import functools
import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

import numpy as np
import pyarrow as pa
import pyarrow.csv as pa_csv

from ..scale.accumulators.key_runs import KeyRuns
from ..core.errors import InputError
from .columns import (MAX_CLASSES, group_column, int64_labels, label_texts, score_column, too_many_labels,
                      weight_column)
from .label_chunks import label_chunks, label_layout
from .layout import Header, resolve_classes
from .options import BOOTSTRAP_MEMORY, DEFAULT_CHUNK_ROWS
from .predictions import chunk_schema, typed_names
from .keys import duplicate_key, key_column, without_key
from .source import CHUNK, Closing, FileDigest, InputSource, display_name, open_source
from .table import (Place, Table, arrow_message, check_names, chosen_columns, open_decompressed, parquet_files, read_xlsx,
                    TextLines, csv_options, parquet_place, quote, table_format, text_errors, text_header, text_source)


def chunk_rows_value(value) -> int:
    """``value`` as a number of rows per chunk (a whole number of at least 1) (beyond TS 4213: chunked input)."""
    try:
        rows = int(value)
    except (TypeError, ValueError):
        rows = 0
    if rows < 1 or str(value).strip() not in (str(rows), f"{rows}.0"):
        raise InputError("chunks.bad_chunk_rows", value=quote(value))
    return rows


def _rebatch(batches, rows: int) -> Iterator[pa.Table]:
    """Record batches regrouped into tables of exactly ``rows`` rows (the last may be shorter)."""
    pending, count = [], 0
    for batch in batches:
        while batch.num_rows:
            take = min(rows - count, batch.num_rows)
            pending.append(batch.slice(0, take))
            count += take
            batch = batch.slice(take)
            if count == rows:
                yield pa.Table.from_batches(pending)
                pending, count = [], 0
    if count:
        yield pa.Table.from_batches(pending)


def _row_group_batches(parquet, rows: int, columns: list[str]) -> Iterator[pa.RecordBatch]:
    """The record batches of a Parquet file, one row group's reader at a time.

    One reader over every row group keeps memory for each group it has read
    (about 8 MB per million rows with pyarrow 26: 800 MB at 100 M rows); a
    reader per row group frees it, so memory stays that of one chunk.
    """
    for group in range(parquet.num_row_groups):
        yield from parquet.iter_batches(batch_size=rows, row_groups=[group], columns=columns, use_threads=True)


def hash_files(paths: list[Path]) -> tuple[str, int, list]:
    """SHA-256 and size of the files' bytes in order, and each file's (size, mtime) to detect a change (beyond TS 4213: the input layer)."""
    digest, size, stamps = hashlib.sha256(), 0, []
    for path in paths:
        stamp = path.stat()
        stamps.append((stamp.st_size, stamp.st_mtime_ns))
        with open(path, "rb", buffering=0) as handle:
            while block := handle.read(CHUNK):
                digest.update(block)
                size += len(block)
    return digest.hexdigest(), size, stamps


class TableChunks(Closing):
    """A table opened for reading in chunks (a context manager; iterate once per pass) (beyond TS 4213: chunked input).

    Parameters
    ----------
    source : a path, a folder of Parquet files, or ``"-"`` (standard input, copied once to a
        temporary file so that a second pass can read it again).
    columns : names to read, or a function choosing them from the header (as :func:`~.table.read_table`).
    chunk_rows : rows per chunk.
    sep, sheet, stdin : as :func:`~.table.read_table`.
    row_group : read only this row group of a Parquet file (one part of a Dask reduction); its rows
        keep their numbers in the whole file, and the file is not hashed (``source.sha256`` is empty).

    Attributes ``names`` (every column of the file) and ``chosen`` are known
    once opened; ``start``, the whole file's 0-based index of the current chunk's first row, while
    iterating; ``source`` (:class:`~.source.InputSource` with the SHA-256) and ``n_rows`` after a complete pass.
    """

    def __init__(self, source, *, columns=None, chunk_rows: int = DEFAULT_CHUNK_ROWS, sep: str | None = None,
                 sheet: str | None = None, stdin=None, row_group: int | None = None):
        self.chunk_rows = chunk_rows_value(chunk_rows)
        self.row_group = row_group
        self.local = open_source(source, stdin=stdin)
        self._parts: list[tuple[int, str]] = []  # (first data row, name) of each file of a Parquet folder read so far
        self.source: InputSource | None = None
        self.n_rows = 0
        try:
            self._open(columns, sep, sheet)
        except BaseException:
            self.local.close()
            raise

    def _open(self, columns, sep, sheet) -> None:
        local = self.local
        name = local.name
        fmt = table_format(local, sep, sheet)
        self.format = fmt if fmt in ("parquet", "xlsx") else "text"
        self.compression = None if fmt in ("text", "parquet", "xlsx") else fmt
        self.paths = parquet_files(local) if local.is_dir else [local.path]
        if self.format == "parquet":
            import pyarrow.parquet as pq

            try:
                self.names = list(pq.ParquetFile(self.paths[0]).schema_arrow.names)
            except pa.ArrowException as exc:
                raise InputError("table.bad_parquet", file=name, detail=arrow_message(exc)) from None
            check_names(self.names, name)
            self._where = functools.partial(parquet_place, self._parts)
        elif self.row_group is not None:
            raise InputError("chunks.row_group_not_parquet", file=name)
        elif self.format == "xlsx":
            self._whole = read_xlsx(local, None, True, sheet)
            self.names, self._where = self._whole.names, self._whole._where
        else:
            self.names, self.sep, self.skip = text_header(local, self.compression, True, sep)
            self._where = TextLines(local, self.compression, self.sep, True)
        self.chosen = chosen_columns(self.names, columns, name)
        self._chunk_source = InputSource(name, "", 0, self.format)

    def place(self, row: int) -> Place:
        """Where 0-based data row ``row`` is: ``FILE, line 7``, or the file within a folder and its row (beyond TS 4213: chunked input)."""
        return Place(**{"file": self.local.name, **self._where(row)})

    def _table(self, data: pa.Table, start: int) -> Table:
        where = functools.partial(lambda offset, row: self._where(offset + row), start)
        return Table(self._chunk_source, self.names, {c: data.column(c) for c in self.chosen}, data.num_rows, where)

    def __iter__(self) -> Iterator[Table]:
        """One pass over the rows: :class:`~.table.Table` chunks whose ``where`` names lines of the whole file."""
        passes = {"text": self._text_pass, "parquet": self._parquet_pass, "xlsx": self._xlsx_pass}
        self._offset = start = 0
        self._parts.clear()
        for data in passes[self.format]():
            self.start = self._offset + start
            yield self._table(data, self.start)
            start += data.num_rows
        if start == 0 and self.row_group is None:
            raise InputError("table.no_data_rows" if self.format != "parquet" else "table.parquet_without_rows",
                             file=self.local.name)
        self.n_rows = start

    def _finish(self, source: InputSource) -> None:
        if self.source is not None and self.source.sha256 != source.sha256:
            raise InputError("source.changed", file=self.local.name)
        self.source = source

    def _text_pass(self) -> Iterator[pa.Table]:
        read, parse, convert = csv_options(self.names, self.skip, self.sep, self.chosen)
        digest = FileDigest(self.local)
        with text_errors(digest, self._where, len(self.names)), \
                open_decompressed(self.local.path, self.compression) as stream:
            reader = pa_csv.open_csv(stream, read_options=read, parse_options=parse, convert_options=convert)
            yield from _rebatch(reader, self.chunk_rows)
        self._finish(text_source(digest, self.compression, self.sep))

    def _parquet_pass(self) -> Iterator[pa.Table]:
        import pyarrow.parquet as pq

        if self.row_group is not None:
            yield from self._row_group_pass()
            return
        sha256, size, stamps = hash_files(self.paths)
        schema, first = None, 0
        for path in self.paths:
            part = self.local.name if path == self.local.path else f"{self.local.name}/{path.relative_to(self.local.path)}"
            try:
                parquet = pq.ParquetFile(path)
                if part != self.local.name:  # a file of a folder: its rows are named in it, as on Dask
                    self._parts.append((first, part))
                    first += parquet.metadata.num_rows
                if list(parquet.schema_arrow.names) != self.names:
                    raise InputError("table.parts_differ", part=part, file=self.local.name)
                for data in _rebatch(_row_group_batches(parquet, self.chunk_rows, self.chosen), self.chunk_rows):
                    if schema is not None and not data.schema.equals(schema):
                        raise InputError("table.parts_types_differ", file=self.local.name)
                    schema = data.schema
                    yield data
            except pa.ArrowException as exc:
                raise InputError("table.bad_parquet", file=part, detail=arrow_message(exc)) from None
        if [(p.stat().st_size, p.stat().st_mtime_ns) for p in self.paths] != stamps:
            raise InputError("source.changed", file=self.local.name)
        self._finish(InputSource(self.local.name, sha256, size, "parquet"))

    def _row_group_pass(self) -> Iterator[pa.Table]:
        import pyarrow.parquet as pq

        try:
            parquet = pq.ParquetFile(self.paths[0])
            self._offset = sum(parquet.metadata.row_group(g).num_rows for g in range(self.row_group))
            batches = parquet.iter_batches(batch_size=self.chunk_rows, row_groups=[self.row_group],
                                           columns=self.chosen, use_threads=False)
            yield from _rebatch(batches, self.chunk_rows)
        except pa.ArrowException as exc:
            raise InputError("table.bad_parquet", file=self.local.name, detail=arrow_message(exc)) from None
        self._finish(InputSource(self.local.name, "", 0, "parquet"))

    def _xlsx_pass(self) -> Iterator[pa.Table]:
        whole = pa.table({c: self._whole.columns[c] for c in self.chosen})
        for start in range(0, whole.num_rows, self.chunk_rows):
            yield whole.slice(start, self.chunk_rows)
        self._finish(self._whole.source)

    def close(self) -> None:
        """Remove the temporary copy of standard input, if any (beyond TS 4213: chunked input)."""
        self.local.close()


def typed_labels(texts) -> dict:
    """Label text → label, by the whole-file rule of :mod:`.columns` (:func:`~.predictions.typed_names`): all
    integers or all text (5.1, step 4: reading the models' outputs)."""
    texts = list(texts)
    return dict(zip(texts, typed_names(texts)))


@dataclass
class LabelCodes:
    """Every label text seen so far → a small integer code, and the first row each code was seen in, per column (beyond TS 4213: chunked input)."""

    max_classes: int = MAX_CLASSES
    texts: list = field(default_factory=list)
    index: dict = field(default_factory=dict)
    first: dict = field(default_factory=dict)

    def code(self, text: str) -> int:
        """The code of ``text`` (a new code for a text not seen before) (beyond TS 4213: chunked input)."""
        if text not in self.index:
            self.index[text] = len(self.texts)
            self.texts.append(text)
        return self.index[text]

    def encode(self, table: Table, column: str, indices: np.ndarray, texts: list, start: int,
               order=None, names=()) -> np.ndarray:
        """The codes of a label column of one chunk, given as ``indices`` into its distinct ``texts``
        (:func:`~.columns.label_texts`); new texts get their codes in sorted order (``order``: the sort key,
        ``int`` when the chunk's labels are integers); more than ``max_classes`` labels in the label columns
        ``names`` together is an error (beyond TS 4213: chunked input)."""
        for text in sorted(set(texts), key=order):
            self.code(text)
        local = np.array([self.index[text] for text in texts], dtype=np.int64)
        if len(self.texts) > self.max_classes:
            raise too_many_labels(table.source.name, names, self.max_classes)
        codes = local[indices]
        seen = self.first.setdefault(column, {})
        for code in dict.fromkeys(local.tolist()):
            if code not in seen:
                seen[code] = start + int(np.argmax(codes == code))
        return codes


@dataclass
class PredictionChunk:
    """One chunk of a predictions file, typed (beyond TS 4213: chunked input).

    Attributes
    ----------
    start : 0-based index of the chunk's first data row in the whole file.
    y_true : int64 codes of the true labels (:attr:`PredictionChunks.codes`).
    pred : model name → int64 codes of its predicted labels (models with a label column).
    scores : model name → float64 scores (models with a score column).
    classes : model name → float64 rows × k class scores (``<model>_score_<class>``, in
        :attr:`PredictionChunks.class_texts` order).
    weight : float64 sample weights (the ``weight`` column), or None.
    groups : subgroup attribute → its values as text.
    key : int64 row keys (the ``key`` column of :class:`PredictionChunks`), or None.
    """

    start: int
    y_true: np.ndarray
    pred: dict
    scores: dict
    classes: dict = field(default_factory=dict)
    weight: np.ndarray | None = None
    groups: dict = field(default_factory=dict)
    key: np.ndarray | None = None

    def __len__(self) -> int:
        return len(self.y_true)


def _class_suffix(column: str) -> str | None:
    """The class a ``<model>_score_<class>`` (or ``score_<class>``) column names, read at its last ``_score_``."""
    if column.startswith("score_"):
        return column[len("score_"):] or None
    if "_score_" in column:
        return column[column.rindex("_score_") + len("_score_"):] or None
    return None


def class_columns(header: Header, texts: list[str], file: str, *, strict: bool = True) -> dict[str, list[str]]:
    """Model → its ``<model>_score_<class>`` columns in the order of ``texts`` (class texts), by the whole-file rules.

    :func:`~.layout.resolve_classes` on a copy of ``header``, so every
    message is the whole-file reader's (beyond TS 4213: chunked input; 6.4).
    """
    return resolve_classes(copy.deepcopy(header), sorted(typed_names(texts)), file, strict=strict)


class PredictionChunks(Closing):
    """A predictions file (schema of :mod:`.predictions`) read in chunks; iterate once per pass (beyond TS 4213: chunked input).

    Takes :func:`~.predictions.read_predictions`' reading arguments (``sep``, ``decimal``, ``sheet``,
    ``max_classes``, ``y_true``, ``y_pred``, ``score``, ``strict``, ``groups``, ``stdin``), ``chunk_rows`` and
    ``row_group`` (:class:`TableChunks`), and:

    * ``multilabel``: read a multi-label file (6.5) too, as :class:`~.label_chunks.LabelChunk` objects
      (``label_layout`` holds its columns); without it such a file is refused in one line;
    * ``columns`` (``{model: {"_pred": column, "_score": column}}``): the models' columns instead of the
      schema (``compare``'s ``--a`` and ``--b``);
    * ``key`` (``--row-key``): each chunk's row keys are checked against every key before them, a second row
      of a key being an error naming its line; ``key_runs`` (:class:`~iso4213_nb.scale.accumulators.key_runs.KeyRuns`,
      at most ``key_memory`` bytes) holds the pass's keys, to merge with other parts'.

    ``models`` maps each model to its columns (``{}`` for class scores only), ``codes`` holds the label texts,
    ``score_range`` each scored model's smallest and largest score; ``source`` and ``n_rows`` are set after a
    complete pass.  Optional columns get the whole-file reader's checks (that not every weight is 0 is
    checked once every row is read).  The class of a ``<model>_score_<class>`` column is read from its name
    (after its last ``_score_``) and checked by :func:`~.layout.resolve_classes` now and, on the typed classes
    of ``y_true``, once every row is read (:func:`check_class_columns`).  The other checks that need every
    row are the caller's: :meth:`first_row` names the line where a label first appeared.
    """

    def __init__(self, source, *, chunk_rows: int = DEFAULT_CHUNK_ROWS, sep: str | None = None, decimal: str = ".",
                 max_classes: int = MAX_CLASSES, sheet: str | None = None, y_true: str = "y_true",
                 y_pred: str | None = None, score: str | None = None, strict: bool = True, stdin=None,
                 row_group: int | None = None, columns: dict | None = None, groups=(), key: str | None = None,
                 multilabel: bool = False, key_memory: int = BOOTSTRAP_MEMORY):
        if decimal not in (".", ","):
            raise InputError("chunks.bad_decimal", value=quote(decimal))
        self.y_true, self.decimal = y_true, decimal
        self.models: dict[str, dict[str, str]] = {}
        self.class_columns: dict[str, list[str]] = {}
        self.class_texts: list[str] = []
        self.weight: str | None = None
        self.groups: dict[str, str] = {}
        self.label_layout = None  # multilabel=True and a multi-label file: its columns (label_chunks.LabelLayout)
        file = display_name(source)

        def choose(names: list[str]) -> list[str]:
            names = without_key(names, key, file, y_true=y_true, y_pred=y_pred, score=score, groups=groups,
                                columns=columns)
            if columns is not None:
                if y_true not in names:
                    truth = [name for name in names if name.startswith(f"{y_true}_")]
                    if truth:  # a multi-label file, whose models compare reads whole
                        raise InputError("predictions.chunks_single_label", file=file, columns=list(map(quote, truth)))
                    return [y_true]
                self.models.update(columns)
            else:
                if multilabel:
                    self.label_layout = label_layout(names, file, y_true=y_true, y_pred=y_pred, score=score,
                                                     strict=strict, groups=groups)
                if self.label_layout is not None:
                    self.weight, self.groups = self.label_layout.header.weight, self.label_layout.header.groups
                    return self.label_layout.columns
                header = chunk_schema(names, y_true, y_pred, score, strict, file, groups)
                texts = sorted({t for t in map(_class_suffix, header.suffixed) if t is not None})
                if header.suffixed:
                    self.class_columns = class_columns(header, texts, file, strict=strict)
                    self.class_texts = [str(label) for label in sorted(typed_names(texts))]
                self.models.update(header.models)
                self.models.update({m: {} for m in self.class_columns if m not in self.models})
                self.weight, self.groups = header.weight, header.groups
            return list(dict.fromkeys([y_true, *(c for cols in self.models.values() for c in cols.values()),
                                       *(c for cols in self.class_columns.values() for c in cols),
                                       *self.groups.values(), *([self.weight] if self.weight else []),
                                       *([key] if key else [])]))

        self.key, self.key_memory = key, key_memory
        self.key_runs: KeyRuns | None = None
        self.table = TableChunks(source, columns=choose, chunk_rows=chunk_rows, sep=sep, sheet=sheet, stdin=stdin,
                                 row_group=row_group)
        self.codes = LabelCodes(max_classes)
        self.score_range: dict[str, tuple[float, float]] = {}

    @property
    def name(self) -> str:
        """The input as messages name it (beyond TS 4213: chunked input)."""
        return self.table.local.name

    @property
    def source(self) -> InputSource | None:
        """What was read, with its SHA-256, once a pass is complete (beyond TS 4213: chunked input)."""
        return self.table.source

    @property
    def n_rows(self) -> int:
        """Data rows of the last complete pass (beyond TS 4213: chunked input)."""
        return self.table.n_rows

    def __iter__(self) -> Iterator[PredictionChunk]:
        if self.label_layout is not None:  # a multi-label file: label_chunks.LabelChunk objects
            yield from label_chunks(self)
            return
        label_names = [self.y_true, *(cols["_pred"] for cols in self.models.values() if "_pred" in cols)]
        self.key_runs = KeyRuns.zero(self.key, self.key_memory) if self.key else None  # each pass anew
        for table in self.table:
            start = self.table.start
            typed = label_texts(table, label_names, self.codes.max_classes)
            order = int if int64_labels({t for _, texts in typed.values() for t in texts}) is not None else None
            y = self.codes.encode(table, self.y_true, *typed[self.y_true], start, order, label_names)
            pred, scores = {}, {}
            for model, cols in self.models.items():
                if "_pred" in cols:
                    pred[model] = self.codes.encode(table, cols["_pred"], *typed[cols["_pred"]], start, order,
                                                    label_names)
                if "_score" in cols:
                    s = scores[model] = score_column(table, cols["_score"], self.decimal)
                    low, high = self.score_range.get(model, (np.inf, -np.inf))
                    self.score_range[model] = (min(low, float(s.min())), max(high, float(s.max())))
            classes = {model: np.column_stack([score_column(table, c, self.decimal) for c in cols])
                       for model, cols in self.class_columns.items()}
            weight = weight_column(table, self.weight, self.decimal, whole=False) if self.weight else None
            groups = {name: group_column(table, column, self.codes.max_classes) for name, column in self.groups.items()}
            keys = self._keys(table) if self.key else None
            yield PredictionChunk(start, y, pred, scores, classes, weight, groups, keys)

    def _keys(self, table: Table) -> np.ndarray:
        """The row keys of one chunk, each checked against every key before it (:class:`KeyRuns`)."""
        keys = key_column(table, self.key)
        row = self.key_runs.first_duplicate(keys)
        if row is not None:
            raise duplicate_key(table, self.key, keys, row)
        return keys

    def first_row(self, column: str, text: str) -> Place:
        """Where label ``text`` first appeared in ``column``: ``"FILE, line 7"`` (or row) (beyond TS 4213: chunked input)."""
        row = self.codes.first[column][self.codes.index[text]]
        return self.table.place(row)

    def close(self) -> None:
        """Remove the temporary copy of standard input, if any (beyond TS 4213: chunked input)."""
        self.table.close()


def check_class_columns(class_columns: dict, labels: list, file: str, y_true: str = "y_true") -> None:
    """Once every row is read: the class-score columns against the typed classes of ``y_true`` (6.4; beyond TS 4213: chunked input).

    The whole-file reader's :func:`~.layout.resolve_classes` on the final
    classes, so a column whose class ``y_true`` never holds, or a class with
    no column, is refused with its message.  ``class_columns`` (model →
    columns in the order read) must come out in the same order.
    """
    header = Header(y_true, suffixed=[c for cols in class_columns.values() for c in cols])
    resolved = resolve_classes(header, labels, file, strict=True)
    if resolved != {model: list(cols) for model, cols in class_columns.items()}:
        raise InputError("chunks.class_order", file=file, y_true=y_true)
