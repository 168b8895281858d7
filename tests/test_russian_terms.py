"""One Russian word per concept (issue 26, point 6): the catalogue, the glossary's ПНСТ terms, every Russian notebook
(its prose, code and outputs) and the Russian instructor pack use the words of ``words.terms_ru.TERMS`` and none of their variants."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
from babel.messages.pofile import read_po
import pytest

from iso4213_nb.words import glossary
from iso4213_nb.words.terms_ru import TERMS

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = ROOT / "iso4213_nb" / "words" / "locale" / "ru" / "LC_MESSAGES" / "iso4213_nb.po"


def _notebook_text(path: Path) -> str:
    """Every word a reader of ``path`` sees: markdown, code and the stored outputs' text and HTML."""
    parts = []
    for cell in nbformat.read(path, as_version=4).cells:
        parts.append(cell.source)
        for output in cell.get("outputs", []):
            parts.append(output.get("text", ""))
            data = output.get("data", {})
            parts.extend(str(data.get(kind, "")) for kind in ("text/plain", "text/html", "text/markdown"))
    return "\n".join(parts)


def _russian_texts() -> dict[str, str]:
    with CATALOGUE.open("rb") as stream:
        catalogue = read_po(stream)
    texts = {f"catalogue: {str(message.id)[:60]!r}": " ".join(message.string) if isinstance(message.string, tuple)
             else message.string for message in catalogue if message.id and message.string}
    texts.update({f"glossary: {term.name}": f"{term.name} {term.note or ''}"
                  for term in glossary.TERMS if term.source.startswith(glossary.RU)})
    for path in sorted((ROOT / "notebooks" / "ru").glob("*.ipynb")) + sorted(ROOT.glob("instructor/**/*_ru.ipynb")):
        texts[str(path.relative_to(ROOT))] = _notebook_text(path)
    for path in sorted(ROOT.glob("instructor/**/*ru*.md")):
        texts[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8")
    return texts


TEXTS = _russian_texts()


@pytest.mark.parametrize("term", TERMS, ids=lambda t: t.concept)
def test_every_russian_text_uses_the_one_word(term):
    found = {where: term.variants_in(text) for where, text in TEXTS.items()}
    found = {where: variants for where, variants in found.items() if variants}
    assert found == {}, f"write «{term.word}» ({term.source}): {term.why}"


def test_the_texts_read_include_the_catalogue_and_every_russian_notebook():
    names = set(TEXTS)
    assert any(name.startswith("catalogue:") for name in names)
    assert any(name.startswith("glossary:") for name in names)
    assert {p.name for p in (ROOT / "notebooks" / "ru").glob("*.ipynb")} <= {Path(n).name for n in names}
    assert {"instructor/agenda_ru.md", "instructor/notes_ru.md"} <= names  # the Russian instructor pack


@pytest.mark.parametrize("term", TERMS, ids=lambda t: t.concept)
def test_the_chosen_word_is_not_itself_a_variant_and_its_source_is_named(term):
    assert term.variants_in(term.word) == []
    assert re.search(r"ПНСТ 835-2023", term.source)
