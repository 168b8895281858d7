"""The threshold explorer's figure: six panels drawn once, updated in place, rendered to image bytes.

:class:`ExplorerFigure` draws the ROC, PR, gain and lift curves (6.3.6–6.3.9)
of every model of an :class:`~iso4213_nb.course.explorer_state.ExplorerState`, the
score histograms of both classes and the confusion matrix of Table 1 (6.3.2),
then follows the state: :meth:`~ExplorerFigure.show_threshold` moves the
operating points, the threshold line and the matrix counts;
:meth:`~ExplorerFigure.show_model`, :meth:`~ExplorerFigure.show_prevalence`
and :meth:`~ExplorerFigure.show_optima` redraw what those change.

**Speed.**  The figure is a plain :class:`matplotlib.figure.Figure` on an Agg
canvas (no pyplot, whatever the backend).  :meth:`~ExplorerFigure.render`
after a threshold move restores the saved static background and draws only
the artists that move (blitting); any other change repaints everything and
saves a new background.  The pixels are encoded as JPEG at quality 90 without
chroma subsampling by default (on these charts it looks the same as PNG and
encodes about ten times faster), or as PNG on request.
"""

from __future__ import annotations

from ..words.i18n import N_, _

import io
import textwrap

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from PIL import Image

from ..core.errors import InputError
from ..course.explorer_state import KINDS, OPTIMUM_CURVE
from .curves import draw_curve, draw_point, prepare_axes
from .distributions import draw_score_histograms, score_edges
from .matrix import draw_confusion_matrix

#: Encoder options of the two image formats.
IMAGE_OPTIONS = {"jpeg": {"quality": 90, "subsampling": 0}, "png": {"compress_level": 1}}

#: Legend label and marker of each optimal point.
OPTIMA = {"youden": (N_("Youden J"), "^"), "f1": (N_("best F1"), "s"), "cost": (N_("min cost"), "D")}


#: Longest line, in characters, of an axis label or title of the explorer's panels (Russian labels run long).
LABEL_CHARACTERS = 34


def wrap_titles(ax, width: int = LABEL_CHARACTERS) -> None:
    """Break the title and axis labels of ``ax`` into lines of at most ``width`` characters, so none is cut off.

    Beyond TS 4213: presentation only.
    """
    for text in (ax.title, ax.xaxis.label, ax.yaxis.label):
        text.set_text(textwrap.fill(text.get_text(), width))


