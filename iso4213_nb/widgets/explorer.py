"""ThresholdExplorer: one threshold linked to every view of a scored binary classifier.

Move the threshold (slider, exact-value box, or ``explorer.threshold = t`` in
Python) and every view follows: the operating point on the ROC, PR, gain and
lift curves (6.3.6–6.3.9), the threshold line on the score histograms of both
classes, the confusion matrix (Table 1, 6.3.2) and the clause-6 measures at
that threshold.  A prevalence slider reweights the negatives (see
:mod:`iso4213_nb.operating_points`) so the PR, gain and lift curves move while
ROC stays put (3.2.15).  Costs of a false positive and a false negative give the
cost-minimising threshold; Youden- and F1-optimal points are marked too.

**Speed.**  Everything that depends only on the data is computed once
(:class:`iso4213_nb.curves.BinaryScores`: sorted scores and cumulative
counts).  A threshold move is one ``counts_at`` lookup per model plus in-place
``set_data`` on existing artists; the figure is never rebuilt.

**Display.**  The figure is a plain :class:`matplotlib.figure.Figure` on an Agg
canvas (no pyplot, no ipympl).  After each change it is drawn once and its
pixels are sent as image bytes to an :class:`ipywidgets.Image`, updated in
place.  This works the same in JupyterLab, classic Notebook and Voilà, with
any matplotlib backend, and needs no JavaScript beyond ipywidgets.  A
threshold move repaints only the artists it changes over a saved background
(blitting).  The image is JPEG at quality 90 without chroma subsampling by
default: on these charts it looks the same as PNG and encodes about ten
times faster, which keeps a move well under 100 ms; ``image_format="png"``
sends lossless PNG instead.
"""

from __future__ import annotations

import html
import io
import math
from collections.abc import Mapping
from numbers import Real

import ipywidgets as widgets
import matplotlib.image
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from .. import measures
from .._checks import as_labels, as_scores
from ..curves import BinaryScores, positive_mask
from ..errors import InputError
from ._callbacks import GuardedCallbacks
from ..figures.curves import draw_curve, draw_point, prepare_axes
from ..figures.distributions import draw_score_histograms, score_edges
from ..figures.matrix import draw_confusion_matrix
from ..operating_points import check_costs, counts_at_thresholds, negative_weight, optimal_points, rates
from ..tables import format_value
from ..undefined import ratio

#: The measures shown in the read-out, with the clause (or source) that defines them.
SHOWN = {
    "binary_accuracy": ("accuracy", "6.3.3"),
    "precision": ("precision", "6.2.4"),
    "recall": ("recall (TPR)", "6.2.4"),
    "specificity": ("specificity (TNR)", "6.2.4"),
    "f1": ("F1", "6.2.5"),
    "false_positive_rate": ("false positive rate", "3.2.12"),
    "negative_predictive_value": ("negative predictive value", "TR 24029-1"),
    "balanced_accuracy": ("balanced accuracy", "(recall + specificity) / 2"),
    "matthews_correlation": ("Matthews correlation", "common"),
}
_KINDS = ("roc", "pr", "gain", "lift")
_IMAGE_OPTIONS = {"jpeg": {"quality": 90, "subsampling": 0}, "png": {"compress_level": 1}}
_OPTIMA = {"youden": ("Youden J", "^"), "f1": ("best F1", "s"), "cost": ("min cost", "D")}


class _Model:
    """Precomputed curves and artists of one model (internal)."""

    def __init__(self, name: str, scores: np.ndarray, labels: np.ndarray, positive):
        self.name = name
        self.scores = scores
        self.binary = BinaryScores(labels, scores, positive)
        if self.binary.positives == 0 or self.binary.negatives == 0:
            missing = "positive" if self.binary.positives == 0 else "negative"
            raise InputError(f"y_true has no {missing} samples; the explorer needs both classes")
        self.is_positive, _ = positive_mask(labels, self.binary.positive)
        self.curves = {"roc": self.binary.roc(), "pr": self.binary.pr(),
                       "gain": self.binary.gain(), "lift": self.binary.lift()}
        self.curve_counts = {kind: counts_at_thresholds(self.binary, curve.thresholds)
                             for kind, curve in self.curves.items()}
        self.artists = {}
        self.optimum_artists = {}
        self.counts = None
        self.optima = None


