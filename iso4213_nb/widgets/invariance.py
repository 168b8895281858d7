"""Buttons that apply Sokolova & Lapalme's changes I1–I8 to a binary confusion matrix and recompute every measure.

Each click changes the current counts with :mod:`iso4213_nb.measures.invariance`
(I2–I5 add ``step`` to one count, I6 multiplies all counts by ``factor``, I7 and
I8 multiply one column or row by ``factor``), then shows the matrix and a table
of every measure of :data:`iso4213_nb.measures.counts.PER_CLASS` before and after the
click, whether it changed, and what the paper's text says about that change.

Testable without a browser: ``lab.buttons["I2"].click()`` or ``lab.apply("I2")``,
then read :attr:`InvarianceLab.counts`, :meth:`InvarianceLab.values` and
:attr:`InvarianceLab.last`.
"""

from __future__ import annotations

import html
import math

import ipywidgets as widgets

from ..measures import invariance, counts as measures
from ..core.errors import InputError
from ..measures.registry import MEASURES
from ..words.i18n import N_, _, number
from ..words.measures import name as measure_name
from ..measures.counts import BinaryCounts
from ..core.undefined import is_undefined
from ._callbacks import Shown

#: Measures of measures.PER_CLASS that are measures of the paper, with the paper's group.
PAPER_GROUP = {"binary_accuracy": "Accuracy_G", "precision": "Precision_G", "recall": "Recall_G", "f1": "Fscore_G",
               "specificity": "Specificity", "balanced_accuracy": "AUC"}


#: Titles of the changes I1–I8 (the measures' names are the registry's, :mod:`iso4213_nb.words.measures`).
CHANGE_TITLES = {
    "I1": N_("exchange of positives and negatives (tp ↔ tn, as printed)"),
    "I1*": N_("exchange of whole labels (tp ↔ tn and fp ↔ fn, as drawn)"),
    "I2": N_("change of true negatives"), "I3": N_("change of true positives"), "I4": N_("change of false negatives"),
    "I5": N_("change of false positives"), "I6": N_("uniform scaling of all counts"),
    "I7": N_("different scaling of the two predicted-class columns"),
    "I8": N_("different scaling of the two true-class rows")}


def _title(cid: str) -> str:
    return _(CHANGE_TITLES[cid]) if cid in CHANGE_TITLES else invariance.CHANGES[cid].title


def _same(a, b) -> bool:
    if is_undefined(a) or is_undefined(b):
        return is_undefined(a) and is_undefined(b)
    return math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-15)


