"""An instructor's JupyterLab: open notebook 03, Run All, and the explorer ends in the state the cells set.

A copy of the notebook is opened (Lab saves what it opens); Lab's settings,
workspaces and runtime files go to a temporary folder.  The page runs at
1366 × 768 with every request not addressed to 127.0.0.1 blocked and
recorded.  Checked as an instructor sees it:

* opening the notebook does not mark it modified (its kernelspec is the
  installed kernel's);
* after Run All and once the kernel is idle and nothing has changed for a
  while, the explorer shows what the last cells set (threshold 0.3,
  prevalence 0.05), not a value the browser sent back after snapping it to a
  slider step;
* the kernel-free explorer answers the arrow keys (Lab's command mode takes
  them to move the cell selection unless the slider keeps them), and the
  numbers it shows are the package's at the position the keys reach.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from urllib.parse import urlparse

import pytest
from local_server import free_port, serving

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "03_threshold_explorer.ipynb"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
TIMEOUT_MS = 240_000


@pytest.fixture
def lab(tmp_path):
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed at /usr/bin/chromium (apt-get install -y chromium)")
    work = tmp_path / "work"
    work.mkdir()
    shutil.copy(NOTEBOOK, work / NOTEBOOK.name)
    env = {k: v for k, v in os.environ.items() if k != "MPLBACKEND"}
    env.update(JUPYTERLAB_SETTINGS_DIR=str(tmp_path / "settings"), JUPYTERLAB_WORKSPACES_DIR=str(tmp_path / "ws"),
               JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"), ISO4213_NB_HOME=str(tmp_path / "learner"))
    port = free_port()
    argv = [str(Path(sys.executable).parent / "jupyter"), "lab", "--no-browser", f"--port={port}",
            "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
            "--LabApp.expose_app_in_browser=True", "--allow-root", f"--ServerApp.root_dir={work}"]
    with serving(argv, port, cwd=work, env=env, log_path=tmp_path / "lab.log", name="jupyter lab", timeout=90):
        yield f"http://127.0.0.1:{port}/lab/tree/{NOTEBOOK.name}"


_PANEL = "window.jupyterapp && window.jupyterapp.shell.currentWidget"
_IDLE = (f"() => {{ const w = {_PANEL}; return w && w.sessionContext && w.sessionContext.session"
         " && w.sessionContext.session.kernel && w.sessionContext.session.kernel.status === 'idle'"
         " && w.context && w.context.isReady; }")


def test_run_all_in_lab_ends_in_the_state_the_cells_set(lab):
    from playwright.sync_api import sync_playwright

    offsite: list[str] = []

    def route(request_route):
        url = urlparse(request_route.request.url)
        if url.scheme in ("data", "blob") or url.hostname == "127.0.0.1":
            request_route.continue_()
        else:
            offsite.append(request_route.request.url)
            request_route.abort()

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1366, "height": 768})
            context.route("**/*", route)
            page = context.new_page()
            page.goto(lab, timeout=TIMEOUT_MS)
            page.wait_for_function(_IDLE, timeout=TIMEOUT_MS)
            page.wait_for_timeout(1000)
            assert page.evaluate(f"() => {_PANEL}.context.model.dirty") is False, "opening marked the notebook modified"

            page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
            page.wait_for_function(
                "() => { const r = document.querySelector('.iso4213-readout');"
                " return r && r.querySelector('[data-value=threshold]').dataset.exact === '0.3'"
                " && r.textContent.includes('At prevalence 0.05 '); }", timeout=TIMEOUT_MS)
            page.wait_for_function(_IDLE, timeout=TIMEOUT_MS)
            page.wait_for_timeout(3000)  # a value snapped and sent back by the browser would arrive by now
            readout = page.locator(".iso4213-readout").first
            assert readout.locator("[data-value=threshold]").get_attribute("data-exact") == "0.3"
            assert "At prevalence 0.05 " in readout.text_content()  # Lab may not lay out cells off screen
            boxes = page.locator(".iso4213-explorer-widget .widget-text input")
            assert [boxes.nth(i).input_value() for i in range(2)] == ["0.3", "0.05"]
            page.evaluate("() => document.querySelector('.iso4213-explorer-widget').scrollIntoView()")
            page.wait_for_function("() => { const i = document.querySelector('.iso4213-explorer-widget img');"
                                   " return i.complete && i.naturalWidth > 0 && i.clientHeight > 0; }", timeout=TIMEOUT_MS)
            image = page.evaluate("""() => { const i = document.querySelector('.iso4213-explorer-widget img');
                return (i.clientWidth / i.clientHeight) / (i.naturalWidth / i.naturalHeight); }""")
            assert image == pytest.approx(1, abs=0.01), "the explorer image is stretched"
            _keys_move_the_kernel_free_explorer(page)
            assert offsite == [], f"requests left the machine: {offsite}"
        finally:
            browser.close()


def _keys_move_the_kernel_free_explorer(page) -> None:
    """Focus the first kernel-free explorer's slider, press keys, and read what a person sees."""
    import json

    from iso4213_nb.measures.counts import BinaryCounts, precision, recall

    explorer = page.locator("div.iso4213-explorer").first
    explorer.scroll_into_view_if_needed()
    slider = explorer.locator('input[name="threshold"]')
    slider.click()
    start = int(slider.input_value())
    cell = page.evaluate(f"() => {_PANEL}.content.activeCellIndex")
    for key in ("ArrowRight", "ArrowUp", "ArrowRight", "ArrowDown"):
        slider.press(key)
    reached = start + 2
    data = json.loads(explorer.locator("script.iso4213-explorer-data").text_content())
    tp, fp = data["tp"][reached], data["fp"][reached]
    counts = BinaryCounts(tp=tp, fp=fp, fn=data["positives"] - tp, tn=data["negatives"] - fp)
    expected = {"tp": str(tp), "fp": str(fp), "recall": f"{float(recall(counts)):.4f}",
                "precision": f"{float(precision(counts)):.4f}"}
    # Settled: the slider at the position the keys reach and every number read already the package's there.
    page.wait_for_function("([e, v, cells]) => e.querySelector('input[name=threshold]').value === v"
                           " && Object.entries(cells).every(([k, x]) =>"
                           " e.querySelector(`[data-measure=\"${k}\"]`).textContent === x)",
                           arg=[explorer.element_handle(), str(reached), expected], timeout=TIMEOUT_MS)
    assert page.evaluate(f"() => {_PANEL}.content.activeCellIndex") == cell, "the arrow keys moved the cell selection"
    shown = {key: explorer.locator(f'[data-measure="{key}"]').text_content() for key in expected}
    assert shown == expected
