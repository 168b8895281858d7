"""Bootstrap confidence intervals (7.8), percentile and BCa, stratified, paired, seeded and vectorised.

The one bootstrap of the package (exported as ``iso4213_nb.stats.bootstrap_ci``): :func:`bootstrap_ci` resamples
the rows of any statistic, one call per resample (:func:`paired_bootstrap_ci` pairs two models);
:func:`counts_bootstrap_ci` resamples cell counts as multinomial draws, a block of resamples per call.
Drawing n rows with replacement from data whose rows fall into cells with counts c is the same as drawing the
cell counts from Multinomial(n, c / n) (within each stratum: Multinomial(n_s, c_s / n_s)), so a resample costs
O(cells), not O(n), and a block of resamples is one ``Generator.multinomial`` call and one vectorised evaluation
of the statistic on a (resamples × cells) array.

Interval rule (Efron & Tibshirani 1993, ch. 13–14; as :func:`scipy.stats.bootstrap`):

* percentile: the α/2 and 1 − α/2 quantiles of the bootstrap values;
* BCa: bias correction z₀ = Φ⁻¹(share of values below the estimate, ties
  counted half) and acceleration a = Σ d³ / (6 (Σ d²)^1.5), d = θ̄₍.₎ − θ₍ᵢ₎
  over the jackknife values θ₍ᵢ₎; bounds at the quantiles
  Φ(z₀ + (z₀ + z_q) / (1 − a (z₀ + z_q))).

Jackknife.  Exact up to :data:`JACKKNIFE_GROUPS` rows, or for counts non-empty cells (one value per cell,
weighted by its count); beyond, *grouped* (delete-d): the rows are split at random (from ``seed``) into
:data:`JACKKNIFE_GROUPS` groups of nearly equal size and each group is left out in turn.  a is a ratio of
moments in which the group size cancels, so the grouped values estimate the same a, with more noise (tests find
it within half of the exact value, which moves the BCa bounds by under 1 % of the interval's width).  The
details say which was used (``jackknife``).

Undefined values.  A statistic undefined on the full data gives an interval
whose bounds are :class:`~iso4213_nb.core.undefined.Undefined` with code
``"undefined_estimate"``; resamples on which it is undefined (nan or
Undefined) are left out and counted in ``n_undefined``; when fewer than half
of the resamples are defined the bounds are Undefined with code
``"mostly_undefined_resamples"``; when every resample gives the same value
(a perfect or perfectly wrong model, a tiny test set) the bootstrap cannot
show any uncertainty and the bounds are Undefined with code
``"degenerate_bootstrap"`` rather than a zero-width interval.  Nothing here
raises for an undefined value.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Callable

import numpy as np
from scipy.special import ndtr, ndtri

from ..core import progress
from ..core.checks import as_1d, as_labels, is_whole, plain, same_length
from ..core.errors import InputError
from ..core.undefined import is_undefined
from .results import ConfidenceInterval, check_level, undefined

METHODS = ("percentile", "bca")
#: Above this many rows, :func:`bootstrap_ci` estimates BCa's acceleration with a grouped jackknife of this many groups.
JACKKNIFE_GROUPS = 1000
#: Cells × resamples evaluated at once by :func:`counts_bootstrap_ci` (bounds the memory of a block).
BLOCK_CELLS = 4_000_000


def check_resamples(n_resamples, name: str = "n_resamples") -> int:
    """``n_resamples`` as an int of at least 10, or :class:`InputError` naming it ``name`` (7.8)."""
    if not is_whole(n_resamples, 10):
        raise InputError("stats.too_few_resamples", name=name, value=plain(n_resamples))
    return int(n_resamples)


def check_method(method) -> str:
    """``method`` if it is ``"percentile"`` or ``"bca"``, else :class:`InputError` (7.8)."""
    if method not in METHODS:
        raise InputError("stats.bootstrap_method", methods=list(METHODS), method=plain(method))
    return method


def acceleration(values: np.ndarray, weights: np.ndarray | None = None) -> float:
    """BCa's acceleration from jackknife values (optionally each standing for ``weights`` rows); 0 if all equal (7.8)."""
    w = np.ones(len(values)) if weights is None else np.asarray(weights, dtype=float)
    if not w.sum() > 0:
        return 0.0
    mean = float(np.dot(w, values) / w.sum())
    d = mean - values
    spread = float(np.dot(w, d * d))
    if not spread > 0:
        return 0.0
    return float(np.dot(w, d ** 3) / (6 * spread ** 1.5))


