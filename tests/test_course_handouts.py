"""Printable handouts: the measures with their clauses and formulas on one page, and the exercise sheet, as PDF in
English and Russian side by side (`iso4213-nb course handouts DIR`)."""

import html
import os
import re

import pytest

from iso4213_nb.cli import main
from iso4213_nb.course import handouts
from iso4213_nb.course.contents import COURSE
from iso4213_nb.measures.registry import MEASURES
from iso4213_nb.words.i18n import set_language

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture
def russian():
    set_language("ru")
    yield
    set_language(None)


def _cells(page):
    return [re.sub(r"<[^>]+>", "", row) for row in re.findall(r"<tr>(.*?)</tr>", page.split("<tbody>", 1)[1])]


def test_the_measures_sheet_gives_every_registry_measure_its_clause_and_formula():
    rows = _cells(handouts.measures_sheet())
    assert len(rows) == len(MEASURES)
    by_symbol = {}
    for row, entry in zip(rows, MEASURES.values()):
        assert (entry.clause or "beyond TS 4213") in row and entry.symbol.replace("&", "&amp;") in row
        by_symbol[entry.key] = row
    assert "precision6.2.4PTP / (TP + FP)higher" == by_symbol["precision"]
    assert "Hamming loss" in by_symbol["hamming_loss"] and by_symbol["hamming_loss"].endswith("lower")


def test_the_russian_sheet_uses_the_pnst_words_and_translates_formulas_in_words(russian):
    page = handouts.measures_sheet()
    assert "точность6.2.4PTP / (TP + FP)выше" in _cells(page)
    assert "доля правильных исходов" in page and "площадь под ROC-кривой" in page
    assert not re.search(r"\b(higher|lower|area under)\b", page)


def test_the_exercise_sheet_lists_every_exercise_with_its_kind():
    page = handouts.exercise_sheet()
    for lesson in COURSE:
        for key, label in lesson.exercises:
            assert f"<td>{key}</td><td>{label}</td>" in html.unescape(page)  # labels are escaped (& in 11.3)
    assert "<td>03.2</td><td>predict: precision of naive Bayes when the threshold rises</td><td>prediction</td>" in page


@pytest.mark.skipif(not os.access(CHROMIUM, os.X_OK), reason=f"{CHROMIUM} is not installed")
def test_one_command_prints_both_handouts_in_each_language_and_the_measures_fit_one_page(tmp_path, capsys):
    for argv in (["course", "handouts", str(tmp_path)], ["--lang", "ru", "course", "handouts", str(tmp_path)]):
        assert main([*argv, "--browser", CHROMIUM]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == sorted(f"{stem}.{lang}.{ext}" for stem in ("exercises", "measures") for lang in ("en", "ru")
                           for ext in ("html", "pdf"))
    for lang in ("en", "ru"):
        pdf = (tmp_path / f"measures.{lang}.pdf").read_bytes()
        assert pdf.startswith(b"%PDF") and re.findall(rb"/Count (\d+)", pdf) == [b"1"], lang
    assert "handouts written" in capsys.readouterr().out
