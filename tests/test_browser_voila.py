"""A learner's browser: Voilà serves the course, Debian's chromium at 1366 × 768 reads what a learner sees.

One Voilà server serves every notebook of the course (its tree mode) and one
generated notebook with a 1,000,000-score explorer for the latency budget.
Every page is opened with all traffic not addressed to 127.0.0.1 blocked and
recorded, and with console errors, page errors and failed responses recorded:
any of them fails the test.  Nothing is read before the page has settled:
Voilà has run every cell, every widget and figure is drawn, and after an
input the kernel's answer (the read-out at the new value) and the redrawn
image have arrived.

Expected numbers are computed here with numpy from the notebook's own data
(its cells tagged ``setup`` are run in this process), never read from the
widget's Python state.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlparse

import nbformat
import pytest
from local_server import free_port, serving

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
SCREEN = {"width": 1366, "height": 768}
TIMEOUT_MS = 180_000
#: Latency budget (issue 14), medians over single key presses at 1,000,000 scores.  Speed is measured,
#: not asserted, in the suite (the test workers share CI's two cores with the browser and the kernel);
#: ISO4213_LATENCY_BUDGET=1 turns the budget into assertions on an idle machine (benchmarks/README.md).
READOUT_MS, IMAGE_MS, BURST_MS = 50, 100, 1000
CHECK_BUDGET = os.environ.get("ISO4213_LATENCY_BUDGET") == "1"

LATENCY_N = 1_000_000
LATENCY_SOURCE = f"""\
import numpy as np
from iso4213_nb.widgets import ThresholdExplorer

rng = np.random.default_rng(4213)
y = (rng.random({LATENCY_N}) < 0.3).astype(int)
scores = 1 / (1 + np.exp(-rng.normal(1.5 * y - 0.75, 1.0)))
explorer = ThresholdExplorer(y, scores, threshold=0.5)
explorer"""


def _latency_data():
    namespace: dict = {}
    exec(LATENCY_SOURCE.rsplit("explorer = ", 1)[0], namespace)
    return namespace["y"], namespace["scores"]


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    """Base URL of one Voilà server over ``notebooks/`` and ``latency/explorer_1m.ipynb``."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed at /usr/bin/chromium (apt-get install -y chromium)")
    site = tmp_path_factory.mktemp("site")
    (site / "notebooks").symlink_to(NOTEBOOKS)
    (site / "latency").mkdir()
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(LATENCY_SOURCE)])
    notebook.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python",
                                       "name": "python3"}
    nbformat.write(notebook, site / "latency" / "explorer_1m.ipynb")
    port = free_port()
    # The kernels must draw as a learner's do: no MPLBACKEND from the test environment.
    env = {k: v for k, v in os.environ.items() if k != "MPLBACKEND"}
    env["ISO4213_NB_HOME"] = str(site / "learner")
    argv = [str(Path(sys.executable).parent / "voila"), str(site), "--no-browser", f"--port={port}",
            "--Voila.ip=127.0.0.1"]
    with serving(argv, port, cwd=ROOT, env=env, log_path=site / "voila.log", name="voila", timeout=60):
        yield f"http://127.0.0.1:{port}/voila/render/"


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


