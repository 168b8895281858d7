"""The "check your answer" widgets of the course notebooks, and :func:`exercise`, the one call a notebook makes.

Usage (a notebook's exercise cell passes its data; the answer is computed in the package, never in the cell)::

    from iso4213_nb.widgets.exercises import exercise
    exercise("03.1", y_true=y_test, scores=scores)          # a choice: every option has its reason
    exercise("03.2", y_true=y_test, scores=scores,          # predict, then check: the slider (and any
             controls=[explorer.threshold_slider])          #   controls given) unlock after the commit

Three kinds, defined in :mod:`iso4213_nb.course.exercise_bank` (one module per notebook) as the data types of
:mod:`iso4213_nb.course.items`:

* a number (:class:`Exercise`): a text box; feedback by the kind of quantity, tolerance, expected mistakes;
* a choice (:class:`~iso4213_nb.widgets.choice_exercise.ChoiceExercise`): radio buttons; after a reply the
  reason of the option chosen, once solved every option's reason;
* a prediction (:class:`~iso4213_nb.widgets.predict_exercise.PredictExercise`): commit an option or a number,
  then move the slider to the target and read whether the prediction held and why.

Each reply of an exercise with a key is saved, with its kind, to the learner's progress file
(:mod:`iso4213_nb.course.learner_progress`, outside the repository); :func:`progress_summary` shows it per
notebook.  To add an exercise: list its key in :data:`iso4213_nb.course.contents.COURSE`, define it in
``course/exercise_bank/lesson_<code>.py``, call :func:`exercise` in the notebook, add its worked solution to
``instructor/solutions``.  :class:`Exercise` can still be built directly with an answer (older cells do so).

The judging lives in :mod:`iso4213_nb.course.answers` (lenient reading of ``0,75``, ``75 %``, ``inf``, ``∞``,
``undefined``); the frame, hints one at a time and *Show answer* in
:class:`~iso4213_nb.widgets.exercise_frame.ExerciseFrame`.  Testable without a browser: set
``exercise.input.value``, call ``exercise.button.click()``, read :attr:`Exercise.correct`,
:attr:`Exercise.verdict` and ``exercise.feedback.value``.
"""

from __future__ import annotations

import html
import math
from pathlib import Path

import ipywidgets as widgets

from ..course import contents as course, learner_progress
from ..course.exercise_bank import item
from ..course.items import ChoiceItem, PredictItem
from ..course.answers import check_answer, check_mistakes, instructions, judge_number, judge_text, quantity
from ..core.errors import InputError
from ..figures.tables import html_table
from ..words import readings
from ..words.i18n import N_, _, number, significant
from .choice_exercise import ChoiceExercise
from .exercise_frame import ExerciseFrame
from .predict_exercise import PredictExercise
from ..core.undefined import is_undefined


class Exercise(ExerciseFrame):
    """One question with an answer computed by the package (beyond TS 4213: the course's exercises on clauses 5–8).

    Parameters
    ----------
    prompt : str
        The question, as plain text (it is HTML-escaped before display).
    answer : float, Undefined or str
        The value the package computed; ``math.inf`` or an :class:`~iso4213_nb.Undefined` for a value
        that is infinite or does not exist; a string for a word or a choice.
    kind : str, default "proportion"
        Kind of quantity of a numeric answer, a key of :data:`iso4213_nb.course.answers.QUANTITIES`
        ("proportion", "percentage", "percentage points", "nats", "joules", "per second", "count",
        "number"); it sets the instructions, the range and the unit slips the feedback recognises.
    tolerance : float, optional
        Largest absolute difference accepted; defaults to the kind's (required for joules, rates and
        plain numbers).  Stated to the learner.
    hint : str or sequence of str, optional
        Plain-text hints, shown one more after each wrong reply.
    mistakes : sequence of (value, message), optional
        Replies worth a specific message (another measure's value, the other direction of a
        divergence), each value computed by the package like the answer.
    choices : sequence of str, optional
        For a string answer: show a drop-down with these options instead of a text box.
    key : str, optional
        The exercise's key in :data:`iso4213_nb.course.contents.COURSE`; with it every reply is saved to the
        learner's progress file.
    decimals : int, default 4
        Decimals used when the answer is revealed.

    Attributes
    ----------
    input : ipywidgets.Text or ipywidgets.Dropdown
    correct : bool or None
        Outcome of the last check, ``None`` before the first.
    verdict : iso4213_nb.course.answers.Verdict or None
        Last verdict with its reason code.
    button, reveal_button, feedback, widget, saved_to, save_error
        As in :class:`~iso4213_nb.widgets.exercise_frame.ExerciseFrame`.
    """

    def __init__(self, prompt: str, answer, *, kind: str = "proportion", tolerance: float | None = None,
                 hint=None, mistakes=(), choices=None, key: str | None = None, decimals: int = 4):
        if not isinstance(prompt, str) or not prompt.strip():
            raise InputError(_("prompt must be a non-empty string"))
        self.kind = quantity(kind)
        self.answer, self.tolerance = check_answer(answer, self.kind, tolerance)
        if choices is not None and (not isinstance(self.answer, str) or self.answer not in choices):
            raise InputError(_("choices need a string answer that is one of them"))
        if key is not None:
            course.exercise(key)
        self.prompt, self.decimals = prompt, int(decimals)
        self.hints = (hint,) if isinstance(hint, str) else tuple(hint or ())
        self.mistakes = check_mistakes(mistakes, self.answer, self.tolerance)
        super().__init__(key)
        self.correct: bool | None = None
        self.verdict = None
        if choices is not None:
            self.input = widgets.Dropdown(options=["", *choices], value="", description=_("Answer:"))
            how = _("Choose one.")
        elif isinstance(self.answer, str):
            self.input = widgets.Text(value="", description=_("Answer:"), placeholder=_("type your answer"))
            how = _("Type the word; case does not matter.")
        else:
            self.input = widgets.Text(value="", description=_("Answer:"), placeholder=_("e.g. 0.25, 1/4, inf"))
            how = instructions(self.kind, self.tolerance)
        self._lay_out(prompt, how, widgets.HBox([self.input, self.button, self.reveal_button]))

    def check(self) -> bool:
        """Judge the current input, write the feedback, record the reply; return whether it is correct."""
        reply = str(self.input.value)
        if isinstance(self.answer, str):
            self.verdict = judge_text(reply, self.answer, self.mistakes)
        else:
            self.verdict = judge_number(reply, self.answer, self.kind, self.tolerance, self.mistakes)
        self.correct = self.verdict.correct
        if self.verdict.code != "unreadable":
            self.reveal_button.disabled = False
        if self.correct:
            self.feedback.value = self._verdict(True, _("Correct.")) + " " + html.escape(self.verdict.message)
        else:
            if self.verdict.code != "unreadable":
                self.wrong_replies += 1
            text = " ".join(part for part in (self.verdict.message, self._hints(self.hints)) if part)
            self.feedback.value = self._verdict(False, _("Not yet.")) + " " + html.escape(text)
        if self.verdict.code != "unreadable":
            self._record(reply, self.verdict.code, self.correct)
        return self.correct

    def reveal(self) -> None:
        """Show the answer in the feedback line; it is recorded as revealed, not as solved."""
        self.feedback.value = html.escape(_("Answer: {answer}").format(answer=self._shown(self.answer)))
        self._record("", "revealed", None)

    def _record(self, reply: str, result: str, correct: bool | None) -> None:
        self._save(reply, result, correct, "number" if not isinstance(self.answer, str) else "choice")

    def _shown(self, value) -> str:
        if is_undefined(value):
            return _("undefined ({reason})").format(reason=readings.reason(value))
        if isinstance(value, float):
            if math.isinf(value):
                return "∞" if value > 0 else "−∞"
            return significant(value, 6) if self.kind.whole else number(value, self.decimals)
        return str(value)

    def __repr__(self) -> str:
        return f"Exercise({self.key or self.prompt!r})"


