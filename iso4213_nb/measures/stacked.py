"""Clause-6 measures of many confusion matrices at once: the vectorised side of the bootstrap.

A bootstrap of a count-based measure draws thousands of confusion matrices
(:func:`iso4213_nb.stats.bootstrap.counts_bootstrap_ci`); evaluating the
measure matrix by matrix in Python would dominate the cost.  Here every
function takes a stack ``M`` of shape (m, k, k), **true classes in rows**
(as :meth:`iso4213_nb.measures.confusion.ConfusionMatrix.matrix` with ``rows="true"``),
and returns m values, ``nan`` where the measure is undefined (zero
denominator).  The formulas are those of :mod:`iso4213_nb.measures.counts` and
:class:`~iso4213_nb.measures.confusion.ConfusionMatrix` (same clauses, same undefined
cases); tests check every one against them.
"""

from __future__ import annotations

import numpy as np


def _div(numerator, denominator) -> np.ndarray:
    """numerator / denominator, nan where the denominator is 0."""
    num = np.asarray(numerator, dtype=float)
    den = np.asarray(denominator, dtype=float)
    out = np.full(np.broadcast(num, den).shape, np.nan)
    np.divide(num, den, out=out, where=den != 0)
    return out


def one_vs_rest(M: np.ndarray) -> dict[str, np.ndarray]:
    """TP, FP, TN, FN of every class against the rest (6.2.1, 6.4.2), each of shape (m, k)."""
    tp = np.diagonal(M, axis1=1, axis2=2).astype(float)
    support, predicted = M.sum(axis=2), M.sum(axis=1)
    n = M.sum(axis=(1, 2))[:, None]
    fn, fp = support - tp, predicted - tp
    return {"tp": tp, "fp": fp, "fn": fn, "tn": n - tp - fp - fn}


#: Per-class measures of counts arrays (6.2.3–6.2.6, 3.2.12): the same definitions as :data:`measures.PER_CLASS`.
PER_CLASS = {
    "binary_accuracy": lambda c: _div(c["tp"] + c["tn"], c["tp"] + c["tn"] + c["fp"] + c["fn"]),
    "precision": lambda c: _div(c["tp"], c["tp"] + c["fp"]),
    "recall": lambda c: _div(c["tp"], c["tp"] + c["fn"]),
    "specificity": lambda c: _div(c["tn"], c["tn"] + c["fp"]),
    "f1": lambda c: _div(2 * c["tp"], 2 * c["tp"] + c["fp"] + c["fn"]),
    "negative_predictive_value": lambda c: _div(c["tn"], c["tn"] + c["fn"]),
    "false_positive_rate": lambda c: _div(c["fp"], c["fp"] + c["tn"]),
    "miss_rate": lambda c: _div(c["fn"], c["fn"] + c["tp"]),
    "false_discovery_rate": lambda c: _div(c["fp"], c["fp"] + c["tp"]),
    "false_omission_rate": lambda c: _div(c["fn"], c["fn"] + c["tn"]),
    "positive_likelihood_ratio": lambda c: _div(_div(c["tp"], c["tp"] + c["fn"]), _div(c["fp"], c["fp"] + c["tn"])),
    "negative_likelihood_ratio": lambda c: _div(_div(c["fn"], c["fn"] + c["tp"]), _div(c["tn"], c["tn"] + c["fp"])),
    "diagnostic_odds_ratio": lambda c: _div(c["tp"] * c["tn"], c["fp"] * c["fn"]),
    "prevalence": lambda c: _div(c["tp"] + c["fn"], c["tp"] + c["fn"] + c["tn"] + c["fp"]),
    "balanced_accuracy": lambda c: (_div(c["tp"], c["tp"] + c["fn"]) + _div(c["tn"], c["tn"] + c["fp"])) / 2,
    "matthews_correlation": lambda c: _div(c["tp"] * c["tn"] - c["fp"] * c["fn"],
                                           np.sqrt((c["tp"] + c["fp"]) * (c["tp"] + c["fn"])
                                                   * (c["tn"] + c["fp"]) * (c["tn"] + c["fn"]))),
}

#: Per-class measures that are a count over a count (successes, trials), for the proportion intervals of 7.8.
PROPORTIONS = {
    "binary_accuracy": ("tp+tn", "n"), "precision": ("tp", "tp+fp"), "recall": ("tp", "tp+fn"),
    "specificity": ("tn", "tn+fp"), "negative_predictive_value": ("tn", "tn+fn"),
    "false_positive_rate": ("fp", "fp+tn"), "miss_rate": ("fn", "fn+tp"), "false_discovery_rate": ("fp", "fp+tp"),
    "false_omission_rate": ("fn", "fn+tn"), "prevalence": ("tp+fn", "n"),
}


def fbeta(c: dict, beta: float) -> np.ndarray:
    """F_β in counts, (1 + β²)TP / ((1 + β²)TP + β²FN + FP) (6.2.6), as :func:`iso4213_nb.measures.counts.fbeta`."""
    b2 = float(beta) ** 2
    return _div((1 + b2) * c["tp"], (1 + b2) * c["tp"] + b2 * c["fn"] + c["fp"])


