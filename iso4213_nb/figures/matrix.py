"""A confusion matrix drawn as a heat map with its orientation written on the axes (6.2.2).

TS 4213 prints predicted classes in rows (Table 1, Table A.1); most software
puts true classes in rows.  :func:`draw_confusion_matrix` therefore takes
``rows="true"|"predicted"`` with no default and labels both axes with what
they hold.  :meth:`MatrixArtists.update` changes the counts in place.

A :class:`~iso4213_nb.BinaryCounts` is drawn as the 2×2 matrix of Table 1
(classes "positive" and "negative" in the active language, each cell named TP, FP, FN or TN).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from matplotlib.axes import Axes
from matplotlib.image import AxesImage
from matplotlib.text import Text

from ..measures.confusion import ConfusionMatrix, check_rows
from ..core.errors import InputError
from ..words.i18n import N_, _, number, with_digit_groups
from ..measures.counts import BinaryCounts

_BINARY_NAMES = {"true": [["TP", "FN"], ["FP", "TN"]], "predicted": [["TP", "FP"], ["FN", "TN"]]}


def _as_array(matrix, rows: str) -> tuple[np.ndarray, list[str]]:
    if isinstance(matrix, BinaryCounts):
        true_rows = np.array([[matrix.tp, matrix.fn], [matrix.fp, matrix.tn]])
        labels = [_("positive"), _("negative")]
    elif isinstance(matrix, ConfusionMatrix):
        true_rows = matrix.matrix(rows="true")
        labels = [str(label) for label in matrix.labels]
    else:
        raise InputError(_("expected a ConfusionMatrix or BinaryCounts, got {kind}").format(kind=type(matrix).__name__))
    return (true_rows if rows == "true" else true_rows.T), labels


@dataclass
class MatrixArtists:
    """Handles of a drawn confusion matrix (6.2.2).

    Attributes
    ----------
    image : AxesImage
        The heat map (colour = share of all samples).
    texts : list of list of Text
        The count of each cell, in displayed row/column order.
    rows : str
        What the displayed rows hold, ``"true"`` or ``"predicted"``.
    names : list of list of Text or None
        Cell names (TP, FP, FN, TN) of a binary matrix, above the counts; they never change.
    """

    image: AxesImage
    texts: list[list[Text]]
    rows: str
    names: list[list[Text]] | None

    def update(self, matrix) -> np.ndarray:
        """Show new counts (same classes) in place; returns the displayed array."""
        counts, _labels = _as_array(matrix, self.rows)
        if counts.shape != (len(self.texts), len(self.texts)):
            raise InputError(_("matrix has shape {shape}, the drawn one {size}×{size}").format(
                shape=counts.shape, size=number(len(self.texts))))
        total = counts.sum()
        self.image.set_data(counts / total if total else counts.astype(float))
        for i, row in enumerate(self.texts):
            for j, text in enumerate(row):
                text.set_text(with_digit_groups(f"{counts[i, j]:,}"))
                share = counts[i, j] / total if total else 0.0
                text.set_color("white" if share > 0.5 else "black")
        return counts


#: The default title of :func:`draw_confusion_matrix`, translated when drawn.
TITLE = N_("Confusion matrix (6.2.2)")


def draw_confusion_matrix(ax: Axes, matrix, *, rows: str, title: str | None = TITLE,
                          cmap: str = "Blues") -> MatrixArtists:
    """Draw a confusion matrix on ``ax``.

    Parameters
    ----------
    ax : matplotlib Axes.
    matrix : :class:`~iso4213_nb.ConfusionMatrix` or :class:`~iso4213_nb.BinaryCounts`.
    rows : ``"predicted"`` to put predicted classes in rows (TS 4213 6.2.2,
        Table 1) or ``"true"`` (scikit-learn).  Required.
    title : axes title, shown in the active language when it is one of the catalogue's messages.
    cmap : colour map; a cell's colour is its share of all samples.

    Returns
    -------
    MatrixArtists, whose :meth:`~MatrixArtists.update` shows new counts.
    """
    check_rows(rows)
    counts, labels = _as_array(matrix, rows)
    k = counts.shape[0]
    image = ax.imshow(np.zeros((k, k)), cmap=cmap, vmin=0, vmax=1)
    true_name, predicted_name = _("true class"), _("predicted class")
    row_name, col_name = (true_name, predicted_name) if rows == "true" else (predicted_name, true_name)
    ax.set_xticks(range(k), labels, fontsize=8)
    ax.set_yticks(range(k), labels, fontsize=8)
    ax.set_xlabel(col_name, fontsize=9)
    ax.set_ylabel(row_name, fontsize=9)
    ax.xaxis.set_label_position("top")
    ax.xaxis.tick_top()
    if title:
        ax.set_title(_(title), fontsize=10)
    names = None
    if isinstance(matrix, BinaryCounts):
        names = [[ax.text(j, i - 0.2, name, ha="center", va="center", fontsize=9, color="0.35")
                  for j, name in enumerate(row)] for i, row in enumerate(_BINARY_NAMES[rows])]
    offset = 0.1 if names else 0.0
    texts = [[ax.text(j, i + offset, "", ha="center", va="center", fontsize=10) for j in range(k)] for i in range(k)]
    artists = MatrixArtists(image=image, texts=texts, rows=rows, names=names)
    artists.update(matrix)
    return artists
