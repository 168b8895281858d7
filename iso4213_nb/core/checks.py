"""Input checks shared by every entry point.

Each helper turns user input into a clean numpy array or raises
:class:`~iso4213_nb.core.errors.InputError` with one line naming the problem, so
that no caller sees a traceback from deep inside numpy.  The errors are codes
and data (issue 15): ``name`` is the argument's name as the caller gives it
(``y_true``, ``scores``), shown as it is; the words live in
:mod:`iso4213_nb.words.errors.checks`.
"""

from __future__ import annotations

import math
from numbers import Real

import numpy as np

from .probability_rows import probability_problems
from .errors import InputError


def as_1d(values, name: str) -> np.ndarray:
    """``values`` as a one-dimensional array; rejects scalars, 2-D input and empty input (beyond TS 4213: the toolkit's input checks)."""
    try:
        array = np.asarray(values)
    except Exception as exc:  # ragged lists and the like
        raise InputError("checks.not_an_array", name=name, detail=str(exc)) from None
    if array.ndim != 1:
        raise InputError("checks.not_one_dimensional", name=name, shape=array.shape)
    if array.size == 0:
        raise InputError("checks.empty", name=name)
    return array


def as_labels(values, name: str) -> np.ndarray:
    """Class labels (strings or integers) as a 1-D array; rejects missing values (None, NaN) (beyond TS 4213: the toolkit's input checks)."""
    array = as_1d(values, name)
    if array.dtype.kind == "f":
        if not np.all(np.isfinite(array)):
            raise InputError("checks.non_finite_labels", name=name)
        if np.all(array == np.round(array)):
            array = array.astype(np.int64)
    elif array.dtype.kind == "O":
        if any(v is None or (isinstance(v, float) and v != v) for v in array.tolist()):
            raise InputError("checks.missing_labels", name=name)
        kinds = {type(v) for v in array.tolist()}
        if len(kinds) > 1:
            array = array.astype(str)
    elif array.dtype.kind == "b":
        array = array.astype(np.int64)
    return array


def as_scores(values, name: str, *, probabilities: bool = False) -> np.ndarray:
    """Real-valued scores as a float64 1-D array; rejects NaN, infinities and (for probabilities) values outside [0, 1] (beyond TS 4213: the toolkit's input checks)."""
    array = as_1d(values, name)
    if array.dtype.kind not in "biuf":
        kind = {"U": "text", "S": "bytes", "O": "objects", "M": "dates", "m": "durations"}.get(array.dtype.kind, "other")
        raise InputError("checks.not_numeric", name=name, kind_word=kind)
    array = array.astype(np.float64, copy=False)
    bad = ~np.isfinite(array)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise InputError("checks.non_finite_scores", name=name, count=int(bad.sum()), index=i + 1)
    if probabilities and probability_problems(array):
        raise InputError("checks.not_probabilities", name=name, low=float(array.min()), high=float(array.max()))
    return array


def given(value):
    """A value the user gave, as an error's data: a number stays a number (shown in the active language), anything
    else is its repr (``'abc'``, ``None``) (beyond TS 4213: the toolkit's input checks)."""
    if isinstance(value, np.generic):
        value = value.item()
    return value if isinstance(value, (bool, int, float)) else repr(value)


def plain(value):
    """A value the user gave, as an error's data without quotes: a number stays a number, a bool is ``true`` or
    ``false``, anything else its text (beyond TS 4213: the toolkit's input checks)."""
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, bool):
        return str(value).lower()
    return value if isinstance(value, (int, float)) else str(value)


def listed(values) -> list:
    """Values the user gave, as an error's data: each as :func:`given` makes it (numbers stay numbers, so the words
    write them in the reader's language; text quoted), a list that the error's words join (``'a', 'b', 3``) (beyond TS 4213: the toolkit's input checks)."""
    return [given(v) for v in values]


def one_of(value, choices: tuple, name: str):
    """``value`` if it is one of the codes ``choices`` (an average, a normalisation, a focus), else an
    :class:`InputError` naming the argument ``name`` and the choices (beyond TS 4213: the toolkit's input checks)."""
    if value not in choices:
        raise InputError("checks.not_one_of", name=name, choices=listed(choices), value=given(value))
    return value


def is_whole(value, least: int = 0) -> bool:
    """Whether ``value`` is a whole number of at least ``least``: an int, or a float or numpy number with no
    fractional part, never a bool or text (a count, a number of resamples, bins or tests) (beyond TS 4213: the
    toolkit's input checks).  Callers raise their own error code when it is not."""
    return not isinstance(value, bool) and isinstance(value, (Real, np.integer, np.floating)) \
        and float(value).is_integer() and value >= least


def as_threshold(value, name: str = "threshold") -> float:
    """A decision threshold (score >= threshold is positive) as a float: any finite real number, not a bool (beyond TS 4213: the toolkit's input checks)."""
    if isinstance(value, bool) or not isinstance(value, Real) or not math.isfinite(value):
        raise InputError("checks.not_a_finite_number", name=name, value=given(value))
    return float(value)


