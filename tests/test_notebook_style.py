"""Project-wide notebook rules: short code cells; every notebook of the course carries exercises, each with a key of
the course catalogue and an answer the package computes."""

import ast
import re
from pathlib import Path

import nbformat
import pytest

from iso4213_nb.course.contents import COURSE

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
MAX_CODE_LINES = 15
#: Every notebook of the course, in the catalogue the progress summary reads.
COURSE_FILES = tuple(lesson.file for lesson in COURSE)


def _code_lines(cell) -> int:
    return sum(1 for line in cell.source.splitlines() if line.strip())


def _all_notebooks():
    return sorted(p for p in NOTEBOOKS.glob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def _russian_notebooks():
    """The Russian course (notebooks/ru): the same rules, but not lessons of the course catalogue."""
    return sorted(p for p in (NOTEBOOKS / "ru").glob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


@pytest.mark.parametrize("path", _all_notebooks() + _russian_notebooks(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_code_cell_over_fifteen_lines(path):
    nb = nbformat.read(path, as_version=4)
    long = [(i, _code_lines(c)) for i, c in enumerate(nb.cells) if c.cell_type == "code" and _code_lines(c) > MAX_CODE_LINES]
    assert not long, f"{path.name}: code cells (index, non-blank lines) over {MAX_CODE_LINES}: {long}"


def test_the_catalogue_lists_every_notebook():
    assert sorted(COURSE_FILES) == sorted(p.name for p in _all_notebooks())


@pytest.mark.parametrize("name", COURSE_FILES)
def test_course_notebook_has_an_exercise_widget(name):
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    sources = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert re.search(r"from iso4213_nb\.widgets\.exercises import .*\b[Ee]xercise\b", sources)
    exercise_cells = [c for c in nb.cells if c.cell_type == "code" and re.search(r"\b[Ee]xercise\(", c.source)]
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


@pytest.mark.parametrize("path", _all_notebooks() + _russian_notebooks(), ids=lambda p: f"{p.parent.name}/{p.name}")
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


def _exercise_keys(source: str):
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Exercise":
            key = next((k.value for k in node.keywords if k.arg == "key"), None)
            yield key.value if isinstance(key, ast.Constant) else key
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "exercise" and node.args:
            yield node.args[0].value if isinstance(node.args[0], ast.Constant) else node.args[0]


@pytest.mark.parametrize("lesson", COURSE, ids=lambda lesson: lesson.code)
def test_exercise_keys_match_the_course_catalogue_in_order(lesson):
    nb = nbformat.read(NOTEBOOKS / lesson.file, as_version=4)
    keys = [k for c in nb.cells if c.cell_type == "code" for k in _exercise_keys(c.source)]
    assert keys == [key for key, _ in lesson.exercises], f"{lesson.file}: Exercise keys {keys} differ from iso4213_nb.course.contents"



@pytest.mark.parametrize("lesson", COURSE, ids=lambda lesson: lesson.code)
def test_setup_cells_are_tagged_so_that_decks_leave_them_out(lesson):
    nb = nbformat.read(NOTEBOOKS / lesson.file, as_version=4)
    untagged = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code" or "setup" in cell.metadata.get("tags", ()):
            continue
        try:
            body = ast.parse(cell.source).body
        except SyntaxError:
            continue
        if body and all(isinstance(node, (ast.Import, ast.ImportFrom)) for node in body):
            untagged.append(i)
    assert not untagged, f"{lesson.file}: cells {untagged} only import; tag them 'setup'"
