"""Result objects shared by every test and interval of :mod:`iso4213_nb.stats`: data, no words.

Frozen dataclasses like :mod:`scipy.stats` results, whose kinds, variants and reasons are codes
(``"mcnemar"``, ``"exact"``, ``Undefined(code="zero_variance")``) that :mod:`iso4213_nb.words.readings` puts
into words.  ``to_dict()`` gives the JSON form: undefined values become ``null``, listed under ``"undefined"``
as ``"field: code"`` and under ``"reasons"`` with their parameters.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Callable, Mapping

import numpy as np

from ..core.checks import plain
from ..core.errors import InputError
from ..core.undefined import Undefined, is_undefined, to_json


def check_level(confidence_level: float, name: str = "confidence_level") -> float:
    """``confidence_level`` as a float strictly between 0 and 1, or :class:`InputError` naming it ``name`` (7.8)."""
    try:
        level = float(confidence_level)
    except (TypeError, ValueError):
        raise InputError("stats.level_not_a_number", name=name, value=plain(confidence_level)) from None
    if not 0 < level < 1:
        raise InputError("stats.level_range", name=name, value=plain(confidence_level))
    return level


def undefined(code: str, **params) -> Undefined:
    """An :class:`Undefined` carrying a machine-readable ``code`` and its parameters (its reason is the code).

    Clause 7.
    """
    return Undefined(code=code, params=params)


def symmetric_interval(centre: float, se: float, method: str, *, df=None,
                       reason: Undefined | None = None) -> Callable[[float], tuple]:
    """The ``interval`` of a :class:`TestResult`: level -> ``(centre − q·se, centre + q·se, method)`` (7.8).

    ``q`` is the standard normal quantile at (1 + level) / 2, or Student's t with ``df`` degrees of freedom;
    with a ``reason`` both bounds are that undefined value.
    """
    def interval(level: float) -> tuple:
        if reason is not None:
            return reason, reason, method
        from scipy.special import ndtri, stdtrit  # here, so that the result classes load no scipy (stats/__init__)
        q = ndtri(0.5 + level / 2) if df is None else stdtrit(df, 0.5 + level / 2)
        half = float(q * se)
        return centre - half, centre + half, method

    return interval


def json_value(value):
    """``value`` as JSON holds it: undefined → null, numpy numbers and arrays → Python ones, mappings and sequences
    converted inside (beyond TS 4213: result objects as data)."""
    if is_undefined(value):
        return None
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        return to_json(value)
    if isinstance(value, np.ndarray):
        return [json_value(v) for v in value.tolist()]
    if isinstance(value, (list, tuple)):
        return [json_value(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): json_value(v) for k, v in value.items()}
    return value


def reason_dict(value: Undefined) -> dict:
    """``{"code": ..., **params}`` of an undefined value (``code`` falls back to the reason text) (clause 7)."""
    return {"code": value.code or value.reason, **json_value(value.params)}


def undefined_fields(items) -> tuple[list[str], dict]:
    """The undefined values among ``(key, value)`` items: ``"key: code"`` lines and ``{key: reason dict}`` (beyond TS 4213:
    undefined values carry their reason)."""
    found = [(key, value) for key, value in items if is_undefined(value)]
    return ([f"{key}: {value.code or value.reason}" for key, value in found],
            {key: reason_dict(value) for key, value in found})


class _Details:
    """Per-result facts in a read-only ``details`` mapping, also readable as attributes (``result.auc_a``)."""

    def __post_init__(self):
        object.__setattr__(self, "details", MappingProxyType(dict(self.details or {})))

    def __getattr__(self, name: str):
        details = self.__dict__.get("details", {})
        if name in details:
            return details[name]
        raise AttributeError(f"{type(self).__name__} has no attribute {name}")


@dataclass(frozen=True, eq=False)
class ConfidenceInterval(_Details):
    """An interval (7.8), with the estimate it surrounds where there is one.

    Attributes
    ----------
    low, high : float or Undefined
        The bounds; ``low, high = ci`` unpacks them.
    confidence_level : float
    method : str
        How it was built: ``"wilson"``, ``"clopper-pearson"``, ``"wald"``,
        ``"percentile"``, ``"bca"``, ``"delong"``, ``"t"``, ``"normal"``, ``"woolf"``.
    estimate : float, Undefined or None
    of : str or None
        Code of the quantity, e.g. ``"proportion"``, ``"auroc"``, ``"auroc_difference"``,
        ``"accuracy_difference"``, ``"mean_difference"``, ``"odds_ratio"``, ``"statistic"``.
    details : mapping
        Method-specific facts (``successes``, ``n``; ``seed``, ``n_resamples``,
        ``n_undefined``, ``stratified``, ``distribution``, ``statistic_name``;
        ``positives``, ``negatives``, ``standard_error``), also readable as attributes.
    """

    low: float | Undefined
    high: float | Undefined
    confidence_level: float
    method: str
    estimate: float | Undefined | None = None
    of: str | None = None
    details: Mapping = field(default_factory=dict, repr=False)

    def __iter__(self):
        return iter((self.low, self.high))

    def to_dict(self) -> dict:
        """The JSON-ready form (a bootstrap distribution is left out; its size is kept)."""
        fields = [("estimate", self.estimate), ("low", self.low), ("high", self.high),
                  ("confidence_level", self.confidence_level), ("method", self.method), ("of", self.of)]
        fields += [(key, value) for key, value in self.details.items() if key != "distribution"]
        out = {key: json_value(value) for key, value in fields}
        out["undefined"], out["reasons"] = undefined_fields(fields)
        return out


#: What :func:`interval_json` keeps of the details of an interval drawn from resamples.
RESAMPLE_DETAILS = ("n_resamples", "seed", "n_undefined", "row_key")


def interval_json(ci: ConfidenceInterval) -> dict:
    """The one JSON shape of an interval, in ``report.json``, ``--json`` and state-file outputs alike (7.8): a
    measure's, a subgroup's, a test's (:meth:`TestResult.to_dict`) and a calibration error's.

    Input: a :class:`ConfidenceInterval`.  Output:
    ``estimate, low, high, confidence_level, method``; plus ``reason``
    (``{"code": ..., **params}``) when the bounds are undefined, or when the
    method asked for does not apply and another gives the bounds (an AUROC
    whose DeLong variance is 0: :func:`iso4213_nb.stats.roc.delong_interval`);
    and for an interval drawn from resamples (in memory or the Poisson bootstrap
    of a file read in chunks) ``n_resamples``, ``seed``, ``n_undefined``
    (resamples left out) and, for the Poisson bootstrap, ``row_key`` and, with ``--row-key``,
    ``row_key_check`` (:func:`iso4213_nb.scale.streamed_bootstrap.probability_intervals`).
    """
    data = ci.to_dict()
    out = {key: data[key] for key in ("estimate", "low", "high", "confidence_level", "method")}
    reason = data["reasons"].get("low", data["reasons"].get("delong"))
    if reason is not None:
        out["reason"] = reason
    if "n_resamples" in ci.details:
        out.update({key: data[key] for key in RESAMPLE_DETAILS if key in data})
    if "row_key_check" in ci.details:
        out["row_key_check"] = data["row_key_check"]
    return out


@dataclass(frozen=True, eq=False)
class TestResult(_Details):
    """Outcome of one significance test (clause 7), as data.

    Attributes
    ----------
    test : str
        Code of the test: ``"paired_ttest"``, ``"wilcoxon"``, ``"paired_ttest_5x2cv"``,
        ``"combined_ftest_5x2cv"``, ``"corrected_resampled_ttest"``, ``"anova"``,
        ``"kruskal_wallis"``, ``"friedman"``, ``"chi_squared"``, ``"fisher_exact"``,
        ``"mcnemar"``, ``"cochran_q"``, ``"delong"``.
    statistic, pvalue : float or Undefined
        The test statistic (t, F, z, chi-squared, ...) and its two-sided p-value.
    df : float, tuple or None
        Degrees of freedom where the reference distribution has them.
    effect_size : float, Undefined or None
    effect_size_kind : str or None
        Code of the effect size, e.g. ``"cramers_v"``, ``"auroc_difference"``.
    method : str or None
        Code of the variant that ran, e.g. ``"exact"`` or ``"chi2_corrected"`` for McNemar.
    interval_of : str or None
        Code of the quantity :meth:`confidence_interval` bounds; None when the test gives no interval.
    details : mapping
        Test-specific facts (e.g. ``auc_a``, ``b``, ``mean_ranks``), also readable as attributes.
    Undefined values carry a ``code`` and ``params`` saying why.
    """

    __test__ = False  # not a pytest class

    test: str
    statistic: float | Undefined
    pvalue: float | Undefined
    df: object = None
    effect_size: float | Undefined | None = None
    effect_size_kind: str | None = None
    method: str | None = None
    interval_of: str | None = None
    details: Mapping = field(default_factory=dict, repr=False)
    interval: Callable[[float], tuple] | None = field(default=None, repr=False, compare=False)

    def confidence_interval(self, confidence_level: float = 0.95) -> ConfidenceInterval:
        """The interval of the quantity named by ``interval_of`` at ``confidence_level``.

        Its bounds are Undefined (with the reason) where the test's own
        standard error is zero or the estimate undefined.
        """
        if self.interval is None:
            raise InputError("stats.no_interval", test=self.test)
        level = check_level(confidence_level)
        low, high, method = self.interval(level)
        return ConfidenceInterval(low, high, level, method, estimate=self.effect_size, of=self.interval_of)

    def to_dict(self, confidence_level: float = 0.95) -> dict:
        """The JSON-ready form: numbers or ``None``, with reason codes for undefined values; a test with an
        interval adds ``interval_of`` and ``confidence_interval`` (:func:`interval_json`)."""
        fields = [("test", self.test), ("statistic", self.statistic), ("pvalue", self.pvalue), ("df", self.df),
                  ("effect_size", self.effect_size), ("effect_size_kind", self.effect_size_kind),
                  ("method", self.method)]
        fields += list(self.details.items())
        out = {key: json_value(value) for key, value in fields}
        if self.interval is not None:
            ci = self.confidence_interval(confidence_level)
            out["interval_of"], out["confidence_interval"] = self.interval_of, interval_json(ci)
            fields.append(("confidence_interval", next((b for b in ci if is_undefined(b)), None)))
        out["undefined"], out["reasons"] = undefined_fields(fields)
        return out
