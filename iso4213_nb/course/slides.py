"""Slides of the course notebooks: nbconvert's reveal.js exporter, every file served from disk.

``bin/slides`` (``python -m iso4213_nb.course.slides``) writes one deck per notebook,
``<out>/<notebook>.slides.html``, an ``index.html`` listing them and, under ``<out>/assets/``, every script they load
(reveal.js 4, MathJax 2, require.js, jQuery, the widget renderer, Vega for the kernel-free explorer), copied from
the package's own copy of the npm packages (:mod:`iso4213_nb.report.vendored`), so that the decks open from disk
with no network.  The notebooks' stored outputs are shown as they are (nothing is executed).

Which cells become slides
-------------------------
* A notebook whose cells carry reveal.js metadata (``metadata.slideshow.slide_type``,
  set in JupyterLab's property inspector) is taken as its author marked it.
* Otherwise every markdown heading starts a new slide: a markdown cell is
  split at each heading line (outside fenced code), and the text before the
  first heading continues the slide before it.  Code cells and their outputs
  continue the current slide; a slide taller than the screen scrolls.
* Code cells tagged ``setup`` (imports, data loading) are left out, and the
  ``# NBVAL_...`` markers that steer the test suite are dropped from the code shown.

Each deck's first slide carries the notebook's section of the instructor's notes in the deck's language as speaker
notes (:mod:`iso4213_nb.course.speaker_notes`: ``notes.md``, or ``notes_ru.md`` for a Russian deck); press ``s`` in a
deck for the speaker view (reveal.js notes plugin).
"""

from __future__ import annotations

import argparse
import copy
import html
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

import jinja2
import nbformat

from ..core.errors import InputError
from ..report import vendored
from ..report.execute import ReportBuildError
from ..words.i18n import _, current_language, using
from . import speaker_notes
from .learner_copy import NOTEBOOKS

#: The file that marks a folder as written by this tool (a folder without it is never replaced).
MARKER = ".iso4213-nb-slides"
#: reveal.js's files of the deck (:mod:`iso4213_nb.report.vendored` ships them) and its licence.
REVEAL_FILES = vendored.REVEAL_FILES + ("LICENSE",)
REVEAL_PREFIX = "assets/reveal.js"
JQUERY_URL = "assets/jquery.min.js"
TEMPLATE_FILE = "iso4213_slides.html.j2"
#: Written by copy_assets: tells the widget renderer (and require.js, loaded next) where its font files are.
WIDGETS_PATH_URL = "assets/html-manager/assets-path.js"
#: nbconvert's reveal template without its Mermaid loader (a CDN import), with the widget renderer's path set
#: before require.js loads; Vega in the head when a deck shows an explorer.
TEMPLATE = ("{%- extends 'reveal/index.html.j2' -%}\n"
            "{%- block html_head_js -%}<script src=\"" + WIDGETS_PATH_URL + "\"></script>{{ super() }}"
            "{%- endblock html_head_js -%}\n"
            "{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}\n"
            "{%- block html_head_css -%}{{ super() }}\n"
            "<style>.reveal .jp-Cell pre { font-size: 0.75em !important; line-height: 1.35 !important; } "
            ".reveal .jp-OutputArea-output img { max-height: 62vh; width: auto; }</style>\n"
            "{%- if resources.iso4213_vega %}<script src=\"{{ resources.iso4213_vega }}\"></script>{% endif -%}\n"
            "{%- endblock html_head_css -%}\n")
_HEADING = re.compile(r"^ {0,3}#{1,6}(\s|$)")
_FENCE = re.compile(r"^ {0,3}(```|~~~)")
_TEST_MARKER = re.compile(r"^\s*# NBVAL_\w+\s*$")
_INLINE_SCRIPT = re.compile(r"<script>.*?</script>", re.S)
_JS_COMMENT_WITH_URL = re.compile(r"^[ \t]*//[^\n]*https?://[^\n]*\n", re.M)


