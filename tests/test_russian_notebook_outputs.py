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
