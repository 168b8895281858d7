"""The predict-then-check exercise of the course: commit a prediction, then move the slider and see whether it
held, and why.

Shown by :func:`iso4213_nb.widgets.exercises.exercise` for a :class:`~iso4213_nb.course.items.PredictItem`.
The slider (and any ``controls`` of another widget passed in, such as an explorer's threshold slider) stays
disabled until a prediction is committed, so the learner cannot look first.  Testable without a browser: set
``widget.prediction.value``, call ``widget.commit_button.click()``, set ``widget.slider.value = target`` and
read :attr:`PredictExercise.held` and ``widget.feedback.value``.
"""

from __future__ import annotations

import html
import math

import ipywidgets as widgets

from ..course.answers import quantity, read_reply
from ..course.items import PredictItem
from ..core.undefined import is_undefined
from ..words.i18n import N_, _, number, significant
from ..course.explorer_state import SliderGrid
from .exercise_frame import ExerciseFrame
from .number_slider import decimals_of, grid_slider, nearest, position_text


class PredictExercise(ExerciseFrame):
    """One prediction item as a widget (beyond TS 4213: the course's exercises on clauses 5–8).

    Parameters
    ----------
    item : iso4213_nb.course.items.PredictItem
    key : str, optional
        With a key the checked prediction is saved to the learner's progress file (kind ``"predict"``).
    controls : sequence of ipywidgets widgets, optional
        Other widgets to keep disabled until the prediction is committed.

    Attributes
    ----------
    prediction : ipywidgets.RadioButtons or ipywidgets.Text
        The options of direction, or a box for a number.
    commit_button : ipywidgets.Button
    slider : ipywidgets.SelectionSlider
        Disabled until the prediction is committed; starts at ``item.slider.start``.  Its value is a position's
        number; its read-out, like every position the widget writes, is in the active language and has the step's
        decimals (none for a count).
    readout : ipywidgets.HTML
        The measure at the slider's position, once committed.
    feedback : ipywidgets.HTML
    committed : str or None
        The prediction as committed.
    held : bool or None
        Whether it held, once the slider has reached the target.
    """

    TITLE = (N_("Predict, then check {key}."), N_("Predict, then check."))

    def __init__(self, item: PredictItem, key: str | None = None, controls=()):
        super().__init__(key, press=N_("Commit my prediction"), on_press=self.commit, reveal=False)
        self.commit_button = self.button
        self.item, self.controls = item, tuple(controls)
        self.committed: str | None = None
        self.held: bool | None = None
        self._texts = {_(o.text): o for o in item.options}
        if item.options:
            self.prediction = widgets.RadioButtons(options=list(self._texts), value=None,
                                                   layout=widgets.Layout(width="max-content"))
            how = _("Choose what you expect, then commit; the slider unlocks after that.")
        else:
            self.prediction = widgets.Text(value="", placeholder=_("your estimate"))
            how = _("Type your estimate, then commit; the slider unlocks after that. Within ±{tolerance} counts as "
                    "right.").format(tolerance=significant(item.tolerance, 6))
        s = item.slider
        self._grid = SliderGrid(s.low, s.step, round((s.high - s.low) / s.step))
        self._decimals = decimals_of(s.step)
        self.slider = grid_slider(self._grid, s.start, disabled=True, description=_(s.label), continuous_update=False)
        self.readout = widgets.HTML(value="")
        self.slider.observe(lambda change: self.moved(change.new), "value")
        for control in self.controls:
            control.disabled = True
        self._lay_out(_(item.prompt).format(**item.values), how, widgets.HBox([self.prediction, self.commit_button]),
                      widgets.HBox([self.slider, self.readout]))

    def commit(self) -> bool:
        """Fix the prediction and unlock the slider; return False (and say why) when there is none to commit."""
        if self.committed is not None:
            return True
        reply = self.prediction.value
        if reply is None or not str(reply).strip():
            self.feedback.value = html.escape(_("Nothing predicted yet."))
            return False
        if not self.item.options:
            try:
                value = read_reply(str(reply), quantity(self.item.kind))
            except ValueError as error:
                self.feedback.value = html.escape(f"{error}.")
                return False
            if is_undefined(value) or math.isinf(value):
                self.feedback.value = html.escape(_("Predict a number."))
                return False
        self.committed = str(reply)
        self.prediction.disabled = self.commit_button.disabled = True
        self.slider.disabled = False
        self.slider.value = nearest(self._grid, self.item.slider.start)  # a move made before committing does not count
        for control in self.controls:
            control.disabled = False
        self.feedback.value = html.escape(_("Prediction committed. Now move the slider to {target}.").format(
            target=position_text(self.item.slider.target, self._decimals)))
        self.moved(self.slider.value)
        return True

    def moved(self, position: float) -> None:
        """Show the measure at ``position``; at the target, judge the prediction (once) and explain."""
        if self.committed is None:
            return
        self.readout.value = html.escape(_("{measure} at {position}: {value}").format(
            measure=_(self.item.measure), position=position_text(position, self._decimals),
            value=number(self.item.value_at(position), 4)))
        s = self.item.slider
        if self.held is not None or not math.isclose(position, s.target, abs_tol=s.step / 2):
            return
        outcome = self.item.outcome
        if self.item.options:
            self.held = self._texts[self.committed].text == outcome
        else:
            self.held = abs(read_reply(self.committed, quantity(self.item.kind)) - outcome) <= self.item.tolerance + 1e-12
        words = dict(self.item.values, start=position_text(s.start, self._decimals),
                     target=position_text(s.target, self._decimals),
                     before=number(self.item.value_at(s.start), 4), after=number(self.item.value_at(s.target), 4))
        why = _(self.item.why).format(**words)
        if self.item.options:
            chosen = self._texts[self.committed]
            if not self.held:
                why = f"{_(chosen.reason).format(**words)} {why}"
        verdict = _("Your prediction held.") if self.held else _("Your prediction did not hold.")
        self.feedback.value = self._verdict(self.held, verdict) + " " + html.escape(why)
        self._save(self.committed, "held" if self.held else "did not hold", self.held, "predict")

    def __repr__(self) -> str:
        return f"PredictExercise({self.key!r})"
