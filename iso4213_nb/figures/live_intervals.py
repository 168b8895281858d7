"""Words and pictures for live intervals (7.8): a table of measures, the ROC band, the ROPE probabilities.

Each number a test or a browser reads sits in an element with a ``data-value`` attribute, or, in the table of
measures (one row per measure of :class:`~iso4213_nb.stats.stored_intervals.MeasureIntervals`), in a cell with
``data-measure`` and ``data-bound``.
"""

from __future__ import annotations

import html

from matplotlib.axes import Axes

from ..stats.bayesian import RopeProbabilities
from ..words.i18n import _, level_percent, number
from ..words.intervals import method_name, reason_text, resampling_text
from ..words.measures import label as measure_label, name as measure_name
from ..measures.roc_regions import Band
from ..stats.results import ConfidenceInterval
from ..core.undefined import is_undefined
from .decimal import localize
from .tables import html_frame
from .ranking import BAYESIAN_METHODS


def percent(level: float) -> str:
    """A confidence level (7.8) as a percentage with no needless decimals: 0.95 → "95 %", 0.975 → "97.5 %"."""
    return f"{level_percent(level)} %"


def _value(x, decimals: int = 4) -> str:
    return _("undefined") if is_undefined(x) else number(float(x), decimals)


def interval_rows(subject: str, intervals: list) -> tuple[list[list[str]], list[str]]:
    """``(rows, header)``: one row per ``(measure key, interval)`` of ``intervals`` (intervals that name their method,
    as :func:`iso4213_nb.stats.proportion_ci` and :func:`iso4213_nb.stats.auroc_ci` return them, at one confidence
    level): the measure and the method, then the estimate and both bounds, four decimals in the active language; the
    first column is headed ``subject`` (7.8)."""
    level = intervals[0][1].confidence_level
    rows = [[_("{measure}, {method} interval").format(measure=measure_name(key), method=method_name(ci.method)),
             *(_value(v) for v in (ci.estimate, ci.low, ci.high))] for key, ci in intervals]
    return rows, [subject, _("estimate"), _("{level} low").format(level=percent(level)),
                  _("{level} high").format(level=percent(level))]


def intervals_table_html(intervals: dict[str, ConfidenceInterval], n_resamples: int, seed: int) -> str:
    """A table of every measure's interval (7.8) at one confidence level; ``intervals`` maps measure → interval."""
    level = next(iter(intervals.values())).confidence_level
    head = [_("measure"), _("estimate"), _("{level} low").format(level=percent(level)),
            _("{level} high").format(level=percent(level)), _("method")]
    rows = []
    for key, ci in intervals.items():
        cells = [f"<td>{html.escape(measure_label(key))}</td>"]
        for bound, value in (("estimate", ci.estimate), ("low", ci.low), ("high", ci.high)):
            cells.append(f"<td data-measure='{key}' data-bound='{bound}'>{html.escape(_value(value))}</td>")
        method = method_name(ci.method)
        if is_undefined(ci.low):
            method += " — " + reason_text({"code": ci.low.code, **ci.low.params})
        cells.append(f"<td>{html.escape(method)}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    note = _("Bootstrap rows: {n} stratified resamples drawn once (seed {seed}); moving the level re-reads their "
             "quantiles.").format(n=n_resamples, seed=seed)
    return (html_frame(head, "".join(rows), attributes=" class='iso4213-intervals'")
            + f"<p style='color:#555'>{html.escape(note)}</p>")


def draw_roc_band(ax: Axes, band: Band, point: ConfidenceInterval, curve=None) -> Axes:
    """The pointwise ROC band (6.3.6, 7.8) shaded, and Se at one Sp with its interval.

    ``curve``: the empirical ROC curve as (false positive rates, true positive rates) to draw over the band;
    without it, the curve's sensitivity at the band's grid is drawn.
    """
    fpr = 1 - band.at
    level = percent(band.confidence_level)
    ax.fill_between(fpr, band.low, band.high, color="C0", alpha=0.25, step=None,
                    label=_("{level} pointwise band").format(level=level))
    ax.plot(*(curve if curve is not None else (fpr, band.estimate)), color="C0", label=_("ROC curve"))
    ax.plot([0, 1], [0, 1], color="0.6", linestyle=":", linewidth=1)
    x = 1 - point.specificity
    ax.errorbar([x], [point.estimate], yerr=[[point.estimate - point.low], [point.high - point.estimate]],
                color="C3", marker="o", capsize=4,
                label=_("sensitivity at specificity {sp}").format(sp=number(point.specificity, 2)))
    ax.set_xlim(-0.01, 1.01)
    ax.set_ylim(-0.01, 1.01)
    ax.set_xlabel(_("1 − specificity (false positive rate)"))
    ax.set_ylabel(_("sensitivity (recall)"))
    ax.legend(fontsize=8, loc="lower right")
    ax.grid(True, alpha=0.3)
    return localize(ax)


def roc_point_html(point: ConfidenceInterval) -> str:
    """Sensitivity at a fixed specificity with its interval, in words (pROC's ``ci.se``; 6.3.6, 7.8)."""
    text = _("At specificity {sp}: sensitivity {se}, {level} interval {low} to {high} ({method}).")
    return "<p class='iso4213-roc-point'>" + text.format(
        sp=f"<b data-value='specificity'>{html.escape(number(point.specificity, 2))}</b>",
        se=f"<b data-value='sensitivity'>{html.escape(number(point.estimate, 4))}</b>",
        level=html.escape(percent(point.confidence_level)),
        low=f"<b data-value='low'>{html.escape(number(point.low, 4))}</b>",
        high=f"<b data-value='high'>{html.escape(number(point.high, 4))}</b>",
        method=html.escape(resampling_text(point.method, point.n_resamples))) + "</p>"


def rope_html(result: RopeProbabilities, names: tuple[str, str]) -> str:
    """P(left), P(rope), P(right) of a Bayesian comparison with a ROPE (beyond TS 4213: Benavoli et al. 2017), in words."""
    a, b = (html.escape(name) for name in names)
    parts = [
        _("P(left: {a} better) = {p}").format(a=a, p=f"<b data-value='left'>{number(result.a_better, 3)}</b>"),
        _("P(rope: practically equivalent) = {p}").format(p=f"<b data-value='rope'>{number(result.equivalent, 3)}</b>"),
        _("P(right: {b} better) = {p}").format(b=b, p=f"<b data-value='right'>{number(result.b_better, 3)}</b>")]
    head = _("{method}, ROPE ±{rope}, mean difference {a} − {b} = {mean}:").format(
        method=html.escape(_(BAYESIAN_METHODS.get(result.method, result.method))),
        rope=f"<span data-value='rope-width'>{html.escape(number(result.rope, 4))}</span>", a=a, b=b,
        mean=html.escape(number(result.mean_difference, 4)))
    return f"<p class='iso4213-rope'>{head}<br>" + "; ".join(parts) + ".</p>"
