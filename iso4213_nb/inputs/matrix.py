"""A confusion matrix laid out as Table A.1 (6.2.2): class labels in the first row and column, counts inside.

Which axis holds the true classes is not in the file; the caller states it
(``rows="true"|"predicted"``).  Counts are whole, non-negative numbers; their
total must stay below 2**53, beyond which a float (every measure of clause 6
is a ratio of counts) cannot hold a count exactly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pyarrow.compute as pc

from ..core.errors import InputError
from .columns import CANONICAL_INTEGER, INT64_CHARS, MAX_CLASSES, int64_labels
from .source import InputSource
from .table import quote, read_table

#: Largest total count computed exactly (2**53: the largest integer up to which every integer is a float).
MAX_TOTAL = 2 ** 53


@dataclass(frozen=True)
class CountMatrix:
    """A checked matrix file (5.1, step 4: reading the models' outputs).

    Attributes
    ----------
    source : InputSource
    labels : list, class labels in file order (integers when every label is a
        canonical integer, text otherwise).
    counts : k×k int64 array as it stands in the file.
    """

    source: InputSource
    labels: list
    counts: np.ndarray


def _count(text: str, decimal: str) -> int | None:
    """The whole number a cell holds, or None when it holds none."""
    if len(text) <= INT64_CHARS and CANONICAL_INTEGER.fullmatch(text):
        return int(text)
    try:
        value = float(text.replace(",", ".") if decimal == "," else text)
    except ValueError:
        return None
    if decimal == "," and "." in text or not math.isfinite(value) or not value.is_integer():
        return None
    return int(value)


def read_matrix(source, *, sep: str | None = None, decimal: str = ".", sheet: str | None = None,
                max_classes: int = MAX_CLASSES, stdin=None) -> CountMatrix:
    """Read and check a confusion matrix file (layout in the module docstring); the top-left cell is ignored (5.1, step 4: reading the models' outputs).

    Raises :class:`InputError` (one line, naming file, line and column) when
    the file cannot be read, the matrix is not square or has more than
    ``max_classes`` classes, the labels of the first row and of the first
    column differ, or a cell is empty, not a whole number, negative, or makes
    the total too large.
    """
    table = read_table(source, header=False, sep=sep, sheet=sheet, stdin=stdin)
    name = table.source.name
    k = len(table.names) - 1
    if k > max_classes:
        raise InputError("matrix.too_many_classes", file=name, count=k, limit=max_classes)
    if k < 2:
        raise InputError("matrix.too_few_columns", file=name, columns=k + 1)
    cells = [pc.utf8_trim_whitespace(table.columns[c]).to_pylist() for c in table.names]
    column_labels = [cells[j][0] for j in range(1, k + 1)]
    row_labels = cells[0][1:]
    if len(row_labels) != k:
        raise InputError("matrix.not_square", file=name, rows=len(row_labels), columns=k)
    for j, label in enumerate(column_labels, start=2):
        if not label:
            raise InputError("matrix.empty_label", place=table.where(0), column=j)
    for i, label in enumerate(row_labels, start=1):
        if not label:
            raise InputError("matrix.empty_label", place=table.where(i), column=1)
    if row_labels != column_labels:
        raise InputError("matrix.labels_differ", file=name, rows=row_labels[:10], columns=column_labels[:10])
    if len(set(column_labels)) != k:
        repeated = next(label for label in column_labels if column_labels.count(label) > 1)
        raise InputError("matrix.repeated_label", file=name, label=quote(repeated))
    counts = np.empty((k, k), dtype=np.int64)
    total = 0
    for j in range(1, k + 1):
        for i in range(1, k + 1):
            text = cells[j][i]
            if not text:
                raise InputError("columns.empty_cell", place=table.where(i), column=j + 1)
            value = _count(text, decimal)
            if value is None:
                raise InputError("matrix.not_a_count", place=table.where(i), column=j + 1, text=quote(text))
            if value < 0:
                raise InputError("matrix.negative_count", place=table.where(i), column=j + 1, text=quote(text))
            total += value
            if total >= MAX_TOTAL:
                raise InputError("matrix.total_too_large", place=table.where(i), column=j + 1, text=quote(text))
            counts[i - 1, j - 1] = value
    labels = int64_labels(column_labels) or column_labels
    return CountMatrix(table.source, labels, counts)
