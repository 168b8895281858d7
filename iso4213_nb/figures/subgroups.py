"""Subgroup results in words and pictures (5.3.2): tables, the largest gaps, heterogeneity tests, warnings, recall bars.

Everything here turns the data and codes of :mod:`iso4213_nb.subgroups.rows` into
words (through :func:`iso4213_nb.words.i18n._`) and matplotlib drawings; nothing is
computed here.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

import numpy as np
from matplotlib.axes import Axes

from ..words import reasons
from ..words.intervals import method_name
from ..words.measures import name_or_key as measure_name
from ..words.i18n import _, level_percent, number
from ..stats.results import ConfidenceInterval
from ..subgroups.counts import LargestGap, SubgroupAnalysis
from ..subgroups.rows import GROUP_RATES
from ..core.undefined import is_undefined
from .decimal import localize
from .tables import html_frame, html_table


def interval_text(ci: ConfidenceInterval, decimals: int = 4) -> str:
    """``estimate [low, high]`` in the active number format, or "undefined" with the reason (7.8)."""
    if is_undefined(ci.estimate):
        return _("undefined ({reason})").format(reason=reasons.of(ci.estimate))
    text = number(ci.estimate, decimals)
    if is_undefined(ci.low):
        return text + " " + _("(no interval: {reason})").format(reason=reasons.of(ci.low))
    return f"{text} [{number(ci.low, decimals)}, {number(ci.high, decimals)}]"


def gap_text(gap: LargestGap, decimals: int = 4) -> str:
    """``gap (highest − lowest)``, or "undefined" with the reason (5.3.2; no interval, see :mod:`iso4213_nb.subgroups.rows`)."""
    if is_undefined(gap.estimate):
        return _("undefined ({reason})").format(reason=reasons.of(gap.estimate))
    return number(gap.estimate, decimals) + " " + _("({high} − {low})").format(high=gap.between[0],
                                                                              low=gap.between[1])


def group_count_rows(attributes: dict, y_true, positive, positive_name: str | None = None) -> tuple[list[list], list[str]]:
    """``(rows, header)``: for each attribute (its name → its value for every sample) and each of its groups in sorted
    order, how many samples the group holds and how many of them are of class ``positive`` (5.3.2: the size of each
    subgroup, before any measure of it); the last column is headed ``positive_name``, else the positive class."""
    y = np.asarray(y_true)
    rows = []
    for name, values in attributes.items():
        values = np.asarray(values)
        for value in np.unique(values):
            members = values == value
            rows.append([name, str(value), int(members.sum()), int((members & (y == positive)).sum())])
    return rows, [_("attribute"), _("group"), _("samples"), str(positive) if positive_name is None else positive_name]


def subgroup_table_html(analysis: SubgroupAnalysis, attribute: str) -> str:
    """Per-group measures with intervals and n, then the largest gap per measure, as HTML (5.3.2, 7.8)."""
    measures = analysis.measures
    rows = []
    for value in analysis.values:
        cells = [html.escape(str(value)), str(analysis.n[value])]
        cells += [html.escape(interval_text(analysis.results[value][m])) for m in measures]
        rows.append("".join(f"<td>{c}</td>" for c in cells))
    gap_cells = [html.escape(_("largest gap")), ""]
    for m in measures:
        gap_cells.append(html.escape(gap_text(analysis.largest_gap[m])))
    rows.append("".join(f"<td><b>{c}</b></td>" for c in gap_cells))
    methods = ", ".join(f"{measure_name(m)}: " + _(" or ").join(
        dict.fromkeys(method_name(analysis.results[v][m].method) for v in analysis.values)) for m in measures)
    note = _("Intervals: {methods}. The largest gap has no interval: whether the groups differ is the test "
             "across groups below.").format(methods=methods)
    head = [attribute, "n", *(measure_name(m) for m in measures)]
    return html_frame(head, "".join(f"<tr>{r}</tr>" for r in rows)) + f"<p>{html.escape(note)}</p>"


def group_rates_html(attribute: str, counts: dict, rates: dict, level: float) -> str:
    """Per group: positives, then recall, precision, FPR and FNR with Wilson intervals, as HTML (5.3.2, 6.3.4, 3.2.12).

    ``counts`` and ``rates`` are :meth:`~iso4213_nb.subgroups.rows.GroupThresholds.counts_at` and
    :meth:`~iso4213_nb.subgroups.rows.GroupThresholds.rates_at` at one threshold; group values are escaped.
    """
    measures = list(GROUP_RATES)
    head = [attribute, _("positives")] + [_("{measure} [{level} % Wilson]").format(
        measure=measure_name(m), level=level_percent(level)) for m in measures]
    rows = "".join(
        f"<tr><td>{html.escape(str(v))}</td><td>{c.tp + c.fn}</td>"
        + "".join(f"<td>{html.escape(interval_text(rates[v][m]))}</td>" for m in measures) + "</tr>"
        for v, c in counts.items())
    return html_frame(head, rows)


def heterogeneity_html(analysis: SubgroupAnalysis) -> str:
    """Whether the groups differ, per measure, as HTML (7.5, 7.10.2; beyond TS 4213: the permutation test).

    Per proportion the chi-squared test across groups and the pairs Holm's method rejects; for F1, balanced
    accuracy and macro recall the permutation test of the largest gap (:mod:`iso4213_nb.subgroups.permutation`).
    """
    rows = []
    for m, test in analysis.heterogeneity.items():
        if is_undefined(test.statistic):
            rows.append((measure_name(m), _("not tested: {reason}").format(reason=reasons.of(test.statistic)), ""))
            continue
        pairs = [p for p in test.details["pairwise"] if p["rejected"]]
        differing = ", ".join(f"{a} / {b}" for a, b in (p["values"] for p in pairs)) or _("none")
        if "pairwise_skipped" in test.details:
            differing = _("not compared: {reason}").format(reason=reasons.of(test.details["pairwise_skipped"]))
        rows.append((measure_name(m), _("χ² = {statistic}, df = {df}, p = {p}").format(
            statistic=number(test.statistic, 2), df=test.df, p=number(test.pvalue, 4)), differing))
    for m, gap in analysis.largest_gap.items():
        if gap.test != "permutation":
            continue
        if is_undefined(gap.pvalue):
            rows.append((measure_name(m), _("not tested: {reason}").format(reason=reasons.of(gap.pvalue)), ""))
            continue
        rows.append((measure_name(m), _("permutation test of the largest gap ({n} shuffles within the true "
                                        "classes), p = {p}").format(n=gap.details["n_permutations"],
                                                                    p=number(gap.pvalue, 4)), _("not compared")))
    return html_table(rows, [_("measure"), _("across all groups"), _("pairs that differ (Holm-adjusted)")])


def warnings_text(analysis: SubgroupAnalysis) -> list[str]:
    """Each small-group warning as one sentence (5.3.2; the rule of :mod:`iso4213_nb.subgroups.rows`)."""
    out = []
    for w in analysis.warnings:
        if w["code"] == "small_group":
            out.append(_("Group {value} has {n} samples, fewer than {minimum}: its intervals are wide.").format(**w))
        else:
            cells = ", ".join(f"{name} = {number(c, 0)}" for name, c in w["cells"].items())
            out.append(_("Group {value}: cells below {minimum} ({cells}); the measures built on them rest on a "
                         "handful of samples.").format(value=w["value"], minimum=w["minimum"], cells=cells))
    return out


@dataclass
class GroupRecallArtists:
    """Handles of :func:`draw_group_recalls` (recall per subgroup, 6.3.4, 5.3.2): bars and axes, updated in place."""

    ax: Axes
    bars: list
    values: list

    def update(self, intervals: dict, title: str) -> None:
        """Move the bars and their Wilson whiskers (7.8) to ``intervals`` (value → ConfidenceInterval) and retitle."""
        for line in list(self.ax.lines):
            line.remove()
        for i, (bar, value) in enumerate(zip(self.bars, self.values)):
            ci = intervals[value]
            estimate = 0.0 if is_undefined(ci.estimate) else float(ci.estimate)
            bar.set_width(estimate)
            if not is_undefined(ci.low):
                self.ax.plot([float(ci.low), float(ci.high)], [i, i], color="black", linewidth=1.5)
        self.ax.set_title(title, fontsize=9)


def draw_group_recalls(ax: Axes, values: list, intervals: dict, title: str) -> GroupRecallArtists:
    """Horizontal bars of recall per group with Wilson whiskers (6.3.4 per subgroup, 5.3.2)."""
    positions = np.arange(len(values))
    bars = list(ax.barh(positions, np.zeros(len(values)), color="tab:blue", alpha=0.7))
    ax.set_yticks(positions, [str(v) for v in values], fontsize=8)
    ax.set_xlim(0, 1)
    ax.set_xlabel(_("recall (bars) with its Wilson interval"), fontsize=9)
    localize(ax)
    artists = GroupRecallArtists(ax, bars, list(values))
    artists.update(intervals, title)
    return artists
