"""The Jupyter Book: configuration that builds offline, and a small book built with the same configuration.

The notebooks themselves are executed by nbval in the suite, so the full book
is not built here (``bin/book`` does that).  Instead small books with the
project's ``_config.yml`` are built in a temporary folder (``book_builds.py``):
the book the book tests share, whose widget page must load the local widget
renderer (no CDN), and one with a failing notebook (the build must fail).
"""

import re
from pathlib import Path

import nbformat
import pytest
import yaml
from book_builds import build_book, shared_book

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"


def _config():
    return yaml.safe_load((BOOK / "_config.yml").read_text())


def _toc_files(entries):
    for entry in entries:
        if "file" in entry:
            yield entry["file"]
        yield from _toc_files(entry.get("chapters", []) + entry.get("sections", []) + entry.get("parts", []))


def test_config_executes_with_cache_and_stops_on_errors():
    execute = _config()["execute"]
    assert execute["execute_notebooks"] == "cache" and execute["allow_errors"] is False
    assert not execute.get("cache")  # a set path is relative to the working directory; unset it lands in book/_build
    assert "--warningiserror" in (ROOT / "bin" / "book").read_text()


def test_config_loads_javascript_from_local_files_only():
    sphinx = _config()["sphinx"]["config"]
    assert "_static" not in sphinx["html_static_path"] and not (BOOK / "_static").exists()
    for path in [*sphinx["nb_ipywidgets_js"], sphinx["mathjax_path"]]:
        assert "://" not in path and path.startswith("assets/")


def test_toc_lists_every_notebook_and_existing_pages():
    toc = yaml.safe_load((BOOK / "_toc.yml").read_text())
    listed = set(_toc_files(toc["parts"]))
    present = {f"notebooks/{p.stem}" for p in (ROOT / "notebooks").glob("*.ipynb")}
    present |= {f"notebooks/ru/{p.stem}" for p in (ROOT / "notebooks" / "ru").glob("*.ipynb")}  # the Russian part
    assert {f for f in listed if f.startswith("notebooks/")} == present
    for page in listed - present:  # how-to guides (notebooks), reference and explanation pages
        assert (BOOK / f"{page}.md").is_file() or (BOOK / f"{page}.ipynb").is_file(), page
    assert (BOOK / "notebooks").resolve() == (ROOT / "notebooks").resolve()
    assert (BOOK / f"{toc['root']}.md").is_file()


@pytest.mark.slow
def test_small_book_builds_with_local_widget_scripts():
    html = shared_book()
    page = (html / "widgets.html").read_text()
    assert "application/vnd.jupyter.widget-state+json" in page
    scripts = re.findall(r'<script[^>]*src="([^"]+)"', page)
    assert any(s.startswith("_static/assets/require.js") for s in scripts)
    assert any(s.startswith("_static/assets/html-manager/embed-amd.js") for s in scripts)
    assert not [s for s in scripts if "://" in s]
    inline = re.findall(r"<script[^>]*>(.*?)</script>", page, flags=re.S)
    assert not [body for body in inline if re.search(r"https?://", body)], "a script names an external address"
    assert (html / "_static" / "assets" / "html-manager" / "embed-amd.js").is_file()


@pytest.mark.slow
def test_small_book_fails_on_a_notebook_error(tmp_path):
    done = build_book(tmp_path, {"page": "raise RuntimeError('this notebook is broken')"})
    assert done.returncode != 0
    log = tmp_path / "_build" / "html" / "reports" / "page.err.log"
    assert "this notebook is broken" in log.read_text()


def test_every_howto_guide_is_in_the_book_and_run_by_nbval():
    """A guide shows commands as they run today: the book executes it and nbval re-runs it in the suite."""
    toc = yaml.safe_load((BOOK / "_toc.yml").read_text())
    listed = {f for f in _toc_files(toc["parts"]) if f.startswith("howto/")}
    guides = {f"howto/{p.stem}" for p in (BOOK / "howto").glob("*.ipynb")}
    pages = {f"howto/{p.stem}" for p in (BOOK / "howto").glob("*.md")}  # MyST pages: tests/test_book_howto.py runs them
    assert guides and listed == guides | pages
    runner = (ROOT / "tests" / "test_book_howto.py").read_text()
    assert all(f"{page.split('/')[1]}.md" in runner for page in pages)
    pytest_options = __import__("tomllib").loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]
    assert "book/howto" in pytest_options["ini_options"]["testpaths"]
    for path in (BOOK / "howto").glob("*.ipynb"):
        nb = nbformat.read(path, as_version=4)
        checked = [c for c in nb.cells if "nbval-check-output" in c.metadata.get("tags", [])]
        assert checked and all(c.outputs for c in checked), f"{path.name}: execute it (outputs are compared)"


def test_output_that_reaches_the_kernel_in_pieces_shows_in_one_box_as_written():
    """The pieces of a shell command's output (cut inside a word) read as one block, exactly as the terminal shows it."""
    page = (shared_book() / "streams.html").read_text(encoding="utf-8")
    outputs = re.findall(r'<div class="output stream highlight-myst-ansi notranslate"><div class="highlight"><pre>'
                         r'<span></span>(.*?)</pre>', page, flags=re.S)
    assert outputs == ["y_true,naive_bayes_score\n0,0.5\n"]
