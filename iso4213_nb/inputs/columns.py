"""Typing the columns of a :class:`~.table.Table`: labels, scores, counts.

Labels are compared exactly as written, spaces included (``' cat'`` and
``'cat'`` are two labels).  Only when *every* label of the
columns typed together is a canonical integer (``-?(0|[1-9][0-9]*)``: no sign
``+``, no leading zero, no spaces inside) do they become integers, so ``01``
and ``1`` are two labels, and ``1`` in one column equals ``1`` in another.
Integers outside the 64-bit range stay exact text.  The number of distinct
labels is limited (``max_classes``) and counted before anything of the size
of the classes is allocated.

Scores are real numbers, ``.`` or ``,`` as the decimal mark; missing, NaN
and infinite values are errors naming the file, line and column.
"""

from __future__ import annotations

import math
import re

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from ..core.errors import InputError
from .options import MAX_CLASSES
from .table import Table, quote

CANONICAL_INTEGER = re.compile(r"-?(0|[1-9][0-9]*)")
INT64 = (-(2 ** 63), 2 ** 63 - 1)
#: Most characters of a label that may still be a 64-bit integer (a sign and 19 digits): a longer one stays text
#: and is never given to ``int()``, whose limit on digits (4,300) would raise.
INT64_CHARS = 20
#: Largest label array kept as fixed-width text; beyond it labels are Python strings (object array).
MAX_TEXT_BYTES = 1 << 30


def first_true(mask) -> int | None:
    """Index of the first true value of a boolean arrow array, or None (beyond TS 4213: the input layer)."""
    found = pc.indices_nonzero(mask.combine_chunks() if isinstance(mask, pa.ChunkedArray) else mask)
    return found.slice(0, 1).to_pylist()[0] if len(found) else None


def to_numpy(values) -> np.ndarray:
    """A fixed-width arrow column without nulls as a numpy array, zero-copy when it is one chunk (5.1, step 4: reading the models' outputs).

    (pyarrow's own ``to_numpy`` imports pandas when it is installed, seconds on a cold start.)
    """
    array = values.combine_chunks() if isinstance(values, pa.ChunkedArray) else values
    dtype = np.dtype(array.type.to_pandas_dtype())
    return np.frombuffer(array.buffers()[1], dtype=dtype, count=len(array), offset=array.offset)


def _is_text(kind: pa.DataType) -> bool:
    return pa.types.is_string(kind) or pa.types.is_large_string(kind)


def _missing(table: Table, name: str, row: int) -> InputError:
    return InputError("columns.empty_cell", place=table.where(row), column=quote(name))


def _texts(dictionary: pa.Array, table: Table, name: str) -> list[str | None]:
    """The distinct values of a column as the text they are written as, spaces included (``' cat'`` is not
    ``'cat'``).

    None stands for a missing value (empty or blank text, NaN).
    """
    kind = dictionary.type
    if pa.types.is_boolean(kind):
        return ["1" if v else "0" for v in dictionary.to_pylist()]
    if _is_text(kind):
        return _written(dictionary.to_pylist())
    if pa.types.is_integer(kind):
        return [str(v) for v in dictionary.to_pylist()]
    if pa.types.is_floating(kind):
        values = [v if math.isfinite(v) else None for v in dictionary.to_pylist()]
        if all(v is None or v.is_integer() for v in values):
            return [None if v is None else str(int(v)) for v in values]
        return [None if v is None else repr(v) for v in values]
    try:
        return [str(v) for v in pc.cast(dictionary, pa.string()).to_pylist()]
    except pa.ArrowException:
        raise _not_labels(table, name, kind) from None


def _written(texts: list[str]) -> list[str | None]:
    """Text cells as written; None for a blank one (a missing value)."""
    return [v if v.strip() else None for v in texts]


def _not_labels(table: Table, name: str, kind: pa.DataType) -> InputError:
    return InputError("columns.not_labels", file=table.source.name, column=quote(name), type=str(kind))


def _dictionary_encoded(table: Table, name: str) -> pa.DictionaryArray:
    """Column ``name`` as codes into its distinct values; a column of lists, structs or maps (Parquet) is an error
    naming the column and its type, since such cells are no single label."""
    column = table.columns[name]
    if pa.types.is_nested(column.type):
        raise _not_labels(table, name, column.type)
    return pc.dictionary_encode(column.combine_chunks() if column.num_chunks != 1 else column.chunk(0))


def _one_character_codes(column) -> tuple[np.ndarray, list[str]] | None:
    """``(indices, distinct texts)`` of a text column whose every cell is one ASCII character (``0``/``1``, a digit, a
    letter), read straight from its bytes; None for any other column (then :func:`_dictionary_encoded` hashes it).

    A ``bincount`` of the bytes instead of a hash of a million strings, for the commonest labels of all.
    """
    if not pa.types.is_string(column.type) or column.null_count or len(column) == 0:
        return None
    array = column.combine_chunks() if isinstance(column, pa.ChunkedArray) else column
    offsets = np.frombuffer(array.buffers()[1], dtype=np.int32, count=len(array) + 1, offset=4 * array.offset)
    if not (np.diff(offsets) == 1).all():
        return None
    data = np.frombuffer(array.buffers()[2], dtype=np.uint8, count=len(array), offset=int(offsets[0]))
    present = np.flatnonzero(np.bincount(data, minlength=256))
    if present[-1] >= 128:  # a byte of a longer UTF-8 character: not one character
        return None
    lookup = np.zeros(256, dtype=np.int32)
    lookup[present] = np.arange(len(present), dtype=np.int32)
    return lookup[data], [chr(byte) for byte in present.tolist()]


