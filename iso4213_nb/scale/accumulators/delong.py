"""DeLong's variance of one AUROC from the score counts, and DeLong's test of two in two passes (6.3.6, 7.8).

DeLong, DeLong & Clarke-Pearson (1988) need, for every sample, its placement
value under each model: for a positive, the share of negatives scoring below
it (ties one half); for a negative, the share of positives scoring above it.
Those shares depend on the whole data set, so one pass cannot give them.
Pass one builds each model's :class:`~.scores.ScoreCounts`; from them every
distinct score's placement value is a lookup (:func:`score_placements`: the
:class:`~iso4213_nb.stats.roc.Placements` the in-memory path takes from the ROC
curve's runs, so both paths compute DeLong's moments with the same code).

One model: every positive with score s has the same placement value V10(s),
and every negative the same V01(s), so the centred sums of DeLong's variance,
Σ P(s)·(V10(s) − A)² over positives and Σ N(s)·(V01(s) − A)² over negatives,
need only the counts P(s), N(s) of pass one
(:meth:`~iso4213_nb.stats.roc.Placements.variance`): no second pass, and
state files merged from shards give it too.

Two models: their covariance needs, for each row, the placement values under
both models at once, which the counts of each model alone do not hold.
Pass two (:class:`DeLongPlacements`) reads the rows again and adds, per
class, Σ(V_a − A_a)², Σ(V_b − A_b)² and Σ(V_a − A_a)(V_b − A_b), which merge
by addition (:func:`iso4213_nb.stats.roc.pair_sums`).  Both equal :func:`iso4213_nb.stats.auroc_ci` and
:func:`iso4213_nb.stats.delong_test` on all rows up to floating rounding
(the sums are added in another order).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import numpy as np

from ...core.errors import InputError
from .base import Chunk, column
from .scores import ScoreCounts, score_column
from ...stats.results import TestResult
from ...stats.roc import Placements, delong_from_moments, pair_moments, pair_sums


def score_placements(first: ScoreCounts) -> Placements:
    """The :class:`~iso4213_nb.stats.roc.Placements` of the complete pass-one counts ``first`` (6.3.6; DeLong et al. 1988).

    Per distinct score: what the workers of pass two receive (8 bytes × 5 per score).  Needs unweighted counts
    (:meth:`~iso4213_nb.stats.roc.Placements.of_runs`) with two positives and two negatives at least.
    """
    m, n = int(first.positives.sum()), int(first.negatives.sum())
    if m < 2 or n < 2:
        raise InputError("delong.too_few", positives=m, negatives=n)
    return Placements.of_runs(first.scores, first.positives, first.negatives)


@dataclass
class DeLongPlacements:
    """Second pass of DeLong's test: centred sums of placement values per class, mergeable by addition.

    Clause 6.3.6; beyond TS 4213: DeLong et al. 1988.
    """

    true: str
    score_a: str
    score_b: str
    positive: object
    a: Placements
    b: Placements
    sums: np.ndarray = field(default_factory=lambda: np.zeros((2, 4)))  # class (pos, neg) × (count, aa, bb, ab)

    @classmethod
    def zero(cls, first_a: ScoreCounts, first_b: ScoreCounts) -> "DeLongPlacements":
        """Start pass two from the complete pass-one states of model a and model b (same rows, same positive)."""
        if (first_a.true, first_a.positive) != (first_b.true, first_b.positive):
            raise InputError("delong.different_truth")
        return cls(first_a.true, first_a.score, first_b.score, first_a.positive, score_placements(first_a),
                   score_placements(first_b))

    def empty(self) -> "DeLongPlacements":
        """A state with the same placement values and no rows (each part of pass two starts from one)."""
        return dataclasses.replace(self, sums=np.zeros((2, 4)))

    def update(self, chunk: Chunk, weights=None) -> "DeLongPlacements":
        if weights is not None:
            raise InputError("delong.no_weights")
        mask = column(chunk, self.true) == self.positive
        sa, sb = score_column(chunk, self.score_a), score_column(chunk, self.score_b)
        ia, ib = self.a.lookup(sa, self.score_a), self.b.lookup(sb, self.score_b)
        self.sums += pair_sums(self.a, self.b, mask, ia, ib)
        return self

    def merge(self, other: "DeLongPlacements") -> "DeLongPlacements":
        if (self.true, self.score_a, self.score_b, self.positive) != (
                other.true, other.score_a, other.score_b, other.positive):
            raise InputError("delong.different_columns")
        return DeLongPlacements(self.true, self.score_a, self.score_b, self.positive, self.a, self.b,
                                self.sums + other.sums)

    def finalize(self) -> TestResult:
        """DeLong's test of AUROC_a = AUROC_b from the merged sums (6.3.6, 7.8): a
        :func:`~iso4213_nb.stats.roc.delong_from_moments` result."""
        if self.sums[0, 0] < 2 or self.sums[1, 0] < 2:
            raise InputError("delong.too_few", positives=int(self.sums[0, 0]), negatives=int(self.sums[1, 0]))
        return delong_from_moments(*pair_moments(self.a, self.b, self.sums))
