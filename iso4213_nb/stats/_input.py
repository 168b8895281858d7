"""Input checks specific to the tests: paired samples, groups, contingency tables, 0/1 truth.

Everything raises :class:`~iso4213_nb.core.errors.InputError` with one line; the
generic array checks come from :mod:`iso4213_nb.core.checks`.
"""

from __future__ import annotations

import numpy as np

from ..core.checks import as_finite_array, as_labels, as_scores, plain, same_length
from ..core.errors import InputError


def paired(a, b, name_a: str = "a", name_b: str = "b", *, minimum: int = 2) -> tuple[np.ndarray, np.ndarray]:
    """Two finite numeric samples of equal length (at least ``minimum``)."""
    x = as_scores(a, name_a)
    y = as_scores(b, name_b)
    same_length(**{name_a: x, name_b: y})
    if len(x) < minimum:
        raise InputError("stats.too_few_pairs", name_a=name_a, name_b=name_b, minimum=minimum, count=len(x))
    return x, y


def groups(samples, *, minimum_size: int = 1) -> list[np.ndarray]:
    """At least two finite numeric samples, each with at least ``minimum_size`` values."""
    samples = list(samples)
    if len(samples) < 2:
        raise InputError("stats.too_few_groups", count=len(samples))
    out = [as_scores(s, f"groups[{i}]") for i, s in enumerate(samples)]
    for i, s in enumerate(out):
        if len(s) < minimum_size:
            raise InputError("stats.group_too_small", name=f"groups[{i}]", count=len(s), minimum=minimum_size)
    return out


def matrix(values, name: str, *, min_rows: int = 2, min_cols: int = 2) -> np.ndarray:
    """A finite two-dimensional float array with at least the given numbers of rows and columns."""
    array = as_finite_array(values, name, ndim=2)
    if array.shape[0] < min_rows or array.shape[1] < min_cols:
        raise InputError("stats.matrix_too_small", name=name, min_rows=min_rows, min_cols=min_cols,
                         rows=array.shape[0], columns=array.shape[1])
    return array


def binary_truth(y_true, positive=None) -> np.ndarray:
    """``y_true`` as a boolean mask of the positive class.

    ``positive`` names the positive label; without it the labels must be
    {0, 1} (or booleans) and 1 is positive.  Both classes must be present.
    """
    labels = as_labels(y_true, "y_true")
    values = np.unique(labels)
    if positive is None:
        if labels.dtype.kind not in "iu" or not set(values.tolist()) <= {0, 1}:
            raise InputError("stats.positive_not_named", labels=_listed(values))
        positive = 1
    elif positive not in values.tolist():
        raise InputError("stats.positive_not_a_label", positive=plain(positive), labels=_listed(values))
    mask = labels == positive
    if mask.all() or not mask.any():
        raise InputError("stats.single_class")
    return mask


def _listed(values: np.ndarray, most: int = 6) -> list[str]:
    """Up to ``most`` labels as the user wrote them, then "…" if there are more (shown comma-separated)."""
    return [plain(v) for v in values.tolist()[:most]] + (["…"] if len(values) > most else [])


def negligible(spread: float, *arrays: np.ndarray) -> bool:
    """True when a standard deviation ``spread`` is zero up to rounding of values as large as those in ``arrays``.

    Differences such as 0.9 − 0.8 and 0.8 − 0.7 differ in their last bits; a
    spread below 1e-9 of the largest magnitude is rounding, not variation.
    """
    scale = max(float(np.max(np.abs(a))) for a in arrays)
    return spread <= 1e-9 * scale
