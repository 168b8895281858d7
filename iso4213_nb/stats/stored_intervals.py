"""Intervals at any confidence level from bootstrap replicates drawn once (7.8), for live widgets.

A slider over the confidence level must answer with a lookup, not a new
bootstrap.  The resamples do not depend on the level, only the quantiles taken
from them do, so these classes resample once and then read quantiles:

* :class:`MeasureIntervals` — the measures of one scored binary model at a
  threshold: proportions (accuracy 6.2.3, recall, specificity, precision 6.2.4)
  and AUROC (6.3.6) by their closed forms at each level; F1 (6.2.5), balanced
  accuracy, MCC, Cohen's kappa (5.3.9) and average precision (6.3.7) from
  bootstrap replicates stored at construction (BCa's jackknife computed when
  first asked for).  Each interval equals what :func:`iso4213_nb.stats.bootstrap_ci`
  (same seed, resamples and strata) or :func:`~iso4213_nb.stats.proportion_ci` /
  :func:`~iso4213_nb.stats.auroc_ci` return at that level.
* :class:`StoredRocBand` — the stratified bootstrap of the ROC curve
  (:func:`iso4213_nb.measures.roc_regions.bootstrap_curve_values`) read at every point
  of a grid of specificities: the pointwise band and sensitivity at a fixed
  specificity (grid points) with their percentile intervals at any level, equal
  to :func:`~iso4213_nb.measures.roc_regions.roc_band` with the same seed.

Results are :class:`~iso4213_nb.stats.ConfidenceInterval` and
:class:`~iso4213_nb.measures.roc_regions.Band`; no words here.
"""

from __future__ import annotations

import numpy as np

from ..measures import counts as measures
from .. import stats
from ..core.checks import as_labels, as_scores, as_threshold
from ..measures.confusion import ConfusionMatrix
from ..measures.curves import BinaryScores, positive_mask
from ..core.errors import InputError
from ..measures.roc_regions import Band, bootstrap_curve_values, sensitivity_at_specificity
from .bootstrap import check_method, interval_bounds, rows_acceleration
from .intervals import check_proportion_method
from .results import ConfidenceInterval, check_level, undefined
from ..core.undefined import is_undefined

#: Measures given as a count over a count (Wilson or Clopper–Pearson).
PROPORTIONS = ("accuracy", "recall", "specificity", "precision")
#: Measures of the predicted labels bootstrapped (each takes the 2×2 counts).
LABEL_MEASURES = {"f1": measures.f1, "balanced_accuracy": measures.balanced_accuracy,
                  "matthews_correlation": measures.matthews_correlation}
#: Every measure, in the order a table shows them.
MEASURES = (*PROPORTIONS, "f1", "balanced_accuracy", "matthews_correlation", "cohen_kappa", "auroc", "average_precision")


def _counts(truth: np.ndarray, predicted: np.ndarray) -> measures.BinaryCounts:
    tp = int(np.sum(truth & predicted))
    fp = int(np.sum(~truth & predicted))
    fn = int(np.sum(truth & ~predicted))
    return measures.BinaryCounts(tp=tp, fp=fp, tn=len(truth) - tp - fp - fn, fn=fn)


def _label_statistic(name: str):
    if name == "cohen_kappa":
        def kappa(t, p):
            return ConfusionMatrix.from_predictions(t, p, labels=[0, 1]).cohen_kappa()
        return kappa
    measure = LABEL_MEASURES[name]

    def statistic(t, p):
        return measure(_counts(t == 1, p == 1))
    statistic.__name__ = name
    return statistic


def average_precision(t, s):
    """Average precision (6.3.7) of scores ``s`` for 0/1 truth ``t``: the statistic bootstrapped."""
    return BinaryScores(t, s, positive=1).average_precision()


