"""The kernel-free explorer in a book built with the project's ``_config.yml``, opened offline in chromium.

A two-page book (as in ``test_book.py``) whose page displays an explorer; the
page must load Vega from the book's own files, draw the charts, and answer a
slider move with the package's numbers at the threshold shown, with every
non-file request blocked.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import numpy as np
import pytest
import yaml

from iso4213_nb import measures
from iso4213_nb.curves import BinaryScores
from iso4213_nb.report.export import VEGA_BUNDLE, copy_assets
from iso4213_nb.undefined import Undefined

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
JUPYTER_BOOK = Path(sys.executable).parent / "jupyter-book"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
#: The book theme (pydata-sphinx-theme) logs this as an error on a first visit, when no theme mode is stored yet;
#: it is the theme's, not the explorer's, and the theme then picks its default.
THEME_NOTICE = "Got invalid theme mode: . Resetting to auto."
MEASURES = {"recall": measures.recall, "precision": measures.precision, "specificity": measures.specificity,
            "f1": measures.f1, "accuracy": measures.binary_accuracy}
SOURCE = """import numpy as np
from IPython.display import HTML
from iso4213_nb.curves import BinaryScores
from iso4213_nb.figures.vega_explorer import explorers_html
rng = np.random.default_rng(3)
y = rng.integers(0, 2, 300)
s = np.round(rng.random(300) * 0.6 + 0.4 * y, 3)
HTML(explorers_html({"tiny model": BinaryScores(y, s)}, start=0.5))"""


def _expected_scores():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 300)
    return BinaryScores(y, np.round(rng.random(300) * 0.6 + 0.4 * y, 3))


def test_config_loads_the_vega_bundle_from_the_books_files():
    config = yaml.safe_load((BOOK / "_config.yml").read_text())["sphinx"]["config"]
    assert config["html_js_files"] == [VEGA_BUNDLE] and "://" not in VEGA_BUNDLE


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.skipif(not os.access(CHROMIUM, os.X_OK), reason=f"{CHROMIUM} is not installed")
def test_small_book_explorer_runs_offline(tmp_path):
    from playwright.sync_api import sync_playwright

    (tmp_path / "_config.yml").write_text((BOOK / "_config.yml").read_text())
    (tmp_path / "_toc.yml").write_text("format: jb-book\nroot: intro\nchapters:\n  - file: page\n")
    (tmp_path / "intro.md").write_text("# Intro\n\nA two-page book.\n")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# Page"), nbformat.v4.new_code_cell(SOURCE)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, tmp_path / "page.ipynb")
    copy_assets(tmp_path / "_offline", widgets=True)
    shutil.copytree(BOOK / "_ext", tmp_path / "_ext")
    done = subprocess.run([str(JUPYTER_BOOK), "build", str(tmp_path), "--builder", "html", "--warningiserror",
                           "--keep-going"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    page_path = tmp_path / "_build" / "html" / "page.html"
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
