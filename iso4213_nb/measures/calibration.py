"""Calibration of predicted probabilities (beyond TS 4213: the standard does not treat calibration).

A model is calibrated when, among the samples it gives probability p, a share
p is positive.  This module measures how far a model is from that, with data
and codes only (no words):

* reliability table (the data of a reliability diagram), with counts per bin,
  for two binnings of the probability: **equal-width** bins on [0, 1] with
  scikit-learn's rule (``calibration_curve(strategy="uniform")``: bin b holds
  (b/B, (b+1)/B], the first bin also 0; the same bins as
  :class:`iso4213_nb.scale.accumulators.CalibrationBins`), and **equal-mass** bins
  whose edges are the sample quantiles (``strategy="quantile"``: linear
  interpolation as :func:`numpy.percentile`, on the sample expanded by its
  whole-number weights; the same formula on cumulative weights otherwise);
* expected calibration error (Naeini, Cooper & Hauskrecht 2015),
  ECE = Σ_b (W_b / W) |ō_b − p̄_b| over the bins, for both binnings, with a
  percentile bootstrap interval (resampling within each true class, seeded,
  the bins and, for equal-mass bins, their edges recomputed on each resample).
  The resampling unit is the **cell** of rows sharing probability, outcome,
  true class and weight, drawn as multinomial counts within each true class
  (:mod:`iso4213_nb.measures.calibration_cells`): the row bootstrap in
  distribution, at a cost per resample of one entry per distinct probability
  rather than per row; beyond 32 768 cells (unit weights) neighbouring cells
  are pooled into groups, as that module says;
* Brier score (Brier 1950) mean (p − y)² and its decomposition (Murphy 1973)
  on the equal-width bins, with N_k, p̄_k, ō_k the weight, mean probability
  and observed frequency of bin k and ō the overall frequency:
  REL = Σ N_k (p̄_k − ō_k)² / N, RES = Σ N_k (ō_k − ō)² / N, UNC = ō (1 − ō).
  Brier = REL − RES + UNC holds exactly only when all probabilities within
  a bin are equal.  With bins of distinct probabilities two within-bin terms
  (Stephenson, Coelho & Jolliffe 2008) complete it:
  WBV = Σ_k Σ_{i∈k} (p_i − p̄_k)² / N (within-bin variance) and
  WBC = 2 Σ_k Σ_{i∈k} (p_i − p̄_k)(y_i − ō_k) / N (within-bin covariance), and
  **Brier = REL − RES + UNC + WBV − WBC exactly**; both terms are reported;
* log loss, −mean(y log p + (1 − y) log(1 − p)), with p clipped to
  [ε, 1 − ε], ε the float64 machine epsilon, as scikit-learn's ``log_loss``.

Multi-class (:func:`multiclass_calibration`): **top-label** calibration (ties
go to the first label, as numpy's argmax) and **class-wise** calibration, with
the multi-class Brier score and log loss (see :class:`MulticlassCalibration`).

Every weighted sum uses ``sample_weight`` in scikit-learn's meaning (a row of
weight w counts as w rows).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..core.checks import as_finite_array, as_labels, as_scores, is_whole, plain, same_length
from ..core.errors import InputError
from ..core.probability_rows import probability_problems
from ..stats.resampling import BLOCK_ENTRIES, label_codes, sample_weights
from ..stats.bootstrap import check_resamples, interval_bounds, multinomial_resamples
from .calibration_cells import calibration_cells
from ..stats.results import ConfidenceInterval, interval_json, json_value, check_level

#: Log loss clips probabilities to [EPS, 1 − EPS], as scikit-learn's ``log_loss`` does for float64.
EPS = float(np.finfo(np.float64).eps)
BINNINGS = ("equal_width", "equal_mass")


@dataclass(frozen=True, eq=False)
class ReliabilityTable:
    """The data of a reliability diagram for one binning (beyond TS 4213: scikit-learn's ``calibration_curve``).

    Attributes
    ----------
    binning : ``"equal_width"`` or ``"equal_mass"``.
    edges : B + 1 bin edges (equal-width: 0, 1/B, …, 1; equal-mass: the sample
        quantiles, from the smallest to the largest probability; edges may repeat when
        probabilities are tied, leaving bins empty).
    counts : samples per bin (rows, whatever their weights).
    weights : total weight per bin (equal to ``counts`` without weights).
    mean_predicted : weighted mean probability per bin (NaN for an empty bin).
    observed_frequency : weighted share of positives per bin (NaN for an empty bin).
    """

    binning: str
    edges: np.ndarray
    counts: np.ndarray
    weights: np.ndarray
    mean_predicted: np.ndarray
    observed_frequency: np.ndarray

    def to_dict(self) -> dict:
        """The JSON-ready form (beyond TS 4213): lists, ``None`` for an empty bin's means."""
        return {"edges": json_value(self.edges), "counts": json_value(self.counts), "weights": json_value(self.weights),
                "mean_predicted": json_value(self.mean_predicted), "observed_frequency": json_value(self.observed_frequency)}


@dataclass(frozen=True, eq=False)
class CalibrationResult:
    """Calibration of probabilities for one binary question (beyond TS 4213; see the module docstring).

    Attributes
    ----------
    ece, ece_equal_mass : ConfidenceInterval
        Expected calibration error on equal-width and on equal-mass bins, with
        a percentile bootstrap interval (``of`` = ``"ece"``; details
        ``binning``, ``n_bins``, ``seed``, ``n_resamples``, ``stratified`` and
        ``distribution``, the bootstrap values, left out of ``to_dict``).
    brier : float
        Weighted mean of (p − y)².
    brier_reliability, brier_resolution, brier_uncertainty : float
        Murphy's REL, RES, UNC on the equal-width bins.
    brier_within_bin_variance, brier_within_bin_covariance : float
        WBV and WBC, so that brier = REL − RES + UNC + WBV − WBC exactly.
    log_loss : float
    bins : dict
        ``"equal_width"`` and ``"equal_mass"`` → :class:`ReliabilityTable`.
    n : int
        Number of samples; ``total_weight`` their total weight.
    """

    ece: ConfidenceInterval
    ece_equal_mass: ConfidenceInterval
    brier: float
    brier_reliability: float
    brier_resolution: float
    brier_uncertainty: float
    brier_within_bin_variance: float
    brier_within_bin_covariance: float
    log_loss: float
    bins: dict
    n: int
    total_weight: float

    def to_dict(self) -> dict:
        """The report.json form: ``ece`` and ``ece_equal_mass`` interval dicts, the Brier terms, log loss, bins."""
        return {"ece": interval_json(self.ece), "ece_equal_mass": interval_json(self.ece_equal_mass),
                "brier": self.brier, "brier_reliability": self.brier_reliability,
                "brier_resolution": self.brier_resolution, "brier_uncertainty": self.brier_uncertainty,
                "brier_within_bin_variance": self.brier_within_bin_variance,
                "brier_within_bin_covariance": self.brier_within_bin_covariance,
                "log_loss": self.log_loss, "n": self.n, "total_weight": self.total_weight,
                "bins": {name: table.to_dict() for name, table in self.bins.items()}}


@dataclass(frozen=True, eq=False)
class MulticlassCalibration:
    """Top-label and class-wise calibration of a probability matrix (beyond TS 4213; scikit-learn's definitions).

    Attributes
    ----------
    labels : list of the classes, in the order of the matrix columns.
    top_label : CalibrationResult of the highest probability against "its class is the true one".
    classwise : dict label → CalibrationResult of that class's probability against one-vs-rest truth.
    brier : float, mean Σ_k (p_k − 1[y = k])² (scikit-learn's ``brier_score_loss``, ``scale_by_half=False``).
    log_loss : float, −mean log p_true (clipped to [ε, 1 − ε]).
    """

    labels: list
    top_label: CalibrationResult
    classwise: dict = field(repr=False)
    brier: float
    log_loss: float

    def to_dict(self) -> dict:
        """The report.json form (beyond TS 4213): ``top_label``, ``classwise`` by label (text), ``brier``, ``log_loss``."""
        return {"top_label": self.top_label.to_dict(),
                "classwise": {str(label): result.to_dict() for label, result in self.classwise.items()},
                "brier": self.brier, "log_loss": self.log_loss}


def _check_bins(n_bins) -> int:
    if not is_whole(n_bins, 1):
        raise InputError("calibration.bad_bins", name="n_bins", value=plain(n_bins))
    return int(n_bins)


def weighted_quantile_edges(sorted_p: np.ndarray, cumulative: np.ndarray, n_bins: int) -> np.ndarray:
    """Equal-mass bin edges of each row: linear-interpolated quantiles j/B, j = 0 … B (``numpy.percentile``'s rule) (beyond TS 4213: equal-mass calibration bins).

    ``sorted_p`` holds the probabilities in ascending order (shared by every
    row); ``cumulative`` (rows × n) the inclusive cumulative weights of each
    row in that order.  With T the row's total weight, quantile q sits at
    position q (T − 1) of the sample expanded by its weights (sample k of the
    expanded sample is the first whose cumulative weight exceeds k), between
    the values at floor and floor + 1 (scikit-learn's ``calibration_curve``
    with ``strategy="quantile"`` on unit weights).  Returns rows × (B + 1).
    """
    rows, n = cumulative.shape
    total = cumulative[:, -1]
    offsets = np.concatenate([[0.0], np.cumsum(total + 1)[:-1]])
    flat = (cumulative + offsets[:, None]).ravel()
    position = np.linspace(0, 1, n_bins + 1)[None, :] * np.maximum(total - 1, 0)[:, None]
    k0 = np.floor(position)
    fraction = position - k0

    def value(k):
        found = np.searchsorted(flat, (k + offsets[:, None]).ravel(), side="right").reshape(k.shape)
        index = np.minimum(found - (np.arange(rows) * n)[:, None], n - 1)
        return sorted_p[index]

    low = value(k0)
    return low + fraction * (value(np.minimum(k0 + 1, np.maximum(total - 1, 0)[:, None])) - low)


def _gaps(sorted_p, sorted_y, weights) -> np.ndarray:
    """Cumulative weighted y − p of each row of ``weights`` (rows × n, sorted order), with a leading 0: rows × (n + 1)."""
    out = np.zeros((weights.shape[0], weights.shape[1] + 1))
    np.cumsum(weights * (sorted_y - sorted_p), axis=1, out=out[:, 1:])
    return out


def _ece(gaps: np.ndarray, total: np.ndarray, bounds: np.ndarray) -> np.ndarray:
    """ECE per row: Σ_b |Σ_{i∈b} w_i (y_i − p_i)| / W, bins given as boundary positions (rows × B+1) into ``gaps``."""
    per_bin = np.diff(np.take_along_axis(gaps, bounds, axis=1), axis=1)
    return np.abs(per_bin).sum(axis=1) / total


def _bounds(sorted_p: np.ndarray, edges: np.ndarray) -> np.ndarray:
    """Positions in the sorted probabilities where each bin starts, plus n: bin b holds (edge_b, edge_b+1]."""
    n = len(sorted_p)
    inner = np.searchsorted(sorted_p, edges[..., 1:-1], side="right")
    shape = inner.shape[:-1] + (1,)
    return np.concatenate([np.zeros(shape, dtype=np.int64), inner, np.full(shape, n, dtype=np.int64)], axis=-1)


def _pooled_equal_mass_ece(gaps: np.ndarray, cumulative: np.ndarray, n_bins: int) -> np.ndarray:
    """Equal-mass ECE per row of drawn group counts (``cumulative``, rows × groups), the groups of
    :mod:`.calibration_cells`: bin b ends after the first ⌊b (T − 1) / B⌋ + 1 of the T rows drawn, as with
    distinct probabilities, and where that falls inside a group the cumulative gap is interpolated linearly
    through it (its rows taken as spread evenly), so an edge splits a group as it would split its rows."""
    rows, groups = cumulative.shape
    total = cumulative[:, -1]
    ends = np.floor(np.linspace(0, 1, n_bins + 1)[None, 1:-1] * (total[:, None] - 1)) + 1
    offsets = (np.arange(rows) * (total.max() + 1))[:, None]
    found = np.searchsorted((cumulative + offsets).ravel(), (ends + offsets).ravel(), side="left").reshape(ends.shape)
    group = found - (np.arange(rows) * groups)[:, None]
    after = np.take_along_axis(cumulative, group, axis=1)
    drawn = np.take_along_axis(np.diff(cumulative, axis=1, prepend=0), group, axis=1)
    low, high = np.take_along_axis(gaps, group, axis=1), np.take_along_axis(gaps, group + 1, axis=1)
    inner = high - (after - ends) / drawn * (high - low)
    bounds = np.concatenate([np.zeros((rows, 1)), inner, gaps[:, -1:]], axis=1)
    return np.abs(np.diff(bounds, axis=1)).sum(axis=1) / total


def _table(binning, edges, sorted_p, sorted_y, w, bounds) -> tuple[ReliabilityTable, np.ndarray]:
    """The reliability table and the per-bin sums (weight, Σwp, Σwy, Σwp², Σwpy) of one binning."""
    columns = np.stack([np.ones_like(w), w, w * sorted_p, w * sorted_y, w * sorted_p ** 2, w * sorted_p * sorted_y])
    cumulative = np.concatenate([np.zeros((6, 1)), np.cumsum(columns, axis=1)], axis=1)
    sums = np.diff(cumulative[:, bounds], axis=1)
    count, weight, sum_p, sum_y = sums[:4]
    with np.errstate(invalid="ignore", divide="ignore"):
        mean_p = np.where(weight > 0, sum_p / weight, np.nan)
        observed = np.where(weight > 0, sum_y / weight, np.nan)
    table = ReliabilityTable(binning, edges, np.rint(count).astype(np.int64), weight, mean_p, observed)
    return table, sums[1:]


def murphy_decomposition(sums: np.ndarray) -> dict:
    """REL, RES, UNC, WBV, WBC from the per-bin sums (weight, Σwp, Σwy, Σwp², Σwpy) (beyond TS 4213: Murphy 1973; Stephenson 2008)."""
    weight, sum_p, sum_y, sum_pp, sum_py = sums
    occupied = weight > 0
    weight, sum_p, sum_y, sum_pp, sum_py = (s[occupied] for s in (weight, sum_p, sum_y, sum_pp, sum_py))
    total = weight.sum()
    mean_p, observed = sum_p / weight, sum_y / weight
    base_rate = sum_y.sum() / total
    return {"reliability": float(np.sum(weight * (mean_p - observed) ** 2) / total),
            "resolution": float(np.sum(weight * (observed - base_rate) ** 2) / total),
            "uncertainty": float(base_rate * (1 - base_rate)),
            "within_bin_variance": float(np.sum(sum_pp - weight * mean_p ** 2) / total),
            "within_bin_covariance": float(2 * np.sum(sum_py - weight * mean_p * observed) / total)}


def _binary_log_loss(p, y, w) -> float:
    q = np.clip(p, EPS, 1 - EPS)
    return float(-np.sum(w * (y * np.log(q) + (1 - y) * np.log1p(-q))) / w.sum())


def _calibrate(p, y, w, strata, n_bins, n_bootstrap, seed, level) -> CalibrationResult:
    """The calibration of probabilities ``p`` against 0/1 outcomes ``y`` (both float), weights ``w``, bootstrap strata."""
    order = np.argsort(p, kind="stable")
    sp, sy, sw = p[order], y[order], w[order]
    width_edges = np.linspace(0, 1, n_bins + 1)
    mass_edges = weighted_quantile_edges(sp, np.cumsum(sw)[None, :], n_bins)[0]
    width_bounds, mass_bounds = _bounds(sp, width_edges), _bounds(sp, mass_edges)
    width_table, width_sums = _table("equal_width", width_edges, sp, sy, sw, width_bounds)
    mass_table, _ = _table("equal_mass", mass_edges, sp, sy, sw, mass_bounds)
    gaps, total = _gaps(sp, sy, sw[None, :]), np.array([sw.sum()])
    estimates = [_ece(gaps, total, width_bounds[None, :])[0], _ece(gaps, total, mass_bounds[None, :])[0]]
    cells = calibration_cells(sp, sy, sw, strata[order], width_edges)
    cell_width_bounds = _bounds(cells.p, width_edges)
    rng = np.random.default_rng(seed)
    block = max(1, BLOCK_ENTRIES // len(cells.p))
    draws = [[], []]
    for start in range(0, n_bootstrap, block):
        drawn = multinomial_resamples(cells.rows, cells.strata, min(block, n_bootstrap - start), rng)
        weights = drawn * cells.weight
        gaps = _gaps(cells.p, cells.y, weights)
        if cells.grouped:  # each group's drawn sum of probabilities: normal, the row bootstrap's mean and variance
            gaps[:, 1:] -= np.cumsum(np.sqrt(drawn) * cells.spread * rng.standard_normal(drawn.shape), axis=1)
        cumulative = np.cumsum(weights, axis=1)
        total = cumulative[:, -1]
        draws[0].append(_ece(gaps, total, np.broadcast_to(cell_width_bounds, (len(drawn), n_bins + 1))))
        draws[1].append(_pooled_equal_mass_ece(gaps, cumulative, n_bins) if cells.grouped else
                        _ece(gaps, total, _bounds(cells.p, weighted_quantile_edges(cells.p, cumulative, n_bins))))
    intervals = []
    for binning, estimate, values in zip(BINNINGS, estimates, draws):
        distribution = np.concatenate(values)
        low, high = interval_bounds(distribution, estimate, level, "percentile")
        intervals.append(ConfidenceInterval(low, high, level, "percentile", estimate=float(estimate), of="ece",
                                            details={"binning": binning, "n_bins": n_bins, "seed": seed,
                                                     "n_resamples": n_bootstrap, "stratified": True,
                                                     "cells": len(cells.p), "cells_grouped": cells.grouped,
                                                     "distribution": distribution}))
    return CalibrationResult(
        ece=intervals[0], ece_equal_mass=intervals[1],
        brier=float(np.sum(w * (p - y) ** 2) / w.sum()),
        **{f"brier_{term}": value for term, value in murphy_decomposition(width_sums).items()},
        log_loss=_binary_log_loss(p, y, w), bins={"equal_width": width_table, "equal_mass": mass_table},
        n=len(p), total_weight=float(w.sum()))


def _options(n_bins, n_bootstrap, confidence_level) -> tuple[int, int, float]:
    return _check_bins(n_bins), check_resamples(n_bootstrap, "n_bootstrap"), check_level(confidence_level)


def calibration(y_true, proba, *, positive, n_bins: int = 10, sample_weight=None, n_bootstrap: int = 1000,
                seed: int = 0, confidence_level: float = 0.95) -> CalibrationResult:
    """Calibration of binary probabilities (beyond TS 4213: Naeini 2015 ECE, Brier 1950, Murphy 1973, scikit-learn).

    Parameters
    ----------
    y_true : true labels; ``positive`` names the positive class.
    proba : probability of ``positive`` per sample, in [0, 1].
    n_bins : number of bins B of both binnings.
    sample_weight : non-negative weights (scikit-learn's meaning), or None.
    n_bootstrap, seed, confidence_level : the bootstrap of the ECE intervals
        (resampling within each true class).

    Returns
    -------
    CalibrationResult (reliability tables, ECE with intervals, Brier score
    and its decomposition, log loss; see the module docstring for formulas).
    """
    labels = as_labels(y_true, "y_true")
    p = as_scores(proba, "proba", probabilities=True)
    n = same_length(y_true=labels, proba=p)
    if positive not in set(labels.tolist()):
        raise InputError("calibration.positive_absent", label=plain(positive), name="y_true")
    n_bins, n_bootstrap, level = _options(n_bins, n_bootstrap, confidence_level)
    w = sample_weights(sample_weight, n)
    y = (labels == positive).astype(float)
    return _calibrate(p, y, w, y.astype(np.int64), n_bins, n_bootstrap, seed, level)


def _probability_matrix(scores, labels, n: int) -> np.ndarray:
    matrix = as_finite_array(scores, "scores", ndim=2, what="scores")
    if matrix.shape != (n, len(labels)):
        raise InputError("calibration.wrong_shape", name="scores", samples=n, labels=len(labels), rows=matrix.shape[0],
                         columns=matrix.shape[1])
    outside, unnormalised = probability_problems(matrix)
    if outside is not None:
        raise InputError("calibration.not_probabilities", name="scores", low=float(matrix.min()),
                         high=float(matrix.max()))
    if unnormalised is not None:
        row = unnormalised[0]
        raise InputError("calibration.row_sum", row=row + 1, name="scores", total=float(matrix[row].sum()))
    return matrix


def multiclass_calibration(y_true, scores, labels, *, n_bins: int = 10, sample_weight=None, n_bootstrap: int = 1000,
                           seed: int = 0, confidence_level: float = 0.95) -> MulticlassCalibration:
    """Top-label and class-wise calibration of a probability matrix (beyond TS 4213; scikit-learn's definitions).

    Parameters
    ----------
    y_true : true labels, each one of ``labels``.
    scores : (n, k) probabilities, column j for ``labels[j]``; rows add up to 1
        (within the rounding their decimals allow: :mod:`iso4213_nb.core.probability_rows`).
    labels : the k classes (at least 2), in column order.
    Other parameters as :func:`calibration`; every bootstrap resamples within each true class.

    Returns
    -------
    MulticlassCalibration with ``top_label``, ``classwise``, ``brier`` and ``log_loss``.
    """
    truth = as_labels(y_true, "y_true")
    classes = list(as_labels(labels, "labels").tolist())
    if len(set(classes)) != len(classes) or len(classes) < 2:
        raise InputError("calibration.too_few_classes", name="labels")
    n = len(truth)
    matrix = _probability_matrix(scores, classes, n)
    index = {label: j for j, label in enumerate(classes)}
    unknown = [v for v in np.unique(truth).tolist() if v not in index]
    if unknown:
        raise InputError("calibration.unknown_label", name="y_true", label=plain(unknown[0]))
    n_bins, n_bootstrap, level = _options(n_bins, n_bootstrap, confidence_level)
    w = sample_weights(sample_weight, n)
    codes = label_codes(truth, index)
    onehot = np.zeros_like(matrix)
    onehot[np.arange(n), codes] = 1.0
    top = np.argmax(matrix, axis=1)
    top_label = _calibrate(matrix[np.arange(n), top], (top == codes).astype(float), w, codes, n_bins, n_bootstrap,
                           seed, level)
    classwise = {label: _calibrate(matrix[:, j], onehot[:, j], w, codes, n_bins, n_bootstrap, seed, level)
                 for j, label in enumerate(classes)}
    brier = float(np.sum(w * np.sum((matrix - onehot) ** 2, axis=1)) / w.sum())
    log_loss = float(-np.sum(w * np.log(np.clip(matrix[np.arange(n), codes], EPS, 1 - EPS))) / w.sum())
    return MulticlassCalibration(classes, top_label, classwise, brier, log_loss)
