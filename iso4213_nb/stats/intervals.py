"""Confidence intervals (7.8): for proportions, and by bootstrap for any measure.

7.8 rests on the central limit theorem: an estimate averaged over many samples
is close to normal around the population value.  For a proportion (accuracy,
recall, precision … are all counts over counts) that normal ("Wald") interval
misbehaves near 0 and 1 and for small n, so :func:`proportion_ci` also offers
Wilson's score interval and the exact Clopper–Pearson interval.  For measures
with no simple standard error, :func:`bootstrap_ci` resamples the test set
(percentile or BCa interval, optionally stratified by class; the seed is
recorded), and :func:`paired_bootstrap_ci` does the same for the difference
between two models scored on the same samples.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Callable

import numpy as np
from scipy import stats as sps

from .. import progress
from .._checks import as_1d, as_labels, same_length
from ..errors import InputError
from ..undefined import is_undefined
from .bootstrap import acceleration, check_resamples, interval_bounds
from .results import ConfidenceInterval, check_level, shown

PROPORTION_METHODS = ("wilson", "clopper-pearson", "wald")
BOOTSTRAP_METHODS = ("percentile", "bca")


def _whole(value, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)) \
            or not float(value).is_integer() or value < 0:
        raise InputError(f"{name} must be a non-negative whole count, got {shown(value)}")
    return int(value)


def proportion_ci(successes, n, method: str = "wilson", confidence_level: float = 0.95) -> ConfidenceInterval:
    """Confidence interval for a proportion successes / n (7.8).

    With p̂ = x / n and z the standard normal quantile at (1 + level) / 2:

    * ``"wilson"`` (score interval): (p̂ + z²/2n ± z √(p̂(1 − p̂)/n + z²/4n²)) / (1 + z²/n);
    * ``"clopper-pearson"`` (exact): Beta(α/2; x, n − x + 1) to Beta(1 − α/2; x + 1, n − x),
      with 0 and 1 at the ends;
    * ``"wald"`` (the plain central-limit interval of 7.8): p̂ ± z √(p̂(1 − p̂)/n), clipped to [0, 1].

    Returns
    -------
    ConfidenceInterval (``low, high = result``) with ``estimate`` p̂, ``of`` =
    ``"proportion"`` and details ``successes`` and ``n``.
    """
    if method not in PROPORTION_METHODS:
        raise InputError(f"method must be one of {', '.join(PROPORTION_METHODS)}; got {shown(method)}")
    level = check_level(confidence_level)
    x = _whole(successes, "successes")
    n = _whole(n, "n")
    if n == 0:
        raise InputError("n is 0: a proportion of nothing has no interval")
    if x > n:
        raise InputError(f"successes ({x}) exceeds n ({n})")
    low, high = proportion_bounds(x, n, method, level)
    return ConfidenceInterval(low, high, level, method, estimate=x / n, of="proportion",
                              details={"successes": x, "n": n})


def proportion_bounds(x: float, n: float, method: str, level: float) -> tuple[float, float]:
    """``(low, high)`` of the proportion ``x / n`` by ``method`` at ``level`` (the formulas of :func:`proportion_ci`, 7.8).

    ``x`` and ``n`` may be fractional (an effective sample size, :mod:`.weighted`); inputs are trusted.
    """
    p = x / n
    z = float(sps.norm.ppf(0.5 + level / 2))
    alpha = 1 - level
    if method == "wilson":
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        low, high = max(0.0, centre - half), min(1.0, centre + half)
    elif method == "clopper-pearson":
        low = 0.0 if x == 0 else float(sps.beta.ppf(alpha / 2, x, n - x + 1))
        high = 1.0 if x == n else float(sps.beta.ppf(1 - alpha / 2, x + 1, n - x))
    else:
        half = z * math.sqrt(p * (1 - p) / n)
        low, high = max(0.0, p - half), min(1.0, p + half)
    return float(low), float(high)


def bootstrap_interval(distribution: np.ndarray, estimate: float, level: float, method: str,
                       jackknife: Callable[[], np.ndarray] | None = None) -> tuple[float, float]:
    """Percentile or BCa bounds from a bootstrap distribution (Efron & Tibshirani 1993, ch. 13–14).

    BCa corrects the percentiles for bias, z₀ = Φ⁻¹(share of resamples below the
    estimate, ties counted half), and for skew, the acceleration
    a = Σ(θ̄ − θ_(i))³ / (6 (Σ(θ̄ − θ_(i))²)^1.5) from the jackknife values
    ``jackknife()``; the bounds are the percentiles
    Φ(z₀ + (z₀ + z_q) / (1 − a (z₀ + z_q))) for q = α/2 and 1 − α/2.
    When the jackknife values are all equal, a = 0.

    Clause 7.8; beyond TS 4213: Efron & Tibshirani 1993.
    """
    accel = acceleration(jackknife()) if method == "bca" else 0.0
    return interval_bounds(distribution, estimate, level, method, accel)


def _resample_indices(rng: np.random.Generator, n: int, strata: list[np.ndarray] | None) -> np.ndarray:
    if strata is None:
        return rng.integers(0, n, size=n)
    return np.concatenate([members[rng.integers(0, len(members), size=len(members))] for members in strata])


def _strata(labels, n: int) -> list[np.ndarray]:
    values = as_labels(labels, "strata")
    same_length(data=np.empty(n), strata=values)
    _, codes = np.unique(values, return_inverse=True)
    return [np.flatnonzero(codes == k) for k in range(codes.max() + 1)]


def _rows(values, name: str) -> np.ndarray:
    """One data array for the bootstrap: 1-D (one value per sample) or 2-D (one row per sample, e.g. class scores)."""
    try:
        array = np.asarray(values)
    except ValueError:
        raise InputError(f"{name} cannot be read as an array (ragged rows?)") from None
    if array.ndim == 2 and len(array):
        return array
    return as_1d(array, name)


def _value(result, name: str) -> float | None:
    if is_undefined(result):
        return None
    try:
        value = float(result)
    except (TypeError, ValueError):
        raise InputError(f"{name} must return a number, got {type(result).__name__}") from None
    return None if math.isnan(value) else value


def bootstrap_ci(statistic: Callable, *data, n_resamples: int = 1000, confidence_level: float = 0.95,
                 method: str = "percentile", strata=None, seed: int = 0, name: str | None = None
                 ) -> ConfidenceInterval:
    """Bootstrap confidence interval of ``statistic(*data)`` (7.8), resampling samples (rows) with replacement.

    Parameters
    ----------
    statistic : callable taking the arrays of ``data`` (resampled together,
        row i of each stays together) and returning a number or Undefined.
    data : one or more arrays of the same length n (e.g. y_true, y_pred).
    method : ``"percentile"`` or ``"bca"`` (bias-corrected and accelerated;
        costs n extra evaluations for the jackknife).
    strata : optional labels (e.g. y_true): each resample then draws within
        each stratum as many samples as it has, keeping class counts fixed.
    seed : seed of :func:`numpy.random.default_rng`, recorded in the result.

    Resamples on which the statistic is undefined (e.g. precision with no
    predicted positives) are left out and counted in ``n_undefined``.

    Returns
    -------
    ConfidenceInterval with ``estimate`` = statistic(*data), ``of`` =
    ``"statistic"``, and details ``statistic_name`` (``name`` or the
    function's name), ``n``, ``seed``, ``n_resamples``, ``n_undefined``,
    ``distribution`` (the defined bootstrap values) and ``stratified``.
    """
    if method not in BOOTSTRAP_METHODS:
        raise InputError(f"method must be one of {', '.join(BOOTSTRAP_METHODS)}; got {shown(method)}")
    level = check_level(confidence_level)
    n_resamples = check_resamples(n_resamples, "n_resamples")
    if not data:
        raise InputError("bootstrap_ci needs at least one data array")
    arrays = [_rows(d, f"data array {i}") for i, d in enumerate(data, start=1)]
    n = same_length(**{f"data array {i}": a for i, a in enumerate(arrays, start=1)})
    groups = None if strata is None else _strata(strata, n)
    label = name or getattr(statistic, "__name__", "statistic")
    estimate = _value(statistic(*arrays), label)
    if estimate is None:
        raise InputError(f"{label} is undefined on the full data, so it has no interval")
    rng = np.random.default_rng(seed)
    values = []
    with progress.bar(total=int(n_resamples), desc="bootstrap", unit="resample") as shown_progress:
        for _ in range(int(n_resamples)):
            idx = _resample_indices(rng, n, groups)
            value = _value(statistic(*(a[idx] for a in arrays)), label)
            if value is not None:
                values.append(value)
            shown_progress.update()
    distribution = np.asarray(values)
    undefined = int(n_resamples) - len(distribution)
    if len(distribution) < 10:
        raise InputError(f"{label} is undefined on {undefined} of {int(n_resamples)} resamples; too few to bootstrap")

    def jackknife():
        keep = np.ones(n, dtype=bool)
        out = []
        for i in range(n):
            keep[i] = False
            value = _value(statistic(*(a[keep] for a in arrays)), label)
            keep[i] = True
            if value is not None:
                out.append(value)
        return np.asarray(out)

    low, high = bootstrap_interval(distribution, estimate, level, method, jackknife)
    return ConfidenceInterval(low, high, level, method, estimate=estimate, of="statistic",
                              details={"statistic_name": label, "n": n, "seed": seed, "n_resamples": int(n_resamples),
                                       "n_undefined": undefined, "stratified": groups is not None,
                                       "distribution": distribution})


def paired_bootstrap_ci(metric: Callable, y_true, pred_a, pred_b, **options) -> ConfidenceInterval:
    """Bootstrap interval of metric(y_true, pred_a) − metric(y_true, pred_b) for two models on the same samples (7.8).

    Each resample draws the same samples for both models, so the interval
    accounts for the pairing.  ``options`` are those of :func:`bootstrap_ci`
    (``n_resamples``, ``confidence_level``, ``method``, ``strata``, ``seed``).
    A difference undefined on a resample (either metric undefined) is left out.
    Without a ``name``, the result's ``statistic_name`` is the metric's name
    and its details say ``paired_metric``, so the words layer calls it the
    difference in that metric.
    """
    label = getattr(metric, "__name__", "metric")

    def difference(y, a, b):
        first, second = metric(y, a), metric(y, b)
        if is_undefined(first) or is_undefined(second):
            return first if is_undefined(first) else second
        return float(first) - float(second)

    if options.get("name") is not None:
        return bootstrap_ci(difference, y_true, pred_a, pred_b, **options)
    options["name"] = label
    result = bootstrap_ci(difference, y_true, pred_a, pred_b, **options)
    return replace(result, details={**result.details, "paired_metric": True})
