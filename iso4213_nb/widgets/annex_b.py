"""Annex B threshold slider: Figures B.1–B.7 and the PR curve driven by one threshold (6.3.6).

Moving the slider (or setting ``explorer.threshold`` in Python) moves the
vertical line over the scores, re-marks each sample as correct (●) or
incorrect (✕), updates the confusion counts, TPR and FPR, and moves the
operating point on the ROC and precision–recall curves.  Buttons jump to the
five published thresholds; at those the read-out also shows the rates the
annex prints.  The default data are the reconstruction of
:func:`iso4213_nb.annexes.annex_b.reconstructed_data`.

The figure is drawn on an Agg canvas and shown as PNG bytes in an
:class:`ipywidgets.Image`, so it works in any front end without ipympl.  The
static parts (axes, curves, published points) are drawn once; a move restores
that background and draws only the line, the sample marks and the two
operating points (blitting).
"""

from __future__ import annotations

import html
import io

import ipywidgets as widgets
import matplotlib.image
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg

from ..annexes import annex_b
from ..core.errors import InputError
from ..figures.annex_b import AnnexBFigure
from ..measures.counts import BinaryCounts
from ..words.i18n import _, number
from ..figures.tables import format_value
from ._callbacks import GuardedCallbacks, Shown
from .images import figure_image
from .number_slider import HundredthsThreshold


class AnnexBExplorer(HundredthsThreshold, GuardedCallbacks, Shown):
    """Threshold slider over the Annex B data (or any 0/1 scored data).

    Parameters
    ----------
    scores, y_true : scores and 0/1 classes; default the reconstructed Annex B data.
    threshold : initial threshold (default 0,9).

    Attributes
    ----------
    slider : the threshold slider (hundredths, read out in the active language); it moves to the position
        nearest a threshold set in Python, which is kept exactly.
    figure : the matplotlib Figure (scores, ROC, PR).
    widget : the container to display.
    """

    def __init__(self, scores=None, y_true=None, threshold: float = 0.9):
        if (scores is None) != (y_true is None):
            raise InputError(_("give both scores and y_true, or neither (for the Annex B reconstruction)"))
        published = scores is None
        if published:
            scores, y_true, _source = annex_b.reconstructed_data()
        self._threshold_slider(threshold, layout=widgets.Layout(width="480px"))
        self._view = AnnexBFigure(scores, y_true, self._threshold, published=published)
        self._published = dict(zip(annex_b.thresholds(), annex_b.PUBLISHED)) if published else {}
        self.slider.observe(lambda change: self._slid(change["new"]), names="value")
        buttons = []
        for t, point in self._published.items():
            button = widgets.Button(description=_("{threshold} (Figure {figure})").format(threshold=point.threshold, figure=point.figure),
                                    layout=widgets.Layout(width="150px"))
            button.on_click(lambda _, t=t: setattr(self, "threshold", t))
            buttons.append(button)
        self.image = figure_image()
        self.readout = widgets.HTML()
        self.widget = widgets.VBox([self.slider, widgets.HBox(buttons), self.image, self.readout])
        self._state: dict = {}
        view = self._view
        self._animated = [view.scatter.line, view.scatter.correct, view.scatter.incorrect, view.roc.marker,
                          view.pr.marker]
        for artist in self._animated:
            artist.set_animated(True)
        self._canvas = FigureCanvasAgg(view.figure)
        self._canvas.draw()
        self._background = self._canvas.copy_from_bbox(view.figure.bbox)
        self._on_threshold()

    @property
    def figure(self):
        """The matplotlib Figure."""
        return self._view.figure

    @property
    def confusion(self) -> BinaryCounts:
        """TP, FP, TN, FN at the current threshold."""
        return self._state["counts"]

    @property
    def metrics(self) -> dict:
        """``{"tpr", "fpr", "precision"}`` at the current threshold (floats or Undefined)."""
        return {k: self._state[k] for k in ("tpr", "fpr", "precision")}

    def _on_threshold(self) -> None:
        self._state = self._view.set_threshold(self._threshold)
        self._canvas.restore_region(self._background)
        for artist in self._animated:
            artist.axes.draw_artist(artist)
        buffer = io.BytesIO()
        pixels = np.ascontiguousarray(np.asarray(self._canvas.buffer_rgba())[..., :3])
        matplotlib.image.imsave(buffer, pixels, format="png", pil_kwargs={"compress_level": 1})
        self.image.value = buffer.getvalue()
        self.readout.value = self._readout_html(self._threshold)

    def _readout_html(self, threshold: float) -> str:
        c, m = self.confusion, self.metrics

        def value(key):
            return html.escape(format_value(m[key], 4, decimal_comma=True))

        text = ("<p>" + _("threshold {threshold} (positive when score ≥ threshold):").format(
                    threshold=f"<b>{number(threshold, 2)}</b>")
                + f" TP = {c.tp}, FP = {c.fp}, TN = {c.tn}, FN = {c.fn}<br>"
                + _("T<sub>P</sub> rate = TP/(TP+FN) = {tpr}, F<sub>P</sub> rate = FP/(FP+TN) = {fpr}, "
                    "precision = {precision}").format(tpr=f"<span data-measure='tpr'>{value('tpr')}</span>",
                                                      fpr=f"<span data-measure='fpr'>{value('fpr')}</span>",
                                                      precision=value("precision")) + "</p>")
        point = self._published.get(round(threshold, 2))
        if point is not None:
            text += "<p>" + _("Figure {figure} prints T<sub>P</sub> rate {tpr} and F<sub>P</sub> rate {fpr}.").format(
                figure=point.figure, tpr=point.tpr, fpr=point.fpr) + "</p>"
        return text
