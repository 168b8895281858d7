"""A book page opened from disk, as a reader does, with every request off the machine blocked.

The book the book tests share (``book_builds.shared_book``), built with the
project's configuration and extensions, holds a page with widgets, one of them
a button with a Font Awesome icon.  Opened in Debian's chromium from ``file://``: no request
may leave the machine, no file may be missing (the widget renderer's fonts),
and the page must say that its widgets need a kernel.
"""

from __future__ import annotations

import time
from pathlib import Path
from urllib.parse import urlparse

import pytest
from book_builds import shared_book

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def test_a_widget_page_opens_from_disk_complete_and_says_it_needs_a_kernel():
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed at /usr/bin/chromium (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    html = shared_book()
    offsite, missing, pending = [], [], set()

    def route(request_route):
        if urlparse(request_route.request.url).scheme in ("file", "data", "blob"):
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
            page.on("request", lambda request: pending.add(request))
            page.on("requestfinished", lambda request: pending.discard(request))
            page.on("requestfailed", lambda request: (missing.append(request.url), pending.discard(request)))
            page.goto((html / "widgets.html").as_uri())
            page.locator(".widget-button").wait_for()
            # Settled: the icon's fonts are laid out and loaded, and every request has finished or failed.
            # (Not playwright's "networkidle": with a route on file:// pages it sometimes never comes.)
            page.evaluate("() => document.fonts.ready.then(() => document.fonts.status)")
            deadline = time.monotonic() + 120  # a loaded CI machine can take over 30 s
            while pending and time.monotonic() < deadline:
                page.wait_for_timeout(100)
            assert not pending, f"requests still open: {[r.url for r in pending]}"
            note = page.locator(".iso4213-needs-kernel")
            assert note.count() == 1 and "needs a kernel" in note.inner_text()
            assert "notebooks/widgets.ipynb" in note.inner_text()
            assert page.locator(".fa-save, .fa-floppy-o, .fa-floppy-disk").count() == 1
            assert offsite == [], f"requests left the machine: {offsite}"
            assert [url for url in missing if not urlparse(url).scheme in ("data", "blob")] == []
            intro = context.new_page()
            intro.goto((html / "intro.html").as_uri())
            assert intro.locator(".iso4213-needs-kernel").count() == 0  # a page without widgets says nothing
        finally:
            browser.close()


def test_measures_index_fits_the_column_and_widget_tables_keep_their_columns_apart():
    """At 1366 × 768 the *Measures by name* index was 1,157 pixels wide in a 757-pixel column: its function names
    were cut and its scrollbar sat 12,500 pixels down.  Widget tables ran their headers together."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed at /usr/bin/chromium (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    html = shared_book()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            page.goto((html / "reference" / "measures.html").as_uri(), wait_until="load")
            page.evaluate("() => document.fonts.ready")
            index = page.locator("table.table").last  # the index: measure, symbol, names, function
            assert "function" in index.locator("th").last.inner_text()
            box = index.evaluate("t => { const c = t.closest('.pst-scrollable-table-container') || t.parentElement;"
                                 " return {table: t.scrollWidth, column: c.clientWidth,"
                                 " cut: [...t.querySelectorAll('td:last-child code')]"
                                 ".filter(e => e.getBoundingClientRect().right > c.getBoundingClientRect().right + 1"
                                 " || e.scrollWidth > e.clientWidth + 1).length}; }")
            assert box["table"] <= box["column"] + 1 and box["cut"] == 0, box
            widgets_page = browser.new_page(viewport={"width": 1366, "height": 768})
            widgets_page.goto((html / "russian.html").as_uri(), wait_until="load")
            widgets_page.locator(".iso4213-readout table").first.wait_for()
            padding = widgets_page.evaluate("() => [...document.querySelectorAll('.widget-html-content th')]"
                                            ".map(th => parseFloat(getComputedStyle(th).paddingLeft)"
                                            " + parseFloat(getComputedStyle(th).paddingRight))")
            assert padding and min(padding) >= 8, padding  # at least 0.3 em a side at the widget's font size
        finally:
            browser.close()


def test_search_from_disk_shows_each_result_with_its_snippet():
    """Opened from disk, the book's search listed pages without snippets: Sphinx cuts them from each page it
    fetches, and chromium refuses fetch() on file:// (book/_ext/search_from_disk.py answers it from a script)."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed at /usr/bin/chromium (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    html = shared_book()
    assert (html / "_search" / "reference" / "measures.js").is_file()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.route("**/*", lambda r: r.continue_() if urlparse(r.request.url).scheme == "file" else r.abort())
            page.goto((html / "search.html").as_uri())
            box = page.locator("input[name=q]:visible").first
            box.fill("specificity")
            with page.expect_navigation():  # the search form reloads the page with ?q=specificity
                box.press("Enter")
            # Settled: the search has finished and every result without a description has its snippet.
            page.wait_for_function("""() => {
                const items = [...document.querySelectorAll('#search-results li')];
                return document.querySelector('#search-results .search-summary')?.textContent
                    && items.length > 0 && items.every(li => li.querySelector('p.context') || li.querySelector('span'));
            }""", timeout=30000)
            snippets = page.locator("#search-results li p.context").all_inner_texts()
            assert any("specificity" in snippet.lower() for snippet in snippets), snippets
            measures = page.locator("#search-results li", has=page.locator("a[href*='measures']")).first
            assert "specificity" in measures.locator("p.context").inner_text().lower()
            assert errors == []
        finally:
            browser.close()
