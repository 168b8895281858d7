"""AUROC (6.3.6) inference: DeLong's test of two correlated AUROCs and intervals for one AUROC.

DeLong, DeLong & Clarke-Pearson (1988) estimate the covariance of AUROCs
computed on the same samples from *placement values*, one per distinct score
(:class:`Placements`); a second model's covariance needs each sample's score
looked up in each model's runs (:func:`pair_sums`), and so is each sample's
value the bootstrap interval's jackknife needs (:func:`placement_values`).
A sample is ranked by its score only; the
positive class is the one that should score high.

The bootstrap interval of :func:`auroc_ci` reads the same runs; each
resample's class-stratified draws become multiplicities per tied-score group
(a bincount), whose AUROC needs no new sort (:func:`auroc_of_counts`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from scipy.special import ndtr, ndtri

from ..core import progress
from ..core.checks import as_scores, one_of, same_length
from ..core.errors import InputError
from ..core.undefined import is_undefined
from ..core.weights import refuse
from ..measures.curves import BinaryScores
from ._input import binary_truth
from .bootstrap import METHODS as BOOTSTRAP_METHODS, acceleration, check_resamples, interval_bounds
from .results import ConfidenceInterval, TestResult, check_level, symmetric_interval, undefined

AUROC_CI_METHODS = ("delong",) + BOOTSTRAP_METHODS


def tie_groups(sorted_values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Start and end (exclusive) positions of the runs of equal values in a sorted array (6.3.6; DeLong et al. 1988)."""
    n = len(sorted_values)
    new = np.empty(n, dtype=bool)
    new[0] = True
    np.not_equal(sorted_values[1:], sorted_values[:-1], out=new[1:])
    starts = np.flatnonzero(new)
    return starts, np.append(starts[1:], n)


def placement_values(positive: np.ndarray, scores: np.ndarray, runs: Placements | None = None
                     ) -> tuple[float, np.ndarray, np.ndarray]:
    """AUROC and each sample's DeLong placement value, for the bootstrap's jackknife (6.3.6; DeLong et al. 1988).

    Parameters
    ----------
    positive : boolean mask of the positive class.
    scores : float scores, higher meaning more likely positive.
    runs : the :class:`Placements` of these samples when already computed.

    Returns
    -------
    ``(auc, v10, v01)``: v10[i] is the share of negatives below positive i
    (ties half), v01[j] the share of positives above negative j (ties half),
    each in the original order of the positives and of the negatives;
    auc = mean(v10) = mean(v01).  Each sample's value is its score's in the
    :class:`Placements` of the ROC curve's runs, the one computation of them.
    """
    runs = Placements.of_runs(*BinaryScores(positive, scores).counts_by_score()) if runs is None else runs
    at = runs.lookup(scores, "scores")
    return runs.auc, runs.v10[at[positive]], runs.v01[at[~positive]]


