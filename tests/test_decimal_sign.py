"""Numbers are formatted only through the language layer (issue 24, point 2): one function picks the decimal sign.

Six modules used to test the language themselves to swap ``.`` for ``,``; now
:func:`iso4213_nb.words.i18n.decimal_sign` decides, and every other module asks it (or :func:`~iso4213_nb.words.i18n.number`).
"""

from __future__ import annotations

import re
from pathlib import Path

from iso4213_nb.words import i18n
from iso4213_nb.words.i18n import decimal_sign, significant, using, with_decimal_sign

PACKAGE = Path(i18n.__file__).parents[1]
#: A module choosing a decimal sign by testing the language: ``"," if current_language() == "ru"`` and the like.
OWN_CHOICE = re.compile(r"""current_language\(\)\s*==\s*["']ru["'][^\n]*["'][.,]["']|["'][.,]["'][^\n]*current_language\(\)""")


def test_no_module_but_the_language_layer_picks_the_decimal_sign():
    found = [f"{path.relative_to(PACKAGE)}:{text.count(chr(10), 0, match.start()) + 1}"
             for path in sorted(PACKAGE.rglob("*.py")) if path != Path(i18n.__file__)
             for text in [path.read_text(encoding="utf-8")] for match in OWN_CHOICE.finditer(text)]
    assert found == []


def test_the_decimal_sign_follows_the_language():
    with using("ru"):
        assert decimal_sign() == "," and with_decimal_sign("0.125") == "0,125" and significant(0.5) == "0,5"
    with using("en"):
        assert decimal_sign() == "." and with_decimal_sign("0.125") == "0.125" and significant(1.5e-05) == "1.5e-05"


def test_both_languages_round_the_same_binary_value_alike():
    """0.975, 2.675 and 0.125 lie just below, just below and exactly on a half: Python's format() rounds the
    stored binary value (half to even on an exact half); Babel used to round the decimal string half up in Russian."""
    expected = {0.975: "0.97", 2.675: "2.67", 0.125: "0.12", 0.375: "0.38", -0.975: "-0.97", 1234.565: "1234.57"}
    for value, english in expected.items():
        with using("en"):
            assert i18n.number(value, 2) == english
        with using("ru"):
            assert i18n.number(value, 2, grouping=False).replace("\u2212", "-") == english.replace(".", ",")
