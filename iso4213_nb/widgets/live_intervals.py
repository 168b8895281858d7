"""Live intervals (7.8): a confidence-level slider over a model's measures, and the ROC band with Se at a fixed Sp.

Thin wiring over :mod:`iso4213_nb.stats.stored_intervals` (the bootstrap runs once,
when the widget is made; a slider move re-reads quantiles of the stored
replicates or recomputes a closed form) and :mod:`iso4213_nb.figures.live_intervals`.
Sliders are selection sliders over exact values, so the browser never sends
back a value rounded to a step.
"""

from __future__ import annotations

import ipywidgets as widgets
from matplotlib.figure import Figure

from ..measures.curves import BinaryScores
from ..core.errors import InputError
from ..figures.annex_b import to_png
from ..figures.live_intervals import draw_roc_band, intervals_table_html, percent, roc_point_html
from ..words.i18n import _, number, significant
from ..words.intervals import method_name
from ..stats.stored_intervals import MeasureIntervals, StoredRocBand
from ..stats.bootstrap import METHODS as BOOTSTRAP_METHODS, check_method
from ..stats.intervals import OFFERED_PROPORTION_METHODS as PROPORTION_METHODS, check_proportion_method
from ._callbacks import GuardedCallbacks, Shown
from ._given import given, listed
from .images import figure_image

#: Confidence levels a slider offers.
LEVELS = (0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 0.975, 0.99)


def _level_slider(value: float) -> widgets.SelectionSlider:
    return widgets.SelectionSlider(options=[(percent(v), v) for v in LEVELS],
                                   value=value, description=_("confidence level"), continuous_update=True,
                                   style={"description_width": "initial"}, layout=widgets.Layout(width="420px"))


def _check_level(value) -> float:
    if value not in LEVELS:
        raise InputError(_("the confidence level must be one of {levels}, got {value}").format(
            levels=listed(significant(v, 6) for v in LEVELS), value=given(value)))
    return float(value)


class _LevelWidget(GuardedCallbacks, Shown):
    """What both widgets share (7.8): a confidence-level slider, controls wired to settable attributes, a redraw."""

    def _wire(self, control, attribute: str) -> None:
        """A move of ``control`` sets ``attribute`` (checked; an error goes to the message line)."""
        control.observe(lambda change: self._guarded(setattr, self, attribute, change.new), "value")

    @property
    def level(self) -> float:
        """The confidence level of every interval shown."""
        return self._level

    @level.setter
    def level(self, value) -> None:
        self._level = _check_level(value)
        self._sync(self.level_slider, self._level)
        self._show()


class IntervalsWidget(_LevelWidget):
    """Intervals (7.8) of one scored binary model's measures, live as the confidence level moves.

    Parameters
    ----------
    y_true, scores, threshold, positive, n_resamples, seed : as :class:`~iso4213_nb.stats.stored_intervals.MeasureIntervals`.
    confidence_level : starting level, one of :data:`LEVELS`.

    Attributes
    ----------
    stored : the MeasureIntervals; intervals : measure → ConfidenceInterval on show.
    level, proportion_method, bootstrap_method : settable from Python; the controls follow.
    """

    def __init__(self, y_true, scores, threshold: float = 0.5, positive=None, *, confidence_level: float = 0.95,
                 n_resamples: int = 1000, seed: int = 0):
        self._level = _check_level(confidence_level)
        self._methods = {"proportion": "wilson", "bootstrap": "percentile"}
        self.stored = MeasureIntervals(y_true, scores, threshold, positive, n_resamples=n_resamples, seed=seed)
        self.level_slider = _level_slider(self._level)
        self.proportion_buttons = widgets.ToggleButtons(
            options=[(method_name(m, short=True), m) for m in PROPORTION_METHODS], description=_("proportions"))
        self.bootstrap_buttons = widgets.ToggleButtons(
            options=[(method_name(m, short=True), m) for m in BOOTSTRAP_METHODS], description=_("bootstrap"))
        self.message = widgets.HTML()
        self.table = widgets.HTML()
        for control, attribute in ((self.level_slider, "level"), (self.proportion_buttons, "proportion_method"),
                                   (self.bootstrap_buttons, "bootstrap_method")):
            self._wire(control, attribute)
        self.widget = widgets.VBox([self.level_slider, self.proportion_buttons, self.bootstrap_buttons,
                                    self.message, self.table])
        self._show()

    @property
    def proportion_method(self) -> str:
        """"wilson" or "clopper-pearson"."""
        return self._methods["proportion"]

    @proportion_method.setter
    def proportion_method(self, value: str) -> None:
        self._set_method("proportion", check_proportion_method(value), self.proportion_buttons)

    @property
    def bootstrap_method(self) -> str:
        """"percentile" or "bca"."""
        return self._methods["bootstrap"]

    @bootstrap_method.setter
    def bootstrap_method(self, value: str) -> None:
        self._set_method("bootstrap", check_method(value), self.bootstrap_buttons)

    def _set_method(self, kind: str, value: str, control) -> None:
        self._methods[kind] = value
        self._sync(control, value)
        self._show()

    def _show(self) -> None:
        self.intervals = self.stored.intervals(self._level, self._methods["proportion"], self._methods["bootstrap"])
        self.table.value = intervals_table_html(self.intervals, self.stored.n_resamples, self.stored.seed)