@dataclass(frozen=True, eq=False)
class Placements:
    """One model's AUROC and DeLong placement values per distinct score (6.3.6; DeLong et al. 1988).

    Every positive scored s has the same placement value V10(s), the share of
    negatives scored below s (ties one half), and every negative the same
    V01(s), the share of positives scored above (ties one half).  So the runs
    of tied scores that the ROC curve has already sorted
    (:meth:`iso4213_nb.measures.curves.BinaryScores.counts_by_score`, or a
    streamed pass's merged :class:`~iso4213_nb.scale.accumulators.ScoreCounts`)
    give every placement value, and DeLong's moments are sums over the distinct
    scores weighted by their counts: exact with ties, no sort beyond the curve's, and the one computation
    of them, in memory and in the streamed passes (:mod:`iso4213_nb.scale.accumulators.delong`).

    Attributes
    ----------
    scores : distinct scores, ascending.
    positives_at, negatives_at : how many positives and negatives have each score.
    v10, v01 : the placement value of a positive and of a negative at each score.
    auc : AUROC = Σ_s P(s) V10(s) / m, as :func:`auroc_of_counts` (the Mann–Whitney count, rounded once).
    """

    scores: np.ndarray = field(repr=False)
    positives_at: np.ndarray = field(repr=False)
    negatives_at: np.ndarray = field(repr=False)
    v10: np.ndarray = field(repr=False)
    v01: np.ndarray = field(repr=False)
    auc: float

    @classmethod
    def of_runs(cls, scores: np.ndarray, positives_at: np.ndarray, negatives_at: np.ndarray) -> "Placements":
        """The placement values of the runs ``(scores ascending, positives, negatives at each)`` (6.3.6).

        Needs a positive and a negative at least (the caller checks the two of each DeLong's variance needs);
        InputError ``delong.weighted_counts`` for sums of sample weights (DeLong's variance has no weighted form).
        """
        if positives_at.dtype.kind == "f" or negatives_at.dtype.kind == "f":
            raise InputError("delong.weighted_counts")
        pos, neg = positives_at.astype(float), negatives_at.astype(float)
        m, n = pos.sum(), neg.sum()
        v10 = (np.cumsum(neg) - neg + 0.5 * neg) / n
        v01 = (m - np.cumsum(pos) + 0.5 * pos) / m
        return cls(scores, positives_at, negatives_at, v10, v01, auroc_of_counts(pos, neg))

    @property
    def positives(self) -> int:
        return int(self.positives_at.sum())

    @property
    def negatives(self) -> int:
        return int(self.negatives_at.sum())

    def variance(self) -> float:
        """DeLong's variance of the AUROC, var(V10)/m + var(V01)/n (sample variances over the samples).

        Σ_s P(s)(V10(s) − A)² / ((m − 1) m) + Σ_s N(s)(V01(s) − A)² / ((n − 1) n).
        """
        m, n = self.positives, self.negatives
        s10 = np.dot(self.positives_at.astype(float), (self.v10 - self.auc) ** 2)
        s01 = np.dot(self.negatives_at.astype(float), (self.v01 - self.auc) ** 2)
        return float(s10 / (m - 1) / m + s01 / (n - 1) / n)

    def lookup(self, scores: np.ndarray, name: str) -> np.ndarray:
        """The index into :attr:`scores` of each of ``scores`` (InputError ``delong.unseen_score`` if one is not there).

        The scores are looked up in ascending order and the indices put back: a binary search over sorted keys stays
        in the cache, a quarter of the time of one in the samples' order at a million scores.
        """
        order = np.argsort(scores)
        index = np.empty(len(scores), dtype=np.intp)
        index[order] = np.minimum(np.searchsorted(self.scores, scores[order]), len(self.scores) - 1)
        if not np.array_equal(self.scores[index], scores):
            raise InputError("delong.unseen_score", name=repr(name))
        return index


def pair_sums(a: Placements, b: Placements, positive: np.ndarray, index_a: np.ndarray,
              index_b: np.ndarray) -> np.ndarray:
    """Centred sums of two models' placement values over some samples, mergeable by addition (6.3.6, 7.8).

    ``positive``: the samples' classes (boolean); ``index_a``, ``index_b``: each sample's score as an index into
    ``a.scores`` and ``b.scores`` (:meth:`Placements.lookup`).  Returns a 2 × 4 array, one row per class
    (positives, negatives): the count, Σ(V_a − A_a)², Σ(V_b − A_b)² and Σ(V_a − A_a)(V_b − A_b).
    """
    out = np.zeros((2, 4))
    for row, rows, va, vb in ((0, positive, a.v10, b.v10), (1, ~positive, a.v01, b.v01)):
        da = va[index_a[rows]] - a.auc
        db = vb[index_b[rows]] - b.auc
        out[row] = (len(da), np.dot(da, da), np.dot(db, db), np.dot(da, db))
    return out


