"""Score distributions of the positive and the negative class with the decision threshold.

A binary classifier's scores are turned into labels by a threshold: samples
with score ≥ threshold are predicted positive (the convention of this
package).  Drawing the two class-conditional histograms with the threshold
line shows where the four counts of Table 1 (6.3.2) come from: positives
right of the line are TP, left of it FN; negatives right of it FP, left TN.
"""

from __future__ import annotations

from ..words.i18n import _

from dataclasses import dataclass

import numpy as np
from matplotlib.axes import Axes
from matplotlib.lines import Line2D
from matplotlib.patches import StepPatch

from ..core.checks import as_scores, same_length
from ..core.errors import InputError
from .decimal import localize


def class_histograms(scores, is_positive, edges) -> tuple[np.ndarray, np.ndarray]:
    """Histograms (as densities: each integrates to 1) of the positive and the negative scores over ``edges`` (6.3).

    A class with no samples gets an all-zero histogram.
    """
    scores = as_scores(scores, "scores")
    is_positive = np.asarray(is_positive, dtype=bool)
    same_length(scores=scores, is_positive=is_positive)
    widths = np.diff(edges)
    out = []
    for mask in (is_positive, ~is_positive):
        counts, _ = np.histogram(scores[mask], bins=edges)
        total = counts.sum()
        out.append(counts / (total * widths) if total else counts.astype(float))
    return out[0], out[1]


def score_edges(*score_arrays, bins: int = 40) -> np.ndarray:
    """``bins + 1`` equal-width bin edges covering every array given (6.3)."""
    if bins < 1:
        raise InputError(_("bins must be at least 1, got {bins}").format(bins=bins))
    lo = min(float(np.min(s)) for s in score_arrays)
    hi = max(float(np.max(s)) for s in score_arrays)
    if hi == lo:
        lo, hi = lo - 0.5, hi + 0.5
    return np.linspace(lo, hi, bins + 1)


@dataclass
class DistributionArtists:
    """Handles of the density histograms of the ``positive`` and ``negative`` class, the ``threshold_line`` and the
    bin ``edges`` both histograms share (6.3)."""

    positive: StepPatch
    negative: StepPatch
    threshold_line: Line2D
    edges: np.ndarray

    def move_threshold(self, threshold: float) -> None:
        """Put the threshold line at ``threshold``."""
        self.threshold_line.set_xdata([threshold, threshold])

    def set_scores(self, scores, is_positive) -> None:
        """Show the histograms of other scores (another model) over the same bin edges."""
        pos, neg = class_histograms(scores, is_positive, self.edges)
        self.positive.set_data(pos, self.edges)
        self.negative.set_data(neg, self.edges)
        ax = self.threshold_line.axes
        ax.set_ylim(0, 1.08 * max(pos.max(), neg.max(), 1e-12))


def draw_score_histograms(ax: Axes, scores, is_positive, *, edges=None, bins: int = 40,
                          labels: tuple[str, str] | None = None,
                          threshold: float | None = None) -> DistributionArtists:
    """Draw the class-conditional score histograms and a threshold line (6.3).

    Parameters
    ----------
    ax : matplotlib Axes.
    scores : 1-D array of real scores.
    is_positive : boolean array, True for samples of the positive class.
    edges : bin edges; default :func:`score_edges` of ``scores`` with ``bins`` bins.
    labels : legend names of the positive and the negative class (default: "positive", "negative" in the active
        language).
    threshold : initial position of the line (default: the middle of the edges).

    Returns
    -------
    DistributionArtists
    """
    scores = as_scores(scores, "scores")
    edges = score_edges(scores, bins=bins) if edges is None else np.asarray(edges, dtype=float)
    pos, neg = class_histograms(scores, is_positive, edges)
    labels = (_("positive"), _("negative")) if labels is None else labels
    negative = ax.stairs(neg, edges, fill=True, alpha=0.45, color="tab:blue", label=_("{label} (true class)").format(label=labels[1]))
    positive = ax.stairs(pos, edges, fill=True, alpha=0.45, color="tab:orange", label=_("{label} (true class)").format(label=labels[0]))
    if threshold is None:
        threshold = float(edges[len(edges) // 2])
    line = ax.axvline(threshold, color="black", linewidth=1.5, label=_("threshold"))
    ax.set_xlim(edges[0], edges[-1])
    ax.set_ylim(0, 1.08 * max(pos.max(), neg.max(), 1e-12))
    ax.set_title(_("Score distributions by true class"), fontsize=10)
    ax.set_xlabel(_("score (predicted positive when ≥ threshold)"), fontsize=9)
    ax.set_ylabel(_("density"), fontsize=9)
    ax.tick_params(labelsize=8)
    ax.legend(fontsize=7, loc="upper center")
    localize(ax)
    return DistributionArtists(positive=positive, negative=negative, threshold_line=line, edges=edges)