def split_at_headings(source: str) -> list[str]:
    """The parts of a markdown text, each starting at a heading line (the first part may not); fences respected.

    Beyond TS 4213: reveal.js slides of the course notebooks.
    """
    parts, current, fenced = [], [], False
    for line in source.splitlines(keepends=True):
        if _FENCE.match(line):
            fenced = not fenced
        if not fenced and _HEADING.match(line) and "".join(current).strip():
            parts.append("".join(current))
            current = []
        current.append(line)
    if "".join(current).strip():
        parts.append("".join(current))
    return [part.strip("\n") for part in parts]


def _mark(cell, slide_type: str):
    cell.metadata["slideshow"] = {"slide_type": slide_type}
    return cell


def as_slides(nb: nbformat.NotebookNode, notes: str | None = None) -> nbformat.NotebookNode:
    """A copy of ``nb`` with reveal.js slide types by the rules of the module docstring; ``nb`` is not changed.

    ``notes`` (Markdown, e.g. the notebook's section of the instructor's notes) become the speaker notes of the
    first slide.

    Beyond TS 4213: reveal.js slides of the course notebooks.
    """
    nb = copy.deepcopy(nb)
    marked = any("slide_type" in cell.get("metadata", {}).get("slideshow", {}) for cell in nb.cells)
    cells = []
    for cell in nb.cells:
        if cell.cell_type == "code":
            if "setup" in cell.metadata.get("tags", []):
                continue
            cell.source = "\n".join(line for line in cell.source.splitlines() if not _TEST_MARKER.match(line))
            cells.append(cell if marked else _mark(cell, "-"))
        elif cell.cell_type == "markdown" and not marked:
            for i, part in enumerate(split_at_headings(cell.source)):
                piece = copy.deepcopy(cell)
                piece.source = part
                if "id" in piece:
                    piece.id = f"{cell.id}-{i}"
                cells.append(_mark(piece, "slide" if _HEADING.match(part) else "-"))
        else:
            cells.append(cell)
    if notes:
        first = next((i for i, c in enumerate(cells)
                      if c.metadata.get("slideshow", {}).get("slide_type") == "slide"), 0)
        cells.insert(first + 1, _mark(nbformat.v4.new_markdown_cell(notes), "notes"))
    nb.cells = cells
    return nb


def copy_slide_assets(folder: Path, *, vega: bool) -> None:
    """Copy reveal.js, jQuery and the report's assets (MathJax, require.js, widget renderer, Vega) into ``folder/assets``.

    Beyond TS 4213: reveal.js slides of the course notebooks.
    """
    from ..report.export import copy_assets, node_modules

    modules = node_modules()
    copy_assets(folder, widgets=True, vega=vega)
    for name in REVEAL_FILES:
        source, target = modules / "reveal.js" / name, folder / REVEAL_PREFIX / name
        target.parent.mkdir(parents=True, exist_ok=True)
        (shutil.copytree if source.is_dir() else shutil.copy2)(source, target)
    shutil.copy2(modules / "jquery" / vendored.JQUERY_FILE, folder / JQUERY_URL)


def _exporter():
    from nbconvert import SlidesExporter

    from ..report.export import MATHJAX_URL, REQUIRE_URL, WIDGETS_URL

    return SlidesExporter(template_file=TEMPLATE_FILE, extra_loaders=[jinja2.DictLoader({TEMPLATE_FILE: TEMPLATE})],
                          reveal_url_prefix=REVEAL_PREFIX, reveal_theme="white", reveal_scroll=True,
                          reveal_number="c/t", reveal_width="1280", reveal_height="720", exclude_input_prompt=True, exclude_output_prompt=True,
                          mathjax_url=MATHJAX_URL, require_js_url=REQUIRE_URL, jquery_url=JQUERY_URL,
                          widget_renderer_url=WIDGETS_URL)


def _strip_urls(page: str) -> str:
    """``page`` without the line comments of its inline scripts that cite web addresses (the template's reveal.js link)."""
    return _INLINE_SCRIPT.sub(lambda m: _JS_COMMENT_WITH_URL.sub("", m.group(0)), page)


