"""Intervals in words: the names of the methods and why an interval is missing (presentation layer, 7.8).

The computation (:mod:`iso4213_nb.stats.measure_intervals`, :mod:`iso4213_nb.stats.bootstrap`,
:mod:`iso4213_nb.report.uncertainty`) returns interval dicts whose ``reason``
holds a code and its numbers; this module turns them into sentences, through
:func:`iso4213_nb.words.i18n._`, for the command line and the report.
"""

from __future__ import annotations

from .i18n import _, number


def method_name(method: str) -> str:
    """The name of an interval method code (``wilson``, ``bca``, ...) (7.8)."""
    names = {"wilson": _("Wilson score"), "clopper-pearson": _("Clopper–Pearson exact"), "wald": _("Wald"),
             "delong": _("DeLong"), "bca": _("bootstrap BCa"), "percentile": _("bootstrap percentile"),
             "clopper-pearson-pairs": _("exact bound (Clopper–Pearson on disjoint pairs)"),
             "poisson_percentile": _("Poisson bootstrap percentile"), "poisson_bca": _("Poisson bootstrap BCa")}
    return names.get(method, method)


def reason_text(reason: dict) -> str:
    """Why an interval has no bounds, from its ``{"code": ..., **params}`` (7.8)."""
    code = reason.get("code")
    if code == "undefined_estimate":
        return _("the measure itself is undefined on these data (a zero denominator), so it has no interval")
    if code == "mostly_undefined_resamples":
        return _("the measure is undefined on {k} of {n} bootstrap resamples; an interval from the rest would "
                 "be biased").format(k=reason.get("n_undefined"), n=reason.get("n_resamples"))
    if code == "bootstrap_budget":
        return _("not computed: the bootstrap would draw {n} resamples of {cells} score counts, beyond the default "
                 "budget of {budget} counts; ask for it with --bootstrap N").format(
            n=reason.get("n_resamples"), cells=reason.get("cells"), budget=reason.get("budget"))
    if code == "bootstrap_memory":
        return _("not computed: {n} Poisson bootstrap replicates would hold {mib} MiB, beyond --bootstrap-memory "
                 "({budget} MiB); ask for fewer with --bootstrap N or allow more memory").format(
            n=reason.get("n_resamples"), mib=number(reason.get("bytes", 0) / 2 ** 20, 1),
            budget=number(reason.get("budget", 0) / 2 ** 20, 1))
    if code == "poisson_budget":
        return _("not computed: the Poisson bootstrap would weigh each of {rows} rows {n} times, beyond the default "
                 "budget of {budget} weights; ask for it with --bootstrap N (fewer resamples cost less)").format(
            rows=reason.get("rows"), n=reason.get("n_resamples"), budget=reason.get("budget"))
    if code == "degenerate_bootstrap":
        return _("every bootstrap resample gives the same value ({value}), so the bootstrap cannot show the "
                 "uncertainty here (a perfect or perfectly wrong model, or very few samples); read the proportion "
                 "intervals instead").format(value=number(reason.get("value", float("nan")), 4))
    if code == "no_trials":
        return _("the denominator of this proportion is 0, so it has no interval")
    if code == "one_class":
        return _("the test set holds a single class, so the curve and its areas are undefined")
    if code == "delong_too_few":
        return _("DeLong's variance needs at least two positives and two negatives; the test set has {p} and "
                 "{n}").format(p=reason.get("positives"), n=reason.get("negatives"))
    if code == "binned_no_placements":
        return _("scores counted in {bins} bins (--bins) have no known order within a bin, so DeLong's variance "
                 "is unknown").format(bins=reason.get("bins"))
    if code == "delong_full_auroc_only":
        return _("DeLong's variance is derived for the whole AUROC only (pROC refuses it for partial areas too), "
                 "so the partial AUROC gets a stratified bootstrap percentile interval instead")
    if code == "delong_degenerate":
        if reason.get("cause") == "all_tied":
            return _("every score is tied, so DeLong's variance is 0 and AUC ± 0 would claim a certainty the "
                     "data do not give; no interval is given")
        return _("the classes are perfectly separated, so DeLong's variance is 0 and its interval would have zero "
                 "width (pROC prints one); the bound shown instead is exact: the Clopper–Pearson interval of "
                 "{pairs} disjoint positive–negative pairs, all ordered correctly").format(
            pairs=min(reason.get("positives", 0), reason.get("negatives", 0)))
    if code == "weighted_input":
        return _("the file has a weight column: the bootstrap intervals (F1, MCC, kappa, top-k accuracy, Brier "
                 "score, log loss and the others) resample unweighted samples, and Wilson's and DeLong's intervals "
                 "count them, so none is given for weighted measures")
    if code in ("not_probabilities", "rows_not_normalised"):
        return _("the scores are not probabilities (each in [0, 1], each row adding up to 1), so the Brier score "
                 "and log loss are undefined and have no interval")
    return str(code)


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
