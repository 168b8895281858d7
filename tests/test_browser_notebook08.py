"""Notebook 08's optional part (further tests) in a learner's browser (Voilà, chromium at 1366 × 768): after a key
press on the ROPE slider and on the specificity slider, the read-out settles on the package's own numbers at the new
value.

The page is first checked as every notebook's is (``voila_pages.page_problems``).
Expected numbers come from the notebook's own data (its cells tagged ``setup`` run in this process) through
:mod:`iso4213_nb.stats.bayesian` and :func:`iso4213_nb.measures.roc_regions.roc_band`, never from the widget's Python state.
"""

from __future__ import annotations

import warnings

import nbformat
import pytest
from voila_pages import NOTEBOOKS, TIMEOUT_MS, notebook_page

from iso4213_nb.stats import bayesian
from iso4213_nb.measures.curves import BinaryScores
from iso4213_nb.measures.roc_regions import roc_band

pytestmark = [pytest.mark.browser, pytest.mark.slow]
PATH = NOTEBOOKS / "08_significance_further.ipynb"


def _setup_namespace() -> dict:
    namespace: dict = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the notebook's own t-test warning on folds
        for cell in nbformat.read(PATH, as_version=4).cells:
            if "setup" in cell.metadata.get("tags", []):
                exec(compile(cell.source, str(PATH), "exec"), namespace)
    return namespace


def _press(page, label: str, key: str, times: int) -> None:
    handle = page.locator(".widget-slider", has_text=label).locator(".noUi-handle").first
    handle.focus()
    for _ in range(times):
        handle.press(key)


def _read(page, selector: str, keys: tuple[str, ...]) -> dict:
    return {key: page.locator(f"{selector} [data-value='{key}']").first.inner_text() for key in keys}


def test_rope_and_specificity_sliders_settle_on_the_package_numbers(voila, browser):
    data = _setup_namespace()
    with notebook_page(browser, voila, PATH) as session:
        page = session.page

        _press(page, "ROPE half-width", "ArrowRight", 4)  # 0.01 → 0.02 in steps of 0.0025
        page.wait_for_function("() => document.querySelector(\".iso4213-rope [data-value='rope-width']\")"
                               ".innerText === '0.0200'", timeout=TIMEOUT_MS)
        expected = bayesian.correlated_ttest(data["fold_a"], data["fold_b"], 0.02)
        assert _read(page, ".iso4213-rope", ("left", "rope", "right")) == {
            "left": f"{expected.a_better:.3f}", "rope": f"{expected.equivalent:.3f}",
            "right": f"{expected.b_better:.3f}"}

        _press(page, "specificity", "ArrowLeft", 5)  # 0.90 → 0.80 in steps of 0.02
        page.wait_for_function("() => document.querySelector(\".iso4213-roc-point [data-value='specificity']\")"
                               ".innerText === '0.80'", timeout=TIMEOUT_MS)
        scores = BinaryScores(data["y_test"], data["scores"]["naive Bayes"])
        band = roc_band(scores, [0.8], confidence_level=0.95, n_resamples=500, seed=0)
        assert _read(page, ".iso4213-roc-point", ("sensitivity", "low", "high")) == {
            "sensitivity": f"{band.estimate[0]:.4f}", "low": f"{band.low[0]:.4f}", "high": f"{band.high[0]:.4f}"}
        session.clean()
