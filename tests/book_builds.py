"""Small books built with the project's ``_config.yml`` and extensions, in a temporary folder.

A Jupyter Book build starts Sphinx and a kernel per notebook page, so the book
tests share one build (:func:`shared_book`, built once per test run as the
reports are in ``report_builds.py``) of an intro and these pages: a page with
widgets (a slider and a button with a Font Awesome icon), a page with the
kernel-free explorer, a Russian page with both explorers (the widget's and the
kernel-free one), a page whose output reaches the kernel in pieces, an API
page of one module, and the generated *Measures by name* reference page
(beside a stand-in for the glossary notebook it links to).
Only a book that must fail is built on its own (:func:`small_book`).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
from report_builds import built_once

from iso4213_nb.report.export import copy_assets

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
JUPYTER_BOOK = Path(sys.executable).parent / "jupyter-book"

#: The widget page: a slider and a button whose icon comes from the widget renderer's font files.
WIDGETS = "import ipywidgets as w\nw.VBox([w.IntSlider(value=3), w.Button(description='Save', icon='save')])"
#: The explorer page: 300 scores of a made-up model, the explorer starting at threshold 0.5.
EXPLORER = """import numpy as np
from IPython.display import HTML
from iso4213_nb.measures.curves import BinaryScores
from iso4213_nb.figures.vega_explorer import explorers_html
rng = np.random.default_rng(3)
y = rng.integers(0, 2, 300)
s = np.round(rng.random(300) * 0.6 + 0.4 * y, 3)
HTML(explorers_html({"tiny model": BinaryScores(y, s)}, start=0.5))"""
#: The Russian explorer page, as notebook 03 in Russian shows it: the widget explorer (saved, with its figure) and
#: the kernel-free explorer, over full-precision scores (16 or 17 digits each).
RUSSIAN = """from iso4213_nb.words.i18n import set_language
set_language("ru")
import numpy as np
from IPython.display import HTML, display
from iso4213_nb.measures.curves import BinaryScores
from iso4213_nb.figures.vega_explorer import explorers_html
from iso4213_nb.widgets import ThresholdExplorer
rng = np.random.default_rng(3)
y = rng.integers(0, 2, 300)
s = rng.random(300) * 0.6 + 0.4 * y
display(ThresholdExplorer(y, {"модель": s}, threshold=0.5).widget)
HTML(explorers_html({"модель": BinaryScores(y, s)}, start=0.5))"""
#: The streams page: a shell cell whose output reaches the kernel in two pieces, cut inside a word.
STREAMS = "%%bash\nprintf 'y_true,naive_ba'; sleep 0.5; printf 'yes_score\\n0,0.5\\n'"


#: An API page of one module whose constants include a table of modules (their repr names the build machine's files).
API_SAMPLE = "# API sample\n\n```{eval-rst}\n.. automodule:: iso4213_nb.report.build\n   :members:\n```\n"


def _notebook(folder: Path, name: str, source: str) -> None:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(f"# {name.title()}"),
                                         nbformat.v4.new_code_cell(source)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, folder / f"{name}.ipynb")


def build_book(folder: Path, notebooks: dict[str, str], reference: bool = False) -> subprocess.CompletedProcess:
    """Write a book into ``folder`` (intro, one notebook page per ``notebooks`` entry name → code, and the
    measures reference page if ``reference``) and build it as ``bin/book`` does; returns the finished build."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "_config.yml").write_text((BOOK / "_config.yml").read_text())
    pages = list(notebooks)
    if reference:  # with a one-line stand-in for the glossary notebook the page links to
        (folder / "reference").mkdir()
        shutil.copy(BOOK / "reference" / "measures.md", folder / "reference" / "measures.md")
        (folder / "notebooks").mkdir()
        (folder / "notebooks" / "11_glossary.md").write_text("# Glossary\n")
        pages += ["reference/measures", "notebooks/11_glossary"]
        (folder / "reference" / "api_sample.md").write_text(API_SAMPLE)
        pages.append("reference/api_sample")
    (folder / "_toc.yml").write_text("format: jb-book\nroot: intro\nchapters:\n"
                                     + "".join(f"  - file: {page}\n" for page in pages))
    (folder / "intro.md").write_text("# Intro\n\nA small book.\n")
    for name, source in notebooks.items():
        _notebook(folder, name, source)
    copy_assets(folder / "_offline", widgets=True)
    shutil.copytree(BOOK / "_ext", folder / "_ext")
    shutil.copytree(BOOK / "_css", folder / "_css")
    return subprocess.run([str(JUPYTER_BOOK), "build", str(folder), "--builder", "html", "--warningiserror",
                           "--keep-going"], capture_output=True, text=True, timeout=600)


def shared_book() -> Path:
    """The HTML folder of the shared book, built by the first caller of this test run; fails if the build did."""
    def build(folder: Path) -> Path:
        done = build_book(folder, {"widgets": WIDGETS, "explorer": EXPLORER, "russian": RUSSIAN, "streams": STREAMS},
                          reference=True)
        (folder / "build.log").write_text(f"{done.returncode}\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
        return folder
    folder = built_once("book", build)
    status, log = (folder / "build.log").read_text().split("\n", 1)
    assert status == "0", f"the small book did not build: {log}"
    return folder / "_build" / "html"
