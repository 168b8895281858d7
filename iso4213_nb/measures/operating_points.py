"""Operating points of a scored binary classifier: rates at any class prevalence and optimal thresholds.

Works on the precomputed cumulative counts of :class:`iso4213_nb.measures.curves.BinaryScores`
(a sample is predicted positive when its score is ≥ the threshold).

**Prevalence (3.2.15, 6.3.7).**  The ROC curve (6.3.6) uses rates within each
true class, so it does not depend on how many positives and negatives there
are; precision, the PR curve, and the gain and lift curves (6.3.8, 6.3.9) do.
To show a curve at another prevalence π without resampling, every negative
counts with weight ``w = P (1 − π) / (π N)`` (P positives and N negatives in
the data): the weighted data then has a share π of positives, and precision
becomes TP / (TP + w·FP).  ``w = 1`` is the data as it is.

**Optimal thresholds.**  Among all thresholds that give distinct counts
(every distinct score, plus one above the largest score that predicts no
positive):

* Youden's J = TPR − FPR = recall + specificity − 1 (Youden 1950; recall and
  specificity of 6.2.4), the ROC point farthest above the chance diagonal;
  it does not depend on prevalence;
* F1 = 2TP / (2TP + w·FP + FN) (6.2.5, negatives weighted for prevalence);
* expected misclassification cost per sample,
  (c_FP · w · FP + c_FN · FN) / (P + w·N), smallest.

Ties go to the highest threshold (fewest predicted positives).
"""

from __future__ import annotations

import math
from numbers import Real
from typing import NamedTuple

import numpy as np

from ..core.checks import given
from ..core.errors import InputError
from .counts import NO_NEGATIVES, NO_POSITIVES, NO_PREDICTED_POSITIVES, NO_SAMPLES, BinaryCounts
from ..core.undefined import ratio


def _require_both_classes(scores) -> None:
    if scores.positives == 0 or scores.negatives == 0:
        raise InputError("operating_points.no_positives" if scores.positives == 0 else "operating_points.no_negatives",
                         name="y_true")


def negative_weight(positives: int, negatives: int, prevalence: float | None) -> float:
    """Weight ``w = P (1 − π) / (π N)`` that gives the data a share ``π`` of positives (3.2.15).

    ``prevalence=None`` means the data's own prevalence (``w = 1``).
    """
    if prevalence is None:
        return 1.0
    if not (isinstance(prevalence, Real) and 0 < prevalence < 1):
        raise InputError("operating_points.bad_prevalence", name="prevalence", value=given(prevalence))
    if positives <= 0 or negatives <= 0:
        raise InputError("operating_points.prevalence_needs_both")
    return positives * (1 - float(prevalence)) / (float(prevalence) * negatives)


def counts_at_thresholds(scores, thresholds) -> tuple[np.ndarray, np.ndarray]:
    """TP and FP (as int64 arrays) at each of ``thresholds``, from a :class:`~iso4213_nb.measures.curves.BinaryScores` (6.3.6).

    A vectorised form of ``scores.counts_at``: one ``searchsorted`` over the
    distinct scores, no pass over the data.  ``+inf`` gives TP = FP = 0.
    """
    thresholds = np.asarray(thresholds, dtype=float)
    if np.isnan(thresholds).any():
        raise InputError("operating_points.nan_threshold", name="thresholds")
    ascending = np.asarray(scores.thresholds, dtype=float)[::-1]
    above = len(ascending) - np.searchsorted(ascending, thresholds, side="left")
    tps = np.concatenate([[0], np.asarray(scores.tps, dtype=np.int64)])
    fps = np.concatenate([[0], np.asarray(scores.fps, dtype=np.int64)])
    return tps[above], fps[above]


