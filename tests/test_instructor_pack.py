"""The instructor pack stays true to the course: the worked solutions run and agree with the package, no learner
notebook prints an answer above its exercise, and the agenda's timing still fits the notebooks as they are."""

import json
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from iso4213_nb.course.contents import COURSE, EXERCISES
from iso4213_nb.course import agenda, timing
from iso4213_nb.course.exercise_bank import defined

ROOT = Path(__file__).resolve().parents[1]
PACK = ROOT / "instructor"
SOLUTIONS = PACK / "solutions" / "worked_solutions.ipynb"
AGENDA = (PACK / "agenda.md").read_text(encoding="utf-8")
#: Exercises whose answer is a word, a choice, a prediction, undefined or infinite: the solutions explain them in
#: prose (and check them against the package's items).
NOT_NUMERIC = {"02.2", "06.3", "09.2", "10.2", "C.2"} | {key for key, kind in defined().items() if kind != "number"}
#: Exercises whose answer is a count: too short a number to search for in the notebooks' text.
COUNTS = {"08.1", "08.2"}
HEADING = re.compile(r"^(#{1,6})\s+(.*)")


@pytest.fixture(scope="module")
def answers(tmp_path_factory, monkeypatch_module):
    monkeypatch_module.setenv("ISO4213_PROGRESS", str(tmp_path_factory.mktemp("progress") / "progress.json"))
    nb = nbformat.read(SOLUTIONS, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(SOLUTIONS.parent)}}).execute()
    last = nb.cells[-1].outputs[0]["text"]
    return json.loads(last)


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


def test_worked_solutions_run_and_cover_every_exercise(answers):
    assert set(answers) | NOT_NUMERIC == set(EXERCISES)
    assert not set(answers) & NOT_NUMERIC


def test_solutions_are_kept_apart_from_the_learners_notebooks():
    assert not list((ROOT / "notebooks").rglob("*solution*"))
    for lesson in COURSE:
        text = (ROOT / "notebooks" / lesson.file).read_text(encoding="utf-8")
        assert "worked_solutions" not in text and "instructor/" not in text


def _text_before_exercise(nb, key: str) -> str:
    parts = []
    for cell in nb.cells:
        if cell.cell_type == "code" and (f'key="{key}"' in cell.source or f'exercise("{key}"' in cell.source):
            return "\n".join(parts)
        if cell.cell_type == "markdown":
            parts.append(cell.source)
        for output in cell.get("outputs", []):
            parts.append(output.get("text", ""))
            parts.extend(str(v) for k, v in output.get("data", {}).items() if k.startswith("text/"))
    raise AssertionError(f"exercise {key} not found")


def _renderings(value: float) -> set[str]:
    shown = {f"{value:.4f}", f"{value:.2f}" if abs(value) >= 10 else f"{value:.4f}"}
    return shown | {s.replace(".", ",") for s in shown}


@pytest.mark.parametrize("key", sorted(set(EXERCISES) - NOT_NUMERIC - COUNTS))
def test_no_notebook_prints_an_answer_above_its_exercise(answers, key):
    lesson, _ = EXERCISES[key]
    nb = nbformat.read(ROOT / "notebooks" / lesson.file, as_version=4)
    before = _text_before_exercise(nb, key)
    shown = [s for s in _renderings(answers[key]) if s in before]
    assert not shown, f"{lesson.file} shows {shown} before exercise {key}, whose answer it is"


# ---------------------------------------------------------------- the agenda
TIMES = {t.code: t for t in timing.course_times()}


def _table(title: str) -> list[list[str]]:
    section = AGENDA.split(f"## {title}", 1)[1].split("\n## ", 1)[0]
    rows = [line.strip().strip("|").split("|") for line in section.splitlines() if line.startswith("| ")]
    return [[c.strip() for c in row] for row in rows[1:] if not set(row[0].strip()) <= {"-"}]


def _minutes(clock: str) -> int:
    hours, minutes = clock.split(":")
    return int(hours) * 60 + int(minutes)


def test_the_agenda_is_what_the_generator_writes_from_the_notebooks_as_they_are():
    assert agenda.update(AGENDA, list(TIMES.values())) == AGENDA, "run: python -m iso4213_nb.course.agenda"


@pytest.mark.parametrize("lesson", COURSE, ids=lambda lesson: lesson.code)
def test_each_blocks_stated_minutes_are_the_measured_ones(lesson):
    row = next(r for r in _table("Does the course fit the day?") if r[0] == lesson.code)
    t = TIMES[lesson.code]
    words, skipped, reading, code, widgets, exercises, block = row[1:]
    assert (int(words), int(skipped), int(block)) == (t.words, t.skipped_words, t.block)
    assert [float(reading), float(code), float(widgets), float(exercises)] == pytest.approx(
        [t.reading, t.code_and_outputs, t.widget_minutes, t.exercise_minutes], abs=0.05)
    assert t.block - timing.ROUND_TO < t.reading + t.code_and_outputs + t.widget_minutes + t.exercise_minutes <= t.block
    for title in ("Full day", "Half day (recommended core)"):
        scheduled = [int(r[2]) for r in _table(title) if r[3] == lesson.code]
        assert scheduled in ([], [t.block]), f"{title}: {lesson.code} gets {scheduled}, measured {t.block}"