def lift(c: dict) -> np.ndarray:
    """Lift at the operating point (6.3.9): precision / prevalence = TP·N / ((TP + FP)(TP + FN))."""
    n = c["tp"] + c["fp"] + c["tn"] + c["fn"]
    return _div(c["tp"] * n, (c["tp"] + c["fp"]) * (c["tp"] + c["fn"]))


def accuracy(M: np.ndarray) -> np.ndarray:
    """Share of correct predictions (6.2.3, 6.4.2)."""
    return _div(np.trace(M, axis1=1, axis2=2), M.sum(axis=(1, 2)))


def cohen_kappa(M: np.ndarray) -> np.ndarray:
    """Cohen's kappa (5.3.9), (p_o − p_e) / (1 − p_e)."""
    n = M.sum(axis=(1, 2)).astype(float)
    po = _div(np.trace(M, axis1=1, axis2=2), n)
    pe = _div(np.einsum("mi,mi->m", M.sum(axis=2), M.sum(axis=1)), n * n)
    return _div(po - pe, 1 - pe)


def weighted_kappa(M: np.ndarray, weights: str) -> np.ndarray:
    """Weighted kappa for ordered classes, ``weights`` ``"linear"`` or ``"quadratic"``, as
    :meth:`iso4213_nb.measures.confusion.ConfusionMatrix.cohen_kappa` (beyond TS 4213: Cohen 1968)."""
    k = M.shape[1]
    distance = np.abs(np.subtract.outer(np.arange(k), np.arange(k))).astype(float)
    w = distance if weights == "linear" else distance ** 2
    n = M.sum(axis=(1, 2)).astype(float)
    observed = np.einsum("ij,mij->m", w, M)
    expected = _div(np.einsum("ij,mi,mj->m", w, M.sum(axis=2).astype(float), M.sum(axis=1).astype(float)), n)
    return _div(expected - observed, expected)


def matthews_correlation(M: np.ndarray) -> np.ndarray:
    """Multi-class Matthews correlation (Gorodkin's R_K; the binary MCC for two classes) (beyond TS 4213: Gorodkin 2004)."""
    n = M.sum(axis=(1, 2)).astype(float)
    t, p = M.sum(axis=2).astype(float), M.sum(axis=1).astype(float)
    c = np.trace(M, axis1=1, axis2=2).astype(float)
    den = np.sqrt(n * n - np.einsum("mi,mi->m", p, p)) * np.sqrt(n * n - np.einsum("mi,mi->m", t, t))
    return _div(c * n - np.einsum("mi,mi->m", t, p), den)


def balanced_accuracy(M: np.ndarray) -> np.ndarray:
    """Mean recall over the classes present in the true labels (beyond TS 4213: Brodersen et al. 2010)."""
    support = M.sum(axis=2).astype(float)
    present = support > 0
    recalls = np.where(present, _div(np.diagonal(M, axis1=1, axis2=2), support), 0.0)
    return _div(recalls.sum(axis=1), present.sum(axis=1))


def balanced_accuracy_adjusted(M: np.ndarray) -> np.ndarray:
    """Balanced accuracy rescaled to 0 at chance, (B − 1/k) / (1 − 1/k) with k the classes present in the truth
    (beyond TS 4213: scikit-learn's ``balanced_accuracy_score(adjusted=True)``)."""
    chance = _div(np.ones(len(M)), (M.sum(axis=2) > 0).sum(axis=1))
    return _div(balanced_accuracy(M) - chance, 1 - chance)


def average(M: np.ndarray, measure: str, method: str) -> np.ndarray:
    """Macro, weighted or micro average of a per-class measure (6.4.3), as ConfusionMatrix.average."""
    c = one_vs_rest(M)
    if method == "micro":
        return PER_CLASS[measure]({key: value.sum(axis=1) for key, value in c.items()})
    values = PER_CLASS[measure](c)
    k = M.shape[1]
    n = M.sum(axis=(1, 2)).astype(float)[:, None]
    weights = _div(M.sum(axis=2), n) if method == "weighted" else np.full(values.shape, 1 / k)
    used = weights > 0
    total = np.where(used, weights * values, 0.0).sum(axis=1)
    return np.where((used & np.isnan(values)).any(axis=1) | (n[:, 0] == 0), np.nan, total)


def kl_divergence(M: np.ndarray, direction: str) -> np.ndarray:
    """KL divergence between true (row sums) and predicted (column sums) shares (6.2.7, 6.4.4), in nats.

    ``direction`` ``"true_vs_pred"`` is Σ t log(t / p), ``"pred_vs_true"`` Σ p log(p / t);
    0 log 0 = 0, and a share of 0 in the second distribution where the first has mass makes it undefined.
    """
    t, p = M.sum(axis=2).astype(float), M.sum(axis=1).astype(float)
    first, second = (t, p) if direction == "true_vs_pred" else (p, t)
    n = first.sum(axis=1, keepdims=True)
    a, b = _div(first, n), _div(second, n)
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(a > 0, a * np.log(a / b), 0.0)
    return np.where(((a > 0) & (b == 0)).any(axis=1), np.nan, terms.sum(axis=1))

