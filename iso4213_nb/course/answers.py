"""Judging a learner's reply to a course exercise: reading the reply, comparing it, choosing the words (no widgets:
:class:`~iso4213_nb.widgets.exercises.Exercise` wires this module to an input box).

The feedback depends on the kind of quantity asked for (:data:`QUANTITIES`: its range and the wrong units typical
of it, told without revealing the value), the tolerance stated before the first try, and the expected mistakes an
exercise names (related measures the package computes like the answer, each with its own message).  Replies are
read leniently (:func:`read_reply`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from numbers import Real

from ..core.errors import InputError
from ..words.i18n import N_, _, significant, undefined_word
from ..core.undefined import Undefined, is_undefined

UNDEFINED_WORDS = frozenset({"undefined", "undef", "nan", "none", "n/a", "na", "no value", "не определено",
                             "не определен", "не определена", "неопределено", "нет значения", "нет"})
INFINITY_WORDS = frozenset({"inf", "+inf", "infinity", "+infinity", "infinite", "∞", "+∞", "бесконечность",
                            "+бесконечность", "бесконечно"})


@dataclass(frozen=True)
class Quantity:
    """What kind of number an exercise asks for (beyond TS 4213: course exercises on the measures of clauses 6 and 7).

    ``name`` is its key in :data:`QUANTITIES`; ``asks`` how the instructions name it ("a proportion between 0 and
    1"); ``low``–``high`` the range of sensible values; ``tolerance`` the default absolute tolerance (None: an
    exercise must give one); ``whole``: only whole numbers make sense; ``infinite``: an infinite value is a possible
    answer (the instructions then mention ``inf``).  ``slips`` are ``(factor, message)`` pairs: a reply equal to
    ``answer × factor`` (within the tolerance scaled by the factor) is the answer in the wrong unit the message names.
    """

    name: str
    asks: str
    low: float = -math.inf
    high: float = math.inf
    tolerance: float | None = None
    whole: bool = False
    infinite: bool = False
    slips: tuple[tuple[float, str], ...] = ()


QUANTITIES = {q.name: q for q in (
    Quantity("proportion", N_("a proportion between 0 and 1"), 0.0, 1.0, 0.005, slips=(
        (100.0, N_("looks like a percentage; enter the proportion, between 0 and 1")),)),
    Quantity("percentage", N_("a percentage, between 0 and 100"), 0.0, 100.0, 0.5, slips=(
        (0.01, N_("looks like a proportion; enter it in percent (multiply by 100)")),)),
    Quantity("percentage points", N_("a difference in percentage points"), 0.0, 100.0, None, slips=(
        (0.01, N_("looks like a proportion; enter it in percentage points (multiply by 100)")),)),
    Quantity("nats", N_("a divergence in nats (natural logarithm)"), 0.0, math.inf, 0.0005, infinite=True, slips=(
        (1 / math.log(2), N_("looks like bits: you used the base-2 logarithm; nats need the natural logarithm")),
        (1 / math.log(10), N_("looks like the base-10 logarithm; nats need the natural logarithm")),)),
    Quantity("joules", N_("an energy in joules"), 0.0, math.inf, None, slips=(
        (1000.0, N_("looks like millijoules; enter joules (divide by 1000)")),
        (0.001, N_("looks like kilojoules; enter joules (multiply by 1000)")),
        (1 / 3600, N_("looks like watt-hours; enter joules (1 Wh = 3600 J)")),)),
    Quantity("per second", N_("a rate per second"), 0.0, math.inf, None, slips=(
        (0.001, N_("looks like a rate per millisecond; enter it per second")),)),
    Quantity("count", N_("a whole number"), 0.0, math.inf, 0.0, whole=True),
    Quantity("number", N_("a number"), tolerance=None, infinite=True),
)}


@dataclass(frozen=True)
class Verdict:
    """Outcome of one reply: ``correct``, a reason ``code`` for tests and records, and the ``message`` shown.

    Beyond TS 4213: course exercises on the measures of clauses 6 and 7.
    """

    correct: bool
    code: str
    message: str


def quantity(name: str) -> Quantity:
    """The :class:`Quantity` called ``name``; an :class:`InputError` lists the known kinds otherwise.

    Beyond TS 4213: course exercises on the measures of clauses 6 and 7.
    """
    try:
        return QUANTITIES[name]
    except KeyError:
        raise InputError("answers.unknown_quantity", name=repr(name), kinds=list(QUANTITIES)) from None


def instructions(kind: Quantity, tolerance: float) -> str:
    """The line under a numeric question: what to enter and how close counts as right.

    The same words whatever the answer, so that they never hint at it: every kind mentions *undefined*,
    every kind that can be infinite mentions ``inf``.

    Beyond TS 4213: course exercises on the measures of clauses 6 and 7.
    """
    close = _("exactly") if tolerance == 0 else _("accepted within ±{tolerance}").format(
        tolerance=significant(tolerance, 6))
    extra = [_("inf (or ∞) if it is infinite")] if kind.infinite else []
    extra.append(_("undefined if it has no value"))
    text = _("Enter {quantity}; {close}.").format(quantity=_(kind.asks), close=close)
    return text + " " + _("Or type {choices}.").format(choices=_(" or ").join(extra))


def read_reply(text: str, kind: Quantity):
    """Parse a typed reply into a float (possibly ±inf) or an :class:`Undefined`.

    Accepts a decimal comma, a trailing ``%`` (worth 1/100 unless the kind is a percentage), a fraction
    ``a/b``, spaces between digit groups and the words of :data:`INFINITY_WORDS` and :data:`UNDEFINED_WORDS`.
    Raises ``ValueError`` with a short reason for anything else.

    Beyond TS 4213: course exercises on the measures of clauses 6 and 7.
    """
    reply = " ".join(str(text).split()).casefold()
    if not reply:
        raise ValueError(_("the answer box is empty"))
    if reply in UNDEFINED_WORDS:
        return Undefined(code="typed_undefined")
    sign = -1.0 if reply.startswith("-") else 1.0
    if reply.lstrip("+-") in {w.lstrip("+") for w in INFINITY_WORDS}:
        return sign * math.inf
    percent = reply.endswith("%")
    body = reply.rstrip("%").strip()
    body = re.sub(r"(?<=\d) (?=\d{3}\b)", "", body)
    if "," in body and "." not in body:
        body = body.replace(",", ".")
    parts = body.split("/")
    not_a_number = _("{reply} is not a number").format(reply=repr(text.strip()))
    try:
        numbers = [float(p) for p in parts]
    except ValueError:
        raise ValueError(not_a_number) from None
    if len(numbers) > 2 or not all(math.isfinite(n) for n in numbers):
        raise ValueError(not_a_number)
    if len(numbers) == 2 and numbers[1] == 0:
        raise ValueError(_("{reply} divides by zero; type undefined if the value does not exist").format(
            reply=repr(text.strip())))
    value = numbers[0] / numbers[1] if len(numbers) == 2 else numbers[0]
    if percent and kind.name not in ("percentage", "percentage points"):
        value /= 100
    return value


def _close(value: float, target: float, tolerance: float) -> bool:
    if math.isinf(target) or math.isinf(value):
        return value == target
    return abs(value - target) <= tolerance + 1e-12 * max(1.0, abs(target))


def _shown(value) -> str:
    if is_undefined(value):
        return undefined_word()
    if math.isinf(value):
        return "∞" if value > 0 else "−∞"
    return significant(value, 6)


def _no_value(answer) -> bool:
    """True when the answer has no finite value (undefined, or infinite for a kind that allows it)."""
    return is_undefined(answer) or (isinstance(answer, float) and math.isinf(answer))


def judge_number(reply: str, answer, kind: Quantity, tolerance: float, mistakes=()) -> Verdict:
    """Judge a typed ``reply`` against a numeric or undefined ``answer`` of the given ``kind``.

    ``mistakes`` is a sequence of ``(value, message)``: a reply matching ``value`` (a number, ±inf or an
    :class:`Undefined`) within ``tolerance`` gets ``message``.  For a kind that can be infinite, an
    undefined answer and an infinite one accept both words, since the toolkit reports an infinite
    divergence as undefined with the reason.

    Beyond TS 4213: course exercises on the measures of clauses 6 and 7.
    """
    try:
        value = read_reply(reply, kind)
    except ValueError as error:
        return Verdict(False, "unreadable", f"{error}.")
    value_missing = is_undefined(value) or math.isinf(value)
    if _no_value(answer):
        from ..words import readings  # its stats imports load scipy.stats: not for every error template's import

        reason = f" ({readings.reason(answer)})" if is_undefined(answer) else ""
        if is_undefined(value) or (kind.infinite and math.isinf(value) and value > 0):
            text = _("It is infinite{reason}.") if kind.infinite else _("It is undefined{reason}.")
            return Verdict(True, "correct", text.format(reason=reason))
    elif not value_missing and _close(value, answer, tolerance):
        return Verdict(True, "correct", _("The package computes {value}.").format(value=_shown(round(answer, 10))))
    for wrong, message in mistakes:
        if (is_undefined(wrong) and is_undefined(value)) or (
                not is_undefined(wrong) and not value_missing and _close(value, float(wrong), tolerance)) or (
                not is_undefined(wrong) and math.isinf(float(wrong)) and value == float(wrong)):
            return Verdict(False, "expected mistake", message)
    if is_undefined(value):
        return Verdict(False, "not undefined", _("It has a value: check that the denominator is not zero."))
    if math.isinf(value):
        return Verdict(False, "not infinite", _("It is finite here.") if kind.infinite else
                       _("{value} is not {quantity}.").format(value=_shown(value), quantity=_(kind.asks)))
    if _no_value(answer):
        if value == 0:
            return Verdict(False, "zero for no value", _("0 would claim a measured value; look at the denominator "
                                                         "(or at a term whose share is 0) first."))
        return Verdict(False, "wrong", _("{value} is not it; look for a zero denominator or a zero share.").format(
            value=_shown(value)))
    for factor, message in kind.slips:
        if answer != 0 and _close(value, answer * factor, tolerance * factor):
            return Verdict(False, "wrong unit", f"{_shown(value)} {_(message)}.")
    if value < kind.low or value > kind.high:
        return Verdict(False, "out of range", _("{value} cannot be {quantity}.").format(value=_shown(value),
                                                                                       quantity=_(kind.asks)))
    if kind.whole and value != int(value):
        return Verdict(False, "not whole", _("{value} is not {quantity}: a count has no fraction.").format(
            value=_shown(value), quantity=_(kind.asks)))
    text = (_("{value} is too high: more than {tolerance} away from the value the package computes.")
            if value > answer else
            _("{value} is too low: more than {tolerance} away from the value the package computes."))
    return Verdict(False, "wrong", text.format(value=_shown(value), tolerance=significant(tolerance, 6)))


def judge_text(reply: str, answer: str, mistakes=()) -> Verdict:
    """Judge a word or a choice: equal to ``answer`` after trimming spaces and ignoring case.

    Beyond TS 4213: course exercises on the measures of clauses 6 and 7.
    """
    said = " ".join(str(reply).split())
    if not said:
        return Verdict(False, "unreadable", _("Nothing chosen yet."))
    if said.casefold() == answer.strip().casefold():
        return Verdict(True, "correct", "")
    for wrong, message in mistakes:
        if said.casefold() == str(wrong).strip().casefold():
            return Verdict(False, "expected mistake", message)
    return Verdict(False, "wrong", _("{reply} is not the expected answer.").format(reply=repr(said)))


def check_answer(answer, kind: Quantity, tolerance):
    """Validate an exercise's answer and tolerance at construction; return them typed (float or Undefined).

    Beyond TS 4213: course exercises on the measures of clauses 6 and 7.
    """
    if isinstance(answer, bool) or not isinstance(answer, (Real, str, Undefined)):
        raise InputError("answers.answer_type", type=type(answer).__name__)
    if isinstance(answer, str):
        return answer, 0.0
    if tolerance is None:
        tolerance = kind.tolerance
    if tolerance is None:
        raise InputError("answers.tolerance_needed", quantity_word=f"quantity.{kind.name}")
    if not (isinstance(tolerance, Real) and not isinstance(tolerance, bool) and tolerance >= 0):
        raise InputError("answers.tolerance_negative", value=repr(tolerance))
    if isinstance(answer, Real):
        answer = float(answer)
        if math.isnan(answer):
            raise InputError("answers.answer_nan")
        if math.isinf(answer) and not kind.infinite:
            raise InputError("answers.answer_infinite", quantity_word=f"quantity.{kind.name}")
        if math.isfinite(answer) and not kind.low <= answer <= kind.high:
            raise InputError("answers.answer_out_of_range", answer=answer, quantity_word=f"quantity.{kind.name}")
    return answer, float(tolerance)


def check_mistakes(mistakes, answer, tolerance: float) -> tuple:
    """Validate expected mistakes: ``(value, message)`` pairs, no value accepted as the answer itself.

    Beyond TS 4213: course exercises on the measures of clauses 6 and 7.
    """
    checked = []
    for item in mistakes:
        if not (isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], str)):
            raise InputError("answers.mistake_not_a_pair")
        wrong, message = item
        same = (is_undefined(wrong) and is_undefined(answer)) or (
            isinstance(answer, str) and str(wrong).strip().casefold() == answer.strip().casefold()) or (
            isinstance(answer, float) and isinstance(wrong, Real) and _close(float(wrong), answer, tolerance))
        if same:
            raise InputError("answers.mistake_accepted", wrong=wrong if isinstance(wrong, str) else _shown(wrong),
                             message=message)
        checked.append((wrong, message))
    return tuple(checked)
