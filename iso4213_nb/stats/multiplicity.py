"""Multiple comparisons (7.10): family-wise error rate and adjusted p-values.

Clause 7.10.2 carries the title "Bonferroni correction", but the rule it prints
(sort the p-values, find the smallest k with p'_k > α / (m + 1 − k), reject
H'_1 … H'_(k−1)) is Holm's step-down method (Holm 1979).  Plain Bonferroni
rejects when p_i ≤ α / m.  Both are offered here by name; ``"holm"`` is the
one the clause describes.  Clause 7.10.3 names no procedure for the false
discovery rate; ``"bh"`` (Benjamini–Hochberg 1995) is the usual one and
``"by"`` (Benjamini–Yekutieli 2001) also holds under any dependence.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .._checks import as_scores
from ..errors import InputError
from .results import check_level, shown

METHODS = ("bonferroni", "holm", "hochberg", "bh", "by")

#: Relative slack of the decision ``adjusted <= alpha``: an adjusted p-value above ``alpha`` by no more than this
#: share of it is the threshold itself, moved by floating-point rounding (p·m/k and the Benjamini–Yekutieli sum
#: each round), and is rejected.  64 units in the last place; statistically nothing.
ROUNDING = 64 * float(np.finfo(float).eps)

_DESCRIPTION = {
    "bonferroni": "Bonferroni: each p-value times m; controls the family-wise error rate under any dependence",
    "holm": ("Holm's step-down method, the rule printed in 7.10.2 (titled Bonferroni there); controls the "
             "family-wise error rate under any dependence and rejects at least as much as plain Bonferroni"),
    "hochberg": ("Hochberg's step-up method; controls the family-wise error rate when the tests are independent "
                 "or positively dependent, and rejects at least as much as Holm"),
    "bh": ("Benjamini–Hochberg step-up (7.10.3); controls the false discovery rate when the tests are independent "
           "or positively dependent"),
    "by": "Benjamini–Yekutieli step-up (7.10.3); controls the false discovery rate under any dependence",
}


def familywise_error_rate(alpha: float, m: int) -> float:
    """Chance of at least one false rejection among ``m`` independent tests at level ``alpha``: 1 − (1 − α)^m (7.10.1)."""
    alpha = check_level(alpha, "alpha")
    if isinstance(m, bool) or not float(m).is_integer() or m < 1:
        raise InputError(f"m, the number of tests, must be a whole number of at least 1, got {shown(m)}")
    return float(1 - (1 - alpha) ** int(m))


@dataclass(eq=False)
class AdjustedPValues:
    """Adjusted p-values and decisions, in the order the p-values were given.

    Attributes
    ----------
    pvalues, adjusted : numpy.ndarray
        The raw and the adjusted p-values (input order).
    rejected : numpy.ndarray of bool
        ``adjusted <= alpha`` up to floating-point rounding (input order).
    method : str
    alpha : float
    reading : str
    """

    pvalues: np.ndarray = field(repr=False)
    adjusted: np.ndarray
    rejected: np.ndarray
    method: str
    alpha: float
    reading: str = field(repr=False)

    def to_dict(self) -> dict:
        """The JSON-ready form."""
        return {"method": self.method, "alpha": self.alpha, "pvalues": self.pvalues.tolist(),
                "adjusted": self.adjusted.tolist(), "rejected": self.rejected.tolist(), "reading": self.reading}


def adjust_pvalues(pvalues, method: str, alpha: float = 0.05) -> AdjustedPValues:
    """Adjust a family of p-values for multiple comparisons (7.10).

    Parameters
    ----------
    pvalues : array-like of floats in [0, 1], one per hypothesis.
    method : ``"bonferroni"`` (p·m), ``"holm"`` (step-down, the rule printed in
        7.10.2 although the clause calls it Bonferroni), ``"hochberg"``
        (step-up), ``"bh"`` (Benjamini–Hochberg, 7.10.3) or ``"by"``
        (Benjamini–Yekutieli).
    alpha : family-wise error rate (bonferroni, holm, hochberg) or false
        discovery rate (bh, by) to control.

    Returns
    -------
    AdjustedPValues with ``adjusted`` (capped at 1) and ``rejected``
    (``adjusted <= alpha``), both in input order.  For Holm, ``rejected`` is
    exactly the 7.10.2 rule: with p'_(1) ≤ … ≤ p'_(m) sorted and k the smallest
    index with p'_(k) > α / (m + 1 − k), H'_1 … H'_(k−1) are rejected.

    A p-value equal to its threshold is rejected (the rules say ≤), also when
    rounding moves the adjusted value a few units in the last place above
    ``alpha``: [0.1, 0.1, 0.1] under ``"bh"`` adjusts to 0.10000000000000002
    and is rejected at α = 0.1, as statsmodels' ``multipletests`` (which
    compares each raw p-value with its threshold) rejects it.  The slack is
    :data:`ROUNDING`, relative to ``alpha``.
    """
    if method not in METHODS:
        raise InputError(f"method must be one of {', '.join(METHODS)}; got {shown(method)}")
    alpha = check_level(alpha, "alpha")
    p = as_scores(pvalues, "pvalues")
    if p.min() < 0 or p.max() > 1:
        bad = p[(p < 0) | (p > 1)][0]
        raise InputError(f"p-values must lie in [0, 1], got {bad:g}")
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
    rejected = adjusted <= alpha * (1 + ROUNDING)
    unadjusted = int(np.sum(p <= alpha))
    reading = (f"{_DESCRIPTION[method]}. Of {m} hypotheses, {int(rejected.sum())} are rejected at α = {alpha:g} "
               f"after adjustment ({unadjusted} would be without it). Without adjustment the chance of at least "
               f"one false rejection among {m} independent true null hypotheses is "
               f"{familywise_error_rate(alpha, m):.3f} (7.10.1).")
    return AdjustedPValues(p, adjusted, rejected, method, alpha, reading)