def label_texts(table: Table, names, max_classes: int = MAX_CLASSES) -> dict[str, tuple[np.ndarray, list[str]]]:
    """The label columns ``names`` as codes into their distinct texts, checked as :func:`label_columns` checks them
    (5.1, step 4: reading the models' outputs).

    Returns name → ``(indices, texts)``: the column as indices (a numpy array) into ``texts``, its distinct values
    as the text they are written as (two entries may share a text: ``0.0`` and ``-0.0`` of a float column).
    Reading in chunks needs no more: a label's code depends only on its text.

    Raises :class:`InputError` for an empty cell (or NaN), and for more than
    ``max_classes`` distinct labels, before the label arrays are built.
    """
    encoded = {}
    for name in names:
        found = _one_character_codes(table.columns[name])
        if found is None:
            codes = _dictionary_encoded(table, name)
            if codes.indices.null_count:
                raise _missing(table, name, first_true(pc.is_null(codes.indices)))
            indices, count = to_numpy(codes.indices), len(codes.dictionary)
        else:
            indices, count = found[0], len(found[1])
        if count > max_classes:
            raise InputError("columns.too_many_labels", file=table.source.name, column=quote(name),
                             count=count, limit=max_classes)
        values = _texts(codes.dictionary, table, name) if found is None else _written(found[1])
        if None in values:
            index = values.index(None)
            raise _missing(table, name, int(np.argmax(indices == index)))
        encoded[name] = indices, values
    every = {t for _, values in encoded.values() for t in values}
    if len(every) > max_classes:
        raise too_many_labels(table.source.name, names, max_classes)
    return encoded


def too_many_labels(file: str, names, limit: int) -> InputError:
    """The error for label columns ``names`` of ``file`` that hold more than ``limit`` distinct labels together,
    as every reader words it (5.1, step 4: reading the models' outputs)."""
    return InputError("columns.too_many_labels_together", file=file, columns=[quote(n) for n in names], limit=limit)


def label_columns(table: Table, names, max_classes: int = MAX_CLASSES) -> dict[str, tuple[np.ndarray, list]]:
    """Type the label columns ``names`` together (one label space) (5.1, step 4: reading the models' outputs).

    Returns name → ``(array, labels)``: the column as a 1-D array (int64 when
    every label of every column named is a canonical integer within 64 bits,
    else text) and its sorted distinct labels as Python values.  Raises :class:`InputError` as :func:`label_texts`.
    """
    encoded = label_texts(table, names, max_classes)
    as_integers = int64_labels({t for _, values in encoded.values() for t in values}) is not None
    typed = {}
    for name, (indices, texts) in encoded.items():
        if as_integers:
            values = [int(t) for t in texts]
            lookup = np.array(values, dtype=np.int64)
        else:
            values = texts
            wide = 4 * max(map(len, values)) * len(indices) > MAX_TEXT_BYTES
            lookup = np.array(values, dtype=object if wide else str)
        typed[name] = (lookup[indices], sorted(set(values)))
    return typed


def int64_labels(texts) -> list[int] | None:
    """``texts`` as integers when every one is a canonical integer within 64 bits, else None (5.1, step 4: reading
    the models' outputs).

    A text too long for a 64-bit integer is never given to ``int()``, so a label of thousands of digits stays
    text instead of meeting Python's limit on the digits of an integer string.
    """
    texts = list(texts)
    if not all(len(t) <= INT64_CHARS and CANONICAL_INTEGER.fullmatch(t) for t in texts):
        return None
    values = [int(t) for t in texts]
    return values if all(INT64[0] <= v <= INT64[1] for v in values) else None


def match_label(text, labels: list, what_word: str):
    """The label among ``labels`` written exactly as ``text`` (``2`` is label 2; ``02`` is not) (5.1, step 4: reading the models' outputs).

    ``what_word`` names the option in the error, as a key of :data:`iso4213_nb.words.errors.columns.WORDS`.
    """
    for label in labels:
        if str(label) == str(text):
            return label
    shown = ", ".join(map(str, labels[:20])) + (" …" if len(labels) > 20 else "")
    raise InputError("columns.not_a_label", what_word=what_word, text=quote(text), labels=shown)


def first_unparsable(column: pa.ChunkedArray, to: pa.DataType = pa.float64()) -> int:
    """Index of the first cell that does not cast to ``to`` (a number by default) (bisection with vectorised casts) (beyond TS 4213: the input layer)."""
    array = column.combine_chunks() if isinstance(column, pa.ChunkedArray) else column
    low, high = 0, len(array)
    while high - low > 1:
        middle = (low + high) // 2
        try:
            pc.cast(array.slice(low, middle - low), to)
            low = middle
        except pa.ArrowInvalid:
            high = middle
    return low