def same_length(**arrays) -> int:
    """The common length of the named arrays; raises when they differ (beyond TS 4213: the toolkit's input checks)."""
    lengths = {name: len(a) for name, a in arrays.items()}
    if len(set(lengths.values())) > 1:
        raise InputError("checks.length_mismatch",
                         lengths=[InputError("checks.length_of", name=name, length=n) for name, n in lengths.items()])
    return next(iter(lengths.values()))


#: Counts must stay below 2**53: up to there a float64 holds every whole number exactly, and the measures divide
#: counts as floats.
COUNT_LIMIT = 2 ** 53


def _first(mask: np.ndarray) -> tuple[int, ...]:
    """The 1-based place of the first True of ``mask``: ``(entry,)`` or ``(row, column)``."""
    return tuple(int(i) + 1 for i in np.unravel_index(int(np.flatnonzero(mask)[0]), mask.shape))


def _shape(shape: tuple[int, ...]) -> InputError:
    """A shape as a phrase of the message: a single number, a list of 4 values, a 2×3 array."""
    if not shape:
        return InputError("checks.shape_number")
    if len(shape) == 1:
        return InputError("checks.shape_list", count=shape[0])
    return InputError("checks.shape_array", shape="×".join(map(str, shape)))


def as_finite_array(values, name: str, *, ndim: int, what: str = "values") -> np.ndarray:
    """``values`` as a float array with ``ndim`` (1 or 2) dimensions and no NaN or infinity (beyond TS 4213: the toolkit's input checks).

    The shared first step of every check on tables, matrices and fractions;
    ``what`` names the entries in the message (a key of
    :data:`iso4213_nb.words.errors.checks.WORDS`: ``"counts"``, ``"fractions"``,
    ``"scores"``, ``"values"``), which gives the 1-based place of the first bad entry.
    """
    try:
        array = np.asarray(values, dtype=float)
    except OverflowError:
        raise InputError("checks.beyond_float_range", name=name) from None
    except (TypeError, ValueError):
        raise InputError("checks.not_rectangular", name=name) from None
    if array.ndim != ndim:
        raise InputError("checks.not_two_dimensional_array" if ndim == 2 else "checks.not_one_dimensional_array",
                         name=name, got=_shape(array.shape))
    bad = ~np.isfinite(array)
    if bad.any():
        if ndim == 1:
            raise InputError("checks.non_finite_entry", name=name, what_word=what, entry=_first(bad)[0])
        row, column = _first(bad)
        raise InputError("checks.non_finite_cell", name=name, what_word=what, row=row, column=column)
    return array


def as_count_table(counts, name: str = "table", *, shape: tuple[int, int] | None = None,
                   square: bool = False) -> np.ndarray:
    """A two-dimensional table of non-negative whole counts as int64 (beyond TS 4213: the toolkit's input checks).

    At least 2×2; exactly ``shape`` when given; square with ``square=True``
    (a confusion matrix, where rows and columns are the same classes).  Every
    count and their total must stay below :data:`COUNT_LIMIT` (2**53).
    """
    array = as_finite_array(counts, name, ndim=2, what="counts")
    rows, columns = array.shape
    if square and rows != columns:
        raise InputError("checks.not_square", name=name, rows=rows, columns=columns)
    if square and rows < 2:
        raise InputError("checks.one_class", name=name, count=rows)
    if min(array.shape) < 2:
        raise InputError("checks.too_small_table", name=name, rows=rows, columns=columns)
    if shape is not None and array.shape != shape:
        raise InputError("checks.wrong_table_shape", name=name, expected_rows=shape[0], expected_columns=shape[1],
                         rows=rows, columns=columns)
    negative = array < 0
    if negative.any():
        row, column = _first(negative)
        raise InputError("checks.negative_count", name=name, value=array[negative][0], row=row, column=column)
    fractional = array != np.round(array)
    if fractional.any():
        row, column = _first(fractional)
        raise InputError("checks.fractional_count", name=name, value=array[fractional][0], row=row, column=column)
    huge = array >= COUNT_LIMIT
    if huge.any():
        row, column = _first(huge)
        raise InputError("checks.huge_count", name=name, value=array[huge][0], row=row, column=column,
                         limit=float(COUNT_LIMIT))
    total = float(array.sum())
    if total >= COUNT_LIMIT:
        raise InputError("checks.huge_total", name=name, total=total, limit=float(COUNT_LIMIT))
    return array.astype(np.int64)


def as_indicator(values, name: str) -> np.ndarray:
    """A multi-label indicator matrix (samples × labels, entries 0/1 or booleans) as a bool array (beyond TS 4213: the toolkit's input checks)."""
    try:
        array = np.asarray(values)
    except Exception as exc:
        raise InputError("checks.not_an_array", name=name, detail=str(exc)) from None
    if array.ndim != 2:
        raise InputError("checks.not_an_indicator_matrix", name=name, shape=array.shape)
    if array.size == 0:
        raise InputError("checks.empty_matrix", name=name, shape=array.shape)
    if array.dtype.kind == "b":
        return array
    if array.dtype.kind not in "iuf" or not np.isin(array, (0, 1)).all():
        raise InputError("checks.not_zero_one", name=name)
    return array.astype(bool)
