"""The instructor pack stays true to the course: the worked solutions run and agree with the package, no learner
notebook prints an answer above its exercise, and the agenda's timing still fits the notebooks as they are."""

import json
import math
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from iso4213_nb.course.contents import COURSE, EXERCISES
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
WORDS_PER_MINUTE = 120
MINUTES_PER_EXERCISE = 4
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
def _table(title: str) -> list[list[str]]:
    section = AGENDA.split(f"## {title}", 1)[1].split("\n## ", 1)[0]
    rows = [line.strip().strip("|").split("|") for line in section.splitlines() if line.startswith("| ")]
    return [[c.strip() for c in row] for row in rows[1:] if not set(row[0].strip()) <= {"-"}]


def _skips() -> dict[str, list[str]]:
    skips = {}
    for code, heading in re.findall(r"^- \*\*(\w+)\*\* «(.+?)»", AGENDA, flags=re.M):
        skips.setdefault(code, []).append(heading)
    return skips


def _prose_words(path: Path, skip=()) -> tuple[int, int]:
    """Words of the markdown cells (headings not counted), and how many of them lie in the skipped sections."""
    total = skipped = 0
    cut = None
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "markdown":
            continue
        for line in cell.source.splitlines():
            match = HEADING.match(line)
            if match:
                level = len(match.group(1))
                if cut is not None and level <= cut:
                    cut = None
                if cut is None and any(match.group(2).strip().startswith(s) for s in skip):
                    cut = level
                continue
            n = len(line.split())
            total += n
            skipped += n if cut is not None else 0
    return total, skipped


def _minutes(clock: str) -> int:
    hours, minutes = clock.split(":")
    return int(hours) * 60 + int(minutes)


@pytest.mark.parametrize("title, first, last, teaching", [("Timetable", "09:00", "17:30", 420),
                                                        ("Half day", "09:00", "12:45", 210)])
def test_timetable_is_continuous_and_adds_up(title, first, last, teaching):
    rows = _table(title)
    assert rows[0][0] == first and rows[-1][1] == last
    for previous, row in zip(rows, rows[1:]):
        assert row[0] == previous[1], f"gap or overlap before {row}"
    for start, end, minutes, *_ in rows:
        assert _minutes(end) - _minutes(start) == int(minutes)
    assert sum(int(r[2]) for r in rows if r[3] != "—" or not re.match(r"(Break|Lunch)", r[4])) == teaching


def test_full_day_covers_every_notebook_once_in_the_timetable():
    taught = [r[3] for r in _table("Timetable") if r[3] != "—"]
    assert sorted(taught) == sorted(lesson.code for lesson in COURSE)


def test_every_skipped_heading_still_exists():
    for code, headings in _skips().items():
        lesson = next(lesson for lesson in COURSE if lesson.code == code)
        nb = nbformat.read(ROOT / "notebooks" / lesson.file, as_version=4)
        titles = [m.group(2).strip() for c in nb.cells if c.cell_type == "markdown"
                  for m in map(HEADING.match, c.source.splitlines()) if m]
        for heading in headings:
            assert any(t.startswith(heading) for t in titles), f"{lesson.file} has no section «{heading}» any more"


@pytest.mark.parametrize("lesson", COURSE, ids=lambda lesson: lesson.code)
def test_reading_load_is_measured_and_each_block_fits(lesson):
    row = next(r for r in _table("Does the course fit the day?") if r[0] == lesson.code)
    words, skipped, in_class, reading, exercises, demo, block = map(int, row[1:])
    total, cut = _prose_words(ROOT / "notebooks" / lesson.file, _skips().get(lesson.code, ()))
    assert abs(words - total) <= 0.15 * total, f"{lesson.code}: the agenda says {words} words, the notebook has {total}"
    assert abs(skipped - cut) <= 0.15 * max(cut, 20), f"{lesson.code}: skipped {skipped} stated, {cut} measured"
    assert in_class == words - skipped and reading == math.ceil(in_class / WORDS_PER_MINUTE)
    assert exercises == MINUTES_PER_EXERCISE * len(lesson.exercises)
    assert math.ceil((total - cut) / WORDS_PER_MINUTE) + exercises + demo <= block + 1
    assert reading + exercises + demo == block
    scheduled = sum(int(r[2]) for r in _table("Timetable") if r[3] == lesson.code)
    assert scheduled == block


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
