"""Annex D sliders: move the predicted cause shares and watch CSMF accuracy respond.

One slider per cause sets a predicted *weight*; the weights are divided by
their sum, so the predicted shares always add up to 1.  The box beside each
slider holds the exact weight: a value typed there (or given in Python) is
kept exactly, and the slider, whose positions are the thousandths from 0 to
1, only moves to its nearest position (the worked example's 35/120 stays
35/120 and its accuracy 0,95 stays 0,95).  The read-out shows
CSMF accuracy (D.4, reconstructed) and its chance-corrected form with both
constants (1 − 1/e and 0.632), and the bar chart shows true against
predicted shares.  Two buttons set the extremes: the perfect prediction
(accuracy 1) and all mass on the rarest true cause (accuracy 0).

State from Python: ``weights`` (exact, by cause), ``boxes[cause].value`` (the
exact weight), ``sliders[cause].value`` (a position 0 … 1000), ``predicted``
(normalised shares), ``accuracy``, ``chance_corrected``, ``set_predicted(mapping)``.
"""

from __future__ import annotations

import html
from numbers import Real

import ipywidgets as widgets
from matplotlib.figure import Figure

from ..measures import csmf
from ..annexes import annex_d
from ..core.errors import InputError
from ..course.explorer_state import SliderGrid
from ..figures.annex_b import to_png
from ..figures.annex_d import draw_shares
from ..words.i18n import _
from ..words.worked_examples import cause as cause_name
from ..figures.tables import format_value
from ..core.undefined import Undefined
from ._callbacks import GuardedCallbacks, Shown
from .images import figure_image

#: Slider positions: weights 0, 0.001, …, 1.
WEIGHT_GRID = SliderGrid(0.0, 0.001, 1000)


class CSMFSliders(GuardedCallbacks, Shown):
    """Sliders over predicted cause shares for fixed true shares (Annex D).

    Parameters
    ----------
    true_fractions : ``{cause: share}``; default the worked example's true shares.
    predicted_fractions : initial predicted shares; default the worked example's.
    """

    def __init__(self, true_fractions=None, predicted_fractions=None):
        example = annex_d.worked_example()
        self.true = dict(example["csmf_true"] if true_fractions is None else true_fractions)
        start = dict(example["csmf_pred"] if predicted_fractions is None else predicted_fractions)
        csmf.csmf_accuracy(self.true, start)  # one clear error for bad input, before any widget exists
        self.weights = {cause: self._check_weight(cause, start[cause]) for cause in self.true}
        self.sliders = {cause: widgets.IntSlider(value=WEIGHT_GRID.index(self.weights[cause]), min=0,
                                                 max=WEIGHT_GRID.steps, readout=False, description=cause_name(cause),
                                                 continuous_update=True,
                                                 style={"description_width": "120px"})  # «болезни сердца» in full
                        for cause in self.true}
        self.boxes = {cause: widgets.FloatText(value=self.weights[cause], layout=widgets.Layout(width="110px"))
                      for cause in self.true}
        for cause in self.true:
            self.sliders[cause].observe(lambda change, cause=cause: self._on_weight(
                cause, WEIGHT_GRID.value(change.new)), names="value")
            self.boxes[cause].observe(lambda change, cause=cause: self._on_weight(cause, change.new), names="value")
        perfect = widgets.Button(description=_("perfect prediction"))
        perfect.on_click(lambda _: self.set_predicted(self.true))
        rarest = widgets.Button(description=_("all on the rarest cause"))
        rarest.on_click(lambda _: self.set_predicted(
            {c: float(c == min(self.true, key=self.true.get)) for c in self.true}))
        self.figure = Figure(figsize=(5, 3), dpi=72, layout="constrained")
        self._bars = draw_shares(self.figure.subplots(), list(self.true), self.true.values(), start.values())
        self.image = figure_image()
        self.readout = widgets.HTML()
        self.message = widgets.HTML()
        rows = [widgets.HBox([self.sliders[cause], self.boxes[cause]]) for cause in self.true]
        self.widget = widgets.HBox([widgets.VBox([*rows, widgets.HBox([perfect, rarest]), self.message,
                                                  self.readout]), self.image])
        self._update()

    @property
    def predicted(self) -> dict | Undefined:
        """Predicted shares: slider weights divided by their sum (undefined when every weight is 0)."""
        total = sum(self.weights.values())
        if total == 0:
            return Undefined(code="zero_weights")
        return {cause: weight / total for cause, weight in self.weights.items()}

    @property
    def accuracy(self) -> float | Undefined:
        """CSMF accuracy (Annex D, D.4 reconstructed) of the current prediction."""
        predicted = self.predicted
        return predicted if isinstance(predicted, Undefined) else csmf.csmf_accuracy(self.true, predicted)

    @property
    def chance_corrected(self) -> dict:
        """``{"exact": …, "rounded": …}``: chance-corrected CSMF accuracy with 1 − 1/e and with 0.632."""
        predicted = self.predicted
        if isinstance(predicted, Undefined):
            return {"exact": predicted, "rounded": predicted}
        return {chance: csmf.chance_corrected_csmf_accuracy(self.true, predicted, chance=chance)
                for chance in ("exact", "rounded")}

    def set_predicted(self, fractions) -> None:
        """Set every weight at once, exactly (one update), e.g. ``{"cardiac": 0.6, "infection": 0.3, "injury": 0.1}``."""
        unknown = set(fractions) - set(self.sliders)
        if unknown:
            raise InputError(_("unknown causes {unknown}; causes are {causes}").format(
                unknown=sorted(map(str, unknown)), causes=list(self.sliders)))
        weights = {cause: self._check_weight(cause, fractions.get(cause, 0.0)) for cause in self.true}
        self.weights = weights
        self._update()

    @staticmethod
    def _check_weight(cause, value) -> float:
        if isinstance(value, bool) or not isinstance(value, Real) or not 0 <= value <= 1:
            raise InputError(_("weight of {cause} must be a number from 0 to 1, got {value}").format(
                cause=repr(cause), value=repr(value)))
        return float(value)

    def _on_weight(self, cause, value) -> None:
        """A slider move or a typed weight; a refused value is shown, the state kept."""
        if not self._syncing:
            self._guarded(self._set_weight, cause, value)
            self._update()

    def _set_weight(self, cause, value) -> None:
        self.weights[cause] = self._check_weight(cause, value)

    def _update(self) -> None:
        """Widgets follow the exact weights (sliders to their nearest position), then read-out and chart."""
        for cause, weight in self.weights.items():
            self._sync(self.sliders[cause], WEIGHT_GRID.index(weight))
            self._sync(self.boxes[cause], weight)
        predicted = self.predicted
        shares = [0.0] * len(self.true) if isinstance(predicted, Undefined) else list(predicted.values())
        self._bars.update(shares)
        cc = self.chance_corrected
        accuracy = html.escape(format_value(self.accuracy, 4, decimal_comma=True))
        self.readout.value = "<p>" + _("CSMF accuracy = {accuracy}<br>chance-corrected (1 − 1/e) = {exact}, (0,632) = "
                                       "{rounded}").format(
            accuracy=f"<b data-measure='csmf_accuracy'>{accuracy}</b>",
            exact=html.escape(format_value(cc["exact"], 4, decimal_comma=True)),
            rounded=html.escape(format_value(cc["rounded"], 4, decimal_comma=True))) + "</p>"
        self.image.value = to_png(self.figure)
