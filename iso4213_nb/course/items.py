"""The three kinds of course exercise, as data: what is asked, the answer the package computed, and the words of
the feedback (:mod:`iso4213_nb.widgets.exercises` shows them): a :class:`NumberItem` to type, a :class:`ChoiceItem`
with a reason per :class:`Option`, a :class:`PredictItem` committed before a :class:`Slider` is moved.

Texts are marked with :func:`~iso4213_nb.words.i18n.N_` where they are defined and translated where they are shown.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from ..core.errors import InputError
from ..core.undefined import is_undefined
from ..words.i18n import N_
from .answers import check_answer, check_mistakes, quantity

#: The kinds a progress record counts, in the order a summary lists them.
KINDS = ("number", "choice", "predict")


@dataclass(frozen=True)
class NumberItem:
    """A question whose answer is a number the package computed (beyond TS 4213: the course's exercises).

    ``prompt`` and ``hints`` are untranslated texts (marked with ``N_``); ``mistakes`` are ``(value, message)``
    pairs as in :func:`iso4213_nb.course.answers.judge_number`; ``kind`` is a key of
    :data:`iso4213_nb.course.answers.QUANTITIES`; ``decimals`` is used when the answer is revealed.
    """

    prompt: str
    answer: object
    kind: str = "proportion"
    tolerance: float | None = None
    hints: tuple[str, ...] = ()
    mistakes: tuple = ()
    decimals: int = 4
    #: Values put into the prompt, hints and mistake messages (``str.format``) after translation.
    values: dict = field(default_factory=dict)

    def __post_init__(self):
        kind = quantity(self.kind)
        answer, tolerance = check_answer(self.answer, kind, self.tolerance)
        object.__setattr__(self, "answer", answer)
        object.__setattr__(self, "tolerance", tolerance)
        object.__setattr__(self, "mistakes", check_mistakes(tuple(self.mistakes), answer, tolerance))
        object.__setattr__(self, "hints", tuple(self.hints))


@dataclass(frozen=True)
class Option:
    """One option of a choice or a prediction: its ``text``, the ``reason`` it is right or wrong here, and
    ``values`` of its own for the reason's placeholders (beside the item's).

    Beyond TS 4213: the course's exercises.
    """

    text: str
    reason: str
    values: dict = field(default_factory=dict)


@dataclass(frozen=True)
class ChoiceItem:
    """Pick one of ``options``; ``answer`` is the text of the right one (beyond TS 4213: the course's exercises).

    After each reply the learner reads the reason of the option chosen; once solved or revealed, the reasons
    of all options.
    """

    prompt: str
    options: tuple[Option, ...]
    answer: str
    hints: tuple[str, ...] = ()
    values: dict = field(default_factory=dict)

    def __post_init__(self):
        texts = [o.text for o in self.options]
        if len(texts) < 2 or len(set(texts)) != len(texts) or self.answer not in texts:
            raise InputError("items.bad_options", answer=repr(self.answer), options=texts)
        object.__setattr__(self, "options", tuple(self.options))
        object.__setattr__(self, "hints", tuple(self.hints))


@dataclass(frozen=True)
class Slider:
    """The slider of a prediction: ``label``, range ``low``–``high`` in steps of ``step``, where it ``start`` s and
    the ``target`` the learner moves it to (beyond TS 4213: the course's exercises)."""

    label: str
    low: float
    high: float
    step: float
    start: float
    target: float

    def __post_init__(self):
        if not (self.low <= self.start <= self.high and self.low <= self.target <= self.high
                and self.step > 0 and self.start != self.target):
            raise InputError("items.bad_slider", start=self.start, target=self.target, low=self.low, high=self.high)


#: The options of a prediction of direction, with the outcome each names.
UP, DOWN, SAME = N_("goes up"), N_("goes down"), N_("stays the same")


@dataclass(frozen=True)
class PredictItem:
    """Predict, then move a slider and check (beyond TS 4213: the course's exercises).

    ``value_at(position)`` is the measure the package computes at a slider position (a float or an
    :class:`~iso4213_nb.Undefined`); ``measure`` names it.  With ``options`` (texts :data:`UP`, :data:`DOWN`,
    :data:`SAME`, each with its reason) the learner predicts the direction from ``slider.start`` to
    ``slider.target``; without, the learner predicts the value at the target, judged within ``tolerance``.
    ``why`` explains the outcome once seen; it may use ``{start}``, ``{target}``, ``{before}`` and ``{after}``.
    """

    prompt: str
    measure: str
    slider: Slider
    value_at: Callable[[float], object]
    why: str
    options: tuple[Option, ...] = ()
    tolerance: float = 0.0
    kind: str = "proportion"
    values: dict = field(default_factory=dict)

    def __post_init__(self):
        if self.options:
            texts = {o.text for o in self.options}
            if texts != {UP, DOWN, SAME}:
                raise InputError("items.bad_options", answer=repr(self.outcome), options=sorted(texts))
        else:
            quantity(self.kind)
            if not self.tolerance > 0:
                raise InputError("answers.tolerance_negative", value=repr(self.tolerance))
        object.__setattr__(self, "options", tuple(self.options))

    @property
    def outcome(self):
        """What moving the slider shows: :data:`UP`, :data:`DOWN` or :data:`SAME` for a prediction of direction,
        the value at the target for a numeric one."""
        after = self.value_at(self.slider.target)
        if not self.options:
            return after
        before = self.value_at(self.slider.start)
        if is_undefined(before) or is_undefined(after):
            raise InputError("items.undefined_outcome", measure=self.measure)
        if math.isclose(before, after, abs_tol=1e-12):
            return SAME
        return UP if after > before else DOWN