def score_column(table: Table, name: str, decimal: str = ".") -> np.ndarray:
    """A column of real-valued scores as float64; ``decimal`` is the decimal mark of text cells (5.1, step 4: reading the models' outputs).

    Raises :class:`InputError` naming the first cell that is empty, not a
    number, NaN or infinite.
    """
    column = table.columns[name]
    column_name = quote(name)
    if _is_text(column.type):
        if decimal == ",":
            row = first_true(pc.match_substring(column, "."))
            if row is not None:
                raise InputError("columns.decimal_point", place=table.where(row), column=column_name,
                                 text=quote(column[row].as_py().strip()))
            column = pc.replace_substring(column, ",", ".")
        try:
            values = pc.cast(column, pa.float64())
        except pa.ArrowInvalid:
            try:
                values = pc.cast(pc.utf8_trim_whitespace(column), pa.float64())
            except pa.ArrowInvalid:
                row = first_unparsable(pc.utf8_trim_whitespace(column))
                text = table.columns[name][row].as_py().strip()
                if not text:
                    raise _missing(table, name, row) from None
                raise InputError("columns.not_a_number_comma" if decimal == "." and "," in text
                                 else "columns.not_a_number", place=table.where(row), column=column_name,
                                 text=quote(text)) from None
    elif pa.types.is_integer(column.type) or pa.types.is_floating(column.type) or pa.types.is_decimal(column.type):
        values = pc.cast(column, pa.float64(), safe=False)
    elif pa.types.is_boolean(column.type):
        raise InputError("columns.boolean_scores", file=table.source.name, column=column_name)
    else:
        raise InputError("columns.not_scores", file=table.source.name, column=column_name)
    if values.null_count:
        raise _missing(table, name, first_true(pc.is_null(values)))
    array = to_numpy(values)
    bad = ~np.isfinite(array)
    if bad.any():
        row = int(np.argmax(bad))
        raise InputError("columns.not_finite", place=table.where(row), column=column_name,
                         text=quote(str(table.columns[name][row].as_py()).strip()))
    return array


def is_numeric_text(table: Table, name: str) -> bool:
    """True when every cell of column ``name`` reads as a number and at least one is not an integer (scores) (5.1, step 4: reading the models' outputs)."""
    column = table.columns[name]
    if pa.types.is_floating(column.type):
        values = column
    elif pa.types.is_string(column.type) or pa.types.is_large_string(column.type):
        try:
            values = pc.cast(pc.utf8_trim_whitespace(column), pa.float64())
        except pa.ArrowInvalid:
            return False
    else:
        return False
    values = pc.drop_null(values)
    return len(values) > 0 and not pc.all(pc.equal(pc.round(values), values)).as_py()


def indicator_column(table: Table, name: str) -> np.ndarray:
    """A column of 0/1 indicators (multi-label, 6.5) as int8; ``true``/``false`` cells of Parquet count as 1/0.

    Raises :class:`InputError` naming the first cell that is empty or neither 0 nor 1.
    """
    codes = _dictionary_encoded(table, name)
    if codes.indices.null_count:
        raise _missing(table, name, first_true(pc.is_null(codes.indices)))
    texts = _texts(codes.dictionary, table, name)
    indices = to_numpy(codes.indices)
    for i, text in enumerate(texts):
        if text not in ("0", "1"):
            row = int(np.argmax(indices == i))
            if text is None:
                raise _missing(table, name, row)
            raise InputError("columns.not_an_indicator", place=table.where(row), column=quote(name), text=quote(text))
    lookup = np.array([1 if t == "1" else 0 for t in texts] or [0], dtype=np.int8)
    return lookup[indices]


def weight_column(table: Table, name: str, decimal: str = ".", *, whole: bool = True) -> np.ndarray:
    """A column of sample weights as float64: finite, non-negative, not all zero (scikit-learn's ``sample_weight``) (5.1, step 4: reading the models' outputs).

    Raises :class:`InputError` naming the first negative cell, or the column when every weight is 0
    (``whole=False``: a chunk of the file, whose reader checks the total once every chunk is read).
    """
    weights = score_column(table, name, decimal)
    negative = weights < 0
    if negative.any():
        row = int(np.argmax(negative))
        raise InputError("columns.negative_weight", place=table.where(row), column=quote(name),
                         text=quote(str(table.columns[name][row].as_py()).strip()))
    if whole and not weights.any():
        raise zero_weights(table.source.name, name)
    return weights


def zero_weights(file: str, name: str) -> InputError:
    """The error of a weight column whose weights are all 0 (5.1, step 4: reading the models' outputs)."""
    return InputError("columns.zero_weights", file=file, column=quote(name))


def group_column(table: Table, name: str, max_classes: int = MAX_CLASSES) -> np.ndarray:
    """A subgroup attribute (5.3.2) as text (values exactly as written, spaces included); empty cells are errors."""
    values, _ = label_columns(table, [name], max_classes)[name]
    return values.astype(str) if values.dtype.kind != "O" else values