def test_timing_counts_prose_by_hand_on_a_small_notebook(tmp_path):
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# Title\none two three"),
        nbformat.v4.new_code_cell("x = 1", outputs=[nbformat.v4.new_output("stream", text="a\nb\n")]),
        nbformat.v4.new_markdown_cell("## Skip me\nfour five"),
        nbformat.v4.new_code_cell("y = 2", outputs=[nbformat.v4.new_output("stream", text="c\n")]),
        nbformat.v4.new_markdown_cell("## Back\nsix"),
        nbformat.v4.new_code_cell("print(2)", metadata={"tags": ["setup"]}),
        nbformat.v4.new_code_cell('exercise("03.2", y_true=y, scores=s)')])
    nbformat.write(nb, tmp_path / "x.ipynb")
    lesson = type(COURSE[0])("03", "x.ipynb", "t", ())
    skipped = dict(timing.SKIPPED)
    try:
        timing.SKIPPED["03"] = (("Skip me", "test"),)
        t = timing.measure(lesson, tmp_path)
    finally:
        timing.SKIPPED.clear()
        timing.SKIPPED.update(skipped)
    assert (t.words, t.skipped_words, t.code_cells, t.setup_cells, t.output_lines) == (6, 2, 1, 1, 2)
    assert t.exercises == {"number": 0, "choice": 0, "predict": 1}
    # 4 words / 120 + 0.5 + 0.1 + 2 · 0.05 + 5 = 5.733...: one block of 10 minutes
    assert t.reading + t.code_and_outputs + t.exercise_minutes == pytest.approx(4 / 120 + 0.7 + 5) and t.block == 10


@pytest.mark.parametrize("title, end", [("Full day", "17:00"), ("Half day (recommended core)", "13:00")])
def test_timetables_are_continuous_and_end_in_time(title, end):
    rows = _table(title)
    assert rows[0][0] == "09:00" and _minutes(rows[-1][1]) <= _minutes(end)
    for previous, row in zip(rows, rows[1:]):
        assert row[0] == previous[1], f"gap or overlap before {row}"
    for start, stop, minutes, *_ in rows:
        assert _minutes(stop) - _minutes(start) == int(minutes)
    assert sum(int(r[2]) for r in rows if r[4].startswith("Buffer")) >= 10


def test_every_notebook_is_taught_once_or_named_for_self_study():
    taught = [r[3] for r in _table("Full day") if r[3] != "—"]
    left = re.search(r"Self-study after the day: (.+?), in that order", AGENDA)
    self_study = left.group(1).split(", ") if left else []
    order = [lesson.code for lesson in COURSE]
    assert sorted(taught + self_study, key=order.index) == order
    assert taught == sorted(taught, key=order.index) and self_study == sorted(self_study, key=order.index)
    assert set(agenda.OPTIONAL) <= set(self_study) and not set(agenda.OPTIONAL) & set(taught)
    assert [r[3] for r in _table("Half day (recommended core)") if r[3] != "—"] == list(agenda.CORE)


def test_every_skipped_heading_still_exists():
    for code, items in timing.SKIPPED.items():
        lesson = next(lesson for lesson in COURSE if lesson.code == code)
        nb = nbformat.read(ROOT / "notebooks" / lesson.file, as_version=4)
        titles = [m.group(2).strip() for c in nb.cells if c.cell_type == "markdown"
                  for m in map(HEADING.match, c.source.splitlines()) if m]
        for heading, _why in items:
            assert any(t.startswith(heading) for t in titles), f"{lesson.file} has no section «{heading}» any more"


def test_the_pack_is_linked_and_stands_alone():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "instructor/README.md" in readme
    for path in PACK.rglob("*"):
        if path.suffix in (".md", ".ipynb"):
            text = path.read_text(encoding="utf-8")
            assert "STANDARD-NOTES" not in text and "../shared" not in text, path
            for target in re.findall(r"\]\(([^)#]+)\)", text):
                if not target.startswith("http"):
                    assert (path.parent / target).exists(), f"{path.name} links to missing {target}"


def test_the_label_divergence_quoted_for_05_4_is_the_one_of_the_notebooks_split():
    """05.4's worked solutions (both languages) quote D(P‖T) of the multi-label digits split: recomputed here with
    SciPy from the label shares, to four significant digits."""
    import numpy as np
    from scipy.stats import entropy
    from sklearn.datasets import load_digits
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from sklearn.multioutput import MultiOutputClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    digits = load_digits()
    marks = [[0, 2, 4, 6, 8], [2, 3, 5, 7], [5, 6, 7, 8, 9], [0, 6, 8, 9]]
    y = np.column_stack([np.isin(digits.target, d) for d in marks]).astype(int)
    x_train, x_test, y_train, y_test = train_test_split(digits.data, y, test_size=0.5, stratify=digits.target,
                                                        random_state=0)
    y_pred = MultiOutputClassifier(make_pipeline(StandardScaler(), LogisticRegression(C=0.01))).fit(
        x_train, y_train).predict(x_test)
    shown = f"{entropy(y_pred.sum(axis=0), y_test.sum(axis=0)):.4g}"
    for path, number in ((SOLUTIONS, shown), (SOLUTIONS.with_name("worked_solutions_ru.ipynb"), shown.replace(".", ","))):
        prose = next(c.source for c in nbformat.read(path, as_version=4).cells if "**05.4**" in c.source)
        assert f"({number})" in prose, f"{path.name}: 05.4 should quote D(P‖T) = {number}"
