"""``bin/book``'s build steps: the notebooks run on every core before the build, which must reuse them; the theme's mode.

The full book is not built here (``bin/book`` does that; its timings are in
``book/README.md``).  ``book/_ext/execute_parallel.py`` must find every notebook
of the table of contents, and what it caches must be what myst-nb looks up when
the build reads the page, or the build would execute every notebook a second
time.
"""

import importlib.util
import shutil
from pathlib import Path

import nbformat
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"


def _execute_parallel():
    spec = importlib.util.spec_from_file_location("execute_parallel", BOOK / "_ext" / "execute_parallel.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_parallel_step_runs_every_notebook_of_the_book_once():
    found = [path.relative_to(BOOK).with_suffix("").as_posix() for path in _execute_parallel().toc_notebooks(BOOK)]
    on_disk = {f"howto/{p.stem}" for p in (BOOK / "howto").glob("*.ipynb")}
    on_disk |= {f"notebooks/{p.stem}" for p in (ROOT / "notebooks").glob("*.ipynb")}
    on_disk |= {f"notebooks/ru/{p.stem}" for p in (ROOT / "notebooks" / "ru").glob("*.ipynb")}
    assert len(found) == len(set(found)) and set(found) == on_disk
    assert "python book/_ext/execute_parallel.py book" in (ROOT / "bin" / "book").read_text()


@pytest.mark.slow
def test_what_the_parallel_step_caches_is_what_the_build_looks_up(tmp_path):
    from jupyter_cache import get_cache
    from myst_nb.core.read import standard_nb_read  # how myst-nb reads an .ipynb page before its cache lookup

    shutil.copy(BOOK / "_config.yml", tmp_path / "_config.yml")
    (tmp_path / "_toc.yml").write_text("format: jb-book\nroot: intro\nchapters:\n  - file: page\n  - file: broken\n")
    (tmp_path / "intro.md").write_text("# Intro\n")
    for name, source in (("page", "print(6 * 7)"), ("broken", "raise RuntimeError('broken')")):
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nbformat.write(nb, tmp_path / f"{name}.ipynb")
    outcomes = _execute_parallel().execute(tmp_path)
    assert outcomes == {str(tmp_path / "page.ipynb"): "executed", str(tmp_path / "broken.ipynb"): "raised an error"}
    cache = get_cache(str(tmp_path / "_build" / ".jupyter_cache"))
    page = standard_nb_read((tmp_path / "page.ipynb").read_text())
    _, merged = cache.merge_match_into_notebook(page)
    assert merged.cells[0].outputs[0]["text"] == "42\n"
    with pytest.raises(KeyError):  # not cached: the build runs it again and reports the error
        cache.match_cache_notebook(standard_nb_read((tmp_path / "broken.ipynb").read_text()))


def test_the_theme_gets_a_colour_mode_it_accepts():
    """pydata-sphinx-theme reads ``default_mode`` from html_context; anything but these logs an error in the browser."""
    config = yaml.safe_load((BOOK / "_config.yml").read_text())["sphinx"]["config"]
    assert config["html_context"]["default_mode"] in ("auto", "light", "dark")
