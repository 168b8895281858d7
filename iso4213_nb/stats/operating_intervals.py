"""Operating points and regions of the ROC and PR curves with intervals, over many resamples at once (6.3.6, 6.3.7).

The readings of :mod:`iso4213_nb.measures.roc_regions` (as pROC's ``coords``, ``ci.se``,
``ci.sp`` and ``partial.auc``, defined there), computed for a whole stack of bootstrap
resamples in a few numpy operations: sensitivity and specificity at fixed values, the partial AUROC and its
McClish form (undefined below the chance diagonal, so such resamples are left out and counted), and pointwise
ROC and PR bands.  A resample is the positives and the
negatives at each distinct score, drawn as multinomial counts within each
class (:func:`iso4213_nb.stats.bootstrap.counts_bootstrap_cis`, stratified as
pROC does by default); a score with no sample in a resample adds a point
equal to its predecessor, which changes no reading.

The intervals are bootstrap *percentile* intervals whatever the BCa setting
elsewhere: these readings are step functions of the counts, for which the
jackknife behind BCa's acceleration is not consistent (as for a median), and
the percentile interval is pROC's, with its coverage measured in
``benchmarks/coverage.py``.  DeLong's variance exists for the full AUROC
only, so the partial AUROC's interval is the bootstrap's, and the result says
so with the code ``"delong_full_auroc_only"``.  Results are data and codes, no words.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..measures import roc_regions
from ..measures.curves import BinaryScores
from .measure_intervals import IntervalSettings, score_counts
from .bootstrap import counts_bootstrap_cis
from .results import ConfidenceInterval, interval_json, undefined

#: Fixed specificities and sensitivities read off the ROC curve (pROC users' usual 0.9 and 0.95).
FIXED = (0.9, 0.95)
#: Specificity range of the partial AUROC (the high-specificity end of the curve).
PARTIAL_RANGE = (0.9, 1.0)
ROC_GRID = tuple(np.round(np.linspace(0, 1, 21), 10))
PR_GRID = tuple(np.round(np.linspace(0.05, 1, 20), 10))


def _curve(block: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Sensitivity and specificity at each threshold, descending, from (Se 0, Sp 1); also TP and FP counts."""
    g = block.shape[1] // 2
    tps = np.cumsum(block[:, :g], axis=1, dtype=float)
    fps = np.cumsum(block[:, g:], axis=1, dtype=float)
    zero = np.zeros((len(block), 1))
    se = np.hstack([zero, tps / tps[:, -1:]])
    sp = 1.0 - np.hstack([zero, fps / fps[:, -1:]])
    return se, sp, tps, fps


def _interpolate(x: np.ndarray, y: np.ndarray, i: np.ndarray, at: float) -> np.ndarray:
    rows = np.arange(len(x))
    j = np.minimum(i + 1, x.shape[1] - 1)
    x0, x1, y0, y1 = x[rows, i], x[rows, j], y[rows, i], y[rows, j]
    width = x1 - x0
    share = np.divide(at - x0, width, out=np.zeros_like(x0), where=width != 0)
    return y0 + share * (y1 - y0)


def sensitivity_at_specificity(se: np.ndarray, sp: np.ndarray, at: float) -> np.ndarray:
    """Se at Sp = ``at`` per row (``sp`` non-increasing along a row), as :func:`roc_regions.sensitivity_at_specificity` (6.3.6)."""
    hits = sp == at
    last_hit = sp.shape[1] - 1 - np.argmax(hits[:, ::-1], axis=1)
    before = np.sum(sp > at, axis=1) - 1  # last point with Sp above ``at``
    value = _interpolate(sp, se, np.maximum(before, 0), at)
    return np.where(hits.any(axis=1), se[np.arange(len(se)), last_hit], value)


def specificity_at_sensitivity(se: np.ndarray, sp: np.ndarray, at: float) -> np.ndarray:
    """Sp at Se = ``at`` per row (``se`` non-decreasing along a row), as :func:`roc_regions.specificity_at_sensitivity` (6.3.6)."""
    hits = se == at
    first_hit = np.argmax(hits, axis=1)
    before = np.sum(se < at, axis=1) - 1  # last point with Se below ``at``
    value = _interpolate(se, sp, np.maximum(before, 0), at)
    return np.where(hits.any(axis=1), sp[np.arange(len(sp)), first_hit], value)


def partial_area(se: np.ndarray, sp: np.ndarray, low: float, high: float) -> np.ndarray:
    """∫ Se dSp over [low, high] per row: the polyline clipped to the range, segment by segment (6.3.6)."""
    x0, x1 = sp[:, 1:], sp[:, :-1]  # each segment from (x0, y0) to (x1, y1) with x0 <= x1
    y0, y1 = se[:, 1:], se[:, :-1]
    a, b = np.clip(x0, low, high), np.clip(x1, low, high)
    width = x1 - x0
    slope = np.divide(y1 - y0, width, out=np.zeros_like(width), where=width != 0)
    ya, yb = y0 + slope * (a - x0), y0 + slope * (b - x0)
    return np.sum((b - a) * (ya + yb) / 2, axis=1)


def mcclish(area: np.ndarray, low: float, high: float) -> np.ndarray:
    """McClish's standardised partial AUROC; nan where the area lies below the chance diagonal's (6.3.6)."""
    chance, room = (high - low) * (2 - low - high) / 2, (high - low) * (low + high) / 2
    return np.where(area < chance, np.nan, (1 + (area - chance) / room) / 2)


def precision_at_recall(tps: np.ndarray, fps: np.ndarray, at: float) -> np.ndarray:
    """Precision at the first (highest) threshold whose recall reaches ``at``, per row (6.3.7)."""
    reached = tps >= at * tps[:, -1:]
    i = np.argmax(reached, axis=1)
    rows = np.arange(len(tps))
    return tps[rows, i] / (tps[rows, i] + fps[rows, i])


