"""Planning the size of a test set, and what a given test set can show.

TS 4213 asks for intervals (7.8) and tests (7.9) but not how many test
samples make them useful; these are the classical answers, stated with their
assumptions.  Every function returns numbers (a frozen dataclass or a float);
the command line and notebooks put them into words.

* A proportion (accuracy, recall, ...) and its Wilson interval (7.8): the
  expected half-width at proportion p after n samples is
  z √(p(1 − p)/n + z²/4n²) / (1 + z²/n), the Wilson half-width at p̂ = p.
* AUROC (6.3.6) and the variance of Hanley & McNeil (1982):
  Var = [A(1 − A) + (P − 1)(Q₁ − A²) + (N − 1)(Q₂ − A²)] / (P N),
  Q₁ = A / (2 − A), Q₂ = 2A² / (1 + A), for P positives and N negatives.
  It is exact when both classes' scores are exponential (the model it was
  derived under) and overstates the spread for binormal scores (measured:
  +6 % at AUROC 0.7, +15 % at 0.85, +34 % at 0.95), so a planned n errs on
  the safe side.
* McNemar's test (7.9), in the uncorrected chi-squared form, after Connor
  (1987): with discordance ψ = p₁₀ + p₀₁ and difference δ = p₁₀ − p₀₁ (p₁₀: only
  model A right, p₀₁: only B right), n = [z_{1−α/2} √ψ + z_{power} √(ψ − δ²)]² / δ²
  pairs, and power(n) = Φ((√n |δ| − z_{1−α/2} √ψ) / √(ψ − δ²)).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from scipy import optimize
from scipy import stats as sps

from ..core.checks import given, plain
from ..core.errors import InputError
from .results import check_level

#: The largest test set the searches consider.
MAX_N = 10 ** 9


def _count(value, name: str, least: int = 1) -> int:
    try:
        x = float(value)
    except (TypeError, ValueError):
        raise InputError("planning.not_a_number", name=name, value=given(value)) from None
    if not x.is_integer() or x < least:
        raise InputError("planning.too_small_count", name=name, least=least, value=plain(value))
    return int(x)


def _z(confidence_level: float) -> float:
    return float(sps.norm.ppf(0.5 + check_level(confidence_level, "confidence_level") / 2))


def _smallest(condition) -> int:
    """The smallest n in [1, MAX_N] with ``condition(n)`` (a half-width reached) true, for a condition that stays true
    once it holds."""
    if not condition(MAX_N):
        raise InputError("planning.half_width_unreachable", limit=MAX_N)
    low, high = 1, MAX_N
    while low < high:
        middle = (low + high) // 2
        if condition(middle):
            high = middle
        else:
            low = middle + 1
    return low


# ------------------------------------------------------------------ proportions (7.8)
def proportion_half_width(proportion, n, confidence_level: float = 0.95) -> float:
    """Half-width of the Wilson interval (7.8) when n samples show exactly the proportion p."""
    p, n, z = check_level(proportion, "proportion"), _count(n, "n"), _z(confidence_level)
    return z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)


@dataclass(frozen=True)
class ProportionPlan:
    """Test samples for a Wilson interval of a proportion no wider than ``target_half_width`` on each side.

    Clause 7.8; beyond TS 4213: Wilson 1927.
    """

    proportion: float
    target_half_width: float
    confidence_level: float
    n: int
    half_width: float


def proportion_sample_size(proportion, half_width, confidence_level: float = 0.95) -> ProportionPlan:
    """The smallest n whose Wilson interval at the expected proportion is at most ±``half_width``.

    Clause 7.8; beyond TS 4213: Wilson 1927.
    """
    h = check_level(half_width, "half_width")
    n = _smallest(lambda k: proportion_half_width(proportion, k, confidence_level) <= h)
    return ProportionPlan(float(proportion), h, float(confidence_level), n,
                          proportion_half_width(proportion, n, confidence_level))


# ------------------------------------------------------------------ AUROC (6.3.6)
def hanley_mcneil_se(auroc, positives, negatives) -> float:
    """Standard error of an AUROC estimate (Hanley & McNeil 1982) for the given class sizes.

    Clause 6.3.6; beyond TS 4213: Hanley & McNeil 1982.
    """
    a = check_level(auroc, "auroc")
    m, n = _count(positives, "positives"), _count(negatives, "negatives")
    q1, q2 = a / (2 - a), 2 * a * a / (1 + a)
    return math.sqrt((a * (1 - a) + (m - 1) * (q1 - a * a) + (n - 1) * (q2 - a * a)) / (m * n))


def _split(n: int, prevalence: float) -> tuple[int, int]:
    positives = min(max(1, round(prevalence * n)), n - 1)
    return positives, n - positives


@dataclass(frozen=True)
class AurocPlan:
    """Test samples for an AUROC interval (estimate ± z · SE) no wider than ``target_half_width`` on each side.

    Clause 6.3.6; beyond TS 4213: Hanley & McNeil 1982.
    """

    auroc: float
    prevalence: float
    target_half_width: float
    confidence_level: float
    n: int
    positives: int
    negatives: int
    half_width: float


def auroc_half_width(auroc, positives, negatives, confidence_level: float = 0.95) -> float:
    """z · SE of Hanley & McNeil: the half-width of a normal interval of the AUROC.

    Clause 6.3.6; beyond TS 4213: Hanley & McNeil 1982.
    """
    return _z(confidence_level) * hanley_mcneil_se(auroc, positives, negatives)


def auroc_sample_size(auroc, prevalence, half_width, confidence_level: float = 0.95) -> AurocPlan:
    """The smallest n (positives ≈ prevalence · n) whose AUROC half-width is at most ``half_width``.

    Clause 6.3.6; beyond TS 4213: Hanley & McNeil 1982.
    """
    pi, h = check_level(prevalence, "prevalence"), check_level(half_width, "half_width")
    z = _z(confidence_level)

    def enough(k):
        return k >= 2 and z * hanley_mcneil_se(auroc, *_split(k, pi)) <= h
    n = _smallest(enough)
    while n > 2 and enough(n - 1):  # rounding of the class split can make the condition step back once
        n -= 1
    m, negatives = _split(n, pi)
    return AurocPlan(float(auroc), pi, h, float(confidence_level), n, m, negatives, z * hanley_mcneil_se(auroc, m, negatives))


# ------------------------------------------------------------------ McNemar (7.9)
def _discordance(p10, p01) -> tuple[float, float]:
    a, b = check_level(p10, "p10"), check_level(p01, "p01")
    if a + b >= 1:
        raise InputError("planning.discordance_too_large", first="p10", second="p01", total=a + b)
    if a == b:
        raise InputError("planning.no_difference", first="p10", second="p01")
    return a + b, a - b


def mcnemar_power(p10, p01, n, alpha: float = 0.05) -> float:
    """Power of the uncorrected McNemar test with n pairs (7.9; beyond TS 4213: Connor 1987)."""
    psi, delta = _discordance(p10, p01)
    n = _count(n, "n")
    z = float(sps.norm.ppf(1 - check_level(alpha, "alpha") / 2))
    return float(sps.norm.cdf((math.sqrt(n) * abs(delta) - z * math.sqrt(psi)) / math.sqrt(psi - delta ** 2)))


@dataclass(frozen=True)
class McNemarPlan:
    """Pairs (test samples both models saw) for McNemar's test to reach ``target_power`` at ``alpha``.

    Clause 7.9; beyond TS 4213: Connor 1987.
    """

    p10: float
    p01: float
    alpha: float
    target_power: float
    n: int
    power: float
    expected_discordant: float


def mcnemar_sample_size(p10, p01, power: float = 0.8, alpha: float = 0.05) -> McNemarPlan:
    """The smallest n of Connor's formula, rounded up, with the power it reaches (7.9; beyond TS 4213: Connor 1987)."""
    psi, delta = _discordance(p10, p01)
    target = check_level(power, "power")
    za = float(sps.norm.ppf(1 - check_level(alpha, "alpha") / 2))
    zb = float(sps.norm.ppf(target))
    n = math.ceil((za * math.sqrt(psi) + zb * math.sqrt(psi - delta ** 2)) ** 2 / delta ** 2)
    if n > MAX_N:
        raise InputError("planning.too_many_pairs", limit=MAX_N)
    return McNemarPlan(float(p10), float(p01), float(alpha), target, n, mcnemar_power(p10, p01, n, alpha), n * psi)


def mcnemar_detectable_difference(discordance, n, power: float = 0.8, alpha: float = 0.05) -> float:
    """The smallest |p10 − p01| that n pairs detect with ``power``, when a share ``discordance`` of pairs disagree.

    Clause 7.9; beyond TS 4213: Connor 1987.
    """
    psi = check_level(discordance, "discordance")
    n = _count(n, "n")
    target = check_level(power, "power")
    half = psi / 2

    def gap(delta):
        return mcnemar_power(half + delta / 2, half - delta / 2, n, alpha) - target
    upper = psi * (1 - 1e-9)
    if gap(upper) < 0:
        raise InputError("planning.power_unreachable", n=n, power=target, share=psi)
    return float(optimize.brentq(gap, 1e-12, upper, xtol=1e-12))