def interval_bounds(distribution: np.ndarray, estimate: float, level: float, method: str,
                    accel: float = 0.0) -> tuple[float, float]:
    """Percentile or BCa bounds (module docstring) from the defined bootstrap values (7.8)."""
    alpha = 1 - level
    if method == "percentile":
        qs = np.array([alpha / 2, 1 - alpha / 2])
    else:
        r = len(distribution)
        share = (np.sum(distribution < estimate) + np.sum(distribution <= estimate)) / (2 * r)
        share = min(max(share, 0.5 / r), 1 - 0.5 / r)
        z0 = ndtri(share)
        zq = ndtri(np.array([alpha / 2, 1 - alpha / 2]))
        qs = ndtr(z0 + (z0 + zq) / (1 - accel * (z0 + zq)))
    low, high = np.quantile(distribution, qs)
    return float(low), float(high)


def _number(value) -> float:
    """A statistic's value as a float; Undefined and nan become nan."""
    if is_undefined(value):
        return math.nan
    try:
        return float(value)
    except (TypeError, ValueError):
        raise InputError("stats.statistic_not_a_number", type=type(value).__name__) from None


def bootstrap_result(estimate: float, values: np.ndarray, level: float, method: str, accel_of: Callable[[], tuple],
            details: dict) -> ConfidenceInterval:
    """The interval of ``estimate`` from all resampled ``values`` (nan = undefined), with reasons when it has none."""
    defined = values[~np.isnan(values)]
    details = {**details, "n_undefined": int(len(values) - len(defined))}
    if math.isnan(estimate):
        reason = undefined("undefined_estimate")
        return ConfidenceInterval(reason, reason, level, method, estimate=reason, of="statistic", details=details)
    if len(defined) < max(10, len(values) / 2):
        reason = undefined("mostly_undefined_resamples", n_undefined=details["n_undefined"], n_resamples=len(values))
        return ConfidenceInterval(reason, reason, level, method, estimate=estimate, of="statistic", details=details)
    if defined.min() == defined.max():
        reason = undefined("degenerate_bootstrap", value=float(defined[0]))
        return ConfidenceInterval(reason, reason, level, method, estimate=estimate, of="statistic", details=details)
    accel = 0.0
    if method == "bca":
        accel, jackknife = accel_of()
        details["acceleration"], details["jackknife"] = accel, jackknife
    low, high = interval_bounds(defined, estimate, level, method, accel)
    return ConfidenceInterval(low, high, level, method, estimate=estimate, of="statistic",
                              details={**details, "distribution": defined})


def _rows(values, name: str) -> np.ndarray:
    try:
        array = np.asarray(values)
    except ValueError:
        raise InputError("stats.ragged_data", name=name) from None
    return array if array.ndim == 2 and len(array) else as_1d(array, name)


def _stratum_members(strata, n: int) -> list[np.ndarray]:
    values = as_labels(strata, "strata")
    same_length(data=np.empty(n), strata=values)
    _, codes = np.unique(values, return_inverse=True)
    return [np.flatnonzero(codes == k) for k in range(int(codes.max()) + 1)]


