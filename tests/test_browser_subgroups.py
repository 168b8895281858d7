"""Notebook 12 in Voilà at 1366 × 768: move the explorer's threshold with the keyboard and check the recall per
group shown against the package's own at the threshold the page shows.  The page is first checked as every
notebook's is (``voila_pages.page_problems``)."""

from __future__ import annotations

import nbformat
import numpy as np
import pytest

from iso4213_nb.words.i18n import number
from iso4213_nb.subgroups.rows import GroupThresholds
from voila_pages import NOTEBOOKS, notebook_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]
NOTEBOOK = NOTEBOOKS / "12_subgroups_and_calibration.ipynb"


def _notebook_data() -> dict:
    """The notebook's own data cell, run here: y_test, proba and the group attributes."""
    cell = next(c for c in nbformat.read(NOTEBOOK, as_version=4).cells
                if c.cell_type == "code" and "predict_proba" in c.source)
    namespace: dict = {}
    exec(cell.source, namespace)
    return namespace


def test_keyboard_moves_the_threshold_and_the_recalls_follow(voila, browser):
    data = _notebook_data()
    lookup = GroupThresholds(data["y_test"], data["proba"], data["radius_test"], positive="malignant")
    with notebook_page(browser, voila, NOTEBOOK) as session:
        readout = session.page.locator(".widget-html-content table", has_text="Wilson").first
        # the explorer's slider: the first one enabled (prediction 12.2's stays locked until a prediction is made)
        handle = session.page.locator(".widget-slider .noUi-target:not([disabled]) .noUi-handle").first
        handle.focus()
        for _ in range(20):
            handle.press("ArrowLeft")
        expected_threshold = "0.30"
        session.page.wait_for_function(
            "t => [...document.querySelectorAll('.widget-readout')].some(e => e.textContent.trim() === t)",
            arg=expected_threshold, timeout=60_000)
        recalls = lookup.recall_intervals_at(float(expected_threshold))
        rates = lookup.rates_at(float(expected_threshold))
        shown_rates = ("precision", "false_positive_rate", "miss_rate")  # beside recall (issue 26, point 1)

        def text(ci) -> str:
            return f"{number(ci.estimate)} [{number(ci.low)}, {number(ci.high)}]"

        expected = {value: [text(recalls[value])] + [text(rates[value][m]) for m in shown_rates] for value in recalls}
        # settled: every cell of every row, not recall alone, is the package's answer at the threshold shown;
        # recall can already agree at a neighbouring threshold while the kernel has not answered the last key
        session.page.wait_for_function(
            "rows => { const t = [...document.querySelectorAll('.widget-html-content table')]"
            ".find(e => e.textContent.includes('Wilson')); if (!t) return false;"
            " const shown = [...t.querySelectorAll('tbody tr')].map(r => [...r.querySelectorAll('td')]"
            ".map(c => c.textContent.trim()));"
            " return rows.every(([group, cells]) => shown.some(r => r[0] === group"
            " && cells.every((x, j) => r[[2, 3, 4, 5][j]] === x))); }",
            arg=list(expected.items()), timeout=60_000)
        rows = readout.locator("tbody tr")
        shown = {rows.nth(i).locator("td").nth(0).inner_text(): [rows.nth(i).locator("td").nth(j).inner_text()
                                                                  for j in (2, 3, 4, 5)]
                 for i in range(rows.count())}
        assert shown == expected
        assert not np.isnan(float(recalls["medium"].estimate))
        box = readout.bounding_box()
        assert box["x"] + box["width"] <= 1366  # the wider table still fits the screen
        session.clean()
