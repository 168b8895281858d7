"""Notebook 08 and its optional part in a learner's browser (Voilà, chromium at 1366 × 768): the core's
significance lab within one screen, in English and in Russian (where it reads with decimal commas); in the optional
part, in both languages, the figures at their own size and, after a key press on the ROPE slider and on the
specificity slider, every number of the read-out settling on the package's own, in the language's number format.

The page is first checked as every notebook's is (``voila_pages.page_problems``).
Expected numbers come from the notebook's own data (its cells tagged ``setup`` run in this process) through
:mod:`iso4213_nb.stats.bayesian` and :func:`iso4213_nb.measures.roc_regions.roc_band`, never from the widget's Python state.
"""

from __future__ import annotations

import re
import warnings

import nbformat
import pytest
from voila_pages import NOTEBOOKS, TIMEOUT_MS, learner, notebook_page

from iso4213_nb import stats
from iso4213_nb.stats import bayesian
from iso4213_nb.measures.curves import BinaryScores
from iso4213_nb.measures.roc_regions import roc_band
from iso4213_nb.words.i18n import number, using

pytestmark = [pytest.mark.browser, pytest.mark.slow]
CORE = NOTEBOOKS / "08_significance.ipynb"
PATH = NOTEBOOKS / "08_significance_further.ipynb"
RUSSIAN_CORE = NOTEBOOKS / "ru" / "08_significance.ipynb"


def _setup_namespace(path=PATH) -> dict:
    namespace: dict = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the notebook's own t-test warning on folds
        for cell in nbformat.read(path, as_version=4).cells:
            if "setup" in cell.metadata.get("tags", []):
                exec(compile(cell.source, str(path), "exec"), namespace)
    return namespace


def _press(page, label: str, key: str, times: int) -> None:
    handle = page.locator(".widget-slider", has_text=label).locator(".noUi-handle").first
    handle.focus()
    for _ in range(times):
        handle.press(key)


def _read(page, selector: str, keys: tuple[str, ...]) -> dict:
    return {key: page.locator(f"{selector} [data-value='{key}']").first.inner_text() for key in keys}


def _settle(page, selector: str, expected: dict) -> None:
    """Wait until every value the test reads shows the package's answer (one value may agree at a neighbouring
    input while another still shows the previous one)."""
    page.wait_for_function(
        """([selector, expected]) => Object.entries(expected).every(([key, value]) => {
             const e = document.querySelector(`${selector} [data-value='${key}']`);
             return e !== null && e.innerText === value; })""", arg=[selector, expected], timeout=TIMEOUT_MS)


def _slider_readouts(page, selector: str) -> dict:
    """Each slider's description → its read-out as shown, under ``selector``."""
    return page.evaluate("""selector => Object.fromEntries([...document.querySelectorAll(`${selector} .widget-slider`)]
        .map(s => [s.querySelector('label').innerText.trim(), s.querySelector('.widget-readout').innerText.trim()]))""",
                         selector)


def _settle_readouts(page, selector: str, expected: dict) -> None:
    """Wait until every slider read-out the test reads shows the package's answer."""
    page.wait_for_function(
        """([selector, expected]) => Object.entries(expected).every(([label, value]) =>
             [...document.querySelectorAll(`${selector} .widget-slider`)].some(s =>
               s.querySelector('label').innerText.trim() === label
               && s.querySelector('.widget-readout').innerText.trim() === value))""",
        arg=[selector, expected], timeout=TIMEOUT_MS)


def _figures_at_their_own_size(page) -> None:
    """Each figure, of a widget or of a cell, at its own size: a box stretched widget figures three times, blurred."""
    images = page.evaluate("() => [...document.querySelectorAll('img.widget-image, .jp-RenderedImage img')]"
                           ".map(i => [i.naturalWidth, i.getBoundingClientRect().width])")
    assert images and all(0 < shown <= natural + 0.5 for natural, shown in images), images


def test_the_core_shows_its_significance_lab_within_one_screen(voila, browser):
    with notebook_page(browser, voila, CORE) as session:
        page = session.page
        lab = page.locator(".iso4213-significance-lab")
        assert lab.bounding_box()["height"] <= 768 - 60  # the controls and the panel they move, with the page's bar
        # Its tables keep their columns apart ("naive Bayes right naive Bayes wrong" ran together).
        padding = page.evaluate("() => [...document.querySelectorAll('.iso4213-significance-lab th')]"
                                ".map(th => parseFloat(getComputedStyle(th).paddingLeft)"
                                " + parseFloat(getComputedStyle(th).paddingRight))")
        assert padding and min(padding) >= 8, padding
        readouts = {"α": "0.050", "threshold A": "0.500", "threshold B": "0.500"}
        _settle_readouts(page, ".iso4213-significance-lab", readouts)
        assert {k: v for k, v in _slider_readouts(page, ".iso4213-significance-lab").items() if k in readouts} == readouts
        session.clean()


