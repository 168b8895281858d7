"""AUROC (6.3.6) inference: DeLong's test of two correlated AUROCs and intervals for one AUROC.

DeLong, DeLong & Clarke-Pearson (1988) estimate the covariance of AUROCs
computed on the same samples from *placement values*: for a positive, the
share of negatives scored below it (ties count half); for a negative, the
share of positives scored above it.  Sun & Xu (2014) get all placement
values from midranks, so one sort per model suffices: O(n log n) and exact
with tied scores.  A sample is ranked by its score only; the positive class
is the one that should score high.

The bootstrap interval of :func:`auroc_ci` sorts the scores once and, for
each resample, draws class-stratified samples, turns the draws into
multiplicities per tied-score group (a bincount) and computes the AUROC from
those counts in the sorted order; nothing is re-sorted per resample.
"""

from __future__ import annotations

import numpy as np
from scipy import stats as sps

from .. import progress
from .._checks import as_scores, same_length
from ..errors import InputError
from ..undefined import is_undefined
from ..weights import refuse
from ._input import binary_truth
from .bootstrap import METHODS as BOOTSTRAP_METHODS
from .intervals import bootstrap_interval
from .results import ConfidenceInterval, TestResult, check_level, shown, undefined

AUROC_CI_METHODS = ("delong",) + BOOTSTRAP_METHODS


