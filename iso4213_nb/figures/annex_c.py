"""Annex C: accuracy against parameter count, one panel per data set (Table C.1).

Accuracies on different data sets are not comparable, so each data set gets
its own axes; within one, the plot shows association only (no variance, no
test-set size: see :data:`iso4213_nb.annexes.annex_c.CANNOT_SUPPORT`).
"""

from __future__ import annotations

from ..words.i18n import _, with_decimal_sign
from .decimal import localize

from matplotlib.figure import Figure

from ..annexes import annex_c


def accuracy_vs_parameters_figure() -> Figure:
    """One scatter per data set of Table C.1 that prints both accuracy and parameters, models labelled."""
    data = annex_c.accuracy_vs_parameters()
    figure = Figure(figsize=(4 * len(data), 3.6), layout="constrained")
    for ax, (dataset, rows) in zip(figure.subplots(1, len(data), squeeze=False)[0], data.items()):
        params = [p for _, p, _ in rows]
        accuracy = [a for _, _, a in rows]
        ax.plot(params, accuracy, linestyle="none", marker="o", color="tab:blue")
        for model, p, a in rows:
            ax.annotate(model, (p, a), textcoords="offset points", xytext=(4, 4), fontsize=7)
        ax.set_xscale("log")
        ax.set_xlim(min(params) / 1.6, max(params) * 2.2)
        ax.set_xticks(sorted(set(params)), [with_decimal_sign(f"{p:g}M") for p in sorted(set(params))], rotation=45)
        ax.minorticks_off()
        low, high = min(accuracy), max(accuracy)
        ax.set_ylim(low - 0.15 * (high - low) - 0.2, high + 0.15 * (high - low) + 0.2)
        ax.set_title(_("{dataset} (Table C.1, as printed)").format(dataset=dataset), fontsize=10)
        ax.set_xlabel(_("parameters (millions, log scale)"), fontsize=9)
        ax.set_ylabel(_("accuracy (%)"), fontsize=9)
        ax.tick_params(labelsize=8)
    return localize(figure)