class MeasureIntervals:
    """Intervals (7.8) of the measures of one scored binary model, at any confidence level after one bootstrap.

    Parameters
    ----------
    y_true : true labels (two classes); scores : the model's scores (higher = more positive).
    threshold : predicted positive when score ≥ threshold (default 0.5).
    positive : label of the positive class (default 1 for 0/1 or boolean labels).
    n_resamples, seed : the stratified bootstrap (resamples within each class, as
        ``stats.bootstrap_ci(..., strata=y_true)``).

    Attributes
    ----------
    counts : the 2×2 :class:`~iso4213_nb.measures.counts.BinaryCounts`; estimates : measure → value.
    replicates : measure → defined bootstrap values (bootstrapped measures only).
    """

    def __init__(self, y_true, scores, threshold: float = 0.5, positive=None, *, n_resamples: int = 1000,
                 seed: int = 0):
        values = as_scores(scores, "scores")
        binary = BinaryScores(y_true, values, positive)
        if binary.positives == 0 or binary.negatives == 0:
            raise InputError("stored_intervals.single_class")
        truth, _ = positive_mask(as_labels(y_true, "y_true"), binary.positive)
        self.threshold = as_threshold(threshold, "threshold")
        self._y = truth.astype(int)
        self._s = values
        self._pred = (values >= self.threshold).astype(int)
        self.n_resamples, self.seed = int(n_resamples), int(seed)
        self.counts = _counts(truth, self._pred == 1)
        self._boot: dict[str, ConfidenceInterval] = {}
        self._statistics: dict = {}
        self._accelerations: dict[str, float] = {}
        for name in (*LABEL_MEASURES, "cohen_kappa"):
            self._store(name, _label_statistic(name), self._pred)
        self._store("average_precision", average_precision, self._s)
        self.replicates = {name: ci.details.get("distribution", np.empty(0)) for name, ci in self._boot.items()}
        self.estimates = {name: self.interval(name, 0.95).estimate for name in MEASURES}

    def _store(self, name: str, statistic, data: np.ndarray) -> None:
        """Draw the replicates of one measure once (percentile: BCa's jackknife waits until BCa is asked for)."""
        self._boot[name] = stats.bootstrap_ci(statistic, self._y, data, n_resamples=self.n_resamples, strata=self._y,
                                              seed=self.seed, name=name, method="percentile")
        self._statistics[name] = (statistic, data)

    def _acceleration(self, name: str) -> float:
        """BCa's acceleration of a bootstrapped measure, from the jackknife :func:`~iso4213_nb.stats.bootstrap_ci` uses."""
        if name not in self._accelerations:
            statistic, data = self._statistics[name]
            self._accelerations[name] = rows_acceleration(statistic, self._y, data, seed=self.seed)[0]
        return self._accelerations[name]

    def interval(self, measure: str, confidence_level: float, method: str | None = None) -> ConfidenceInterval:
        """The interval of ``measure`` at ``confidence_level``.

        ``method``: for a proportion "wilson" (default) or "clopper-pearson"; for AUROC "delong" (the only
        choice); for a bootstrapped measure "percentile" (default) or "bca".
        """
        level = check_level(confidence_level)
        if measure in PROPORTIONS:
            method = check_proportion_method(method or "wilson")
            c = self.counts
            successes, n = {"accuracy": (c.tp + c.tn, c.n), "recall": (c.tp, c.tp + c.fn),
                            "specificity": (c.tn, c.tn + c.fp), "precision": (c.tp, c.tp + c.fp)}[measure]
            if n == 0:
                reason = undefined("no_predicted_positives" if measure == "precision" else "empty_denominator",
                                   measure=measure)
                return ConfidenceInterval(reason, reason, level, method, estimate=reason, of="proportion")
            return stats.proportion_ci(successes, n, method=method, confidence_level=level)
        if measure == "auroc":
            if method not in (None, "delong"):
                raise InputError("stored_intervals.auroc_method", method=repr(method))
            return stats.auroc_ci(self._y, self._s, confidence_level=level)
        if measure not in self._boot:
            raise InputError("stored_intervals.unknown_measure", measure=repr(measure), measures=list(MEASURES))
        method = check_method(method or "percentile")
        stored = self._boot[measure]
        if is_undefined(stored.low):  # undefined on the data, on most resamples, or the same on every resample
            return ConfidenceInterval(stored.low, stored.high, level, method, estimate=stored.estimate, of="statistic")
        accel = self._acceleration(measure) if method == "bca" else 0.0
        low, high = interval_bounds(stored.distribution, stored.estimate, level, method, accel)
        return ConfidenceInterval(low, high, level, method, estimate=stored.estimate, of="statistic",
                                  details={**stored.details})

    def intervals(self, confidence_level: float, proportion_method: str = "wilson",
                  bootstrap_method: str = "percentile") -> dict[str, ConfidenceInterval]:
        """Every measure's interval at ``confidence_level`` (measure → ConfidenceInterval, in :data:`MEASURES` order)."""
        out = {}
        for name in MEASURES:
            method = (proportion_method if name in PROPORTIONS else None if name == "auroc" else bootstrap_method)
            out[name] = self.interval(name, confidence_level, method)
        return out