def rates(tp, fp, positives: int, negatives: int, weight: float = 1.0) -> dict[str, np.ndarray]:
    """The coordinates of every threshold curve for counts ``tp``, ``fp`` with negatives weighted by ``weight``.

    Returns arrays (NaN where a ratio has a zero denominator, i.e. is undefined):

    * ``tpr`` = TP / P (recall, 3.2.10) and ``fpr`` = FP / N (3.2.12): the ROC axes (6.3.6);
    * ``precision`` = TP / (TP + w·FP) (6.2.4; PR curve, 6.3.7);
    * ``share`` = (TP + w·FP) / (P + w·N), the share predicted positive (x of the gain and lift curves, 6.3.8–6.3.9);
    * ``lift`` = tpr / share (6.3.9).
    """
    tp = np.asarray(tp, dtype=float)
    fp = np.asarray(fp, dtype=float)
    predicted = tp + weight * fp
    tpr = ratio(tp, positives, code=NO_POSITIVES)
    share = ratio(predicted, positives + weight * negatives, code=NO_SAMPLES)
    return {
        "tpr": tpr,
        "fpr": ratio(fp, negatives, code=NO_NEGATIVES),
        "precision": ratio(tp, predicted, code=NO_PREDICTED_POSITIVES),
        "share": share,
        "lift": ratio(tpr, share, code=NO_PREDICTED_POSITIVES),
    }


class OptimalPoint(NamedTuple):
    """One optimal operating point: the threshold, the criterion's value there, and the counts (6.3.6)."""

    threshold: float
    value: float
    counts: BinaryCounts


class OptimalPoints(NamedTuple):
    """Youden-, F1- and cost-optimal operating points (6.3.6; see the module docstring)."""

    youden: OptimalPoint
    f1: OptimalPoint
    cost: OptimalPoint


def check_costs(cost_fp, cost_fn) -> tuple[float, float]:
    """Costs of a false positive and a false negative as floats; both ≥ 0, finite, not both 0.

    Clause 6.3.6; beyond TS 4213: cost-optimal threshold.
    """
    values = []
    for name, value in (("cost_fp", cost_fp), ("cost_fn", cost_fn)):
        if isinstance(value, bool) or not isinstance(value, Real) or not math.isfinite(value) or value < 0:
            raise InputError("operating_points.bad_cost", name=name, value=given(value))
        values.append(float(value))
    if values[0] == 0 and values[1] == 0:
        raise InputError("operating_points.costs_both_zero", first="cost_fp", second="cost_fn")
    return values[0], values[1]


def candidate_thresholds(scores) -> np.ndarray:
    """All thresholds with distinct counts: one just above the largest score (no positives), then each distinct score, descending.

    Clause 6.3.6.
    """
    distinct = np.asarray(scores.thresholds, dtype=float)
    return np.concatenate([[np.nextafter(distinct[0], np.inf)], distinct])


def optimal_points(scores, *, cost_fp: float = 1.0, cost_fn: float = 1.0,
                   prevalence: float | None = None) -> OptimalPoints:
    """Youden-, F1- and cost-optimal thresholds of a :class:`~iso4213_nb.measures.curves.BinaryScores` (6.3.6).

    Parameters
    ----------
    scores : BinaryScores (both classes present).
    cost_fp, cost_fn : cost of one false positive and of one false negative.
    prevalence : share of positives to evaluate at (default: the data's).
        Changes the F1 and cost optima, not Youden's.

    Returns
    -------
    OptimalPoints with ``youden`` (value J), ``f1`` (value F1) and ``cost``
    (value: expected cost per sample); each holds the threshold and the counts
    of the data there.
    """
    _require_both_classes(scores)
    cost_fp, cost_fn = check_costs(cost_fp, cost_fn)
    w = negative_weight(scores.positives, scores.negatives, prevalence)
    P, N = scores.positives, scores.negatives
    tp = np.concatenate([[0], np.asarray(scores.tps, dtype=float)])
    fp = np.concatenate([[0], np.asarray(scores.fps, dtype=float)])
    fn = P - tp
    youden = tp / P - fp / N
    f1 = 2 * tp / (2 * tp + w * fp + fn)  # denominator ≥ P > 0
    cost = (cost_fp * w * fp + cost_fn * fn) / (P + w * N)
    thresholds = candidate_thresholds(scores)

    def point(i: int, value: float) -> OptimalPoint:
        counts = BinaryCounts(tp=int(tp[i]), fp=int(fp[i]), tn=int(N - fp[i]), fn=int(fn[i]))
        return OptimalPoint(threshold=float(thresholds[i]), value=float(value), counts=counts)

    i, j, k = int(np.argmax(youden)), int(np.argmax(f1)), int(np.argmin(cost))
    return OptimalPoints(youden=point(i, youden[i]), f1=point(j, f1[j]), cost=point(k, cost[k]))
