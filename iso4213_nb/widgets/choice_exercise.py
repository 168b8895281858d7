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
from .exercise_record import save_reply

_GOOD, _BAD = "#1a7f37", "#b42318"


class ChoiceExercise:
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
    button, reveal_button : ipywidgets.Button
    feedback : ipywidgets.HTML
        After a reply: the verdict and the reason of the option chosen; once solved or revealed, every option's
        reason.
    correct : bool or None
    """

    def __init__(self, item: ChoiceItem, key: str | None = None):
        self.item, self.key = item, key
        self.correct: bool | None = None
        self.wrong_replies = 0
        self.saved_to = self.save_error = None
        self._texts = {_(o.text).format(**item.values): o for o in item.options}
        self.input = widgets.RadioButtons(options=list(self._texts), value=None,
                                          layout=widgets.Layout(width="max-content"))
        self.button = widgets.Button(description=_("Check"), button_style="primary")
        self.reveal_button = widgets.Button(description=_("Show answer"), disabled=True,
                                            tooltip=_("available after a first try"))
        self.feedback = widgets.HTML(value="")
        self.button.on_click(lambda _b: self.check())
        self.reveal_button.on_click(lambda _b: self.reveal())
        title = _("Exercise {key}.").format(key=key) if key else _("Exercise.")
        prompt = _(item.prompt).format(**item.values)
        how = _("Choose one; each option has its reason.")
        self.widget = widgets.VBox([
            widgets.HTML(value=f"<b>{html.escape(title)}</b> {html.escape(prompt)}"),
            widgets.HTML(value=f"<small>{html.escape(how)}</small>"),
            self.input, widgets.HBox([self.button, self.reveal_button]), self.feedback])

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
            correct = html.escape(_("Correct."))
            self.feedback.value = f"<span style='color:{_GOOD}'>✔ {correct}</span>" + self._all_reasons()
        else:
            self.wrong_replies += 1
            hints = " ".join(_("Hint: {hint}").format(hint=_(h).format(**self.item.values))
                             for h in self.item.hints[:self.wrong_replies])
            text = " ".join(part for part in (self._reason(option), hints) if part)
            not_yet = html.escape(_("Not yet."))
            self.feedback.value = f"<span style='color:{_BAD}'>✘ {not_yet}</span> {html.escape(text)}"
        save_reply(self, option.text, "correct" if self.correct else "wrong", self.correct, "choice")
        return self.correct

    def reveal(self) -> None:
        """Show every option with its reason; recorded as revealed, not as solved."""
        self.feedback.value = self._all_reasons()
        save_reply(self, "", "revealed", None, "choice")

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        return f"ChoiceExercise({self.key!r})"
