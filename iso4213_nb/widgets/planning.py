"""PlanningWidget: how many test samples a question needs, and what the test set you have can show (7.8, 7.9).

Thin wiring over :func:`iso4213_nb.figures.planning.plan` (which calls
:mod:`iso4213_nb.stats.planning`), :func:`~iso4213_nb.figures.planning.readout_html`
and :func:`~iso4213_nb.figures.planning.draw_planning_curve`.  Every input is
a number box (typed values are kept exactly); each change recomputes the
closed-form answers, a few microseconds, and redraws the small curve.

State is reachable from Python: ``w.quantity``, ``w.inputs`` (a dict) and
:meth:`PlanningWidget.set` change it; ``w.planned`` holds the answer shown.
"""

from __future__ import annotations

import ipywidgets as widgets
from matplotlib.figure import Figure

from ..core.errors import InputError
from ..figures.annex_b import to_png
from ..figures.planning import QUANTITIES, draw_planning_curve, plan, readout_html
from ..words.i18n import _
from ._callbacks import GuardedCallbacks, Shown
from .images import figure_image

#: Which inputs each quantity uses (the others are hidden).
USES = {"proportion": ("proportion", "half_width", "confidence_level", "n_have"),
        "auroc": ("auroc", "prevalence", "half_width", "confidence_level", "n_have"),
        "mcnemar": ("p10", "p01", "power", "confidence_level", "n_have")}


class PlanningWidget(GuardedCallbacks, Shown):
    """Plan a test set for a proportion, an AUROC or McNemar's test (7.8, 7.9), and the reverse question.

    Parameters
    ----------
    quantity : "proportion", "auroc" or "mcnemar".
    inputs : starting values of :func:`iso4213_nb.figures.planning.plan`'s keywords (proportion, auroc,
        prevalence, half_width, p10, p01, power, confidence_level, n_have).

    Attributes
    ----------
    planned : the :class:`~iso4213_nb.figures.planning.Planned` answer on show.
    readout : HTML widget with the answer in words; image : the curve as PNG; widget : the container.
    """

    def __init__(self, quantity: str = "proportion", **inputs):
        self._inputs = {"proportion": 0.9, "auroc": 0.85, "prevalence": 0.3, "half_width": 0.03, "p10": 0.08,
                        "p01": 0.03, "power": 0.8, "confidence_level": 0.95, "n_have": 500}
        unknown = set(inputs) - set(self._inputs)
        if unknown:
            raise InputError(_("unknown planning input(s): {names}").format(names=", ".join(sorted(unknown))))
        self._inputs.update(inputs)
        self._quantity = quantity
        self.planned = plan(quantity, **self._inputs)
        self._build_widgets()
        self._show()

    def _build_widgets(self) -> None:
        style = {"description_width": "190px"}
        labels = {"proportion": _("expected proportion"), "auroc": _("expected AUROC"),
                  "prevalence": _("share of positives"), "half_width": _("wanted half-width ±"),
                  "p10": _("p10: only A right"), "p01": _("p01: only B right"), "power": _("wanted power"),
                  "confidence_level": _("confidence level (1 − α)")}
        self.boxes = {name: widgets.BoundedFloatText(value=self._inputs[name], min=0, max=1, step=0.005,
                                                     description=text, style=style,
                                                     layout=widgets.Layout(width="300px"))
                      for name, text in labels.items()}
        self.boxes["n_have"] = widgets.BoundedIntText(value=self._inputs["n_have"], min=1, max=10 ** 9,
                                                      description=_("test samples you have"), style=style,
                                                      layout=widgets.Layout(width="300px"))
        self.chooser = widgets.ToggleButtons(options=[(_(label), code) for code, label in QUANTITIES],
                                             value=self._quantity)
        self.message = widgets.HTML()
        self.readout = widgets.HTML()
        self.image = figure_image()
        self.chooser.observe(lambda c: self._guarded(setattr, self, "quantity", c.new), "value")
        for name, box in self.boxes.items():
            box.observe(lambda c, name=name: self._guarded(self._set_from_box, name, c.new), "value")
        self.controls = widgets.VBox(list(self.boxes.values()))
        self.widget = widgets.VBox([self.chooser, widgets.HBox([self.controls, self.image]), self.message,
                                    self.readout])

    # ------------------------------------------------------------------ state
    @property
    def quantity(self) -> str:
        """The quantity planned for: "proportion", "auroc" or "mcnemar"."""
        return self._quantity

    @quantity.setter
    def quantity(self, value: str) -> None:
        self.planned = plan(value, **self._inputs)
        self._quantity = value
        self._sync(self.chooser, value)
        self._show()

    @property
    def inputs(self) -> dict:
        """The current inputs (a copy)."""
        return dict(self._inputs)

    def set(self, **changes) -> None:
        """Change inputs (keywords of :func:`~iso4213_nb.figures.planning.plan`); invalid ones are refused whole."""
        unknown = set(changes) - set(self._inputs)
        if unknown:
            raise InputError(_("unknown planning input(s): {names}").format(names=", ".join(sorted(unknown))))
        trial = {**self._inputs, **changes}
        self.planned = plan(self._quantity, **trial)
        self._inputs = trial
        for name, value in changes.items():
            self._sync(self.boxes[name], value)
        self._show()

    def _set_from_box(self, name: str, value) -> None:
        try:
            self.set(**{name: value})
        except InputError:
            self._sync(self.boxes[name], self._inputs[name])  # show the value still in use
            raise

    # ------------------------------------------------------------------ showing
    def _show(self) -> None:
        for name, box in self.boxes.items():
            box.layout.display = None if name in USES[self._quantity] else "none"
        self.readout.value = readout_html(self.planned)
        figure = Figure(figsize=(4.6, 2.8), dpi=80, layout="constrained")
        draw_planning_curve(figure.subplots(), self.planned)
        self.image.value = to_png(figure)

    def __repr__(self) -> str:
        return f"PlanningWidget(quantity={self._quantity!r}, n_needed={self.planned.plan.n})"
