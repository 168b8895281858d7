"""Intervals in words: the names of the methods and why an interval is missing (presentation layer, 7.8).

The computation (:mod:`iso4213_nb.stats.measure_intervals`, :mod:`iso4213_nb.stats.bootstrap`,
:mod:`iso4213_nb.report.uncertainty`) returns interval dicts whose ``reason``
holds a code and its numbers; this module turns them into sentences, through
:func:`iso4213_nb.words.i18n._`, for the command line and the report.
"""

from __future__ import annotations

from . import reasons
from .i18n import _, number


def method_name(method: str) -> str:
    """The name of an interval method code (``wilson``, ``bca``, ...) (7.8)."""
    names = {"wilson": _("Wilson score"), "clopper-pearson": _("Clopper–Pearson exact"), "wald": _("Wald"),
             "delong": _("DeLong"), "bca": _("bootstrap BCa"), "percentile": _("bootstrap percentile"),
             "clopper-pearson-pairs": _("exact bound (Clopper–Pearson on disjoint pairs)"),
             "poisson_percentile": _("Poisson bootstrap percentile"), "poisson_bca": _("Poisson bootstrap BCa")}
    return names.get(method, method)


def reason_text(reason: dict) -> str:
    """Why an interval has no bounds, from its ``{"code": ..., **params}``, in the words of :mod:`.reasons` (7.8)."""
    return reasons.words(reason.get("code"), {k: v for k, v in reason.items() if k != "code"})


def interval_text(interval: dict | None, decimals: int = 4) -> str:
    """``[low, high]``, or ``undefined: <reason>`` (an interval dict of the report's shape) (7.8).

    Bounds given by another method than the one asked for (DeLong's variance is 0) are followed by the reason.
    """
    if interval is None:
        return _("undefined")
    if interval.get("low") is None or interval.get("high") is None:
        return _("undefined: {reason}").format(reason=reason_text(interval.get("reason") or {}))
    text = f"[{number(interval['low'], decimals)}, {number(interval['high'], decimals)}]"
    if (interval.get("reason") or {}).get("code") == "delong_degenerate":  # bounds from another method: say why
        text += " " + _("({reason})").format(reason=reason_text(interval["reason"]))
    if interval.get("n_undefined"):
        text += " " + _("({k} of {n} resamples undefined, left out)").format(k=interval["n_undefined"],
                                                                             n=interval.get("n_resamples"))
    return text
