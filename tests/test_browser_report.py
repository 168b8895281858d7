"""The exported report opened from disk in Debian's chromium with every non-file request blocked."""

import os
import re

import numpy as np
import pytest

from iso4213_nb.demos import breast_cancer as demo
from iso4213_nb.measures import counts as measures
from iso4213_nb.measures.curves import BinaryScores
from iso4213_nb.inputs import read_predictions
from iso4213_nb.core.undefined import Undefined
from report_builds import MODEL_TAG, SCRIPT_LABEL, demo_report, demo_report_ru, hostile_inputs, hostile_report
from voila_pages import CHROMIUM  # the browser fixture is conftest's (voila_pages.browser)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.access(CHROMIUM, os.X_OK), reason=f"{CHROMIUM} is not installed"),
]


def _open(browser, html_path, viewport=None):
    """Load the page offline; returns (page, problems) where problems lists errors, dialogs and blocked requests."""
    page = browser.new_page(viewport=viewport)
    problems = []

    def route(r):
        if r.request.url.startswith("file://"):
            r.continue_()
        else:
            problems.append(f"blocked request {r.request.url}")
            r.abort()

    def dialog(d):
        problems.append(f"dialog {d.message}")
        d.dismiss()

    page.route("**/*", route)
    page.on("pageerror", lambda e: problems.append(f"page error {e}"))
    page.on("console", lambda m: m.type == "error" and problems.append(f"console error {m.text}"))
    page.on("requestfailed", lambda r: problems.append(f"failed request {r.url}"))
    page.on("dialog", dialog)
    page.goto(html_path.resolve().as_uri(), wait_until="load")
    page.wait_for_function("window.MathJax && MathJax.Hub && MathJax.Hub.queue.pending === 0", timeout=20000)
    return page, problems


def test_demo_report_renders_offline(browser):
    page, problems = _open(browser, demo_report() / "report.html")
    widths = page.evaluate("Array.from(document.images).map(i => i.complete ? i.naturalWidth : 0)")
    assert widths and all(w > 0 for w in widths)
    assert page.locator("table").count() >= 15
    assert page.locator("td.status-missing").count() >= 1
    assert page.locator(".MathJax_CHTML").count() >= 1  # MathJax typeset from the local copy
    assert problems == []
    page.close()


def test_hostile_report_runs_no_injected_script(browser):
    page, problems = _open(browser, hostile_report() / "report.html")
    page.wait_for_timeout(500)
    assert problems == []
    assert page.locator("text=<script>alert(1)</script>").count() >= 1
    assert page.locator("iframe").count() == 0
    page.close()



# ---------------------------------------------------------------------------- the kernel-free explorer
MEASURES = {"recall": measures.recall, "precision": measures.precision, "specificity": measures.specificity,
            "f1": measures.f1, "accuracy": measures.binary_accuracy}
SETTLED = "root => root.dataset.state === 'ready' && root.dataset.position === root.querySelector('input[name=threshold]').value"
SHOWN = """root => {
  const point = sel => { const p = root.querySelector(sel + ' path'); return p && p.getAttribute('transform'); };
  return {
    position: Number(root.querySelector('input[name=threshold]').value),
    max: Number(root.querySelector('input[name=threshold]').max),
    tables: Array.from(root.querySelectorAll('table[data-threshold]')).map(t => t.getAttribute('data-threshold')),
    cells: Object.fromEntries(Array.from(root.querySelectorAll('td[data-measure]'))
                              .map(td => [td.dataset.measure, td.textContent])),
    readout: root.querySelector('output').textContent,
    roc: point('g[class*="roc_point"]'), pr: point('g[class*="pr_point"]'),
  };
}"""


def _scored(pred):
    return {name: BinaryScores(pred.y_true, m.scores, positive=pred.positive)
            for name, m in pred.models.items() if m.scores is not None}


def _translate(transform):
    x, y = transform.removeprefix("translate(").removesuffix(")").split(",")
    return float(x), float(y)


def _check_shown(page, explorer, scores: BinaryScores):
    """Every number the explorer shows equals the package's at the threshold it shows; returns that threshold."""
    page.wait_for_function(SETTLED, arg=explorer, timeout=10000)
    shown = explorer.evaluate(SHOWN)
    (threshold, *others) = {float(t) for t in shown["tables"]}
    assert not others and len(shown["tables"]) == 2
    top = float(scores.thresholds[0])  # the highest score: above it the words say so, not 1.0000000000000002
    above = threshold == np.nextafter(top, np.inf)
    if above:
        assert f"threshold above {top!r}" in shown["readout"], shown["readout"]
    c = scores.counts_at(threshold)
    if not above:  # the read-out names a short threshold (not the score's 17 digits) that gives the same counts
        label = re.match(r"threshold (-?[0-9.]+)", shown["readout"]).group(1)
        assert len(label) <= len(shown["tables"][0]), label
        assert scores.counts_at(float(label)) == c, (label, threshold)
    for key in ("tp", "fp", "fn", "tn"):
        assert shown["cells"][key] == str(c[key]), (key, threshold)
    for key, function in MEASURES.items():
        value, text = function(c), shown["cells"][key]
        if isinstance(value, Undefined):
            assert text == "undefined", (key, threshold)
        else:
            assert len(text.split(".")[1]) == 4 and abs(float(text) - value) <= 5e-5 + 1e-12, (key, threshold, text)
    x, y = _translate(shown["roc"])  # the operating point on the ROC curve (230 × 210 plot area)
    assert abs(x - c.fp / scores.negatives * 230) < 0.6 and abs(y - (1 - c.tp / scores.positives) * 210) < 0.6
    if c.tp + c.fp:
        x, y = _translate(shown["pr"])
        assert abs(x - c.tp / scores.positives * 230) < 0.6 and abs(y - (1 - c.tp / (c.tp + c.fp)) * 210) < 0.6
    return threshold, shown


