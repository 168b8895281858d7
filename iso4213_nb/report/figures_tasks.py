"""Figures of the report's issue-11 sections: per-class ROC and PR curves, and reliability diagrams.

* :func:`per_class_curves_figure`: one-vs-rest ROC (6.3.6) and precision–recall
  (6.3.7) curves of a multi-class model with class scores, one line per class,
  drawn with :mod:`iso4213_nb.figures.curves`;
* :func:`reliability_figure`: the reliability diagram of a model's
  probabilities (beyond TS 4213), observed frequency against mean predicted
  probability per bin, with the bin counts below, from the numbers in
  ``report.json``.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from ..measures.curves import BinaryScores
from ..figures.curves import draw_curve, drawn, prepare_axes
from ..figures.decimal import localize
from ..words.i18n import _
from ..inputs import MULTICLASS, Predictions
from .render import mathtext_safe

#: Most classes drawn as separate lines; beyond it the figure would be unreadable and the table suffices.
MAX_CLASS_LINES = 12


def per_class_curves_figure(pred: Predictions, model: str):
    """One-vs-rest ROC and PR curves (6.3.6, 6.3.7, 6.4) per class of ``model``, or None without class scores or with too many classes."""
    m = pred.models[model]
    if pred.task != MULTICLASS or m.score_matrix is None or len(pred.labels) > MAX_CLASS_LINES:
        return None
    fig, axes = plt.subplots(1, 2, figsize=(10, 4.6), layout="constrained")
    for ax, kind in zip(axes, ("roc", "pr")):
        prepare_axes(ax, kind, prevalence=1 / len(pred.labels))
        for j, label in enumerate(pred.labels):
            present = pred.y_true == label
            if present.all() or not present.any():
                continue
            curve = BinaryScores(present, m.score_matrix[:, j])
            draw_curve(ax, drawn(curve, kind), label=mathtext_safe(label))
        ax.legend(loc="best", fontsize="small", title=_("class"))
    fig.suptitle(mathtext_safe(_("One class against the rest: {model}").format(model=model)))
    return fig


def reliability_figure(report: dict, model: str, binning: str = "equal_width"):
    """The reliability diagram of ``model`` from ``report.json``'s bins, or None when it has no calibration (beyond TS 4213: calibration)."""
    c = report["models"][model].get("calibration")
    if not c or binning not in c.get("bins", {}):
        return None
    bins = c["bins"][binning]
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(5.5, 6), height_ratios=(3, 1), sharex=True, layout="constrained")
    top.plot([0, 1], [0, 1], ls=":", color="grey", label=_("perfect calibration"))
    predicted = np.array([np.nan if v is None else v for v in bins["mean_predicted"]], dtype=float)
    observed = np.array([np.nan if v is None else v for v in bins["observed_frequency"]], dtype=float)
    top.plot(predicted, observed, marker="o", label=mathtext_safe(model), clip_on=False)  # a bin at 1.0: whole
    top.set(xlim=(0, 1), ylim=(0, 1), ylabel=_("observed frequency"),
            title=_("Reliability diagram (beyond TS 4213)"))
    top.legend(loc="upper left", fontsize="small")
    edges = np.asarray(bins["edges"], dtype=float)
    bottom.bar(edges[:-1], bins["counts"], width=np.diff(edges), align="edge", edgecolor="white")
    bottom.set(xlabel=_("mean predicted probability"), ylabel=_("samples"))
    return localize(fig)