def bootstrap_ci(statistic: Callable, *arrays, n_resamples: int = 2000, method: str = "bca", strata=None,
                 confidence_level: float = 0.95, seed: int = 0, name: str | None = None) -> ConfidenceInterval:
    """Bootstrap interval of ``statistic(*arrays)`` (7.8): rows resampled with replacement, the same rows in every array.

    Parameters
    ----------
    statistic : callable taking the resampled arrays and returning a number, nan or Undefined.
    arrays : one or more arrays of the same length n (1-D, or 2-D with one row per sample).
        Two models' predictions passed together give a paired interval.
    n_resamples : number of bootstrap resamples (at least 10).
    method : ``"bca"`` (default) or ``"percentile"``.
    strata : optional labels (e.g. y_true); each resample draws within each
        stratum as many rows as it holds.
    seed : seed of :func:`numpy.random.default_rng`, recorded in the details.

    Returns
    -------
    ConfidenceInterval with ``of="statistic"`` and details ``statistic_name``, ``n``,
    ``seed``, ``n_resamples``, ``n_undefined``, ``stratified``, ``distribution``
    (the defined values) and, for BCa, ``acceleration`` and ``jackknife``
    (``"exact"`` or ``"grouped:<groups>"``).  See the module docstring for undefined values.
    """
    method = check_method(method)
    level = check_level(confidence_level)
    r = check_resamples(n_resamples)
    if not arrays:
        raise InputError("stats.no_data")
    data = [_rows(a, f"arrays[{i}]") for i, a in enumerate(arrays)]
    n = same_length(**{f"arrays[{i}]": a for i, a in enumerate(data)})
    members = None if strata is None else _stratum_members(strata, n)
    label = name or getattr(statistic, "__name__", "statistic")
    details = {"statistic_name": label, "n": n, "seed": seed, "n_resamples": r, "stratified": members is not None}
    estimate = _number(statistic(*data))
    if math.isnan(estimate):
        return bootstrap_result(estimate, np.empty(0), level, method, None, details)
    rng = np.random.default_rng(seed)
    values = np.empty(r)
    with progress.bar(total=r, desc="bootstrap", unit="resample") as bar:
        for i in range(r):
            if members is None:
                idx = rng.integers(0, n, size=n)
            else:
                idx = np.concatenate([m[rng.integers(0, len(m), size=len(m))] for m in members])
            values[i] = _number(statistic(*(a[idx] for a in data)))
            bar.update()

    return bootstrap_result(estimate, values, level, method, lambda: rows_acceleration(statistic, *data, seed=seed), details)


def rows_acceleration(statistic: Callable, *arrays: np.ndarray, seed: int = 0) -> tuple[float, str]:
    """BCa's acceleration of ``statistic(*arrays)`` from a jackknife over the rows, and which jackknife (7.8).

    Exact (leave one row out) up to :data:`JACKKNIFE_GROUPS` rows, else grouped (module
    docstring; the groups drawn from ``seed``).  ``arrays`` are trusted, row-aligned numpy
    arrays.  Returns ``(acceleration, "exact" or "grouped:<groups>")``, as
    :func:`bootstrap_ci` records in its details.
    """
    n = len(arrays[0])
    if n <= JACKKNIFE_GROUPS:
        groups, kind = np.arange(n), "exact"
    else:
        groups, kind = np.random.default_rng([seed, 1]).permutation(n) % JACKKNIFE_GROUPS, f"grouped:{JACKKNIFE_GROUPS}"
    order = np.argsort(groups, kind="stable")
    bounds = np.searchsorted(groups[order], np.arange(groups.max() + 2))
    keep = np.ones(n, dtype=bool)
    jack = []
    for g in range(len(bounds) - 1):
        left_out = order[bounds[g]:bounds[g + 1]]
        keep[left_out] = False
        jack.append(_number(statistic(*(a[keep] for a in arrays))))
        keep[left_out] = True
    jack = np.asarray(jack)
    return acceleration(jack[~np.isnan(jack)]), kind


