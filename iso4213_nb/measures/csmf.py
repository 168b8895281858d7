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

from ..core.checks import as_count_table, as_finite_array, given
from .confusion import check_rows
from ..core.errors import InputError

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
        raise InputError("csmf.negative_fraction", name=name, value=float(array.min()))
    total = float(array.sum())
    if abs(total - 1) > tolerance:
        raise InputError("csmf.not_summing_to_one", name=name, tolerance=float(tolerance), total=total)
    return array


def _aligned(true_fractions, predicted_fractions, tolerance: float) -> tuple[np.ndarray, np.ndarray]:
    true_is_map = isinstance(true_fractions, Mapping)
    if true_is_map != isinstance(predicted_fractions, Mapping):
        raise InputError("csmf.mapping_and_sequence")
    if true_is_map:
        causes = list(true_fractions)
        missing = [c for c in causes if c not in predicted_fractions]
        extra = [c for c in predicted_fractions if c not in true_fractions]
        if missing or extra:
            raise InputError("csmf.causes_differ", first="true_fractions", only_first=repr(missing),
                             second="predicted_fractions", only_second=repr(extra))
        true_fractions = [true_fractions[c] for c in causes]
        predicted_fractions = [predicted_fractions[c] for c in causes]
    t = _fractions(true_fractions, "true_fractions", tolerance)
    p = _fractions(predicted_fractions, "predicted_fractions", tolerance)
    if len(t) != len(p):
        raise InputError("csmf.cause_counts_differ", first="true_fractions", first_count=len(t),
                         second="predicted_fractions", second_count=len(p))
    if len(t) < 2:
        raise InputError("csmf.too_few_causes", count=len(t))
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
        raise InputError("csmf.chance_choice", name="chance", exact=repr("exact"), rounded=repr("rounded"),
                         value=given(chance))
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
    check_rows(rows)
    m = as_count_table(matrix, "matrix", square=True)
    if rows == "predicted":
        m = m.T
    labels = list(range(m.shape[0])) if labels is None else list(labels)
    if len(labels) != m.shape[0]:
        raise InputError("csmf.labels_for_matrix", count=len(labels), size=m.shape[0])
    if len(set(labels)) != len(labels):
        raise InputError("csmf.duplicates", name="labels")
    n = int(m.sum())
    if n == 0:
        raise InputError("csmf.no_samples", name="matrix")
    true = {label: float(v) / n for label, v in zip(labels, m.sum(axis=1))}
    predicted = {label: float(v) / n for label, v in zip(labels, m.sum(axis=0))}
    return CSMF(true, predicted)