def pair_moments(a: Placements, b: Placements, sums: np.ndarray) -> tuple:
    """``(auc_a, auc_b, var, var_a, var_b, m, n)`` for :func:`delong_from_moments` from :func:`pair_sums` (6.3.6, 7.8).

    var = var(V10_a − V10_b)/m + var(V01_a − V01_b)/n; var_a and var_b are each model's own DeLong variance.
    """
    (m, paa, pbb, pab), (n, naa, nbb, nab) = sums
    var = (paa + pbb - 2 * pab) / (m - 1) / m + (naa + nbb - 2 * nab) / (n - 1) / n
    var_a = paa / (m - 1) / m + naa / (n - 1) / n
    var_b = pbb / (m - 1) / m + nbb / (n - 1) / n
    return a.auc, b.auc, float(var), float(var_a), float(var_b), int(m), int(n)


def placements_of(y_true, scores, positive=None, *, name: str = "scores", binary=None) -> Placements:
    """The :class:`Placements` of one model's ``scores`` (6.3.6), after the checks of :func:`auroc_ci`.

    Needs at least two positives and two negatives (:class:`InputError` otherwise).  ``binary``: the
    unweighted :class:`~iso4213_nb.measures.curves.BinaryScores` of these data when already built, whose sorted
    runs are then used; otherwise they are built here (one sort of each class's scores).
    """
    mask, s = _inputs(y_true, scores, name, positive)
    runs = binary if binary is not None and not binary.weighted else BinaryScores(mask, s)
    return Placements.of_runs(*runs.counts_by_score())


def _inputs(y_true, scores, name: str, positive) -> tuple[np.ndarray, np.ndarray]:
    mask = binary_truth(y_true, positive)
    s = as_scores(scores, name)
    same_length(y_true=mask, **{name: s})
    if mask.sum() < 2 or (~mask).sum() < 2:
        raise InputError("stats.delong_too_few", positives=int(mask.sum()), negatives=int((~mask).sum()))
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