def paired_bootstrap_ci(metric: Callable, y_true, pred_a, pred_b, **options) -> ConfidenceInterval:
    """Bootstrap interval of metric(y_true, pred_a) − metric(y_true, pred_b) for two models on the same samples (7.8).

    Each resample draws the same samples for both models, so the interval
    accounts for the pairing.  ``options`` are those of :func:`bootstrap_ci`
    (``n_resamples``, ``confidence_level``, ``method``, ``strata``, ``seed``, ``name``).
    A difference undefined on a resample (either metric undefined) is left out.
    Without a ``name``, the result's ``statistic_name`` is the metric's name
    and its details say ``paired_metric``, so the words layer calls it the
    difference in that metric.
    """
    def difference(y, a, b):
        first, second = metric(y, a), metric(y, b)
        if is_undefined(first) or is_undefined(second):
            return first if is_undefined(first) else second
        return float(first) - float(second)

    if options.get("name") is not None:
        return bootstrap_ci(difference, y_true, pred_a, pred_b, **options)
    result = bootstrap_ci(difference, y_true, pred_a, pred_b, **options, name=getattr(metric, "__name__", "metric"))
    return replace(result, details={**result.details, "paired_metric": True})


def _cell_strata(counts: np.ndarray, strata) -> list[np.ndarray]:
    if strata is None:
        return [np.arange(len(counts))]
    ids = np.asarray(strata)
    if ids.shape != counts.shape:
        raise InputError("stats.strata_shape", name="strata", cells=len(counts), shape=ids.shape)
    return [np.flatnonzero(ids == s) for s in np.unique(ids)]


def multinomial_resamples(counts: np.ndarray, strata: list[np.ndarray], size: int,
                          rng: np.random.Generator) -> np.ndarray:
    """``size`` bootstrap resamples of the cell ``counts`` (size × cells), each stratum keeping its total (7.8)."""
    out = np.zeros((size, len(counts)), dtype=np.int64)
    for cells in strata:
        total = int(counts[cells].sum())
        if total:
            out[:, cells] = rng.multinomial(total, counts[cells] / total, size=size)
    return out


#: Up to this many rows the grouped jackknife deals the rows themselves into groups of equal size; beyond it, it
#: draws each cell's split among the groups (no array of one entry per row: 0.7 GB at 30 M rows otherwise).
JACKKNIFE_DEALT_ROWS = 2_000_000


def _grouped_cells(counts: np.ndarray, seed: int) -> np.ndarray:
    """Counts per cell of :data:`JACKKNIFE_GROUPS` random groups of rows (groups × cells), for a grouped jackknife.

    Up to :data:`JACKKNIFE_DEALT_ROWS` rows, a random permutation deals the rows into groups whose sizes differ by at
    most one; beyond, each row falls in a group at random (a multinomial split of each cell), so the sizes vary by
    about √(rows / groups), at most about 2 % of a group, and memory is that of the table alone.
    """
    rng = np.random.default_rng([seed, 1])
    if counts.sum() > JACKKNIFE_DEALT_ROWS:
        return rng.multinomial(counts, np.full(JACKKNIFE_GROUPS, 1 / JACKKNIFE_GROUPS)).T
    cell_of_row = np.repeat(np.arange(len(counts)), counts)
    group_of_row = rng.permutation(len(cell_of_row)) % JACKKNIFE_GROUPS
    return np.bincount(group_of_row * len(counts) + cell_of_row,
                       minlength=JACKKNIFE_GROUPS * len(counts)).reshape(JACKKNIFE_GROUPS, len(counts))


