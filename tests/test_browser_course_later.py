"""The later notebooks of the course (09 onwards and the annexes) in a learner's browser, with the checks of
``test_browser_course.py`` (``voila_pages.page_problems``); a file of its own so that two test workers share
the pages."""

from __future__ import annotations

import pytest
from voila_pages import NOTEBOOKS, OWN_TESTS, every_page_problems

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: Notebooks 09 onwards and the annexes (they sort after the digits), less those with a test of their own.
LATER = sorted(p for p in NOTEBOOKS.glob("*.ipynb") if p.name >= "09" and p.name not in OWN_TESTS)


def test_every_later_notebook_shows_every_figure_with_no_network_and_no_error(voila, browser):
    assert every_page_problems(voila, browser, LATER) == []
