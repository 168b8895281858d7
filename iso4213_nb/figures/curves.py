"""The threshold curves of 6.3.6–6.3.9 drawn with a movable operating point.

Each curve of :mod:`iso4213_nb.measures.curves` (ROC, PR, gain, lift) is drawn by
:func:`draw_curve` on axes prepared by :func:`prepare_axes`.  The returned
:class:`CurveArtists` hold the line and an operating-point marker; a widget
moves the marker (and, for a prevalence change, the line's y values) in
place, so the figure is never rebuilt.

Static figures draw ROC and PR curves through :func:`drawn`, which first leaves
out the points on straight segments (scikit-learn's ``drop_intermediate``).
Curves with many points (one per distinct score) are thinned for drawing to
at most ``max_points`` vertices taken at evenly spaced ranks; the first and
last points are always kept.  :attr:`CurveArtists.index` records which points
were kept so that in-place updates of the full arrays stay aligned.
"""

from __future__ import annotations

from ..words.i18n import N_, _

from dataclasses import dataclass

import numpy as np
from matplotlib.axes import Axes
from matplotlib.lines import Line2D

from ..core.checks import one_of
from .decimal import localize

#: What the chance level of each curve is and where it is drawn.
KINDS = ("roc", "pr", "gain", "lift")

_TITLES = {
    "roc": N_("ROC curve (6.3.6)"),
    "pr": N_("Precision–recall curve (6.3.7)"),
    "gain": N_("Cumulative response (gain) curve (6.3.8)"),
    "lift": N_("Lift curve (6.3.9)"),
}
_LABELS = {
    "roc": (N_("false positive rate"), N_("true positive rate (recall)")),
    "pr": (N_("recall"), N_("precision")),
    "gain": (N_("share of samples predicted positive"), N_("true positive rate (recall)")),
    "lift": (N_("share of samples predicted positive"), N_("lift (TPR / share predicted positive)")),
}


@dataclass
class CurveArtists:
    """Handles of one drawn curve (6.3.6–6.3.9): the ``line`` (possibly thinned), the operating-point ``marker``
    (:meth:`move_marker`) and ``index``, the positions in the curve's full arrays of the vertices drawn."""

    line: Line2D
    marker: Line2D
    index: np.ndarray

    def move_marker(self, x: float, y: float) -> None:
        """Put the operating-point marker at ``(x, y)``; a NaN coordinate hides it."""
        self.marker.set_data([x], [y])

    def set_xy(self, x_full, y_full) -> None:
        """Replace both coordinates of the line by full-length arrays."""
        self.line.set_data(np.asarray(x_full, dtype=float)[self.index], np.asarray(y_full, dtype=float)[self.index])


def thin_index(n: int, max_points: int) -> np.ndarray:
    """Indices of at most ``max_points`` evenly spaced positions in ``range(n)``, first and last included.

    Clause 6.3.6–6.3.9.
    """
    if n <= max_points:
        return np.arange(n)
    return np.unique(np.round(np.linspace(0, n - 1, max_points)).astype(np.int64))


def drawn(scores, kind: str):
    """The ``kind`` curve of ``scores`` (a :class:`~iso4213_nb.measures.curves.BinaryScores`) for a static figure (6.3.6–6.3.9).

    ROC and PR curves lose the points that lie on a straight segment between their neighbours
    (``drop_intermediate=True``, scikit-learn's thinning), so the drawn line is exact and a
    curve with a point per distinct score needs far fewer vertices; gain and lift are whole.
    Figures that later move a marker along the full arrays (the explorers) draw the whole curve.
    """
    return getattr(scores, kind)(drop_intermediate=True) if kind in ("roc", "pr") else getattr(scores, kind)()


def prepare_axes(ax: Axes, kind: str, *, prevalence: float | None = None) -> Line2D | None:
    """Title, axis labels, limits and the chance line of one curve kind.

    Parameters
    ----------
    ax : matplotlib Axes.
    kind : ``"roc"``, ``"pr"``, ``"gain"`` or ``"lift"``.
    prevalence : share of positives; needed for ``"pr"``, whose chance level is
        a horizontal line at the prevalence (a classifier that guesses has
        precision equal to it).

    Returns
    -------
    The chance line (a Line2D that a widget may move, e.g. the PR baseline when
    the prevalence changes), or ``None`` for ``"pr"`` without a prevalence.

    The chance lines: ROC and gain the diagonal (AUROC and gain area 0.5,
    6.3.6, 6.3.8); lift the constant 1 (6.3.9).
    """
    one_of(kind, KINDS, "kind")
    xlabel, ylabel = _LABELS[kind]
    localize(ax)
    ax.set_title(_(_TITLES[kind]), fontsize=10)
    ax.set_xlabel(_(xlabel), fontsize=9)
    ax.set_ylabel(_(ylabel), fontsize=9)
    ax.tick_params(labelsize=8)
    ax.set_xlim(-0.02, 1.02)
    style = dict(color="0.6", linestyle=":", linewidth=1, label=_("chance"))
    if kind != "lift":
        ax.set_ylim(-0.02, 1.02)
        ax.set_aspect("equal", adjustable="box")
    if kind == "pr" and prevalence is None:
        return None
    levels = {"roc": [0, 1], "gain": [0, 1], "pr": [prevalence, prevalence], "lift": [1, 1]}
    (chance,) = ax.plot([0, 1], levels[kind], **style)
    return chance


def draw_curve(ax: Axes, curve, *, label: str | None = None, color=None, max_points: int = 4000,
               marker: str = "o") -> CurveArtists:
    """Draw one curve with an operating-point marker (initially hidden) (6.3.6–6.3.9).

    Parameters
    ----------
    ax : matplotlib Axes, usually prepared by :func:`prepare_axes`.
    curve : a :class:`iso4213_nb.measures.curves.Curve` (or anything with ``x`` and ``y``).
        Points with an undefined coordinate (NaN) leave a gap.
    label : legend entry.
    color : matplotlib colour; default the axes' next colour.
    max_points : most vertices drawn (see the module docstring).
    marker : matplotlib marker of the operating point.

    Returns
    -------
    CurveArtists
    """
    x = np.asarray(curve.x, dtype=float)
    y = np.asarray(curve.y, dtype=float)
    index = thin_index(len(x), max_points)
    (line,) = ax.plot(x[index], y[index], color=color, linewidth=1.5, label=label)
    # The marker takes the line's colour explicitly, so that it does not draw the next colour of the cycle: two
    # colours a curve gave ten classes five colours, and a model another colour in each figure.
    (point,) = ax.plot([np.nan], [np.nan], linestyle="none", marker=marker, markersize=8, color=line.get_color(),
                       markeredgecolor="black", zorder=5)
    return CurveArtists(line=line, marker=point, index=index)


def draw_point(ax: Axes, x: float, y: float, *, label: str | None = None, marker: str = "^", color=None) -> Line2D:
    """A single labelled point (an optimal operating point, say); move it later with ``set_data`` (6.3.6–6.3.9)."""
    (point,) = ax.plot([x], [y], linestyle="none", marker=marker, markersize=7, color=color,
                       markeredgecolor="black", label=label, zorder=4)
    return point
