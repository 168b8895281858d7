"""The names of result keys are words of the package, not tables in notebook cells (issue 26, point 6: no logic in
notebooks, each fact once, words at the edge).

The two directions of a KL result (``true_vs_pred``, ``pred_vs_true``) and the facts of Annex B (the contradiction of
Table B.1, the sizes found under each rounding rule, the curve areas) are printed by one call of the words layer, in
the English and the Russian notebook alike; the notebooks that used to hold a table of display names (06 and Annex B,
in both languages) hold none and print no raw key.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import numpy as np
import pytest
from scipy.stats import entropy
from sklearn.metrics import roc_auc_score

from iso4213_nb.annexes import annex_b
from iso4213_nb.figures.annex_tables import annex_b_facts_rows, area_rows, contradiction_rows, reconstruction_rows
from iso4213_nb.measures.distribution import kl_of_labels
from iso4213_nb.words.i18n import using
from iso4213_nb.words.intervals import METHODS
from iso4213_nb.words.readings import KL_DIRECTIONS, kl_lines

ROOT = Path(__file__).resolve().parents[1]
CLEANED = ["06_distribution_measures.ipynb", "annex_b.ipynb"]
PATHS = [ROOT / "notebooks" / name for name in CLEANED] + [ROOT / "notebooks" / "ru" / name for name in CLEANED]
#: Every key of the results these notebooks print: a dict literal keyed by one of them is a table of display names.
KEYS = (set(KL_DIRECTIONS) | set(annex_b.printed_table_contradiction(limit=10)) | set(annex_b.curve_comparison())
        | set(annex_b.ROUNDINGS) | set(annex_b.operating_points(annex_b.scored())[0]))


def _two_classes_seen_three_predicted():
    """Class 2 is predicted once but never true: D(T‖P) is finite, D(P‖T) has no value."""
    y_true, y_pred = np.array([0, 0, 1, 1, 1]), np.array([0, 1, 1, 1, 2])
    finite = entropy(np.array([2, 3, 0]) / 5, np.array([1, 3, 1]) / 5)
    return kl_of_labels(y_true, y_pred, labels=[0, 1, 2]), finite


def test_kl_lines_name_both_directions_and_say_why_one_has_no_value():
    divergences, finite = _two_classes_seen_three_predicted()
    with using("en"):
        lines = kl_lines(divergences)
    assert lines[0] == f"D(T‖P): {finite:.5f} (finite)"
    assert lines[1].startswith("D(P‖T): undefined, because ") and "class 2" in lines[1]
    with using("ru"):
        lines = kl_lines(divergences)
    assert lines[0] == f"D(T‖P): {finite:.5f} (конечна)".replace(".", ",")
    assert lines[1].startswith("D(P‖T): не определено, так как ") and "2" in lines[1]


def test_annex_b_facts_are_named_in_words_with_their_values():
    scores, y, _source = annex_b.reconstructed_data()
    with using("en"):
        assert dict(contradiction_rows()[0]) == {
            "printed scores ≥ 0,99 in Table B.1": "1", "P ≤ 1000 with 1/P printing as 0,18": "none",
            "printed scores < 0,01 in Table B.1": "1", "N ≤ 1000 with (N − 1)/N printing as 0,59": "none"}
        sizes = dict(reconstruction_rows()[0])
        assert sizes == {f"smallest (P, N), rounding {rule}, printed 1 and 0 {ends}": "(28, 58)"
                         for rule in ("half up", "half to even") for ends in ("exact", "rounded")}
        assert dict(area_rows()[0]) == {
            "AUROC, full reconstructed curve": f"{roc_auc_score(y, scores):.4f}".replace(".", ","),
            "AUROC range of any data set with these counts": "0,9384 to 0,9865",
            "area through the five points (exact rates)": "0,9624",
            "area through the five points (printed rates)": "0,9608"}
        parts = contradiction_rows()[0] + reconstruction_rows()[0] + area_rows()[0]
        assert annex_b_facts_rows()[0] == parts


def test_annex_b_facts_read_as_russian():
    with using("ru"):
        rows = contradiction_rows()[0] + reconstruction_rows()[0] + area_rows()[0]
    words = " ".join(cell for row in rows for cell in row)
    assert set(re.findall(r"[A-Za-z][A-Za-z_]+", words)) <= {"AUROC"}
    assert "напечатанные 1 и 0 точно" in words and "напечатанные 1 и 0 округленно" in words
    assert "от 0,9384 до 0,9865" in words


def _name_tables(source: str) -> list[str]:
    """Keys of :data:`KEYS` that a dict literal of ``source`` uses; a cell that does not parse fails, not passes."""
    return [key.value for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Dict) for key in node.keys
            if isinstance(key, ast.Constant) and key.value in KEYS]


@pytest.mark.parametrize("path", PATHS, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_notebook_holds_no_name_table_and_prints_no_result_key(path):
    nb = nbformat.read(path, as_version=4)
    tables = [key for cell in nb.cells if cell.cell_type == "code" for key in _name_tables(cell.source)]
    printed = "\n".join(str(output.get("text", "") or output.get("data", {}).get("text/plain", ""))
                        for cell in nb.cells for output in cell.get("outputs", []))
    shown = [key for key in sorted(KEYS) if "_" in key and re.search(rf"\b{re.escape(key)}\b", printed)]
    assert tables == [] and shown == []


#: Words that name an interval method (7.8), and the words a method's name is built with.
METHOD_WORDS = re.compile(r"\b(?:wilson|clopper[–-]pearson|wald|delong(?!')|bca|percentile)\b", re.IGNORECASE)
NAME_FILLER = re.compile(r"\b(?:score|exact|bootstrap|poisson|interval)\b|[\s,.:;()–-]+", re.IGNORECASE)


def _messages(source: str) -> list[tuple[int, str]]:
    """(line, text) of each ``_("...")``/``N_("...")`` of ``source``: the words it shows a user."""
    return [(node.lineno, node.args[0].value) for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("_", "N_") and node.args
            and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)]


def _method_name_literals(source: str) -> list[tuple[int, str]]:
    """(line, text) of each ``_("...")``/``N_("...")`` of ``source`` that names an interval method: a name of
    :data:`~iso4213_nb.words.intervals.METHODS`, or words that say nothing but a method's name ("BCa bootstrap")."""
    names = {name for forms in METHODS.values() for name in forms}
    return [(line, text) for line, text in _messages(source)
            if text in names or METHOD_WORDS.search(text) and not NAME_FILLER.sub("", METHOD_WORDS.sub("", text))]


