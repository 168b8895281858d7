"""Annex D: true and predicted cause-specific mortality fractions side by side, updated in place."""

from __future__ import annotations

from ..words.i18n import _
from .decimal import localize
from ..words.worked_examples import cause

from dataclasses import dataclass

import numpy as np
from matplotlib.axes import Axes
from matplotlib.container import BarContainer


@dataclass
class SharesArtists:
    """Handles of :func:`draw_shares`: the bars of the predicted shares and the title (Annex D)."""

    predicted: BarContainer
    ax: Axes

    def update(self, predicted, title: str | None = None) -> None:
        """Set the predicted bars to ``predicted`` (same cause order) and optionally the title."""
        for bar, value in zip(self.predicted, predicted):
            bar.set_height(float(value))
        if title is not None:
            self.ax.set_title(title, fontsize=10)


def draw_shares(ax: Axes, causes, true, predicted, title: str | None = None) -> SharesArtists:
    """Paired bars per cause: true share (grey) and predicted share (blue) (Annex D)."""
    x = np.arange(len(causes))
    ax.bar(x - 0.2, [float(v) for v in true], width=0.4, color="0.6", label=_("true"))
    bars = ax.bar(x + 0.2, [float(v) for v in predicted], width=0.4, color="tab:blue", label=_("predicted"))
    ax.set_xticks(x, [cause(c) for c in causes], fontsize=8)
    ax.set_ylim(0, 1)
    ax.set_ylabel(_("share of deaths"), fontsize=9)
    ax.set_title(_("CSMF: true and predicted shares") if title is None else title, fontsize=10)
    ax.legend(fontsize=8)
    localize(ax)
    return SharesArtists(bars, ax)
