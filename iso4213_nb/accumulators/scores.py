"""Score states: exact counts per distinct score, counts per bin, and calibration bins.

A ROC, PR, gain or lift curve (6.3.6–6.3.9) depends on the scores only
through how many positives and negatives have each distinct score, so a state
of (distinct score, positives, negatives) rows, merged by a sorted union,
gives every curve and area exactly.  It costs 24 bytes per distinct score
(float64 score, two int64 counts) whatever the number of rows: scores rounded
to 6 decimals in [0, 1] have at most 10⁶ + 1 distinct values (24 MB).

Continuous float64 scores can have as many distinct values as rows; then
:class:`BinnedScoreCounts` counts per fixed bin instead, and states how far
its AUROC can be from the exact one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..curves import BinaryScores
from ..errors import InputError
from .base import Chunk, column, row_weights

BYTES_PER_DISTINCT_SCORE = 24


def _scores(chunk: Chunk, name: str) -> np.ndarray:
    s = column(chunk, name)
    if s.dtype.kind not in "iuf":
        raise InputError(f"column {name!r} must hold numeric scores")
    s = s.astype(np.float64, copy=False)
    if not np.all(np.isfinite(s)):
        raise InputError(f"column {name!r} holds NaN or infinite scores")
    return s


def _positive_mask(chunk: Chunk, true: str, positive) -> np.ndarray:
    return column(chunk, true) == positive


def _runs(sorted_values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Distinct values of a sorted array and how many times each occurs."""
    if len(sorted_values) == 0:
        return sorted_values, np.zeros(0, dtype=np.int64)
    start = np.flatnonzero(np.concatenate([[True], sorted_values[1:] != sorted_values[:-1]]))
    return sorted_values[start], np.diff(np.append(start, len(sorted_values)))


