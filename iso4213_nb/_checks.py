"""Input checks shared by every entry point.

Each helper turns user input into a clean numpy array or raises
:class:`~iso4213_nb.errors.InputError` with one line naming the problem, so
that no caller sees a traceback from deep inside numpy.
"""

from __future__ import annotations

import math
from numbers import Real

import numpy as np

from .errors import InputError


def as_1d(values, name: str) -> np.ndarray:
    """``values`` as a one-dimensional array; rejects scalars, 2-D input and empty input."""
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
    """Class labels (strings or integers) as a 1-D array; rejects missing values (None, NaN)."""
    array = as_1d(values, name)
    if array.dtype.kind == "f":
        if not np.all(np.isfinite(array)):
            raise InputError(f"{name} contains NaN or infinite labels")
        if np.all(array == np.round(array)):
            array = array.astype(np.int64)
    elif array.dtype.kind == "O":
        if any(v is None or (isinstance(v, float) and v != v) for v in array.tolist()):
            raise InputError(f"{name} contains missing labels (None or NaN)")
        kinds = {type(v) for v in array.tolist()}
        if len(kinds) > 1:
            array = array.astype(str)
    elif array.dtype.kind == "b":
        array = array.astype(np.int64)
    return array


def as_scores(values, name: str, *, probabilities: bool = False) -> np.ndarray:
    """Real-valued scores as a float64 1-D array; rejects NaN, infinities and (for probabilities) values outside [0, 1]."""
    array = as_1d(values, name)
    if array.dtype.kind not in "biuf":
        kind = {"U": "text", "S": "bytes", "O": "Python objects", "M": "dates", "m": "durations"}.get(
            array.dtype.kind, "values that are not numbers")
        raise InputError(f"{name} must be numeric, got {kind}")
    array = array.astype(np.float64, copy=False)
    bad = ~np.isfinite(array)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise InputError(f"{name} contains {int(bad.sum())} NaN or infinite value(s), the first is value "
                         f"number {i + 1}")
    if probabilities and (array.min() < 0 or array.max() > 1):
        raise InputError(
            f"{name} must be probabilities in [0, 1], got values from {array.min():g} to {array.max():g}"
        )
    return array


def as_threshold(value, name: str = "threshold") -> float:
    """A decision threshold (score >= threshold is positive) as a float: any finite real number, not a bool."""
    if isinstance(value, bool) or not isinstance(value, Real) or not math.isfinite(value):
        raise InputError(f"{name} must be a finite number, got {value!r}")
    return float(value)


def same_length(**arrays) -> int:
    """The common length of the named arrays; raises when they differ."""
    lengths = {name: len(a) for name, a in arrays.items()}
    if len(set(lengths.values())) > 1:
        described = ", ".join(f"{name} has {n}" for name, n in lengths.items())
        raise InputError(f"length mismatch: {described}")
    return next(iter(lengths.values()))


#: Counts must stay below 2**53: up to there a float64 holds every whole number exactly, and the measures divide
#: counts as floats.
COUNT_LIMIT = 2 ** 53


def _position(mask: np.ndarray) -> str:
    """Where the first True of ``mask`` is, 1-based: ``"row 2, column 3"`` or ``"entry 4"``."""
    index = [int(i) + 1 for i in np.unravel_index(int(np.flatnonzero(mask)[0]), mask.shape)]
    if len(index) == 1:
        return f"entry {index[0]}"
    if len(index) == 2:
        return f"row {index[0]}, column {index[1]}"
    return "position " + ", ".join(map(str, index))