class InvarianceLab(Shown):
    """A binary confusion matrix with one button per change I1–I8 (and ``I1*``).

    Parameters
    ----------
    counts : BinaryCounts or (tp, fp, tn, fn), default (40, 10, 45, 5)
    step : int, default 10
        What I2–I5 add to their count (the box ``step_box`` changes it).
    factor : int, default 2
        k1 of I6–I8 (k2 = 1) (the box ``factor_box`` changes it).

    Attributes
    ----------
    counts : BinaryCounts
        The current counts.
    last : dict or None
        The last click: ``{"change", "before", "after"}`` with counts and measure values.
    buttons : dict of ipywidgets.Button, keyed by change id.
    widget : ipywidgets.VBox

    Beyond TS 4213: Sokolova & Lapalme 2009, I1–I8.
    """

    def __init__(self, counts=(40, 10, 45, 5), step: int = 10, factor: int = 2):
        self.original = BinaryCounts(*map(int, invariance.as_counts(counts)[0]))
        self.counts = self.original
        self.last = None
        self.step_box = widgets.BoundedIntText(value=step, min=1, max=10_000, description=_("step"))
        self.factor_box = widgets.BoundedIntText(value=factor, min=2, max=100, description=_("factor k1"))
        self.buttons = {}
        for cid, change in invariance.CHANGES.items():
            button = widgets.Button(description=cid, tooltip=_title(cid), layout=widgets.Layout(width="4.5em"))
            button.on_click(lambda _, cid=cid: self.apply(cid))
            self.buttons[cid] = button
        self.reset_button = widgets.Button(description=_("Reset"))
        self.reset_button.on_click(lambda _: self.reset())
        self.matrix_html = widgets.HTML()
        self.table_html = widgets.HTML()
        self.widget = widgets.VBox([
            widgets.HBox(list(self.buttons.values()) + [self.reset_button]),
            widgets.HBox([self.step_box, self.factor_box]),
            widgets.HBox([self.matrix_html, self.table_html]),
        ])
        self._render()

    def values(self, counts: BinaryCounts | None = None) -> dict:
        """Every measure of :data:`measures.PER_CLASS` at ``counts`` (default: the current counts)."""
        c = self.counts if counts is None else counts
        return {name: fn(c) for name, fn in measures.PER_CLASS.items()}

    def _parameters(self, cid: str) -> dict:
        c, step, k = self.counts, int(self.step_box.value), int(self.factor_box.value)
        return {"I1": {}, "I1*": {"whole_labels": True}, "I2": {"tn": c.tn + step}, "I3": {"tp": c.tp + step},
                "I4": {"fn": c.fn + step}, "I5": {"fp": c.fp + step}, "I6": {"k1": k},
                "I7": {"k1": k, "k2": 1}, "I8": {"k1": k, "k2": 1}}[cid]

    def apply(self, cid: str) -> BinaryCounts:
        """Apply change ``cid`` (``"I1"`` … ``"I8"``, ``"I1*"``) to the current counts; returns the new counts."""
        if cid not in invariance.CHANGES:
            raise InputError(_("unknown change {change}; known: {known}").format(
                change=repr(cid), known=", ".join(invariance.CHANGES)))
        before = self.counts
        row = invariance.CHANGES[cid].function(invariance.as_counts(before), **self._parameters(cid))[0]
        self.counts = BinaryCounts(*map(int, row))
        self.last = {"change": cid, "before": before, "after": self.counts,
                     "values_before": self.values(before), "values_after": self.values()}
        self._render()
        return self.counts

    def reset(self) -> None:
        """Back to the initial counts."""
        self.counts, self.last = self.original, None
        self._render()

    def changed(self) -> dict:
        """``{measure: True/False}``: whether the last click changed each measure (empty before any click)."""
        if self.last is None:
            return {}
        return {k: not _same(self.last["values_before"][k], v) for k, v in self.last["values_after"].items()}

    def _render(self) -> None:
        c, predicted, true = self.counts, _("predicted"), _("true")
        self.matrix_html.value = (
            "<table style='border-collapse:collapse;margin-right:2em'>"
            f"<tr><td></td><th colspan=2>{predicted}</th></tr>"
            "<tr><td></td><th>+</th><th>−</th></tr>"
            f"<tr><th>{true} +</th><td>tp = {c.tp}</td><td>fn = {c.fn}</td></tr>"
            f"<tr><th>{true} −</th><td>fp = {c.fp}</td><td>tn = {c.tn}</td></tr></table>")
        now = self.values()
        changed = self.changed()
        cid = self.last["change"] if self.last else None
        head = "<tr>" + "".join(f"<th>{html.escape(_(h))}</th>" for h in (
            N_("measure"), N_("before"), N_("after"), N_("changed?"), N_("paper says"))) + "</tr>"
        rows = []
        for name, value in now.items():
            before = self.last["values_before"][name] if self.last else value
            paper = ""
            if cid in invariance.PAPER_CHANGES and name in PAPER_GROUP:
                paper = _("invariant") if cid in invariance.PAPER_INVARIANT[PAPER_GROUP[name]] else _("changes")
            mark = "" if cid is None else (_("yes") if changed[name] else _("no"))
            shown = measure_name(name) if name in MEASURES else name
            rows.append(f"<tr><td>{html.escape(shown)}</td><td>{number(before, 4)}</td><td>{number(value, 4)}</td>"
                        f"<td>{mark}</td><td>{paper}</td></tr>")
        title = "" if cid is None else html.escape(f"{cid}: {_title(cid)}")
        self.table_html.value = f"<b>{title}</b><table>{head}{''.join(rows)}</table>"
