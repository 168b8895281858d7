"""One Russian word per concept (issue 26, point 6): the catalogue, the glossary's ПНСТ terms, every Russian notebook
(its prose, code and outputs) and the Russian instructor pack use the words of ``words.terms_ru.TERMS`` and none of their variants."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
from babel.messages.pofile import read_po
import pytest

from iso4213_nb.controls import checklist
from iso4213_nb.measures.registry import MEASURES
from iso4213_nb.report.content import items as report_items
from iso4213_nb.words import glossary
from iso4213_nb.words.terms_ru import CHOSEN, TERMS

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
def test_the_chosen_word_is_not_itself_a_variant(term):
    assert term.variants_in(term.word) == []


def _clauses_the_project_cites() -> set[str]:
    """Every clause the project's own maps cite (ПНСТ 835-2023 numbers its clauses as TS 4213 does): the
    glossary's ПНСТ entries, the registry of measures, the checklist and the report's items."""
    texts = [t.source.removeprefix(glossary.RU) for t in glossary.TERMS if t.source.startswith(glossary.RU)]
    texts += [c for m in MEASURES.values() if m.clause for c in (m.clause, *m.also)]
    texts += [item.clause for item in checklist.ITEMS]
    texts += [item["clause"] for item in report_items({}, None, None)]
    return {c for text in texts for c in re.findall(r"(?<![\w.])(?:\d+|[A-D])(?:\.\d+)*(?![\w.])", text)}


CLAUSES = _clauses_the_project_cites()


@pytest.mark.parametrize("term", TERMS, ids=lambda t: t.concept)
def test_a_pnst_word_names_a_clause_the_project_knows_and_a_chosen_word_gives_its_reason(term):
    if term.source == CHOSEN:
        assert term.why.strip(), f"«{term.word}» is chosen by the course: say why"
        return
    cited = re.fullmatch(r"ПНСТ 835-2023, (\S+)", term.source)
    assert cited, f"{term.source!r}: name the clause of ПНСТ 835-2023 that writes «{term.word}», or CHOSEN"
    assert cited[1] in CLAUSES, f"{cited[1]} is no clause the glossary, registry, checklist or report cites"


def test_the_clause_map_holds_the_clauses_it_should_and_no_others():
    assert {"3.2.17", "6.4.3", "7.9", "7.10.2", "8", "D.1"} <= CLAUSES
    assert not {"приложение", "9", "7.11", "E.1"} & CLAUSES
