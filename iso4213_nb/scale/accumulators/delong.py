"""DeLong's variance of one AUROC from the score counts, and DeLong's test of two in two passes (6.3.6, 7.8).

DeLong, DeLong & Clarke-Pearson (1988) need, for every sample, its placement
value under each model: for a positive, the share of negatives scoring below
it (ties one half); for a negative, the share of positives scoring above it.
Those shares depend on the whole data set, so one pass cannot give them.
Pass one builds each model's :class:`~.scores.ScoreCounts`; from them every
distinct score's placement value is a lookup (:class:`ScorePlacements`).

One model: every positive with score s has the same placement value V10(s),
and every negative the same V01(s), so the centred sums of DeLong's variance,
Σ P(s)·(V10(s) − A)² over positives and Σ N(s)·(V01(s) − A)² over negatives,
need only the counts P(s), N(s) of pass one (:func:`auroc_variance`): no
second pass, and state files merged from shards give it too.

Two models: their covariance needs, for each row, the placement values under
both models at once, which the counts of each model alone do not hold.
Pass two (:class:`DeLongPlacements`) reads the rows again and adds, per
class, Σ(V_a − A_a)², Σ(V_b − A_b)² and Σ(V_a − A_a)(V_b − A_b), which merge
by addition.  Both equal :func:`iso4213_nb.stats.auroc_ci` and
:func:`iso4213_nb.stats.delong_test` on all rows up to floating rounding
(the sums are added in another order).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import numpy as np
from scipy import stats as sps

from ...core.errors import InputError
from ...core.undefined import Undefined
from .base import Chunk, column
from .scores import ScoreCounts, score_column


@dataclass(frozen=True)
class ScorePlacements:
    """Per distinct score of one model: the placement value of a positive and of a negative with that score.

    ``scores`` ascending (those of pass one's :class:`~.scores.ScoreCounts`),
    ``positive`` = V10 (share of negatives below, ties one half), ``negative`` =
    V01 (share of positives above, ties one half), ``auc`` their mean over the
    positives.  8 bytes × 3 per distinct score: what the workers of pass two receive.

    Clause 6.3.6; beyond TS 4213: DeLong et al. 1988.
    """

    scores: np.ndarray
    positive: np.ndarray
    negative: np.ndarray
    auc: float

    @classmethod
    def of(cls, first: ScoreCounts) -> "ScorePlacements":
        """The placement values of the complete pass-one counts ``first`` (unweighted, two of each class at least)."""
        if first.positives.dtype.kind == "f" or first.negatives.dtype.kind == "f":
            raise InputError("delong.weighted_counts")
        pos, neg = first.positives.astype(float), first.negatives.astype(float)
        m, n = pos.sum(), neg.sum()
        if m < 2 or n < 2:
            raise InputError("delong.too_few", positives=int(m), negatives=int(n))
        negatives_below = np.cumsum(neg) - neg
        positives_above = m - np.cumsum(pos)
        v10 = (negatives_below + 0.5 * neg) / n
        v01 = (positives_above + 0.5 * pos) / m
        return cls(first.scores, v10, v01, float(np.dot(pos, v10) / m))

    def lookup(self, s: np.ndarray, name: str) -> np.ndarray:
        index = np.searchsorted(self.scores, s)
        index = np.minimum(index, len(self.scores) - 1)
        if not np.array_equal(self.scores[index], s):
            raise InputError("delong.unseen_score", name=repr(name))
        return index


def auroc_variance(first: ScoreCounts) -> tuple[float, float]:
    """``(AUROC, DeLong's variance of it)`` from one model's complete pass-one counts (6.3.6; DeLong et al. 1988).

    var = Σ_s P(s)(V10(s) − A)² / ((m − 1) m) + Σ_s N(s)(V01(s) − A)² / ((n − 1) n),
    with P(s), N(s) the positives and negatives at distinct score s (m, n in
    all): the sample variances of the placement values over the rows, each
    row's value being that of its score.  Equals
    :meth:`iso4213_nb.stats.roc.Placements.variance` on the rows up to rounding.
    Needs unweighted counts with two positives and two negatives at least.
    """
    placements = ScorePlacements.of(first)
    pos, neg = first.positives.astype(float), first.negatives.astype(float)
    m, n = pos.sum(), neg.sum()
    s10 = np.dot(pos, (placements.positive - placements.auc) ** 2)
    s01 = np.dot(neg, (placements.negative - placements.auc) ** 2)
    return placements.auc, float(s10 / (m - 1) / m + s01 / (n - 1) / n)


@dataclass(frozen=True)
class DeLongResult:
    """DeLong's test of AUROC_a = AUROC_b: the difference, its standard error, z and the two-sided p-value.

    ``statistic`` and ``pvalue`` are :class:`~iso4213_nb.core.undefined.Undefined` when the
    difference has zero estimated variance.

    Clause 6.3.6; beyond TS 4213: DeLong et al. 1988.
    """

    auc_a: float
    auc_b: float
    difference: float
    standard_error: float
    statistic: float | Undefined
    pvalue: float | Undefined
    positives: int
    negatives: int


@dataclass
class DeLongPlacements:
    """Second pass of DeLong's test: centred sums of placement values per class, mergeable by addition.

    Clause 6.3.6; beyond TS 4213: DeLong et al. 1988.
    """

    true: str
    score_a: str
    score_b: str
    positive: object
    a: ScorePlacements
    b: ScorePlacements
    sums: np.ndarray = field(default_factory=lambda: np.zeros((2, 4)))  # class (pos, neg) × (count, aa, bb, ab)

    @classmethod
    def zero(cls, first_a: ScoreCounts, first_b: ScoreCounts) -> "DeLongPlacements":
        """Start pass two from the complete pass-one states of model a and model b (same rows, same positive)."""
        if (first_a.true, first_a.positive) != (first_b.true, first_b.positive):
            raise InputError("delong.different_truth")
        return cls(first_a.true, first_a.score, first_b.score, first_a.positive, ScorePlacements.of(first_a),
                   ScorePlacements.of(first_b))

    def empty(self) -> "DeLongPlacements":
        """A state with the same placement values and no rows (each part of pass two starts from one)."""
        return dataclasses.replace(self, sums=np.zeros((2, 4)))

    def update(self, chunk: Chunk, weights=None) -> "DeLongPlacements":
        if weights is not None:
            raise InputError("delong.no_weights")
        mask = column(chunk, self.true) == self.positive
        sa, sb = score_column(chunk, self.score_a), score_column(chunk, self.score_b)
        ia, ib = self.a.lookup(sa, self.score_a), self.b.lookup(sb, self.score_b)
        for row, rows, values in ((0, mask, "positive"), (1, ~mask, "negative")):
            da = getattr(self.a, values)[ia[rows]] - self.a.auc
            db = getattr(self.b, values)[ib[rows]] - self.b.auc
            self.sums[row] += (len(da), np.dot(da, da), np.dot(db, db), np.dot(da, db))
        return self

    def merge(self, other: "DeLongPlacements") -> "DeLongPlacements":
        if (self.true, self.score_a, self.score_b, self.positive) != (
                other.true, other.score_a, other.score_b, other.positive):
            raise InputError("delong.different_columns")
        return DeLongPlacements(self.true, self.score_a, self.score_b, self.positive, self.a, self.b,
                                self.sums + other.sums)

    def finalize(self) -> DeLongResult:
        (m, paa, pbb, pab), (n, naa, nbb, nab) = self.sums
        if m < 2 or n < 2:
            raise InputError("delong.pass_two_too_few")
        variance = (paa + pbb - 2 * pab) / (m - 1) / m + (naa + nbb - 2 * nab) / (n - 1) / n
        difference = self.a.auc - self.b.auc
        se = float(np.sqrt(max(variance, 0.0)))
        if variance > 0:
            z = difference / se
            p = float(2 * sps.norm.sf(abs(z)))
        else:
            z = p = Undefined(code="zero_difference_variance")
        return DeLongResult(self.a.auc, self.b.auc, difference, se, z, p, int(m), int(n))
