"""The choice (interpretation) exercise of the course: pick one option, read why it is right or wrong.

Shown by :func:`iso4213_nb.widgets.exercises.exercise` for a :class:`~iso4213_nb.course.items.ChoiceItem`.
Testable without a browser: set ``widget.input.value`` to an option's text, call ``widget.button.click()``,
read :attr:`ChoiceExercise.correct` and ``widget.feedback.value``.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..course.items import ChoiceItem
from ..words.i18n import _
from .exercise_frame import ExerciseFrame


class ChoiceExercise(ExerciseFrame):
    """One choice item as a widget (beyond TS 4213: the course's exercises on clauses 5–8).

    Parameters
    ----------
    item : iso4213_nb.course.items.ChoiceItem
    key : str, optional
        With a key every reply is saved to the learner's progress file.

    Attributes
    ----------
    input : ipywidgets.RadioButtons
        The options, in the item's order, none chosen at first.
    button, reveal_button, widget, saved_to, save_error
        As in :class:`~iso4213_nb.widgets.exercise_frame.ExerciseFrame`.
    feedback : ipywidgets.HTML
        After a reply: the verdict and the reason of the option chosen; once solved or revealed, every option's
        reason.
    correct : bool or None
    """

    def __init__(self, item: ChoiceItem, key: str | None = None):
        super().__init__(key)
        self.item = item
        self.correct: bool | None = None
        self._texts = {_(o.text).format(**item.values): o for o in item.options}
        self.input = widgets.RadioButtons(options=list(self._texts), value=None,
                                          layout=widgets.Layout(width="max-content"))
        self._lay_out(_(item.prompt).format(**item.values), _("Choose one; each option has its reason."),
                      self.input, widgets.HBox([self.button, self.reveal_button]))

    def _reason(self, option) -> str:
        return _(option.reason).format(**self.item.values, **option.values)

    def _all_reasons(self) -> str:
        rows = "".join(f"<li>{'✔' if o.text == self.item.answer else '✘'} <b>{html.escape(text)}</b>: "
                       f"{html.escape(self._reason(o))}</li>" for text, o in self._texts.items())
        return f"<ul>{rows}</ul>"

    def check(self) -> bool | None:
        """Judge the option chosen, show its reason, record the reply; return whether it is right."""
        if self.input.value is None:
            self.feedback.value = html.escape(_("Nothing chosen yet."))
            return None
        option = self._texts[self.input.value]
        self.correct = option.text == self.item.answer
        self.reveal_button.disabled = False
        if self.correct:
            self.feedback.value = self._verdict(True, _("Correct.")) + self._all_reasons()
        else:
            self.wrong_replies += 1
            hints = self._hints([_(h).format(**self.item.values) for h in self.item.hints])
            text = " ".join(part for part in (self._reason(option), hints) if part)
            self.feedback.value = self._verdict(False, _("Not yet.")) + " " + html.escape(text)
        self._save(option.text, "correct" if self.correct else "wrong", self.correct, "choice")
        return self.correct

    def reveal(self) -> None:
        """Show every option with its reason; recorded as revealed, not as solved."""
        self.feedback.value = self._all_reasons()
        self._save("", "revealed", None, "choice")

    def __repr__(self) -> str:
        return f"ChoiceExercise({self.key!r})"
