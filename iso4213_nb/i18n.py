"""The language of every word the toolkit shows (issue: the Russian edition).

Presentation code wraps each user-facing string in :func:`_` (a gettext
lookup) and formats numbers with :func:`number`.  The computation layer never
imports this module: it returns data and reason codes, and words are added at
the edge.

The language is chosen by :func:`set_language` (the CLI's ``--lang``), else by
the ``ISO4213_LANG`` environment variable, else English.
"""

from __future__ import annotations

import os

LANGUAGES = ("en", "ru")
_language: str | None = None


def current_language() -> str:
    """The active language code: the one set by :func:`set_language`, else ``ISO4213_LANG``, else ``"en"``."""
    lang = _language or os.environ.get("ISO4213_LANG", "en")
    return lang if lang in LANGUAGES else "en"


def set_language(lang: str | None) -> None:
    """Use ``lang`` (one of :data:`LANGUAGES`) from now on; None returns to the environment's choice."""
    global _language
    if lang is not None and lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    _language = lang


def _(message: str) -> str:
    """``message`` in the active language (English until the catalogues land)."""
    return message


def number(value: float, decimals: int = 4) -> str:
    """``value`` rounded to ``decimals`` places in the active language's number format."""
    return f"{value:.{decimals}f}"
