"""Figures B.1–B.7 of Annex B redrawn from scores and actual classes (6.3.6).

:func:`draw_scores` is Figure B.1: each sample's score on x, its actual class
(0 = No, 1 = Yes) on y.  Given a threshold it becomes Figures B.2–B.6: a
vertical line at the threshold, a circle for each sample classified correctly
(score ≥ threshold and Yes, or score < threshold and No) and an X for each
sample classified wrongly.  :class:`AnnexBFigure` puts it beside the ROC curve
(Figure B.7) and the precision–recall curve, with the operating point of the
current threshold on both, and updates everything in place.
"""

from __future__ import annotations

from ..words.i18n import _
from .decimal import localize

import io
from dataclasses import dataclass

import numpy as np
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from ..annexes import annex_b
from ..measures.curves import BinaryScores
from ..measures.counts import false_positive_rate, precision, recall
from .curves import CurveArtists, draw_curve, draw_point, prepare_axes

def to_png(figure: Figure) -> bytes:
    """The figure rendered on an Agg canvas as PNG bytes (for ``IPython.display.Image`` or an ``ipywidgets.Image``).

    Annex B.
    """
    buffer = io.BytesIO()
    FigureCanvasAgg(figure).print_png(buffer)
    return buffer.getvalue()


#: Vertical offsets that keep samples with equal scores apart (drawing only).
_JITTER = np.array([-0.06, -0.03, 0.0, 0.03, 0.06])


@dataclass
class ScatterArtists:
    """Handles of Figure B.1: threshold line, correct (circles) and incorrect (X) samples."""

    line: Line2D
    correct: Line2D
    incorrect: Line2D
    scores: np.ndarray
    y_true: np.ndarray
    y_drawn: np.ndarray

    def update(self, threshold: float | None) -> None:
        """Move the line to ``threshold`` and re-mark each sample; ``None`` hides line and marks (Figure B.1)."""
        if threshold is None:
            self.line.set_visible(False)
            self.correct.set_data(self.scores, self.y_drawn)
            self.incorrect.set_data([], [])
            return
        right = (self.scores >= threshold) == (self.y_true == 1)
        self.line.set_visible(True)
        self.line.set_xdata([threshold, threshold])
        self.correct.set_data(self.scores[right], self.y_drawn[right])
        self.incorrect.set_data(self.scores[~right], self.y_drawn[~right])


def draw_scores(ax: Axes, scores, y_true, threshold: float | None = None) -> ScatterArtists:
    """Figure B.1 (and B.2–B.6 with a threshold): actual class against score, one mark per sample.

    Parameters
    ----------
    ax : matplotlib Axes.
    scores : scores (predicted probabilities), 1-D.
    y_true : actual classes as 0/1, same length.
    threshold : draw the vertical line there and mark samples correct (●) or
        incorrect (✕); ``None`` draws plain points.
    """
    scores = np.asarray(scores, dtype=float)
    y_true = np.asarray(y_true)
    y_drawn = y_true + _JITTER[np.arange(len(y_true)) % len(_JITTER)]
    (line,) = ax.plot([0.5, 0.5], [-0.3, 1.3], color="tab:red", linewidth=1.5, label=_("threshold"))
    (correct,) = ax.plot([], [], linestyle="none", marker="o", markersize=5, color="black", label=_("correct"))
    (incorrect,) = ax.plot([], [], linestyle="none", marker="x", markersize=6, color="tab:red", label=_("incorrect"))
    ax.set_xlim(-0.03, 1.03)
    ax.set_ylim(-0.3, 1.3)
    ax.set_yticks([0, 1], [_("No (0)"), _("Yes (1)")])
    ax.set_xlabel(_("predicted probability"), fontsize=9)
    ax.set_ylabel(_("actual value"), fontsize=9)
    ax.set_title(_("Scores and actual classes (Figure B.1)"), fontsize=10)
    ax.tick_params(labelsize=8)
    localize(ax)
    artists = ScatterArtists(line, correct, incorrect, scores, y_true, y_drawn)
    artists.update(threshold)
    return artists


def published_thresholds_figure(scores, y_true) -> Figure:
    """Figure B.1 (the scores and actual classes alone), then Figures B.2–B.6: the same data at each published
    threshold, each panel titled with its figure and threshold, in a 2 × 3 grid (Annex B, 6.3.6)."""
    figure = Figure(figsize=(14, 6), dpi=72, layout="constrained")
    axes = figure.subplots(2, 3).ravel()
    draw_scores(axes[0], scores, y_true)
    for ax, point, threshold in zip(axes[1:], annex_b.PUBLISHED, annex_b.thresholds()):
        draw_scores(ax, scores, y_true, threshold)
        ax.set_title(_("Figure {figure}: threshold {threshold}").format(figure=point.figure, threshold=point.threshold),
                     fontsize=10)
    return figure


class AnnexBFigure:
    """Scores (Figure B.1), ROC (Figure B.7) and PR curves of one data set, driven by one threshold.

    Parameters
    ----------
    scores, y_true : the data (0/1 classes).
    threshold : initial threshold.
    published : also draw the five published operating points and the curve
        through them (only meaningful for the Annex B data).

    Attributes
    ----------
    figure : matplotlib Figure with three axes.
    data : :class:`iso4213_nb.measures.curves.BinaryScores` of the input.
    """

    def __init__(self, scores, y_true, threshold: float = 0.5, *, published: bool = True):
        self.data = BinaryScores(y_true, scores, positive=1)
        self.figure = Figure(figsize=(13, 4.2), dpi=72, layout="constrained")
        ax_scores, ax_roc, ax_pr = self.figure.subplots(1, 3, gridspec_kw={"width_ratios": [1.6, 1, 1]})
        self.scatter = draw_scores(ax_scores, scores, y_true, threshold)
        prepare_axes(ax_roc, "roc")
        self.roc: CurveArtists = draw_curve(ax_roc, self.data.roc(), label=_("every threshold"))
        if published:
            fpr, tpr = annex_b.published_curve()
            ax_roc.plot(fpr, tpr, linestyle="--", color="0.3", linewidth=1, label=_("five published points"))
            for p, x, y in zip(annex_b.PUBLISHED, fpr[1:-1], tpr[1:-1]):
                draw_point(ax_roc, x, y, marker="s", color="white")
                ax_roc.annotate(p.threshold, (x, y), textcoords="offset points", xytext=(6, -10), fontsize=7)
        ax_roc.legend(fontsize=7, loc="lower right")
        prepare_axes(ax_pr, "pr", prevalence=self.data.positives / self.data.n)
        self.pr: CurveArtists = draw_curve(ax_pr, self.data.pr(), label=_("every threshold"))
        self.set_threshold(threshold)

    def set_threshold(self, threshold: float) -> dict:
        """Move every mark to ``threshold``; returns the counts, TPR, FPR and precision there (6.3.4, 3.2.12)."""
        c = self.data.counts_at(threshold)
        tpr, fpr, ppv = recall(c), false_positive_rate(c), precision(c)
        self.scatter.update(threshold)
        self.roc.move_marker(float(fpr), float(tpr))
        self.pr.move_marker(float(tpr), float(ppv))
        return {"counts": c, "tpr": tpr, "fpr": fpr, "precision": ppv}
