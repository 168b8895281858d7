"""Interpolation (regression) measures of ISO/IEC TR 24029-1, as tabulated by Lee (2023), equations (1)–(3).

For a system that outputs numbers rather than classes, TR 24029-1 lists three
measures of how close predictions are to actual values:

* :func:`rmse` — root mean square error, Lee eq. (1);
* :func:`max_error` — largest absolute error, Lee eq. (2);
* :func:`pearson_correlation` — the linear (Pearson) correlation of actual and
  predicted values, Lee eq. (3), with :func:`association` giving the verbal
  reading of Lee's Table 1 (which TR 24029-1 itself does not fix).
"""

from __future__ import annotations

import math

import numpy as np

from ..core.checks import as_scores, same_length
from ..core.errors import InputError
from ..core.undefined import Undefined

#: Lee (2023) Table 1: lower bound of |r| → wording ("{}" is positive or negative).
ASSOCIATION_BANDS = (
    (0.8, "very strong {} association"),
    (0.6, "strong {} association"),
    (0.4, "moderate {} association"),
    (0.2, "weak {} association"),
)
#: Lee (2023) Table 1 wording for |r| < 0.2.
WEAKEST = "very weak {} or no association"


def _pair(actual, predicted) -> tuple[np.ndarray, np.ndarray]:
    a = as_scores(actual, "actual")
    p = as_scores(predicted, "predicted")
    same_length(actual=a, predicted=p)
    return a, p


def rmse(actual, predicted) -> float:
    """sqrt( Σ (predicted_i − actual_i)² / N ), Lee (2023) eq. (1).

    Lee describes it as the standard deviation of the prediction error; that
    holds only when the mean error is zero.  In general RMSE² = variance of the
    errors + (mean error)², so a constant bias raises RMSE too.

    Beyond TS 4213: ISO/IEC TR 24029-1 as tabulated by Lee 2023.
    """
    a, p = _pair(actual, predicted)
    return float(math.sqrt(np.mean((p - a) ** 2)))


def max_error(actual, predicted) -> float:
    """max_i |predicted_i − actual_i|, Lee (2023) eq. (2): the worst single prediction.

    Beyond TS 4213: ISO/IEC TR 24029-1 as tabulated by Lee 2023.
    """
    a, p = _pair(actual, predicted)
    return float(np.max(np.abs(p - a)))


def pearson_correlation(actual, predicted) -> float | Undefined:
    """Pearson's r between actual and predicted values, Lee (2023) eq. (3), in [−1, 1].

    Lee writes the raw-sum form (N Σpa − Σp Σa) / (sqrt(N Σp² − (Σp)²) sqrt(N Σa² − (Σa)²));
    it is computed here from centred values, which is algebraically the same and
    does not lose digits.  Undefined when either series is constant.

    Beyond TS 4213: ISO/IEC TR 24029-1 as tabulated by Lee 2023.
    """
    a, p = _pair(actual, predicted)
    da, dp = a - a.mean(), p - p.mean()
    saa, spp = float(np.dot(da, da)), float(np.dot(dp, dp))
    if saa == 0 or spp == 0:
        which = "actual" if saa == 0 else "predicted"
        return Undefined(code="constant_values", params={"cause": which})
    r = float(np.dot(da, dp)) / math.sqrt(saa * spp)
    return max(-1.0, min(1.0, r))


def association(r) -> str:
    """The wording of Lee (2023) Table 1 for a correlation r.

    Bands are closed at their lower magnitude: |r| = 1 is perfect, 0.8 ≤ |r| < 1
    very strong, 0.6 ≤ |r| < 0.8 strong, 0.4 ≤ |r| < 0.6 moderate,
    0.2 ≤ |r| < 0.4 weak, below 0.2 very weak or none; r = 0 reads as positive
    (Lee's band 0.0 to +0.2).

    Beyond TS 4213: ISO/IEC TR 24029-1 as tabulated by Lee 2023.
    """
    if isinstance(r, Undefined):
        return f"undefined ({r.reason})"
    r = float(r)
    if not -1 <= r <= 1:
        raise InputError("interpolation.not_a_correlation", value=r)
    sign = "positive" if r >= 0 else "negative"
    if abs(r) == 1:
        return f"perfect {sign} association"
    for bound, wording in ASSOCIATION_BANDS:
        if abs(r) >= bound:
            return wording.format(sign)
    return WEAKEST.format(sign)
