"""The explorer's read-out: counts, measures and optima at the threshold, as escaped HTML.

:func:`readout_html` turns an :class:`~iso4213_nb.explorer_state.ExplorerState`
into the panel shown beside the figure.  Its markup is a contract for tests
and screen readers: the threshold sits in ``[data-value=threshold]`` with the
exact value in ``data-exact``; each count in ``[data-cell=TP|FP|FN|TN]``; each
measure in ``[data-measure=KEY]`` (keys of :data:`SHOWN`).
"""

from __future__ import annotations

import html

from ..tables import format_value
from .explorer import OPTIMA

#: The measures shown in the read-out, with the clause (or source) that defines them.
SHOWN = {
    "binary_accuracy": ("accuracy", "6.3.3"),
    "precision": ("precision", "6.2.4"),
    "recall": ("recall (TPR)", "6.2.4"),
    "specificity": ("specificity (TNR)", "6.2.4"),
    "f1": ("F1", "6.2.5"),
    "false_positive_rate": ("false positive rate", "3.2.12"),
    "negative_predictive_value": ("negative predictive value", "TR 24029-1"),
    "balanced_accuracy": ("balanced accuracy", "(recall + specificity) / 2"),
    "matthews_correlation": ("Matthews correlation", "common"),
}

_CELL = "<td data-cell='{0}' style='text-align:right;padding:1px 6px'><b>{0}</b> {1:,}</td>"


def _value(value) -> str:
    return html.escape(format_value(value, decimals=4))


def readout_html(state) -> str:
    """The read-out panel of ``state`` (an ExplorerState) as one HTML fragment; user strings escaped (6.3)."""
    c, name, values = state.confusion, html.escape(state.model), state.metrics
    matrix = (
        "<table class='iso4213-confusion' style='border-collapse:collapse'>"
        "<tr><th></th><th>true pos.</th><th>true neg.</th></tr>"
        f"<tr><th>predicted pos.</th>{_CELL.format('TP', c.tp)}{_CELL.format('FP', c.fp)}</tr>"
        f"<tr><th>predicted neg.</th>{_CELL.format('FN', c.fn)}{_CELL.format('TN', c.tn)}</tr></table>"
    )
    rows = "".join(
        f"<tr><td>{label}</td><td data-measure='{key}' style='text-align:right;padding:0 6px'>"
        f"{_value(values[key])}</td><td style='color:#666'>{clause}</td></tr>"
        for key, (label, clause) in SHOWN.items())
    optima = ", ".join(f"{label} at {point.threshold:.4g}" for (label, _), point in zip(OPTIMA.values(), state.optima))
    reweighted = ""
    if state.reweighted:
        reweighted = (f"<p>At prevalence {state.prevalence:.4g} (data: {state.data_prevalence:.4g}): precision "
                      f"<span data-measure='precision_at_prevalence'>{_value(state.precision_at_prevalence)}</span>; "
                      "recall, specificity and the ROC curve do not change (3.2.15).</p>")
    return (
        f"<div class='iso4213-readout' style='line-height:1.3'><p style='margin:0 0 4px'><b>{name}</b>, "
        f"threshold <span data-value='threshold' data-exact='{state.threshold!r}'>{state.threshold:.6g}</span>"
        f"<br>predicted positive when score ≥ threshold</p>{matrix}"
        f"<table class='iso4213-metrics'>{rows}</table>"
        f"<p style='margin:4px 0'>Optima: {html.escape(optima)}</p>{reweighted}</div>"
    )