class Learner:
    """One page at 1366 × 768 with every off-machine request blocked and every error recorded."""

    def __init__(self, browser, url: str):
        self.url = url
        self.context = browser.new_context(viewport=SCREEN)
        self.offsite: list[str] = []
        self.errors: list[str] = []
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.on("console", lambda m: self.errors.append(f"console: {m.text}") if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        self.page.on("response", lambda r: self.errors.append(f"HTTP {r.status} {r.url}") if r.status >= 400 else None)

    def _route(self, route):
        url = urlparse(route.request.url)
        if url.scheme in ("data", "blob") or url.hostname == "127.0.0.1":
            route.continue_()
        else:
            self.offsite.append(route.request.url)
            route.abort()

    def start(self) -> None:
        self.page.goto(self.url, wait_until="commit", timeout=TIMEOUT_MS)

    def settle(self, figures: int = 0, widget_images: int = 0) -> None:
        """Wait until Voilà has run every cell and shows them, and every figure and widget image is drawn."""
        self.page.wait_for_function(
            "() => !document.getElementById('loading') && document.getElementById('rendered_cells')"
            " && document.getElementById('rendered_cells').style.display !== 'none'", timeout=TIMEOUT_MS)
        self.page.wait_for_function(
            "([figures, images]) => document.querySelectorAll('.jp-RenderedImage img').length >= figures"
            " && [...document.querySelectorAll('img.widget-image')].filter(i => i.complete && i.naturalWidth > 0)"
            ".length >= images", arg=[figures, widget_images], timeout=TIMEOUT_MS)

    def clean(self) -> None:
        assert self.offsite == [], f"requests left the machine: {self.offsite}"
        assert self.errors == [], f"errors in the page: {self.errors}"

    def close(self) -> None:
        self.context.close()


@contextmanager
def learner(browser, url: str):
    session = Learner(browser, url)
    try:
        yield session
    finally:
        session.close()


#: Numbers a page must still show once its widgets have been drawn and had time to answer: a value that a
#: slider snapped to its step and sent back to the kernel would change them (Annex D printed 0,9480 so).
SETTLED_NUMBERS = {"annex_d.ipynb": ("[data-measure=csmf_accuracy]", "0,9500")}


def _stored_figures(path: Path) -> tuple[int, int]:
    """(static images among the stored outputs, Image widgets in the stored widget state) of a notebook."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    static = sum(1 for cell in nb["cells"] for out in cell.get("outputs", [])
                 if {"image/png", "image/svg+xml", "image/jpeg"} & set(out.get("data", {})))
    state = nb["metadata"].get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    return static, sum(1 for model in state.values() if model["model_name"] == "ImageModel")


# ---------------------------------------------------------------------------------------------- every notebook
def test_every_notebook_shows_every_figure_with_no_network_and_no_error(voila, browser):
    """All notebooks, three pages at a time: each page shows as many figures as its stored outputs hold."""
    paths = sorted(NOTEBOOKS.glob("*.ipynb"))
    failures = []
    for start in range(0, len(paths), 3):
        batch = [(path, Learner(browser, f"{voila}notebooks/{path.name}")) for path in paths[start:start + 3]]
        try:
            for _, session in batch:
                session.start()
            for path, session in batch:
                static, images = _stored_figures(path)
                try:
                    session.settle(static, images)
                except Exception as exc:  # noqa: BLE001 (reported with the counts below)
                    failures.append(f"{path.name}: not settled ({type(exc).__name__})")
                shown = session.page.evaluate(
                    "() => [document.querySelectorAll('.jp-RenderedImage img').length,"
                    " document.querySelectorAll('img.widget-image').length,"
                    " document.querySelectorAll('.jp-OutputArea-output.jp-mod-error, .jp-RenderedText[data-mime-type="
                    "\"application/vnd.jupyter.stderr\"]').length]")
                if shown[:2] != [static, images]:
                    failures.append(f"{path.name}: {shown[0]} figures and {shown[1]} widget images shown, "
                                    f"{static} and {images} in the notebook's own outputs")
                if shown[2]:
                    failures.append(f"{path.name}: {shown[2]} error or stderr outputs")
                if path.name in SETTLED_NUMBERS:
                    selector, expected = SETTLED_NUMBERS[path.name]
                    session.page.wait_for_timeout(1500)
                    shown_number = session.page.locator(selector).first.inner_text()
                    if shown_number != expected:
                        failures.append(f"{path.name}: {selector} shows {shown_number}, the notebook says {expected}")
                if session.offsite or session.errors:
                    failures.append(f"{path.name}: off-machine requests {session.offsite}, errors {session.errors}")
                words = session.page.evaluate(
                    "() => [...document.querySelectorAll('.jp-RenderedMarkdown p, .jp-RenderedMarkdown li,"
                    " .widget-html-content, .jp-OutputArea-output pre')]"
                    ".filter(e => ['anywhere', 'break-all'].includes(getComputedStyle(e).overflowWrap)"
                    " || getComputedStyle(e).wordBreak === 'break-all').length")
                if words:
                    failures.append(f"{path.name}: {words} paragraphs or printed outputs may break inside words")
                wide = session.page.evaluate(
                    "() => [...document.querySelectorAll('.jp-OutputArea-output table, .jp-RenderedMarkdown table')]"
                    ".filter(t => t.getBoundingClientRect().right > document.documentElement.clientWidth + 1).length")
                if wide:
                    failures.append(f"{path.name}: {wide} tables wider than the page at 1366 px")
                scrolled = session.page.evaluate(
                    "() => [...document.querySelectorAll('.jp-OutputArea-output pre')]"
                    ".filter(p => p.scrollWidth > p.clientWidth + 1).length")
                if scrolled:
                    failures.append(f"{path.name}: {scrolled} printed outputs wider than the page at 1366 px")
        finally:
            for _, session in batch:
                session.close()
    assert failures == []


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
    with learner(browser, f"{voila}notebooks/{path.name}") as session:
        session.start()
        session.settle(*_stored_figures(path))
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
