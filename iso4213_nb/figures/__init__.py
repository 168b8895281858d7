"""Presentation: matplotlib figures built from computation results; the curves (6.3.6–6.3.9), the confusion matrix
(6.2.2) and the score histograms are importable from here.

Every drawing function takes the Axes to draw on and returns handles that a
widget updates in place.  Annex-specific figures live in their own modules
(``figures.annex_b`` ...), imported directly.
"""

from ..core.lazy import exports

#: Where each public name lives; imported on first use, so that the text tables (:mod:`.tables`) load no matplotlib.
_LAZY = {**dict.fromkeys(("CurveArtists", "draw_curve", "draw_point", "prepare_axes"), ".curves"),
         **dict.fromkeys(("DistributionArtists", "draw_score_histograms"), ".distributions"),
         **dict.fromkeys(("MatrixArtists", "draw_confusion_matrix"), ".matrix")}

__all__ = [
    "CurveArtists", "DistributionArtists", "MatrixArtists", "draw_confusion_matrix", "draw_curve",
    "draw_point", "draw_score_histograms", "prepare_axes",
]


__getattr__ = exports(__name__, _LAZY)
