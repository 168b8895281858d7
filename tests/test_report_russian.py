"""``report --lang ru`` on the demo: the same numbers as the English report, in Russian words (issue 15, point 5).

Both reports are built once per session (:mod:`report_builds`).  The test
parses the HTML tables, the reading paragraphs and the PDF text of both and
compares every number, after reading the Russian ones with the decimal comma
and the (non-breaking) space between digit groups.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest
from pypdf import PdfReader

from report_builds import demo_report, demo_report_ru

pytestmark = pytest.mark.slow

#: Tables whose numbers were measured separately for each build (timings) or are version strings.
MEASURED_CAPTIONS = {"Inference duration", "Captured automatically on the machine that built the report",
                     "Длительность вывода", "Определено автоматически на машине, где построен отчет"}
_NUMBER = re.compile(r"(?<![\w-])-?\d+(?:\.\d+)?|(?<=[\w-])\d+(?:\.\d+)?")  # "clause-6" holds 6, not −6


def russian_to_english_digits(text: str) -> str:
    """Russian number format to the English one: ``1 234,5`` (non-breaking space) becomes ``1234.5``."""
    text = re.sub(r"(?<=\d)[\u00a0\u202f](?=\d{3})", "", text)
    return re.sub(r"(?<=\d),(?=\d)", ".", text)


def numbers(text: str) -> list[float]:
    return [float(x) for x in _NUMBER.findall(text)]


class _Tables(HTMLParser):
    """Every <table> (caption, cell texts) and every ``p.reading`` paragraph of a report page, in order."""

    def __init__(self):
        super().__init__()
        self.tables: list[dict] = []
        self.readings: list[str] = []
        self._cell = self._caption = self._reading = None

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append({"caption": "", "cells": []})
        elif tag == "caption":
            self._caption = []
        elif tag in ("td", "th") and self.tables:
            self._cell = []
        elif tag == "p" and "reading" in (dict(attrs).get("class") or ""):
            self._reading = []

    def handle_endtag(self, tag):
        if tag == "caption" and self._caption is not None:
            self.tables[-1]["caption"] = "".join(self._caption).strip()
            self._caption = None
        elif tag in ("td", "th") and self._cell is not None:
            self.tables[-1]["cells"].append("".join(self._cell).strip())
            self._cell = None
        elif tag == "p" and self._reading is not None:
            self.readings.append("".join(self._reading))
            self._reading = None

    def handle_data(self, data):
        for part in (self._cell, self._caption, self._reading):
            if part is not None:
                part.append(data)


def _parse(folder) -> _Tables:
    parser = _Tables()
    parser.feed((folder / "report.html").read_text(encoding="utf-8"))
    return parser


@pytest.fixture(scope="module")
def both():
    return demo_report(), demo_report_ru()


def test_report_json_is_the_same_in_both_languages(both):
    en, ru = (json.loads((f / "report.json").read_text(encoding="utf-8")) for f in both)
    for key in ("generated_utc", "environment", "inference"):  # stamped or measured per build
        en.pop(key), ru.pop(key)
    assert en == ru


def test_every_html_table_and_reading_has_the_english_numbers(both):
    en, ru = (_parse(f) for f in both)
    assert len(en.tables) == len(ru.tables) > 10 and len(en.readings) == len(ru.readings) >= 6
    compared = 0
    for table_en, table_ru in zip(en.tables, ru.tables):
        assert len(table_en["cells"]) == len(table_ru["cells"]), table_en["caption"]
        if table_en["caption"] in MEASURED_CAPTIONS:
            assert table_ru["caption"] in MEASURED_CAPTIONS
            continue
        for cell_en, cell_ru in zip(table_en["cells"], table_ru["cells"]):
            if re.fullmatch(r"\d{4}-\d\d-\d\dT[\d:]+Z", cell_en):  # the time each report was generated
                continue
            assert numbers(cell_en) == numbers(russian_to_english_digits(cell_ru)), (cell_en, cell_ru)
            compared += len(numbers(cell_en))
    for reading_en, reading_ru in zip(en.readings, ru.readings):
        assert sorted(numbers(reading_en)) == sorted(numbers(russian_to_english_digits(reading_ru)))
    assert compared > 500


def test_russian_page_speaks_russian(both):
    html = (both[1] / "report.html").read_text(encoding="utf-8")
    assert '<html lang="ru">' in html
    for term in ("Матрица ошибок", "доля правильных исходов", "полнота", "специфичность", "точность",
                 "заполнено автоматически", "Тест Мак-Немара", "0,9605"):  # ПНСТ 835-2023 terms, decimal comma
        assert term in html
    page = _parse(both[1])
    shown = " ".join([t["caption"] for t in page.tables] + [c for t in page.tables for c in t["cells"]] + page.readings)
    for english in ("filled automatically", "Clause-6 measures", "Counts at operating points", "Per-class measures",
                    "Confusion matrix", "McNemar's test on", "Measures at this threshold", "predicted positive"):
        assert english not in shown
    assert not re.search(r"\d\.\d{4}", shown)  # no decimal point in a Russian number


def _pdf_numbers(folder, russian: bool) -> list[float]:
    """The four-decimal numbers of the PDF, less those of the tables measured on the build machine (each build
    times the models again, so their numbers differ between the two languages' builds)."""
    text = "\n".join(page.extract_text() for page in PdfReader(folder / "report.pdf").pages)
    if russian:
        assert "Матрица ошибок" in text and "полнота" in text
        text = russian_to_english_digits(text)
    found = sorted(float(x) for x in re.findall(r"(?<![\d.])\d\.\d{4}(?!\d)", text))
    for table in _parse(folder).tables:
        if table["caption"] in MEASURED_CAPTIONS:
            for cell in table["cells"]:
                digits = russian_to_english_digits(cell) if russian else cell
                for x in re.findall(r"(?<![\d.])\d\.\d{4}(?!\d)", digits):
                    if float(x) in found:
                        found.remove(float(x))
    return found


def test_pdf_numbers_equal(both):
    en, ru = (_pdf_numbers(folder, russian) for folder, russian in zip(both, (False, True)))
    assert len(en) > 200 and en == ru


def test_confidence_levels_read_as_numbers_of_percent_in_both_languages(both):
    """The Russian page wrote "95,-процентной" (a decimal comma left after stripping zeros) in six places."""
    from iso4213_nb.words.i18n import level_percent, using

    ru = (both[1] / "report.html").read_text(encoding="utf-8")
    assert not re.search(r"\d,-процентн", ru) and "95-процентн" in ru
    with using("ru"):
        assert [level_percent(x) for x in (0.95, 0.975, 0.999, 0.5)] == ["95", "97,5", "99,9", "50"]
    with using("en"):
        assert [level_percent(x) for x in (0.95, 0.975, 0.999)] == ["95", "97.5", "99.9"]
