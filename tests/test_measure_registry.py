"""One registry of measures (issue 24, point 2): its clause numbers, and every clause the package shows beside a measure's name.

TS 4213 numbers its sub-clauses 6.2.2 confusion matrix, 6.2.3 accuracy, 6.2.4
precision, recall and specificity, 6.2.5 F1, 6.2.6 F_β, 6.2.7 KL divergence
(and the same in the binary, multi-class and multi-label clauses).  The table
below is written from the standard's contents, not from the registry, and the
scan reads every place a learner, an auditor or a reader of the book sees a
clause: the package's source (strings and docstrings, the explorer's script),
the Russian catalogue's msgids and msgstrs, the notebooks' markdown and stored
outputs, the book's pages.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from iso4213_nb.measures.registry import CLAUSE, KINDS, MEASURES, clauses_of
from iso4213_nb.words import glossary
from iso4213_nb.words.i18n import translations, using
from iso4213_nb.words.measures import label, name

ROOT = Path(__file__).parents[1]

#: Sub-clause of each measure of TS 4213, from the standard's table of contents.
STANDARD = {
    "confusion_matrix": "6.2.2", "accuracy": "6.2.3", "precision": "6.2.4", "recall": "6.2.4",
    "specificity": "6.2.4", "f1": "6.2.5", "fbeta": "6.2.6", "f2": "6.2.6", "f0_5": "6.2.6",
    "kl_divergence": "6.2.7", "binary_accuracy": "6.3.3", "auroc": "6.3.6", "average_precision": "6.3.7",
    "auprc_trapezoid": "6.3.7", "gain_area": "6.3.8", "lift": "6.3.9", "macro_f1": "6.4.3", "weighted_f1": "6.4.3",
    "micro_f1": "6.4.3", "hamming_loss": "6.5.2", "exact_match_ratio": "6.5.3", "jaccard_dataset": "6.5.4",
    "jaccard_samples": "6.5.4", "label_kl_divergence": "6.5.5", "latency": "6.6.2", "throughput": "6.6.3",
    "efficiency": "6.6.4", "energy": "6.6.5", "cohen_kappa": "5.3.9",
}
#: Measures the standard does not define: the registry must say so and name a source.
BEYOND = ("matthews_correlation", "balanced_accuracy", "negative_predictive_value", "brier", "log_loss")
#: Other names of a registry measure that the package writes beside a clause.
SYNONYMS = {"sensitivity": "recall", "true positive rate": "recall", "TPR": "recall", "TNR": "specificity",
            "true negative rate": "specificity", "F1 score": "f1", "F1-score": "f1", "F_β": "fbeta",
            "F_beta": "fbeta", "Kullback–Leibler divergence": "kl_divergence",
            "Kullback-Leibler divergence": "kl_divergence", "overall accuracy": "accuracy",
            "binary accuracy": "binary_accuracy", "Cohen's kappa": "cohen_kappa", "kappa": "cohen_kappa"}
#: Longer names that hold a shorter one and are other measures (average precision is not precision).
OTHERS = ("average precision", "balanced accuracy", "top-1 accuracy", "top-k accuracy", "средняя точность",
          "сбалансированная доля правильных исходов", "precision–recall", "precision-recall")


def _allowed() -> dict[str, set[str]]:
    """Lower-cased name (English and Russian) → the clauses allowed beside it."""
    russian = translations("ru")
    allowed: dict[str, set[str]] = {}
    for entry in MEASURES.values():
        if not entry.clause:
            continue
        for word in (entry.name, russian.get(entry.name, entry.name)):
            allowed.setdefault(word.lower(), set()).update(clauses_of(entry.name))
    for word, key in SYNONYMS.items():
        entry = MEASURES[key]
        allowed.setdefault(word.lower(), set()).update({entry.clause, *entry.also})
    return allowed


#: The opening sub-clause of 6.2–6.5 says how the measures that follow apply; any measure may cite it.
GENERAL = {"6.2.1", "6.3.1", "6.4.1", "6.5.1"}


def _pattern(names) -> re.Pattern:
    words = sorted({*names, *(o.lower() for o in OTHERS)}, key=len, reverse=True)
    clause = "(?:" + CLAUSE.pattern + ")"
    return re.compile(r"(?<![\w-])(" + "|".join(re.escape(w) for w in words) + r")(?:\s+\(|\s+)(" + clause
                      + r"(?:(?:\s*[,–]\s*|\s+and\s+)" + clause + r")*)", re.IGNORECASE)


def wrong_clauses(text: str, allowed: dict[str, set[str]]) -> list[str]:
    """Each ``name (clause, ...)`` of ``text`` none of whose clauses the registry gives to that name.

    A list of clauses after a list of names (``AUROC and average precision (6.3.6, 6.3.7)``) is right when one
    of its clauses is the name's.
    """
    found = []
    for match in _pattern(allowed).finditer(text):
        word, numbers = match.group(1).lower(), set(CLAUSE.findall(match.group(2)))
        if word in allowed and not numbers & (allowed[word] | GENERAL):
            found.append(match.group(0))
    return found


def _shown_texts():
    """(where, text) of every place that shows a clause: package source, catalogue, notebooks (cells, outputs and the
    widgets' saved state), book pages."""
    package = ROOT / "iso4213_nb"
    vendor = package / "report" / "vendor"  # the npm packages' own files (reveal.js is a folder there)
    for path in sorted([*package.rglob("*.py"), *package.rglob("*.js"), *package.rglob("*.po")]):
        if path.is_file() and vendor not in path.parents:
            yield path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8")
    for path in sorted([*(ROOT / "notebooks").rglob("*.ipynb"), package / "report" / "template.ipynb"]):
        if ".ipynb_checkpoints" in path.parts:
            continue
        notebook = json.loads(path.read_text(encoding="utf-8"))
        yield f"{path.relative_to(ROOT).as_posix()} widget state", json.dumps(notebook["metadata"], ensure_ascii=False)
        for number, cell in enumerate(notebook["cells"]):
            parts = ["".join(cell["source"])]
            for output in cell.get("outputs", []):
                parts.append("".join(output.get("text", "")))
                parts += ["".join(v) if isinstance(v, list) else str(v) for v in output.get("data", {}).values()]
            yield f"{path.relative_to(ROOT).as_posix()} cell {number}", "\n".join(parts)
    for path in sorted((ROOT / "book").rglob("*.md")):
        if "_build" not in path.parts:
            yield path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8")


def test_the_registry_gives_each_measure_the_standards_clause():
    assert {key: MEASURES[key].clause for key in STANDARD} == STANDARD
    for key in BEYOND:
        assert MEASURES[key].clause is None and MEASURES[key].source, key


def test_every_entry_is_complete():
    for entry in MEASURES.values():
        assert entry.kind in KINDS and entry.better in ("higher", "lower"), entry
        assert entry.name and entry.symbol and entry.formula, entry
        assert all(CLAUSE.fullmatch(c) for c in entry.also), entry


@pytest.mark.parametrize(("text", "wrong"), [
    ("accuracy (6.2.2), precision (6.2.3), specificity (6.2.5), F1 (6.2.6)",
     ["accuracy (6.2.2", "precision (6.2.3", "specificity (6.2.5", "F1 (6.2.6"]),
    ("AUROC and average precision (6.3.6, 6.3.7); F1 (6.5.1 applies 6.2)", []),
    ("Specificity (6.2.5) of the ROC curve; average precision (6.3.7); balanced accuracy", ["Specificity (6.2.5"]),
    ("доля правильных исходов (6.2.2); средняя точность (6.3.7); F1-мера (6.2.5)", ["доля правильных исходов (6.2.2"]),
    ("the proportions (accuracy 6.2.2, recall 6.2.4)", ["accuracy 6.2.2"]),
])
def test_the_scan_finds_a_wrong_clause_and_only_that(text, wrong):
    assert wrong_clauses(text, _allowed()) == wrong


def test_every_clause_shown_beside_a_measure_is_the_registrys():
    allowed = _allowed()
    wrong = [f"{where}: {found}" for where, text in _shown_texts() for found in wrong_clauses(text, allowed)]
    assert wrong == []


def test_the_glossary_cites_the_registrys_clauses():
    allowed = _allowed()
    wrong = []
    for term in glossary.TERMS:
        word = term.name.lower()
        if word in allowed:
            shown = set(CLAUSE.findall(term.source))
            wrong += [f"{term.name}: {c}" for c in sorted(shown - allowed[word])]
    assert wrong == []


def test_labels_in_both_languages():
    assert label("accuracy") == "accuracy (6.2.3)" and label("f1") == "F1 (6.2.5)"
    assert label("brier") == "Brier score (beyond TS 4213; lower is better)"
    assert label("hamming_loss") == "Hamming loss (6.5.2), lower is better"
    with using("ru"):
        assert label("accuracy") == "доля правильных исходов (6.2.3)"
        assert label("precision") == "точность (6.2.4)" and name("recall") == "полнота"
        assert all(name(key) != MEASURES[key].name or MEASURES[key].name in ("AUROC",) for key in STANDARD
                   if not MEASURES[key].name.startswith(("F", "AUPRC")))


def test_the_books_measures_page_lists_the_registry():
    import importlib.util

    spec = importlib.util.spec_from_file_location("reference_pages", ROOT / "book" / "_ext" / "reference_pages.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    text = "\n".join(module.measures_registry_lines())
    for entry in MEASURES.values():
        assert f"``{entry.key}``\n     - {entry.clause or 'beyond TS 4213: ' + entry.source}\n" in text
    assert "measures-registry" in (ROOT / "book" / "reference" / "measures.md").read_text(encoding="utf-8")