class RocBandWidget(_LevelWidget):
    """The ROC curve (6.3.6) with its pointwise band and sensitivity at a chosen specificity (7.8), live.

    Parameters
    ----------
    y_true, scores, positive : the model's data, as :class:`~iso4213_nb.measures.curves.BinaryScores`.
    specificity : starting specificity (a point of the grid, default 0.9); confidence_level : one of :data:`LEVELS`.
    n_resamples, seed, specificities : as :class:`~iso4213_nb.stats.stored_intervals.StoredRocBand`.

    Attributes
    ----------
    stored : the StoredRocBand; band, point : the Band and the Se@Sp ConfidenceInterval on show.
    level, specificity : settable from Python.
    """

    def __init__(self, y_true, scores, positive=None, *, specificity: float = 0.9, confidence_level: float = 0.95,
                 n_resamples: int = 500, seed: int = 0, **grid):
        self.stored = StoredRocBand(BinaryScores(y_true, scores, positive), n_resamples=n_resamples, seed=seed,
                                    **grid)
        self._level = _check_level(confidence_level)
        self._specificity = float(self.stored.grid[self.stored.index(specificity)])
        self.level_slider = _level_slider(self._level)
        self.specificity_slider = widgets.SelectionSlider(
            options=[(number(v, 2), float(v)) for v in self.stored.grid], value=self._specificity,
            description=_("specificity"), continuous_update=True, style={"description_width": "initial"},
            layout=widgets.Layout(width="420px"))
        self.message = widgets.HTML()
        self.readout = widgets.HTML()
        self.image = figure_image()
        self._wire(self.level_slider, "level")
        self._wire(self.specificity_slider, "specificity")
        self.widget = widgets.VBox([widgets.HBox([self.level_slider, self.specificity_slider]), self.message,
                                    self.readout, self.image])
        self._show()

    @property
    def specificity(self) -> float:
        """The specificity at which sensitivity is read (a grid point)."""
        return self._specificity

    @specificity.setter
    def specificity(self, value) -> None:
        self._specificity = float(self.stored.grid[self.stored.index(value)])
        self._sync(self.specificity_slider, self._specificity)
        self._show()

    def _show(self) -> None:
        self.band = self.stored.band(self._level)
        self.point = self.stored.sensitivity_at(self._specificity, self._level)
        self.readout.value = roc_point_html(self.point)
        figure = Figure(figsize=(5.2, 4.0), dpi=80, layout="constrained")
        fpr, tpr, *_rest = self.stored.scores.roc()
        draw_roc_band(figure.subplots(), self.band, self.point, curve=(fpr, tpr))
        self.image.value = to_png(figure)
