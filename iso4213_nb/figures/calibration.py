"""Reliability diagrams and the calibration summary in words (beyond TS 4213: scikit-learn's reliability diagram).

Draws a :class:`~iso4213_nb.measures.calibration.ReliabilityTable` (observed frequency
against mean predicted probability per bin, the diagonal of perfect
calibration, and the number of samples per bin underneath), and puts a
:class:`~iso4213_nb.measures.calibration.CalibrationResult` into an HTML table.  The
numbers come from :mod:`iso4213_nb.measures.calibration`; only words and drawing live here.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..measures.calibration import CalibrationResult, ReliabilityTable
from ..words.i18n import _, level_percent, number
from ..words.measures import name as measure_name
from .decimal import localize
from .tables import html_frame, text_table


def binning_name(binning: str) -> str:
    """The name of a binning in words (beyond TS 4213: scikit-learn's ``uniform`` and ``quantile`` strategies)."""
    return {"equal_width": _("equal-width bins"), "equal_mass": _("equal-mass bins")}[binning]


@dataclass
class ReliabilityArtists:
    """Handles of :func:`draw_reliability` (beyond TS 4213: calibration): one line per curve drawn, keyed by its label."""

    ax: Axes
    lines: dict


def draw_reliability(ax: Axes, table: ReliabilityTable, label: str | None = None, *, diagonal: bool = True,
                     color=None) -> ReliabilityArtists:
    """Observed frequency against mean predicted probability of each occupied bin (beyond TS 4213; scikit-learn's diagram).

    ``label`` names the curve in the legend (default: the binning).  With
    ``diagonal`` the line of perfect calibration is drawn too.  Empty bins are
    not drawn; the axes run from 0 to 1 and do not clip the curve, so a marker at 0 or 1 is drawn whole.
    """
    occupied = table.counts > 0
    if diagonal:
        ax.plot([0, 1], [0, 1], color="0.6", linestyle="--", linewidth=1, label=_("perfect calibration"))
    name = label if label is not None else binning_name(table.binning)
    # not clipped at the axes: a bin observed at 0 or 1 (or predicted there) shows its whole marker
    (line,) = ax.plot(table.mean_predicted[occupied], table.observed_frequency[occupied], marker="o",
                      markersize=4, linewidth=1.2, color=color, label=name, clip_on=False)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel(_("mean predicted probability in the bin"), fontsize=9)
    ax.set_ylabel(_("observed frequency of the positive class"), fontsize=9)
    ax.legend(fontsize=8, loc="upper left")
    localize(ax)
    return ReliabilityArtists(ax, {name: line})


def draw_bin_counts(ax: Axes, table: ReliabilityTable) -> None:
    """Samples per bin as bars on the bins' edges (beyond TS 4213; the counts under a reliability diagram)."""
    edges = np.asarray(table.edges, dtype=float)
    ax.bar(edges[:-1], table.counts, width=np.diff(edges), align="edge", color="tab:blue", alpha=0.5,
           edgecolor="white")
    ax.set_xlim(0, 1)
    ax.set_xlabel(_("predicted probability"), fontsize=9)
    ax.set_ylabel(_("samples"), fontsize=9)
    localize(ax)


def reliability_figure(result: CalibrationResult, binning: str = "equal_width", title: str | None = None) -> Figure:
    """A reliability diagram over the counts per bin, titled with the ECE and its interval (beyond TS 4213: calibration)."""
    table = result.bins[binning]
    ece = result.ece if binning == "equal_width" else result.ece_equal_mass
    figure = Figure(figsize=(4.6, 4.6), dpi=80, layout="constrained")
    top, bottom = figure.subplots(2, 1, height_ratios=[3, 1], sharex=True)
    draw_reliability(top, table)
    top.set_xlabel("")
    draw_bin_counts(bottom, table)
    heading = title if title is not None else _("Reliability diagram")
    top.set_title(f"{heading}\n{_('ECE')} {number(ece.estimate, 3)} "
                  f"[{number(ece.low, 3)}, {number(ece.high, 3)}], {binning_name(binning)}", fontsize=9)
    return figure


def reliability_table_text(table: ReliabilityTable) -> str:
    """The non-empty bins of a reliability table as a text table: bin, samples, mean probability, share positive.

    Beyond TS 4213: calibration (the numbers a reliability diagram draws).
    """
    columns = zip(table.edges[:-1], table.edges[1:], table.counts, table.mean_predicted, table.observed_frequency)
    rows = [[f"{number(low, 1)}–{number(high, 1)}", str(count), number(p, 3), number(share, 3)]
            for low, high, count, p, share in columns if count]
    return text_table(rows, [_("bin"), _("samples"), _("mean probability"), _("share positive")])


def calibration_table_html(result: CalibrationResult) -> str:
    """The calibration numbers of one result as an HTML table, each named and explained (beyond TS 4213: calibration).

    ECE for both binnings with their bootstrap interval, the Brier score with
    Murphy's three terms and the two within-bin terms that complete the
    identity, and the log loss.
    """
    level = level_percent(result.ece.confidence_level)

    def interval(ci):
        return f"{number(ci.estimate)} [{number(ci.low)}, {number(ci.high)}]"

    note = _("{level} % bootstrap interval, resampled within each class").format(level=level)
    rows = [(_("ECE, {bins}").format(bins=binning_name(bins)), interval(ece), note)
            for bins, ece in (("equal_width", result.ece), ("equal_mass", result.ece_equal_mass))]
    rows += [
        (measure_name("brier"), number(result.brier), _("mean squared difference between probability and outcome")),
        (_("reliability (REL)"), number(result.brier_reliability), _("calibration error part: lower is better")),
        (_("resolution (RES)"), number(result.brier_resolution), _("how much bins differ from the base rate: higher is better")),
        (_("uncertainty (UNC)"), number(result.brier_uncertainty), _("base rate × (1 − base rate): the data's own share")),
        (_("within-bin variance (WBV)"), number(result.brier_within_bin_variance), _("spread of probabilities inside a bin")),
        (_("within-bin covariance (WBC)"), number(result.brier_within_bin_covariance),
         _("Brier = REL − RES + UNC + WBV − WBC exactly")),
        (measure_name("log_loss"), number(result.log_loss), _("natural logarithm, probabilities clipped as scikit-learn does")),
    ]
    body = "".join(f"<tr><td>{html.escape(a)}</td><td style='text-align:right'>{html.escape(b)}</td>"
                   f"<td>{html.escape(c)}</td></tr>" for a, b, c in rows)
    return html_frame([_("measure"), _("value"), _("note")], body)
