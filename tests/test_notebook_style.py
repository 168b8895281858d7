"""Project-wide notebook rules: short code cells; exercises check against computed answers; the clause-6 course notebooks each carry an exercise."""

import ast
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
MAX_CODE_LINES = 15
#: Course notebooks whose topic ends in an exercise the learner checks with a widget.
WITH_EXERCISES = (
    "02_binary_measures.ipynb",
    "04_multiclass_measures.ipynb",
    "05_multilabel_measures.ipynb",
    "06_distribution_measures.ipynb",
    "07_computational_measures.ipynb",
)


def _code_lines(cell) -> int:
    return sum(1 for line in cell.source.splitlines() if line.strip())


def _all_notebooks():
    return sorted(p for p in NOTEBOOKS.glob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


@pytest.mark.parametrize("path", _all_notebooks(), ids=lambda p: p.name)
def test_no_code_cell_over_fifteen_lines(path):
    nb = nbformat.read(path, as_version=4)
    long = [(i, _code_lines(c)) for i, c in enumerate(nb.cells) if c.cell_type == "code" and _code_lines(c) > MAX_CODE_LINES]
    assert not long, f"{path.name}: code cells (index, non-blank lines) over {MAX_CODE_LINES}: {long}"


@pytest.mark.parametrize("name", WITH_EXERCISES)
def test_course_notebook_has_an_exercise_widget(name):
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    sources = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert "from iso4213_nb.widgets.exercises import Exercise" in sources
    exercise_cells = [c for c in nb.cells if c.cell_type == "code" and "Exercise(" in c.source]
    assert exercise_cells, f"{name} creates no Exercise"
    shown = [o for c in exercise_cells for o in c.get("outputs", [])
             if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert shown, f"{name}: no exercise cell has a stored widget output (execute the notebook)"


def _exercise_answers(source: str):
    try:
        tree = ast.parse(source)
    except SyntaxError:  # IPython magics; such cells hold no Exercise
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Exercise":
            answer = node.args[1] if len(node.args) > 1 else next(
                (k.value for k in node.keywords if k.arg == "answer"), None)
            yield answer


@pytest.mark.parametrize("path", _all_notebooks(), ids=lambda p: p.name)
def test_numeric_exercise_answers_are_computed_not_typed(path):
    nb = nbformat.read(path, as_version=4)
    typed = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code" and "Exercise(" in cell.source:
            for answer in _exercise_answers(cell.source):
                literal = answer
                if isinstance(literal, ast.UnaryOp):
                    literal = literal.operand
                if isinstance(literal, ast.Constant) and isinstance(literal.value, (int, float)):
                    typed.append(i)
    assert not typed, f"{path.name}: cells {typed} give an Exercise a typed-in number instead of a computed one"
