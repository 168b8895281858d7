"""Where every course exercise is defined: its question, the answer computed from the notebook's data, hints,
expected mistakes and, for choices and predictions, the reason of each option.

A notebook's exercise cell passes its data and nothing else, so no answer is computed in a cell the learner
sees::

    from iso4213_nb.widgets.exercises import exercise
    exercise("03.2", y_true=y_test, scores=scores)

One module per notebook holds its items, named ``lesson_<code>`` after the lesson's code in
:data:`iso4213_nb.course.contents.COURSE` (``lesson_03``, ``lesson_a``); it is imported the first time one of
its keys is asked for.  An item is a function of the data that returns a
:class:`~iso4213_nb.course.items.NumberItem`, :class:`~iso4213_nb.course.items.ChoiceItem` or
:class:`~iso4213_nb.course.items.PredictItem`, registered with its key and kind::

    @define("03.2", "predict")
    def precision_when_raised(*, y_true, scores):
        nb = BinaryScores(y_true, scores["naive Bayes"])
        return PredictItem(N_("Will precision go up or down ..."), measure=N_("precision"),
                           slider=Slider(N_("threshold"), 0, 1, 0.01, start=0.5, target=0.7),
                           value_at=lambda t: precision(nb.counts_at(t)), why=N_("..."), options=(...))

Texts are marked with ``N_`` and translated when shown.  To add an exercise: list its key in ``COURSE``, define
it here, call ``exercise(key, ...)`` in the notebook, add its worked solution to ``instructor/solutions``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from ...core.errors import InputError
from ..contents import COURSE, exercise as listed
from ..items import KINDS

_DEFINED: dict[str, tuple[str, Callable]] = {}


def define(key: str, kind: str):
    """Register the decorated function as the definition of exercise ``key`` of the given ``kind`` (one of
    :data:`iso4213_nb.course.items.KINDS`).

    Beyond TS 4213: the course's exercises.
    """
    listed(key)
    if kind not in KINDS or key in _DEFINED:
        raise InputError("items.bad_definition", key=repr(key), kind=repr(kind), kinds=list(KINDS))

    def register(function):
        _DEFINED[key] = (kind, function)
        return function
    return register


def _definition(key: str) -> tuple[str, Callable]:
    module = f"{__name__}.lesson_{listed(key)[0].code.lower()}"
    try:
        importlib.import_module(module)
    except ModuleNotFoundError as error:
        if error.name != module:
            raise
    if key not in _DEFINED:
        raise InputError("items.not_defined", key=repr(key))
    return _DEFINED[key]


def item(key: str, **data):
    """The item of exercise ``key`` computed from the notebook's ``data`` (keyword arguments its definition
    names); an :class:`InputError` names a key without a definition or data the definition does not take.

    Beyond TS 4213: the course's exercises.
    """
    _kind, function = _definition(key)
    try:
        return function(**data)
    except TypeError as error:
        if error.__traceback__ is not None and error.__traceback__.tb_next is None:
            raise InputError("items.wrong_data", key=repr(key), given=sorted(data)) from None
        raise


def kind_of(key: str) -> str | None:
    """The kind of exercise ``key``, or None when it has no definition here yet (a notebook still builds it).

    Beyond TS 4213: the course's exercises.
    """
    try:
        return _definition(key)[0]
    except InputError:
        return None


def defined() -> dict[str, str]:
    """Every exercise defined here, key → kind, in course order.

    Beyond TS 4213: the course's exercises.
    """
    kinds = {key: kind_of(key) for lesson in COURSE for key, _label in lesson.exercises}
    return {key: kind for key, kind in kinds.items() if kind is not None}
