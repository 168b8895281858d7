"""Saving a reply of any course exercise widget to the learner's progress file, and saying so when it cannot be
saved (beyond TS 4213: the course's record of exercises)."""

from __future__ import annotations

import html

from ..course import learner_progress
from ..words.i18n import _


def save_reply(widget, reply: str, result: str, correct: bool | None, kind: str) -> None:
    """Record one reply of ``widget`` (an exercise with ``key``, ``feedback``, ``saved_to``, ``save_error``).

    Nothing is recorded without a key.  A progress file that cannot be written leaves the exercise working and
    adds one line under the feedback naming the reason; ``widget.save_error`` holds it.

    Beyond TS 4213: the course's record of exercises.
    """
    if widget.key is None:
        return
    try:
        widget.saved_to = learner_progress.save_attempt(widget.key, reply, result, correct=correct, kind=kind)
        widget.save_error = None
    except learner_progress.ProgressError as error:
        widget.saved_to, widget.save_error = None, str(error)
        widget.feedback.value += ("<br><small>" + html.escape(_("Progress not saved: {reason}").format(
            reason=widget.save_error)) + "</small>")
