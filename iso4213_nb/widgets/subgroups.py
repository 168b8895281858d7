"""Subgroup explorer: choose a group attribute, move the threshold, watch recall, precision, FPR and FNR per group (5.3.2).

Thin wiring: :class:`~iso4213_nb.subgroups.rows.GroupThresholds` sorts each
group's scores once, so a slider move is a binary search per group; the
recall bars and the read-out come from :mod:`iso4213_nb.figures.subgroups`.
Beside them, a reliability diagram (beyond TS 4213,
:mod:`iso4213_nb.measures.calibration`) of all samples and of each group of the chosen
attribute, computed once per attribute.

State from Python: ``threshold`` (settable), ``attribute`` (settable),
``rates`` (group → {recall, precision, false_positive_rate, miss_rate} →
ConfidenceInterval), ``recalls`` (group → ConfidenceInterval), ``gap`` and
``between`` (the highest and lowest recall), ``readout.value`` (the HTML shown).
"""

from __future__ import annotations

import html

import ipywidgets as widgets
import numpy as np
from matplotlib.figure import Figure

from ..core.checks import as_labels, as_scores
from ..measures.calibration import calibration
from ..core.errors import InputError
from ..figures.annex_b import to_png
from ..figures.calibration import draw_reliability
from ..figures.subgroups import draw_group_recalls, group_rates_html
from ..words.i18n import _, number
from ..subgroups.rows import GroupThresholds, recall_gap
from ._callbacks import GuardedCallbacks
from .images import figure_image
from .number_slider import HundredthsThreshold


