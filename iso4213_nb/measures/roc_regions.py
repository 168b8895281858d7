"""Points and regions of the ROC curve (6.3.6): sensitivity at a fixed specificity and the partial AUROC.

The ROC curve here is the empirical one of :class:`~iso4213_nb.measures.curves.BinaryScores`:
straight segments between the points of consecutive distinct thresholds, so
tied scores give a diagonal segment.  Read off it, as pROC does:

* **sensitivity at specificity s** (and specificity at sensitivity):
  where the curve passes through specificity s at more than one point (a
  vertical step), the highest sensitivity of them; otherwise the linear
  interpolation between the neighbouring points (pROC's ``coords``);
* **partial AUROC** over a specificity range [a, b] (``focus="specificity"``):
  the area under the curve between those specificities, ∫ Se d(Sp); over a
  sensitivity range (``focus="sensitivity"``): ∫ Sp d(Se) between those
  sensitivities.  McClish's standardisation (1989) maps it to [0.5, 1] for
  curves above the diagonal: (1 + (pAUC − min)/(max − min)) / 2, where
  max = b − a is the whole strip and min = (b − a)(2 − a − b)/2 the part
  under the chance diagonal (pROC's ``partial.auc.correct``).

Intervals come from the stratified bootstrap (:func:`bootstrap_curve_values`):
positives and negatives are resampled separately, as pROC does by default.
:func:`roc_band` and :func:`pr_band` give pointwise bands over a grid
(measured coverage of a 90 % ROC band point on binormal scores, 150 positives
and 250 negatives: within 0.07 of nominal; see tests/test_roc_regions.py).
DeLong's variance is for the full AUROC only (pROC refuses it for partial
areas too), so partial areas get bootstrap intervals.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from ..core import progress
from ..core.checks import given, is_whole, one_of, plain
from .curves import BinaryScores
from ..core.errors import InputError
from ..core.undefined import Undefined

FOCI = ("specificity", "sensitivity")


def _unit(value, name: str) -> float:
    try:
        x = float(value)
    except (TypeError, ValueError):
        raise InputError("roc_regions.not_a_number", name=name, value=given(value)) from None
    if not 0 <= x <= 1:
        raise InputError("roc_regions.not_in_unit_interval", name=name, value=plain(value))
    return x


def _axes(scores: BinaryScores, focus: str) -> tuple[np.ndarray, np.ndarray] | Undefined:
    """The curve as (x, y) with x non-decreasing: (Sp, Se) for focus specificity, (Se, Sp) for sensitivity."""
    if scores.positives == 0 or scores.negatives == 0:
        return Undefined(code="one_class")
    fpr, tpr, _, *_ = scores.roc()
    sp, se = 1.0 - fpr[::-1], tpr[::-1]  # thresholds ascending: Sp rises, Se falls
    if focus == "specificity":
        return sp, se
    return se[::-1], sp[::-1]


def _read(x: np.ndarray, y: np.ndarray, at: float) -> float:
    """y on the curve at x = ``at``: the highest y where the curve has that x, else linear interpolation."""
    hits = np.flatnonzero(x == at)
    if len(hits):
        return float(y[hits].max())
    i = int(np.searchsorted(x, at, side="right"))  # x[i - 1] < at < x[i]
    share = (at - x[i - 1]) / (x[i] - x[i - 1])
    return float(y[i - 1] + share * (y[i] - y[i - 1]))


def sensitivity_at_specificity(scores: BinaryScores, specificity) -> float | Undefined:
    """Sensitivity (recall, 6.2.4) of the ROC curve at a given specificity (6.2.4), as pROC's ``coords``."""
    axes = _axes(scores, "specificity")
    return axes if isinstance(axes, Undefined) else _read(*axes, _unit(specificity, "specificity"))


def specificity_at_sensitivity(scores: BinaryScores, sensitivity) -> float | Undefined:
    """Specificity (6.2.4) of the ROC curve at a given sensitivity (6.2.4), as pROC's ``coords``."""
    axes = _axes(scores, "sensitivity")
    return axes if isinstance(axes, Undefined) else _read(*axes, _unit(sensitivity, "sensitivity"))


def _limit(x: np.ndarray, y: np.ndarray, at: float, side: str) -> float:
    """y of the polyline as x approaches ``at`` from the right (``side="right"``) or the left.

    On a vertical step at ``at`` this is the end of the step joined to the
    curve on that side, the one an area over that side integrates from.
    """
    if side == "right":
        i = int(np.searchsorted(x, at, side="right")) - 1  # last point with x <= at
        if x[i] == at:
            return float(y[i])
        j = i + 1
    else:
        j = int(np.searchsorted(x, at, side="left"))  # first point with x >= at
        if x[j] == at:
            return float(y[j])
        i = j - 1
    share = (at - x[i]) / (x[j] - x[i])
    return float(y[i] + share * (y[j] - y[i]))


def _area(x: np.ndarray, y: np.ndarray, low: float, high: float) -> float:
    """∫ y dx over [low, high] of the polyline (points in curve order, x non-decreasing)."""
    inside = (x > low) & (x < high)
    xs = np.concatenate([[low], x[inside], [high]])
    ys = np.concatenate([[_limit(x, y, low, "right")], y[inside], [_limit(x, y, high, "left")]])
    return float(np.sum(np.diff(xs) * (ys[1:] + ys[:-1]) / 2))


@dataclass(frozen=True)
class PartialAuroc:
    """A partial AUROC and its McClish-standardised form (6.3.6; beyond TS 4213: McClish 1989).

    Attributes
    ----------
    area : ∫ over the range (between 0 and ``high − low``).
    standardized : McClish's form, 0.5 for the chance diagonal and 1 for a perfect
        curve; Undefined when the curve lies below the diagonal in the range
        (the formula then leaves [0.5, 1], and pROC refuses it too).
    focus : "specificity" or "sensitivity"; low, high : the range.
    """

    area: float | Undefined
    standardized: float | Undefined
    focus: str
    low: float
    high: float


