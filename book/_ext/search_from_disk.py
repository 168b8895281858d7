"""Search results with snippets in the book opened from disk (beyond TS 4213: Sphinx's search page).

Sphinx's search page cuts each result's snippet from the page it fetches; browsers refuse ``fetch()`` on
``file://`` addresses, so a book opened from disk listed its results bare.  After the build this extension
writes, for every page, its main content (the ``[role="main"]`` element Sphinx reads, without scripts and
styles) as ``_search/<page>.js``, and every page loads ``_static/search_from_disk.js``, which answers the search
page's fetch of a page from that script when the book is opened from disk (see the script's header).  The
snippets are then the ones Sphinx shows on a served copy, cut from the same text.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from bs4 import BeautifulSoup

SCRIPT = "search_from_disk.js"
#: Folder of the output that holds one script per page.
FOLDER = "_search"


def main_content(page_html: str) -> str:
    """The ``[role="main"]`` element of a page as HTML, without scripts and styles (which Sphinx's snippet drops);
    an empty string for a page without one."""
    soup = BeautifulSoup(page_html, "html.parser")
    main = soup.select_one('[role="main"]')
    if main is None:
        return ""
    for element in main.select("script, style"):
        element.decompose()
    return str(main)


def page_script(page: str, content: str) -> str:
    """The script of one page: a call handing its name and main content to the search page."""
    return f"iso4213SearchPage({json.dumps(page)}, {json.dumps(content, ensure_ascii=False)});\n"


def _write_pages(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    for page in sorted(app.env.found_docs):
        path = out / f"{page}{app.builder.out_suffix}"
        if not path.is_file():
            continue
        target = out / FOLDER / f"{page}.js"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page_script(page, main_content(path.read_text(encoding="utf-8"))), encoding="utf-8")
    shutil.copyfile(Path(__file__).with_name(SCRIPT), out / "_static" / SCRIPT)


def setup(app):
    app.add_js_file(SCRIPT)
    app.connect("build-finished", _write_pages)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
