"""The translation catalogues against the code, and the language switch (issue 15, point 2).

A failure here after a merge means new ``_()`` strings landed: run
``bin/catalogue`` and translate the entries it lists.
"""

from __future__ import annotations

import io
import json

import pytest

from iso4213_nb.words import catalogue, i18n
from iso4213_nb.words.i18n import _, number, percent


@pytest.fixture(scope="module")
def template():
    return catalogue.extract()


@pytest.fixture(scope="module")
def russian():
    return catalogue.read("ru")


@pytest.fixture
def ru():
    previous = i18n.chosen_language()
    i18n.set_language("ru")
    yield
    i18n.set_language(previous)


def test_every_message_has_a_russian_translation(template, russian):
    missing = catalogue.untranslated(russian, template)
    assert not missing, f"{len(missing)} message(s) without a Russian translation (run bin/catalogue): {missing[:5]}"


def test_catalogue_has_no_stale_messages(template, russian):
    old = catalogue.stale(russian, template)
    assert not old, f"{len(old)} message(s) in the catalogue that the code no longer has (run bin/catalogue): {old[:5]}"


def test_translations_keep_every_placeholder(russian):
    assert catalogue.field_mismatches(russian) == []


def test_extraction_finds_python_strings_and_template_cells(template):
    ids = {m.id for m in template}
    assert "Clause-6 measures: {model}" in ids  # report/render.py
    assert "no predicted positives (TP + FP = 0)" in ids  # readings.py, a clause-6 reason
    assert any(i.startswith("## 7 Comparisons between models") for i in ids)  # a markdown cell of the template
    assert "No model in the file has scores, so there are no threshold curves." in ids  # a code cell's _()


def test_notebook_extractor_reads_code_and_markdown():
    nb = {"cells": [{"cell_type": "markdown", "source": ["# Title\n", "text"]},
                    {"cell_type": "code", "source": ["%matplotlib inline\n", "print(_('hello'))\n", "x = 'no'"]}]}
    found = list(catalogue.extract_notebook(io.BytesIO(json.dumps(nb).encode()), {"_": None}, [], {}))
    assert [m[2] for m in found] == ["# Title\ntext", "hello"]


def test_new_string_is_flagged_until_translated(template, russian):
    template.add("a brand-new label")
    try:
        assert "a brand-new label" in catalogue.untranslated(russian, template)
    finally:
        template.delete("a brand-new label")


def test_language_switch_translates_and_english_is_the_source(ru):
    assert _("recall") == "полнота" and _("precision") == "точность"
    assert _("a string nobody translated") == "a string nobody translated"
    i18n.set_language("en")
    assert _("recall") == "recall"


def test_environment_variable_chooses_the_language(monkeypatch):
    previous = i18n.chosen_language()
    i18n.set_language(None)
    try:
        monkeypatch.setenv("ISO4213_LANG", "ru")
        assert i18n.current_language() == "ru" and _("specificity") == "специфичность"
        monkeypatch.setenv("ISO4213_LANG", "xx")
        assert i18n.current_language() == "en"
    finally:
        i18n.set_language(previous)


def test_unknown_language_is_refused():
    with pytest.raises(ValueError, match="unknown language 'de'"):
        i18n.set_language("de")


def test_russian_numbers_have_decimal_comma_and_grouping(ru):
    assert number(0.8592, 4) == "0,8592"
    assert number(1234567.5, 1) == "1\u00a0234\u00a0567,5"
    assert number(12345) == "12\u00a0345"
    assert number(None) == "не определено"
    assert percent(0.8592, 2) == "85,92\u00a0%"


def test_english_numbers_are_unchanged():
    previous = i18n.chosen_language()
    i18n.set_language("en")
    try:
        assert number(0.8592, 4) == "0.8592" and number(1234567.5, 1) == "1234567.5" and number(12345) == "12345"
        assert number(float("nan")) == "undefined"
    finally:
        i18n.set_language(previous)


def test_cli_lang_speaks_russian_and_restores_the_language(tmp_path, capsys):
    from iso4213_nb.cli import main

    previous = i18n.chosen_language()
    path = tmp_path / "answers.yml"
    path.write_text("training_data:\n  source: archive A\n", encoding="utf-8")
    assert main(["--lang", "ru", "checklist", "check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "пункт раздела 8" in out and "Отвечено на 1 из" in out and "отсутствует" in out
    assert i18n.chosen_language() == previous
    assert main(["checklist", "check", str(path)]) == 0
    assert "1 of" in capsys.readouterr().out


def test_cli_errors_in_russian(tmp_path, capsys):
    from iso4213_nb.cli import main

    assert main(["--lang", "ru", "verify", str(tmp_path / "nowhere")]) == 2
    assert capsys.readouterr().err.startswith("iso4213-nb verify: ошибка: ")
