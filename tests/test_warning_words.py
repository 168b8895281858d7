"""Warnings are words (issue 26.6): every warning the package issues is a coded warning whose words the words layer
holds, never an English sentence written at the call (a Russian notebook would print it in English)."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import iso4213_nb
from iso4213_nb.words import errors as error_words

PACKAGE = Path(iso4213_nb.__file__).parent
#: Warnings for the developer, not the reader: the moved-module hook's DeprecationWarning names Python modules.
DEVELOPER = {"moved/__init__.py"}
#: What a warning call may pass: a coded warning, or a function of the computation layer that returns one.
WARNINGS = {"AssumptionWarning", "kfold_warning"}


def _sites():
    """(module, call) for every call in the package (the developer's warnings left out)."""
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative not in DEVELOPER:
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call):
                    yield relative, node


def _warn_calls():
    return [(r, n) for r, n in _sites() if getattr(n.func, "attr", getattr(n.func, "id", None)) == "warn"]


def test_every_warning_is_a_coded_warning():
    found = list(_warn_calls())
    assert found, "no warnings.warn call found: the scan is broken"
    problems = []
    for relative, node in found:
        first = node.args[0] if node.args else None
        if not (isinstance(first, ast.Call) and getattr(first.func, "id", None) in WARNINGS):
            problems.append(f"{relative}:{node.lineno}: warns with {ast.unparse(first) if first else 'nothing'}")
    assert not problems, "\n".join(problems)


def test_every_coded_warning_has_a_template_taking_exactly_its_parameters():
    coded = [(r, n) for r, n in _sites() if getattr(n.func, "id", None) == "AssumptionWarning"]
    assert coded, "no AssumptionWarning(...) found: the scan is broken"
    problems = []
    for relative, node in coded:
        code = node.args[0].value if node.args and isinstance(node.args[0], ast.Constant) else None
        template = error_words.TEMPLATES.get(code)
        placeholders = {name for _, name, _, _ in string.Formatter().parse(template or "") if name}
        if template is None or placeholders != {k.arg for k in node.keywords}:
            problems.append(f"{relative}:{node.lineno}: {code!r} does not fit its template")
    assert not problems, "\n".join(problems)
