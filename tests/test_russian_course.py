"""The exercises of the Russian course (notebooks/ru) and their worked solutions in the instructor pack.

The Russian notebooks carry the same exercises as the English lessons they follow, under the same keys (so a
learner's progress is one record whatever the language); the Russian worked solutions run, agree with the package
and cover every key; no Russian notebook prints an answer above its exercise; and the checks answer in Russian,
reading a decimal comma and the Russian word for undefined.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from iso4213_nb.course.contents import COURSE
from iso4213_nb.course.exercise_bank import defined
from iso4213_nb.words.i18n import _, using
from test_instructor_pack import _renderings, _text_before_exercise
from test_notebook_style import _exercise_keys

ROOT = Path(__file__).resolve().parents[1]
RUSSIAN = ROOT / "notebooks" / "ru"
SOLUTIONS = ROOT / "instructor" / "solutions" / "worked_solutions_ru.ipynb"
LESSONS = {lesson.file: lesson for lesson in COURSE if (RUSSIAN / lesson.file).exists()}
#: Exercises whose answer is a choice, a prediction or infinite (undefined): the solutions explain them in prose.
NOT_NUMERIC = {"06.3", "09.2", "C.2"} | {key for key, kind in defined().items() if kind != "number"}


def _keys(path: Path) -> list[str]:
    nb = nbformat.read(path, as_version=4)
    return [k for c in nb.cells if c.cell_type == "code" for k in _exercise_keys(c.source)]


@pytest.fixture(scope="module")
def answers(tmp_path_factory):
    nb = nbformat.read(SOLUTIONS, as_version=4)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ISO4213_PROGRESS", str(tmp_path_factory.mktemp("progress") / "progress.json"))
        NotebookClient(nb, timeout=600, kernel_name="python3",
                       resources={"metadata": {"path": str(SOLUTIONS.parent)}}).execute()
    return json.loads(nb.cells[-1].outputs[0]["text"])


def test_every_russian_lesson_is_a_course_lesson():
    assert sorted(LESSONS) == sorted(p.name for p in RUSSIAN.glob("*.ipynb"))


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_russian_notebook_has_the_lessons_exercises_in_order_with_stored_widgets(name):
    keys = _keys(RUSSIAN / name)
    assert keys == [key for key, _label in LESSONS[name].exercises]
    nb = nbformat.read(RUSSIAN / name, as_version=4)
    for cell in (c for c in nb.cells if c.cell_type == "code" and "xercise(" in c.source):
        assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in cell.outputs), \
            f"{name}: an exercise cell has no stored widget (execute the notebook)"


def test_russian_worked_solutions_run_and_cover_every_exercise(answers):
    keys = {key for name in LESSONS for key in _keys(RUSSIAN / name)}
    assert set(answers) | (NOT_NUMERIC & keys) == keys and not set(answers) & NOT_NUMERIC


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_no_russian_notebook_prints_an_answer_above_its_exercise(answers, name):
    nb = nbformat.read(RUSSIAN / name, as_version=4)
    for key in set(_keys(RUSSIAN / name)) - NOT_NUMERIC:
        before = _text_before_exercise(nb, key)
        shown = [s for s in _renderings(answers[key]) if s in before]
        assert not shown, f"{name} shows {shown} before exercise {key}, whose answer it is"


def test_checks_answer_in_russian_and_read_russian_replies():
    from iso4213_nb.core.undefined import Undefined
    from iso4213_nb.widgets.exercises import Exercise

    with using("ru"):
        exercise = Exercise("Точность?", 21 / 23, mistakes=[(0.75, "Это полнота.")], hint="TP / (TP + FP)")
        exercise.input.value = "0,75"
        assert not exercise.check() and "Это полнота." in exercise.feedback.value
        assert "Пока нет." in exercise.feedback.value and "Подсказка: TP / (TP + FP)" in exercise.feedback.value
        exercise.input.value = "0,9130"
        assert exercise.check() and "Верно." in exercise.feedback.value and "0,9130" in exercise.feedback.value
        missing = Exercise("Точность без предсказанных положительных?", Undefined(code="no_predicted_positives"))
        missing.input.value = "не определено"
        assert missing.check() and "не определено" in missing.feedback.value.lower()
        infinite = Exercise("D(T‖P)?", math.inf, kind="nats")
        infinite.input.value = "бесконечность"
        assert infinite.check()


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_russian_exercises_come_from_the_package(name):
    """As in English, a Russian exercise cell passes its data to ``exercise(key, ...)``: no answer is computed where
    the learner sees it, and the question, hints and mistakes are the package's, in the catalogue's Russian."""
    nb = nbformat.read(RUSSIAN / name, as_version=4)
    built = [key for c in nb.cells if c.cell_type == "code" and "Exercise(" in c.source
             for key in _exercise_keys(c.source)]
    assert not built, f"{name}: exercises {sorted(built)} built in the cell"


def test_13_3_names_a_measure_pokazatel_as_the_course_does():
    with using("ru"):
        option = _("How far the labels can be trusted: if they were noisy, every measure inherits the noise.")
    assert option.endswith("этот шум наследует каждый показатель.")
