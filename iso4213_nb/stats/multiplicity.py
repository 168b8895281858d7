"""Multiple comparisons (7.10): family-wise error rate and adjusted p-values.

Clause 7.10.2 carries the title "Bonferroni correction", but the rule it prints
(sort the p-values, find the smallest k with p'_k > α / (m + 1 − k), reject
H'_1 … H'_(k−1)) is Holm's step-down method (Holm 1979).  Plain Bonferroni
rejects when p_i ≤ α / m.  Both are offered here by name; ``"holm"`` is the
one the clause describes; ``"hochberg"`` is Hochberg's step-up form of it.
Clause 7.10.3 names no procedure for the false
discovery rate; ``"bh"`` (Benjamini–Hochberg 1995) is the usual one and
``"by"`` (Benjamini–Yekutieli 2001) also holds under any dependence.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..core.checks import as_scores, is_whole, one_of, plain
from ..core.errors import InputError
from .results import check_level, json_value

METHODS = ("bonferroni", "holm", "hochberg", "bh", "by")

STEP_UP = ("hochberg", "bh", "by")


def thresholds(method: str, m: int, alpha: float) -> np.ndarray:
    """What the i-th smallest of ``m`` p-values is compared with under ``method`` (7.10), in that order.

    Bonferroni α / m for every rank; Holm and Hochberg α / (m + 1 − i); Benjamini–Hochberg (i / m)·α;
    Benjamini–Yekutieli (i / m) / c_m · α with c_m = Σ 1/j.  Each is one floating-point expression,
    computed as statsmodels' ``multipletests`` computes it, so both decide alike at the boundary.
    """
    rank = np.arange(1, m + 1)
    if method == "bonferroni":
        return np.full(m, alpha / float(m))
    if method in ("holm", "hochberg"):
        return alpha / np.arange(m, 0, -1)
    share = rank / float(m)
    return share * alpha if method == "bh" else share / np.sum(1.0 / rank) * alpha


def familywise_error_rate(alpha: float, m: int) -> float:
    """Chance of at least one false rejection among ``m`` independent tests at level ``alpha``: 1 − (1 − α)^m (7.10.1)."""
    alpha = check_level(alpha, "alpha")
    if not is_whole(m, 1):
        raise InputError("stats.number_of_tests", value=plain(m))
    return float(1 - (1 - alpha) ** int(m))


@dataclass(frozen=True, eq=False)
class AdjustedPValues:
    """Adjusted p-values and decisions (7.10), numpy arrays in the order the p-values were given.

    Attributes
    ----------
    pvalues, adjusted, rejected : the raw and the adjusted p-values, and the rule's decisions (each raw p-value
        compared with its threshold); method, alpha : one of :data:`METHODS` and its level.
    unadjusted_rejections : how many ``pvalues`` are at most ``alpha`` before adjustment.
    familywise_error_rate : 1 − (1 − α)^m for the m hypotheses (7.10.1).
    """

    pvalues: np.ndarray = field(repr=False)
    adjusted: np.ndarray
    rejected: np.ndarray
    method: str
    alpha: float
    unadjusted_rejections: int = field(repr=False)
    familywise_error_rate: float = field(repr=False)

    def to_dict(self) -> dict:
        """The JSON-ready form (:func:`~iso4213_nb.stats.results.json_value` of each field)."""
        keys = ("method", "alpha", "pvalues", "adjusted", "rejected", "unadjusted_rejections", "familywise_error_rate")
        return {key: json_value(getattr(self, key)) for key in keys}


def adjust_pvalues(pvalues, method: str, alpha: float = 0.05) -> AdjustedPValues:
    """Adjust a family of p-values for multiple comparisons (7.10).

    Parameters
    ----------
    pvalues : array-like of floats in [0, 1], one per hypothesis.
    method : one of :data:`METHODS` (module docstring).
    alpha : family-wise error rate (bonferroni, holm, hochberg) or false
        discovery rate (bh, by) to control.

    Returns
    -------
    AdjustedPValues with ``adjusted`` (capped at 1) and ``rejected``, both in
    input order.  ``rejected`` applies each rule as written, comparing the raw
    sorted p-values with :func:`thresholds` (≤ rejects), with no slack:
    Bonferroni rank by rank, Holm step-down (7.10.2), Hochberg, BH and BY step-up
    (every rank up to the largest one within its threshold), as statsmodels'
    ``multipletests`` decides.  Where
    ``adjusted`` lies within rounding of ``alpha`` it may disagree with
    ``rejected`` ([0.1, 0.1, 0.1] under ``"bh"`` adjusts to
    0.10000000000000002 and is rejected at α = 0.1); the decision is the rule's.
    """
    one_of(method, METHODS, "method")
    alpha = check_level(alpha, "alpha")
    p = as_scores(pvalues, "pvalues")
    if p.min() < 0 or p.max() > 1:
        bad = p[(p < 0) | (p > 1)][0]
        raise InputError("stats.pvalue_range", value=float(bad))
    m = len(p)
    order = np.argsort(p, kind="stable")
    ranked = p[order]
    k = np.arange(1, m + 1)
    if method == "bonferroni":
        adjusted_sorted = ranked * m
    elif method == "holm":
        adjusted_sorted = np.maximum.accumulate(ranked * (m + 1 - k))
    elif method == "hochberg":
        adjusted_sorted = np.minimum.accumulate((ranked * (m + 1 - k))[::-1])[::-1]
    else:
        factor = 1.0 if method == "bh" else float(np.sum(1.0 / k))
        adjusted_sorted = np.minimum.accumulate((ranked * m * factor / k)[::-1])[::-1]
    adjusted = np.empty(m)
    adjusted[order] = np.minimum(adjusted_sorted, 1.0)
    within = ranked <= thresholds(method, m, alpha)
    if method == "holm":
        within = np.logical_and.accumulate(within)
    elif method in STEP_UP:
        within = np.logical_or.accumulate(within[::-1])[::-1]
    rejected = np.empty(m, dtype=bool)
    rejected[order] = within
    return AdjustedPValues(p, adjusted, rejected, method, alpha, int(np.sum(p <= alpha)),
                           familywise_error_rate(alpha, m))
