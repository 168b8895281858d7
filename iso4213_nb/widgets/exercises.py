"""A small "check your answer" widget for the course notebooks.

Each exercise shows a prompt, an input box, a *Check* button and a feedback
line.  A numeric answer is meant to be a value the package computed (a
measure, an area, a divergence), not a number typed into the notebook by
hand, so that the exercise and the toolkit cannot disagree.

Three kinds of answer are understood:

* a number: the input is a ``FloatText``; the learner's value is correct when
  it lies within ``tolerance`` of the answer (absolute difference).  A value
  that matches the answer only after dividing by 100 gets a hint about
  proportions versus percentages.
* :class:`~iso4213_nb.Undefined`: the input is a ``Text``; the correct reply is
  the word "undefined" (a zero denominator has no value, 6.2 and STANDARD-NOTES
  item 12); typing 0 gets the explanation why 0 is wrong.
* a string: the input is a ``Text``; the reply is compared with the answer
  after trimming spaces and ignoring case.

The widget is testable without a browser: set ``exercise.input.value`` and
call ``exercise.button.click()`` (or :meth:`Exercise.check`), then read
:attr:`Exercise.correct` and ``exercise.feedback.value``.
"""

from __future__ import annotations

import html
import math
from numbers import Real

import ipywidgets as widgets

from ..errors import InputError
from ..undefined import Undefined, is_undefined

_UNDEFINED_WORDS = {"undefined", "undef", "nan", "none", "n/a", "na"}


class Exercise:
    """One question with an answer computed by the package.

    Parameters
    ----------
    prompt : str
        The question, as plain text (it is HTML-escaped before display).
    answer : float, Undefined or str
        The value the package computed for the question.
    tolerance : float, default 0.005
        Largest absolute difference accepted for a numeric answer.
    hint : str, optional
        Plain text shown after a wrong reply.
    decimals : int, default 4
        Decimals used when the answer is revealed.

    Attributes
    ----------
    input : ipywidgets.FloatText or ipywidgets.Text
    button : ipywidgets.Button
        *Check*; clicking it calls :meth:`check`.
    reveal_button : ipywidgets.Button
        *Show answer*; clicking it calls :meth:`reveal`.
    feedback : ipywidgets.HTML
    widget : ipywidgets.VBox
        The container the notebook displays.
    correct : bool or None
        Outcome of the last check, ``None`` before the first.
    """

    def __init__(self, prompt: str, answer, *, tolerance: float = 0.005, hint: str | None = None,
                 decimals: int = 4):
        if not isinstance(prompt, str) or not prompt.strip():
            raise InputError("prompt must be a non-empty string")
        if isinstance(answer, bool) or not isinstance(answer, (Real, str, Undefined)):
            raise InputError(f"answer must be a number, a string or Undefined, got {type(answer).__name__}")
        if isinstance(answer, Real) and not math.isfinite(float(answer)):
            raise InputError(f"answer must be finite, got {answer}; pass an Undefined for a measure without a value")
        if not (isinstance(tolerance, Real) and tolerance >= 0):
            raise InputError(f"tolerance must be a non-negative number, got {tolerance!r}")
        self.prompt = prompt
        self.answer = answer if not isinstance(answer, Real) else float(answer)
        self.tolerance = float(tolerance)
        self.hint = hint
        self.decimals = int(decimals)
        self.correct: bool | None = None
        if isinstance(self.answer, float):
            self.input = widgets.FloatText(value=0.0, description="Answer:", step=None)
        else:
            self.input = widgets.Text(value="", description="Answer:", placeholder="type your answer")
        self.button = widgets.Button(description="Check", button_style="primary")
        self.reveal_button = widgets.Button(description="Show answer")
        self.feedback = widgets.HTML(value="")
        self.button.on_click(lambda _: self.check())
        self.reveal_button.on_click(lambda _: self.reveal())
        self.widget = widgets.VBox([
            widgets.HTML(value=f"<b>Exercise.</b> {html.escape(prompt)}"),
            widgets.HBox([self.input, self.button, self.reveal_button]),
            self.feedback,
        ])

    # ------------------------------------------------------------------ checking
    def check(self) -> bool:
        """Compare the current input with the answer, write the feedback, return whether it is correct."""
        if is_undefined(self.answer):
            self.correct, message = self._check_undefined(self.input.value)
        elif isinstance(self.answer, float):
            self.correct, message = self._check_number(float(self.input.value))
        else:
            self.correct = self.input.value.strip().casefold() == self.answer.strip().casefold()
            message = "" if self.correct else f"{self.input.value.strip()!r} is not the expected answer."
        if self.correct:
            self.feedback.value = f"<span style='color:#1a7f37'>✔ Correct.</span> {html.escape(message)}"
        else:
            hint = f" Hint: {self.hint}" if self.hint else ""
            self.feedback.value = f"<span style='color:#b42318'>✘ Not yet.</span> {html.escape(message + hint)}"
        return self.correct

    def _check_number(self, value: float) -> tuple[bool, str]:
        tol = self.tolerance
        if abs(value - self.answer) <= tol:
            return True, f"The package computes {self._shown(self.answer)}."
        if value != 0 and abs(value / 100 - self.answer) <= tol:
            return False, f"{value:g} looks like a percentage; enter the proportion (between 0 and 1)."
        return False, f"{value:g} is more than {tol:g} away from the value the package computes."

    def _check_undefined(self, text: str) -> tuple[bool, str]:
        reply = text.strip().casefold()
        if reply in _UNDEFINED_WORDS:
            return True, f"It is undefined: {self.answer.reason}."
        try:
            number = float(reply.replace(",", "."))
        except ValueError:
            return False, f"{text.strip()!r} is not the expected answer."
        if number == 0:
            return False, "0 would claim a measured value; look at the denominator first."
        return False, f"{number:g} is not the expected answer; look at the denominator first."

    def reveal(self) -> None:
        """Show the answer in the feedback line (does not count as a correct reply)."""
        self.feedback.value = f"Answer: {html.escape(self._shown(self.answer))}"

    def _shown(self, value) -> str:
        if isinstance(value, float):
            return f"{value:.{self.decimals}f}"
        return str(value)

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        return f"Exercise({self.prompt!r})"
