"""Cause-specific mortality fraction (CSMF) accuracy and its chance-corrected form (Annex D).

A CSMF is the share of deaths attributed to one cause.  CSMF accuracy asks a
population-level question: how close are the predicted cause shares to the
true ones, whatever happened to individual deaths?  It is 1 minus the total
absolute error of the shares, divided by the largest total error possible for
the given true shares, which is 2 (1 − min_j t_j), reached by putting all
predicted mass on the rarest true cause:

    CSMFA = 1 − Σ_j |t_j − p_j| / (2 (1 − min_j t_j))        (Annex D, D.4)

The annex prints this formula garbled in every copy (the sum sign and the
minimum's subscript are lost); this is the form of its references [27] and
[28] (Murray et al. 2007; Flaxman et al. 2015).

Random allocation (each death given one of K causes uniformly at random, so
every predicted share is 1/K) scores, averaged over true shares spread
uniformly on the simplex, 1 − 1/e ≈ 0.632 as K grows: each t_j behaves like
X/K with X ~ Exp(1), and E|X − 1| = 2/e.  Flaxman et al. therefore rescale:

    CCCSMFA = (CSMFA − (1 − 1/e)) / (1 − (1 − 1/e))

and publish the constant rounded to 0.632; both are offered here.

Causes are aligned by label: pass two mappings ``{cause: fraction}`` with
the same keys, or two sequences in the same order.  Shares must be
non-negative and sum to 1 within ``tolerance``; at least two causes are
needed (with one, the denominator 1 − min t is zero).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import NamedTuple

import numpy as np

from ._checks import as_count_matrix, as_finite_array
from .confusion import _check_rows
from .errors import InputError

#: Expected CSMF accuracy of random allocation, 1 − 1/e (Flaxman et al. 2015).
CHANCE_EXACT = 1 - 1 / math.e
#: The same constant as rounded in the literature.
CHANCE_ROUNDED = 0.632

#: Default tolerance on the sum of fractions.
TOLERANCE = 1e-6


class CSMF(NamedTuple):
    """True and predicted cause-specific mortality fractions, keyed by cause (Annex D, D.1 and D.2)."""

    true: dict
    predicted: dict


def _fractions(values, name: str, tolerance: float) -> np.ndarray:
    array = as_finite_array(values, name, ndim=1, what="fractions")
    if (array < 0).any():
        raise InputError(f"{name} contains a negative fraction ({array.min():g})")
    total = float(array.sum())
    if abs(total - 1) > tolerance:
        raise InputError(f"{name} must sum to 1 (within {tolerance:g}), got {total:.6g}")
    return array


def _aligned(true_fractions, predicted_fractions, tolerance: float) -> tuple[np.ndarray, np.ndarray]:
    true_is_map = isinstance(true_fractions, Mapping)
    if true_is_map != isinstance(predicted_fractions, Mapping):
        raise InputError("pass both fractions as mappings {cause: fraction} or both as sequences, not one of each")
    if true_is_map:
        causes = list(true_fractions)
        missing = [c for c in causes if c not in predicted_fractions]
        extra = [c for c in predicted_fractions if c not in true_fractions]
        if missing or extra:
            raise InputError(f"causes differ: only in true_fractions {missing}, only in predicted_fractions {extra}")
        true_fractions = [true_fractions[c] for c in causes]
        predicted_fractions = [predicted_fractions[c] for c in causes]
    t = _fractions(true_fractions, "true_fractions", tolerance)
    p = _fractions(predicted_fractions, "predicted_fractions", tolerance)
    if len(t) != len(p):
        raise InputError(f"true_fractions has {len(t)} causes but predicted_fractions has {len(p)}")
    if len(t) < 2:
        raise InputError(f"CSMF accuracy needs at least two causes, got {len(t)} "
                         "(with one, the denominator 1 − min t is zero)")
    return t, p


def csmf_accuracy(true_fractions, predicted_fractions, *, tolerance: float = TOLERANCE) -> float:
    """CSMF accuracy, 1 − Σ_j |t_j − p_j| / (2 (1 − min_j t_j)) (Annex D, D.4).

    Parameters
    ----------
    true_fractions, predicted_fractions : two mappings ``{cause: fraction}``
        with the same causes, or two sequences in the same cause order.
    tolerance : how far each set of fractions may sum from 1.

    Returns
    -------
    float in [0, 1]: 1 when the predicted shares equal the true ones, 0 when
    all predicted mass sits on the rarest true cause.
    """
    t, p = _aligned(true_fractions, predicted_fractions, tolerance)
    return float(1 - np.abs(t - p).sum() / (2 * (1 - t.min())))


def chance_corrected_csmf_accuracy(true_fractions, predicted_fractions, *, chance: str = "exact",
                                   tolerance: float = TOLERANCE) -> float:
    """Chance-corrected CSMF accuracy, (CSMFA − c) / (1 − c) (Annex D, reference [28]).

    ``chance="exact"`` uses c = 1 − 1/e, the expected CSMF accuracy of random
    allocation over many causes; ``chance="rounded"`` uses the literature's 0.632.  Random
    allocation scores about 0, a perfect prediction 1, and worse than random is
    negative (down to −c / (1 − c) ≈ −1.72).
    """
    constants = {"exact": CHANCE_EXACT, "rounded": CHANCE_ROUNDED}
    if chance not in constants:
        raise InputError(f"chance must be 'exact' (1 − 1/e) or 'rounded' (0.632), got {chance!r}")
    c = constants[chance]
    return (csmf_accuracy(true_fractions, predicted_fractions, tolerance=tolerance) - c) / (1 - c)


def csmf_from_confusion(matrix, *, rows: str, labels=None) -> CSMF:
    """True and predicted CSMFs of a confusion matrix of counts (D.1–D.3).

    Parameters
    ----------
    matrix : square array-like of non-negative integer counts.
    rows : ``"true"`` when rows hold the true cause (Annex D's M_ij, true i,
        predicted j) or ``"predicted"`` (the layout of 6.2.2 and Table A.1).
    labels : cause labels in row order; default 0, 1, …

    Returns
    -------
    :class:`CSMF` with ``true`` = true-class totals / N and ``predicted`` =
    predicted-class totals / N, each ``{label: fraction}``.
    """
    _check_rows(rows)
    m = as_count_matrix(matrix)
    if rows == "predicted":
        m = m.T
    labels = list(range(m.shape[0])) if labels is None else list(labels)
    if len(labels) != m.shape[0]:
        raise InputError(f"{len(labels)} labels given for a {m.shape[0]}×{m.shape[0]} matrix")
    if len(set(labels)) != len(labels):
        raise InputError("labels contains duplicates")
    n = int(m.sum())
    if n == 0:
        raise InputError("matrix has no samples (all counts are 0)")
    true = {label: float(v) / n for label, v in zip(labels, m.sum(axis=1))}
    predicted = {label: float(v) / n for label, v in zip(labels, m.sum(axis=0))}
    return CSMF(true, predicted)
