"""The kernel-free explorer in a book built with the project's ``_config.yml``, opened offline in chromium.

The book the book tests share (``book_builds.shared_book``) has a page that
displays an explorer; the page must load Vega from the book's own files, draw the charts, and answer a
slider move with the package's numbers at the threshold shown, with every
non-file request blocked.
"""

import os
import re

import pytest
import yaml
from book_builds import BOOK, EXPLORER, shared_book

from iso4213_nb.measures import counts as measures
from iso4213_nb.measures.curves import BinaryScores
from iso4213_nb.report.export import VEGA_BUNDLE
from iso4213_nb.core.undefined import Undefined

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
#: The book theme (pydata-sphinx-theme) logs this as an error on a first visit, when no theme mode is stored yet;
#: it is the theme's, not the explorer's, and the theme then picks its default.
THEME_NOTICE = "Got invalid theme mode: . Resetting to auto."
MEASURES = {"recall": measures.recall, "precision": measures.precision, "specificity": measures.specificity,
            "f1": measures.f1, "accuracy": measures.binary_accuracy}


def _expected_scores():
    """The explorer page's scores: its cell (``book_builds.EXPLORER``) run here up to the explorer."""
    namespace: dict = {}
    exec(EXPLORER.rsplit("\nHTML(", 1)[0], namespace)
    return BinaryScores(namespace["y"], namespace["s"])


def test_config_loads_the_vega_bundle_from_the_books_files():
    config = yaml.safe_load((BOOK / "_config.yml").read_text())["sphinx"]["config"]
    assert config["html_js_files"] == [VEGA_BUNDLE] and "://" not in VEGA_BUNDLE


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.skipif(not os.access(CHROMIUM, os.X_OK), reason=f"{CHROMIUM} is not installed")
def test_small_book_explorer_runs_offline():
    from playwright.sync_api import sync_playwright

    page_path = shared_book() / "explorer.html"
    assert f'src="_static/{VEGA_BUNDLE}' in page_path.read_text()

    scores = _expected_scores()
    problems = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        page.route("**/*", lambda r: r.continue_() if r.request.url.startswith("file://")
                   else (problems.append(f"blocked request {r.request.url}"), r.abort()))
        page.on("pageerror", lambda e: problems.append(f"page error {e}"))
        page.on("console", lambda m: m.type == "error" and not m.text.startswith(THEME_NOTICE)
                and problems.append(f"console error {m.text}"))
        page.on("requestfailed", lambda r: problems.append(f"failed request {r.url}"))
        page.goto(page_path.as_uri(), wait_until="load")
        root = page.locator('div.iso4213-explorer[data-model="tiny model"]')
        slider = root.locator('input[type="range"][name="threshold"]')
        for move in (None, "ArrowLeft", "PageDown", "End"):
            if move:
                slider.press(move)
            page.wait_for_function(
                "r => r.dataset.state === 'ready' && r.dataset.position === r.querySelector('input').value",
                arg=root.element_handle(), timeout=15000)
            threshold = float(root.locator("table[data-threshold]").first.get_attribute("data-threshold"))
            c = scores.counts_at(threshold)
            cells = {td.get_attribute("data-measure"): td.inner_text() for td in root.locator("td[data-measure]").all()}
            assert [cells[k] for k in ("tp", "fp", "fn", "tn")] == [str(c.tp), str(c.fp), str(c.fn), str(c.tn)]
            for key, function in MEASURES.items():
                value = function(c)
                if isinstance(value, Undefined):
                    assert cells[key] == "undefined"
                else:
                    assert abs(float(cells[key]) - value) <= 5e-5 + 1e-12, (key, threshold)
            if move is None:
                assert threshold == 0.5
            if move == "End":
                assert cells["precision"] == "undefined"  # above every score: nothing predicted positive
        assert root.locator("svg").count() == 1
        assert root.bounding_box()["height"] <= 768
        browser.close()
    assert problems == []


