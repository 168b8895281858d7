"""A value a user gave to a widget, as its error message shows it (beyond TS 4213: words at the edge, issue 15)."""

from __future__ import annotations

from numbers import Integral, Real

from ..words.i18n import decimal_sign, with_decimal_sign


def given(value) -> str:
    """``value`` as the user typed it: a number with all its digits and the active language's decimal sign
    (``0.003`` in English, ``0,003`` in Russian), anything else as its ``repr`` (a quoted string, ``None``)."""
    if isinstance(value, Real) and not isinstance(value, bool):
        text = repr(int(value)) if isinstance(value, Integral) else repr(float(value))
        return with_decimal_sign(text)
    return repr(value)


def listed(texts) -> str:
    """``texts`` joined for a sentence: by commas, by semicolons where the decimal sign is a comma (``0,5; 0,6``)."""
    return ("; " if decimal_sign() == "," else ", ").join(texts)
