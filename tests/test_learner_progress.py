"""The learner's progress file: where it lives, what it holds, and the per-notebook summary."""

import json
from pathlib import Path

import pytest

from iso4213_nb import InputError
from iso4213_nb.course import learner_progress
from iso4213_nb.course.contents import COURSE
from iso4213_nb.course.learner_progress import ProgressError, load, record_path, save_attempt, summary

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def path(tmp_path, monkeypatch):
    target = tmp_path / "deep" / "progress.json"
    monkeypatch.setenv("ISO4213_PROGRESS", str(target))
    return target


def test_default_is_in_the_home_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("ISO4213_PROGRESS", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert record_path() == (tmp_path / ".iso4213-nb" / "progress.json").resolve()


def test_environment_variable_moves_it(path):
    assert record_path() == path.resolve()


@pytest.mark.parametrize("inside", ["notebooks/progress.json", "progress.json", "instructor/x/p.json"])
def test_a_path_inside_the_repository_is_refused(monkeypatch, inside):
    monkeypatch.setenv("ISO4213_PROGRESS", str(REPO / inside))
    with pytest.raises(ProgressError, match="outside the repository"):
        record_path()
    with pytest.raises(ProgressError):
        save_attempt("01.1", "0.5", "wrong", correct=False)
    assert not (REPO / inside).exists()


def test_missing_file_is_an_empty_record(path):
    assert load() == {"format": "iso4213-nb progress", "version": 1, "exercises": {}}
    assert not path.exists()


def test_attempts_solved_revealed_and_history(path):
    save_attempt("04.1", "0.6111", "expected mistake", correct=False)
    save_attempt("04.1", "", "revealed", correct=None)
    save_attempt("04.1", "0.5278", "correct", correct=True)
    save_attempt("04.1", "0.1", "wrong", correct=False)
    entry = json.loads(path.read_text(encoding="utf-8"))["exercises"]["04.1"]
    assert entry["attempts"] == 3 and entry["solved"] is True and entry["revealed"] is True
    assert [h["result"] for h in entry["history"]] == ["expected mistake", "revealed", "correct", "wrong"]
    assert all(h["at"].endswith("Z") for h in entry["history"])


def test_history_is_capped(path):
    for i in range(learner_progress.HISTORY + 5):
        save_attempt("01.1", str(i), "wrong", correct=False)
    entry = load()["exercises"]["01.1"]
    assert entry["attempts"] == learner_progress.HISTORY + 5
    assert len(entry["history"]) == learner_progress.HISTORY and entry["history"][-1]["reply"] == str(learner_progress.HISTORY + 4)


def test_unknown_key_is_refused(path):
    with pytest.raises(InputError, match="not in iso4213_nb.course.contents"):
        save_attempt("99.1", "x", "wrong", correct=False)


@pytest.mark.parametrize("content, reason", [("{not json", "invalid JSON at line 1"),
                                             ('{"exercises": {}}', "not a progress file written by iso4213-nb")])
def test_foreign_file_is_never_overwritten(path, content, reason):
    path.parent.mkdir(parents=True)
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ProgressError, match=reason):
        save_attempt("01.1", "0.5", "correct", correct=True)
    assert path.read_text(encoding="utf-8") == content


def test_no_temporary_file_is_left_behind(path):
    save_attempt("01.1", "0.5", "correct", correct=True)
    assert sorted(p.name for p in path.parent.iterdir()) == ["progress.json"]


def test_summary_counts_per_notebook_in_course_order(path):
    save_attempt("06.1", "0.02", "wrong", correct=False)
    save_attempt("06.3", "inf", "correct", correct=True)
    save_attempt("02.2", "", "revealed", correct=None)
    rows = {r["code"]: r for r in summary()}
    assert [r["code"] for r in summary()] == [lesson.code for lesson in COURSE]
    lesson = {lesson.code: lesson for lesson in COURSE}
    assert (rows["06"]["exercises"], rows["06"]["attempted"], rows["06"]["solved"]) == (len(lesson["06"].exercises), 2, 1)
    assert rows["06"]["todo"] == [label for key, label in lesson["06"].exercises if key != "06.3"]
    assert (rows["02"]["attempted"], rows["02"]["solved"], rows["02"]["revealed"]) == (0, 0, 1)
    assert rows["11"]["attempted"] == 0 and rows["11"]["todo"] == [label for _key, label in lesson["11"].exercises]
