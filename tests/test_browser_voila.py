"""Notebook 03 and a 1,000,000-score explorer in a learner's browser (Voilà, chromium at 1366 × 768).

The server, the browser and the page checks every notebook passes are in
``voila_pages.py``; notebook 03's page is checked there before this test
drives it.  Nothing is read before the page has settled: after an input the
kernel's answer (the read-out at the new value) and the redrawn image have
arrived.

Expected numbers are computed here with numpy from the notebook's own data
(its cells tagged ``setup`` are run in this process), never read from the
widget's Python state.
"""

from __future__ import annotations

import os
import statistics
from pathlib import Path

import nbformat
import pytest
from voila_pages import LATENCY_N, LATENCY_SOURCE, NOTEBOOKS, SCREEN, TIMEOUT_MS, learner, notebook_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: Latency budget (issue 14), medians over single key presses at 1,000,000 scores.  Speed is measured,
#: not asserted, in the suite (the test workers share CI's two cores with the browser and the kernel);
#: ISO4213_LATENCY_BUDGET=1 turns the budget into assertions on an idle machine (benchmarks/README.md).
READOUT_MS, IMAGE_MS, BURST_MS = 50, 100, 1000
CHECK_BUDGET = os.environ.get("ISO4213_LATENCY_BUDGET") == "1"


def _latency_data():
    namespace: dict = {}
    exec(LATENCY_SOURCE.rsplit("explorer = ", 1)[0], namespace)
    return namespace["y"], namespace["scores"]


# ---------------------------------------------------------------------------------------------- notebook 03
def _notebook_data(path: Path):
    namespace: dict = {}
    for cell in nbformat.read(path, as_version=4).cells:
        if "setup" in cell.metadata.get("tags", []):
            exec(compile(cell.source, str(path), "exec"), namespace)
    return namespace["y_test"], namespace["scores"]


def _expected(y, s, threshold: float) -> dict:
    predicted = s >= threshold
    tp, fp = int((predicted & (y == 1)).sum()), int((predicted & (y == 0)).sum())
    fn, tn = int((y == 1).sum()) - tp, int((y == 0).sum()) - fp
    return {"threshold": repr(float(threshold)), "TP": tp, "FP": fp, "FN": fn, "TN": tn,
            "precision": f"{tp / (tp + fp):.4f}" if tp + fp else "undefined", "recall": f"{tp / (tp + fn):.4f}"}


_SHOWN_JS = """() => {
  const r = document.querySelector('.iso4213-readout');
  const cell = c => parseInt(r.querySelector(`[data-cell=${c}]`).innerText.split(' ').pop().replace(/,/g, ''));
  return {model: r.querySelector('b').innerText, threshold: r.querySelector('[data-value=threshold]').dataset.exact,
          precision: r.querySelector('[data-measure=precision]').innerText,
          recall: r.querySelector('[data-measure=recall]').innerText,
          TP: cell('TP'), FP: cell('FP'), FN: cell('FN'), TN: cell('TN')};
}"""


def _shown(page) -> dict:
    return page.evaluate(_SHOWN_JS)


def _settle_on(page, threshold: str, model: str | None = None, redraw: bool = True) -> dict:
    """Wait for the read-out at ``threshold`` (and ``model``), for the image redrawn after it (``redraw``),
    and for both to stay put, then read what the page shows."""
    page.evaluate(_WATCH_JS)
    page.wait_for_function(
        "([t, m]) => { const r = document.querySelector('.iso4213-readout');"
        " return r && r.querySelector('[data-value=threshold]').dataset.exact === t"
        " && (m === null || r.querySelector('b').innerText === m); }", arg=[threshold, model], timeout=TIMEOUT_MS)
    if redraw:
        page.wait_for_function(
            "t => { const w = window.__watch; const hits = w.readouts.filter(r => r[1] === t);"
            " return hits.length && w.images.some(i => i >= hits[hits.length - 1][0]); }",
            arg=threshold, timeout=TIMEOUT_MS)
    _wait_quiet(page)
    return _shown(page)


_WATCH_JS = """() => {
  if (window.__watch) return;
  const w = window.__watch = {keys: [], readouts: [], images: []};
  document.addEventListener('keydown', () => w.keys.push(performance.now()), true);
  document.addEventListener('keyup', () => {}, true);
  new MutationObserver(() => {
    const r = document.querySelector('.iso4213-readout');
    if (r && r.innerHTML !== w.lastReadout) {
      w.lastReadout = r.innerHTML;
      w.readouts.push([performance.now(), r.querySelector('[data-value=threshold]').dataset.exact]);
    }
    const img = document.querySelector('img.widget-image');
    if (img && img.src !== w.lastImage) { w.lastImage = img.src; w.images.push(performance.now()); }
  }).observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
}"""


def _wait_quiet(page, quiet_ms: int = 400) -> None:
    """Wait until neither the read-out nor the image has changed for ``quiet_ms`` (the kernel has answered)."""
    page.evaluate(_WATCH_JS)
    page.wait_for_function(
        "q => { const w = window.__watch; const last = Math.max(0, ...w.readouts.map(r => r[0]), ...w.images);"
        " return performance.now() - last > q; }", arg=quiet_ms, timeout=TIMEOUT_MS, polling=100)


