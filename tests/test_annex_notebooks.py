"""Every number an annex prints sits in a stored output that nbval checks (a cell marked NBVAL_CHECK_OUTPUT)."""

from pathlib import Path

import nbformat
import pytest

from iso4213_nb.annexes import annex_a, annex_b, annex_c

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def checked_output(name: str) -> str:
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    cells = [c for c in nb.cells if c.cell_type == "code" and c.source.startswith("# NBVAL_CHECK_OUTPUT")]
    return "\n".join(o.get("text", "") for c in cells for o in c.get("outputs", []))


def printed_numbers(letter: str) -> list[str]:
    if letter == "A":
        tables = (annex_a.PRINTED_A2, annex_a.PRINTED_A3, annex_a.PRINTED_A4)
        return [v for t in tables for row in t.values() for v in row.values()] + [annex_a.PRINTED_OVERALL_ACCURACY]
    if letter == "B":
        return [v for p in annex_b.PUBLISHED for v in (p.threshold, p.tpr, p.fpr)] + [s for s, _ in annex_b.TABLE_B1]
    return [row[c] for row in annex_c.load_table() for c in ("accuracy", "top1_error", "top5_error", "parameters")
            if row[c]]


@pytest.mark.parametrize("letter", ["A", "B", "C"])
def test_printed_numbers_are_in_checked_outputs(letter):
    text = checked_output(f"annex_{letter.lower()}.ipynb")
    assert text, "no checked output stored: execute the notebook"
    missing = [n for n in printed_numbers(letter) if n not in text]
    assert missing == []


def test_annex_d_constant_is_in_checked_output():
    assert "0,632" in checked_output("annex_d.ipynb") and "0.632121" in checked_output("annex_d.ipynb")
