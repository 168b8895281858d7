"""Tests on paired samples: Student's paired t-test (7.2) and the Wilcoxon signed-rank test (7.6).

Both take two equally long samples ``a`` and ``b`` whose i-th values belong
together (the same test set, data set or fold scored by two models) and test
whether the differences ``a − b`` are centred on zero.
"""

from __future__ import annotations

import warnings

import numpy as np
from scipy import stats as sps

from ..core.errors import InputError
from .assumptions import kfold_warning
from ._input import negligible, paired
from .results import TestResult, symmetric_interval

#: Up to this many pairs the Wilcoxon test uses the exact null distribution (when there are no ties or zeros).
WILCOXON_EXACT_MAX = 50


def _looks_like_folds(x: np.ndarray, y: np.ndarray) -> bool:
    both = np.concatenate([x, y])
    return len(x) <= 30 and both.min() >= 0 and both.max() <= 1


def paired_ttest(a, b, *, folds: bool | None = None) -> TestResult:
    """Paired Student's t-test of mean(a − b) = 0 (7.2).

    t = mean(d) / (s_d / √n) with d = a − b, s_d the sample standard
    deviation (n − 1 in the denominator), n − 1 degrees of freedom, two-sided.

    Parameters
    ----------
    a, b : paired scores of two models (at least two pairs).
    folds : ``True`` if the pairs come from the folds of one k-fold
        cross-validation, ``False`` if each pair comes from an independent test
        set.  7.2 says the t-test should not be used on k-fold results (the
        training sets overlap, so the differences are not independent).  With
        ``None`` the input is taken to be k-fold scores when it looks like them
        (at most 30 pairs of values in [0, 1]).  k-fold input issues an
        :class:`~iso4213_nb.stats.assumptions.AssumptionWarning` and is recorded in ``kfold_input``.

    Returns
    -------
    TestResult with ``statistic`` (t), ``pvalue``, ``df`` (n − 1), effect
    size Cohen's d_z = mean(d) / s_d, ``confidence_interval`` of mean(a − b),
    and details ``n``, ``mean_difference``, ``normality_pvalue`` (Shapiro–Wilk
    on d, for 3 ≤ n ≤ 5000, else None) and ``kfold_input``.
    """
    x, y = paired(a, b)
    d = x - y
    n = len(d)
    mean = float(d.mean())
    sd = float(d.std(ddof=1))
    if negligible(sd, x, y):
        raise InputError("stats.pair_differences_equal", mean=mean)
    se = sd / np.sqrt(n)
    t = mean / se
    df = n - 1
    p = float(2 * sps.t.sf(abs(t), df))
    normality = float(sps.shapiro(d).pvalue) if 3 <= n <= 5000 else None
    kfold = _looks_like_folds(x, y) if folds is None else bool(folds)
    if kfold:
        warnings.warn(kfold_warning(), stacklevel=2)
    return TestResult("paired_ttest", float(t), p, df=df, effect_size=mean / sd, effect_size_kind="cohens_dz",
                      interval_of="mean_difference", interval=symmetric_interval(mean, se, "t", df=df),
                      details={"n": n, "mean_difference": mean, "normality_pvalue": normality, "kfold_input": kfold})


def _wilcoxon_exact_cdf(n: int) -> np.ndarray:
    """P(W+ ≤ w) for w = 0 … n(n+1)/2 under the null: counts of subsets of {1..n} by their sum."""
    top = n * (n + 1) // 2
    counts = np.zeros(top + 1)
    counts[0] = 1.0
    for r in range(1, n + 1):
        counts[r:] = counts[r:] + counts[:-r].copy()
    return np.cumsum(counts) / 2.0 ** n


def wilcoxon(a, b) -> TestResult:
    """Wilcoxon signed-rank test of pairs a, b (7.6): are the differences a − b symmetric about zero?

    Zero differences are dropped (Wilcoxon's convention), the absolute
    differences ranked (midranks for ties), W+ and W− are the rank sums of
    positive and negative differences.  The statistic is min(W+, W−) as in
    :func:`scipy.stats.wilcoxon`.  The p-value (two-sided) is exact when at most
    50 non-zero pairs remain with no tied absolute differences; otherwise from
    the normal approximation with the tie correction of the variance,
    Var = n(n+1)(2n+1)/24 − Σ(t³ − t)/48, without continuity correction.

    Returns
    -------
    TestResult with ``statistic``, ``pvalue``, effect size the matched-pairs
    rank-biserial correlation (W+ − W−)/(W+ + W−), ``method`` (``"exact"`` or
    ``"normal"``), and details ``w_plus``, ``w_minus``, ``n_used`` (pairs
    after dropping zeros), ``zeros`` and ``ties``.
    """
    x, y = paired(a, b)
    d = x - y
    zeros = int(np.sum(d == 0))
    d = d[d != 0]
    n = len(d)
    if n == 0:
        raise InputError("stats.pairs_all_equal")
    ranks = sps.rankdata(np.abs(d))
    w_plus = float(ranks[d > 0].sum())
    w_minus = float(ranks[d < 0].sum())
    _, tie_counts = np.unique(np.abs(d), return_counts=True)
    ties = bool(np.any(tie_counts > 1))
    statistic = min(w_plus, w_minus)
    if n <= WILCOXON_EXACT_MAX and not ties:
        method = "exact"
        cdf = _wilcoxon_exact_cdf(n)
        p = float(min(1.0, 2 * cdf[int(statistic)]))
    else:
        method = "normal"
        mean = n * (n + 1) / 4
        var = n * (n + 1) * (2 * n + 1) / 24 - float(np.sum(tie_counts ** 3 - tie_counts)) / 48
        z = (statistic - mean) / np.sqrt(var)
        p = float(min(1.0, 2 * sps.norm.cdf(z)))
    effect = (w_plus - w_minus) / (w_plus + w_minus)
    return TestResult("wilcoxon", statistic, p, effect_size=effect, effect_size_kind="rank_biserial", method=method,
                      details={"w_plus": w_plus, "w_minus": w_minus, "n_used": n, "zeros": zeros, "ties": ties})
