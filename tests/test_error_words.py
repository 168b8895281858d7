"""Errors are codes and parameters, with their words added at the edge (issue 15, point 1 and 2).

Every ``InputError`` raised in the package carries a problem code whose template
lives in :mod:`iso4213_nb.words.errors`; presentation code may raise a sentence it
has already put through the catalogue.  These tests read the package's source to
hold every raise site to that, and render every template in Russian.
"""

from __future__ import annotations

import ast
import pickle
import re
import string
from pathlib import Path

import pytest

import iso4213_nb
from iso4213_nb.words import errors as error_words
from iso4213_nb.core.errors import InputError
from iso4213_nb.words.i18n import using
from visible_words import english_words

PACKAGE = Path(iso4213_nb.__file__).parent
CODE = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$")
#: Packages whose code is presentation: they may raise a sentence already put through ``_()``.
PRESENTATION = ("cli/", "widgets/", "figures/", "report/")


def _sites():
    """(file, line, kind, code(s), keyword names or None) of every InputError(...) call of the package."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative == "core/errors.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "InputError"):
                continue
            keywords = None if any(k.arg is None for k in node.keywords) else {k.arg for k in node.keywords}
            first = node.args[0] if node.args else None
            codes = _codes(first)
            if codes is not None:
                found.append((relative, node.lineno, "code", codes, keywords))
            elif _is_translated(first) and relative.startswith(PRESENTATION):
                found.append((relative, node.lineno, "words", None, None))
            else:
                found.append((relative, node.lineno, "legacy", None, None))
    return found


def _codes(node):
    """The code literal(s) of an InputError's first argument (a literal, or ``a if c else b`` of literals), else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and CODE.match(node.value):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _codes(node.body), _codes(node.orelse)
        return body + orelse if body is not None and orelse is not None else None
    return None


def _is_translated(node) -> bool:
    """True for ``_("...")`` and ``_("...").format(...)``."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        node = node.func.value
    return isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("_", "ngettext", "pgettext")


def _placeholders(template: str) -> set[str]:
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


SITES = _sites()


def test_every_error_is_raised_with_a_code_or_words_of_the_presentation_layer():
    legacy = sorted((f, line) for f, line, kind, _, _ in SITES if kind == "legacy")
    assert not legacy, f"InputError raised with a sentence instead of a code: {legacy}"


def test_every_code_has_a_template_taking_exactly_the_parameters_given():
    problems = []
    for f, line, kind, codes, keywords in SITES:
        for code in codes or ():
            template = error_words.TEMPLATES.get(code)
            if template is None:
                problems.append(f"{f}:{line}: no template for {code!r}")
            elif keywords is not None and _placeholders(template) != keywords:
                problems.append(f"{f}:{line}: {code!r} takes {sorted(_placeholders(template))}, given {sorted(keywords)}")
    assert not problems, "\n".join(problems)


def test_every_template_is_raised_somewhere():
    raised = {code for *_, codes, _ in SITES for code in codes or ()}
    constants = {node.value for path in PACKAGE.rglob("*.py") if path.parent.name != "errors"  # not the templates' keys
                 for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                 if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    unused = sorted(set(error_words.TEMPLATES) - raised - constants)
    assert not unused, f"templates no code raises: {unused}"


def test_codes_name_their_area_and_templates_are_one_line():
    for code, template in error_words.TEMPLATES.items():
        assert CODE.match(code), code
        assert "\n" not in template and template == template.strip(), code
        assert "!r}" not in template, f"{code}: quote a name where it is raised (repr(name)), so a number keeps its decimal sign"


@pytest.mark.parametrize("code", sorted(error_words.TEMPLATES))
def test_every_template_reads_in_russian(code):
    template = error_words.TEMPLATES[code]
    word = next(iter(error_words.WORDS), None)
    params = {name: (word if name.endswith("_word") else 1.5) for name in _placeholders(template)}
    with using("ru"):
        text = error_words.describe(code, params)
    assert text != error_words.describe(code, params), f"{code}: no Russian translation"
    leftover = english_words(re.sub(r"--[a-z][a-z0-9-]*", " ", text))
    assert not leftover, f"{code}: English words in Russian: {leftover}"
    numbers = [name for name in params if not name.endswith("_word")]
    assert "1,5" in text or not numbers, f"{code}: the number is not shown with the decimal comma: {text}"


def test_parameters_are_shown_as_data_in_the_active_language():
    error_words.TEMPLATES["test.example"] = "{name} has {count} values from {low:g} to {high}: {columns}; {cause}"
    try:
        inner = InputError("test.example", name="a", count=2, low=0.5, high=1.25, columns=["x"], cause="c")
        error = InputError("test.example", name="y_true", count=3, low=0.25, high=2.5, columns=["a", "b"], cause=inner)
        assert str(error) == "y_true has 3 values from 0.25 to 2.5: a, b; a has 2 values from 0.5 to 1.25: x; c"
        with using("ru"):
            assert "0,25" in str(error) and "2,5" in str(error) and "1,25" in str(error)
        listed = InputError("test.example", name="n", count=1, low=1.0, high=2.0, columns=[0.5, 0.75], cause="c")
        assert "0.5, 0.75" in str(listed) and repr(listed).startswith("InputError('test.example': 'n has 1")
        with using("ru"):
            assert "0,5; 0,75" in str(listed)
    finally:
        del error_words.TEMPLATES["test.example"]


def test_a_sentence_raised_by_presentation_code_is_shown_as_it_is():
    assert str(InputError("--rows applies only to\n   --matrix")) == "--rows applies only to --matrix"


def test_an_error_survives_pickling_as_a_dask_worker_sends_it():
    code = next(iter(error_words.TEMPLATES))
    params = {name: 2.5 for name in _placeholders(error_words.TEMPLATES[code])}
    error = pickle.loads(pickle.dumps(InputError(code, **params)))
    assert (error.code, error.params) == (code, params) and str(error) == str(InputError(code, **params))


def test_whole_numbers_group_as_the_language_does_and_unfit_parameters_still_give_a_line():
    error_words.TEMPLATES["test.count"] = "up to {limit:,} samples, row {row}"
    try:
        error = InputError("test.count", limit=1_000_000, row=12345)
        assert str(error) == "up to 1,000,000 samples, row 12345"
        with using("ru"):
            assert str(error) == "up to 1\u00a0000\u00a0000 samples, row 12345"
        assert str(InputError("test.count")) == "test.count {}"  # rebuilt from args alone: a line, not a KeyError
    finally:
        del error_words.TEMPLATES["test.count"]
