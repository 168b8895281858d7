"""Tables and figures of the score-based multi-class measures (presentation of :mod:`iso4213_nb.measures.multiclass_scores`).

Every word passes through :func:`iso4213_nb.words.i18n._`; the numbers come from a
:class:`~iso4213_nb.measures.multiclass_scores.ScoreAssessment` (or Annex C's
:func:`~iso4213_nb.annexes.annex_c_scores.top_k_table`) and are only formatted here.
"""

from __future__ import annotations

from matplotlib.figure import Figure

from ..words.i18n import _, number
from ..measures.multiclass_scores import ScoreAssessment
from .tables import format_value
from ..core.undefined import Undefined
from ..words import reasons
from ..words.measures import name as measure_name
from .curves import draw_curve, drawn, prepare_axes


def _cell(value, decimals: int) -> str:
    if isinstance(value, Undefined):
        return _("undefined") + f" ({reasons.of(value)})"
    return number(value, decimals)


def score_summary_rows(result: ScoreAssessment, decimals: int = 4) -> tuple[list[list[str]], list[str]]:
    """One row per summary measure: top-k (Annex C), AUROC averages (6.4.3; Hand & Till 2001), log loss, Brier."""
    rows = [[_("top-{k} accuracy").format(k=k), _cell(v, decimals)] for k, v in result.top_k_accuracy.items()]
    names = {"macro": _("AUROC, macro average (one-vs-rest)"), "weighted": _("AUROC, weighted average (one-vs-rest)"),
             "micro": _("AUROC, micro average (one-vs-rest)"), "ovo": _("AUROC, one-vs-one (Hand & Till 2001)")}
    rows += [[names[key], _cell(value, decimals)] for key, value in result.auroc.items()]
    rows += [[measure_name("log_loss"), _cell(result.log_loss, decimals)],
             [measure_name("brier"), _cell(result.brier, decimals)]]
    return rows, [_("measure"), _("value")]


def per_class_rows(result: ScoreAssessment, decimals: int = 4) -> tuple[list[list[str]], list[str]]:
    """One row per class: its true samples (or their weight), one-vs-rest AUROC (6.3.6) and average precision (6.3.7)."""
    rows = [[str(label), number(result.curves[label].positives, 2),
             _cell(values["auroc"], decimals), _cell(values["average_precision"], decimals)]
            for label, values in result.per_class.items()]
    return rows, [_("class"), _("true samples"), _("AUROC (one-vs-rest)"), measure_name("average_precision")]


def per_class_curves_figure(result: ScoreAssessment, max_points: int = 2000) -> Figure:
    """ROC (6.3.6) and PR (6.3.7) curves of every class against the rest, side by side, one line per class."""
    figure = Figure(figsize=(9, 4.4), layout="constrained")
    roc_ax, pr_ax = figure.subplots(1, 2)
    prepare_axes(roc_ax, "roc")
    prepare_axes(pr_ax, "pr")
    for label, binary in result.curves.items():
        if binary.positives == 0 or binary.negatives == 0:
            continue
        auroc = format_value(result.per_class[label]["auroc"], 3)
        draw_curve(roc_ax, drawn(binary, "roc"), label=f"{label} ({_('AUROC')} {auroc})", max_points=max_points)
        ap = format_value(result.per_class[label]["average_precision"], 3)
        draw_curve(pr_ax, drawn(binary, "pr"), label=f"{label} ({_('AP')} {ap})", max_points=max_points)
    for ax in (roc_ax, pr_ax):
        ax.legend(fontsize=7, loc="lower left" if ax is pr_ax else "lower right")
    return figure


def top_k_rows(table: list[dict]) -> tuple[list[list[str]], list[str]]:
    """Annex C's columns (Table C.1) for models scored from a file: top-1 / top-5 accuracy and error in percent."""
    keys = ("top1_accuracy", "top1_error", "top5_accuracy", "top5_error")
    rows = [[row["model"]] + [format_value(row[key], 2, percent=True) for key in keys] for row in table]
    header = [_("model"), _("accuracy (top-1) %"), _("top-1 error %"), _("top-5 accuracy %"), _("top-5 error %")]
    return rows, header