def counts_bootstrap_ci(statistic: Callable[[np.ndarray], np.ndarray], counts, *, strata=None,
                        n_resamples: int = 2000, method: str = "bca", confidence_level: float = 0.95,
                        seed: int = 0, name: str | None = None) -> ConfidenceInterval:
    """Bootstrap interval of a statistic of cell counts (7.8), resampled as multinomial counts (vectorised).

    Parameters
    ----------
    statistic : vectorised: takes an int64 array (m × cells) of counts, one
        resample per row, and returns m values (nan where undefined).
    counts : whole numbers of rows in each cell (e.g. a flattened confusion
        matrix, or positives and negatives per distinct score).  To pair two
        models, make the cells joint (true class × label of A × label of B).
    strata : optional stratum id of each cell (e.g. the true class of each
        confusion cell); each resample keeps every stratum's total.

    Equivalent to :func:`bootstrap_ci` on the rows the counts describe, at O(cells) per resample; the jackknife
    costs at most :data:`JACKKNIFE_GROUPS` evaluations.  Returns a ConfidenceInterval as :func:`bootstrap_ci`
    does (plus ``cells``).
    """
    label = name or getattr(statistic, "__name__", "statistic")
    return counts_bootstrap_cis(lambda block: np.asarray(statistic(block), dtype=float).reshape(len(block), 1),
                                counts, [label], strata=strata, n_resamples=n_resamples, method=method,
                                confidence_level=confidence_level, seed=seed)[0]


def counts_bootstrap_cis(statistics: Callable[[np.ndarray], np.ndarray], counts, names: list[str], *, strata=None,
                         n_resamples: int = 2000, method: str = "bca", confidence_level: float = 0.95,
                         seed: int = 0) -> list[ConfidenceInterval]:
    """Several statistics of the same cell counts from one set of resamples (7.8): one interval per name.

    ``statistics`` takes an (m × cells) array and returns an (m × len(names))
    array; otherwise as :func:`counts_bootstrap_ci`.  Every interval comes
    from the same resamples, so one draw serves a whole table of measures.
    """
    method = check_method(method)
    level = check_level(confidence_level)
    r = check_resamples(n_resamples)
    c = np.asarray(counts)
    if c.ndim != 1 or not len(c) or (c < 0).any() or not np.all(c == np.round(c)):
        raise InputError("stats.counts_not_whole", name="counts")
    c = c.astype(np.int64)
    groups = _cell_strata(c, strata)
    q = len(names)

    def evaluate(block: np.ndarray) -> np.ndarray:
        return np.asarray(statistics(block), dtype=float).reshape(len(block), q)

    estimates = evaluate(c[None, :])[0]
    rng = np.random.default_rng(seed)
    block = max(1, BLOCK_CELLS // len(c))
    values = np.empty((r, q))
    if not np.isnan(estimates).all():
        for start in range(0, r, block):
            size = min(block, r - start)
            values[start:start + size] = evaluate(multinomial_resamples(c, groups, size, rng))
    jackknife: list[np.ndarray] = []

    def jackknife_values() -> list:
        if not jackknife:
            filled = np.flatnonzero(c)
            if len(filled) <= JACKKNIFE_GROUPS:
                left_out, weights, kind = np.eye(len(c), dtype=np.int64)[filled], c[filled], "exact"
            else:
                left_out, weights, kind = _grouped_cells(c, seed), None, f"grouped:{JACKKNIFE_GROUPS}"
            out = np.empty((len(left_out), q))
            for start in range(0, len(left_out), block):
                out[start:start + block] = evaluate(c[None, :] - left_out[start:start + block])
            jackknife.extend([out, weights, kind])
        return jackknife

    def accel_for(j: int):
        def accel_of():
            values_j, weights, kind = jackknife_values()
            ok = ~np.isnan(values_j[:, j])
            return acceleration(values_j[ok, j], None if weights is None else weights[ok]), kind
        return accel_of

    results = []
    for j, label in enumerate(names):
        details = {"statistic_name": label, "n": int(c.sum()), "seed": seed, "n_resamples": r,
                   "stratified": strata is not None, "cells": len(c)}
        column = values[:, j] if not np.isnan(estimates[j]) else np.empty(0)
        results.append(bootstrap_result(float(estimates[j]), column, level, method, accel_for(j), details))
    return results
