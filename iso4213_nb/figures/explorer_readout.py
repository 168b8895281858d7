"""The explorer's read-out: counts, measures and optima at the threshold, as escaped HTML.

:func:`readout_html` turns an :class:`~iso4213_nb.course.explorer_state.ExplorerState`
into the panel shown beside the figure.  Its markup is a contract for tests
and screen readers: the threshold sits in ``[data-value=threshold]`` with the
exact value in ``data-exact``; each count in ``[data-cell=TP|FP|FN|TN]``; each
measure in ``[data-measure=KEY]`` (keys of :data:`SHOWN`).
"""

from __future__ import annotations

import html

from ..measures.registry import MEASURES
from ..words.i18n import _, number, significant
from ..words.measures import name as measure_name
from .explorer import OPTIMA

#: The measures shown in the read-out (keys of :data:`iso4213_nb.measures.registry.MEASURES`).
SHOWN = ("binary_accuracy", "precision", "recall", "specificity", "f1", "false_positive_rate",
         "negative_predictive_value", "balanced_accuracy", "matthews_correlation")

_CELL = "<td data-cell='{0}' style='text-align:right;padding:1px 6px'><b>{0}</b> {1}</td>"


def _value(value) -> str:
    return html.escape(number(value, 4))


def _clause(key: str) -> str:
    return MEASURES[key].clause or _("beyond TS 4213")


def _cell(name: str, count: int) -> str:
    return _CELL.format(name, html.escape(number(count)))


def readout_html(state) -> str:
    """The read-out panel of ``state`` (an ExplorerState) as one HTML fragment, in the active language; user strings escaped (6.3)."""
    c, name, values = state.confusion, html.escape(state.model), state.metrics
    true_pos, true_neg, pred_pos, pred_neg = _("true pos."), _("true neg."), _("predicted pos."), _("predicted neg.")
    matrix = (
        "<table class='iso4213-confusion' style='border-collapse:collapse'>"
        f"<tr><th></th><th>{true_pos}</th><th>{true_neg}</th></tr>"
        f"<tr><th>{pred_pos}</th>{_cell('TP', c.tp)}{_cell('FP', c.fp)}</tr>"
        f"<tr><th>{pred_neg}</th>{_cell('FN', c.fn)}{_cell('TN', c.tn)}</tr></table>"
    )
    rows = "".join(
        f"<tr><td>{html.escape(measure_name(key))}</td><td data-measure='{key}' style='text-align:right;padding:0 6px'>"
        f"{_value(values[key])}</td><td style='color:#666'>{html.escape(_clause(key))}"
        "</td></tr>" for key in SHOWN)
    optima = ", ".join(_("{optimum} at {threshold}").format(optimum=_(label), threshold=significant(point.threshold, 4))
                       for (label, _marker), point in zip(OPTIMA.values(), state.optima))
    reweighted = ""
    if state.reweighted:
        reweighted = "<p>" + _(
            "At prevalence {prevalence} (data: {data}): precision {precision}; recall, specificity and the ROC "
            "curve do not change (3.2.15).").format(
            prevalence=html.escape(significant(state.prevalence)), data=html.escape(significant(state.data_prevalence)),
            precision=f"<span data-measure='precision_at_prevalence'>{_value(state.precision_at_prevalence)}</span>"
        ) + "</p>"
    threshold = f"<span data-value='threshold' data-exact='{state.threshold!r}'>{significant(state.threshold, 6)}</span>"
    rule, optima_word = _("predicted positive when score ≥ threshold"), _("Optima:")
    return (
        f"<div class='iso4213-readout' style='line-height:1.3'><p style='margin:0 0 4px'><b>{name}</b>, "
        + _("threshold {threshold}").format(threshold=threshold)
        + f"<br>{rule}</p>{matrix}"
        f"<table class='iso4213-metrics'>{rows}</table>"
        f"<p style='margin:4px 0'>{optima_word} {html.escape(optima)}</p>{reweighted}</div>"
    )
