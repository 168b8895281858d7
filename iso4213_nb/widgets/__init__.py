"""Interactive widgets: thin ipywidgets wiring over the computation and presentation layers.

* :class:`ThresholdExplorer` (:mod:`~iso4213_nb.widgets.explorer`) – one threshold
  linked to ROC, PR, gain and lift curves, score histograms, the confusion
  matrix and the clause-6 measures;
* :class:`SignificanceLab` (:mod:`~iso4213_nb.widgets.significance_lab`) – McNemar,
  DeLong, bootstrap intervals, multiple comparisons and 5×2cv, live as thresholds and α move;
* :mod:`~iso4213_nb.widgets.exercises` – check-your-answer boxes for the course.

Annex widgets (``widgets.annex_a`` ...) are imported directly by their notebooks.
"""

from .explorer import ThresholdExplorer
from .significance_lab import SignificanceLab

__all__ = ["SignificanceLab", "ThresholdExplorer"]
