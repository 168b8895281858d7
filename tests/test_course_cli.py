"""``iso4213-nb course init/reset/progress`` (issue 25, point 3; issue 26, point 8): a learner's own copy of the
course written from the package, put back as shipped without touching the learner's files, and a class's progress."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from iso4213_nb.cli import main
from iso4213_nb.course import learner_copy
from iso4213_nb.course.learner_progress import save_attempt

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
DATA = ROOT / "iso4213_nb" / "demos" / "data"


def _course(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*")
            if p.is_file() and p.name != learner_copy.MANIFEST}


def _run(capsys, *argv) -> tuple[int, str, str]:
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_init_writes_every_notebook_and_the_demo_data_with_a_manifest_of_their_hashes(tmp_path, capsys):
    status, out, err = _run(capsys, "course", "init", tmp_path / "mine")
    assert status == 0 and err == ""
    expected = {p.name: p.read_bytes() for p in NOTEBOOKS.glob("*.ipynb")}
    expected |= {f"data/{p.name}": p.read_bytes() for p in DATA.iterdir() if p.is_file()}
    assert _course(tmp_path / "mine") == expected
    manifest = json.loads((tmp_path / "mine" / learner_copy.MANIFEST).read_text())
    assert manifest["language"] == "en" and set(manifest["files"]) == set(expected)
    assert all(manifest["files"][name] == hashlib.sha256(data).hexdigest() for name, data in expected.items())
    assert f"jupyter lab {tmp_path / 'mine'}" in out and f"{len(expected)} files" in out


@pytest.mark.parametrize("argv", [("course", "init", "{dir}", "--lang", "ru"), ("--lang", "ru", "course", "init", "{dir}")])
def test_init_in_russian_takes_each_translated_notebook_and_says_which_are_still_english(tmp_path, capsys, argv):
    folder = tmp_path / "moi"
    status, out, _ = _run(capsys, *(str(folder) if a == "{dir}" else a for a in argv))
    assert status == 0
    translated = {p.name for p in (NOTEBOOKS / "ru").glob("*.ipynb")}
    assert translated >= {"annex_a.ipynb", "03_threshold_explorer.ipynb"}
    for notebook in NOTEBOOKS.glob("*.ipynb"):
        source = NOTEBOOKS / "ru" / notebook.name if notebook.name in translated else notebook
        assert (folder / notebook.name).read_bytes() == source.read_bytes(), notebook.name
    assert "курс записан" in out and "jupyter lab" in out
    untranslated = {p.name for p in NOTEBOOKS.glob("*.ipynb")} - translated
    if untranslated:
        assert set(out.split("на английском: ")[1].strip().split(", ")) == untranslated
    else:  # the whole course is in Russian: no notebook is named as English
        assert "на английском" not in out
    assert json.loads((folder / learner_copy.MANIFEST).read_text())["language"] == "ru"


def test_reset_restores_changed_and_deleted_course_files_and_leaves_the_learners_own(tmp_path, capsys):
    folder = tmp_path / "mine"
    _run(capsys, "course", "init", folder, "--lang", "ru")
    shipped = _course(folder)
    (folder / "annex_a.ipynb").write_text("my edits")
    (folder / "02_binary_measures.ipynb").unlink()
    (folder / "data" / "demo_predictions.csv").write_text("y_true\n1\n")
    (folder / "notes.md").write_text("mine")
    (folder / "data" / "my_predictions.csv").write_text("y_true,y_pred\n1,0\n")
    (folder / "work").mkdir()
    (folder / "work" / "copy.ipynb").write_text("{}")
    status, out, err = _run(capsys, "course", "reset", folder)
    assert status == 0 and err == ""
    after = _course(folder)
    assert {k: after[k] for k in shipped} == shipped
    assert after["notes.md"] == b"mine" and after["data/my_predictions.csv"] == b"y_true,y_pred\n1,0\n"
    assert after["work/copy.ipynb"] == b"{}"
    assert set(after) == set(shipped) | {"notes.md", "data/my_predictions.csv", "work/copy.ipynb"}


def test_reset_keeps_a_learner_file_named_like_a_course_file_the_copy_did_not_have(tmp_path, capsys):
    folder = tmp_path / "mine"
    _run(capsys, "course", "init", folder)
    manifest_path = folder / learner_copy.MANIFEST
    manifest = json.loads(manifest_path.read_text())
    del manifest["files"]["annex_d.ipynb"]  # as if annex_d shipped only after this copy was made
    manifest_path.write_text(json.dumps(manifest))
    (folder / "annex_d.ipynb").write_text("the learner's own annex_d")
    status, out, _ = _run(capsys, "course", "reset", folder)
    assert status == 0 and "annex_d.ipynb" in out
    assert (folder / "annex_d.ipynb").read_text() == "the learner's own annex_d"


@pytest.mark.parametrize("setup, code", [
    ("copy", "already holds a course copy"),
    ("clash", "already has a file 01_process_and_controls.ipynb"),
    ("file", "is not a folder"),
])
def test_init_refuses_without_writing_anything(tmp_path, capsys, setup, code):
    folder = tmp_path / "mine"
    if setup == "copy":
        _run(capsys, "course", "init", folder)
    elif setup == "clash":
        folder.mkdir()
        (folder / "01_process_and_controls.ipynb").write_text("mine")
    else:
        folder.write_text("a file")
    before = _course(folder) if folder.is_dir() else folder.read_bytes()
    status, out, err = _run(capsys, "course", "init", folder)
    assert status == 2 and out == "" and code in err and len(err.strip().splitlines()) == 1
    assert (_course(folder) if folder.is_dir() else folder.read_bytes()) == before


@pytest.mark.parametrize("where", ["package", "repository"])
def test_the_course_is_never_written_into_the_package_or_the_repository(capsys, where):
    folder = learner_copy.PACKAGE / "course" / "learner" if where == "package" else ROOT / "my-course"
    status, _, err = _run(capsys, "course", "init", folder)
    assert status == 2 and "lies inside" in err and not folder.exists()


def test_init_cut_short_leaves_no_file_behind(tmp_path, monkeypatch):
    written = []
    original = learner_copy._write

    def failing(source, target):
        if len(written) == 3:
            raise OSError(28, "No space left on device")
        original(source, target)
        written.append(target)

    monkeypatch.setattr(learner_copy, "_write", failing)
    with pytest.raises(OSError):
        learner_copy.init(tmp_path / "mine")
    assert len(written) == 3 and not [p for p in (tmp_path / "mine").rglob("*") if p.is_file()]


@pytest.mark.parametrize("manifest", ["not json", json.dumps({"format": "iso4213-nb course", "language": "../..",
                                                                "files": {}}), json.dumps([1])])
def test_reset_refuses_a_folder_without_a_manifest_it_can_trust(tmp_path, capsys, manifest):
    status, _, err = _run(capsys, "course", "reset", tmp_path)
    assert status == 2 and "holds no course copy" in err
    (tmp_path / learner_copy.MANIFEST).write_text(manifest)
    (tmp_path / "mine.txt").write_text("mine")
    status, _, err = _run(capsys, "course", "reset", tmp_path)
    assert status == 2 and "is not a course manifest" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([learner_copy.MANIFEST, "mine.txt"])


def test_progress_sums_up_the_records_of_a_class(tmp_path, capsys):
    ann, ben, cyd = tmp_path / "ann.json", tmp_path / "ben.json", tmp_path / "cyd.json"
    save_attempt("06.3", "0", "zero for no value", correct=False, path=ann)
    save_attempt("06.3", "inf", "correct", correct=True, path=ann)
    save_attempt("06.3", "1", "wrong", correct=False, path=ben)
    save_attempt("02.1", "", "revealed", correct=None, path=ben)
    save_attempt("02.1", "0.7", "correct", correct=True, path=cyd)
    save_attempt("02.2", "", "revealed", correct=None, path=cyd)
    status, out, err = _run(capsys, "course", "progress", ann, ben, cyd)
    assert status == 0 and err == ""
    lines = {line.split()[0]: line.split() for line in out.splitlines() if line[:2].isdigit() or line[:2] in ("A.", "B.", "C.", "D.")}
    assert lines["06.3"][-4:] == ["2", "1", "0", "3"]  # attempted, solved, revealed unsolved, replies
    assert lines["02.1"][-4:] == ["1", "1", "1", "1"]
    assert lines["02.2"][-4:] == ["0", "0", "1", "0"]
    assert lines["01.1"][-4:] == ["0", "0", "0", "0"]
    assert "3 progress records" in out


def test_progress_names_a_missing_or_foreign_file_in_one_line(tmp_path, capsys):
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"exercises": {}}))
    for path, words in ((tmp_path / "absent.json", "progress file not found"), (other, "is not a progress file")):
        status, out, err = _run(capsys, "course", "progress", path)
        assert status == 2 and out == "" and words in err and str(path) in err and len(err.splitlines()) == 1


def test_slides_of_the_course_in_russian_take_the_translated_notebooks(tmp_path, capsys):
    status, out, err = _run(capsys, "--lang", "ru", "course", "slides", "--out", tmp_path / "decks")
    assert status == 0 and err == "" and "слайды записаны" in out
    decks = tmp_path / "decks" / "ru"
    assert {p.name for p in decks.glob("*.slides.html")} == {f"{p.stem}.slides.html" for p in NOTEBOOKS.glob("*.ipynb")}
    assert "Приложение A" in (decks / "annex_a.slides.html").read_text(encoding="utf-8")
    assert (decks / "assets" / "reveal.js" / "dist" / "reveal.js").is_file()
    status, out, err = _run(capsys, "course", "slides", "--out", tmp_path / "decks", NOTEBOOKS / "annex_a.ipynb")
    assert status == 0 and (tmp_path / "decks" / "en" / "annex_a.slides.html").is_file()
    assert "Приложение A" in (decks / "annex_a.slides.html").read_text(encoding="utf-8")  # English wrote beside it
    status, out, err = _run(capsys, "course", "slides", "--out", tmp_path / "decks", tmp_path / "absent.ipynb")
    assert status == 2 and "absent.ipynb" in err and len(err.splitlines()) == 1
