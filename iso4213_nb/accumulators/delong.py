"""DeLong's test of two AUROCs on the same samples (6.3.6, 7.8) in two passes over the rows.

DeLong, DeLong & Clarke-Pearson (1988) need, for every sample, its placement
value under each model: for a positive, the share of negatives scoring below
it (ties one half); for a negative, the share of positives scoring above it.
Those shares depend on the whole data set, so one pass cannot give them.
Pass one builds each model's :class:`~.scores.ScoreCounts`; from them every
distinct score's placement value is a lookup.  Pass two reads the rows again
and adds, per class, the centred sums Σ(V_a − A_a)², Σ(V_b − A_b)² and
Σ(V_a − A_a)(V_b − A_b), which merge by addition.  The result equals
:func:`iso4213_nb.stats.delong_test` on all rows up to floating rounding
(the sums are added in another order).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from scipy import stats as sps

from ..errors import InputError
from ..undefined import Undefined
from .base import Chunk, column
from .scores import ScoreCounts, _scores


@dataclass(frozen=True)
class _Placements:
    """Per distinct score of one model: the placement value of a positive and of a negative with that score."""

    scores: np.ndarray
    positive: np.ndarray
    negative: np.ndarray
    auc: float

    @classmethod
    def of(cls, first: ScoreCounts) -> "_Placements":
        pos, neg = first.positives.astype(float), first.negatives.astype(float)
        m, n = pos.sum(), neg.sum()
        if m < 2 or n < 2:
            raise InputError(f"DeLong's variance needs at least two positives and two negatives, got {int(m)} "
                             f"and {int(n)}")
        negatives_below = np.cumsum(neg) - neg
        positives_above = m - np.cumsum(pos)
        v10 = (negatives_below + 0.5 * neg) / n
        v01 = (positives_above + 0.5 * pos) / m
        return cls(first.scores, v10, v01, float(np.dot(pos, v10) / m))

    def lookup(self, s: np.ndarray, name: str) -> np.ndarray:
        index = np.searchsorted(self.scores, s)
        index = np.minimum(index, len(self.scores) - 1)
        if not np.array_equal(self.scores[index], s):
            raise InputError(f"column {name!r} has a score the first pass did not see: both passes must read the "
                             "same rows")
        return index


@dataclass(frozen=True)
class DeLongResult:
    """DeLong's test of AUROC_a = AUROC_b: the difference, its standard error, z and the two-sided p-value.

    ``statistic`` and ``pvalue`` are :class:`~iso4213_nb.undefined.Undefined` when the
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
    a: _Placements
    b: _Placements
    sums: np.ndarray = field(default_factory=lambda: np.zeros((2, 4)))  # class (pos, neg) × (count, aa, bb, ab)

    @classmethod
    def zero(cls, first_a: ScoreCounts, first_b: ScoreCounts) -> "DeLongPlacements":
        """Start pass two from the complete pass-one states of model a and model b (same rows, same positive)."""
        if (first_a.true, first_a.positive) != (first_b.true, first_b.positive):
            raise InputError("both models' first-pass states must use the same truth column and positive class")
        return cls(first_a.true, first_a.score, first_b.score, first_a.positive, _Placements.of(first_a),
                   _Placements.of(first_b))

    def update(self, chunk: Chunk, weights=None) -> "DeLongPlacements":
        if weights is not None:
            raise InputError("DeLong's placement values take no resampling weights")
        mask = column(chunk, self.true) == self.positive
        sa, sb = _scores(chunk, self.score_a), _scores(chunk, self.score_b)
        ia, ib = self.a.lookup(sa, self.score_a), self.b.lookup(sb, self.score_b)
        for row, rows, values in ((0, mask, "positive"), (1, ~mask, "negative")):
            da = getattr(self.a, values)[ia[rows]] - self.a.auc
            db = getattr(self.b, values)[ib[rows]] - self.b.auc
            self.sums[row] += (len(da), np.dot(da, da), np.dot(db, db), np.dot(da, db))
        return self

    def merge(self, other: "DeLongPlacements") -> "DeLongPlacements":
        if (self.true, self.score_a, self.score_b, self.positive) != (
                other.true, other.score_a, other.score_b, other.positive):
            raise InputError("only states of the same columns can be merged")
        return DeLongPlacements(self.true, self.score_a, self.score_b, self.positive, self.a, self.b,
                                self.sums + other.sums)

    def finalize(self) -> DeLongResult:
        (m, paa, pbb, pab), (n, naa, nbb, nab) = self.sums
        if m < 2 or n < 2:
            raise InputError("pass two saw fewer than two positives or negatives: did it read the same rows?")
        variance = (paa + pbb - 2 * pab) / (m - 1) / m + (naa + nbb - 2 * nab) / (n - 1) / n
        difference = self.a.auc - self.b.auc
        se = float(np.sqrt(max(variance, 0.0)))
        if variance > 0:
            z = difference / se
            p = float(2 * sps.norm.sf(abs(z)))
        else:
            z = p = Undefined("the AUROC difference has zero estimated variance")
        return DeLongResult(self.a.auc, self.b.auc, difference, se, z, p, int(m), int(n))
