"""Keeping the translation catalogues in step with the code (``bin/catalogue``; beyond TS 4213: gettext via Babel).

Messages come from the ``_()``, ``N_()`` and ``pgettext()`` calls of the package, each markdown cell of the report
template (``report/template.ipynb``, translated cell by cell when the report is built in another language), the
course's lesson titles and exercise labels, and the registry's measure names.  Run ``bin/catalogue`` after adding
strings, then fill in the empty ``msgstr`` entries it lists; ``bin/catalogue --check`` only reports.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_python
from babel.messages.pofile import read_po, write_po

from . import i18n

PACKAGE = Path(__file__).parents[1]
#: Babel's extraction methods by file pattern (relative to the package folder).
METHODS = [("**/template.ipynb", "iso4213_nb.words.catalogue:extract_notebook"), ("**.py", "python")]
KEYWORDS = {"_": None, "N_": None, "pgettext": ((1, "c"), 2)}
_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)?(?:[:!][^{}]*)?\}")


def extract_notebook(fileobj, keywords, comment_tags, options):
    """Babel extraction method for a notebook: each markdown cell whole (stripped), and the ``_()`` strings of code cells (beyond TS 4213: Babel)."""
    nb = json.load(fileobj)
    for number, cell in enumerate(nb["cells"], start=1):
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and source.strip():
            yield number, None, source.strip(), []
        elif cell["cell_type"] == "code":
            lines = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!")))
            for _line, funcname, message, comments in extract_python(io.BytesIO(lines.encode("utf-8")), keywords,
                                                                     comment_tags, {"encoding": "utf-8"}):
                yield number, funcname, message, comments


def cell_message(source) -> str:
    """The message of a markdown cell as :func:`extract_notebook` reads it (beyond TS 4213: Babel)."""
    return ("".join(source) if isinstance(source, list) else source).strip()


def extract() -> Catalog:
    """Every message of the package (Python ``_``/``N_`` strings, report-template markdown) as a template catalogue (beyond TS 4213: Babel)."""
    template = Catalog(domain=i18n.DOMAIN, project="iso4213-nb", charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
            PACKAGE, METHODS, keywords=KEYWORDS, strip_comment_tags=True):
        if isinstance(message, str) and message:
            template.add(message, locations=[(filename, lineno)], auto_comments=comments, context=context)
    for message in course_messages():
        template.add(message, locations=[("course/contents.py", 0)])
    for message in measure_messages():
        template.add(message, locations=[("measures/registry.py", 0)])
    return template


def measure_messages() -> list[str]:
    """The names of the measures of :data:`iso4213_nb.measures.registry.MEASURES`, which tables show translated, and
    the formulas that hold words (the course's handout shows them; pure notation such as ``TP / (TP + FP)`` is the
    same in every language): data of the computation layer, not ``_()`` calls, so they are collected here
    (beyond TS 4213: Babel)."""
    from ..measures.registry import MEASURES

    return [entry.name for entry in MEASURES.values()] + [
        entry.formula for entry in MEASURES.values() if formula_has_words(entry.formula)]


def formula_has_words(formula: str) -> bool:
    """Whether a registry formula holds words to translate (a run of three lower-case Latin letters) (beyond TS 4213:
    Babel)."""
    return re.search(r"[a-z]{3,}", formula) is not None


def course_messages() -> list[str]:
    """The course's lesson titles and exercise labels (:data:`iso4213_nb.course.contents.COURSE`), which the progress
    summary shows translated: data, not ``_()`` calls, so they are collected here (beyond TS 4213: Babel)."""
    from ..course.contents import COURSE

    return [text for lesson in COURSE for text in (lesson.title, *(label for _key, label in lesson.exercises))]


def read(lang: str) -> Catalog:
    """The catalogue of ``lang`` as it is on disk (beyond TS 4213: Babel)."""
    with open(i18n.catalogue_path(lang), "rb") as handle:
        return read_po(handle, locale=lang, domain=i18n.DOMAIN)


def update(lang: str, template: Catalog | None = None) -> Catalog:
    """Merge the extracted messages into ``lang``'s catalogue and write it; returns it (beyond TS 4213: Babel).

    New messages arrive untranslated (no fuzzy guesses), messages no longer in the code are dropped, translations
    are kept."""
    template = extract() if template is None else template
    path = i18n.catalogue_path(lang)
    if path.exists():
        catalog = read(lang)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        catalog = Catalog(locale=lang, domain=i18n.DOMAIN, project="iso4213-nb", charset="utf-8")
    catalog.update(template, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    with open(path, "wb") as handle:
        write_po(handle, catalog, width=116, omit_header=False, sort_output=False, include_lineno=False)
    return catalog


def untranslated(catalog: Catalog, template: Catalog) -> list[str]:
    """Messages of ``template`` with no usable translation in ``catalog`` (missing, empty or fuzzy) (beyond TS 4213: Babel)."""
    missing = []
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id, message.context)
        if found is None or not found.string or found.fuzzy:
            missing.append(message.id)
    return missing


def stale(catalog: Catalog, template: Catalog) -> list[str]:
    """Messages of ``catalog`` that the code no longer has (the catalogue was not updated after a change) (beyond TS 4213: Babel)."""
    return [m.id for m in catalog if m.id and template.get(m.id, m.context) is None]


def field_mismatches(catalog: Catalog) -> list[str]:
    """Translations whose ``{placeholders}`` differ from their message's (they would fail or lose a number) (beyond TS 4213: Babel)."""
    return [m.id for m in catalog
            if m.id and m.string and sorted(_FIELD.findall(m.id)) != sorted(_FIELD.findall(m.string))]


def main(argv: list[str] | None = None) -> int:
    """``bin/catalogue``: update every catalogue (or ``--check`` only) and list what needs translating (beyond TS 4213: Babel)."""
    parser = argparse.ArgumentParser(prog="bin/catalogue", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="report only; exit 1 when a catalogue needs work")
    args = parser.parse_args(argv)
    template = extract()
    status = 0
    for lang in i18n.LANGUAGES:
        if lang == "en":
            continue
        catalog = read(lang) if args.check else update(lang, template)
        todo, old = untranslated(catalog, template), stale(catalog, template)
        path = i18n.catalogue_path(lang).relative_to(PACKAGE.parent)
        print(f"{path}: {len(template)} messages, {len(todo)} to translate, {len(old)} stale")
        for message in todo:
            print(f"  to translate: {message[:100]!r}")
        status |= bool(todo or old)
    return status


if __name__ == "__main__":
    sys.exit(main())
