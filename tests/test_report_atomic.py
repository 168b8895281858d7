"""A report folder appears whole or not at all, and no run ever deletes a file this tool did not write."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from iso4213_nb import InputError
from iso4213_nb.report import atomic, build, export
from iso4213_nb.report.atomic import (OLD_PREFIX, PARTIAL_PREFIX, atomic_directory, check_target, make_temp_folder,
                                      remove_stale)
from iso4213_nb.report.execute import ReportBuildError
from iso4213_nb.report.manifest import MANIFEST, TEMP_MARKER, write_manifest

PREDICTIONS = "y_true,a_pred,a_score\n1,1,0.9\n0,0,0.2\n1,0,0.4\n0,1,0.6\n"


def _previous_report(folder: Path) -> Path:
    """A finished report folder as this tool leaves it: files plus a manifest that lists them."""
    folder.mkdir(parents=True)
    (folder / "report.json").write_text('{"previous": true}')
    (folder / "report.html").write_text("previous good report")
    (folder / "assets").mkdir()
    (folder / "assets" / "require.js").write_text("// js")
    write_manifest(folder, inputs={}, parameters={}, random_seeds={}, command=["test"], started_utc="t")
    return folder


def _siblings(folder):
    return sorted(p.name for p in folder.parent.iterdir())


def test_success_replaces_previous_report(tmp_path):
    out = _previous_report(tmp_path / "report")
    with atomic_directory(out) as tmp:
        assert tmp.parent == out.parent and tmp != out and tmp.name.startswith(PARTIAL_PREFIX)
        assert (tmp / TEMP_MARKER).is_file()
        (tmp / "report.json").write_text('{"new": true}')
    assert (out / "report.json").read_text() == '{"new": true}'
    assert sorted(p.name for p in out.iterdir()) == ["report.json"]  # the marker is gone
    assert _siblings(out) == ["report"]


def test_error_inside_leaves_previous_report_and_no_temporary_folder(tmp_path):
    out = _previous_report(tmp_path / "report")
    with pytest.raises(RuntimeError, match="boom"):
        with atomic_directory(out) as tmp:
            (tmp / "report.json").write_text("half")
            raise RuntimeError("boom")
    assert (out / "report.html").read_text() == "previous good report"
    assert _siblings(out) == ["report"]


def test_new_folder_not_created_on_error(tmp_path):
    out = tmp_path / "deep" / "report"
    with pytest.raises(KeyboardInterrupt):
        with atomic_directory(out):
            raise KeyboardInterrupt
    assert not out.exists()
    assert list((tmp_path / "deep").iterdir()) == []


@pytest.mark.parametrize("damage, named", [
    (lambda f: (f / "thesis.docx").write_text("my thesis"), "holds thesis.docx, which is not listed"),
    (lambda f: (f / "assets" / "notes.txt").write_text("mine"), "holds assets/notes.txt, which is not listed"),
    (lambda f: (f / "report.html").write_text("edited by hand"), "holds report.html, which was changed"),
    (lambda f: (f / "empty").mkdir(), "holds empty, which is an empty folder"),
    (lambda f: (f / "link").symlink_to("/etc/hostname"), "holds link, which is a symbolic link"),
])
def test_a_file_the_manifest_does_not_vouch_for_blocks_replacement(tmp_path, damage, named):
    """Added, edited or linked files inside an earlier report folder: exit with one line naming the file."""
    out = _previous_report(tmp_path / "report")
    damage(out)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file() and not p.is_symlink()}
    with pytest.raises(InputError, match=named) as error:
        with atomic_directory(out):
            pytest.fail("the body must not run")
    assert "\n" not in str(error.value)
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file() and not p.is_symlink()} == before
    assert _siblings(out) == ["report"]


def test_folder_without_our_manifest_is_never_replaced(tmp_path):
    """The issue's case: the user's own report.json beside their thesis; also a manifest not written by this tool."""
    thesis = tmp_path / "thesis"
    thesis.mkdir()
    (thesis / "thesis.docx").write_text("chapter 1")
    (thesis / "report.json").write_text("{}")
    with pytest.raises(InputError, match=r"--out .*thesis holds report.json and is not a report folder"):
        check_target(thesis)
    (thesis / MANIFEST).write_text(json.dumps({"files": {}}))
    with pytest.raises(InputError, match="was not written by iso4213-nb"):
        check_target(thesis)
    (thesis / MANIFEST).write_text("not json")
    with pytest.raises(InputError, match="is not readable JSON"):
        check_target(thesis)
    assert (thesis / "thesis.docx").read_text() == "chapter 1"


def test_empty_folder_and_new_path_are_fine(tmp_path):
    (tmp_path / "empty").mkdir()
    check_target(tmp_path / "empty")
    check_target(tmp_path / "new" / "deeper")


@pytest.mark.parametrize("spelling", [".", "CWD", "CWD/", "sub/..", "../CWDNAME", "link", "HOME", "/", "..", "PARENT"])
def test_current_home_root_and_their_parents_are_refused(tmp_path, monkeypatch, spelling):
    cwd = tmp_path / "work"
    (cwd / "sub").mkdir(parents=True)
    (tmp_path / "link").symlink_to(cwd)
    monkeypatch.chdir(cwd)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    out = {"CWD": str(cwd), "CWD/": f"{cwd}/", "../CWDNAME": "../work", "link": str(tmp_path / "link"),
           "HOME": str(tmp_path / "home"), "PARENT": str(tmp_path)}.get(spelling, spelling)
    with pytest.raises(InputError, match="refusing to write the report there, it (is|contains) "):
        with atomic_directory(out):
            pytest.fail("the body must not run")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["home", "link", "work"]
    assert sorted(p.name for p in cwd.iterdir()) == ["sub"]  # and no ..old-* or .partial-* folder anywhere


def test_out_that_is_a_symlink_is_refused(tmp_path):
    target = _previous_report(tmp_path / "real")
    (tmp_path / "alias").symlink_to(target)
    with pytest.raises(InputError, match="is a symbolic link"):
        check_target(tmp_path / "alias")


def test_check_again_just_before_replacing(tmp_path):
    """A file the user drops into the old report while the new one is being built still blocks the swap."""
    out = _previous_report(tmp_path / "report")
    with pytest.raises(InputError, match="holds late.txt"):
        with atomic_directory(out) as tmp:
            (tmp / "report.json").write_text("new")
            (out / "late.txt").write_text("written during the build")
    assert (out / "late.txt").read_text() == "written during the build"
    assert _siblings(out) == ["report"]


def _dead_pid() -> int:
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(done.stdout)


def test_only_marked_folders_of_ended_runs_are_cleaned_up(tmp_path):
    mine_dead = make_temp_folder(tmp_path, PARTIAL_PREFIX)
    owner = json.loads((mine_dead / TEMP_MARKER).read_text())
    (mine_dead / TEMP_MARKER).write_text(json.dumps(dict(owner, pid=_dead_pid())))
    old_dead = make_temp_folder(tmp_path, OLD_PREFIX)
    (old_dead / TEMP_MARKER).write_text(json.dumps(dict(owner, pid=_dead_pid())))
    alive = make_temp_folder(tmp_path, PARTIAL_PREFIX)  # this process: still running
    other_host = make_temp_folder(tmp_path, PARTIAL_PREFIX)
    (other_host / TEMP_MARKER).write_text(json.dumps(dict(owner, pid=_dead_pid(), host="elsewhere")))
    unmarked = tmp_path / f"{PARTIAL_PREFIX}users-own"
    unmarked.mkdir()
    (unmarked / "data.csv").write_text("keep me")
    lookalike = tmp_path / "report.partial-x"
    lookalike.mkdir()
    (lookalike / TEMP_MARKER).write_text(json.dumps(dict(owner, pid=_dead_pid())))
    removed = remove_stale(tmp_path, (PARTIAL_PREFIX, OLD_PREFIX))
    assert sorted(removed) == sorted([mine_dead, old_dead])
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [alive.name, other_host.name, unmarked.name, lookalike.name])


def test_new_run_removes_what_a_killed_run_left(tmp_path):
    left = make_temp_folder(tmp_path, PARTIAL_PREFIX)
    owner = json.loads((left / TEMP_MARKER).read_text())
    (left / TEMP_MARKER).write_text(json.dumps(dict(owner, pid=_dead_pid())))
    with atomic_directory(tmp_path / "report") as tmp:
        (tmp / "x").write_text("x")
    assert _siblings(tmp_path / "report") == ["report"]


@pytest.mark.parametrize("stage", ["notebook", "pdf"])
def test_failed_build_stage_keeps_previous_report(tmp_path, monkeypatch, stage):
    """A failure after report.json (the notebook run) or after the HTML (the PDF print) writes nothing."""
    predictions = tmp_path / "p.csv"
    predictions.write_text(PREDICTIONS)
    out = _previous_report(tmp_path / "out" / "report")

    def failing_notebook(directory, parameters):
        (directory / "report.ipynb").write_text("partial")
        raise ReportBuildError("the report notebook failed: simulated")

    def failing_pdf(html_path, **options):
        html_path.with_suffix(".pdf").write_bytes(b"%PDF-partial")
        raise ReportBuildError("chromium could not print the PDF: simulated")

    if stage == "notebook":
        monkeypatch.setattr(build, "run_template", failing_notebook)
    else:
        monkeypatch.setattr(export, "to_pdf", failing_pdf)
        monkeypatch.setattr(export, "browser", lambda given=None: "/usr/bin/chromium")
    with pytest.raises(ReportBuildError, match="simulated"):
        build.make_report(predictions, out=out, formats=("html", "pdf"))
    assert (out / "report.html").read_text() == "previous good report"
    assert (out / "report.json").read_text() == '{"previous": true}'
    assert _siblings(out) == ["report"]


def test_finished_folder_is_readable_by_others(tmp_path):
    out = tmp_path / "report"
    with atomic_directory(out) as tmp:
        (tmp / "report.json").write_text("{}")
    assert out.stat().st_mode & 0o777 == 0o755


def test_signals_are_held_back_during_the_swap(tmp_path):
    """A SIGTERM arriving while the old folder is moved aside waits until the new one is in place."""
    import signal

    out = _previous_report(tmp_path / "report")
    seen = []
    previous = signal.signal(signal.SIGTERM, lambda *_: seen.append(sorted(p.name for p in tmp_path.iterdir())))
    real_rename = os.rename

    def rename_then_signal(a, b):
        real_rename(a, b)
        os.kill(os.getpid(), signal.SIGTERM)

    try:
        with atomic_directory(out) as tmp:
            (tmp / "report.json").write_text("new")
            atomic.os.rename = rename_then_signal
    finally:
        atomic.os.rename = real_rename
        signal.signal(signal.SIGTERM, previous)
    assert seen == [["report"]]  # delivered once everything was in place and the old folder deleted
    assert (out / "report.json").read_text() == "new"


def test_cli_replaces_its_own_report_but_not_one_holding_a_user_file(tmp_path, monkeypatch, capsys):
    """End to end: a real report folder is replaced by a new run; once the user adds a file it is not."""
    import shutil

    from iso4213_nb.cli import main
    from report_builds import hostile_report

    out = tmp_path / "report"
    shutil.copytree(hostile_report(), out)
    predictions = tmp_path / "p.csv"
    predictions.write_text(PREDICTIONS)
    (out / "assets" / "my-notes.md").write_text("notes I must not lose")
    argv = ["report", "--predictions", str(predictions), "--out", str(out), "--format", "html"]
    assert main(argv) == 2
    assert capsys.readouterr().err == (f"iso4213-nb report: error: --out {out} holds assets/my-notes.md, which is "
                                       "not listed in its manifest.json; move it out or choose another --out\n")
    (out / "assets" / "my-notes.md").unlink()
    assert main(argv) == 0
    manifest = json.loads((out / MANIFEST).read_text())
    assert manifest["inputs"]["predictions"]["name"] == "p.csv"  # the file name, never its folders
    assert _siblings(out) == ["p.csv", "report"]
    monkeypatch.chdir(out)
    assert main(["report", "--predictions", str(predictions), "--out", ".", "--format", "html"]) == 2
    assert "it is the current folder" in capsys.readouterr().err
    assert _siblings(out) == ["p.csv", "report"]
