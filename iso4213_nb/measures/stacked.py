"""Clause-6 measures of many confusion matrices at once: the vectorised side of the bootstrap.

A bootstrap of a count-based measure draws thousands of confusion matrices
(:func:`iso4213_nb.stats.bootstrap.counts_bootstrap_ci`); evaluating the
measure matrix by matrix in Python would dominate the cost.  Here every
function takes a stack ``M`` of shape (m, k, k), **true classes in rows**
(as :meth:`iso4213_nb.measures.confusion.ConfusionMatrix.matrix` with ``rows="true"``),
and returns m values, ``nan`` where the measure is undefined (zero
denominator).  The per-class measures are :data:`iso4213_nb.measures.counts.PER_CLASS`
themselves, applied to the arrays of :func:`one_vs_rest`.  The whole-matrix measures here are the
only copy of their formulas: :class:`~iso4213_nb.measures.confusion.ConfusionMatrix` and
:mod:`iso4213_nb.measures.distribution` call them on a stack (or row) of one, which gives bit for bit
what a bootstrap stack gives for that matrix.  Every division is :func:`iso4213_nb.core.undefined.ratio`.
"""

from __future__ import annotations

import numpy as np

from ..core.undefined import ratio
from . import counts


def one_vs_rest(M: np.ndarray) -> dict[str, np.ndarray]:
    """TP, FP, TN, FN of every class against the rest (6.2.1, 6.4.2), each of shape (m, k)."""
    tp = np.diagonal(M, axis1=1, axis2=2).astype(float)
    support, predicted = M.sum(axis=2), M.sum(axis=1)
    n = M.sum(axis=(1, 2))[:, None]
    fn, fp = support - tp, predicted - tp
    return {"tp": tp, "fp": fp, "fn": fn, "tn": n - tp - fp - fn}


#: Per-class measures that are a count over a count (successes, trials), for the proportion intervals of 7.8.
PROPORTIONS = {
    "binary_accuracy": ("tp+tn", "n"), "precision": ("tp", "tp+fp"), "recall": ("tp", "tp+fn"),
    "specificity": ("tn", "tn+fp"), "negative_predictive_value": ("tn", "tn+fn"),
    "false_positive_rate": ("fp", "fp+tn"), "miss_rate": ("fn", "fn+tp"), "false_discovery_rate": ("fp", "fp+tp"),
    "false_omission_rate": ("fn", "fn+tn"), "prevalence": ("tp+fn", "n"),
}


def lift(c: dict) -> np.ndarray:
    """Lift at the operating point (6.3.9): precision / prevalence = TP·N / ((TP + FP)(TP + FN))."""
    n = c["tp"] + c["fp"] + c["tn"] + c["fn"]
    return ratio(c["tp"] * n, (c["tp"] + c["fp"]) * (c["tp"] + c["fn"]), code=counts.NO_PREDICTED_POSITIVES)


def accuracy(M: np.ndarray) -> np.ndarray:
    """Share of correct predictions (6.2.3, 6.4.2)."""
    return ratio(np.trace(M, axis1=1, axis2=2), M.sum(axis=(1, 2)), code=counts.NO_SAMPLES)


def cohen_kappa(M: np.ndarray) -> np.ndarray:
    """Cohen's kappa (5.3.9), (p_o − p_e) / (1 − p_e)."""
    n = M.sum(axis=(1, 2)).astype(float)
    po = ratio(np.trace(M, axis1=1, axis2=2), n, code=counts.NO_SAMPLES)
    t, p = M.sum(axis=2), M.sum(axis=1)
    # Σ T_i·P_i in whole counts is exact while it fits in int64 (surely so when its float sum, off by far less
    # than a millionth, is below 0.999999 · 2^63); beyond, int64 wraps silently (from about 3·10^9 rows), so
    # the float sum stands.
    approximate = np.einsum("mi,mi->m", t.astype(float), p.astype(float))
    chance = np.where(approximate < 0.999999 * 2.0 ** 63, np.einsum("mi,mi->m", t, p), approximate)
    pe = ratio(chance, n * n, code=counts.NO_SAMPLES)
    return ratio(po - pe, 1 - pe, code="chance_agreement_one")


def weighted_kappa(M: np.ndarray, weights: str) -> np.ndarray:
    """Weighted kappa for ordered classes, ``weights`` ``"linear"`` or ``"quadratic"`` (beyond TS 4213: Cohen 1968):
    (e − o) / e with o = Σ w_ij O_ij / n and e = Σ w_ij T_i P_j / n², w_ij = |i − j| or (i − j)²."""
    k = M.shape[1]
    distance = np.abs(np.subtract.outer(np.arange(k), np.arange(k))).astype(float)
    w = distance if weights == "linear" else distance ** 2
    n = M.sum(axis=(1, 2)).astype(float)
    observed = ratio(np.einsum("ij,mij->m", w, M), n, code=counts.NO_SAMPLES)
    expected = ratio(np.einsum("ij,mi,mj->m", w, M.sum(axis=2).astype(float), M.sum(axis=1).astype(float)), n * n,
                     code=counts.NO_SAMPLES)
    return ratio(expected - observed, expected, code="chance_agreement_one")