class ExplorerFigure:
    """The explorer's figure for an :class:`~iso4213_nb.course.explorer_state.ExplorerState` (6.3).

    Parameters
    ----------
    state : the ExplorerState to draw (read, never changed).
    figsize, dpi : size of the figure; the image is ``figsize × dpi`` pixels.
    image_format : ``"jpeg"`` (default, fast) or ``"png"`` (lossless).

    Attributes
    ----------
    figure : the matplotlib Figure.
    axes : ``{"roc", "pr", "dist", "gain", "lift", "matrix"}`` → Axes.
    curves : ``{model: {kind: CurveArtists}}``; optimum markers in ``optimum_markers``.
    histograms : :class:`~iso4213_nb.figures.distributions.DistributionArtists` of the shown model.
    matrix : :class:`~iso4213_nb.figures.matrix.MatrixArtists`.
    """

    def __init__(self, state, *, figsize: tuple[float, float] = (12.0, 6.6), dpi: int = 80,
                 image_format: str = "jpeg"):
        if image_format not in IMAGE_OPTIONS:
            raise InputError(_("image_format must be 'jpeg' or 'png', got {value}").format(value=repr(image_format)))
        self.image_format = image_format
        self._state = state
        fig = Figure(figsize=figsize, dpi=dpi, layout="constrained")
        FigureCanvasAgg(fig)
        grid = fig.subplots(2, 3)
        self.axes = {"roc": grid[0, 0], "pr": grid[0, 1], "dist": grid[0, 2],
                     "gain": grid[1, 0], "lift": grid[1, 1], "matrix": grid[1, 2]}
        self._chance = {kind: prepare_axes(self.axes[kind], kind, prevalence=state.data_prevalence)
                        for kind in KINDS}
        self.curves, self.optimum_markers = {}, {}
        for i, (name, model) in enumerate(state.models.items()):
            colour = f"C{i % 10}"
            pr = model.curves["pr"]
            self.axes["pr"].plot(pr.x, pr.y, color=colour, alpha=0.3, linestyle="--", linewidth=1)
            self.curves[name] = {kind: draw_curve(self.axes[kind], model.curves[kind], label=name, color=colour)
                                 for kind in KINDS}
            self.optimum_markers[name] = {key: draw_point(self.axes[OPTIMUM_CURVE[key]], np.nan, np.nan,
                                                          marker=marker, color=colour)
                                          for key, (_, marker) in OPTIMA.items()}
        self._draw_legends(list(state.models))
        shown = state.models[state.model]
        edges = score_edges(*(m.scores for m in state.models.values()))
        self.histograms = draw_score_histograms(self.axes["dist"], shown.scores, shown.is_positive,
                                                edges=edges, threshold=state.threshold)
        self.matrix = draw_confusion_matrix(self.axes["matrix"], state.confusion, rows="predicted",
                                            title=_("Confusion matrix (Table 1, 6.3.2)"))
        for ax in self.axes.values():  # the tick numbers take the language's sign where each panel is drawn
            wrap_titles(ax)
        self.figure = fig
        self._background = None
        for artist in self._moving():
            artist.set_animated(True)
        self.show_prevalence()
        self.show_optima()
        self.show_threshold()

    def _draw_legends(self, names: list[str]) -> None:
        handles = [Line2D([], [], color=f"C{i % 10}", label=name) for i, name in enumerate(names)]
        handles += [Line2D([], [], linestyle="none", marker=marker, color="0.6", markeredgecolor="black", label=_(label))
                    for label, marker in OPTIMA.values()]
        handles.append(Line2D([], [], linestyle="none", marker="o", color="0.6", markeredgecolor="black",
                              label=_("current threshold")))
        self.axes["roc"].legend(handles=handles, fontsize=7, loc="lower right")
        self.axes["pr"].legend(handles=[Line2D([], [], color="0.4", linestyle="--", alpha=0.5,
                                               label=_("at the data's prevalence"))], fontsize=7, loc="lower left")

    # ------------------------------------------------------------------ following the state
    def show_threshold(self) -> None:
        """Operating points of every model, the threshold line and the matrix at the state's threshold."""
        state = self._state
        for name, artists in self.curves.items():
            for kind, (x, y) in state.operating_point(name).items():
                artists[kind].move_marker(x, y)
        self.histograms.move_threshold(state.threshold)
        self.matrix.update(state.confusion)

    def show_model(self) -> None:
        """Histograms of the state's model (the matrix follows with :meth:`show_threshold`)."""
        shown = self._state.models[self._state.model]
        self.histograms.set_scores(shown.scores, shown.is_positive)

    def show_prevalence(self) -> None:
        """PR, gain and lift curves at the state's prevalence (3.2.15); the lift axis fits the highest curve."""
        state = self._state
        for name, artists in self.curves.items():
            for kind in ("pr", "gain", "lift"):
                artists[kind].set_xy(*state.curve(name, kind))
        self._chance["pr"].set_ydata([state.prevalence, state.prevalence])
        top = max((np.nanmax(np.where(np.isfinite(y), y, np.nan), initial=1.0)
                   for y in (state.curve(name, "lift")[1] for name in self.curves)), default=1.0)
        self.axes["lift"].set_ylim(0, 1.05 * top)

    def show_optima(self) -> None:
        """Markers of the Youden-, F1- and cost-optimal points of every model."""
        for name, markers in self.optimum_markers.items():
            for key, (x, y) in self._state.optimum_points(name).items():
                markers[key].set_data([x], [y])

    # ------------------------------------------------------------------ pixels
    def _moving(self) -> list:
        """Artists a threshold move repaints: curve markers, threshold line, matrix cells (in drawing order)."""
        artists = [curves[kind].marker for curves in self.curves.values() for kind in KINDS]
        artists += [self.histograms.threshold_line, self.matrix.image]  # names and counts go on top of the image
        artists += [text for rows in (self.matrix.names, self.matrix.texts) for row in rows for text in row]
        return artists

    def render(self, full: bool = True) -> bytes:
        """Draw the figure and return it as image bytes in :attr:`image_format`.

        ``full=False`` (after a threshold move only) restores the saved static
        background and draws the moving artists over it; ``full=True`` repaints
        everything and saves a new background.  Both give the same pixels.
        """
        canvas = self.figure.canvas
        if full or self._background is None:
            canvas.draw()  # animated artists are left out of the background
            self._background = canvas.copy_from_bbox(self.figure.bbox)
        else:
            canvas.restore_region(self._background)
        for artist in self._moving():
            artist.axes.draw_artist(artist)
        buffer = io.BytesIO()
        # Pillow straight from the canvas buffer (matplotlib.image.imsave converts twice as slowly);
        # the figure is opaque, so RGB loses nothing and encodes faster.
        pixels = Image.frombuffer("RGBA", canvas.get_width_height(), canvas.buffer_rgba(), "raw", "RGBA", 0, 1)
        pixels.convert("RGB").save(buffer, format=self.image_format, **IMAGE_OPTIONS[self.image_format])
        return buffer.getvalue()

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) of the image in pixels."""
        width, height = self.figure.canvas.get_width_height()
        return int(width), int(height)
