"""The row key column (``--row-key``): whole numbers that name each row, read once at the edge (7.8; beyond TS 4213).

A Poisson bootstrap gives each row weights that depend only on its key and
the seed (:mod:`iso4213_nb.accumulators.bootstrap`), so the key must be a
whole number: integer columns as they are, text and float cells when they
hold whole numbers.  An empty cell or another value is an error naming the
file, line and column.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from ..errors import InputError
from .columns import _first, _first_unparsable, to_numpy
from .table import Table, quote


def _bad(table: Table, name: str, row: int) -> InputError:
    text = str(table.columns[name][row].as_py()).strip()
    return InputError("poisson.key_cell", where=table.where(row), name=repr(name), text=quote(text))


def key_column(table: Table, name: str) -> np.ndarray:
    """Column ``name`` of ``table`` as int64 row keys; :class:`InputError` for an empty or not-whole cell (7.8)."""
    column = table.columns[name]
    if column.null_count:
        raise InputError("poisson.key_missing", where=table.where(_first(pc.is_null(column))), name=repr(name))
    if pa.types.is_integer(column.type):
        try:
            return to_numpy(pc.cast(column, pa.int64()))
        except pa.ArrowInvalid:  # an unsigned key beyond the int64 range
            raise _bad(table, name, _first(pc.greater(column, 2 ** 63 - 1))) from None
    values = pc.utf8_trim_whitespace(column) if pa.types.is_string(column.type) else column
    try:
        return to_numpy(pc.cast(values, pa.int64()))
    except pa.ArrowInvalid:
        raise _bad(table, name, _first_unparsable(values, pa.int64())) from None
    except pa.ArrowNotImplementedError:  # a type that never holds whole numbers (true/false, dates)
        raise _bad(table, name, 0) from None


def without_key(names: list[str], key: str | None, file: str) -> list[str]:
    """The header ``names`` without the row key column, which fits no layout; :class:`InputError` when it is absent (7.8)."""
    if key is None:
        return names
    if key not in names:
        raise InputError("poisson.key_column", file=file, name=repr(key))
    return [n for n in names if n != key]