#: What a person sees of the Russian page's two explorers, once both are drawn: sizes, cut words, every word.
_RUSSIAN_VIEW = """() => {
  const widget = document.querySelector('.iso4213-explorer-widget'), page = document.querySelector('div.iso4213-explorer');
  const image = widget.querySelector('img'), readout = widget.querySelector('.iso4213-readout');
  const cut = [...widget.querySelectorAll('.widget-label, .widget-button, .widget-html-content')]
    .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent);
  const svg = page.querySelector('svg').getBoundingClientRect();
  const outside = [...page.querySelectorAll('svg text')].filter(t => { const r = t.getBoundingClientRect();
    return r.width > 0 && (r.left < svg.left - 1 || r.right > svg.right + 1 || r.top < svg.top - 1); })
    .map(t => t.textContent);
  return {image: image.getBoundingClientRect().width, natural: image.naturalWidth,
          readoutRight: readout.getBoundingClientRect().right, widgetRight: widget.getBoundingClientRect().right,
          cut, outside, output: page.querySelector('output').textContent,
          words: [widget.innerText, page.innerText, ...[...page.querySelectorAll('svg text')].map(t => t.textContent),
                  // what a screen reader says besides the text (Vega's own words were English: "visualization")
                  ...[page, ...page.querySelectorAll('*')].filter(e => !e.closest('[aria-hidden=true]'))
                    .flatMap(e => ['aria-label', 'aria-roledescription', 'aria-valuetext', 'title']
                      .filter(n => e.hasAttribute(n)).map(n => e.getAttribute(n)))]};
}"""


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.skipif(not os.access(CHROMIUM, os.X_OK), reason=f"{CHROMIUM} is not installed")
def test_russian_explorers_are_russian_readable_and_uncut_at_1366():
    """The book's Russian notebook-03 page showed cut labels ("порогово…"), a read-out losing its right side,
    English in the figure and the figure at 453 pixels; every word, size and edge is checked as a reader sees it."""
    from playwright.sync_api import sync_playwright
    from visible_words import english_words

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        page.goto((shared_book() / "russian.html").as_uri(), wait_until="load")
        page.wait_for_function("() => { const i = document.querySelector('.iso4213-explorer-widget img');"
                               " const r = document.querySelector('div.iso4213-explorer');"
                               " return i && i.complete && i.naturalWidth > 0 && r && r.dataset.state === 'ready'"
                               " && r.dataset.position === r.querySelector('input').value; }", timeout=30000)
        page.evaluate("() => document.fonts.ready")
        shown = page.evaluate(_RUSSIAN_VIEW)
        # One key to the right: a threshold between two scores of 16 or 17 digits, named by its shortest decimal.
        root = page.locator("div.iso4213-explorer")
        root.locator("input").press("ArrowRight")
        page.wait_for_function("r => r.dataset.position === r.querySelector('input').value"
                               " && r.querySelector('output').textContent !== 'порог 0,5'",
                               arg=root.element_handle(), timeout=15000)
        moved = root.locator("output").text_content()
        exact = root.locator("table[data-threshold]").first.get_attribute("data-threshold")
        browser.close()
    assert len(exact) >= 15 and re.fullmatch(r"порог 0,\d{1,6}", moved), (exact, moved)
    assert shown["image"] >= 700 and shown["image"] <= shown["natural"] + 0.5, shown["image"]  # it was 453
    assert shown["cut"] == [], shown["cut"]
    assert shown["readoutRight"] <= shown["widgetRight"] + 1
    assert shown["outside"] == [], shown["outside"]
    assert english_words(shown["words"]) == []
    points = re.findall(r"(?<![\d.])\d+\.\d+(?![\d.])", " ".join(shown["words"]))  # not clause 6.3.6
    assert points == [], points
    assert re.fullmatch(r"порог 0,5", shown["output"]), shown["output"]
