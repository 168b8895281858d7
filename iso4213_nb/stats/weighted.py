"""Confidence intervals for weighted proportions (7.8 with sample weights; beyond TS 4213).

A count-based measure with sample weights (accuracy, recall, precision … of
:meth:`ConfusionMatrix.from_predictions` with ``sample_weight``) is a
weighted proportion p̂ = Σ wᵢ xᵢ / Σ wᵢ over the samples of its denominator,
xᵢ ∈ {0, 1}.  Its interval cannot take n from the weights: their sum has an
arbitrary scale (scikit-learn's weights mean the same thing multiplied by
any constant), and unequal weights carry less information than as many equal
ones.  The standard survey answer, used here, is to plug p̂ and Kish's
effective sample size n_eff = (Σ w)² / Σ w² (Kish 1965, *Survey Sampling*)
into the unweighted formulas:

* ``"wilson"``: Wilson's score interval with n_eff (one of the
  effective-sample-size intervals compared by Dean & Pagano 2015, *Journal
  of Survey Statistics and Methodology* 3(4)); it stays inside [0, 1] and
  behaves near 0 and 1, as the unweighted Wilson interval does;
* ``"clopper-pearson"``: the Korn & Graubard (1998, *Survey Methodology*
  24:193–201) form, Beta quantiles with x_eff = p̂ · n_eff successes of n_eff;
* ``"wald"``: p̂ ± z √(p̂(1 − p̂) / n_eff).

With equal weights n_eff = n and every interval is exactly that of
:func:`~iso4213_nb.stats.intervals.proportion_ci`.  The weights are read as
relative importance: integer weights that stand for repeated rows give the
same estimate as the repeated rows but a wider interval (n_eff counts
distinct rows); repeat the rows to treat them as frequencies.  For a
measure that is not a proportion (AUROC, average precision, F1), the
weighted form is the bootstrap: pass the weights as one more array, so that
each resampled row keeps its weight, and compute the weighted measure on the
resample.  Intervals with no weighted form (DeLong's, the exact McNemar
test) refuse ``sample_weight`` with a one-line :class:`InputError`.
"""

from __future__ import annotations

import numpy as np

from ..core.checks import as_1d, same_length
from ..core.errors import InputError
from ..core.weights import as_weights, effective_sample_size
from .intervals import PROPORTION_METHODS, check_proportion_method, proportion_bounds
from .results import ConfidenceInterval, check_level


def weighted_proportion_ci(hits, sample_weight, method: str = "wilson",
                           confidence_level: float = 0.95) -> ConfidenceInterval:
    """Interval for the weighted share of hits (7.8; beyond TS 4213: Kish 1965, Korn & Graubard 1998).

    Parameters
    ----------
    hits : booleans (or 0/1), one per sample of the proportion's denominator
        (e.g. ``y_pred == y_true`` for accuracy, over the samples of class c
        for the recall of c).
    sample_weight : the non-negative weights of those samples.
    method : ``"wilson"``, ``"clopper-pearson"`` or ``"wald"`` with Kish's
        effective sample size in place of n (see the module docstring).

    Returns
    -------
    ConfidenceInterval with ``estimate`` p̂ = Σ w·hit / Σ w, ``of`` =
    ``"proportion"`` and details ``successes`` (Σ w·hit), ``n`` (Σ w) and
    ``effective_n`` (Kish's n_eff).
    """
    check_proportion_method(method, PROPORTION_METHODS)
    level = check_level(confidence_level)
    x = as_1d(hits, "hits")
    if x.dtype.kind not in "biuf" or not np.isin(x, (0, 1)).all():
        raise InputError("stats.hits_not_binary", name="hits")
    w = as_weights(sample_weight, len(x))
    if w is None:
        raise InputError("stats.weights_missing", call="proportion_ci(successes, n)")
    same_length(hits=x, sample_weight=w)
    kept = w > 0
    x, w = x[kept].astype(bool), w[kept]
    total = float(w.sum())
    successes = float(w[x].sum())
    p = successes / total
    n = effective_sample_size(w)
    x_eff = n if successes == total else successes * n / total  # the successes on the effective scale
    low, high = proportion_bounds(x_eff, n, method, level)
    return ConfidenceInterval(low, high, level, method, estimate=p, of="proportion",
                              details={"successes": successes, "n": total, "effective_n": n})