def as_finite_array(values, name: str, *, ndim: int, what: str = "values") -> np.ndarray:
    """``values`` as a float array with ``ndim`` dimensions and no NaN or infinity.

    The shared first step of every check on tables, matrices and fractions;
    ``what`` names the entries in the message ("counts", "fractions", ...),
    which gives the 1-based place of the first bad entry.
    """
    try:
        array = np.asarray(values, dtype=float)
    except OverflowError:
        raise InputError(f"{name} holds a number beyond the range of a 64-bit float (about 1.8e308)") from None
    except (TypeError, ValueError):
        raise InputError(f"{name} must be a rectangular array of numbers only") from None
    if array.ndim != ndim:
        dimensions = {1: "one-dimensional", 2: "two-dimensional"}.get(ndim, f"{ndim}-dimensional")
        raise InputError(f"{name} must be {dimensions}, got {_shape(array.shape)}")
    bad = ~np.isfinite(array)
    if bad.any():
        raise InputError(f"{name} contains NaN or infinite {what}, the first at {_position(bad)}")
    return array


def _shape(shape: tuple[int, ...]) -> str:
    """A shape in words: ``"a 2×3 array"``, ``"a list of 4 values"``, ``"a single number"``."""
    if not shape:
        return "a single number"
    return f"a list of {shape[0]} values" if len(shape) == 1 else f"a {'×'.join(map(str, shape))} array"


def as_count_table(counts, name: str = "table", *, shape: tuple[int, int] | None = None,
                   square: bool = False) -> np.ndarray:
    """A two-dimensional table of non-negative whole counts as int64.

    At least 2×2; exactly ``shape`` when given; square with ``square=True``
    (a confusion matrix, where rows and columns are the same classes).  Every
    count and their total must stay below :data:`COUNT_LIMIT` (2**53).
    """
    array = as_finite_array(counts, name, ndim=2, what="counts")
    if square and array.shape[0] != array.shape[1]:
        raise InputError(f"{name} must be square, got {array.shape[0]} rows and {array.shape[1]} columns")
    if square and array.shape[0] < 2:
        raise InputError(f"{name} must have at least two classes, got {array.shape[0]}")
    if min(array.shape) < 2:
        raise InputError(f"{name} needs at least 2 rows and 2 columns, got {_shape(array.shape)}")
    if shape is not None and array.shape != shape:
        raise InputError(f"{name} must be {shape[0]}×{shape[1]}, got {_shape(array.shape)}")
    negative = array < 0
    if negative.any():
        raise InputError(f"{name} contains negative counts, the first {array[negative][0]:g} at {_position(negative)}")
    fractional = array != np.round(array)
    if fractional.any():
        raise InputError(f"{name} contains non-integer counts, the first {array[fractional][0]:g} "
                         f"at {_position(fractional)}")
    huge = array >= COUNT_LIMIT
    if huge.any():
        raise InputError(f"{name} holds a count of {array[huge][0]:.4g} at {_position(huge)}; counts must stay below "
                         f"2**53 (about {COUNT_LIMIT:.4g}) to be exact")
    total = float(array.sum())
    if total >= COUNT_LIMIT:
        raise InputError(f"the counts of {name} add up to {total:.4g}; the total must stay below 2**53 "
                         f"(about {COUNT_LIMIT:.4g}) to be exact")
    return array.astype(np.int64)


def as_count_matrix(counts, name: str = "matrix") -> np.ndarray:
    """A square confusion matrix of non-negative whole counts (at least 2×2) as int64."""
    return as_count_table(counts, name, square=True)


def as_indicator(values, name: str) -> np.ndarray:
    """A multi-label indicator matrix (samples × labels, entries 0/1 or booleans) as a bool array."""
    try:
        array = np.asarray(values)
    except Exception as exc:
        raise InputError(f"{name} cannot be read as an array: {exc}") from None
    if array.ndim != 2:
        raise InputError(f"{name} must be a two-dimensional indicator matrix (samples × labels), got shape {array.shape}")
    if array.size == 0:
        raise InputError(f"{name} is empty, got shape {array.shape}")
    if array.dtype.kind == "b":
        return array
    if array.dtype.kind not in "iuf" or not np.isin(array, (0, 1)).all():
        raise InputError(f"{name} must hold only 0 and 1 (label absent / present)")
    return array.astype(bool)
