"""Annex D sliders: move the predicted cause shares and watch CSMF accuracy respond.

One slider per cause sets a predicted *weight*; the weights are divided by
their sum, so the predicted shares always add up to 1.  The read-out shows
CSMF accuracy (D.4, reconstructed) and its chance-corrected form with both
constants (1 − 1/e and 0.632), and the bar chart shows true against
predicted shares.  Two buttons set the extremes: the perfect prediction
(accuracy 1) and all mass on the rarest true cause (accuracy 0).

State from Python: ``sliders[cause].value``, ``predicted`` (normalised shares),
``accuracy``, ``chance_corrected``, ``set_predicted(mapping)``.
"""

from __future__ import annotations

import html

import ipywidgets as widgets
from matplotlib.figure import Figure

from .. import csmf
from ..annexes import annex_d
from ..errors import InputError
from ..figures.annex_b import to_png
from ..figures.annex_d import draw_shares
from ..tables import format_value
from ..undefined import Undefined


class CSMFSliders:
    """Sliders over predicted cause shares for fixed true shares.

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
        self._busy = False
        self.sliders = {cause: widgets.FloatSlider(value=float(start[cause]), min=0.0, max=1.0, step=0.005,
                                                   readout_format=".3f", description=str(cause),
                                                   continuous_update=True)
                        for cause in self.true}
        for slider in self.sliders.values():
            slider.observe(lambda change: self._update(), names="value")
        perfect = widgets.Button(description="perfect prediction")
        perfect.on_click(lambda _: self.set_predicted(self.true))
        rarest = widgets.Button(description="all on the rarest cause")
        rarest.on_click(lambda _: self.set_predicted(
            {c: float(c == min(self.true, key=self.true.get)) for c in self.true}))
        self.figure = Figure(figsize=(5, 3), dpi=72, layout="constrained")
        self._bars = draw_shares(self.figure.subplots(), list(self.true), self.true.values(), start.values())
        self.image = widgets.Image(format="png")
        self.readout = widgets.HTML()
        self.widget = widgets.HBox([widgets.VBox([*self.sliders.values(), widgets.HBox([perfect, rarest]),
                                                  self.readout]), self.image])
        self._update()

    @property
    def predicted(self) -> dict | Undefined:
        """Predicted shares: slider weights divided by their sum (undefined when every weight is 0)."""
        total = sum(s.value for s in self.sliders.values())
        if total == 0:
            return Undefined("every predicted weight is 0")
        return {cause: s.value / total for cause, s in self.sliders.items()}

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
        """Set every slider at once (one update), e.g. ``{"cardiac": 0.6, "infection": 0.3, "injury": 0.1}``."""
        unknown = set(fractions) - set(self.sliders)
        if unknown:
            raise InputError(f"unknown causes {sorted(map(str, unknown))}; causes are {list(self.sliders)}")
        self._busy = True
        try:
            for cause, slider in self.sliders.items():
                slider.value = float(fractions.get(cause, 0.0))
        finally:
            self._busy = False
        self._update()

    def _update(self) -> None:
        if self._busy:
            return
        predicted = self.predicted
        shares = [0.0] * len(self.true) if isinstance(predicted, Undefined) else list(predicted.values())
        self._bars.update(shares)
        cc = self.chance_corrected
        self.readout.value = (
            f"<p>CSMF accuracy = <b data-measure='csmf_accuracy'>"
            f"{html.escape(format_value(self.accuracy, 4, decimal_comma=True))}</b><br>"
            f"chance-corrected (1 − 1/e) = {html.escape(format_value(cc['exact'], 4, decimal_comma=True))}, "
            f"(0,632) = {html.escape(format_value(cc['rounded'], 4, decimal_comma=True))}</p>")
        self.image.value = to_png(self.figure)

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)
