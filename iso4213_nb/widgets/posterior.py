"""PosteriorWidget: a Bayesian comparison of two models with a ROPE-width slider (Benavoli et al. 2017).

Thin wiring over :mod:`iso4213_nb.stats.bayesian` (the correlated t-test of
cross-validation scores, a closed form, or the signed-rank test across data
sets, whose Dirichlet draws are redrawn with the same seed: a few milliseconds),
:func:`iso4213_nb.figures.live_intervals.rope_html` and
:func:`iso4213_nb.figures.ranking.draw_posterior`.  ``w.rope`` is settable from
Python; ``w.result`` holds the probabilities shown.
"""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np
from matplotlib.figure import Figure

from ..stats import bayesian
from ..core.checks import one_of
from ..core.errors import InputError
from ..figures.annex_b import to_png
from ..figures.live_intervals import rope_html
from ..figures.ranking import draw_posterior
from ..words.i18n import _, number, significant
from ._callbacks import GuardedCallbacks, Shown
from ._given import given
from .images import figure_image

#: ROPE half-widths the slider offers, in score units (0 to 0.05 by 0.0025).
ROPES = tuple(round(0.0025 * i, 4) for i in range(21))
METHODS = ("correlated t-test", "signed-rank")


class PosteriorWidget(GuardedCallbacks, Shown):
    """P(left), P(rope), P(right) of models A and B as the ROPE half-width moves (beyond TS 4213: Benavoli 2017).

    Parameters
    ----------
    a, b : scores of models A and B, paired (per fold for the t-test, per data set for the signed-rank test).
    names : the two models' names (A, B).
    method : "correlated t-test" (Corani & Benavoli 2015) or "signed-rank" (Benavoli et al. 2014).
    rope : starting half-width, one of :data:`ROPES`.
    options : further keywords of :func:`~iso4213_nb.stats.bayesian.correlated_ttest` (``runs``, ``test_fraction``)
        or :func:`~iso4213_nb.stats.bayesian.signed_rank` (``prior``, ``n_samples``, ``seed``).
    """

    def __init__(self, a, b, names: tuple[str, str] = ("A", "B"), *, method: str = "correlated t-test",
                 rope: float = 0.01, **options):
        one_of(method, METHODS, "method")
        self._a, self._b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
        self.names = (str(names[0]), str(names[1]))
        self._compare = bayesian.correlated_ttest if method == "correlated t-test" else bayesian.signed_rank
        self._options = options
        self._rope = self._check(rope)
        self.result = self._compare(self._a, self._b, self._rope, **self._options)
        self.rope_slider = widgets.SelectionSlider(
            options=[(number(r, 4), r) for r in ROPES], value=self._rope, description=_("ROPE half-width ±"),
            continuous_update=True, style={"description_width": "initial"}, layout=widgets.Layout(width="460px"))
        self.message = widgets.HTML()
        self.readout = widgets.HTML()
        self.image = figure_image()
        self.rope_slider.observe(lambda c: self._guarded(setattr, self, "rope", c.new), "value")
        self.widget = widgets.VBox([self.rope_slider, self.message, self.readout, self.image])
        self._show()

    @staticmethod
    def _check(value) -> float:
        if value not in ROPES:
            raise InputError(_("the ROPE half-width must be one of the slider's values ({low} to {high} by {step}), "
                               "got {value}").format(low=significant(ROPES[0]), high=significant(ROPES[-1]),
                                                     step=significant(ROPES[1]), value=given(value)))
        return float(value)

    @property
    def rope(self) -> float:
        """Half-width of the region of practical equivalence, in score units."""
        return self._rope

    @rope.setter
    def rope(self, value) -> None:
        rope = self._check(value)
        self.result = self._compare(self._a, self._b, rope, **self._options)
        self._rope = rope
        self._sync(self.rope_slider, rope)
        self._show()

    def _show(self) -> None:
        self.readout.value = rope_html(self.result, self.names)
        figure = Figure(figsize=(5.6, 3.0), dpi=80, layout="constrained")
        draw_posterior(figure.subplots(), self.result, self.names)
        self.image.value = to_png(figure)