@pytest.mark.parametrize(("source", "found"), [
    ('x = {"bca": N_("BCa bootstrap"), "wilson": _("Wilson")}', [(1, "BCa bootstrap"), (1, "Wilson")]),
    ('_("bootstrap, percentile"); _("exact bound (Clopper–Pearson on disjoint pairs)")',
     [(1, "bootstrap, percentile"), (1, "exact bound (Clopper–Pearson on disjoint pairs)")]),
    ('_("DeLong\'s test"); _("95th percentile (s)"); _("bootstrap"); _("a {level} Wilson interval of ±{hw}")', [])])
def test_the_scan_finds_a_method_name_and_only_that(source, found):
    assert _method_name_literals(source) == found


def test_interval_methods_are_named_in_one_table():
    """Only :mod:`iso4213_nb.words.intervals` spells an interval method's name for a user (issue 24, point 2): every
    other module calls its ``method_name``, so the report, the command line, the widgets and the readings say the same."""
    package = ROOT / "iso4213_nb"
    found = [f"{path.relative_to(package).as_posix()}:{line}: {text}" for path in sorted(package.rglob("*.py"))
             if path.relative_to(package).as_posix() != "words/intervals.py"
             for line, text in _method_name_literals(path.read_text(encoding="utf-8"))]
    assert found == []


def test_the_averages_over_classes_are_named_in_one_table():
    """Only :mod:`iso4213_nb.words.measures` spells the name of a 6.4.3 average (``macro average``, ``macro``) for a
    user: the report, the readings, the reasons, the notebooks' tables and the command line call ``average_name``."""
    from iso4213_nb.words.measures import AVERAGE_NAMES

    names = {name for forms in AVERAGE_NAMES.values() for name in forms}
    package = ROOT / "iso4213_nb"
    found = [f"{path.relative_to(package).as_posix()}:{line}: {text}"
             for path in sorted(package.rglob("*.py")) if path.relative_to(package).as_posix() != "words/measures.py"
             for line, text in _messages(path.read_text(encoding="utf-8")) if text in names]
    assert found == []
