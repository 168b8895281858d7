"""Tests for three or more models: ANOVA (7.3), Kruskal–Wallis (7.4), Friedman with a post-hoc.

* :func:`anova` and :func:`kruskal_wallis` compare independent groups of
  scores (e.g. each model's accuracies on its own independent test sets).
* :func:`friedman` compares several models over the same data sets (a table
  with one row per data set, one column per model), ranking the models within
  each data set, and follows up with pairwise comparisons: Nemenyi's test or
  Wilcoxon signed-rank tests with Holm's correction (Demšar 2006).
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
from scipy import stats as sps

from ..core.checks import plain
from ..core.errors import InputError
from ._input import groups as check_groups
from ._input import matrix, negligible
from .multiplicity import adjust_pvalues
from .paired import wilcoxon
from .results import TestResult


def _tie_sum(values: np.ndarray) -> float:
    _, counts = np.unique(values, return_counts=True)
    return float(np.sum(counts ** 3 - counts))


def anova(*groups) -> TestResult:
    """One-way analysis of variance of k independent groups (7.3).

    F = (SS_between / (k − 1)) / (SS_within / (N − k)), with
    SS_between = Σ n_i (mean_i − mean)² and SS_within = Σ Σ (x − mean_i)²,
    referred to F with (k − 1, N − k) degrees of freedom.

    Returns
    -------
    TestResult with ``statistic`` (F), ``pvalue``, ``df``, effect size
    η² = SS_between / SS_total, and details ``groups``, ``n`` and
    ``levene_pvalue`` (Levene's test of equal variances, median-centred; None
    when a group has a single value).
    """
    samples = check_groups(groups)
    k = len(samples)
    sizes = np.array([len(s) for s in samples])
    n = int(sizes.sum())
    if n - k < 1:
        raise InputError("stats.anova_too_few_values")
    grand = np.concatenate(samples).mean()
    means = np.array([s.mean() for s in samples])
    ss_between = float(np.sum(sizes * (means - grand) ** 2))
    ss_within = float(sum(np.sum((s - m) ** 2) for s, m in zip(samples, means)))
    if negligible(np.sqrt(ss_within / n), *samples):
        raise InputError("stats.anova_constant_groups")
    df = (k - 1, n - k)
    f = (ss_between / df[0]) / (ss_within / df[1])
    p = float(sps.f.sf(f, *df))
    eta2 = ss_between / (ss_between + ss_within)
    levene = None
    if np.all(sizes >= 2):
        levene = float(sps.levene(*samples).pvalue)
    return TestResult("anova", float(f), p, df=df, effect_size=eta2, effect_size_kind="eta_squared",
                      details={"groups": k, "n": n, "levene_pvalue": levene})


def kruskal_wallis(*groups) -> TestResult:
    """Kruskal–Wallis H test of k independent groups (7.4).

    Pool and rank all N values (midranks for ties), R_i the rank sum of group i:
    H = (12 / (N(N + 1)) Σ R_i² / n_i − 3(N + 1)) / (1 − Σ(t³ − t)/(N³ − N)),
    referred to chi-squared with k − 1 degrees of freedom.

    Returns
    -------
    TestResult with ``statistic`` (H), ``pvalue``, ``df``, effect size
    ε² = H / (N − 1), and details ``groups``, ``n`` and ``small_groups``
    (a group has fewer than 5 values).
    """
    samples = check_groups(groups)
    k = len(samples)
    pooled = np.concatenate(samples)
    n = len(pooled)
    correction = 1 - _tie_sum(pooled) / (n ** 3 - n) if n > 1 else 0.0
    if correction == 0:
        raise InputError("stats.all_values_equal")
    ranks = sps.rankdata(pooled)
    bounds = np.cumsum([0] + [len(s) for s in samples])
    sums = np.array([ranks[bounds[i]:bounds[i + 1]].sum() for i in range(k)])
    sizes = np.diff(bounds)
    h = (12 / (n * (n + 1)) * np.sum(sums ** 2 / sizes) - 3 * (n + 1)) / correction
    df = k - 1
    p = float(sps.chi2.sf(h, df))
    return TestResult("kruskal_wallis", float(h), p, df=df, effect_size=float(h / (n - 1)),
                      effect_size_kind="epsilon_squared",
                      details={"groups": k, "n": n, "small_groups": bool(np.any(sizes < 5))})


def friedman(scores, *, posthoc: str = "nemenyi", alpha: float = 0.05, names=None,
             higher_is_better: bool = True) -> TestResult:
    """Friedman test of k models over n data sets, with a post-hoc comparison of every pair.

    ``scores`` has one row per data set and one column per model.  Models are
    ranked within each row (rank 1 = best, midranks for ties); with R_j the
    rank sum of model j, χ²_F = (12 / (n k (k + 1)) Σ R_j² − 3 n (k + 1)) /
    (1 − Σ(t³ − t) / (n k (k² − 1))), chi-squared with k − 1 degrees of freedom.

    Parameters
    ----------
    posthoc : ``"nemenyi"`` (mean ranks compared with the studentized range,
        q = |R̄_i − R̄_j| / √(k(k + 1)/(6n)), p from q·√2 on the range of k
        means, infinite df) or ``"wilcoxon-holm"`` (Wilcoxon signed-rank test
        per pair, p = 1 for two models with equal scores everywhere, p-values
        adjusted with Holm's method, 7.10.2).
    names : labels of the models (columns); default "model 1", ….

    Returns
    -------
    TestResult with ``statistic``, ``pvalue``, ``df``, effect size Kendall's
    W = χ²_F / (n(k − 1)), ``mean_ranks`` (dict), ``pairwise`` (a list of
    dicts with ``a``, ``b``, ``mean_rank_difference``, ``pvalue``,
    ``rejected``), ``datasets``, ``alpha``, ``posthoc`` (also ``method``) and
    for Nemenyi ``critical_difference`` at ``alpha``.
    """
    table = matrix(scores, "scores")
    n, k = table.shape
    if k < 3:
        raise InputError("stats.friedman_too_few_models", count=k, test="wilcoxon")
    if posthoc not in ("nemenyi", "wilcoxon-holm"):
        raise InputError("stats.posthoc", name="posthoc", first="'nemenyi'", second="'wilcoxon-holm'",
                         value=plain(posthoc))
    names = [f"model {j + 1}" for j in range(k)] if names is None else [str(x) for x in names]
    if len(names) != k:
        raise InputError("stats.names_for_models", names=len(names), models=k)
    ranks = sps.rankdata(-table if higher_is_better else table, axis=1)
    rank_sums = ranks.sum(axis=0)
    ties = sum(_tie_sum(row) for row in table)
    correction = 1 - ties / (n * k * (k * k - 1))
    if correction == 0:
        raise InputError("stats.friedman_all_tied")
    chi2 = (12 / (n * k * (k + 1)) * np.sum(rank_sums ** 2) - 3 * n * (k + 1)) / correction
    df = k - 1
    p = float(sps.chi2.sf(chi2, df))
    mean_ranks = rank_sums / n
    pairs = list(combinations(range(k), 2))
    if posthoc == "nemenyi":
        se = np.sqrt(k * (k + 1) / (6 * n))
        raw = [float(sps.studentized_range.sf(abs(mean_ranks[i] - mean_ranks[j]) / se * np.sqrt(2), k, np.inf))
               for i, j in pairs]
        critical = float(sps.studentized_range.ppf(1 - alpha, k, np.inf) / np.sqrt(2) * se)
        pvalues, rejected = raw, [pv <= alpha for pv in raw]
    else:
        critical = None
        raw = [float(wilcoxon(table[:, i], table[:, j]).pvalue) if np.any(table[:, i] != table[:, j]) else 1.0
               for i, j in pairs]
        adjusted = adjust_pvalues(raw, "holm", alpha)
        pvalues, rejected = adjusted.adjusted.tolist(), adjusted.rejected.tolist()
    pairwise = [{"a": names[i], "b": names[j], "mean_rank_difference": float(mean_ranks[i] - mean_ranks[j]),
                 "pvalue": pv, "rejected": bool(r)} for (i, j), pv, r in zip(pairs, pvalues, rejected)]
    return TestResult("friedman", float(chi2), p, df=df, effect_size=float(chi2 / (n * (k - 1))),
                      effect_size_kind="kendalls_w", method=posthoc,
                      details={"datasets": n, "mean_ranks": dict(zip(names, mean_ranks.tolist())),
                               "pairwise": pairwise, "posthoc": posthoc, "critical_difference": critical,
                               "alpha": alpha})