def test_notebook_03_keeps_a_typed_threshold_exactly_and_fits_the_screen(voila, browser):
    path = NOTEBOOKS / "03_threshold_explorer.ipynb"
    y, scores = _notebook_data(path)
    with notebook_page(browser, voila, path) as session:
        page = session.page
        # The notebook's last cells set threshold 0.3 and prevalence 0.05: the page ends in that state.
        shown = _settle_on(page, "0.3", redraw=False)
        assert shown == {"model": "logistic regression", **_expected(y, scores["logistic regression"], 0.3)}
        assert page.locator(".iso4213-readout [data-measure=precision_at_prevalence]").count() == 1
        assert "At prevalence 0.05 " in page.locator(".iso4213-readout").inner_text()

        # The image keeps its aspect ratio and the whole explorer fits the screen.
        box = page.evaluate("""() => {
          const img = document.querySelector('img.widget-image');
          const w = document.querySelector('.iso4213-explorer-widget').getBoundingClientRect();
          return {ratio: (img.clientWidth / img.clientHeight) / (img.naturalWidth / img.naturalHeight),
                  width: w.width, height: w.height, page: document.documentElement.scrollWidth};
        }""")
        assert box["ratio"] == pytest.approx(1, abs=0.01)
        assert box["width"] <= SCREEN["width"] and box["height"] <= SCREEN["height"], box
        assert box["page"] <= SCREEN["width"], "the page scrolls sideways"

        # The exercise: naive Bayes, 0.5 typed in the box.  Kept exactly; the read-out is numpy's at 0.5.
        page.locator(".iso4213-explorer-widget select").first.select_option("naive Bayes")
        shown = _settle_on(page, "0.3", "naive Bayes")
        assert shown == {"model": "naive Bayes", **_expected(y, scores["naive Bayes"], 0.3)}
        threshold_box = page.locator(".iso4213-explorer-widget .widget-text input").first
        for typed in ("0.45", "0.5"):
            threshold_box.fill(typed)
            threshold_box.press("Enter")
            shown = _settle_on(page, typed, "naive Bayes")
            assert shown == {"model": "naive Bayes", **_expected(y, scores["naive Bayes"], float(typed))}
            assert threshold_box.input_value() == typed
        session.clean()


# ---------------------------------------------------------------------------------------------- latency, 1M scores
def _press(page, key: str, times: int = 1) -> None:
    handle = page.locator(".iso4213-explorer-widget .widget-slider .noUi-handle").first
    handle.focus()
    for _ in range(times):
        handle.press(key)


def test_latency_at_a_million_scores_and_a_burst_of_keys(voila, browser):
    y, scores = _latency_data()
    with learner(browser, f"{voila}latency/explorer_1m.ipynb") as session:
        session.start()
        session.settle(0, 1)
        page = session.page
        _settle_on(page, "0.5", redraw=False)
        readout_ms, image_ms = [], []
        for i in range(8):
            key, expected = ("ArrowRight", "0.502") if i % 2 == 0 else ("ArrowLeft", "0.5")
            page.evaluate("() => { const w = window.__watch; w.keys = []; w.readouts = []; w.images = []; }")
            _press(page, key)
            _settle_on(page, expected)
            watch = page.evaluate("() => window.__watch")
            assert len(watch["keys"]) == 1 and watch["readouts"] and watch["images"], watch
            readout_ms.append(watch["readouts"][0][0] - watch["keys"][0])
            image_ms.append(watch["images"][0] - watch["keys"][0])
        shown = _shown(page)
        assert shown["threshold"] == "0.5"
        assert {k: shown[k] for k in ("TP", "FP", "FN", "TN")} == {
            k: v for k, v in _expected(y, scores, 0.5).items() if k in ("TP", "FP", "FN", "TN")}

        # A burst: 20 key presses within a few milliseconds, as a held-down key or a fast typist sends them.
        page.evaluate("() => { const w = window.__watch; w.keys = []; w.readouts = []; w.images = []; }")
        page.evaluate("""() => {
          const handle = document.querySelector('.iso4213-explorer-widget .widget-slider .noUi-handle');
          handle.focus();
          for (let i = 0; i < 20; i++) {
            handle.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', keyCode: 39, bubbles: true}));
          }
        }""")
        burst = _settle_on(page, "0.54")
        watch = page.evaluate("() => window.__watch")
        assert len(watch["keys"]) == 20 and watch["keys"][-1] - watch["keys"][0] < 100, watch["keys"]
        burst_ms = max(watch["readouts"][-1][0], watch["images"][-1]) - watch["keys"][0]
        assert burst == {"model": "model", **_expected(y, scores, 0.54)}

        summary = (f"n = {LATENCY_N:,}: key to read-out median {statistics.median(readout_ms):.0f} ms "
                   f"(max {max(readout_ms):.0f}), key to image median {statistics.median(image_ms):.0f} ms "
                   f"(max {max(image_ms):.0f}), burst of 20 keys settled in {burst_ms:.0f} ms "
                   f"with {len(watch['images'])} redraws")
        print(f"\nlatency: {summary}")
        assert len(watch["images"]) < 20, summary  # a burst is coalesced, not redrawn key by key
        if CHECK_BUDGET:
            assert statistics.median(readout_ms) < READOUT_MS, summary
            assert statistics.median(image_ms) < IMAGE_MS, summary
            assert burst_ms < BURST_MS, summary
        session.clean()