def _tie_groups(sorted_values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Start and end (exclusive) positions of the runs of equal values in a sorted array."""
    n = len(sorted_values)
    new = np.empty(n, dtype=bool)
    new[0] = True
    np.not_equal(sorted_values[1:], sorted_values[:-1], out=new[1:])
    starts = np.flatnonzero(new)
    return starts, np.append(starts[1:], n)


def _midranks(sorted_values: np.ndarray) -> np.ndarray:
    """1-based ranks of a sorted array, tied values sharing the mean of their ranks."""
    starts, ends = _tie_groups(sorted_values)
    return np.repeat((starts + ends + 1) / 2.0, ends - starts)


def placement_values(positive: np.ndarray, scores: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
    """AUROC and DeLong placement values by midranks (Sun & Xu 2014, equations 4–6).

    Parameters
    ----------
    positive : boolean mask of the positive class.
    scores : float scores, higher meaning more likely positive.

    Returns
    -------
    ``(auc, v10, v01)``: v10[i] is the share of negatives below positive i
    (ties half), v01[j] the share of positives above negative j (ties half),
    each in the original order of the positives and of the negatives;
    auc = mean(v10) = mean(v01).

    Clause 6.3.6; beyond TS 4213: Sun & Xu 2014.
    """
    order = np.argsort(scores, kind="stable")
    s = scores[order]
    pos = positive[order]
    m = int(pos.sum())
    n = len(s) - m
    tz = _midranks(s)
    placement = np.empty(len(s))
    placement[pos] = (tz[pos] - _midranks(s[pos])) / n
    placement[~pos] = 1.0 - (tz[~pos] - _midranks(s[~pos])) / m
    unsorted = np.empty(len(s))
    unsorted[order] = placement
    v10 = unsorted[positive]
    v01 = unsorted[~positive]
    auc = float((tz[pos].sum() - m * (m + 1) / 2) / (m * n))
    return auc, v10, v01


def _inputs(y_true, scores, name: str, positive) -> tuple[np.ndarray, np.ndarray]:
    mask = binary_truth(y_true, positive)
    s = as_scores(scores, name)
    same_length(y_true=mask, **{name: s})
    if mask.sum() < 2 or (~mask).sum() < 2:
        raise InputError(f"DeLong's variance needs at least two positives and two negatives, got "
                         f"{int(mask.sum())} and {int((~mask).sum())}")
    return mask, s


#: A standard error of an AUROC difference at or below this is rounding of zero (AUROCs lie in [0, 1]).
NEGLIGIBLE_SE = 1e-12


def _zero_variance_cause(diff: float, var_a: float, var_b: float) -> str:
    """Why DeLong's variance of AUC_a − AUC_b is zero, told apart by what the placement values show.

    ``"identical_placements"``: the difference is 0 (every sample has the same
    placement value under both models); ``"degenerate_aurocs"``: each AUROC is
    estimated with no spread (a perfect separation, scores all tied);
    ``"constant_shift"``: every placement value moves by the same amount.
    """
    if diff == 0:
        return "identical_placements"
    if var_a <= NEGLIGIBLE_SE ** 2 and var_b <= NEGLIGIBLE_SE ** 2:
        return "degenerate_aurocs"
    return "constant_shift"


def delong_test(y_true, scores_a, scores_b, positive=None, *, sample_weight=None) -> TestResult:
    """DeLong's test that two models scored on the same samples have equal AUROC (6.3.6, 7.8).

    With placement values V10 (per positive, m of them) and V01 (per negative,
    n of them) of each model, Var(AUC_a − AUC_b) =
    var(V10_a − V10_b)/m + var(V01_a − V01_b)/n (sample variances), and
    z = (AUC_a − AUC_b) / √Var, two-sided normal p-value.  O(n log n), exact
    with ties (Sun & Xu 2014).

    Returns
    -------
    TestResult with ``statistic`` (z), ``pvalue``, ``auc_a``, ``auc_b``,
    ``standard_error`` of the difference, effect size AUC_a − AUC_b,
    ``confidence_interval`` of the difference (difference ± z_q · SE), and
    ``correlation`` of the two AUROC estimates, ``positives``, ``negatives``.
    When the difference has zero estimated variance, z, p and both bounds of
    the interval are Undefined with code ``"zero_variance"`` and parameters
    ``cause`` (see :func:`_zero_variance_cause`), ``auc_a`` and ``auc_b``: a
    perfect model against one whose scores are all tied differs in AUROC, yet
    has no spread.  ``sample_weight`` is refused: DeLong's variance has no
    weighted form.
    """
    refuse(sample_weight, "DeLong's test", "its variance counts unweighted positives and negatives")
    mask, a = _inputs(y_true, scores_a, "scores_a", positive)
    b = as_scores(scores_b, "scores_b")
    same_length(scores_a=a, scores_b=b)
    m, n = int(mask.sum()), int((~mask).sum())
    auc_a, v10a, v01a = placement_values(mask, a)
    auc_b, v10b, v01b = placement_values(mask, b)
    var = float(np.var(v10a - v10b, ddof=1) / m + np.var(v01a - v01b, ddof=1) / n)
    var_a = float(np.var(v10a, ddof=1) / m + np.var(v01a, ddof=1) / n)
    var_b = float(np.var(v10b, ddof=1) / m + np.var(v01b, ddof=1) / n)
    return delong_from_moments(auc_a, auc_b, var, var_a, var_b, m, n)


def delong_from_moments(auc_a: float, auc_b: float, var: float, var_a: float, var_b: float, m: int,
                        n: int) -> TestResult:
    """DeLong's test (6.3.6, 7.8) from the two AUROCs and the variances of their difference and of each.

    What :func:`delong_test` computes from placement values, and what a
    two-pass streaming run (:class:`iso4213_nb.accumulators.DeLongPlacements`)
    gives from merged sums; ``m`` positives and ``n`` negatives.
    """
    covariance = (var_a + var_b - var) / 2
    correlation = (covariance / np.sqrt(var_a * var_b) if var_a > 0 and var_b > 0
                   else undefined("zero_auroc_variance"))
    diff = auc_a - auc_b
    se = float(np.sqrt(max(var, 0.0)))
    if se > NEGLIGIBLE_SE:
        z = diff / se
        p = float(2 * sps.norm.sf(abs(z)))
    else:
        z = p = undefined("zero_variance", cause=_zero_variance_cause(diff, var_a, var_b), auc_a=auc_a, auc_b=auc_b)

    def interval(level):
        if is_undefined(p):
            return (p, p, "normal")
        half = float(sps.norm.ppf(0.5 + level / 2) * se)
        return (diff - half, diff + half, "normal")

    return TestResult("delong", z, p, effect_size=diff, effect_size_kind="auroc_difference",
                      interval_of="auroc_difference", interval=interval,
                      details={"auc_a": auc_a, "auc_b": auc_b, "standard_error": se, "correlation": correlation,
                               "positives": m, "negatives": n})


def auroc_of_counts(pos_counts: np.ndarray, neg_counts: np.ndarray) -> float:
    """AUROC from multiplicities per tied-score group, the groups in ascending score order (6.3.6).

    With P_g and N_g the numbers of positives and negatives in group g and
    C_g = N_1 + … + N_g, a positive in group g wins against every negative
    below it and half of those tied:
    AUROC = Σ_g P_g (C_g − N_g / 2) / (ΣP · ΣN).  Only a cumulative sum and
    two dot products over the groups: no sorting.
    """
    below = np.cumsum(neg_counts)
    wins = float(np.dot(pos_counts, below)) - 0.5 * float(np.dot(pos_counts, neg_counts))
    return wins / (float(pos_counts.sum()) * float(neg_counts.sum()))


def _runs(positive_sorted: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """Group id per sorted sample: tied-score groups, with neighbouring single-class groups of one class merged.

    Merging changes no AUROC: a positive in a run of positives-only groups
    meets no tied negative, and the negatives below it are the same for the
    whole run (likewise for negatives).  Fewer groups, shorter counts.
    """
    positives = np.add.reduceat(positive_sorted.astype(np.int64), starts)
    kind = np.where(positives == ends - starts, 1, np.where(positives == 0, 2, 3))
    new = np.ones(len(kind), dtype=bool)
    new[1:] = (kind[1:] == 3) | (kind[1:] != kind[:-1])
    run = np.cumsum(new) - 1
    return np.repeat(run.astype(np.int32), ends - starts)


def _bootstrap_aurocs(mask: np.ndarray, scores: np.ndarray, n_resamples: int, seed: int) -> np.ndarray:
    order = np.argsort(scores, kind="stable")
    pos = mask[order]
    starts, ends = _tie_groups(scores[order])
    group = _runs(pos, starts, ends)
    n_groups = int(group[-1]) + 1
    pos_group, neg_group = group[pos], group[~pos]
    m, n = len(pos_group), len(neg_group)
    rng = np.random.default_rng(seed)
    out = np.empty(n_resamples)
    with progress.bar(total=n_resamples, desc="bootstrap", unit="resample") as shown_progress:
        for r in range(n_resamples):
            negatives = np.bincount(neg_group[rng.integers(0, n, size=n, dtype=np.int32)], minlength=n_groups)
            positives = np.bincount(pos_group[rng.integers(0, m, size=m, dtype=np.int32)], minlength=n_groups)
            out[r] = auroc_of_counts(positives, negatives)
            shown_progress.update()
    return out


def auroc_ci(y_true, scores, confidence_level: float = 0.95, method: str = "delong", n_resamples: int = 1000,
             seed: int = 0, positive=None, *, sample_weight=None) -> ConfidenceInterval:
    """Confidence interval for one AUROC (6.3.6, 7.8).

    Parameters
    ----------
    method : ``"delong"`` (AUC ± z_q · SE with DeLong's variance
        var(V10)/m + var(V01)/n, clipped to [0, 1]), or ``"percentile"`` /
        ``"bca"`` (bootstrap stratified by class, ``n_resamples`` resamples,
        seed recorded; BCa's jackknife values come from the placement values:
        leaving out positive i gives (m·AUC − V10_i)/(m − 1), negative j
        (n·AUC − V01_j)/(n − 1)).

    Returns
    -------
    ConfidenceInterval with ``estimate`` (AUROC), ``of`` = ``"auroc"``,
    details ``positives``, ``negatives``, and ``standard_error`` for DeLong or
    ``seed``, ``n_resamples``, ``stratified``, ``distribution`` for the bootstrap.
    ``sample_weight`` is refused (neither interval has a weighted form here).
    """
    refuse(sample_weight, "this AUROC interval", "DeLong's variance and this count-based bootstrap are unweighted")
    if method not in AUROC_CI_METHODS:
        raise InputError(f"method must be one of {', '.join(AUROC_CI_METHODS)}; got {shown(method)}")
    level = check_level(confidence_level)
    mask, s = _inputs(y_true, scores, "scores", positive)
    m, n = int(mask.sum()), int((~mask).sum())
    auc, v10, v01 = placement_values(mask, s)
    if method == "delong":
        se = float(np.sqrt(np.var(v10, ddof=1) / m + np.var(v01, ddof=1) / n))
        half = float(sps.norm.ppf(0.5 + level / 2) * se)
        low, high = max(0.0, auc - half), min(1.0, auc + half)
        return ConfidenceInterval(low, high, level, method, estimate=auc, of="auroc",
                                  details={"positives": m, "negatives": n, "standard_error": se})
    if isinstance(n_resamples, bool) or not float(n_resamples).is_integer() or n_resamples < 10:
        raise InputError(f"n_resamples must be a whole number of at least 10, got {shown(n_resamples)}")
    distribution = _bootstrap_aurocs(mask, s, int(n_resamples), seed)

    def jackknife():
        return np.concatenate([(m * auc - v10) / (m - 1), (n * auc - v01) / (n - 1)])

    low, high = bootstrap_interval(distribution, auc, level, method, jackknife)
    return ConfidenceInterval(low, high, level, method, estimate=auc, of="auroc",
                              details={"positives": m, "negatives": n, "seed": seed, "n_resamples": int(n_resamples),
                                       "stratified": True, "distribution": distribution})
