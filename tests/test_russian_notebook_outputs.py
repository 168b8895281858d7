"""What a Russian notebook prints reads as Russian (issue 26, point 6): no raw keys (``total_absolute_error``), no
Python reprs of containers or escapes (``{'B': '4\\xa0305'}``), and decimal commas, never points.

Widget outputs are left out: their stored ``text/plain`` is a fallback repr that a reader never sees (the widget
is drawn); their visible words are checked by the browser tests."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks" / "ru").glob("*.ipynb"))
WIDGET = "application/vnd.jupyter.widget-view+json"

PROBLEMS = {
    "a raw key": re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b"),
    "a container or escape repr": re.compile(r"[{\[]'|\\x[0-9a-f]{2}|\\u[0-9a-f]{4}"),
    "a decimal point": re.compile(r"(?<![\d.])\d+\.\d{2,}(?![\d.])"),
}


def _printed(path: Path) -> list[tuple[int, str]]:
    """(cell index, line) of every line of text a reader sees in the stored outputs of ``path``."""
    lines = []
    for index, cell in enumerate(nbformat.read(path, as_version=4).cells):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET in data or "image/png" in data:
                continue
            text = output.get("text", "") or data.get("text/plain", "")
            lines.extend((index, line) for line in str(text).splitlines())
    return lines


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_a_russian_notebook_prints_russian(path):
    found = [f"cell {index}, {problem}: {line.strip()[:100]}" for index, line in _printed(path)
             for problem, pattern in PROBLEMS.items() if pattern.search(line)]
    assert found == []


def test_the_checks_catch_what_the_course_used_to_print():
    old = ["total_absolute_error: 0,0833", "фактически в классе: {'A': '436', 'B': '4\\xa0305'}",
           "auroc_min: 0.9384"]
    assert [[name for name, pattern in PROBLEMS.items() if pattern.search(line)] for line in old] == [
        ["a raw key"], ["a container or escape repr"], ["a raw key", "a decimal point"]]


def _subgroup_table_numbers(path: Path) -> list[str]:
    """Every 4-decimal number of the stored subgroup table of notebook 12 (``subgroup_table_html(by_radius, …)``),
    decimal commas read as points, in the order shown."""
    cell = next(c for c in nbformat.read(path, as_version=4).cells
                if c.cell_type == "code" and "subgroup_table_html(by_radius" in c.source)
    html = next(o["data"]["text/html"] for o in cell.outputs if "text/html" in o.get("data", {}))
    return [n.replace(",", ".") for n in re.findall(r"\d+[.,]\d{4}", html)]


def test_russian_12_gives_the_english_subgroup_intervals():
    """Issue 26, point 5: one set of numbers.  The Russian radius bands sort otherwise than the English ones; listed
    in the English order (``order=``), the bootstrap intervals of F1 and balanced accuracy are the English ones."""
    name = "12_subgroups_and_calibration.ipynb"
    english = _subgroup_table_numbers(ROOT / "notebooks" / name)
    assert "0.6875" in english  # the medium band's F1 interval starts there
    assert _subgroup_table_numbers(ROOT / "notebooks" / "ru" / name) == english


def test_russian_09_explains_the_delong_p_value_its_table_prints():
    """Issue 26, point 5: the Russian 09, like the English, says why the report's DeLong p (naive Bayes against
    logistic regression) differs from notebook 08's, and the p it names is the one its table prints."""
    cells = nbformat.read(ROOT / "notebooks" / "ru" / "09_reporting.ipynb", as_version=4).cells
    prose = next(c.source for c in cells if c.cell_type == "markdown" and c.source.startswith("## Сравнения моделей"))
    table = next(o["text"] for c in cells if c.cell_type == "code" and "comparison_rows(report" in c.source for o in c.outputs)
    row = next(line for line in table.splitlines() if "наивный Байес" in line and "логистическая" in line
               and "AUROC" in line)
    assert "p = 0,0333" in prose and "p = 0,1064" in prose and "197" in prose and row.split()[-3] == "0,0333"
