"""Presentation: matplotlib figures built from computation results.

* :mod:`~iso4213_nb.figures.curves` – ROC, PR, gain and lift curves (6.3.6–6.3.9)
  with a movable operating point;
* :mod:`~iso4213_nb.figures.matrix` – a confusion matrix with its orientation
  labelled (6.2.2);
* :mod:`~iso4213_nb.figures.distributions` – score histograms of both classes
  with the threshold line.

Every drawing function takes the Axes to draw on and returns handles that a
widget updates in place.  Annex-specific figures live in their own modules
(``figures.annex_b`` ...), imported directly.
"""

from .curves import CurveArtists, draw_curve, draw_point, prepare_axes
from .distributions import DistributionArtists, draw_score_histograms
from .matrix import MatrixArtists, draw_confusion_matrix

__all__ = [
    "CurveArtists", "DistributionArtists", "MatrixArtists", "draw_confusion_matrix", "draw_curve",
    "draw_point", "draw_score_histograms", "prepare_axes",
]
