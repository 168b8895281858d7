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