def matthews_correlation(M: np.ndarray) -> np.ndarray:
    """Multi-class Matthews correlation (Gorodkin's R_K; the binary MCC for two classes) (beyond TS 4213: Gorodkin 2004)."""
    n = M.sum(axis=(1, 2)).astype(float)
    t, p = M.sum(axis=2).astype(float), M.sum(axis=1).astype(float)
    c = np.trace(M, axis1=1, axis2=2).astype(float)
    # A margin of one class rounds a hair below 0 with fractional weights: it is 0, and the MCC undefined.
    den = (np.sqrt(np.maximum(n * n - np.einsum("mi,mi->m", p, p), 0))
           * np.sqrt(np.maximum(n * n - np.einsum("mi,mi->m", t, t), 0)))
    return ratio(c * n - np.einsum("mi,mi->m", t, p), den, code="one_class")


#: From this many values on, numpy's sum adds them pairwise in blocks rather than one after another.
PAIRWISE = 8


def kept_sums(values: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """Σ of each row of ``values`` (m × k) where ``keep``, 0 where it keeps none (clause 6): each is numpy's sum of
    that row's kept values alone, whatever else the stack holds.  numpy adds fewer than :data:`PAIRWISE` values one
    after another, so such a row's sum is the running sum over the columns with the others as 0 (no gather); rows
    keeping more are summed in groups of equal kept counts."""
    sums = np.zeros(len(values))
    for j in range(values.shape[1]):
        sums += np.where(keep[:, j], values[:, j], 0.0)
    kept = keep.sum(axis=1)
    for count in np.unique(kept[kept >= PAIRWISE]):
        rows = kept == count
        chosen = values[rows] if count == values.shape[1] else values[rows][keep[rows]].reshape(-1, count)
        sums[rows] = chosen.sum(axis=1)
    return sums


def mean_of_defined(values: np.ndarray) -> np.ndarray:
    """Mean over the last axis of the values that are not nan, nan where none is: the mean over the classes where a
    measure is defined (beyond TS 4213: balanced accuracy's convention, Brodersen et al. 2010; 6.4.3's macro average
    is undefined as soon as one class is, see :func:`class_average`); each row summed as :func:`kept_sums` does,
    whatever the leading axes."""
    rows = values.reshape(-1, values.shape[-1])
    defined = ~np.isnan(rows)
    return ratio(kept_sums(rows, defined), defined.sum(axis=1), code=counts.NO_SAMPLES).reshape(values.shape[:-1])


def balanced_accuracy(M: np.ndarray) -> np.ndarray:
    """Mean recall over the classes present in the true labels (beyond TS 4213: Brodersen et al. 2010)."""
    return mean_of_defined(ratio(np.diagonal(M, axis1=1, axis2=2), M.sum(axis=2), code=counts.NO_POSITIVES))


def balanced_accuracy_adjusted(M: np.ndarray) -> np.ndarray:
    """Balanced accuracy rescaled to 0 at chance, (B − 1/k) / (1 − 1/k) with k the classes present in the truth
    (beyond TS 4213: scikit-learn's ``balanced_accuracy_score(adjusted=True)``)."""
    chance = ratio(np.ones(len(M)), (M.sum(axis=2) > 0).sum(axis=1), code=counts.NO_SAMPLES)
    return ratio(balanced_accuracy(M) - chance, 1 - chance, code="one_class")


def average(M: np.ndarray, measure: str, method: str) -> np.ndarray:
    """Macro, weighted or micro average of a per-class measure (6.4.3), as ConfusionMatrix.average."""
    c = one_vs_rest(M)
    if method == "micro":
        return counts.PER_CLASS[measure]({key: value.sum(axis=1) for key, value in c.items()})
    return class_average(counts.PER_CLASS[measure](c), M.sum(axis=2), M.sum(axis=(1, 2)).astype(float), method)


def class_average(values: np.ndarray, support: np.ndarray, n: np.ndarray, method: str) -> np.ndarray:
    """Macro (weights 1/k) or weighted (support / n) mean of per-class ``values`` (m × k, nan where undefined)
    (6.4.3); nan where a class of non-zero weight is nan or n is 0.  A class of weight 0 is skipped."""
    weights = ratio(support, n[:, None], code=counts.NO_SAMPLES) if method == "weighted" else \
        np.full(values.shape, 1 / values.shape[1])
    used = weights > 0
    total = np.zeros(len(values))
    for j in range(values.shape[1]):  # class by class in matrix order: the rounding averages have always had
        total += np.where(used[:, j], weights[:, j] * values[:, j], 0.0)
    return np.where((used & np.isnan(values)).any(axis=1) | (n == 0), np.nan, total)


def divergence(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """Σ a log(a / b) of each row of the shares ``first`` (a) and ``second`` (b), m × k, in nats (6.2.7, 6.4.4).

    0 log 0 = 0; a row with a > 0 where b = 0 is ``nan`` (the divergence is infinite).
    """
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = first * np.log(first / second)
    return np.where(((first > 0) & (second == 0)).any(axis=1), np.nan, kept_sums(terms, first > 0))


def kl_divergence(M: np.ndarray, direction: str) -> np.ndarray:
    """KL divergence between true (row sums) and predicted (column sums) shares (6.2.7, 6.4.4), in nats.

    ``direction`` ``"true_vs_pred"`` is Σ t log(t / p), ``"pred_vs_true"`` Σ p log(p / t) (:func:`divergence`).
    """
    t, p = M.sum(axis=2).astype(float), M.sum(axis=1).astype(float)
    first, second = (t, p) if direction == "true_vs_pred" else (p, t)
    return divergence(*(ratio(x, x.sum(axis=1, keepdims=True), code=counts.NO_SAMPLES) for x in (first, second)))

