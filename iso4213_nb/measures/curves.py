"""Threshold curves of a binary classifier with scores (6.3.6–6.3.9).

A sample is predicted positive when ``score >= threshold``.  :class:`BinaryScores`
sorts the scores once and keeps, for every distinct score taken as threshold
(in descending order), the cumulative number of positives (``tps``) and
negatives (``fps``) scoring at or above it.  All samples with the same score
switch together, so ties never produce a point that no threshold can reach.
Every curve, every area and the confusion counts at any threshold are then
read from these arrays; nothing of size n × thresholds is ever built.

The curves are ROC (6.3.6, 3.2.16), PR (6.3.7, 3.2.15), gain (6.3.8, 3.2.13)
and lift (6.3.9, 3.2.14), each a method of :class:`BinaryScores` with its areas.
When one class is absent, the rates that divide by its size are undefined:
the curve carries NaN on that axis and the areas return
:class:`~iso4213_nb.core.undefined.Undefined`.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..core.checks import as_finite_array, as_labels, as_scores, given, listed, same_length
from ..core.errors import InputError
from .counts import NO_NEGATIVES, NO_POSITIVES, BinaryCounts, WeightedCounts
from ..core.undefined import Undefined, ratio
from ..core.weights import as_weights

TPR_LABEL = "true positive rate (recall)"
FPR_LABEL = "false positive rate (1 − specificity)"
SHARE_LABEL = "share of samples predicted positive"


class Curve(NamedTuple):
    """Points of a threshold curve: ``x[i], y[i]`` is the point for ``thresholds[i]`` (6.3.6–6.3.9)."""

    x: np.ndarray
    y: np.ndarray
    thresholds: np.ndarray
    x_label: str
    y_label: str


def _label_names(labels: np.ndarray, limit: int = 10) -> list:
    values = np.unique(labels)
    return listed(values[:limit]) + (["..."] if len(values) > limit else [])


def positive_mask(t: np.ndarray, positive) -> tuple[np.ndarray, object]:
    """Boolean mask of the positive samples of labels ``t`` and the positive label actually used (6.3).

    The one rule for choosing the positive class, shared by :class:`BinaryScores`
    and the widgets: default 1 for 0/1 labels, otherwise ``positive`` is required
    and must occur in ``t`` (a string is matched against numeric labels too).
    """
    if positive is None:
        if t.dtype.kind in "iu" and t.min() >= 0 and t.max() <= 1:
            return t == 1, 1
        raise InputError("curves.positive_needed", option="positive", labels=_label_names(t))
    mask = t == positive
    if not mask.any() and t.dtype.kind in "iuf" and isinstance(positive, str):
        try:
            mask = t == float(positive)
        except ValueError:
            pass
    if not mask.any() and t.dtype.kind == "U":
        mask = t == str(positive)
    if not mask.any():
        raise InputError("curves.positive_absent", label=given(positive), labels=_label_names(t))
    return mask, t[int(np.argmax(mask))].item()


def _from_origin(numerator: np.ndarray, denominator: int, code: str) -> np.ndarray:
    """The rate ``numerator / denominator`` preceded by the start point's 0; all NaN when the denominator is 0.

    At threshold +inf nothing is predicted positive, so the rate starts at 0 /
    denominator: 0 for a class that occurs, undefined (NaN) for an absent one.
    """
    return ratio(np.concatenate([[0.0], numerator]), denominator, code=code)


class BinaryScores:
    """Scores of a binary classifier, sorted once for every curve and area (6.3.6–6.3.9).

    Parameters
    ----------
    y_true : array-like of labels (two or more distinct values; every label
        other than ``positive`` counts as negative).
    scores : array-like of finite real numbers, higher meaning more positive.
    positive : the label of the positive class.  Defaults to 1 when the labels
        are 0/1 or booleans; otherwise required.
    sample_weight : optional non-negative weight per sample (scikit-learn's
        ``sample_weight`` meaning): every count below becomes a sum of weights,
        so an integer weight w equals repeating the sample w times.  Samples of
        weight 0 are left out (they move no point of any curve).

    Attributes
    ----------
    n, positives, negatives : int (float sums of weights when weighted)
        Number of samples, of actual positives and of actual negatives.
    weighted : bool
        True when the counts are sums of sample weights.
    positive : the positive label as it occurs in ``y_true`` (``positive="1"``
        given for integer labels becomes ``1``).
    thresholds : float array, the distinct scores in descending order.
    tps, fps : int64 arrays (float64 when weighted), number (total weight) of
        positives / negatives with ``score >= thresholds[i]``.

    These arrays, and those of the curves (built once, then shared), are read-only.
    """

    def __init__(self, y_true, scores, positive=None, sample_weight=None):
        s = as_scores(scores, "scores")
        if isinstance(y_true, np.ndarray) and y_true.dtype == bool and positive is None and y_true.ndim == 1:
            mask, self.positive = y_true, 1  # booleans: True is the positive class, no conversion pass
        else:
            t = as_labels(y_true, "y_true")
            mask, self.positive = positive_mask(t, positive)
        same_length(y_true=mask, scores=s)
        self._build(mask, s, as_weights(sample_weight, len(s)))

    @classmethod
    def _from_mask(cls, mask: np.ndarray, scores: np.ndarray, positive,
                   weight: np.ndarray | None = None) -> "BinaryScores":
        """Trusted inputs (a boolean mask, finite float64 scores, checked weights or None): no checks repeated."""
        self = cls.__new__(cls)
        self.positive = positive
        self._build(mask, scores, weight)
        return self

    def _build_weighted(self, mask: np.ndarray, scores: np.ndarray, weight: np.ndarray) -> None:
        """As :meth:`_build` with counts replaced by sums of weights (scikit-learn's ``sample_weight``).

        One sort of the kept samples; the totals at or above each distinct
        score are suffix sums of the positive and of the negative weights, so
        that whole-number weights give exactly the integer counts of repeated rows.
        """
        kept = weight > 0
        if not kept.all():
            mask, scores, weight = mask[kept], scores[kept], weight[kept]
        order = np.argsort(scores, kind="stable")
        ranked = scores[order]
        positive_weight = np.where(mask, weight, 0.0)[order]
        negative_weight = np.where(mask, 0.0, weight)[order]
        starts = np.flatnonzero(np.r_[True, ranked[1:] != ranked[:-1]])
        tps = np.cumsum(positive_weight[::-1])[::-1][starts]
        fps = np.cumsum(negative_weight[::-1])[::-1][starts]
        self._set(ranked[starts], tps, fps, float(tps[0] + fps[0]), float(tps[0]))

    def _build(self, mask: np.ndarray, scores: np.ndarray, weight: np.ndarray | None = None) -> None:
        if weight is not None:
            return self._build_weighted(mask, scores, weight)
        # Sort positives and negatives separately (numpy's vectorised sort), then
        # merge the two sorted runs with a stable argsort, which is linear for two
        # runs and tells which sample of the merged order is positive.  Within a
        # run of equal scores the order does not matter: only the counts at run
        # boundaries are kept.  Arrays are kept ascending; the public descending
        # attributes are reversed views of them.
        positive_scores = scores[mask]
        positive_scores.sort()
        negative_scores = scores[~mask]
        negative_scores.sort()
        merged = np.concatenate([positive_scores, negative_scores])
        del positive_scores, negative_scores
        order = np.argsort(merged, kind="stable")
        hits = order < int(np.count_nonzero(mask))
        ranked = merged[order]
        del order, merged
        n = len(ranked)
        starts_run = np.empty(n, dtype=bool)
        starts_run[0] = True
        np.not_equal(ranked[1:], ranked[:-1], out=starts_run[1:])
        starts = np.flatnonzero(starts_run)
        del starts_run
        thresholds = ranked[starts]
        del ranked
        cumulative = np.cumsum(hits, dtype=np.int64)
        positives = int(cumulative[-1])
        below = cumulative[starts - 1]  # positives scoring below each run; fixed for the first run next
        below[0] = 0
        del cumulative
        tps = np.subtract(positives, below, out=below)
        fps = np.subtract(n, starts, out=starts)
        fps -= tps
        self._set(thresholds, tps, fps, n, positives)

    def _set(self, thresholds: np.ndarray, tps: np.ndarray, fps: np.ndarray, n: int, positives: int) -> None:
        """Store the ascending distinct thresholds with the counts at or above each, read-only."""
        for array in (thresholds, tps, fps):
            array.setflags(write=False)
        self._ascending, self._tps_ascending, self._fps_ascending = thresholds, tps, fps
        self.thresholds, self.tps, self.fps = thresholds[::-1], tps[::-1], fps[::-1]
        self.n = n
        self.positives = positives
        self.negatives = n - positives if tps.dtype.kind != "f" else float(fps[0])
        self.weighted = tps.dtype.kind == "f"
        self._curves = {}

    @classmethod
    def from_counts(cls, scores, positive_counts, negative_counts, positive=1) -> "BinaryScores":
        """The same object as :class:`BinaryScores` of the samples, built from counts per distinct score.

        Parameters
        ----------
        scores : distinct finite scores, in any order.
        positive_counts, negative_counts : whole numbers of positives and of
            negatives that have each score (the sufficient statistics of every
            curve and area of 6.3.6–6.3.9).  A score with no sample is ignored.
        positive : the label of the positive class, kept for display.

        Every curve, area and ``counts_at`` equals that of the samples the
        counts describe: this is what lets partial results be merged exactly
        (:class:`iso4213_nb.scale.accumulators.ScoreCounts`).
        """
        s = as_scores(scores, "scores")
        counts = [as_finite_array(c, name, ndim=1, what="counts")
                  for c, name in ((positive_counts, "positive_counts"), (negative_counts, "negative_counts"))]
        same_length(scores=s, positive_counts=counts[0], negative_counts=counts[1])
        for c, name in zip(counts, ("positive_counts", "negative_counts")):
            if (c < 0).any() or not np.all(c == np.round(c)) or c.max(initial=0) > 2.0 ** 53:
                raise InputError("curves.bad_counts", name=name)
        pos, neg = (c.astype(np.int64) for c in counts)
        order = np.argsort(s, kind="stable")
        s, pos, neg = s[order], pos[order], neg[order]
        if len(s) > 1 and (s[1:] == s[:-1]).any():
            raise InputError("curves.repeated_scores", name="scores")
        kept = (pos + neg) > 0
        if not kept.any():
            raise InputError("curves.no_samples")
        s, pos, neg = s[kept], pos[kept], neg[kept]
        tps = np.cumsum(pos[::-1])[::-1].copy()
        fps = np.cumsum(neg[::-1])[::-1].copy()
        self = cls.__new__(cls)
        self.positive = positive
        self._set(s, tps, fps, int(tps[0] + fps[0]), int(tps[0]))
        return self

    def counts_by_score(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(scores, positives, negatives)``: each distinct score ascending with the samples that have it.

        The inverse of :meth:`from_counts`; these counts are all the curves depend on.
        """
        tps, fps = self._tps_ascending, self._fps_ascending
        return (self._ascending, tps - np.append(tps[1:], 0), fps - np.append(fps[1:], 0))

    def __repr__(self) -> str:
        return (f"BinaryScores(n={self.n}, positives={self.positives}, negatives={self.negatives}, "
                f"positive={self.positive!r}, distinct thresholds={len(self.thresholds)})")

    # ------------------------------------------------------------------ operating point
    def counts_at(self, threshold: float) -> BinaryCounts:
        """TP, FP, TN, FN when samples with ``score >= threshold`` are predicted positive (6.3.2).

        A binary search over the distinct thresholds: O(log n), no pass over the data.
        """
        try:
            value = float(threshold)
        except (TypeError, ValueError):
            raise InputError("curves.not_a_number", name="threshold", value=given(threshold)) from None
        if value != value:
            raise InputError("curves.threshold_nan", name="threshold")
        i = int(np.searchsorted(self._ascending, value, side="left"))  # first distinct score >= threshold
        tp = self._tps_ascending[i].item() if i < len(self._ascending) else 0
        fp = self._fps_ascending[i].item() if i < len(self._ascending) else 0
        counts = WeightedCounts if self.weighted else BinaryCounts
        return counts(tp=tp, fp=fp, tn=max(self.negatives - fp, 0), fn=max(self.positives - tp, 0))

    # ------------------------------------------------------------------ curves
    def _curve(self, name: str, build) -> Curve:
        """Build a curve once; its arrays are read-only because later calls share them."""
        if name not in self._curves:
            curve = build()
            for array in curve[:3]:
                array.setflags(write=False)
            self._curves[name] = curve
        return self._curves[name]

    def _thinned(self, name: str, curve: Curve, kept) -> Curve:
        """``curve`` without the points that ``kept`` (a boolean mask over the thresholds) leaves out, built once."""
        def build():
            index = np.flatnonzero(kept)
            return Curve(curve.x[index], curve.y[index], curve.thresholds[index], curve.x_label, curve.y_label)
        return self._curve(name, build)

    def roc(self, drop_intermediate: bool = False) -> Curve:
        """ROC curve (6.3.6): FPR = FP / (FP + TN) on x, TPR = TP / (TP + FN) on y, from (0, 0) at threshold +inf.

        Without actual negatives (positives) every x (y), the start point's included, is NaN.
        ``drop_intermediate=True`` gives the curve for plotting (beyond TS 4213: scikit-learn's
        ``roc_curve(drop_intermediate=True)``): a point whose FP and TP counts both step by the same
        amount before and after it lies on the straight segment between its neighbours and is left
        out, so the drawn line and the trapezoid area are unchanged; the first and last points stay.
        """
        full = self._curve("roc", lambda: Curve(
            _from_origin(self.fps, self.negatives, NO_NEGATIVES), _from_origin(self.tps, self.positives, NO_POSITIVES),
            np.concatenate([[np.inf], self.thresholds]), FPR_LABEL, TPR_LABEL))
        if not drop_intermediate or len(self.tps) <= 2:
            return full
        corner = np.logical_or(np.diff(self.fps, 2) != 0, np.diff(self.tps, 2) != 0)
        return self._thinned("roc_thinned", full, np.concatenate([[True, True], corner, [True]]))

    def pr(self, drop_intermediate: bool = False) -> Curve:
        """Precision–recall curve (6.3.7): recall on x, precision TP / (TP + FP) on y, one point per distinct threshold.

        Precision is always defined here (each threshold predicts at least one
        sample positive); recall is NaN when there are no actual positives.
        ``drop_intermediate=True`` gives the curve for plotting (beyond TS 4213: scikit-learn's
        ``precision_recall_curve(drop_intermediate=True)``): of a run of points with the same TP
        count (the same recall, a vertical segment) only the first and last are kept; the step
        sum of :meth:`average_precision` is unchanged, since the dropped points add no recall.
        """
        full = self._curve("pr", lambda: Curve(
            ratio(self.tps, self.positives, code=NO_POSITIVES), self.tps / (self.tps + self.fps), self.thresholds,
            "recall", "precision"))
        if not drop_intermediate or len(self.tps) <= 2:
            return full
        moves = np.logical_or(np.diff(self.tps[:-1]) != 0, np.diff(self.tps[1:]) != 0)
        return self._thinned("pr_thinned", full, np.concatenate([[True], moves, [True]]))

    def gain(self) -> Curve:
        """Cumulative response (gain) curve (6.3.8, 3.2.13): share predicted positive (TP + FP) / N on x, TPR on y."""
        return self._curve("gain", lambda: Curve(
            np.concatenate([[0.0], (self.tps + self.fps) / self.n]), _from_origin(self.tps, self.positives, NO_POSITIVES),
            np.concatenate([[np.inf], self.thresholds]), SHARE_LABEL, TPR_LABEL))

    def lift(self) -> Curve:
        """Lift curve (6.3.9, 3.2.14): share predicted positive on x, TPR / share predicted positive on y.

        A random selection of a share s of the samples finds on average a share
        s of the positives, so lift 1 is chance and lift > 1 is the gain over
        random selection.  The point at share 0 (0 / 0) is left out.
        """
        def build():
            share = self.gain().x[1:]
            return Curve(share, ratio(self.tps, self.positives, code=NO_POSITIVES) / share, self.thresholds,
                         SHARE_LABEL, "lift (true positive rate / share predicted positive)")
        return self._curve("lift", build)

    # ------------------------------------------------------------------ areas
    def _one_class(self) -> Undefined | None:
        if self.positives == 0:
            return Undefined(code="no_positives")
        if self.negatives == 0:
            return Undefined(code="no_negatives")
        return None

    def auroc(self) -> float | Undefined:
        """Area under the ROC curve (6.3.6) by the trapezoid rule; 0.5 is chance, 1 perfect ranking.

        Equals the probability that a random positive scores above a random
        negative, ties counting one half.  Undefined with a single class.
        """
        undefined = self._one_class()
        if undefined is not None:
            return undefined
        x, y, *_ = self.roc()
        return float(np.trapezoid(y, x))

    def average_precision(self) -> float | Undefined:
        """Average precision (6.3.7): Σ (R_i − R_(i−1)) · P_i over the thresholds, R_0 = 0.

        The step-sum area under the PR curve, as scikit-learn's
        ``average_precision_score``; no interpolation.  Undefined without actual positives.
        """
        if self.positives == 0:
            return Undefined(code="no_positives")
        recall, precision, *_ = self.pr()
        return float(np.dot(np.diff(recall, prepend=0.0), precision))

    def auprc_trapezoid(self) -> float | Undefined:
        """Area under the PR curve (6.3.7) by the trapezoid rule, starting from (recall 0, precision 1).

        The start point is the convention of scikit-learn's
        ``precision_recall_curve`` (so this equals ``auc(recall, precision)``
        there).  Linear interpolation between PR points is not a step sum, so
        it differs from :meth:`average_precision` in either direction depending
        on the curve; report which one is used.
        Undefined without actual positives.
        """
        if self.positives == 0:
            return Undefined(code="no_positives")
        recall, precision, *_ = self.pr()
        return float(np.trapezoid(np.concatenate([[1.0], precision]), np.concatenate([[0.0], recall])))

    def gain_area(self) -> float | Undefined:
        """Area under the cumulative response (gain) curve (6.3.8) by the trapezoid rule.

        Chance gives 0.5.  A perfect ranking gives 1 − π/2 with π the share of
        positives, so 1 is approached only when positives are rare; in general
        the area equals π/2 + (1 − π) · AUROC.  Undefined without actual positives.
        """
        if self.positives == 0:
            return Undefined(code="no_positives")
        x, y, *_ = self.gain()
        return float(np.trapezoid(y, x))
