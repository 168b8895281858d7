"""Undefined values: a measure whose denominator is zero has no value.

Clause 6 divides by counts that can be zero (precision with no predicted
positives, recall with no actual positives, AUROC with a single class).  Such
a measure is *undefined*, which is not the same as 0: an :class:`Undefined`
carries the reason so that tables, reports and JSON can say why.

``float(Undefined(...))`` is ``nan`` so that plotting and numpy code keep
working; JSON output writes ``null`` and lists the reason separately.
"""

from __future__ import annotations

import math
import sys


class Undefined:
    """A measure that has no value, with the reason why (clause 6; beyond TS 4213: undefined values carry their reason).

    Attributes
    ----------
    reason : str
        Plain-language cause, e.g. ``"no predicted positives (TP + FP = 0)"``: the text given,
        or for a ``code`` the words of :func:`iso4213_nb.words.reasons.of` in the active language
        (looked up when read, so the computation layer itself holds no sentence).
    code : str or None
        Optional machine-readable cause, e.g. ``"zero_variance"``, for the
        presentation layer to put in words.
    params : dict
        The numbers that go with ``code`` (empty without one).
    """

    __slots__ = ("_text", "code", "params")

    #: Puts an undefined value's code in words.  The package (:mod:`iso4213_nb`) sets it when it is imported, to
    #: :func:`iso4213_nb.words.reasons.of`, so that this layer imports nothing above it; unset, the code itself.
    words = None
    #: The word "undefined" in the reader's language, set with :attr:`words` by the package; unset, English.
    label = None

    def __init__(self, reason: str | None = None, *, code: str | None = None, params: dict | None = None):
        if reason is None and code is None:
            raise TypeError("Undefined needs a reason or a code")
        self._text = None if reason is None else str(reason)
        self.code = code
        self.params = dict(params or {})

    @property
    def reason(self) -> str:
        """The cause in words: the text given, else the words for :attr:`code` (presentation layer, lazily)."""
        if self._text is not None:
            return self._text
        return self.code if Undefined.words is None else Undefined.words(self)

    def __repr__(self) -> str:
        return f"undefined ({self.reason})"

    def __str__(self) -> str:
        """What a reader sees (``print(value)``): the word and the reason, both in the active language."""
        return f"{'undefined' if Undefined.label is None else Undefined.label()} ({self.reason})"

    def __float__(self) -> float:
        return math.nan

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Undefined) and (other._text, other.code) == (self._text, self.code)

    def __hash__(self) -> int:
        return hash(("Undefined", self._text, self.code))

    def __bool__(self) -> bool:
        raise TypeError(f"the truth value of an undefined measure is ambiguous: {self.reason}")



def is_undefined(value: object) -> bool:
    """True when ``value`` is an :class:`Undefined` (clause 6; beyond TS 4213: undefined values carry their reason)."""
    return isinstance(value, Undefined)


def ratio(numerator, denominator, *, code: str, params: dict | None = None):
    """``numerator / denominator``, undefined where the denominator is 0: the one safe division of the package.

    Scalars give a float, or :class:`Undefined` with ``code`` and ``params`` (put in words by
    :func:`iso4213_nb.words.reasons.of`); an operand that is itself Undefined is returned (the numerator's
    first), so a measure built from undefined ones keeps their reason.  Arrays (either operand a numpy array)
    give a float array with ``nan`` where the denominator is 0, whose reason is ``code``.  Clause 6; beyond
    TS 4213: undefined values carry their reason.
    """
    np = sys.modules.get("numpy")  # an array operand means numpy is loaded; so this layer does not load it itself
    if np is not None and (isinstance(numerator, np.ndarray) or isinstance(denominator, np.ndarray)):
        num = np.asarray(numerator, dtype=float)
        den = np.asarray(denominator, dtype=float)
        out = np.full(np.broadcast(num, den).shape, np.nan)
        np.divide(num, den, out=out, where=den != 0)
        return out
    for operand in (numerator, denominator):
        if isinstance(operand, Undefined):
            return operand
    if denominator == 0:
        return Undefined(code=code, params=params)
    return float(numerator) / float(denominator)


def to_json(value: object) -> float | None:
    """The JSON form of a measure: a float, or ``None`` for undefined (and for nan).

    Clause 6; beyond TS 4213: undefined values carry their reason.
    """
    if isinstance(value, Undefined):
        return None
    value = float(value)
    return None if math.isnan(value) else value