def _as_models(y_true, scores, positive) -> dict[str, _Model]:
    labels = as_labels(y_true, "y_true")
    if isinstance(scores, Mapping):
        if not scores:
            raise InputError("scores is an empty mapping; give at least one model name → scores")
        named = {str(name): values for name, values in scores.items()}
    else:
        named = {"model": scores}
    return {name: _Model(name, as_scores(values, f"scores of {name!r}"), labels, positive)
            for name, values in named.items()}


def _check_threshold(value) -> float:
    if isinstance(value, bool) or not isinstance(value, Real) or not math.isfinite(value):
        raise InputError(f"threshold must be a finite number, got {value!r}")
    return float(value)


class ThresholdExplorer(GuardedCallbacks):
    """Interactive threshold explorer for one or several scored binary classifiers.

    Parameters
    ----------
    y_true : array of true labels (two classes).
    scores : array of real scores (higher = more positive), or a mapping
        ``{model name: scores}`` to draw several models on the same axes.
    positive : label of the positive class (default 1/True for 0/1 or boolean labels).
    costs : ``(cost of a false positive, cost of a false negative)`` or a mapping
        with keys ``"fp"`` and ``"fn"``; default ``(1, 1)``, for which the
        cost-minimising threshold is the one with fewest errors.  Editable in the widget.
    threshold : initial threshold (default 0.5 for scores within [0, 1], else the middle of the score range).
    prevalence : initial share of positives of the prevalence slider (default: the data's).
    model : model whose matrix and measures are shown (default: the first).
    figsize, dpi : size of the figure.
    image_format : ``"jpeg"`` (default, fast) or ``"png"`` (lossless) for the displayed image.

    Attributes and properties
    -------------------------
    threshold : float, settable; a sample is predicted positive when score ≥ threshold.
    model : str, settable; the model that :attr:`confusion`, :attr:`metrics`,
        the score histograms and the matrix refer to (a drop-down in the widget
        when there are several).  :meth:`confusion_of` and :meth:`metrics_of`
        answer for any model.
    prevalence : float, settable; PR, gain and lift are drawn as if this share
        of the samples were positive (negatives reweighted, 3.2.15).
    costs : (cost_fp, cost_fn), settable.
    confusion : :class:`~iso4213_nb.BinaryCounts` of :attr:`model` at :attr:`threshold`.
    metrics : dict of every measure of :data:`iso4213_nb.measures.PER_CLASS` at that point.
    optima : :class:`~iso4213_nb.operating_points.OptimalPoints` of :attr:`model`
        (at the current prevalence and costs).
    figure : the matplotlib Figure (updated in place).
    widget : the ipywidgets container to display.
    """

    def __init__(self, y_true, scores, positive=None, *, costs=None, threshold: float | None = None,
                 prevalence: float | None = None, model: str | None = None,
                 figsize: tuple[float, float] = (12.0, 7.0), dpi: int = 80, image_format: str = "jpeg"):
        if image_format not in _IMAGE_OPTIONS:
            raise InputError(f"image_format must be 'jpeg' or 'png', got {image_format!r}")
        self._image_format = image_format
        self._models = _as_models(y_true, scores, positive)
        first = next(iter(self._models.values())).binary
        self._data_prevalence = first.positives / first.n
        lo = min(float(m.scores.min()) for m in self._models.values())
        hi = max(float(m.scores.max()) for m in self._models.values())
        self._costs = check_costs(*self._parse_costs(costs))
        self._prevalence = self._data_prevalence
        self._weight = 1.0
        if prevalence is not None:
            negative_weight(first.positives, first.negatives, prevalence)  # refuse a bad value before drawing
        self._model = self._check_model(model) if model is not None else next(iter(self._models))
        if threshold is None:
            threshold = 0.5 if 0 <= lo and hi <= 1 else (lo + hi) / 2
        self._threshold = _check_threshold(threshold)
        self._syncing = False
        self._build_figure(figsize, dpi)
        self._build_widgets(lo, hi)
        if prevalence is not None:
            self._set_prevalence(prevalence)
            self._sync(self.prevalence_slider, self._prevalence)
        self._update_optima()
        self._move()
        self._render()

    # ------------------------------------------------------------------ construction
    @staticmethod
    def _parse_costs(costs) -> tuple:
        if costs is None:
            return 1.0, 1.0
        if isinstance(costs, Mapping):
            unknown = set(costs) - {"fp", "fn"}
            if unknown:
                raise InputError(f"costs has unknown key(s) {sorted(map(str, unknown))}; use 'fp' and 'fn'")
            return costs.get("fp", 1.0), costs.get("fn", 1.0)
        try:
            cost_fp, cost_fn = costs
        except (TypeError, ValueError):
            raise InputError(f"costs must be (cost_fp, cost_fn) or {{'fp': ..., 'fn': ...}}, got {costs!r}") from None
        return cost_fp, cost_fn

    def _check_model(self, name) -> str:
        if name not in self._models:
            raise InputError(f"unknown model {name!r}; models are: {', '.join(self._models)}")
        return name

    def _build_figure(self, figsize, dpi) -> None:
        fig = Figure(figsize=figsize, dpi=dpi)
        FigureCanvasAgg(fig)
        grid = fig.subplots(2, 3, gridspec_kw=dict(left=0.06, right=0.98, bottom=0.07, top=0.95,
                                                   wspace=0.3, hspace=0.5))
        self._axes = {"roc": grid[0, 0], "pr": grid[0, 1], "dist": grid[0, 2],
                      "gain": grid[1, 0], "lift": grid[1, 1], "matrix": grid[1, 2]}
        self._chance = {kind: prepare_axes(self._axes[kind], kind, prevalence=self._data_prevalence)
                        for kind in _KINDS}
        for i, model in enumerate(self._models.values()):
            colour = f"C{i % 10}"
            pr = model.curves["pr"]
            self._axes["pr"].plot(pr.x, pr.y, color=colour, alpha=0.3, linestyle="--", linewidth=1)
            for kind in _KINDS:
                model.artists[kind] = draw_curve(self._axes[kind], model.curves[kind], label=model.name,
                                                 color=colour)
            for key, (_, marker) in _OPTIMA.items():
                ax = self._axes["pr" if key == "f1" else "roc"]
                model.optimum_artists[key] = draw_point(ax, np.nan, np.nan, marker=marker, color=colour)
        legend = [Line2D([], [], color=f"C{i % 10}", label=name) for i, name in enumerate(self._models)]
        legend += [Line2D([], [], linestyle="none", marker=marker, color="0.6", markeredgecolor="black", label=label)
                   for label, marker in _OPTIMA.values()]
        legend.append(Line2D([], [], linestyle="none", marker="o", color="0.6", markeredgecolor="black",
                             label="current threshold"))
        self._axes["roc"].legend(handles=legend, fontsize=7, loc="lower right")
        self._axes["pr"].legend(handles=[Line2D([], [], color="0.4", linestyle="--", alpha=0.5,
                                                label="at the data's prevalence")], fontsize=7, loc="lower left")
        current = self._models[self._model]
        self._edges = score_edges(*(m.scores for m in self._models.values()))
        self._dist = draw_score_histograms(self._axes["dist"], current.scores, current.is_positive,
                                           edges=self._edges, threshold=self._threshold)
        self._matrix = draw_confusion_matrix(self._axes["matrix"], current.binary.counts_at(self._threshold),
                                             rows="predicted", title="Confusion matrix (Table 1, 6.3.2)")
        self._fit_lift_axis()
        self.figure = fig
        self._background = None
        for artist in self._animated():
            artist.set_animated(True)

    def _build_widgets(self, lo: float, hi: float) -> None:
        step = (hi - lo) / 500 if hi > lo else 0.01
        self.threshold_slider = widgets.FloatSlider(
            value=min(max(self._threshold, lo), hi + step), min=lo, max=hi + step, step=step,
            description="threshold", readout_format=".3f", continuous_update=True,
            layout=widgets.Layout(width="520px"))
        self.threshold_text = widgets.FloatText(value=self._threshold, description="exact", step=step,
                                                layout=widgets.Layout(width="200px"))
        self.model_select = widgets.Dropdown(options=list(self._models), value=self._model, description="model")
        self.prevalence_slider = widgets.FloatSlider(
            value=self._data_prevalence, min=0.01, max=0.99, step=0.01, description="prevalence",
            readout_format=".2f", continuous_update=True, layout=widgets.Layout(width="420px"))
        self.cost_fp_text = widgets.BoundedFloatText(value=self._costs[0], min=0, max=1e12, description="cost FP",
                                                     layout=widgets.Layout(width="170px"))
        self.cost_fn_text = widgets.BoundedFloatText(value=self._costs[1], min=0, max=1e12, description="cost FN",
                                                     layout=widgets.Layout(width="170px"))
        self.optimum_buttons = {key: widgets.Button(description=f"go to {label}", layout=widgets.Layout(width="130px"))
                                for key, (label, _) in _OPTIMA.items()}
        self.image = widgets.Image(format=self._image_format, layout=widgets.Layout(max_width="100%"))
        self.readout = widgets.HTML(layout=widgets.Layout(width="330px"))
        self.message = widgets.HTML()

        self.threshold_slider.observe(self._on_threshold_widget, "value")
        self.threshold_text.observe(self._on_threshold_widget, "value")
        self.model_select.observe(lambda change: self._guarded(setattr, self, "model", change.new), "value")
        self.prevalence_slider.observe(lambda change: self._guarded(setattr, self, "prevalence", change.new),
                                       "value")
        for box in (self.cost_fp_text, self.cost_fn_text):
            box.observe(lambda _: self._guarded(setattr, self, "costs",
                                                (self.cost_fp_text.value, self.cost_fn_text.value)), "value")
        for key, button in self.optimum_buttons.items():
            button.on_click(lambda _, key=key: setattr(self, "threshold", getattr(self.optima, key).threshold))

        top = [self.threshold_slider, self.threshold_text]
        if len(self._models) > 1:
            top.append(self.model_select)
        self.widget = widgets.VBox([
            widgets.HBox(top),
            widgets.HBox([self.prevalence_slider, self.cost_fp_text, self.cost_fn_text]),
            widgets.HBox(list(self.optimum_buttons.values())),
            self.message,
            widgets.HBox([self.image, self.readout]),
        ])

    # ------------------------------------------------------------------ widget callbacks
    def _on_threshold_widget(self, change) -> None:
        if not self._syncing:
            self._guarded(setattr, self, "threshold", change.new)

    # ------------------------------------------------------------------ state
    @property
    def threshold(self) -> float:
        """The decision threshold: predicted positive when score ≥ threshold."""
        return self._threshold

    @threshold.setter
    def threshold(self, value) -> None:
        self._threshold = _check_threshold(value)
        slider = self.threshold_slider
        self._sync(slider, min(max(self._threshold, slider.min), slider.max))
        self._sync(self.threshold_text, self._threshold)
        self._move()
        self._render(full=False)

    @property
    def model(self) -> str:
        """Name of the model that :attr:`confusion`, :attr:`metrics`, the histograms and the matrix show."""
        return self._model

    @model.setter
    def model(self, name) -> None:
        self._model = self._check_model(name)
        self._sync(self.model_select, self._model)
        self._show_model()
        self._move()
        self._render()

    @property
    def prevalence(self) -> float:
        """Share of positives at which PR, gain, lift, F1 and cost are shown (the data's by default)."""
        return self._prevalence

    @prevalence.setter
    def prevalence(self, value) -> None:
        self._set_prevalence(value)
        self._sync(self.prevalence_slider, self._prevalence)
        self._update_optima()
        self._move()
        self._render()

    @property
    def costs(self) -> tuple[float, float]:
        """(cost of a false positive, cost of a false negative)."""
        return self._costs

    @costs.setter
    def costs(self, value) -> None:
        self._costs = check_costs(*self._parse_costs(value))
        self._sync(self.cost_fp_text, self._costs[0])
        self._sync(self.cost_fn_text, self._costs[1])
        self._update_optima()
        self._move()
        self._render()

    @property
    def models(self) -> list[str]:
        """Names of the models, in drawing order."""
        return list(self._models)

    @property
    def confusion(self):
        """:class:`~iso4213_nb.BinaryCounts` of :attr:`model` at :attr:`threshold` (tp, fp, tn, fn)."""
        return self._models[self._model].counts

    @property
    def metrics(self) -> dict:
        """Every measure of :data:`iso4213_nb.measures.PER_CLASS` for :attr:`confusion` (floats or Undefined)."""
        return self.metrics_of(self._model)

    def confusion_of(self, name: str):
        """:class:`~iso4213_nb.BinaryCounts` of model ``name`` at the current threshold."""
        return self._models[self._check_model(name)].counts

    def metrics_of(self, name: str) -> dict:
        """The measures of :data:`iso4213_nb.measures.PER_CLASS` of model ``name`` at the current threshold."""
        counts = self.confusion_of(name)
        return {key: measure(counts) for key, measure in measures.PER_CLASS.items()}

    @property
    def optima(self):
        """:class:`~iso4213_nb.operating_points.OptimalPoints` of :attr:`model` at the current prevalence and costs."""
        return self._models[self._model].optima

    def optima_of(self, name: str):
        """:class:`~iso4213_nb.operating_points.OptimalPoints` of model ``name``."""
        return self._models[self._check_model(name)].optima

    @property
    def precision_at_prevalence(self):
        """Precision of :attr:`model` at the threshold with negatives reweighted to :attr:`prevalence` (3.2.15)."""
        c = self.confusion
        return ratio(c.tp, c.tp + self._weight * c.fp, measures.NO_PREDICTED_POSITIVES)

    # ------------------------------------------------------------------ updates
    def _move(self) -> None:
        """Counts at the threshold for every model, markers and the threshold line moved in place, read-out rewritten."""
        for model in self._models.values():
            counts = model.binary.counts_at(self._threshold)
            model.counts = counts
            r = rates([counts.tp], [counts.fp], model.binary.positives, model.binary.negatives, self._weight)
            model.artists["roc"].move_marker(r["fpr"][0], r["tpr"][0])
            model.artists["pr"].move_marker(r["tpr"][0], r["precision"][0])
            model.artists["gain"].move_marker(r["share"][0], r["tpr"][0])
            model.artists["lift"].move_marker(r["share"][0], r["lift"][0])
        self._dist.move_threshold(self._threshold)
        self._matrix.update(self.confusion)
        self.message.value = ""
        self.readout.value = self._readout_html()

    def _show_model(self) -> None:
        current = self._models[self._model]
        self._dist.set_scores(current.scores, current.is_positive)

    def _set_prevalence(self, value) -> None:
        first = next(iter(self._models.values())).binary
        self._weight = negative_weight(first.positives, first.negatives, value)
        self._prevalence = float(value)
        for model in self._models.values():
            curves, binary = model.curves, model.binary
            r = {kind: rates(*model.curve_counts[kind], binary.positives, binary.negatives, self._weight)
                 for kind in ("pr", "gain", "lift")}
            model.artists["pr"].set_y(r["pr"]["precision"])
            model.artists["gain"].set_xy(r["gain"]["share"], curves["gain"].y)
            model.artists["lift"].set_xy(r["lift"]["share"], r["lift"]["lift"])
        self._chance["pr"].set_ydata([self._prevalence, self._prevalence])
        self._fit_lift_axis()

    def _fit_lift_axis(self) -> None:
        top = max(np.nanmax(np.where(np.isfinite(m.artists["lift"].line.get_ydata()),
                                     m.artists["lift"].line.get_ydata(), np.nan), initial=1.0)
                  for m in self._models.values())
        self._axes["lift"].set_ylim(0, 1.05 * top)

    def _update_optima(self) -> None:
        prevalence = None if self._weight == 1.0 else self._prevalence
        for model in self._models.values():
            binary = model.binary
            model.optima = optimal_points(binary, cost_fp=self._costs[0], cost_fn=self._costs[1],
                                          prevalence=prevalence)
            for key, point in model.optima._asdict().items():
                c = point.counts
                r = rates([c.tp], [c.fp], binary.positives, binary.negatives, self._weight)
                x, y = (r["tpr"][0], r["precision"][0]) if key == "f1" else (r["fpr"][0], r["tpr"][0])
                model.optimum_artists[key].set_data([x], [y])

    def _animated(self) -> list:
        """The artists a threshold move repaints: curve markers, threshold line, matrix cells (in drawing order)."""
        artists = [model.artists[kind].marker for model in self._models.values() for kind in _KINDS]
        artists += [self._dist.threshold_line, self._matrix.image]  # cell names and counts go on top of the image
        artists += [text for rows in (self._matrix.names, self._matrix.texts) for row in rows for text in row]
        return artists

    def _render(self, full: bool = True) -> None:
        """Redraw the figure on its Agg canvas and send the pixels to the Image widget.

        A threshold move (``full=False``) restores the saved static background
        and draws only the artists it changed (blitting); other changes (model,
        prevalence, costs) repaint everything and save a new background.
        """
        canvas = self.figure.canvas
        if full or self._background is None:
            canvas.draw()  # animated artists are left out of the background
            self._background = canvas.copy_from_bbox(self.figure.bbox)
        else:
            canvas.restore_region(self._background)
        for artist in self._animated():
            artist.axes.draw_artist(artist)
        buffer = io.BytesIO()
        pixels = np.ascontiguousarray(np.asarray(canvas.buffer_rgba())[..., :3])  # opaque figure: RGB encodes faster
        matplotlib.image.imsave(buffer, pixels, format=self._image_format,
                                pil_kwargs=_IMAGE_OPTIONS[self._image_format])
        self.image.value = buffer.getvalue()

    # ------------------------------------------------------------------ read-out
    def _readout_html(self) -> str:
        c, name = self.confusion, html.escape(self._model)
        values = self.metrics
        cell = "<td data-cell='{0}' style='text-align:right;padding:2px 8px'><b>{0}</b> {1:,}</td>"
        matrix = (
            "<table class='iso4213-confusion' style='border-collapse:collapse'>"
            "<tr><th></th><th>true positive</th><th>true negative</th></tr>"
            f"<tr><th>predicted positive</th>{cell.format('TP', c.tp)}{cell.format('FP', c.fp)}</tr>"
            f"<tr><th>predicted negative</th>{cell.format('FN', c.fn)}{cell.format('TN', c.tn)}</tr></table>"
        )
        rows = "".join(
            f"<tr><td>{label}</td><td data-measure='{key}' style='text-align:right;padding:0 8px'>"
            f"{html.escape(format_value(values[key], decimals=4))}</td><td style='color:#666'>{clause}</td></tr>"
            for key, (label, clause) in SHOWN.items())
        optima = ", ".join(f"{label} at {point.threshold:.4g}" for (label, _), point
                           in zip(_OPTIMA.values(), self.optima))
        reweighted = ""
        if self._weight != 1.0:
            reweighted = (f"<p>At prevalence {self._prevalence:.2f} (data: {self._data_prevalence:.2f}): precision "
                          f"<span data-measure='precision_at_prevalence'>"
                          f"{html.escape(format_value(self.precision_at_prevalence, decimals=4))}</span>; "
                          "recall, specificity and the ROC curve do not change (3.2.15).</p>")
        return (
            f"<div class='iso4213-readout'><p><b>{name}</b>, threshold <span data-value='threshold' "
            f"data-exact='{self._threshold!r}'>{self._threshold:.4f}</span><br>"
            f"predicted positive when score ≥ threshold</p>{matrix}"
            f"<table class='iso4213-metrics'>{rows}</table><p>Optima: {html.escape(optima)}</p>{reweighted}</div>"
        )

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        return (f"ThresholdExplorer(models={self.models}, model={self._model!r}, "
                f"threshold={self._threshold:g}, prevalence={self._prevalence:.3f})")