def _set_position(explorer, position):
    explorer.evaluate("""(root, i) => { const s = root.querySelector('input[name=threshold]');
                         s.value = i; s.dispatchEvent(new Event('input', {bubbles: true})); }""", position)


def test_demo_report_explorers_follow_the_slider_offline(browser):
    page, problems = _open(browser, demo_report() / "report.html", viewport={"width": 1366, "height": 768})
    scored = _scored(read_predictions(demo.DEMO_PREDICTIONS))
    explorers = page.locator("div.iso4213-explorer")
    assert sorted(explorers.evaluate_all("es => es.map(e => e.dataset.model)")) == sorted(scored)
    for root in explorers.element_handles():
        scores = scored[root.get_attribute("data-model")]
        start, shown = _check_shown(page, root, scores)
        assert start == 0.5  # the report's first operating point, offered under its own value
        offered = shown["max"] + 1
        assert f"The slider offers all {offered} thresholds" in root.inner_text()
        slider = root.query_selector("input[name=threshold]")
        slider.focus()
        seen = {start}
        for key in ("ArrowRight", "ArrowRight", "ArrowLeft", "ArrowUp", "PageUp", "End", "Home", "ArrowDown"):
            page.keyboard.press(key)
            seen.add(_check_shown(page, root, scores)[0])
        assert len(seen) >= 5
        for position in (shown["max"], 0, shown["max"] // 3, shown["position"]):
            _set_position(root, position)
            threshold, now = _check_shown(page, root, scores)
            assert now["position"] == position
            if position == shown["max"]:
                assert now["cells"]["precision"] == "undefined" and threshold > scores.thresholds[0]
        box = root.bounding_box()
        assert box["height"] <= 768 and box["x"] + box["width"] <= 1366
        # one svg holds both charts; two tables
        inner = root.evaluate("r => Array.from(r.querySelectorAll('svg, table')).map(e => e.getBoundingClientRect().right)")
        assert len(inner) == 3 and max(inner) <= box["x"] + box["width"]
    assert problems == []
    page.close()


def test_hostile_report_explorers_keep_names_as_text(browser, tmp_path):
    page, problems = _open(browser, hostile_report() / "report.html")
    csv_path, _ = hostile_inputs(tmp_path)
    scored = _scored(read_predictions(csv_path, positive=SCRIPT_LABEL))
    assert MODEL_TAG in scored
    roots = page.locator("div.iso4213-explorer").element_handles()
    assert sorted(r.get_attribute("data-model") for r in roots) == sorted(scored)
    for root in roots:
        scores = scored[root.get_attribute("data-model")]
        _check_shown(page, root, scores)
        _set_position(root, 0)
        _check_shown(page, root, scores)
    page.wait_for_timeout(300)
    assert problems == []
    page.close()


#: A4's width less the report's print margins (12 mm a side), in CSS pixels (96 per inch): the width a printed
#: page lays its content out in.
A4_CONTENT_WIDTH = round((210 - 2 * 12) / 25.4 * 96)


@pytest.mark.parametrize("build", [demo_report, demo_report_ru], ids=["en", "ru"])
def test_the_printed_report_is_a4_and_keeps_every_column_of_every_table(browser, build):
    """The issue saw the Russian PDF lose its comparisons table's decision column and print a scrollbar."""
    from pypdf import PdfReader

    folder = build()
    sizes = {(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in PdfReader(folder / "report.pdf").pages}
    assert sizes == {(595, 842)}, f"pages are not A4 portrait: {sizes}"
    page, problems = _open(browser, folder / "report.html", viewport={"width": A4_CONTENT_WIDTH, "height": 1100})
    page.emulate_media(media="print")
    cut = page.evaluate("""(width) => [...document.querySelectorAll('table')].filter(table => {
            const right = table.getBoundingClientRect().right;
            let box = table.parentElement, scrolls = false;
            for (; box && box !== document.body; box = box.parentElement) {
                if (box.scrollWidth > box.clientWidth + 1 && getComputedStyle(box).overflowX !== 'visible') { scrolls = true; }
            }
            return right > width + 1 || scrolls;
        }).map(table => (table.caption ? table.caption.textContent : table.textContent).slice(0, 80))""", A4_CONTENT_WIDTH)
    assert cut == [], f"tables cut or scrolling at the printed width: {cut}"
    assert problems == []
