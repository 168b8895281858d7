"""The language of every word the toolkit shows (issue 15: the Russian edition).

Presentation code wraps each user-facing string in :func:`_` (a gettext
lookup) and formats numbers with :func:`number`.  The computation layer never
imports this module: it returns data and reason codes, and words are added at
the edge.  A string that must be marked for translation where it is defined
but translated only where it is shown (a table of names, a checklist prompt)
is marked with :func:`N_`.

Catalogues: ``locale/<lang>/LC_MESSAGES/iso4213_nb.po`` beside this module,
gettext PO files that Babel reads when a language is first used (no build
step, no ``.mo`` file to keep in step).  English is the source language and
needs no catalogue.  ``bin/catalogue`` (:mod:`iso4213_nb.words.catalogue`) extracts
the strings from the package and updates the catalogues.  Russian words
follow the terms of ПНСТ 835-2023 (the Russian adoption of TS 4213).
"""

from __future__ import annotations

import contextlib
import decimal
import functools
import math
import os
from pathlib import Path

from ..core.undefined import is_undefined

LANGUAGES = ("en", "ru")
#: Gettext domain: the catalogue's file name without ``.po``.
DOMAIN = "iso4213_nb"
LOCALE_DIR = Path(__file__).with_name("locale")
_language: str | None = None


def current_language() -> str:
    """The active language code: the one set by :func:`set_language`, else ``ISO4213_LANG``, else ``"en"`` (beyond TS 4213: gettext)."""
    lang = _language or os.environ.get("ISO4213_LANG", "en")
    return lang if lang in LANGUAGES else "en"


def set_language(lang: str | None) -> None:
    """Use ``lang`` (one of :data:`LANGUAGES`) from now on; None returns to the environment's choice (beyond TS 4213: gettext)."""
    global _language
    if lang is not None and lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    _language = lang


def chosen_language() -> str | None:
    """The language set by :func:`set_language`, or None when the environment decides (to restore it later) (beyond TS 4213: gettext)."""
    return _language


@contextlib.contextmanager
def using(lang: str | None):
    """Within the ``with`` block, use ``lang`` (None: the environment's choice); the previous choice returns after (beyond TS 4213: gettext)."""
    previous = _language
    set_language(lang)
    try:
        yield
    finally:
        set_language(previous)


def catalogue_path(lang: str) -> Path:
    """Where the PO catalogue of ``lang`` lives (beyond TS 4213: gettext)."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.lru_cache(maxsize=None)
def translations(lang: str) -> dict[str, str]:
    """msgid → msgstr of ``lang``'s catalogue, read once with Babel; a message with a context is keyed ``(context, msgid)``; fuzzy and empty entries are left out (beyond TS 4213: gettext)."""
    if lang == "en":
        return {}
    from babel.messages.pofile import read_po

    with open(catalogue_path(lang), "rb") as handle:
        catalog = read_po(handle, locale=lang, domain=DOMAIN)
    return {(m.id if m.context is None else (m.context, m.id)): m.string for m in catalog
            if m.id and isinstance(m.id, str) and m.string and not m.fuzzy}


def _(message: str) -> str:
    """``message`` in the active language; an untranslated message stays English (a test lists every such one) (beyond TS 4213: gettext)."""
    return translations(current_language()).get(message, message)


def pgettext(context: str, message: str) -> str:
    """``message`` in the active language where the same English word needs another translation in ``context``
    (an annex check's "computed" value is not a checklist item's "computed" status) (beyond TS 4213: gettext)."""
    return translations(current_language()).get((context, message), message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it here (it is translated with :func:`_` when shown) (beyond TS 4213: gettext)."""
    return message


def undefined_word() -> str:
    """The word shown in place of a number that has no value (beyond TS 4213: gettext)."""
    return _("undefined")


def number(value, decimals: int = 4, *, grouping: bool = True) -> str:
    """``value`` rounded to ``decimals`` places in the active language's number format (beyond TS 4213: Babel's locale data).

    English: ``1234.5000``, as the toolkit always printed numbers; Russian
    (Babel's ``ru`` locale): ``1 234,5000`` with a non-breaking space between
    digit groups (``grouping=False`` leaves them out, for years or seeds).
    None, nan and undefined values give the word for undefined; integers keep no decimals.

    Both languages round alike, as Python's ``format()`` does: the float's exact binary value is rounded, so
    0.975 (stored as 0.97499999…) gives ``0.97`` and ``0,97``; Babel only places the sign and the digit groups.
    """
    if value is None or is_undefined(value) or (isinstance(value, float) and math.isnan(value)):
        return undefined_word()
    if isinstance(value, bool):
        raise TypeError("number() formats numbers, not booleans")
    lang = current_language()
    integral = isinstance(value, int) or (hasattr(value, "dtype") and value.dtype.kind in "iu")
    places = 0 if integral else decimals
    if lang == "en":
        return str(int(value)) if integral else f"{float(value):.{places}f}"
    from babel.numbers import format_decimal

    pattern = ("#,##0" if grouping else "0") + ("." + "0" * places if places else "")
    exact = int(value) if integral else decimal.Decimal(f"{float(value):.{places}f}")
    return format_decimal(exact, format=pattern, locale=lang)


def decimal_sign() -> str:
    """The active language's decimal sign: ``.`` in English, ``,`` in Russian (beyond TS 4213: Babel's locale data)."""
    return "," if current_language() == "ru" else "."


def with_decimal_sign(text: str) -> str:
    """A number already written with a point (``repr``, a ``g`` format) with the active language's decimal sign
    instead; the one place besides :func:`number` that decides it (beyond TS 4213: Babel's locale data)."""
    return text.replace(".", decimal_sign())


def with_digit_groups(text: str) -> str:
    """A whole number formatted with ``{:,}`` with the active language's group separator: ``1,000,000`` in English,
    ``1 000 000`` (non-breaking spaces) in Russian, where a comma is the decimal sign (beyond TS 4213: Babel)."""
    return text.replace(",", "\u00a0") if decimal_sign() == "," else text


def percent(value, decimals: int = 1) -> str:
    """A share (0–1) as a percentage: ``85.9 %`` in English, ``85,9 %`` in Russian (beyond TS 4213: Babel)."""
    if value is None or is_undefined(value):
        return undefined_word()
    return f"{number(100 * float(value), decimals)}\u00a0%"


def level_percent(level: float) -> str:
    """A confidence level (7.8) as a number of percent with no needless decimals, in the active language's format:
    0.95 → ``95``, 0.975 → ``97.5`` (``97,5`` in Russian) (beyond TS 4213: gettext)."""
    return significant(100 * float(level), 6)


def significant(value, digits: int = 4) -> str:
    """``value`` with at most ``digits`` significant digits (Python's ``g`` format) and the active language's decimal sign (beyond TS 4213: gettext).

    For values whose size varies (thresholds, prevalences, statistics): ``0.5``, ``0.3127``, ``1.5e-05``
    in English; ``0,5`` in Russian.  Undefined and None give the word for undefined.
    """
    if value is None or is_undefined(value):
        return undefined_word()
    return with_decimal_sign(format(float(value), f".{digits}g"))
