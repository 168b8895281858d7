"""The row key column (``--row-key``): whole numbers that name each row, read once at the edge (7.8; beyond TS 4213).

A Poisson bootstrap gives each row weights that depend only on its key and
the seed (:mod:`iso4213_nb.scale.accumulators.bootstrap`), so the key must be a
whole number: integer columns as they are, text and float cells when they
hold whole numbers.  An empty cell or another value is an error naming the
file, line and column.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from ..scale.accumulators.key_runs import BYTES_PER_RUN, KeyRuns
from ..core.errors import InputError
from .columns import first_true, first_unparsable, to_numpy
from .layout import Header, split_header
from .table import Table, quote


def _bad(table: Table, name: str, row: int) -> InputError:
    text = str(table.columns[name][row].as_py()).strip()
    return InputError("poisson.key_cell", where=table.where(row), name=repr(name), text=quote(text))


def key_column(table: Table, name: str) -> np.ndarray:
    """Column ``name`` of ``table`` as int64 row keys; :class:`InputError` for an empty or not-whole cell (7.8)."""
    column = table.columns[name]
    if column.null_count:
        raise InputError("poisson.key_missing", where=table.where(first_true(pc.is_null(column))), name=repr(name))
    if pa.types.is_integer(column.type):
        try:
            return to_numpy(pc.cast(column, pa.int64()))
        except pa.ArrowInvalid:  # an unsigned key beyond the int64 range
            raise _bad(table, name, first_true(pc.greater(column, 2 ** 63 - 1))) from None
    values = pc.utf8_trim_whitespace(column) if pa.types.is_string(column.type) else column
    try:
        return to_numpy(pc.cast(values, pa.int64()))
    except pa.ArrowInvalid:
        raise _bad(table, name, first_unparsable(values, pa.int64())) from None
    except pa.ArrowNotImplementedError:  # a type that never holds whole numbers (true/false, dates)
        raise _bad(table, name, 0) from None


def key_role(names: list[str], key: str, file: str, *, y_true: str = "y_true", y_pred: str | None = None,
             score: str | None = None, groups=(), columns: dict | None = None) -> str | None:
    """The role column ``key`` has in the layout of ``names`` (a code of ``poisson.ROLE_WORDS``), or None (7.8).

    The layout is the whole-file reader's (:func:`~.layout.split_header`, not
    strict); ``columns`` (``{model: {"_pred": column, "_score": column}}``)
    names the models' columns instead, as ``compare --a/--b`` does.  A header
    the layout cannot read has no role to report: the caller's own check of
    the header without the key names its problem.
    """
    if key == y_true or key.startswith(f"{y_true}_"):
        return "true"
    if columns is not None:
        header = Header(y_true, models=columns)
    else:
        try:
            header = split_header(names, file, y_true=y_true, y_pred=y_pred, score=score, groups=groups,
                                  strict=False)
        except InputError:
            return None
    for cols in header.models.values():
        for kind, column in cols.items():
            if column == key:
                return kind.lstrip("_")
    if key in header.suffixed:
        return "class_score"
    if key in header.groups.values():
        return "group"
    if key == header.weight:
        return "weight"
    return None


def check_keys(table: Table, name: str) -> None:
    """Column ``name`` of a whole table as row keys: whole numbers, each naming one row; :class:`InputError` else (7.8).

    The in-memory bootstrap resamples the rows themselves and needs no key, but
    a key given there is checked as the chunked reader checks it, so that one
    command line means the same whole or in chunks.
    """
    keys = key_column(table, name)
    row = KeyRuns.zero(name, (len(keys) + 1) * BYTES_PER_RUN).first_duplicate(keys)  # room for every key: exact
    if row is not None:
        raise duplicate_key(table, name, keys, row)


def duplicate_key(table: Table, name: str, keys: np.ndarray, row: int) -> InputError:
    """The one-line error of a row key that names row ``row`` of ``table`` and an earlier row (7.8)."""
    return InputError("poisson.duplicate_key_at", where=table.where(row), name=repr(name), key=int(keys[row]))


def without_key(names: list[str], key: str | None, file: str, **layout) -> list[str]:
    """The header ``names`` without the row key column, which must be a column of its own (7.8).

    :class:`InputError` when ``key`` is absent, or when it is a column of the
    layout (the truth, a model's labels or scores, a subgroup, the weights:
    :func:`key_role` with ``layout``), naming that role in one line.
    """
    if key is None:
        return names
    if key not in names:
        raise InputError("poisson.key_column", file=file, name=repr(key))
    role = key_role(names, key, file, **layout)
    if role is not None:
        raise InputError("poisson.key_has_role", file=file, name=repr(key), role_word=f"key_is_{role}")
    return [n for n in names if n != key]