def _index(decks: list[tuple[str, str]], lang: str) -> str:
    """The page listing the ``decks`` (file, title), in language ``lang``."""
    items = "".join(f'<li><a href="{html.escape(file)}">{html.escape(title)}</a></li>' for file, title in decks)
    with using(lang):
        title = html.escape(_("Course slides"))
        how = html.escape(_("One deck per notebook. Arrow keys move between slides, {s} opens the speaker view, {esc} "
                            "the overview.")).format(s="<kbd>s</kbd>", esc="<kbd>Esc</kbd>")
    return (f'<!DOCTYPE html>\n<html lang="{html.escape(lang)}"><head><meta charset="utf-8"><title>{title}</title>'
            f"</head><body><h1>{title}</h1><p>{how}</p><ol>{items}</ol></body></html>\n")


def _title(nb: nbformat.NotebookNode, fallback: str) -> str:
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return fallback


def _check_target(out: Path) -> None:
    if out.is_symlink() or (out.exists() and not out.is_dir()):
        raise InputError("slides.out_not_a_folder", out=str(out))
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise InputError("slides.out_not_ours", out=str(out), marker=MARKER)


def write_slides(notebooks, out, lang: str | None = None) -> Path:
    """Write the decks of ``notebooks`` (paths) into ``out``, replacing a previous ``out`` only when all succeeded.

    ``lang`` is the language of the speaker notes (None: the active language,
    :func:`iso4213_nb.words.i18n.current_language`).  Returns ``out``.  A folder ``out`` that this tool did not write
    (no marker file) is never touched.

    Beyond TS 4213: reveal.js slides of the course notebooks.
    """
    from ..report.export import VEGA_BUNDLE, shows_explorer, strip_css_urls

    out, lang = Path(out), lang or current_language()
    _check_target(out)
    paths = [Path(p) for p in notebooks]
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        raise InputError("slides.missing_notebook", path=missing[0])
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.partial-", dir=out.parent))
    tmp.chmod(0o755)
    try:
        exporter, decks, vega = _exporter(), [], False
        for path in paths:
            nb = nbformat.read(path, as_version=4)
            shows = shows_explorer(nb)
            vega = vega or shows
            body, _ = exporter.from_notebook_node(as_slides(nb, speaker_notes.for_notebook(path, lang)), resources={
                "metadata": {"name": path.stem}, "iso4213_vega": VEGA_BUNDLE if shows else ""})
            name = f"{path.stem}.slides.html"
            (tmp / name).write_text(_strip_urls(strip_css_urls(body)), encoding="utf-8")
            decks.append((name, _title(nb, path.stem)))
        copy_slide_assets(tmp, vega=vega)
        (tmp / "index.html").write_text(_index(decks, lang), encoding="utf-8")
        (tmp / MARKER).write_text("Written by bin/slides (iso4213_nb.course.slides); the whole folder is replaced on the next run.\n")
        if out.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
            os.rename(out, old / out.name)
            os.rename(tmp, out)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.rename(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return out


def main(argv=None) -> int:
    """``bin/slides [--out FOLDER] [NOTEBOOK ...]``: decks of the given notebooks (default: every course notebook).

    Beyond TS 4213: reveal.js slides of the course notebooks.
    """
    parser = argparse.ArgumentParser(prog="bin/slides", description=__doc__.split("\n\n")[0],
                                     epilog="Open <out>/index.html from disk; no network is needed.")
    parser.add_argument("notebooks", nargs="*", type=Path,
                        help="notebooks to convert (default: the course notebooks shipped with the package)")
    parser.add_argument("--out", type=Path, default=Path("out/slides"), help="output folder (default: out/slides)")
    args = parser.parse_args(argv)
    try:
        notebooks = args.notebooks or sorted(NOTEBOOKS.glob("*.ipynb"))
        if not notebooks:
            raise InputError("slides.no_notebooks", folder=str(NOTEBOOKS))
        out = write_slides(notebooks, args.out)
    except (InputError, ReportBuildError) as exc:
        print(f"bin/slides: error: {exc}", file=sys.stderr)
        return 2
    print(f"slides written to {out}/ (open {out / 'index.html'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