def _layout(fixed, partial_range, roc_grid, pr_grid) -> list[tuple[str, float]]:
    return ([("sensitivity_at_specificity", s) for s in fixed] + [("specificity_at_sensitivity", s) for s in fixed]
            + [("partial_auroc", 0.0), ("partial_auroc_mcclish", 0.0)]
            + [("roc_band", s) for s in roc_grid] + [("pr_band", r) for r in pr_grid])


def _certain(entry: dict) -> dict:
    """A band point whose every resample gives one value (Se is 1 at Sp 0 whatever the data) keeps it as both bounds."""
    if (entry.get("reason") or {}).get("code") == "degenerate_bootstrap":
        return {**entry, "low": entry["reason"]["value"], "high": entry["reason"]["value"]}
    return entry


def _exact_readings(scores: BinaryScores, layout, partial_range) -> list:
    """The readings of ``layout`` on the data themselves, by :mod:`iso4213_nb.measures.roc_regions` (no stacked copies) (6.3.6)."""
    area = roc_regions.partial_auroc(scores, *partial_range)
    read = {"sensitivity_at_specificity": roc_regions.sensitivity_at_specificity, "roc_band":
            roc_regions.sensitivity_at_specificity, "specificity_at_sensitivity": roc_regions.specificity_at_sensitivity,
            "pr_band": roc_regions.precision_at_recall, "partial_auroc": lambda s, at: area.area,
            "partial_auroc_mcclish": lambda s, at: area.standardized}
    return [read[kind](scores, at) for kind, at in layout]


def operating_intervals(scores: BinaryScores, settings: IntervalSettings = IntervalSettings(), *, fixed=FIXED,
                        partial_range=PARTIAL_RANGE, roc_grid=ROC_GRID, pr_grid=PR_GRID) -> dict:
    """Intervals of the operating readings and the pointwise bands of one scored binary model (6.3.6, 6.3.7).

    Every reading comes from one stratified bootstrap of the score counts,
    percentile intervals (module docstring) with the level, resamples and seed of ``settings``.  Returns a JSON-ready dict:
    ``sensitivity_at_specificity`` and ``specificity_at_sensitivity`` (lists of
    interval dicts with ``at``), ``partial_auroc`` (``focus``, ``low``, ``high``,
    ``area`` and ``standardized`` interval dicts, ``delong`` with the reason it
    does not apply), ``bands`` (``roc`` and ``pr``: ``at``, ``estimate``, ``low``,
    ``high``, ``pointwise``) and the bootstrap's ``method``, ``n_resamples``,
    ``seed``, ``confidence_level``.  With one class, or above ``settings.budget``,
    every interval is undefined with the code (``one_class``, ``bootstrap_budget``).
    """
    low_sp, high_sp = partial_range
    layout = _layout(fixed, partial_range, roc_grid, pr_grid)
    names = [f"{kind}@{at:g}" for kind, at in layout]

    def statistics(block: np.ndarray) -> np.ndarray:
        se, sp, tps, fps = _curve(block)
        area = partial_area(se, sp, low_sp, high_sp)
        columns = []
        for kind, at in layout:
            if kind in ("sensitivity_at_specificity", "roc_band"):
                columns.append(sensitivity_at_specificity(se, sp, at))
            elif kind == "specificity_at_sensitivity":
                columns.append(specificity_at_sensitivity(se, sp, at))
            elif kind == "partial_auroc":
                columns.append(area)
            elif kind == "partial_auroc_mcclish":
                columns.append(mcclish(area, low_sp, high_sp))
            else:
                columns.append(precision_at_recall(tps, fps, at))
        return np.column_stack(columns)

    level = settings.confidence_level
    settings = replace(settings, bootstrap="percentile")
    if scores.positives == 0 or scores.negatives == 0:
        reason = undefined("one_class")
        found = [ConfidenceInterval(reason, reason, level, settings.bootstrap, estimate=reason)] * len(names)
    else:
        counts, strata = score_counts(scores)
        reason = settings.over_budget(len(counts))
        if reason is not None:
            estimates = _exact_readings(scores, layout, partial_range)
            found = [ConfidenceInterval(reason, reason, level, settings.bootstrap, estimate=e) for e in estimates]
        else:
            found = counts_bootstrap_cis(statistics, counts, names, strata=strata, **settings.bootstrap_options())
    by_name = {name: interval_json(ci) for name, ci in zip(names, found)}

    def points(kind, grid):
        return [{"at": float(at), **by_name[f"{kind}@{at:g}"]} for at in grid]

    def band(kind, grid):
        rows = [_certain(by_name[f"{kind}@{at:g}"]) for at in grid]
        return {"at": [float(a) for a in grid], **{key: [r[key] for r in rows] for key in ("estimate", "low", "high")},
                "pointwise": True}

    return {
        "sensitivity_at_specificity": points("sensitivity_at_specificity", fixed),
        "specificity_at_sensitivity": points("specificity_at_sensitivity", fixed),
        "partial_auroc": {"focus": "specificity", "low": float(low_sp), "high": float(high_sp),
                          "area": by_name["partial_auroc@0"], "standardized": by_name["partial_auroc_mcclish@0"],
                          "delong": {"applies": False, "reason": {"code": "delong_full_auroc_only"}}},
        "bands": {"roc": band("roc_band", roc_grid), "pr": band("pr_band", pr_grid)},
        "method": settings.bootstrap, "n_resamples": settings.n_resamples, "seed": settings.seed,
        "confidence_level": level,
    }
