"""Confidence intervals (7.8) for proportions.

7.8 rests on the central limit theorem: an estimate averaged over many samples
is close to normal around the population value.  For a proportion (accuracy,
recall, precision … are all counts over counts) that normal ("Wald") interval
misbehaves near 0 and 1 and for small n, so :func:`proportion_ci` also offers
Wilson's score interval and the exact Clopper–Pearson interval.  Measures with
no simple standard error take the bootstrap (:mod:`iso4213_nb.stats.bootstrap`).
"""

from __future__ import annotations

import math

from scipy.special import betaincinv, ndtri

from ..core.checks import is_whole, plain
from ..core.errors import InputError
from .results import ConfidenceInterval, check_level

#: The proportion intervals the reports and the widgets offer (:func:`proportion_ci` also gives 7.8's plain Wald).
OFFERED_PROPORTION_METHODS = ("wilson", "clopper-pearson")
PROPORTION_METHODS = (*OFFERED_PROPORTION_METHODS, "wald")


def check_proportion_method(method, methods: tuple = OFFERED_PROPORTION_METHODS) -> str:
    """``method`` if it is one of ``methods`` (by default the offered proportion intervals), else :class:`InputError` (7.8)."""
    if method not in methods:
        raise InputError("stats.proportion_method", methods=list(methods), method=plain(method))
    return method


def _whole(value, name: str) -> int:
    if not is_whole(value):
        raise InputError("stats.not_a_count", name=name, value=plain(value))
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
    check_proportion_method(method, PROPORTION_METHODS)
    level = check_level(confidence_level)
    x = _whole(successes, "successes")
    n = _whole(n, "n")
    if n == 0:
        raise InputError("stats.proportion_of_nothing")
    if x > n:
        raise InputError("stats.successes_exceed_n", successes=x, n=n)
    low, high = proportion_bounds(x, n, method, level)
    return ConfidenceInterval(low, high, level, method, estimate=x / n, of="proportion",
                              details={"successes": x, "n": n})


def proportion_bounds(x: float, n: float, method: str, level: float) -> tuple[float, float]:
    """``(low, high)`` of the proportion ``x / n`` by ``method`` at ``level`` (the formulas of :func:`proportion_ci`, 7.8).

    ``x`` and ``n`` may be fractional (an effective sample size, :mod:`.weighted`); inputs are trusted.
    """
    p = x / n
    z = float(ndtri(0.5 + level / 2))
    alpha = 1 - level
    if method == "wilson":
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        low, high = max(0.0, centre - half), min(1.0, centre + half)
    elif method == "clopper-pearson":
        low = 0.0 if x == 0 else float(betaincinv(x, n - x + 1, alpha / 2))
        high = 1.0 if x == n else float(betaincinv(x + 1, n - x, 1 - alpha / 2))
    else:
        half = z * math.sqrt(p * (1 - p) / n)
        low, high = max(0.0, p - half), min(1.0, p + half)
    return float(low), float(high)