class StoredRocBand:
    """Pointwise ROC band and sensitivity at fixed specificities (6.3.6, 7.8) from one stratified bootstrap.

    Parameters
    ----------
    scores : :class:`~iso4213_nb.measures.curves.BinaryScores` of the model.
    specificities : the grid read in every resample (default 0, 0.02, …, 1: a finer grid costs time per resample).
    n_resamples, seed : as :func:`~iso4213_nb.measures.roc_regions.roc_band`.

    Attributes
    ----------
    grid, estimate : the grid and the sensitivity of the curve at each point; values : resamples × grid.
    """

    def __init__(self, scores: BinaryScores, specificities=np.arange(51) / 50, *, n_resamples: int = 500,
                 seed: int = 0):
        self.grid = np.array([float(v) for v in np.atleast_1d(specificities)])
        if np.any((self.grid < 0) | (self.grid > 1)):
            raise InputError("stored_intervals.specificities_range")
        self.scores = scores
        self.n_resamples, self.seed = int(n_resamples), int(seed)
        self.estimate = np.array([float(sensitivity_at_specificity(scores, v)) for v in self.grid])
        self.values = bootstrap_curve_values(
            scores, lambda r: [float(sensitivity_at_specificity(r, v)) for v in self.grid], n_resamples, seed)

    def _bounds(self, level: float, columns) -> tuple[np.ndarray, np.ndarray]:
        level = check_level(level)
        low, high = np.nanquantile(self.values[:, columns], [(1 - level) / 2, (1 + level) / 2], axis=0)
        return low, high

    def band(self, confidence_level: float) -> Band:
        """The pointwise band at ``confidence_level`` (as :func:`~iso4213_nb.measures.roc_regions.roc_band`)."""
        low, high = self._bounds(confidence_level, slice(None))
        return Band(self.grid, self.estimate, low, high, float(confidence_level), self.n_resamples, self.seed)

    def index(self, specificity: float) -> int:
        """Position of ``specificity`` in the grid; an :class:`InputError` if it is not a grid point."""
        hits = np.flatnonzero(np.isclose(self.grid, float(specificity), rtol=0, atol=1e-12))
        if not len(hits):
            raise InputError("stored_intervals.not_on_grid", specificity=specificity, points=len(self.grid),
                             low=self.grid[0], high=self.grid[-1])
        return int(hits[0])

    def sensitivity_at(self, specificity: float, confidence_level: float) -> ConfidenceInterval:
        """Sensitivity at a grid specificity with its percentile interval (pROC's ``ci.se``)."""
        i = self.index(specificity)
        low, high = self._bounds(confidence_level, [i])
        return ConfidenceInterval(float(low[0]), float(high[0]), float(confidence_level), "percentile",
                                  estimate=float(self.estimate[i]), of="sensitivity_at_specificity",
                                  details={"specificity": float(self.grid[i]), "n_resamples": self.n_resamples,
                                           "seed": self.seed, "stratified": True})
