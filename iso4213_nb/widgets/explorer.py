"""ThresholdExplorer: ipywidgets wiring of one threshold to every view of a scored binary classifier.

The rules live elsewhere and are tested without a browser:
:class:`iso4213_nb.course.explorer_state.ExplorerState` holds the threshold, model,
prevalence and costs and computes the counts (Table 1, 6.3.2), measures,
operating points (6.3.6–6.3.9, 3.2.15) and optima;
:class:`iso4213_nb.figures.explorer.ExplorerFigure` draws and renders the
figure; :func:`iso4213_nb.figures.explorer_readout.readout_html` writes the
read-out.  This module only connects controls to them.

**Exact values.**  Sliders are positions on a round grid (integer sliders,
so the browser never snaps a value and sends it back); the box beside each
slider holds the exact value.  A value typed in a box is kept exactly, every
read-out is computed at it, and the slider only moves to its nearest position.

**Latency.**  A move answers with a lookup: the read-out is sent first, then
the image, redrawn by blitting only the moving artists (see
:mod:`iso4213_nb.figures.explorer`).  While the kernel is busy, the browser
merges further moves of the same slider into one message (ipywidgets keeps at
most one message in flight per control), so a burst of key presses ends in
one or two redraws, not one per key.
"""

from __future__ import annotations

import ipywidgets as widgets

from ..course.explorer_state import ExplorerState
from ..figures.explorer import OPTIMA, ExplorerFigure
from ..figures.explorer_readout import SHOWN, readout_html
from ..words.i18n import _
from ._callbacks import GuardedCallbacks, Shown

__all__ = ["SHOWN", "ThresholdExplorer"]

_READOUT_WIDTH = 300
#: Narrowest the figure is shown beside the read-out, in pixels; in a narrower space the read-out goes below it.
_FIGURE_LEAST = 700