def _merge_counts(scores_a, pos_a, neg_a, scores_b, pos_b, neg_b) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Two (sorted distinct scores, positives, negatives) tables as one: a stable merge of two sorted runs."""
    scores = np.concatenate([scores_a, scores_b])
    if len(scores) == 0:
        return scores, np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    order = np.argsort(scores, kind="stable")  # linear for two sorted runs
    scores = scores[order]
    start = np.flatnonzero(np.concatenate([[True], scores[1:] != scores[:-1]]))
    pos = np.add.reduceat(np.concatenate([pos_a, pos_b]).astype(np.int64)[order], start)
    neg = np.add.reduceat(np.concatenate([neg_a, neg_b]).astype(np.int64)[order], start)
    return scores[start], pos, neg


def _counts_by_value(values: np.ndarray, mask: np.ndarray, w) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    if w is None:  # positives and negatives sorted apart (no argsort), then merged
        pos_scores, pos = _runs(np.sort(values[mask]))
        neg_scores, neg = _runs(np.sort(values[~mask]))
        return _merge_counts(pos_scores, pos, np.zeros_like(pos), neg_scores, np.zeros_like(neg), neg)
    distinct, codes = np.unique(values, return_inverse=True)
    pos = np.bincount(codes, weights=w * mask, minlength=len(distinct)).astype(np.int64)
    neg = np.bincount(codes, weights=w * ~mask, minlength=len(distinct)).astype(np.int64)
    return distinct, pos, neg


@dataclass
class ScoreCounts:
    """Distinct score → number of positives and of negatives with that score (exact curves; 6.3.6, 6.3.7).

    ``positive`` is the label of the positive class in column ``true``; every
    other label counts as negative, as in :class:`~iso4213_nb.curves.BinaryScores`.
    """

    true: str
    score: str
    positive: object
    scores: np.ndarray = field(default_factory=lambda: np.zeros(0))
    positives: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    negatives: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))

    @classmethod
    def zero(cls, score: str, positive=1, true: str = "y_true") -> "ScoreCounts":
        return cls(true, score, positive)

    @property
    def nbytes(self) -> int:
        """Memory held by the counts: :data:`BYTES_PER_DISTINCT_SCORE` per distinct score."""
        return self.scores.nbytes + self.positives.nbytes + self.negatives.nbytes

    def update(self, chunk: Chunk, weights=None) -> "ScoreCounts":
        s = _scores(chunk, self.score)
        mask = _positive_mask(chunk, self.true, self.positive)
        if len(mask) != len(s):
            raise InputError(f"columns {self.true!r} and {self.score!r} differ in length")
        part = ScoreCounts(self.true, self.score, self.positive, *_counts_by_value(s, mask, row_weights(weights, len(s))))
        merged = self.merge(part)
        self.scores, self.positives, self.negatives = merged.scores, merged.positives, merged.negatives
        return self

    def merge(self, other: "ScoreCounts") -> "ScoreCounts":
        if (self.true, self.score, self.positive) != (other.true, other.score, other.positive):
            raise InputError("only states of the same columns and positive class can be merged")
        merged = _merge_counts(self.scores, self.positives, self.negatives, other.scores, other.positives,
                               other.negatives)
        return ScoreCounts(self.true, self.score, self.positive, *merged)

    def finalize(self) -> BinaryScores:
        """The :class:`BinaryScores` of every row added: every curve and area exactly as in memory."""
        return BinaryScores.from_counts(self.scores, self.positives, self.negatives, positive=self.positive)


@dataclass(frozen=True)
class BinnedScores:
    """Curves from binned scores, and how far the AUROC can be from the exact one (6.3.6, 6.3.7).

    Attributes
    ----------
    scores : BinaryScores whose thresholds are the lower edges of the occupied bins;
        counts at those thresholds are exact, curves between them are not drawn.
    auroc_error_bound : every exact AUROC of scores that fall in these bins lies within
        ``scores.auroc() ± auroc_error_bound``: pairs of a positive and a negative in the
        same bin count one half, while the exact ranking could count each 0 or 1, so the
        bound is Σ_b P_b N_b / (2 P N).
    bins, low, high : the binning.
    """

    scores: BinaryScores
    auroc_error_bound: float
    bins: int
    low: float
    high: float


@dataclass
class BinnedScoreCounts:
    """Positives and negatives per fixed-width score bin on [low, high] (an approximate, bounded mode; 6.3.6, 6.3.7).

    Memory is 16 bytes per bin whatever the scores.  A score outside
    [low, high] is an error: choose the range that holds every score.
    """

    true: str
    score: str
    positive: object
    bins: int
    low: float
    high: float
    positives: np.ndarray
    negatives: np.ndarray

    @classmethod
    def zero(cls, score: str, bins: int, positive=1, true: str = "y_true", low: float = 0.0,
             high: float = 1.0) -> "BinnedScoreCounts":
        if int(bins) != bins or bins < 2:
            raise InputError(f"bins must be a whole number of at least 2, got {bins}")
        if not (np.isfinite(low) and np.isfinite(high) and low < high):
            raise InputError(f"the binned range needs finite low < high, got {low} and {high}")
        zeros = np.zeros(int(bins), dtype=np.int64)
        return cls(true, score, positive, int(bins), float(low), float(high), zeros, zeros.copy())

    def edges(self) -> np.ndarray:
        """The ``bins + 1`` bin edges; bin b holds scores in [edges[b], edges[b + 1]), the last bin includes ``high``."""
        return np.linspace(self.low, self.high, self.bins + 1)

    def update(self, chunk: Chunk, weights=None) -> "BinnedScoreCounts":
        s = _scores(chunk, self.score)
        mask = _positive_mask(chunk, self.true, self.positive)
        w = row_weights(weights, len(s))
        outside = (s < self.low) | (s > self.high)
        if outside.any():
            raise InputError(f"column {self.score!r} has a score ({s[outside][0]:g}) outside the binned range "
                             f"[{self.low:g}, {self.high:g}]")
        index = np.searchsorted(self.edges(), s, side="right") - 1
        np.minimum(index, self.bins - 1, out=index)
        ones = np.ones(len(s), dtype=np.int64) if w is None else w
        self.positives = self.positives + np.bincount(index, weights=ones * mask, minlength=self.bins).astype(np.int64)
        self.negatives = self.negatives + np.bincount(index, weights=ones * ~mask, minlength=self.bins).astype(np.int64)
        return self

    def merge(self, other: "BinnedScoreCounts") -> "BinnedScoreCounts":
        if (self.true, self.score, self.positive, self.bins, self.low, self.high) != (
                other.true, other.score, other.positive, other.bins, other.low, other.high):
            raise InputError("only states of the same columns and the same bins can be merged")
        return BinnedScoreCounts(self.true, self.score, self.positive, self.bins, self.low, self.high,
                                 self.positives + other.positives, self.negatives + other.negatives)

    def finalize(self) -> BinnedScores:
        scores = BinaryScores.from_counts(self.edges()[:-1], self.positives, self.negatives, positive=self.positive)
        pairs = scores.positives * scores.negatives
        bound = float(np.dot(self.positives.astype(float), self.negatives) / (2 * pairs)) if pairs else float("nan")
        return BinnedScores(scores, bound, self.bins, self.low, self.high)


@dataclass(frozen=True)
class Reliability:
    """Calibration of probabilities for the positive class, per equal-width bin (beyond TS 4213).

    Attributes
    ----------
    edges : bin edges on [0, 1].
    count : samples per bin.
    mean_predicted : mean probability in each bin (NaN for an empty bin).
    observed : share of positives in each bin (NaN for an empty bin).
    expected_calibration_error : Σ_b (count_b / n) |observed_b − mean_predicted_b| over occupied bins.
    brier : mean of (p − y)², exact (not binned).

    Beyond TS 4213: reliability diagram, DeGroot & Fienberg 1983.
    """

    edges: np.ndarray
    count: np.ndarray
    mean_predicted: np.ndarray
    observed: np.ndarray
    expected_calibration_error: float
    brier: float


@dataclass
class CalibrationBins:
    """Per equal-width bin of the predicted probability: count, Σ p, Σ y, Σ p², Σ p·y.

    Bin b holds probabilities in (b/B, (b + 1)/B], the first bin also 0, as
    scikit-learn's ``calibration_curve`` bins them.

    The sums make the reliability table and the ECE of these bins exact, and
    the Brier score exact whatever the binning: Σ (p − y)² = Σ p² − 2 Σ p·y + Σ y.

    Beyond TS 4213: reliability diagram, DeGroot & Fienberg 1983.
    """

    true: str
    score: str
    positive: object
    bins: int
    sums: np.ndarray  # bins × 5: count, Σp, Σy, Σp², Σpy

    @classmethod
    def zero(cls, score: str, bins: int = 10, positive=1, true: str = "y_true") -> "CalibrationBins":
        if int(bins) != bins or bins < 1:
            raise InputError(f"bins must be a whole number of at least 1, got {bins}")
        return cls(true, score, positive, int(bins), np.zeros((int(bins), 5)))

    def update(self, chunk: Chunk, weights=None) -> "CalibrationBins":
        p = _scores(chunk, self.score)
        if len(p) and (p.min() < 0 or p.max() > 1):
            raise InputError(f"column {self.score!r} must hold probabilities in [0, 1] for calibration")
        y = _positive_mask(chunk, self.true, self.positive).astype(float)
        w = row_weights(weights, len(p))
        ones = np.ones(len(p)) if w is None else w.astype(float)
        index = np.searchsorted(np.linspace(0, 1, self.bins + 1)[1:-1], p, side="left")
        for j, values in enumerate((ones, ones * p, ones * y, ones * p * p, ones * p * y)):
            self.sums[:, j] += np.bincount(index, weights=values, minlength=self.bins)
        return self

    def merge(self, other: "CalibrationBins") -> "CalibrationBins":
        if (self.true, self.score, self.positive, self.bins) != (other.true, other.score, other.positive, other.bins):
            raise InputError("only states of the same columns and the same bins can be merged")
        return CalibrationBins(self.true, self.score, self.positive, self.bins, self.sums + other.sums)

    def finalize(self) -> Reliability:
        count, sum_p, sum_y, sum_pp, sum_py = self.sums.T
        n = count.sum()
        if n == 0:
            raise InputError("no samples: calibration needs at least one")
        with np.errstate(invalid="ignore", divide="ignore"):
            mean_p = np.where(count > 0, sum_p / count, np.nan)
            observed = np.where(count > 0, sum_y / count, np.nan)
        occupied = count > 0
        ece = float(np.sum(count[occupied] / n * np.abs(observed[occupied] - mean_p[occupied])))
        brier = float((sum_pp.sum() - 2 * sum_py.sum() + sum_y.sum()) / n)
        return Reliability(np.linspace(0, 1, self.bins + 1), count.astype(np.int64), mean_p, observed, ece, brier)
