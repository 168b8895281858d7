"""Intervals in words: the names of the methods and why an interval is missing (presentation layer, 7.8).

The computation (:mod:`iso4213_nb.stats.measure_intervals`, :mod:`iso4213_nb.stats.bootstrap`,
:mod:`iso4213_nb.report.uncertainty`) returns interval dicts whose ``reason``
holds a code and its numbers; this module turns them into sentences, through
:func:`iso4213_nb.words.i18n._`, for the command line and the report.
"""

from __future__ import annotations

from . import reasons
from .i18n import N_, _, number

#: The one table of interval methods (7.8): each code of ``ConfidenceInterval.method`` and of ``method`` in
#: ``report.json`` → (name, short form).  The short form is for words that already say "bootstrap" or "interval"
#: around it: a reading's "{method} bootstrap", the widget's buttons under "proportions" and "bootstrap".
METHODS = {"wilson": (N_("Wilson score"), N_("Wilson")), "wald": (N_("Wald"), N_("Wald")),
           "clopper-pearson": (N_("Clopper–Pearson exact"), N_("Clopper–Pearson")),
           "delong": (N_("DeLong"), N_("DeLong")), "bca": (N_("bootstrap BCa"), N_("BCa")),
           "percentile": (N_("bootstrap percentile"), N_("percentile")),
           "clopper-pearson-pairs": (N_("exact bound (Clopper–Pearson on disjoint pairs)"),) * 2,
           "poisson_percentile": (N_("Poisson bootstrap percentile"),) * 2,
           "poisson_bca": (N_("Poisson bootstrap BCa"),) * 2}


def method_name(method: str, short: bool = False) -> str:
    """The name, or the short form, of an interval method code (``wilson``, ``bca``, ...); an unknown code as is (7.8)."""
    return _(METHODS[method][short]) if method in METHODS else method


def resampling_text(method: str, n_resamples: int) -> str:
    """How a bootstrap stratified by class drew an interval: ``stratified bootstrap, percentile, 2000 resamples``
    (7.8; beyond TS 4213: pROC's ``ci.se``, Robin et al. 2011)."""
    return _("stratified bootstrap, {method}, {n} resamples").format(method=method_name(method, short=True),
                                                                     n=n_resamples)


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
        text += " " + _("({reason})").format(reason=reasons.words("resamples_undefined", interval))
    return text
