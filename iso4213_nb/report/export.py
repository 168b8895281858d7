"""Exporting the executed report notebook to HTML and PDF with no network.

HTML: nbconvert's ``lab`` template without code cells, plots embedded as base64 PNG.  MathJax, require.js, the
widget renderer and (for a kernel-free threshold explorer, :mod:`iso4213_nb.figures.vega_explorer`) Vega load
from ``assets/`` beside the HTML, copied from the npm packages installed at set-up, not from CDNs.  The
template's Mermaid loader (a CDN import) is left out, and the comments of the theme's style sheets that cite
web pages are dropped, so the page contains no external URL at all except in the user's own text.

PDF: a Chromium-family browser (:func:`find_browser`) prints that HTML headless (``--print-to-pdf``), with
background networking off.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import jinja2
import nbformat
from nbconvert import HTMLExporter

from ..core.errors import InputError
from .execute import ReportBuildError
from .render_summary import fill_contents
from .vendored import MATHJAX_FILES, VEGA_FILES, VENDOR, WIDGET_FILES, copy_path

#: The environment variable naming the browser that prints the PDF (``--browser`` wins over it).
BROWSER_VARIABLE = "ISO4213_NB_BROWSER"
#: Command names of Chromium, Google Chrome and Microsoft Edge on ``PATH``, in the order they are tried.
BROWSER_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "microsoft-edge",
                 "msedge", "chrome")
#: Where Linux packages put them (Debian, Ubuntu's snap, Google's and Microsoft's packages).
LINUX_PLACES = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/snap/bin/chromium", "/opt/google/chrome/chrome",
                "/opt/microsoft/msedge/msedge")
#: macOS: the folders of applications (the user's own is added) and each browser's program inside its bundle.
MACOS_APPLICATIONS = "/Applications"
MACOS_BUNDLES = ("Chromium.app/Contents/MacOS/Chromium", "Google Chrome.app/Contents/MacOS/Google Chrome",
                 "Microsoft Edge.app/Contents/MacOS/Microsoft Edge")
#: Windows: the folders of programs (environment variables, with their usual values) and each browser inside.
WINDOWS_FOLDERS = (("PROGRAMFILES", r"C:\Program Files"), ("PROGRAMFILES(X86)", r"C:\Program Files (x86)"),
                   ("LOCALAPPDATA", None))
WINDOWS_PROGRAMS = (r"Google\Chrome\Application\chrome.exe", r"Microsoft\Edge\Application\msedge.exe",
                    r"Chromium\Application\chrome.exe")
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run", "--no-pdf-header-footer",
                  "--virtual-time-budget=5000")

#: Vega, Vega-Lite and vega-embed (:data:`VEGA_FILES`, in load order), joined into one file.  The joined
#: file runs them inside a function whose ``define``, ``module`` and ``exports`` are undefined, so each
#: library sets its browser global (``vega``, ``vegaLite``, ``vegaEmbed``) even on a page where
#: require.js is loaded (the report and the book): require.js would take them for anonymous modules.
VEGA_BUNDLE = "assets/vega/vega-all.js"
_SOURCE_MAP = re.compile(r"^//# sourceMappingURL=.*$", re.M)

MATHJAX_URL = "assets/mathjax/MathJax.js?config=TeX-AMS_CHTML-full,Safe"
REQUIRE_URL = "assets/require.js"
WIDGETS_URL = "assets/html-manager/embed-amd.js"
#: For the book and the slides (loaded before require.js and the renderer): the renderer's fonts live beside
#: it, not beside the page (its default guess), so point both the renderer and require.js there.  The
#: renderer's modules named ``@jupyter-widgets/...`` take their font addresses from their require.js
#: path, hence the second entry (without it the icon fonts are looked up under the page's folder).
WIDGETS_PATH_JS = (
    '// Tell the Jupyter widget renderer that its files (fonts) sit next to this file, not next to the page.\n'
    '(function () {\n'
    '  var here = document.currentScript.src.replace(/[^/]*$/, "");\n'
    '  window.__jupyter_widgets_assets_path__ = here;\n'
    '  window.require = {paths: {"@jupyter-widgets/html-manager/dist": here.replace(/\\/$/, ""),\n'
    '                            "@jupyter-widgets": here.replace(/\\/$/, "")}};\n'
    '})();\n'
)

#: nbconvert's lab template minus its Mermaid loader, which imports Mermaid from a CDN (the report draws no diagrams).
TEMPLATE_FILE = "iso4213_report.html.j2"
#: With ``resources.iso4213_vega`` set (the notebook shows an explorer), the head loads the Vega bundle.
TEMPLATE = ("{%- extends 'lab/index.html.j2' -%}\n"
            "{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}\n"
            "{%- block html_head_js -%}{{ super() }}\n"
            "{%- if resources.iso4213_vega %}<script src=\"" + VEGA_BUNDLE + "\"></script>{% endif -%}\n"
            "{%- endblock html_head_js -%}\n")
#: The mark of an explorer in a notebook's HTML output.
EXPLORER_CLASS = 'class="iso4213-explorer'

_STYLE_BLOCK = re.compile(r"<style[^>]*>.*?</style>", re.S)
_CSS_COMMENT_WITH_URL = re.compile(r"/\*(?:(?!\*/).)*?https?://.*?\*/", re.S)


def node_modules() -> Path:
    """The folder of the npm packages: ``$ISO4213_NB_NODE_MODULES``, else the package's own copy.

    The copy (``iso4213_nb/report/vendor/``, see :mod:`iso4213_nb.report.vendored`) is
    filled by the build of the sdist and the wheel, and by ``bin/bootstrap`` in a
    checkout; nothing outside the installed package is read (clause 8).
    """
    configured = os.environ.get("ISO4213_NB_NODE_MODULES")
    folder = Path(configured) if configured else VENDOR
    if not (folder / "mathjax" / "MathJax.js").is_file():
        raise ReportBuildError(f"offline JavaScript not found in {folder}; in a checkout run bin/bootstrap "
                               "(npm ci, then python iso4213_nb/report/vendored.py), or set ISO4213_NB_NODE_MODULES "
                               "to a node_modules folder")
    return folder


def write_vega_bundle(target: Path) -> None:
    """Join Vega, Vega-Lite and vega-embed into ``target``, wrapped as :data:`VEGA_BUNDLE` explains (clause 8).

    The libraries' licence files are copied beside it (``LICENSE-vega`` ...).
    Source-map comments are dropped: the maps are not shipped.
    """
    modules = node_modules()
    parts = ["/* Vega, Vega-Lite and vega-embed for iso4213-nb, copied from node_modules: "
             + ", ".join(f"{name} {json.loads((modules / name / 'package.json').read_text())['version']}"
                         for name, _ in VEGA_FILES)
             + " (BSD-3-Clause, see LICENSE-*).  Run with define, module and exports undefined so that they set"
             " their browser globals even where require.js is loaded. */",
             "(function (define, module, exports) {"]
    for name, path in VEGA_FILES:
        parts.append(_SOURCE_MAP.sub("", (modules / name / path).read_text(encoding="utf-8")) + "\n;")
        copy_path(modules / name / "LICENSE", target.parent / f"LICENSE-{name}")
    parts.append("}).call(window);\n")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("\n".join(parts), encoding="utf-8")


def copy_assets(directory: Path, *, widgets: bool, vega: bool = True) -> None:
    """Copy MathJax and require.js (and the widget renderer when ``widgets``) into ``directory/assets`` (clause 8).

    With ``widgets``, ``assets/html-manager/assets-path.js`` is written too; the
    book's pages load it before the renderer so that the renderer finds its
    fonts.  With ``vega``, the Vega bundle of the kernel-free explorer is written
    to :data:`VEGA_BUNDLE`.  ``bin/book`` copies the same files for the book.
    """
    modules = node_modules()
    if vega:
        write_vega_bundle(directory / VEGA_BUNDLE)
    assets = directory / "assets"
    for name in MATHJAX_FILES:
        copy_path(modules / "mathjax" / name, assets / "mathjax" / name)
    copy_path(modules / "requirejs" / "require.js", assets / "require.js")
    if widgets:
        dist = modules / "@jupyter-widgets" / "html-manager" / "dist"
        for pattern in WIDGET_FILES:
            for source in dist.glob(pattern):
                copy_path(source, assets / "html-manager" / source.name)
        (assets / "html-manager" / "assets-path.js").write_text(WIDGETS_PATH_JS, encoding="utf-8")


def strip_css_urls(page: str) -> str:
    """``page`` without the comments of its style sheets that cite web addresses (nbconvert's theme CSS has some)
    (clause 8)."""
    return _STYLE_BLOCK.sub(lambda m: _CSS_COMMENT_WITH_URL.sub("", m.group(0)), page)


def shows_explorer(nb: nbformat.NotebookNode) -> bool:
    """Whether an output of ``nb`` holds a kernel-free explorer (then the page loads Vega) (clause 8)."""
    return any(EXPLORER_CLASS in str(output.get("data", {}).get("text/html", ""))
               for cell in nb.cells if cell.cell_type == "code" for output in cell.get("outputs", []))


def to_html(nb: nbformat.NotebookNode, directory: Path, title: str = "Assessment report", *,
            language: str = "en") -> Path:
    """Write ``directory/report.html`` (no code cells, local JavaScript) and its assets; returns the path (clause 8).

    ``language`` is the page's ``lang`` attribute (the report's language, :mod:`iso4213_nb.words.i18n`).
    """
    vega = shows_explorer(nb)
    exporter = HTMLExporter(template_name="lab", template_file=TEMPLATE_FILE,
                            extra_loaders=[jinja2.DictLoader({TEMPLATE_FILE: TEMPLATE})],
                            exclude_input=True, exclude_input_prompt=True, exclude_output_prompt=True,
                            mathjax_url=MATHJAX_URL, require_js_url=REQUIRE_URL, widget_renderer_url=WIDGETS_URL,
                            language_code=language)
    body, _ = exporter.from_notebook_node(nb, resources={"metadata": {"name": title}, "iso4213_vega": vega})
    body = fill_contents(strip_css_urls(body))
    copy_assets(directory, widgets="widgets" in nb.metadata, vega=vega)
    path = directory / "report.html"
    path.write_text(body, encoding="utf-8")
    return path


def usual_places(platform: str | None = None, environ=None, home: Path | None = None) -> list[Path]:
    """Where Chromium, Google Chrome or Microsoft Edge is usually installed on ``platform`` (``sys.platform``'s
    values; default this machine's), most common first; ``environ`` and ``home`` default to this machine's
    (clause 8: the PDF of the report)."""
    platform = sys.platform if platform is None else platform
    environ = os.environ if environ is None else environ
    home = Path.home() if home is None else home
    if platform == "darwin":
        return [Path(folder) / bundle for folder in (MACOS_APPLICATIONS, home / "Applications")
                for bundle in MACOS_BUNDLES]
    if platform in ("win32", "cygwin"):
        folders = [environ.get(name, usual) for name, usual in WINDOWS_FOLDERS]
        return [Path(folder) / Path(*program.split("\\")) for folder in dict.fromkeys(folders) if folder
                for program in WINDOWS_PROGRAMS]
    return [Path(place) for place in LINUX_PLACES]


def _runnable(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def find_browser(given: str | None = None) -> str | None:
    """The browser that prints the PDF: ``given`` (``--browser``), else ``$ISO4213_NB_BROWSER``, else the first of
    :data:`BROWSER_NAMES` on ``PATH``, else the first of :func:`usual_places` installed; None when there is none.

    A browser named by ``given`` or the variable that cannot be run is bad input (:class:`InputError`), not a
    reason to look elsewhere.  Clause 8: the PDF of the report.
    """
    for named, option in ((given, "--browser"), (os.environ.get(BROWSER_VARIABLE) or None, BROWSER_VARIABLE)):
        if named is not None:
            path = Path(shutil.which(named) or named).expanduser()
            if not _runnable(path):
                raise InputError("report.browser_not_runnable", option=option, path=named)
            return str(path)
    for name in BROWSER_NAMES:
        found = shutil.which(name)
        if found is not None:
            return found
    return next((str(place) for place in usual_places() if _runnable(place)), None)


def browser(given: str | None = None) -> str:
    """:func:`find_browser`, or :class:`ReportBuildError` when none is installed (clause 8: the PDF of the report)."""
    found = find_browser(given)
    if found is None:
        raise ReportBuildError(missing_browser_words())
    return found


def missing_browser_words() -> str:
    """One line, in the active language: the PDF needs Chromium, Chrome or Edge, and how to get or name one (clause 8)."""
    from ..words.i18n import _

    return _("no PDF: printing it needs Chromium, Google Chrome or Microsoft Edge, and none was found; install one "
             "(Debian and Ubuntu: apt-get install chromium; macOS: brew install --cask chromium; Windows: winget "
             "install Microsoft.Edge) or name it with --browser PATH or {variable}").format(variable=BROWSER_VARIABLE)


def browser_version(path: str) -> str | None:
    """``path --version`` (one line, as ``Chromium 120.0.6099.224``), or None when it cannot be asked (clause 8)."""
    try:
        done = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() or None


def pdf_tools(path: str | None) -> dict:
    """The manifest's record of the browser that printed the PDF, ``{"pdf_browser": {"path", "version"}}``, or
    ``{}`` when no PDF was printed (``path`` None) (clause 8; beyond TS 4213: SHA-256 manifest)."""
    return {} if path is None else {"pdf_browser": {"path": path, "version": browser_version(path)}}


def to_pdf(html_path: Path, timeout: float = 120, *, browser_path: str | None = None) -> Path:
    """Print ``html_path`` to a PDF beside it with ``browser_path`` headless (default :func:`browser`); returns the
    PDF path (clause 8)."""
    pdf = html_path.with_suffix(".pdf")
    command = [browser_path or browser(), *CHROMIUM_FLAGS, f"--print-to-pdf={pdf}", html_path.resolve().as_uri()]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise ReportBuildError(f"the browser did not finish printing the PDF within {timeout:g} s") from None
    if done.returncode != 0 or not pdf.is_file() or pdf.stat().st_size == 0:
        tail = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise ReportBuildError(f"the browser could not print the PDF (exit {done.returncode}): {tail}")
    return pdf
