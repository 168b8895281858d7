"""Keep the book's pages honest and on the machine.

* Jupyter Book 1 always loads sphinx-thebe, which adds an inline script naming
  thebe's CDN address (declared twice when Sphinx reads the sources in two
  passes, a page error) and its loader.  The book has no thebe launch button,
  so both are dropped from every page.
* A page whose notebook displays widgets gets a note at its top: the book
  shows each widget as it was when the book was built, and moving a slider or
  pressing a button there changes nothing, because the numbers come from
  Python and a static page has no kernel.  The note says how to get a live
  page (JupyterLab or Voilà on the same notebook).
* The widget renderer's stylesheet asks for its icon fonts relative to the
  page, under ``@jupyter-widgets/``, as well as beside the renderer; pages
  opened from disk then log missing files.  After the build the fonts are
  copied there, beside every page that shows widgets.
"""

import html
import shutil
from pathlib import Path

#: How a widget output appears in a page built by myst-nb.
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

KERNEL_NOTE = (
    '<div class="admonition note iso4213-needs-kernel" role="note">'
    '<p class="admonition-title">This page needs a kernel for its widgets</p>'
    "<p>The sliders, boxes and buttons below are shown as they were when the book was built. Here they do not "
    "respond: every number they show is computed by Python, and a page opened from disk has no Python behind "
    "it. To use them, open <code>notebooks/{name}.ipynb</code> in JupyterLab, or serve it with "
    "<code>.venv/bin/voila notebooks/{name}.ipynb</code> from the repository (see the README). The text, "
    "tables and figures of this page are complete without a kernel.</p></div>"
)


def _drop_thebe(app, pagename, templatename, context, doctree):
    scripts = context.get("script_files")
    if scripts is None:
        return
    context["script_files"] = [
        script for script in scripts
        if "sphinx-thebe" not in str(getattr(script, "filename", script) or "")
        and "THEBE_JS_URL" not in str(getattr(script, "attributes", {}).get("body", ""))
    ]


def needs_kernel(body: str) -> bool:
    """True when a page's HTML body holds a widget view (a widget needs a kernel to respond)."""
    return WIDGET_VIEW in body


def _note_kernel(app, pagename, templatename, context, doctree):
    body = context.get("body")
    if body and needs_kernel(body):
        name = html.escape(pagename.rsplit("/", 1)[-1])
        context["body"] = KERNEL_NOTE.format(name=name) + body


def _copy_widget_fonts(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    fonts = [f for pattern in ("*.woff2", "*.woff", "*.ttf", "*.eot", "*.svg")
             for f in (out / "_static" / "assets" / "html-manager").glob(pattern)]
    folders = {page.parent for page in out.rglob("*.html") if needs_kernel(page.read_text(encoding="utf-8"))}
    for folder in folders:
        target = folder / "@jupyter-widgets"
        target.mkdir(exist_ok=True)
        for font in fonts:
            shutil.copy2(font, target / font.name)


def setup(app):
    app.connect("html-page-context", _drop_thebe, priority=900)
    app.connect("html-page-context", _note_kernel, priority=900)
    app.connect("build-finished", _copy_widget_fonts)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
