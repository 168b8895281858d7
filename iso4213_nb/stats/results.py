"""Result objects shared by every test and interval of :mod:`iso4213_nb.stats`.

They follow the style of :mod:`scipy.stats` results: named attributes
(``statistic``, ``pvalue``, ``df``), a ``confidence_interval`` method, plus what
clause 7 of ISO/IEC TS 4213:2022 asks a report to carry: an effect size and a
plain-language ``reading`` that names the test's assumptions and whether the
input meets them.  ``to_dict()`` gives the JSON form (undefined values become
``null`` and their reasons are listed under ``"undefined"``).
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from ..errors import InputError
from ..undefined import is_undefined, to_json


def shown(value) -> str:
    """A value the user gave, as text for a message: numbers plainly (``2``, ``0.5``), never a Python repr."""
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def check_level(confidence_level: float, name: str = "confidence_level") -> float:
    """``confidence_level`` as a float strictly between 0 and 1, or :class:`InputError` naming it ``name``."""
    try:
        level = float(confidence_level)
    except (TypeError, ValueError):
        raise InputError(f"{name} must be a number between 0 and 1, got {shown(confidence_level)}") from None
    if not 0 < level < 1:
        raise InputError(f"{name} must lie strictly between 0 and 1, got {shown(confidence_level)}")
    return level


def format_p(pvalue) -> str:
    """A p-value for a sentence: ``p = 0.0312``, ``p < 0.0001`` or ``p undefined``."""
    if is_undefined(pvalue):
        return "p undefined"
    return "p < 0.0001" if pvalue < 1e-4 else f"p = {pvalue:.4f}"


def _json(value):
    if is_undefined(value):
        return None
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        return to_json(value)
    if isinstance(value, np.ndarray):
        return [_json(v) for v in value.tolist()]
    if isinstance(value, (list, tuple)):
        return [_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _json(v) for k, v in value.items()}
    return value


def _undefined_reasons(items) -> list[str]:
    return [f"{key}: {value.reason}" for key, value in items if is_undefined(value)]


class TestResult:
    """Outcome of one significance test (clause 7).

    Attributes
    ----------
    name : str
        The test, e.g. ``"McNemar test (exact binomial)"``.
    statistic : float or Undefined
        The test statistic (t, F, z, chi-squared, ...).
    pvalue : float or Undefined
        Two-sided p-value unless ``name`` says otherwise.
    df : float, tuple or None
        Degrees of freedom where the reference distribution has them.
    effect_size : float, Undefined or None
        A scale-free size of the difference, named by ``effect_size_name``.
    reading : str
        One paragraph: what was tested, the assumptions and whether the
        input meets them, and what the p-value says.
    Further attributes depend on the test (e.g. ``auc_a`` for DeLong) and are
    listed in ``details``.
    """

    __test__ = False  # not a pytest class

    def __init__(self, name: str, statistic, pvalue, *, reading: str, df=None, effect_size=None,
                 effect_size_name: str | None = None,
                 interval: Callable[[float], tuple[float, float]] | None = None,
                 interval_of: str | None = None, **details):
        self.name = name
        self.statistic = statistic
        self.pvalue = pvalue
        self.df = df
        self.effect_size = effect_size
        self.effect_size_name = effect_size_name
        self.reading = reading
        self.interval_of = interval_of
        self._interval = interval
        self.details = tuple(details)
        for key, value in details.items():
            setattr(self, key, value)

    def confidence_interval(self, confidence_level: float = 0.95) -> tuple[float, float]:
        """``(low, high)`` for the quantity named by ``interval_of`` at ``confidence_level``."""
        if self._interval is None:
            raise InputError(f"the {self.name} gives no confidence interval")
        return self._interval(check_level(confidence_level))

    def to_dict(self, confidence_level: float = 0.95) -> dict:
        """The JSON-ready form: numbers or ``None``, with reasons for undefined values."""
        fields = [("name", self.name), ("statistic", self.statistic), ("pvalue", self.pvalue), ("df", self.df),
                  ("effect_size", self.effect_size), ("effect_size_name", self.effect_size_name)]
        fields += [(key, getattr(self, key)) for key in self.details]
        out = {key: _json(value) for key, value in fields}
        if self._interval is not None:
            bounds = self.confidence_interval(confidence_level)
            out["confidence_interval"] = {"of": self.interval_of, "level": confidence_level, "bounds": _json(list(bounds))}
            fields.append(("confidence_interval", next((b for b in bounds if is_undefined(b)), None)))
        out["reading"] = self.reading
        out["undefined"] = _undefined_reasons(fields)
        return out

    def __repr__(self) -> str:
        parts = [f"statistic={self.statistic!r}", f"pvalue={self.pvalue!r}"]
        if self.df is not None:
            parts.append(f"df={self.df!r}")
        if self.effect_size is not None:
            parts.append(f"effect_size={self.effect_size!r}")
        return f"TestResult(name={self.name!r}, {', '.join(parts)})"


class ConfidenceInterval:
    """A point estimate with its interval (7.8).

    Attributes
    ----------
    name : str
        What is estimated and how, e.g. ``"AUROC, DeLong interval"``.
    estimate, low, high : float
        The estimate and the interval bounds; ``low, high = ci`` unpacks the bounds.
    confidence_level : float
    method : str
    reading : str
        One paragraph on the method, its assumptions and whether they hold.
    Further attributes (``seed``, ``n_resamples``, ``distribution`` for a
    bootstrap) are listed in ``details``.
    """

    def __init__(self, name: str, estimate, low, high, *, confidence_level: float, method: str, reading: str,
                 **details):
        self.name = name
        self.estimate = estimate
        self.low = low
        self.high = high
        self.confidence_level = confidence_level
        self.method = method
        self.reading = reading
        self.details = tuple(details)
        for key, value in details.items():
            setattr(self, key, value)

    def __iter__(self):
        return iter((self.low, self.high))

    def to_dict(self) -> dict:
        """The JSON-ready form (a bootstrap distribution is left out; its size is kept)."""
        fields = [("name", self.name), ("estimate", self.estimate), ("low", self.low), ("high", self.high),
                  ("confidence_level", self.confidence_level), ("method", self.method)]
        fields += [(key, getattr(self, key)) for key in self.details if key != "distribution"]
        out = {key: _json(value) for key, value in fields}
        out["reading"] = self.reading
        out["undefined"] = _undefined_reasons(fields)
        return out

    def __repr__(self) -> str:
        return (f"ConfidenceInterval(name={self.name!r}, estimate={self.estimate!r}, low={self.low!r}, "
                f"high={self.high!r}, confidence_level={self.confidence_level!r})")

