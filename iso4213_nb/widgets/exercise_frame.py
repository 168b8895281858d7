"""The frame every exercise widget of the course shares (beyond TS 4213: the course's exercises): title and
prompt, what to enter, the main button, *Show answer*, the feedback box with its verdict, hints one at a time, and
each reply saved to the learner's progress file.  ``Exercise``, ``ChoiceExercise`` and ``PredictExercise`` derive
from :class:`ExerciseFrame` and add only their answer widgets and their judging.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..course import learner_progress
from ..words.i18n import N_, _
from ._callbacks import Shown

GOOD, BAD = "#1a7f37", "#b42318"


class ExerciseFrame(Shown):
    """The shared frame of an exercise widget (beyond TS 4213: the course's exercises on clauses 5–8).

    A subclass calls ``super().__init__`` (the buttons and the feedback box), builds its answer widgets around
    them, then calls :meth:`_lay_out`; it defines ``check()`` (unless ``on_press`` is given) and ``reveal()``.

    Parameters
    ----------
    key : str or None
        The exercise's key; with one, every reply is saved to the learner's progress file.
    press : str, default "Check"
        The main button's words (an ``N_`` message).
    on_press : callable, optional
        What the main button does; defaults to the subclass's ``check``.
    reveal : bool, default True
        Whether there is a *Show answer* button (enabled after a first try).

    Attributes
    ----------
    button : ipywidgets.Button
    reveal_button : ipywidgets.Button or None
    feedback : ipywidgets.HTML
    widget : ipywidgets.VBox
        Title and prompt, the line saying what to enter, the subclass's rows, the feedback box.
    wrong_replies : int
        Wrong replies so far; as many hints are shown.
    saved_to, save_error : pathlib.Path or None, str or None
        Where the last reply was recorded, or why it could not be.
    """

    def __init__(self, key: str | None, *, press: str = N_("Check"), on_press=None, reveal: bool = True):
        self.key = key
        self.wrong_replies = 0
        self.saved_to = self.save_error = None
        self.feedback = widgets.HTML(value="")
        self.button = widgets.Button(description=_(press), button_style="primary")
        action = on_press or self.check
        self.button.on_click(lambda _b: action())
        self.reveal_button = None
        if reveal:
            self.reveal_button = widgets.Button(description=_("Show answer"), disabled=True,
                                                tooltip=_("available after a first try"))
            self.reveal_button.on_click(lambda _b: self.reveal())

    #: The title with a key and without one (``N_`` messages); a subclass may name its kind otherwise.
    TITLE = (N_("Exercise {key}."), N_("Exercise."))

    def _lay_out(self, prompt: str, how: str, *rows) -> None:
        """Build :attr:`widget`: the title (:attr:`TITLE`) in bold, ``prompt``, ``how`` in small type, ``rows``, the
        feedback box."""
        with_key, without_key = self.TITLE
        title = _(with_key).format(key=self.key) if self.key else _(without_key)
        self.widget = widgets.VBox([
            widgets.HTML(value=f"<b>{html.escape(title)}</b> {html.escape(prompt)}"),
            widgets.HTML(value=f"<small>{html.escape(how)}</small>"),
            *rows, self.feedback])

    @staticmethod
    def _verdict(good: bool, words: str) -> str:
        """``words`` (plain text) after a green tick or a red cross, as HTML."""
        colour, mark = (GOOD, "✔") if good else (BAD, "✘")
        return f"<span style='color:{colour}'>{mark} {html.escape(words)}</span>"

    def _hints(self, hints) -> str:
        """As many of ``hints`` (already in words) as wrong replies so far, each after "Hint:"."""
        return " ".join(_("Hint: {hint}").format(hint=h) for h in hints[:self.wrong_replies])

    def _save(self, reply: str, result: str, correct: bool | None, kind: str) -> None:
        """Record one reply of ``kind`` to the learner's progress file; nothing without a key.  A file that cannot
        be written leaves the exercise working and adds one line under the feedback naming the reason."""
        if self.key is None:
            return
        try:
            self.saved_to = learner_progress.save_attempt(self.key, reply, result, correct=correct, kind=kind)
            self.save_error = None
        except learner_progress.ProgressError as error:
            self.saved_to, self.save_error = None, str(error)
            self.feedback.value += ("<br><small>" + html.escape(_("Progress not saved: {reason}").format(
                reason=self.save_error)) + "</small>")
