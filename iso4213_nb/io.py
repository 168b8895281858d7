"""Reading the two kinds of CSV file an assessment starts from.

* a table of predictions: a header row, then one row per sample (columns such
  as ``y_true``, ``y_pred``, ``score``), read by :func:`read_table`;
* a confusion matrix in the layout of Table A.1 (6.2.2): class labels in the
  first row and in the first column, counts in the body, read by
  :func:`read_matrix`.  Which of the two axes holds the true classes is not in
  the file; the caller states it (``rows="true"|"predicted"``).

Every problem with a file raises :class:`~iso4213_nb.errors.InputError` with
one line naming the file and the problem.
"""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np

from ._checks import as_count_matrix
from .errors import InputError


def _read_rows(path) -> tuple[list[str], list[list[str]]]:
    """Header and body rows of a CSV file, whitespace stripped; one-line errors for unreadable files."""
    path = Path(path)
    if not path.exists():
        raise InputError(f"{path}: no such file")
    if path.is_dir():
        raise InputError(f"{path}: is a directory, not a CSV file")
    try:
        with path.open(newline="", encoding="utf-8-sig") as handle:
            rows = [[cell.strip() for cell in row] for row in csv.reader(handle)]
    except UnicodeDecodeError:
        raise InputError(f"{path}: not a UTF-8 text file") from None
    except csv.Error as exc:
        raise InputError(f"{path}: not a readable CSV file ({exc})") from None
    rows = [row for row in rows if any(row)]
    if not rows:
        raise InputError(f"{path}: the file is empty")
    header, body = rows[0], rows[1:]
    if not body:
        raise InputError(f"{path}: the file has a header row but no data rows")
    for line, row in enumerate(body, start=2):
        if len(row) != len(header):
            raise InputError(f"{path}: row {line} has {len(row)} fields, the header has {len(header)}")
    return header, body


def _column(cells: list[str]) -> np.ndarray:
    """Cells as int64 if all are integers, else float64 if all are numbers (empty cells become NaN), else str."""
    try:
        return np.array([int(c) for c in cells], dtype=np.int64)
    except ValueError:
        pass
    if any(cells):
        try:
            return np.array([float(c) if c else np.nan for c in cells], dtype=np.float64)
        except ValueError:
            pass
    return np.array(cells, dtype=str)


def read_table(path) -> dict[str, np.ndarray]:
    """Columns of a CSV file with a header row.

    Parameters
    ----------
    path : str or Path of a UTF-8 CSV file.

    Returns
    -------
    dict mapping each header name to a 1-D array: int64 when every cell is an
    integer, float64 when every cell is a number (an empty cell is NaN, which
    the later checks reject by name), otherwise str.

    Raises
    ------
    InputError for a missing or empty file, a file without data rows, rows of
    a different length than the header, and empty or repeated column names.
    """
    header, body = _read_rows(path)
    for i, name in enumerate(header, start=1):
        if not name:
            raise InputError(f"{path}: column {i} of the header has no name")
    repeated = sorted({name for name in header if header.count(name) > 1})
    if repeated:
        raise InputError(f"{path}: column name(s) {', '.join(repeated)} appear more than once in the header")
    return {name: _column([row[i] for row in body]) for i, name in enumerate(header)}


def require_columns(table: dict, names, path) -> None:
    """Raise ``InputError("FILE has no column 'x'; columns are: a, b, c")`` for the first missing name."""
    for name in names:
        if name not in table:
            raise InputError(f"{path} has no column {name!r}; columns are: {', '.join(table)}")


def read_matrix(path) -> tuple[list[str], np.ndarray]:
    """A confusion matrix laid out as Table A.1 (6.2.2): labels in the first row and first column.

    The first cell (top left) is ignored.  The labels of the first row and of
    the first column must be the same, in the same order.

    Returns
    -------
    labels : list of str, in matrix order.
    counts : k×k int64 array as it stands in the file (the caller says which
        axis holds the true classes).

    Raises
    ------
    InputError when the file cannot be read, the matrix is not square, the two
    label lists differ, a cell is not a number, or a count is negative or not
    a whole number.
    """
    header, body = _read_rows(path)
    column_labels = header[1:]
    row_labels = [row[0] for row in body]
    if len(row_labels) != len(column_labels):
        raise InputError(f"{path}: the matrix must be square, got {len(row_labels)} rows "
                         f"and {len(column_labels)} columns of counts")
    if row_labels != column_labels:
        raise InputError(f"{path}: row labels {row_labels} differ from column labels {column_labels}; "
                         "both must list the same classes in the same order")
    values = np.empty((len(body), len(column_labels)))
    for i, row in enumerate(body):
        for j, cell in enumerate(row[1:]):
            try:
                values[i, j] = float(cell)
            except ValueError:
                raise InputError(f"{path}: cell in row {row_labels[i]!r}, column {column_labels[j]!r} "
                                 f"is not a number: {cell!r}") from None
    return list(column_labels), as_count_matrix(values, name=str(path))
