"""The exported report opened from disk in Debian's chromium with every non-file request blocked."""

import os

import pytest

from report_builds import demo_report, hostile_report

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.access(CHROMIUM, os.X_OK), reason=f"{CHROMIUM} is not installed"),
]


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        instance = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield instance
        instance.close()


def _open(browser, html_path):
    """Load the page offline; returns (page, problems) where problems lists errors, dialogs and blocked requests."""
    page = browser.new_page()
    problems = []

    def route(r):
        if r.request.url.startswith("file://"):
            r.continue_()
        else:
            problems.append(f"blocked request {r.request.url}")
            r.abort()

    def dialog(d):
        problems.append(f"dialog {d.message}")
        d.dismiss()

    page.route("**/*", route)
    page.on("pageerror", lambda e: problems.append(f"page error {e}"))
    page.on("console", lambda m: m.type == "error" and problems.append(f"console error {m.text}"))
    page.on("requestfailed", lambda r: problems.append(f"failed request {r.url}"))
    page.on("dialog", dialog)
    page.goto(html_path.resolve().as_uri(), wait_until="load")
    page.wait_for_function("window.MathJax && MathJax.Hub && MathJax.Hub.queue.pending === 0", timeout=20000)
    return page, problems


def test_demo_report_renders_offline(browser):
    page, problems = _open(browser, demo_report() / "report.html")
    widths = page.evaluate("Array.from(document.images).map(i => i.complete ? i.naturalWidth : 0)")
    assert widths and all(w > 0 for w in widths)
    assert page.locator("table").count() >= 15
    assert page.locator("td.status-missing").count() >= 1
    assert page.locator(".MathJax_CHTML").count() >= 1  # MathJax typeset from the local copy
    assert problems == []
    page.close()


def test_hostile_report_runs_no_injected_script(browser):
    page, problems = _open(browser, hostile_report() / "report.html")
    page.wait_for_timeout(500)
    assert problems == []
    assert page.locator("text=<script>alert(1)</script>").count() >= 1
    assert page.locator("iframe").count() == 0
    page.close()

