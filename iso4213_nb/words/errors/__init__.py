"""Words for :class:`~iso4213_nb.core.errors.InputError` and :class:`~iso4213_nb.stats.assumptions.AssumptionWarning`:
one template per problem code (issue 15: words at the edge).

Each module of this package holds the templates of one area of the toolkit
(``checks`` for the array checks, ``table`` for reading files, ...):

* ``TEMPLATES``: code → English sentence marked with :func:`~iso4213_nb.words.i18n.N_`,
  with ``{placeholders}`` for the error's parameters (format specifications
  such as ``{low:g}`` work);
* ``WORDS`` (optional): key → word, for a parameter named ``<something>_word``
  whose value is one of a few words (``"scores"``, ``"counts"``); its value is
  the key, translated when shown.

:func:`describe` renders a code and its parameters in the active language of
:mod:`iso4213_nb.words.i18n`: the template through the catalogue, floats with the
language's decimal sign, whole numbers grouped as the language groups them
(``{count:,}``), lists joined with commas (semicolons between numbers that
have a decimal comma), a nested InputError in
words too, and the whole folded into one line.  Modules are found by name,
so a new area is a new module and nothing else.
"""

from __future__ import annotations

import importlib
import re
import pkgutil
import sys
from collections.abc import Mapping

from ..i18n import _, decimal_sign, with_decimal_sign, with_digit_groups


def _load() -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    templates: dict[str, str] = {}
    words: dict[str, str] = {}
    origin: dict[str, str] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        for code, template in getattr(module, "TEMPLATES", {}).items():
            if code in templates:
                raise RuntimeError(f"error code {code!r} has templates in {origin[code]} and {info.name}")
            templates[code], origin[code] = template, info.name
        words.update(getattr(module, "WORDS", {}))
    return templates, words, origin


#: code → English template; WORDS: key → word for ``*_word`` parameters; ORIGIN: code → module that holds it.
TEMPLATES, WORDS, ORIGIN = _load()


class _Number(float):
    """A float that formats with the active language's decimal sign (``0,5`` in Russian)."""

    def __format__(self, spec: str) -> str:
        value = float(self)
        whole = not spec and value.is_integer() and abs(value) < 1e15  # as a person writes it: 2, not 2.0
        text = str(int(value)) if whole else format(value, spec)
        return with_decimal_sign(text)

    def __str__(self) -> str:
        return self.__format__("")


class _Integer(int):
    """A whole number that groups its digits as the active language does when asked (``{count:,}``): ``1,000,000`` in
    English, ``1 000 000`` (non-breaking spaces) in Russian, where a comma would read as a decimal sign."""

    def __format__(self, spec: str) -> str:
        text = format(int(self), spec)
        return with_digit_groups(text)


def _shown(key: str, value):
    """A parameter as it goes into a template."""
    from ...core.errors import InputError

    if isinstance(value, InputError):
        return str(value)
    if key.endswith("_word"):
        return _(WORDS[value])
    np = sys.modules.get("numpy")  # a numpy value means numpy is loaded: an error's words do not load it themselves
    np_bool, np_integer, np_floating, np_array = (np.bool_, np.integer, np.floating, np.ndarray) if np else ((),) * 4
    if isinstance(value, (bool, np_bool)):
        return bool(value)
    if isinstance(value, (int, np_integer)):
        return _Integer(value)
    if isinstance(value, (float, np_floating)):
        return _Number(value)
    if isinstance(value, (list, set, frozenset)) or (isinstance(value, np_array) and value.ndim == 1):
        items = [_shown(key, v) for v in value]
        numbers_with_commas = decimal_sign() == "," and any(isinstance(v, _Number) for v in items)
        return ("; " if numbers_with_commas else ", ").join(map(str, items))
    return value


def describe(code: str, params: Mapping | None = None) -> str:
    """The error ``code`` with ``params`` as one line in the active language (beyond TS 4213: gettext).

    A code with no template is a sentence already (raised by presentation code) and is shown as it is.
    """
    template = TEMPLATES.get(code)
    if template is None:
        return _one_line(code)
    values = {key: _shown(key, value) for key, value in (params or {}).items()}
    try:
        text = _(template).format(**values)
    except (KeyError, IndexError, ValueError, TypeError):  # parameters that do not fit: still one readable line
        text = f"{code} {dict(params or {})}"
    return _one_line(text)


def _one_line(text: str) -> str:
    """``text`` with every run of line breaks, tabs and spaces made one space; non-breaking spaces stay."""
    return re.sub(r"[ \t\n\r\f\v]+", " ", text).strip()
