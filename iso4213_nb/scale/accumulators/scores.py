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

from ...measures.curves import BinaryScores
from ...core.checks import is_whole, same_length
from ...core.errors import InputError
from ...core.probability_rows import probability_problems
from ...core.undefined import ratio
from . import score_grid
from .base import Chunk, column, counted, sample_weights

BYTES_PER_DISTINCT_SCORE = 24
#: Log loss clips probabilities to [EPS, 1 − EPS], as :mod:`iso4213_nb.measures.calibration` and scikit-learn.
EPS = float(np.finfo(np.float64).eps)


def score_column(chunk: Chunk, name: str) -> np.ndarray:
    """The numeric score column ``name`` of a chunk; one line when it is not numeric (6.3; beyond TS 4213:
    mergeable states)."""
    s = column(chunk, name)
    if s.dtype.kind not in "iuf":
        raise InputError("accumulators.scores_not_numeric", name=repr(name))
    s = s.astype(np.float64, copy=False)
    if not np.all(np.isfinite(s)):
        raise InputError("accumulators.scores_not_finite", name=repr(name))
    return s


def _positive_mask(chunk: Chunk, true: str, positive) -> np.ndarray:
    return column(chunk, true) == positive


def _runs(sorted_values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Distinct values of a sorted array and how many times each occurs."""
    if len(sorted_values) == 0:
        return sorted_values, np.zeros(0, dtype=np.int64)
    start = np.flatnonzero(np.concatenate([[True], sorted_values[1:] != sorted_values[:-1]]))
    return sorted_values[start], np.diff(np.append(start, len(sorted_values)))


def merge_tables(scores_a, table_a, scores_b, table_b) -> tuple[np.ndarray, np.ndarray]:
    """Two (sorted distinct scores, counts per column) tables as one: a stable merge of two sorted runs.

    Beyond TS 4213: mergeable states.
    """
    scores = np.concatenate([scores_a, scores_b])
    table = np.concatenate([table_a, table_b])
    if len(scores) == 0:
        return scores, table
    order = np.argsort(scores, kind="stable")  # linear for two sorted runs
    scores = scores[order]
    start = np.flatnonzero(np.concatenate([[True], scores[1:] != scores[:-1]]))
    return scores[start], np.add.reduceat(table[order], start, axis=0)


def merge_counts(scores_a, pos_a, neg_a, scores_b, pos_b, neg_b) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Two (sorted distinct scores, positives, negatives) tables as one, each column contiguous, as
    :func:`merge_tables` merges them (beyond TS 4213: mergeable states)."""
    scores = np.concatenate([scores_a, scores_b])
    if len(scores) == 0:
        return scores, np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    order = np.argsort(scores, kind="stable")  # linear for two sorted runs
    scores = scores[order]
    start = np.flatnonzero(np.concatenate([[True], scores[1:] != scores[:-1]]))
    pos = np.add.reduceat(np.concatenate([pos_a, pos_b])[order], start)
    neg = np.add.reduceat(np.concatenate([neg_a, neg_b])[order], start)
    return scores[start], pos, neg


def _counts_by_value(values: np.ndarray, mask: np.ndarray, w) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    if w is None:  # positives and negatives sorted apart (no argsort), then merged
        pos_scores, pos = _runs(np.sort(values[mask]))
        neg_scores, neg = _runs(np.sort(values[~mask]))
        return merge_counts(pos_scores, pos, np.zeros_like(pos), neg_scores, np.zeros_like(neg), neg)
    distinct, codes = np.unique(values, return_inverse=True)
    pos = counted(np.bincount(codes, weights=w * mask, minlength=len(distinct)), w)
    neg = counted(np.bincount(codes, weights=w * ~mask, minlength=len(distinct)), w)
    return distinct, pos, neg


def binary_scores(scores: np.ndarray, positives: np.ndarray, negatives: np.ndarray, positive) -> BinaryScores:
    """The :class:`BinaryScores` of counts (int64) or sums of sample weights (float64) per distinct score.

    Sums of weights give the weighted curves of the in-memory path
    (``BinaryScores(..., sample_weight=...)``), each distinct score standing
    for its positive and its negative rows.

    Clause 6.3.6–6.3.9; weights beyond TS 4213 (scikit-learn's ``sample_weight``).
    """
    if positives.dtype.kind != "f" and negatives.dtype.kind != "f":
        return BinaryScores.from_counts(scores, positives, negatives, positive=positive)
    n = len(scores)
    mask = np.concatenate([np.ones(n, dtype=bool), np.zeros(n, dtype=bool)])
    weight = np.concatenate([positives, negatives]).astype(np.float64)
    if not weight.any():
        raise InputError("weights.zero_total")
    return BinaryScores._from_mask(mask, np.concatenate([scores, scores]), positive, weight)


@dataclass
class ScoreCounts:
    """Distinct score → number of positives and of negatives with that score (exact curves; 6.3.6, 6.3.7).

    ``positive`` is the label of the positive class in column ``true``; every
    other label counts as negative, as in :class:`~iso4213_nb.measures.curves.BinaryScores`.
    With a ``weight`` column of sample weights the counts are float64 sums of
    weights and the curves those of the weighted in-memory path.
    """

    true: str
    score: str
    positive: object
    scores: np.ndarray = field(default_factory=lambda: np.zeros(0))
    positives: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    negatives: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    weight: str | None = None

    @classmethod
    def zero(cls, score: str, positive=1, true: str = "y_true", weight: str | None = None) -> "ScoreCounts":
        """No rows yet; ``weight`` names a column of sample weights (None: every row counts once)."""
        dtype = np.int64 if weight is None else np.float64
        return cls(true, score, positive, np.zeros(0), np.zeros(0, dtype=dtype), np.zeros(0, dtype=dtype), weight)

    @property
    def nbytes(self) -> int:
        """Memory held by the counts: :data:`BYTES_PER_DISTINCT_SCORE` per distinct score."""
        return self.scores.nbytes + self.positives.nbytes + self.negatives.nbytes

    def update(self, chunk: Chunk, weights=None) -> "ScoreCounts":
        s = score_column(chunk, self.score)
        mask = _positive_mask(chunk, self.true, self.positive)
        same_length(**{repr(self.true): mask, repr(self.score): s})
        w = sample_weights(chunk, self.weight, weights, len(s))
        table = score_grid.merged(self.scores, self.positives, self.negatives, s, mask) if w is None else None
        if table is None:
            table = merge_counts(self.scores, self.positives, self.negatives, *_counts_by_value(s, mask, w))
        self.scores, self.positives, self.negatives = table
        return self

    def merge(self, other: "ScoreCounts") -> "ScoreCounts":
        if (self.true, self.score, self.positive, self.weight) != (other.true, other.score, other.positive,
                                                                   other.weight):
            raise InputError("accumulators.merge_other_scores")
        merged = merge_counts(self.scores, self.positives, self.negatives, other.scores, other.positives,
                               other.negatives)
        return ScoreCounts(self.true, self.score, self.positive, *merged, self.weight)

    def finalize(self) -> BinaryScores:
        """The :class:`BinaryScores` of every row added: every curve and area exactly as in memory."""
        return binary_scores(self.scores, self.positives, self.negatives, self.positive)


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
    [low, high] is an error: choose the range that holds every score.  With
    a ``weight`` column the counts are sums of sample weights (and the bound
    is stated in weights).
    """

    true: str
    score: str
    positive: object
    bins: int
    low: float
    high: float
    positives: np.ndarray
    negatives: np.ndarray
    weight: str | None = None

    @classmethod
    def zero(cls, score: str, bins: int, positive=1, true: str = "y_true", low: float = 0.0,
             high: float = 1.0, weight: str | None = None) -> "BinnedScoreCounts":
        """No rows yet: ``bins`` equal bins of [low, high]; ``weight`` names a column of sample weights."""
        if not is_whole(bins, 2):
            raise InputError("accumulators.too_few_bins", least=2, bins=bins)
        if not (np.isfinite(low) and np.isfinite(high) and low < high):
            raise InputError("accumulators.binned_range", low=low, high=high)
        zeros = np.zeros(int(bins), dtype=np.int64 if weight is None else np.float64)
        return cls(true, score, positive, int(bins), float(low), float(high), zeros, zeros.copy(), weight)

    def edges(self) -> np.ndarray:
        """The ``bins + 1`` bin edges; bin b holds scores in [edges[b], edges[b + 1]), the last bin includes ``high``."""
        return np.linspace(self.low, self.high, self.bins + 1)

    def update(self, chunk: Chunk, weights=None) -> "BinnedScoreCounts":
        s = score_column(chunk, self.score)
        mask = _positive_mask(chunk, self.true, self.positive)
        w = sample_weights(chunk, self.weight, weights, len(s))
        outside = (s < self.low) | (s > self.high)
        if outside.any():
            raise InputError("accumulators.score_outside_bins", name=repr(self.score), score=s[outside][0],
                             low=self.low, high=self.high)
        index = np.searchsorted(self.edges(), s, side="right") - 1
        np.minimum(index, self.bins - 1, out=index)
        ones = np.ones(len(s), dtype=np.int64) if w is None else w
        self.positives = self.positives + counted(np.bincount(index, weights=ones * mask, minlength=self.bins), w)
        self.negatives = self.negatives + counted(np.bincount(index, weights=ones * ~mask, minlength=self.bins), w)
        return self

    def merge(self, other: "BinnedScoreCounts") -> "BinnedScoreCounts":
        if (self.true, self.score, self.positive, self.bins, self.low, self.high, self.weight) != (
                other.true, other.score, other.positive, other.bins, other.low, other.high, other.weight):
            raise InputError("accumulators.merge_other_bins")
        return BinnedScoreCounts(self.true, self.score, self.positive, self.bins, self.low, self.high,
                                 self.positives + other.positives, self.negatives + other.negatives, self.weight)

    def finalize(self) -> BinnedScores:
        scores = binary_scores(self.edges()[:-1], self.positives, self.negatives, self.positive)
        pairs = scores.positives * scores.negatives
        bound = float(np.dot(self.positives.astype(float), self.negatives) / (2 * pairs)) if pairs else float("nan")
        return BinnedScores(scores, bound, self.bins, self.low, self.high)


@dataclass(frozen=True)
class Reliability:
    """Calibration of probabilities for the positive class, per equal-width bin (beyond TS 4213).

    Attributes
    ----------
    edges, count : bin edges on [0, 1]; rows per bin.
    mean_predicted, observed : weighted mean probability and share of positives in each bin (NaN when empty).
    expected_calibration_error : Σ_b (W_b / W) |observed_b − mean_predicted_b| over occupied bins.
    brier : weighted mean of (p − y)², exact (not binned).
    weight : sum of the weights per bin (equal to ``count`` without sample weights).
    log_loss : −mean(y log p + (1 − y) log(1 − p)), p clipped to [ε, 1 − ε]; NaN from a
        version-1 state file, which did not hold it.
    decomposition : Murphy's REL, RES, UNC and the within-bin terms WBV, WBC on these bins
        (keys as :class:`iso4213_nb.measures.calibration.CalibrationResult`'s ``brier_*``).

    Every value equals :func:`iso4213_nb.measures.calibration.calibration` on the same rows (its
    equal-width table, ECE estimate, Brier score, decomposition and log loss) to floating rounding.

    Beyond TS 4213: reliability diagram, DeGroot & Fienberg 1983; Murphy 1973.
    """

    edges: np.ndarray
    count: np.ndarray
    mean_predicted: np.ndarray
    observed: np.ndarray
    expected_calibration_error: float
    brier: float
    weight: np.ndarray
    log_loss: float
    decomposition: dict

    def table(self):
        """The :class:`iso4213_nb.measures.calibration.ReliabilityTable` of these bins (``"equal_width"``), for its figures and JSON."""
        from ...measures.calibration import ReliabilityTable

        return ReliabilityTable("equal_width", self.edges, self.count, self.weight, self.mean_predicted, self.observed)


@dataclass
class CalibrationBins:
    """Per equal-width bin of the predicted probability: Σw, Σwp, Σwy, Σwp², Σwpy, and the rows.

    Bin b holds probabilities in (b/B, (b + 1)/B], the first bin also 0, as
    scikit-learn's ``calibration_curve`` bins them.  ``weight`` names a column
    of sample weights (w = 1 without one).

    The sums make the reliability table, the ECE and Murphy's decomposition of
    these bins exact, and the Brier score exact whatever the binning:
    Σ w(p − y)² = Σ wp² − 2 Σ wpy + Σ wy; ``loss`` adds up the log loss.
    Equal-mass bins need quantiles of every row, so they are not a state.

    Beyond TS 4213: reliability diagram, DeGroot & Fienberg 1983.
    """

    true: str
    score: str
    positive: object
    bins: int
    sums: np.ndarray  # bins × 5: Σw, Σwp, Σwy, Σwp², Σwpy
    rows: np.ndarray | None = None  # rows per bin (a version-1 file: None, the weights were counts)
    loss: np.ndarray | None = None  # [Σ w · log loss term] (a version-1 file: None)
    weight: str | None = None

    @classmethod
    def zero(cls, score: str, bins: int = 10, positive=1, true: str = "y_true", weight: str | None = None
             ) -> "CalibrationBins":
        """No rows yet: ``bins`` equal-width bins on [0, 1]; ``weight`` names a column of sample weights."""
        if not is_whole(bins, 1):
            raise InputError("accumulators.too_few_bins", least=1, bins=bins)
        return cls(true, score, positive, int(bins), np.zeros((int(bins), 5)), np.zeros(int(bins), dtype=np.int64),
                   np.zeros(1), weight)

    def _rows(self) -> np.ndarray:
        return np.rint(self.sums[:, 0]).astype(np.int64) if self.rows is None else self.rows

    def _loss(self) -> np.ndarray:
        return np.full(1, np.nan) if self.loss is None else self.loss

    def update(self, chunk: Chunk, weights=None) -> "CalibrationBins":
        p = score_column(chunk, self.score)
        if probability_problems(p):
            raise InputError("accumulators.not_probabilities", name=repr(self.score))
        y = _positive_mask(chunk, self.true, self.positive).astype(float)
        w = sample_weights(chunk, self.weight, weights, len(p))
        ones = np.ones(len(p)) if w is None else w.astype(float)
        index = np.searchsorted(np.linspace(0, 1, self.bins + 1)[1:-1], p, side="left")
        for j, values in enumerate((ones, ones * p, ones * y, ones * p * p, ones * p * y)):
            self.sums[:, j] += np.bincount(index, weights=values, minlength=self.bins)
        self.rows = self._rows() + np.bincount(index, minlength=self.bins)
        q = np.clip(p, EPS, 1 - EPS)
        self.loss = self._loss() - np.dot(ones, y * np.log(q) + (1 - y) * np.log1p(-q))
        return self

    def merge(self, other: "CalibrationBins") -> "CalibrationBins":
        if (self.true, self.score, self.positive, self.bins, self.weight) != (
                other.true, other.score, other.positive, other.bins, other.weight):
            raise InputError("accumulators.merge_other_bins")
        return CalibrationBins(self.true, self.score, self.positive, self.bins, self.sums + other.sums,
                               self._rows() + other._rows(), self._loss() + other._loss(), self.weight)

    def finalize(self) -> Reliability:
        from ...measures.calibration import murphy_decomposition

        weight, sum_p, sum_y, sum_pp, sum_py = self.sums.T
        total = weight.sum()
        if total == 0:
            raise InputError("accumulators.no_calibration_samples")
        mean_p, observed = ratio(sum_p, weight, code="no_samples"), ratio(sum_y, weight, code="no_samples")
        ece = float(np.sum(np.abs(sum_y - sum_p)) / total)
        brier = float((sum_pp.sum() - 2 * sum_py.sum() + sum_y.sum()) / total)
        murphy = {f"brier_{name}": value for name, value in murphy_decomposition(self.sums.T).items()}
        return Reliability(np.linspace(0, 1, self.bins + 1), self._rows(), mean_p, observed, ece, brier,
                           weight.copy(), float(self._loss()[0] / total), murphy)