def delong_test(y_true, scores_a, scores_b, positive=None, *, sample_weight=None,
                placements: tuple[Placements, Placements] | None = None) -> TestResult:
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
    weighted form.  ``placements``: the two models' :class:`Placements` on these
    samples when already computed (:func:`placements_of`); each sample's placement values are then looked up
    by its score, nothing is sorted again.
    """
    refuse(sample_weight, "DeLong's test", "its variance counts unweighted positives and negatives")
    a = as_scores(scores_a, "scores_a")
    b = as_scores(scores_b, "scores_b")
    same_length(scores_a=a, scores_b=b)
    if placements is None:
        placements = (placements_of(y_true, a, positive, name="scores_a"),
                      placements_of(y_true, b, positive, name="scores_b"))
    pa, pb = placements
    mask = binary_truth(y_true, positive)
    sums = pair_sums(pa, pb, mask, pa.lookup(a, "scores_a"), pb.lookup(b, "scores_b"))
    return delong_from_moments(*pair_moments(pa, pb, sums))


def delong_from_moments(auc_a: float, auc_b: float, var: float, var_a: float, var_b: float, m: int,
                        n: int) -> TestResult:
    """DeLong's test (6.3.6, 7.8) from the two AUROCs and the variances of their difference and of each.

    What :func:`delong_test` computes from placement values, and what a
    two-pass streaming run (:class:`iso4213_nb.scale.accumulators.DeLongPlacements`)
    gives from merged sums; ``m`` positives and ``n`` negatives.
    """
    covariance = (var_a + var_b - var) / 2
    correlation = (covariance / np.sqrt(var_a * var_b) if var_a > 0 and var_b > 0
                   else undefined("zero_auroc_variance"))
    diff = auc_a - auc_b
    se = float(np.sqrt(max(var, 0.0)))
    if se > NEGLIGIBLE_SE:
        z = diff / se
        p = float(2 * ndtr(-abs(z)))
    else:
        z = p = undefined("zero_variance", cause=_zero_variance_cause(diff, var_a, var_b), auc_a=auc_a, auc_b=auc_b)

    return TestResult("delong", z, p, effect_size=diff, effect_size_kind="auroc_difference",
                      interval_of="auroc_difference",
                      interval=symmetric_interval(diff, se, "normal", reason=p if is_undefined(p) else None),
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


def _runs(positives_at: np.ndarray, negatives_at: np.ndarray) -> np.ndarray:
    """Group id per distinct score (ascending): one group per score, neighbouring scores of one class only merged.

    Merging changes no AUROC: a positive in a run of positives-only groups
    meets no tied negative, and the negatives below it are the same for the
    whole run (likewise for negatives).  Fewer groups, shorter counts.
    """
    kind = np.where(negatives_at == 0, 1, np.where(positives_at == 0, 2, 3))
    new = np.ones(len(kind), dtype=bool)
    new[1:] = (kind[1:] == 3) | (kind[1:] != kind[:-1])
    return (np.cumsum(new) - 1).astype(np.int32)


def _bootstrap_aurocs(runs: Placements, n_resamples: int, seed: int) -> np.ndarray:
    group = _runs(runs.positives_at, runs.negatives_at)
    n_groups = int(group[-1]) + 1
    pos_group, neg_group = np.repeat(group, runs.positives_at), np.repeat(group, runs.negatives_at)  # by score
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


#: Method code of the exact bound given where DeLong's interval degenerates at AUROC 1 or 0 (:func:`delong_interval`).
PAIRS_METHOD = "clopper-pearson-pairs"


def delong_interval(auc: float, variance: float, positives: int, negatives: int,
                    confidence_level: float = 0.95) -> ConfidenceInterval:
    """DeLong's interval of one AUROC, AUC ± z_q · SE clipped to [0, 1] (6.3.6, 7.8), or why it does not apply.

    ``variance``: DeLong's SE² = var(V10)/m + var(V01)/n from the placement values
    (:meth:`Placements.variance`, or a streamed pass's sums) of ``positives`` m and
    ``negatives`` n.  That variance is 0
    when every positive has the same placement value and so has every negative:
    a perfect separation (AUROC 1: every positive scored above every negative;
    AUROC 0: below) or every score tied (AUROC 0.5).  AUC ± 0 would then claim a
    certainty no finite test set gives (pROC prints [1, 1] for a perfect
    separation), so the result carries ``details["delong"]`` = Undefined with
    code ``"delong_degenerate"`` (params ``cause`` — ``perfect_separation``,
    ``reversed_separation`` or ``all_tied`` — ``auc``, ``positives``, ``negatives``) and:

    * at AUROC 1, an exact bound instead, method :data:`PAIRS_METHOD`.  The
      AUROC θ = P(X > Y) + P(X = Y)/2 for a random positive X and negative Y
      (Hanley & McNeil 1982).  Pair the first N = min(m, n) positives with the
      first N negatives, in file order (disjoint pairs, chosen without looking
      at the scores): each pair is ordered correctly independently with
      probability P(X > Y) ≤ θ, and a perfect separation orders all N
      correctly.  The Clopper–Pearson interval of N successes in N trials
      (Clopper & Pearson 1934) is [(α/2)^(1/N), 1], so θ ≥ (α/2)^(1/N) at
      confidence at least 1 − α/2 (α = 1 − level).  Conservative: it uses N of
      the m·n pairs, which are not independent; detail ``pairs`` = N.  At AUROC 0,
      by symmetry, [0, 1 − (α/2)^(1/N)];
    * all scores tied: no bound; both bounds are that Undefined.

    Returns a ConfidenceInterval with details ``positives``, ``negatives``, ``standard_error``.
    """
    level = check_level(confidence_level)
    m, n = int(positives), int(negatives)
    se = float(np.sqrt(max(variance, 0.0)))
    details = {"positives": m, "negatives": n, "standard_error": se}
    if se > NEGLIGIBLE_SE:
        half = float(ndtri(0.5 + level / 2) * se)
        return ConfidenceInterval(max(0.0, auc - half), min(1.0, auc + half), level, "delong", estimate=auc,
                                  of="auroc", details=details)
    cause = "perfect_separation" if auc == 1 else "reversed_separation" if auc == 0 else "all_tied"
    reason = undefined("delong_degenerate", cause=cause, auc=auc, positives=m, negatives=n)
    if cause == "all_tied":
        return ConfidenceInterval(reason, reason, level, "delong", estimate=auc, of="auroc",
                                  details={**details, "delong": reason})
    pairs = min(m, n)
    bound = float(((1 - level) / 2) ** (1 / pairs))
    low, high = (bound, 1.0) if auc == 1 else (0.0, 1 - bound)
    return ConfidenceInterval(low, high, level, PAIRS_METHOD, estimate=auc, of="auroc",
                              details={**details, "delong": reason, "pairs": pairs})


def delong_interval_of_counts(scores: np.ndarray, positives_at: np.ndarray, negatives_at: np.ndarray,
                              confidence_level: float = 0.95, placements: Placements | None = None
                              ) -> ConfidenceInterval:
    """DeLong's interval of the AUROC of samples counted per distinct score (6.3.6, 7.8), or why there is none.

    ``scores`` ascending with the ``positives_at`` and ``negatives_at`` each: the runs of an unweighted
    :meth:`~iso4213_nb.measures.curves.BinaryScores.counts_by_score` in memory, a merged
    :class:`~iso4213_nb.scale.accumulators.ScoreCounts` streamed.  Undefined with code ``"one_class"`` without
    positives or negatives, ``"delong_too_few"`` (estimate :func:`auroc_of_counts`) with a single one of either;
    else :func:`delong_interval` of their :class:`Placements` (``placements`` when already computed).
    """
    level = check_level(confidence_level)
    m, n = int(positives_at.sum()), int(negatives_at.sum())
    if m == 0 or n == 0:
        reason = undefined("one_class")
        return ConfidenceInterval(reason, reason, level, "delong", estimate=reason)
    if min(m, n) < 2:
        reason = undefined("delong_too_few", positives=m, negatives=n)
        return ConfidenceInterval(reason, reason, level, "delong", estimate=auroc_of_counts(positives_at, negatives_at))
    placements = Placements.of_runs(scores, positives_at, negatives_at) if placements is None else placements
    return delong_interval(placements.auc, placements.variance(), m, n, level)


def auroc_ci(y_true, scores, confidence_level: float = 0.95, method: str = "delong", n_resamples: int = 1000,
             seed: int = 0, positive=None, *, sample_weight=None, placements: Placements | None = None
             ) -> ConfidenceInterval:
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
    Where DeLong's variance is 0 (a perfect separation, every score tied) see
    :func:`delong_interval`.  ``sample_weight`` is refused (neither interval has
    a weighted form here).  ``placements``: the model's :class:`Placements` when
    already computed (DeLong only; :func:`placements_of`).
    """
    refuse(sample_weight, "this AUROC interval", "DeLong's variance and this count-based bootstrap are unweighted")
    one_of(method, AUROC_CI_METHODS, "method")
    level = check_level(confidence_level)
    if method == "delong":
        placements = placements_of(y_true, scores, positive) if placements is None else placements
        return delong_interval(placements.auc, placements.variance(), placements.positives, placements.negatives, level)
    mask, s = _inputs(y_true, scores, "scores", positive)
    runs = Placements.of_runs(*BinaryScores(mask, s).counts_by_score())
    auc, m, n = runs.auc, runs.positives, runs.negatives
    distribution = _bootstrap_aurocs(runs, check_resamples(n_resamples), seed)

    accel = 0.0
    if method == "bca":  # the jackknife's leave-one-out AUROCs, from the placement values
        _, v10, v01 = placement_values(mask, s, runs)
        accel = acceleration(np.concatenate([(m * auc - v10) / (m - 1), (n * auc - v01) / (n - 1)]))
    low, high = interval_bounds(distribution, auc, level, method, accel)
    return ConfidenceInterval(low, high, level, method, estimate=auc, of="auroc",
                              details={"positives": m, "negatives": n, "seed": seed, "n_resamples": int(n_resamples),
                                       "stratified": True, "distribution": distribution})