def test_the_labs_sliders_read_out_with_a_decimal_comma_in_russian(voila, browser):
    """Issue 26.6: FloatSlider wrote its own read-out with a point ("0.050", "0.500") on a Russian page.  After a key
    press on α, the read-out and the sentence of the test (kernel-made) both show the new α with a comma."""
    with learner(browser, f"{voila}generated/lab_ru.ipynb") as session:
        session.start()
        session.settle()
        page, lab = session.page, ".iso4213-significance-lab"
        start = {"α": "0,050", "порог A": "0,500", "порог B": "0,500"}
        _settle_readouts(page, lab, start)
        assert {k: v for k, v in _slider_readouts(page, lab).items() if k in start} == start
        _press(page, "α", "ArrowRight", 5)  # 0.050 → 0.055 in steps of 0.001
        moved = {"α": "0,055", "порог A": "0,500", "порог B": "0,500"}
        _settle_readouts(page, lab, moved)
        _settle(page, lab, {"alpha": "0,055"})
        assert {k: v for k, v in _slider_readouts(page, lab).items() if k in moved} == moved
        assert _read(page, lab, ("alpha",)) == {"alpha": "0,055"}
        session.clean()


def test_the_russian_core_shows_its_lab_within_one_screen_with_decimal_commas(voila, browser):
    with using("ru"):  # the Russian setup cell chooses Russian; using() restores this process's language after
        data = _setup_namespace(RUSSIAN_CORE)
        first, second = list(data["scores"])[:2]  # the lab compares the first two models at threshold 0.5
        table = stats.mcnemar_table(data["y_test"], data["labels"][first], data["labels"][second])
        expected = f"p = {number(stats.mcnemar(table).pvalue, 4)}"
    with notebook_page(browser, voila, RUSSIAN_CORE) as session:
        page = session.page
        lab = page.locator(".iso4213-significance-lab")
        page.wait_for_function("([text]) => { const lab = document.querySelector('.iso4213-significance-lab');"
                               " return lab !== null && lab.innerText.includes(text); }", arg=[expected],
                               timeout=TIMEOUT_MS)
        assert lab.bounding_box()["height"] <= 768 - 60  # Russian labels are longer than English ones
        # The panels' words and numbers (the sliders' own read-outs are ipywidgets' d3 format, a point in any language).
        shown = "\n".join(lab.locator(".widget-html-content").all_inner_texts())
        points = re.findall(r"(?<![\d.])0\.\d{2,}|\d\.\d{3,}", shown)  # 0.0490, 1.615; not clauses (7.10)
        assert expected in shown and "," in expected and not points, points
        assert "модель A" in lab.inner_text() and "naive Bayes" not in lab.inner_text()
        session.clean()


#: The optional part in each language: its file, the two sliders' labels and the name of the model the band reads.
FURTHER = {"en": (PATH, "ROPE half-width", "specificity", "naive Bayes"),
           "ru": (NOTEBOOKS / "ru" / PATH.name, "полуширина ROPE", "специфичность", "наивный Байес")}


@pytest.mark.parametrize("lang", sorted(FURTHER))
def test_rope_and_specificity_sliders_settle_on_the_package_numbers(voila, browser, lang):
    path, rope_label, specificity_label, model = FURTHER[lang]
    with using(lang):  # the Russian setup cell chooses Russian; using() restores this process's language after
        data = _setup_namespace(path)
        expected = bayesian.correlated_ttest(data["fold_a"], data["fold_b"], 0.02)
        rope = {"rope-width": number(0.02, 4), "left": number(expected.a_better, 3),
                "rope": number(expected.equivalent, 3), "right": number(expected.b_better, 3)}
        band = roc_band(BinaryScores(data["y_test"], data["scores"][model]), [0.8], confidence_level=0.95,
                        n_resamples=500, seed=0)
        point = {"specificity": number(0.8, 2), "sensitivity": number(band.estimate[0], 4),
                 "low": number(band.low[0], 4), "high": number(band.high[0], 4)}
    with notebook_page(browser, voila, path) as session:
        page = session.page
        _figures_at_their_own_size(page)

        _press(page, rope_label, "ArrowRight", 4)  # 0.01 → 0.02 in steps of 0.0025
        _settle(page, ".iso4213-rope", rope)
        assert _read(page, ".iso4213-rope", tuple(rope)) == rope

        _press(page, specificity_label, "ArrowLeft", 5)  # 0.90 → 0.80 in steps of 0.02
        _settle(page, ".iso4213-roc-point", point)
        assert _read(page, ".iso4213-roc-point", tuple(point)) == point
        session.clean()