class ThresholdExplorer(GuardedCallbacks, Shown):
    """Interactive threshold explorer for one or several scored binary classifiers (6.3).

    Parameters
    ----------
    y_true : array of true labels (two classes).
    scores : array of real scores (higher = more positive), or a mapping
        ``{model name: scores}`` to draw several models on the same axes.
    positive : label of the positive class (default 1/True for 0/1 or boolean labels).
    costs : ``(cost of a false positive, cost of a false negative)`` or ``{"fp": …, "fn": …}``;
        default ``(1, 1)``, for which the cost-minimising threshold has the fewest errors.
    threshold : initial threshold (default 0.5 for scores within [0, 1], else the middle of the score range).
    prevalence : initial share of positives for PR, gain, lift, F1 and cost (default: the data's).
    model : model whose matrix and measures are shown (default: the first).
    figsize, dpi : size of the figure (default 960 × 528 pixels, which with the controls and the
        read-out fits a 1366 × 768 screen).
    image_format : ``"jpeg"`` (default, fast) or ``"png"`` (lossless).

    Attributes and properties
    -------------------------
    state : the :class:`~iso4213_nb.course.explorer_state.ExplorerState` behind every view.
    threshold, model, prevalence, costs : settable from Python; the widgets follow.
    models, confusion, metrics, optima, precision_at_prevalence : read from :attr:`state`;
        :meth:`confusion_of`, :meth:`metrics_of`, :meth:`optima_of` answer for any model.
    view : the :class:`~iso4213_nb.figures.explorer.ExplorerFigure`; ``figure`` its matplotlib Figure.
    widget : the ipywidgets container to display.
    """

    def __init__(self, y_true, scores, positive=None, *, costs=None, threshold: float | None = None,
                 prevalence: float | None = None, model: str | None = None,
                 figsize: tuple[float, float] = (12.0, 6.6), dpi: int = 80, image_format: str = "jpeg"):
        self.state = ExplorerState(y_true, scores, positive, costs=costs, threshold=threshold,
                                   prevalence=prevalence, model=model)
        self.view = ExplorerFigure(self.state, figsize=figsize, dpi=dpi, image_format=image_format)
        self.figure = self.view.figure
        self._build_widgets()
        self._show(full=True)

    # ------------------------------------------------------------------ controls
    def _build_widgets(self) -> None:
        state = self.state
        named = {"description_width": "initial"}  # a label as wide as its words ("пороговое значение"), never cut
        self.threshold_slider, self.threshold_text = self._exact_control(
            "threshold", _("threshold"), "420px", _("exact threshold: type a value and press Enter"))
        self.model_select = widgets.Dropdown(options=list(state.models), value=state.model, description=_("model"),
                                             style=named, layout=widgets.Layout(width="auto"))
        self.prevalence_slider, self.prevalence_text = self._exact_control(
            "prevalence", _("prevalence"), "340px", _("exact prevalence, strictly between 0 and 1"))
        self.cost_fp_text = widgets.BoundedFloatText(value=state.costs[0], min=0, max=1e12, description=_("cost FP"),
                                                     style=named, layout=widgets.Layout(width="auto"))
        self.cost_fn_text = widgets.BoundedFloatText(value=state.costs[1], min=0, max=1e12, description=_("cost FN"),
                                                     style=named, layout=widgets.Layout(width="auto"))
        self.optimum_buttons = {key: widgets.Button(description=_("go to {optimum}").format(optimum=_(label)),
                                                    layout=widgets.Layout(width="auto"))
                                for key, (label, _marker) in OPTIMA.items()}
        width, _height = self.view.size
        self.image = widgets.Image(format=self.view.image_format, layout=widgets.Layout(
            width="100%", max_width=f"{width}px", height="auto", align_self="flex-start", object_fit="contain"))
        self.readout = widgets.HTML(layout=widgets.Layout(width=f"{_READOUT_WIDTH}px", flex=f"0 0 {_READOUT_WIDTH}px"))
        self.message = widgets.HTML()

        self.model_select.observe(lambda change: self._guarded(setattr, self, "model", change.new), "value")
        for box in (self.cost_fp_text, self.cost_fn_text):
            box.observe(lambda _: self._guarded(setattr, self, "costs",
                                                (self.cost_fp_text.value, self.cost_fn_text.value)), "value")
        for key, button in self.optimum_buttons.items():
            button.on_click(lambda _, key=key: self._guarded(
                setattr, self, "threshold", getattr(self.state.optima, key).threshold))

        top = [self.threshold_slider, self.threshold_text]
        if len(state.models) > 1:
            top.append(self.model_select)
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        # The figure takes the whole row where the read-out beside it would shrink it below _FIGURE_LEAST pixels
        # (the book's 760-pixel column); the read-out then sits below it.
        figure_box = widgets.Box([self.image], layout=widgets.Layout(flex=f"1 1 {_FIGURE_LEAST}px", min_width="0"))
        self.widget = widgets.VBox([
            widgets.HBox(top, layout=wrap),
            widgets.HBox([self.prevalence_slider, self.prevalence_text, self.cost_fp_text, self.cost_fn_text],
                         layout=wrap),
            widgets.HBox([*self.optimum_buttons.values(), self.message], layout=wrap),
            widgets.HBox([figure_box, self.readout], layout=widgets.Layout(flex_flow="row wrap",
                                                                           align_items="flex-start")),
        ], layout=widgets.Layout(max_width="100%"))
        self.widget.add_class("iso4213-explorer-widget")

    def _exact_control(self, name: str, description: str, width: str, tooltip: str):
        """``(slider, box)`` for the state's ``name`` (``threshold`` or ``prevalence``): an integer slider over the
        positions of its grid and a box holding the exact value; a move of either sets ``name`` (checked; a refusal
        goes to the message)."""
        value, grid = getattr(self.state, name), getattr(self.state, f"{name}_grid")
        slider = widgets.IntSlider(value=grid.index(value), min=0, max=grid.steps, description=description,
                                   readout=False, continuous_update=True, style={"description_width": "initial"},
                                   layout=widgets.Layout(width=width))
        box = widgets.FloatText(value=value, layout=widgets.Layout(width="120px"), tooltip=tooltip)
        slider.observe(lambda change: self._guarded(setattr, self, name, grid.value(change.new)), "value")
        box.observe(lambda change: self._guarded(setattr, self, name, change.new), "value")
        return slider, box

    # ------------------------------------------------------------------ settable state
    @property
    def threshold(self) -> float:
        """The decision threshold, exactly as set: predicted positive when score ≥ threshold."""
        return self.state.threshold

    @threshold.setter
    def threshold(self, value) -> None:
        self.state.threshold = value
        self._sync(self.threshold_slider, self.state.threshold_grid.index(self.state.threshold))
        self._sync(self.threshold_text, self.state.threshold)
        self.view.show_threshold()
        self._show(full=False)

    @property
    def model(self) -> str:
        """The model that :attr:`confusion`, :attr:`metrics`, the histograms and the matrix show."""
        return self.state.model

    @model.setter
    def model(self, name) -> None:
        self.state.model = name
        self._sync(self.model_select, self.state.model)
        self.view.show_model()
        self.view.show_threshold()
        self._show(full=True)

    @property
    def prevalence(self) -> float:
        """Share of positives at which PR, gain, lift, F1 and cost are shown, exactly as set (3.2.15)."""
        return self.state.prevalence

    @prevalence.setter
    def prevalence(self, value) -> None:
        self.state.prevalence = value
        self._sync(self.prevalence_slider, self.state.prevalence_grid.index(self.state.prevalence))
        self._sync(self.prevalence_text, self.state.prevalence)
        self.view.show_prevalence()
        self._after_optima()

    @property
    def costs(self) -> tuple[float, float]:
        """(cost of a false positive, cost of a false negative)."""
        return self.state.costs

    @costs.setter
    def costs(self, value) -> None:
        self.state.costs = value
        self._sync(self.cost_fp_text, self.state.costs[0])
        self._sync(self.cost_fn_text, self.state.costs[1])
        self._after_optima()

    # ------------------------------------------------------------------ read-only views of the state
    @property
    def models(self) -> list[str]:
        """Names of the models, in drawing order."""
        return list(self.state.models)

    @property
    def confusion(self):
        """:class:`~iso4213_nb.BinaryCounts` of :attr:`model` at :attr:`threshold`."""
        return self.state.confusion

    @property
    def metrics(self) -> dict:
        """Every measure of :data:`iso4213_nb.measures.counts.PER_CLASS` at :attr:`confusion`."""
        return self.state.metrics

    @property
    def optima(self):
        """:class:`~iso4213_nb.measures.operating_points.OptimalPoints` of :attr:`model` at the prevalence and costs."""
        return self.state.optima

    @property
    def precision_at_prevalence(self):
        """Precision of :attr:`model` at the threshold with negatives reweighted to :attr:`prevalence`."""
        return self.state.precision_at_prevalence

    def confusion_of(self, name: str):
        """Counts of model ``name`` at the threshold."""
        return self.state.confusion_of(name)

    def metrics_of(self, name: str) -> dict:
        """Measures of model ``name`` at the threshold."""
        return self.state.metrics_of(name)

    def optima_of(self, name: str):
        """Optimal points of model ``name``."""
        return self.state.optima_of(name)

    # ------------------------------------------------------------------ output
    def _after_optima(self) -> None:
        self.view.show_optima()
        self.view.show_threshold()
        self._show(full=True)

    def _show(self, full: bool) -> None:
        """Send the read-out first (a lookup), then the redrawn image; a message about refused input goes."""
        self.message.value = ""
        self.readout.value = readout_html(self.state)
        self.image.value = self.view.render(full=full)

    def __repr__(self) -> str:
        return (f"ThresholdExplorer(models={self.models}, model={self.model!r}, "
                f"threshold={self.threshold:g}, prevalence={self.prevalence:.4g})")
