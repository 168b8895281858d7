"""Every notebook before 09 in a learner's browser (Voilà, chromium at 1366 × 768), three pages at a time.

Each page must show as many figures as its stored outputs hold, no error or
stderr output, nothing wider than the screen and no request off the machine
(``voila_pages.page_problems``).  A notebook with its own interactive test
(``voila_pages.OWN_TESTS``) is checked there, on the page that test drives, so
that Voilà runs it once; the later notebooks are in
``test_browser_course_later.py`` so that two test workers share the pages.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_browser_course_later import LATER
from voila_pages import NOTEBOOKS, OWN_TESTS, every_page_problems

#: The notebooks this file checks: those before 09 with no interactive test of their own.
EARLY = sorted(p for p in NOTEBOOKS.glob("*.ipynb") if p.name < "09" and p.name not in OWN_TESTS)


@pytest.mark.browser
@pytest.mark.slow
def test_every_early_notebook_shows_every_figure_with_no_network_and_no_error(voila, browser):
    assert every_page_problems(voila, browser, EARLY) == []


def test_every_notebook_is_checked_in_the_browser_once():
    """The early notebooks here, the later ones beside, and each other notebook by its own test through ``notebook_page``
    (which checks the page before the test drives it)."""
    pages = [p.name for p in EARLY + LATER]
    assert sorted(pages + list(OWN_TESTS)) == sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
    for notebook, test_file in OWN_TESTS.items():
        source = (Path(__file__).parent / test_file).read_text(encoding="utf-8")
        assert "notebook_page(browser, voila, " in source and notebook in source, (notebook, test_file)
