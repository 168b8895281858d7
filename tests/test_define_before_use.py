"""Define before use (issue 26, point 3): every measure a course notebook shows is defined in that notebook or an
earlier one, in the order of ``iso4213_nb.course.contents.COURSE``.

**Defined.** A markdown cell defines a measure of :data:`iso4213_nb.measures.registry.MEASURES` when it carries the
marker ``<!-- defines: key, key -->`` (an HTML comment: invisible in Jupyter, Voilà, the book and the slides) with
the measure's registry key.  The marker must sit where the definition is: its cell names the measure (its registry
name or symbol) and cites where it comes from (the sub-clause of TS 4213, or for a measure beyond the standard the
first word of the registry's ``source``, e.g. *Matthews*).  The first marker of a key, in course order, is where the
measure is defined.

**Shown.** A measure is shown where a learner sees its value or its name in a result:

* the stored outputs of code cells (printed text, tables, HTML), matched by the measure's registry name (whole
  words, any case; longer names first, so that "balanced accuracy" is not also read as "accuracy") or its symbol
  (whole token, exact case, two characters or more, used by one measure only: "MCC", "AUROC");
* the read-outs of widgets: every ``data-measure`` key in the saved widget state reachable from the cell's widget
  output (a widget marks each number it shows with the key of its measure);
* markdown tables (lines starting with ``|``), which present measures as results; prose mentions are not counted,
  so a sentence may point ahead ("notebook 04 defines macro F1").

**Named ahead.** A listing that names measures taught later (the checklist's questions in notebook 01) declares
them with ``<!-- ahead: key, key -->`` in a markdown cell of the same notebook above it, whose text says where they
are taught; a key named ahead must be defined later in the course.

The test fails on any measure shown in a cell that comes before its definition, unless named ahead.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import nbformat
import pytest

from iso4213_nb.course.contents import COURSE
from iso4213_nb.measures.registry import MEASURES

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
MARKER = re.compile(r"<!--\s*defines:\s*([^>]*?)\s*-->")
AHEAD = re.compile(r"<!--\s*ahead:\s*([^>]*?)\s*-->")
DATA_MEASURE = re.compile(r"""data-measure=\\?["']([\w.]+)\\?["']""")
#: ``data-measure`` keys of widgets that are not registry keys, and the measure they show.
ALIASES = {"tpr": "recall", "fpr": "false_positive_rate", "fnr": "miss_rate", "ppv": "precision"}
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _terms() -> list[tuple[re.Pattern, str]]:
    """(pattern, key) for every name and unambiguous symbol, longest first."""
    symbols: dict[str, set[str]] = {}
    for key, measure in MEASURES.items():
        symbols.setdefault(measure.symbol, set()).add(key)
    terms = [(measure.name, key, re.IGNORECASE) for key, measure in MEASURES.items()]
    terms += [(symbol, next(iter(keys)), 0) for symbol, keys in symbols.items() if len(keys) == 1 and len(symbol) >= 2]
    terms.sort(key=lambda term: -len(term[0]))
    return [(re.compile(rf"(?<![\w]){re.escape(text)}(?![\w])", flags), key) for text, key, flags in terms]


TERMS = _terms()


def measures_named(text: str) -> set[str]:
    """Registry keys whose name or symbol occurs in ``text``; a longer name hides the shorter ones inside it."""
    found = set()
    for pattern, key in TERMS:
        if pattern.search(text):
            found.add(key)
            text = pattern.sub(" ", text)
    return found


def _output_text(output) -> str:
    parts = [output.get("text", "")]
    parts += [str(v) for k, v in output.get("data", {}).items() if k.startswith("text/")]
    return "\n".join(p if isinstance(p, str) else "".join(p) for p in parts)


def _widget_keys(nb, model_id: str) -> set[str]:
    """``data-measure`` keys in the saved state of widget ``model_id`` and every widget it contains."""
    state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    keys, seen, todo = set(), set(), [model_id]
    while todo:
        model = todo.pop()
        if model in seen or model not in state:
            continue
        seen.add(model)
        text = repr(state[model].get("state", {}))
        keys |= set(DATA_MEASURE.findall(text))
        todo += re.findall(r"IPY_MODEL_(\w+)", text)
    return {ALIASES.get(k, k) for k in keys} & set(MEASURES)


def _keys(pattern: re.Pattern, source: str) -> set[str]:
    return {k.strip() for found in pattern.findall(source) for k in found.split(",") if k.strip()}


def _source_word(key: str) -> str:
    measure = MEASURES[key]
    return measure.clause if measure.clause else measure.source.split()[0].removesuffix("'s")


@lru_cache(maxsize=None)
def course_cells() -> tuple:
    """(lesson code, cell index, shown, defined, named ahead, source) for every cell of the course, in course order."""
    cells = []
    for lesson in COURSE:
        nb = nbformat.read(NOTEBOOKS / lesson.file, as_version=4)
        for index, cell in enumerate(nb.cells):
            shown, defined, ahead = set(), set(), set()
            if cell.cell_type == "markdown":
                defined, ahead = _keys(MARKER, cell.source), _keys(AHEAD, cell.source)
                table = "\n".join(line for line in cell.source.splitlines() if line.lstrip().startswith("|"))
                shown |= measures_named(table)
            else:
                for output in cell.get("outputs", []):
                    shown |= measures_named(_output_text(output))
                    view = output.get("data", {}).get(WIDGET_VIEW)
                    if view:
                        shown |= _widget_keys(nb, view["model_id"])
            cells.append((lesson.code, index, frozenset(shown), frozenset(defined), frozenset(ahead), cell.source))
    return tuple(cells)


def test_markers_name_registry_keys_and_sit_at_a_definition():
    wrong = []
    for code, index, _, defined, ahead, source in course_cells():
        wrong += [f"{code} cell {index}: {key!r} is not a key of measures.registry" for key in ahead - set(MEASURES)]
        for key in defined:
            if key not in MEASURES:
                wrong.append(f"{code} cell {index}: {key!r} is not a key of measures.registry")
            elif key not in measures_named(source) or _source_word(key) not in source:
                wrong.append(f"{code} cell {index}: the cell marked as defining {key!r} does not name "
                             f"{MEASURES[key].name!r} or does not cite {_source_word(key)!r}")
    assert not wrong, "\n".join(wrong)


def test_every_measure_shown_is_defined_in_that_notebook_or_an_earlier_one():
    defined_at: dict[str, tuple[str, int]] = {}
    early, ahead_in = [], {}
    for code, index, shown, defined, ahead, _ in course_cells():
        for key in defined:
            defined_at.setdefault(key, (code, index))
        for key in ahead - set(defined_at):
            ahead_in[key] = code
        for key in sorted(shown - set(defined_at)):
            if ahead_in.get(key) != code:
                early.append(f"{code} cell {index} shows {MEASURES[key].name} ({key}) before any notebook defines it")
    never = sorted(set(ahead_in) - set(defined_at))
    assert not early and not never, "\n".join(list(dict.fromkeys(early)) + [f"{k} named ahead, never defined" for k in never])


@pytest.mark.parametrize("text, keys", [
    ("balanced accuracy 0.91, MCC 0.80", {"balanced_accuracy", "matthews_correlation"}),
    ("accuracy 0.95; macro F1 0.9", {"accuracy", "macro_f1"}),
    ("F1_macro and the precision–recall curve", {"macro_f1", "precision", "recall"}),
    ("for each class, before", set()),
])
def test_names_are_found_as_documented(text, keys):
    assert measures_named(text) == keys
