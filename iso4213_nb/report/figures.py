"""The curves figure of a report: ROC, precision–recall, gain and lift (6.3.6–6.3.9).

One panel per curve, one line per scored model, drawn with
:mod:`iso4213_nb.figures.curves`; a marker on the ROC curve shows each model's
Youden-optimal operating point from the report's own table of operating points.
"""

from __future__ import annotations

import matplotlib.pyplot as plt

from ..measures.curves import BinaryScores
from ..figures.curves import KINDS, draw_curve, drawn, prepare_axes
from ..inputs import Predictions
from .render import mathtext_safe


def curves_figure(pred: Predictions, report: dict):
    """A 2×2 matplotlib figure of the four curves for every model with scores, or None when no model has scores
    (6.3.6–6.3.9)."""
    scored = {name: m for name, m in pred.models.items() if m.scores is not None}
    if not scored or not pred.binary:
        return None
    prevalence = float((pred.y_true == pred.positive).mean())
    binary = {name: BinaryScores(pred.y_true, m.scores, positive=pred.positive) for name, m in scored.items()}
    return scores_figure(binary, prevalence, report)


def scores_figure(scored: dict, prevalence: float, report: dict):
    """The 2×2 figure of the four curves (6.3.6–6.3.9), one line per model of ``scored``.

    ``scored`` maps a model name to its scores' curves (a :class:`~iso4213_nb.measures.curves.BinaryScores`, or the
    binned or merged counts of :mod:`iso4213_nb.scale.accumulators`); ``prevalence`` is the share of positives.
    """
    fig, axes = plt.subplots(2, 2, figsize=(10, 9), layout="constrained")
    for ax, kind in zip(axes.flat, KINDS):
        prepare_axes(ax, kind, prevalence=prevalence)
        for name, scores in scored.items():
            artists = draw_curve(ax, drawn(scores, kind), label=mathtext_safe(name))
            if kind == "roc":
                youden = next(p for p in report["models"][name]["operating_points"] if p["name"] == "youden")
                artists.move_marker(youden["fpr"], youden["tpr"])
        ax.legend(loc="best", fontsize="small")
    return fig