KIND_WORDS = {"number": N_("{count} number"), "choice": N_("{count} choice"), "predict": N_("{count} prediction")}


def kinds_text(row: dict) -> str:
    """How many exercises of each kind a lesson's summary ``row`` has, with the predictions that held.

    Beyond TS 4213: the course's exercises.
    """
    parts = [_(KIND_WORDS[kind]).format(count=count) for kind, count in row["kinds"].items() if count]
    if row["kinds"].get("predict"):
        parts.append(_("{held} of {checked} predictions held").format(held=row["held"], checked=row["predictions"]))
    return ", ".join(parts)


def _summary_html() -> str:
    try:
        path = learner_progress.record_path()
        rows = learner_progress.summary(path)
    except learner_progress.ProgressError as error:
        return "<p>" + html.escape(_("Progress cannot be shown: {reason}").format(reason=error)) + "</p>"
    of = _("{count} of {total}")
    table = [[r["code"], _(str(r["title"])), of.format(count=r["attempted"], total=r["exercises"]),
              of.format(count=r["solved"], total=r["exercises"]),
              kinds_text(r), "; ".join(_(label) for label in r["todo"]) or _("all solved ✔")] for r in rows]
    solved, total = sum(r["solved"] for r in rows), sum(r["exercises"] for r in rows)
    shown = f"~/{path.relative_to(Path.home())}" if path.is_relative_to(Path.home()) else str(path)
    done = html.escape(_("{solved} of {total} exercises solved.").format(solved=solved, total=total))
    return (f"<p><b>{done}</b> " + _("Record: {path}").format(path=f"<code>{html.escape(shown)}</code>") + "</p>"
            + html_table(table, [_("notebook"), _("topic"), _("attempted"), _("solved"), _("kinds"),
                                _("still to do")]))


def progress_summary() -> widgets.VBox:
    """The learner's progress per notebook (attempted, solved, still to do) with a *Refresh* button.

    Reads :func:`iso4213_nb.course.learner_progress.summary`; a progress file that cannot be read gives one line
    saying why instead of the table.

    Beyond TS 4213: the course's exercises on clauses 5–8.
    """
    shown = widgets.HTML(value=_summary_html())
    refresh = widgets.Button(description=_("Refresh"), icon="refresh")
    refresh.on_click(lambda _: setattr(shown, "value", _summary_html()))
    return widgets.VBox([refresh, shown])


def exercise(key: str, *, controls=(), **data):
    """The widget of course exercise ``key``, built from its definition in
    :mod:`iso4213_nb.course.exercise_bank` and the notebook's ``data`` (so no answer is computed in the cell).

    Returns an :class:`Exercise` (a number), a :class:`~iso4213_nb.widgets.choice_exercise.ChoiceExercise` or a
    :class:`~iso4213_nb.widgets.predict_exercise.PredictExercise`; ``controls`` (widgets of the notebook, such
    as an explorer's slider) stay disabled until a prediction is committed.

    Beyond TS 4213: the course's exercises on clauses 5–8.
    """
    made = item(key, **data)
    if isinstance(made, ChoiceItem):
        return ChoiceExercise(made, key=key)
    if isinstance(made, PredictItem):
        return PredictExercise(made, key=key, controls=controls)
    values = made.values
    return Exercise(_(made.prompt).format(**values), made.answer, kind=made.kind, tolerance=made.tolerance,
                    hint=[_(h).format(**values) for h in made.hints], key=key, decimals=made.decimals,
                    mistakes=[(wrong, _(message).format(**values)) for wrong, message in made.mistakes])
