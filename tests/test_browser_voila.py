"""A real browser: Voilà serves notebook 03, Debian's chromium moves the threshold, the page shows the right numbers.

The expected counts are computed here with numpy from the notebook's own
scores (its cells tagged ``setup`` are run in this process), not read from
the widget's Python state.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nbformat
import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "03_threshold_explorer.ipynb"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
TIMEOUT_MS = 90_000


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _notebook_scores():
    """``(y_test, scores)`` of notebook 03, from its cells tagged ``setup``."""
    namespace: dict = {}
    for cell in nbformat.read(NOTEBOOK, as_version=4).cells:
        if "setup" in cell.metadata.get("tags", []):
            exec(compile(cell.source, str(NOTEBOOK), "exec"), namespace)
    return namespace["y_test"], namespace["scores"]


@pytest.fixture
def voila_url(tmp_path):
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed at /usr/bin/chromium (apt-get install -y chromium)")
    port = _free_port()
    log = open(tmp_path / "voila.log", "w")
    env = dict(os.environ, MPLBACKEND="Agg")
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "voila"), str(NOTEBOOK), "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    log.flush()
                    pytest.fail(f"voila did not start: {(tmp_path / 'voila.log').read_text()[-2000:]}")
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}/"
    finally:
        os.killpg(server.pid, signal.SIGTERM)  # the server and the kernel it started, nothing else
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        log.close()


def _shown(page) -> dict:
    readout = page.locator(".iso4213-readout")
    shown = {"model": readout.locator("b").first.inner_text(),
             "threshold": readout.locator("[data-value=threshold]").get_attribute("data-exact"),
             "precision": readout.locator("[data-measure=precision]").inner_text(),
             "recall": readout.locator("[data-measure=recall]").inner_text()}
    for cell in ("TP", "FP", "FN", "TN"):
        shown[cell] = int(readout.locator(f"[data-cell={cell}]").inner_text().split()[-1].replace(",", ""))
    return shown


def _expected(y, s, threshold: float) -> dict:
    predicted = s >= threshold
    tp, fp = int((predicted & (y == 1)).sum()), int((predicted & (y == 0)).sum())
    fn, tn = int((y == 1).sum()) - tp, int((y == 0).sum()) - fp
    return {"TP": tp, "FP": fp, "FN": fn, "TN": tn,
            "precision": f"{tp / (tp + fp):.4f}" if tp + fp else "undefined", "recall": f"{tp / (tp + fn):.4f}"}


def _wait_for_threshold_change(page, old: str) -> None:
    page.wait_for_function(
        "old => { const e = document.querySelector('.iso4213-readout [data-value=threshold]');"
        " return e && e.dataset.exact !== old; }", arg=old, timeout=TIMEOUT_MS)


def _wait_for_image_change(page, old: str) -> None:
    page.wait_for_function(
        "old => { const e = document.querySelector('.widget-image'); return e && e.src !== old; }",
        arg=old, timeout=TIMEOUT_MS)


def test_slider_and_box_move_the_displayed_matrix_measures_and_figure(voila_url):
    from playwright.sync_api import sync_playwright

    with ThreadPoolExecutor(max_workers=1) as pool, sync_playwright() as playwright:
        notebook_scores = pool.submit(_notebook_scores)  # while Voilà runs the notebook
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.goto(voila_url, timeout=TIMEOUT_MS)
            page.locator(".iso4213-readout").wait_for(timeout=TIMEOUT_MS)
            y, scores = notebook_scores.result()
            before = _shown(page)
            model_scores = scores[before["model"]]
            assert {k: before[k] for k in ("TP", "FP", "FN", "TN")} == {
                k: v for k, v in _expected(y, model_scores, float(before["threshold"])).items() if k.isupper()}
            image = page.locator(".widget-image").first.get_attribute("src")

            handle = page.locator(".widget-slider .noUi-handle").first  # the threshold slider comes first
            handle.focus()
            for _ in range(10):
                handle.press("ArrowRight")
            _wait_for_threshold_change(page, before["threshold"])
            _wait_for_image_change(page, image)
            page.wait_for_timeout(500)  # let the last of the key presses arrive
            moved = _shown(page)
            assert float(moved["threshold"]) > float(before["threshold"])
            expected = _expected(y, model_scores, float(moved["threshold"]))
            assert {k: moved[k] for k in expected} == expected
            assert moved["TP"] + moved["FP"] < before["TP"] + before["FP"]  # a higher threshold, fewer positives

            box = page.locator(".widget-text", has_text="exact").locator("input").first
            box.fill("0.45")
            box.press("Enter")
            _wait_for_threshold_change(page, moved["threshold"])
            typed = _shown(page)
            assert float(typed["threshold"]) == 0.45
            assert {k: typed[k] for k in expected} == _expected(y, model_scores, 0.45)
        finally:
            browser.close()
