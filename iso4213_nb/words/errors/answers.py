"""Words for the errors of :mod:`iso4213_nb.course.answers`: an exercise's answer, tolerance and expected mistakes.

These errors reach a course author when an exercise is defined with an answer that does not fit
its kind of quantity.  ``quantity_word`` is the key of a kind of quantity (``"proportion"``,
``"joules"``), shown as its instructions name it ("a proportion between 0 and 1").
"""

from ...course.answers import QUANTITIES
from ..i18n import N_

TEMPLATES = {
    "answers.unknown_quantity": N_("unknown kind of quantity {name}; use one of {kinds}"),
    "answers.answer_type": N_("answer must be a number, a string or Undefined, got {type}"),
    "answers.tolerance_needed": N_("give a tolerance for an answer that is {quantity_word}: its instructions state it"),
    "answers.tolerance_negative": N_("tolerance must be a non-negative number, got {value}"),
    "answers.answer_nan": N_("answer must not be nan; pass an Undefined for a measure without a value"),
    "answers.answer_infinite": N_("answer is infinite, but it must be {quantity_word}"),
    "answers.answer_out_of_range": N_("answer {answer:g} is not {quantity_word}; "
                                      "choose the kind of quantity that fits it"),
    "answers.mistake_not_a_pair": N_("each expected mistake must be a (value, message) pair"),
    "answers.mistake_accepted": N_("expected mistake {wrong} would be accepted as the answer: {message}"),
}

#: kind of quantity → how its instructions name it (already in the catalogue through :data:`QUANTITIES`)
WORDS = {f"quantity.{name}": kind.asks for name, kind in QUANTITIES.items()}
