"""One registry of reason codes (issue 24, point 2): every code the package can produce has words in both languages.

As ``tests/test_error_words.py`` does for errors, these tests read the package's source: every
``Undefined(...)``, every ``code=`` of a call, every ``undefined("code")`` and every ``{"code": ...}`` of an
interval's or an item's reason names a code of :data:`iso4213_nb.words.reasons.WORDS`, and no undefined
value carries an English sentence of its own (the computation holds codes; the words are added at the edge).
"""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from iso4213_nb.core.undefined import Undefined
from iso4213_nb.report import summary
from iso4213_nb.words import reasons
from iso4213_nb.words.i18n import translations, using

PACKAGE = Path(reasons.__file__).parents[1]
#: Codes of ``{"code": ...}`` dicts that are not reasons: warnings, statements and checks with words of their own.
#: The report summary's warnings are such statements: report/render_summary says each (tests/test_report_summary.py).
NOT_REASONS = {"small_group", "small_cell", "single_model", "adjusted", "keys_unique", "key_check_memory",
               "no_space_before_percent", "digit_groups", "decimal_point", *summary.WARNINGS}
#: Functions whose first argument is a reason code.
CODE_FIRST = {"undefined", "_undefined"}


def _constants() -> dict[str, str]:
    """Module-level string constants of the package by name (``NO_POSITIVES = "no_positives"``)."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if not isinstance(node, ast.Assign):
                continue
            for target in node.targets:
                names = target.elts if isinstance(target, ast.Tuple) else [target]
                values = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value]
                for name, value in zip(names, values):
                    if isinstance(name, ast.Name) and isinstance(value, ast.Constant) and isinstance(value.value, str):
                        found[name.id] = value.value
    return found


def _literal(node, constants) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name) and node.id.isupper():
        return constants.get(node.id)
    return None


def _produced():
    """(file:line, code) of every reason code the package's source produces, and (file:line) of free-text Undefined."""
    constants, codes, free = _constants(), [], []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative.startswith(("words/", "moved/")):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            where = f"{relative}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Call):
                called = getattr(node.func, "id", getattr(node.func, "attr", None))
                if called in ("Undefined", "ratio") and (
                        len(node.args) > (0 if called == "Undefined" else 2)
                        or any(k.arg == "reason" for k in node.keywords)):
                    free.append(where)
                for keyword in node.keywords:
                    if keyword.arg == "code" and (code := _literal(keyword.value, constants)):
                        codes.append((where, code))
                if called in CODE_FIRST and node.args and (code := _literal(node.args[0], constants)):
                    codes.append((where, code))
            elif isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values):
                    if isinstance(key, ast.Constant) and key.value == "code" and (code := _literal(value, constants)):
                        codes.append((where, code))
    return codes, free


def test_no_undefined_value_carries_a_sentence_of_its_own():
    assert _produced()[1] == []


def test_every_code_the_package_produces_has_words():
    codes, _free = _produced()
    assert len(codes) > 80
    missing = sorted({f"{where}: {code}" for where, code in codes
                      if code not in reasons.WORDS and code not in NOT_REASONS})
    assert missing == []


def test_one_concept_one_code():
    codes = {code for _where, code in _produced()[0]}
    assert "one_class" in codes and not codes & {"single_class", "single_class_labels"}


def _words_of(code):
    text = reasons.WORDS[code]
    return set(text.values()) if isinstance(text, dict) else {text}


def test_no_two_codes_read_alike_or_are_one_name_reordered():
    """A second code for a concept shows as the same sentence (no_true_positives once read "no actual positives") or
    as the same words of a code in another order (too_few_for_delong beside delong_too_few)."""
    codes = sorted(reasons.WORDS)
    alike = [(a, b) for i, a in enumerate(codes) for b in codes[i + 1:]
             if _words_of(a) <= _words_of(b) or _words_of(b) <= _words_of(a)]
    assert not alike
    names = {}
    for code in codes:
        names.setdefault(frozenset(code.split("_")) - {"for", "of", "the"}, []).append(code)
    assert not [same for same in names.values() if len(same) > 1]


def _sentences():
    for code, text in reasons.WORDS.items():
        for sentence in (text.values() if isinstance(text, dict) else (text,)):
            yield code, sentence


@pytest.mark.parametrize(("code", "sentence"), list(_sentences()))
def test_every_reason_reads_in_russian(code, sentence):
    russian = translations("ru").get(sentence)
    assert russian, f"{code}: no Russian words"
    fields = sorted(f for _l, f, _s, _c in string.Formatter().parse(sentence) if f)
    assert sorted(f for _l, f, _s, _c in string.Formatter().parse(russian) if f) == fields


def test_the_same_code_reads_the_same_everywhere():
    from iso4213_nb.words.intervals import reason_text as interval_reason
    from iso4213_nb.words.readings import reason

    value = Undefined(code="no_positives")
    with using("ru"):
        expected = "нет положительных образцов (TP + FN = 0)"
        assert reason(value) == interval_reason({"code": "no_positives"}) == expected
        assert value.reason == expected


def test_numbers_in_a_reason_take_the_languages_decimal_sign():
    value = Undefined(code="infinite_divergence", params={"label": 1, "first": "true", "share": 0.25,
                                                          "second": "predicted"})
    with using("ru"):
        assert "0,25" in value.reason and "0.25" not in value.reason
    assert "0.25" in value.reason


def test_an_undefined_value_prints_in_the_readers_language():
    from iso4213_nb.measures.distribution import kl_true_vs_pred
    from iso4213_nb.words.i18n import using

    value = kl_true_vs_pred([50, 30, 20], [60, 40, 0])
    assert str(value).startswith("undefined (class 2 has true share 0.2")
    with using("ru"):
        assert str(value).startswith("не определено (у класса 2 доля (истинная) равна 0,2")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_resamples_left_out_are_said_in_one_sentence_by_the_reading_the_interval_text_and_the_report_summary(lang):
    """The three places that say some resamples were undefined and left out read one reason code."""
    import numpy as np

    from iso4213_nb.report.render_summary import warning_lines
    from iso4213_nb.stats.bootstrap import bootstrap_ci
    from iso4213_nb.stats.results import interval_json
    from iso4213_nb.words.intervals import interval_text
    from iso4213_nb.words.readings import reading

    y = np.array([1] * 3 + [0] * 27)
    result = bootstrap_ci(lambda t: Undefined(code="no_positives") if t.sum() == 0 else t.mean(), y,
                          n_resamples=300, seed=0)
    k = result.n_undefined
    assert 0 < k < 300
    warning = {"code": "resamples_undefined", "model": "m", "where": "f1", "n_undefined": k, "n_resamples": 300}
    with using(lang):
        sentence = reasons.words("resamples_undefined", {"n_undefined": k, "n_resamples": 300})
        said = [reading(result), interval_text(interval_json(result)), warning_lines({"summary": {"warnings": [warning]}})[0]]
    assert sentence == {"en": f"the measure is undefined on {k} of 300 bootstrap resamples, left out of the interval",
                        "ru": f"на {k} из 300 бутстреп-выборок показатель не определен, и они исключены из интервала"}[lang]
    assert all(sentence in text for text in said), said