def partial_auroc(scores: BinaryScores, low, high, focus: str = "specificity") -> PartialAuroc:
    """Partial area under the ROC curve over a specificity or sensitivity range (6.3.6; McClish 1989)."""
    one_of(focus, FOCI, "focus")
    a, b = sorted((_unit(low, "low"), _unit(high, "high")))
    if a == b:
        raise InputError("roc_regions.empty_range", value=a)
    axes = _axes(scores, focus)
    if isinstance(axes, Undefined):
        return PartialAuroc(axes, axes, focus, a, b)
    area = _area(*axes, a, b)
    chance, room = (b - a) * (2 - a - b) / 2, (b - a) * (a + b) / 2  # room = max − min, without cancellation
    if room == 0:
        standardized = Undefined(code="chance_fills_range")
    elif area < chance:
        standardized = Undefined(code="below_chance_in_range")
    else:
        standardized = (1 + (area - chance) / room) / 2
    return PartialAuroc(area, standardized, focus, a, b)


def bootstrap_curve_values(scores: BinaryScores, statistic: Callable[[BinaryScores], np.ndarray],
                           n_resamples: int = 2000, seed: int = 0) -> np.ndarray:
    """``statistic`` of the curve in each of ``n_resamples`` stratified bootstrap resamples (rows: resamples).

    Positives and negatives are resampled separately with replacement.  A
    resample is drawn as multinomial counts per distinct score, so nothing is
    sorted again: O(distinct scores) per resample.

    Clause 6.3.6, 6.3.7.
    """
    if not is_whole(n_resamples, 2):
        raise InputError("roc_regions.too_few_resamples", name="n_resamples", value=plain(n_resamples))
    if scores.positives == 0 or scores.negatives == 0:
        raise InputError("roc_regions.one_class")
    thresholds, pos, neg = scores.counts_by_score()
    rng = np.random.default_rng(seed)
    values = []
    with progress.bar(total=int(n_resamples), desc="bootstrap", unit="resample") as shown:
        for _ in range(int(n_resamples)):
            resample = BinaryScores.from_counts(thresholds, rng.multinomial(scores.positives, pos / scores.positives),
                                                rng.multinomial(scores.negatives, neg / scores.negatives),
                                                positive=scores.positive)
            values.append(np.atleast_1d(statistic(resample)))
            shown.update()
    return np.array(values, dtype=float)


def precision_at_recall(scores: BinaryScores, recall) -> float | Undefined:
    """Precision (6.2.4) at the highest threshold whose recall (6.2.4) reaches ``recall``.

    The PR curve is not interpolated: a straight line between two PR points is
    not reachable by any classifier (Davis & Goadrich 2006), so the operating
    point that first attains the recall is read instead.
    """
    r = _unit(recall, "recall")
    if scores.positives == 0:
        return Undefined(code="no_positives")
    reached = np.flatnonzero(scores.tps >= r * scores.positives)  # thresholds descending: the first one
    i = int(reached[0])
    return float(scores.tps[i] / (scores.tps[i] + scores.fps[i]))


@dataclass(frozen=True)
class Band:
    """A pointwise confidence band of one curve coordinate over a grid of the other (6.3.6, 6.3.7).

    Attributes
    ----------
    at : the grid (specificities for a ROC band, recalls for a PR band).
    estimate, low, high : the curve value at each grid point and its percentile interval.
    confidence_level, n_resamples, seed : how the stratified bootstrap was run.
    pointwise : always True: each interval covers its own point; the band as a whole
        covers the whole curve less often than ``confidence_level``.
    """

    at: np.ndarray
    estimate: np.ndarray
    low: np.ndarray
    high: np.ndarray
    confidence_level: float
    n_resamples: int
    seed: int
    pointwise: bool = True


def _band(scores: BinaryScores, at, read, confidence_level, n_resamples, seed) -> Band:
    grid = np.array([_unit(v, "at") for v in np.atleast_1d(at)])
    level = _unit(confidence_level, "confidence_level")
    if not 0 < level < 1:
        raise InputError("roc_regions.not_a_level", name="confidence_level", value=plain(confidence_level))
    estimate = np.array([float(read(scores, v)) for v in grid])
    values = bootstrap_curve_values(scores, lambda r: [float(read(r, v)) for v in grid], n_resamples, seed)
    low, high = np.nanquantile(values, [(1 - level) / 2, (1 + level) / 2], axis=0)
    return Band(grid, estimate, low, high, level, int(n_resamples), int(seed))


def roc_band(scores: BinaryScores, specificities=np.linspace(0, 1, 21), confidence_level: float = 0.95,
             n_resamples: int = 2000, seed: int = 0) -> Band:
    """Pointwise band of sensitivity at each specificity (pROC's ``ci.se``): stratified bootstrap, percentile.

    Clause 6.3.6; beyond TS 4213: pROC's ci.se, Robin et al. 2011.
    """
    return _band(scores, specificities, sensitivity_at_specificity, confidence_level, n_resamples, seed)


def pr_band(scores: BinaryScores, recalls=np.linspace(0.05, 1, 20), confidence_level: float = 0.95,
            n_resamples: int = 2000, seed: int = 0) -> Band:
    """Pointwise band of precision at each recall (:func:`precision_at_recall`): stratified bootstrap, percentile.

    Clause 6.3.7.
    """
    return _band(scores, recalls, precision_at_recall, confidence_level, n_resamples, seed)