class SubgroupExplorer(HundredthsThreshold, GuardedCallbacks):
    """Recall per subgroup at a movable threshold, the largest gap, and reliability per group (5.3.2; 6.3.4).

    Parameters
    ----------
    y_true : labels; ``positive`` names the positive class.
    scores : probability of ``positive`` per sample, in [0, 1].
    groups : ``{attribute name: values per sample}``, one entry per attribute (sex, site, age band …).
    threshold : the starting threshold (``score >= threshold`` is positive).
    n_bins : bins of the reliability diagrams (equal-width).
    orders : ``{attribute name: its values in the order to list them}`` for any attribute (others: sorted), e.g. the
        order of the untranslated values when the group names are translated.

    ``recall_figure`` is the matplotlib Figure of the recall bars, redrawn in place on every move.
    """

    def __init__(self, y_true, scores, groups: dict, *, positive, threshold: float = 0.5, n_bins: int = 10,
                 confidence_level: float = 0.95, orders: dict | None = None):
        if not groups:
            raise InputError(_("give at least one group attribute"))
        self.y = as_labels(y_true, "y_true")
        self.scores = as_scores(scores, "scores", probabilities=True)
        self.positive = positive
        self.level = confidence_level
        self.n_bins = n_bins
        self.groups = {str(name): as_labels(values, _("group {name}").format(name=name))
                       for name, values in groups.items()}
        orders = {str(name): order for name, order in (orders or {}).items()}
        self.lookups = {name: GroupThresholds(self.y, self.scores, values, positive=positive, order=orders.get(name))
                        for name, values in self.groups.items()}
        self.overall = calibration(self.y, self.scores, positive=positive, n_bins=n_bins, n_bootstrap=200)
        self._calibrations = {}
        self.message = widgets.HTML()
        self.chooser = widgets.Dropdown(options=list(self.groups), description=_("group"))
        self._threshold_slider(threshold)
        self.readout = widgets.HTML()
        self.recall_image = figure_image()
        self.reliability_image = figure_image()
        self.recall_figure = Figure(figsize=(4.2, 2.8), dpi=80)  # laid out per attribute; a move never re-lays out
        self._reliability_png = {}
        self._artists = None
        self.chooser.observe(lambda change: self._guarded(self._on_attribute), names="value")
        self.slider.observe(lambda change: self._guarded(self._slid, change.new), names="value")
        controls = widgets.VBox([self.chooser, self.slider, self.message, self.readout],
                                layout=widgets.Layout(width="640px"))
        self.widget = widgets.HBox([controls, widgets.VBox([self.recall_image, self.reliability_image])])
        self._on_attribute()

    # ------------------------------------------------------------------ state
    @property
    def attribute(self) -> str:
        """The group attribute shown (5.3.2)."""
        return self.chooser.value

    @attribute.setter
    def attribute(self, name: str) -> None:
        if name not in self.groups:
            raise InputError(_("no group attribute {name}; the attributes are {attributes}").format(
                name=repr(name), attributes=", ".join(self.groups)))
        self.chooser.value = name

    # ------------------------------------------------------------------ callbacks
    def _on_attribute(self) -> None:
        lookup = self.lookups[self.attribute]
        self.recall_figure.clear()  # (which also forgets any margins set before)
        self._artists = draw_group_recalls(self.recall_figure.subplots(), lookup.values,
                                           lookup.recall_intervals_at(self.threshold, self.level), self._title())
        # Margins that hold this attribute's group names and the axis label ("medium" was cut to "nedium" and
        # the label hidden when clear() had reset fixed margins to matplotlib's defaults).
        self.recall_figure.tight_layout(pad=0.4)
        if self.attribute not in self._reliability_png:
            self._reliability_png[self.attribute] = to_png(self._reliability_figure())
        self.reliability_image.value = self._reliability_png[self.attribute]
        self._on_threshold()

    def _on_threshold(self) -> None:
        lookup = self.lookups[self.attribute]
        self.rates = lookup.rates_at(self.threshold, self.level)
        self.recalls = {v: rates["recall"] for v, rates in self.rates.items()}
        self.gap, self.between = recall_gap({v: float(ci.estimate) for v, ci in self.recalls.items()})
        self.readout.value = self._readout(lookup)  # the numbers first; the picture follows
        self._artists.update(self.recalls, self._title())
        self.recall_image.value = to_png(self.recall_figure)

    # ------------------------------------------------------------------ presentation
    def _title(self) -> str:
        return _("Recall per {attribute} at threshold {threshold}").format(
            attribute=self.attribute, threshold=number(self.threshold, 2))

    def _readout(self, lookup: GroupThresholds) -> str:
        table = group_rates_html(self.attribute, lookup.counts_at(self.threshold), self.rates, self.level)
        if self.between:
            gap = _("Largest recall gap: {gap} ({high} − {low})").format(
                gap=number(self.gap, 4), high=self.between[0], low=self.between[1])
        else:
            gap = _("Largest recall gap: undefined (fewer than two groups have positives)")
        return f"{table}<p><b>{html.escape(gap)}</b></p>"

    def group_calibrations(self, attribute: str) -> dict:
        """Group value → calibration (beyond TS 4213) of the groups of ``attribute`` that hold the positive class."""
        if attribute not in self._calibrations:
            values = self.groups[attribute]
            self._calibrations[attribute] = {
                v: calibration(self.y[values == v], self.scores[values == v], positive=self.positive,
                               n_bins=self.n_bins, n_bootstrap=10)
                for v in self.lookups[attribute].values if np.any(self.y[values == v] == self.positive)}
        return self._calibrations[attribute]

    def _reliability_figure(self) -> Figure:
        figure = Figure(figsize=(4.2, 3.4), dpi=80, layout="constrained")
        ax = figure.subplots()
        draw_reliability(ax, self.overall.bins["equal_width"], _("all samples"), color="black")
        for value, result in self.group_calibrations(self.attribute).items():
            draw_reliability(ax, result.bins["equal_width"], str(value), diagonal=False)
        ax.set_title(_("Reliability per {attribute} (ECE of all: {ece})").format(
            attribute=self.attribute, ece=number(self.overall.ece.estimate, 3)), fontsize=9)
        return figure
