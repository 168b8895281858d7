"""The book's search finds a measure by its English name, its Russian name and its formula symbol.

The book the book tests share (``book_builds.shared_book``: an intro, two
notebook pages and the generated *Measures by name* page), built with the
project's configuration and extensions, is searched; queries are split and
stemmed the way Sphinx's search page does it (words of letters, digits and
``_``, lower case, the English stemmer) and looked up in ``searchindex.js``.
"""

import json
import re

import pytest
from book_builds import BOOK, shared_book

from iso4213_nb.words import glossary


def _pages_found(index: dict, query: str) -> set[str]:
    from sphinx.search.en import SearchEnglish

    stem = SearchEnglish({}).stem
    found = None
    for word in re.findall(r"\w+", query.lower()):
        pages = set()
        for table in (index["terms"], index["titleterms"]):
            hits = table.get(stem(word), table.get(word, []))
            pages |= {hits} if isinstance(hits, int) else set(hits)
        found = pages if found is None else found & pages
    return {index["docnames"][i] for i in found or ()}


@pytest.fixture(scope="module")
def search_index():
    text = (shared_book() / "searchindex.js").read_text(encoding="utf-8")
    return json.loads(text[text.index("(") + 1:text.rindex(")")])


@pytest.mark.slow
@pytest.mark.parametrize("query", ["recall", "sensitivity", "полнота", "точность", "R_T+", "V_P+"])
def test_search_finds_a_measure_by_english_russian_name_and_symbol(search_index, query):
    assert glossary.lookup(query), f"{query!r} is not a name in the glossary"
    assert "reference/measures" in _pages_found(search_index, query)


@pytest.mark.slow
def test_search_does_not_find_what_the_page_lacks(search_index):
    assert not _pages_found(search_index, "zebra")


def test_measures_page_lists_every_name_of_every_term():
    spec = __import__("importlib.util").util.spec_from_file_location("reference_pages",
                                                                     BOOK / "_ext" / "reference_pages.py")
    module = __import__("importlib.util").util.module_from_spec(spec)
    spec.loader.exec_module(module)
    text = "\n".join(module.measures_index_lines())
    for term in glossary.TERMS:
        assert term.name in text, term.name
