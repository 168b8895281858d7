"""A report folder appears whole or not at all, and a failed run never harms a previous report."""

import pytest

from iso4213_nb.report import build, export
from iso4213_nb.report.atomic import atomic_directory
from iso4213_nb.report.execute import ReportBuildError

PREDICTIONS = "y_true,a_pred,a_score\n1,1,0.9\n0,0,0.2\n1,0,0.4\n0,1,0.6\n"


def _previous_report(folder):
    folder.mkdir(parents=True)
    (folder / "report.json").write_text('{"previous": true}')
    (folder / "report.html").write_text("previous good report")
    return folder


def _siblings(folder):
    return sorted(p.name for p in folder.parent.iterdir())


def test_success_replaces_previous_report(tmp_path):
    out = _previous_report(tmp_path / "report")
    with atomic_directory(out) as tmp:
        assert tmp.parent == out.parent and tmp != out
        (tmp / "report.json").write_text('{"new": true}')
    assert (out / "report.json").read_text() == '{"new": true}'
    assert not (out / "report.html").exists()
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


@pytest.mark.parametrize("stage", ["notebook", "pdf"])
def test_failed_build_stage_keeps_previous_report(tmp_path, monkeypatch, stage):
    """A failure after report.json (the notebook run) or after the HTML (the PDF print) writes nothing."""
    predictions = tmp_path / "p.csv"
    predictions.write_text(PREDICTIONS)
    out = _previous_report(tmp_path / "out" / "report")

    def failing_notebook(directory, parameters):
        (directory / "report.ipynb").write_text("partial")
        raise ReportBuildError("the report notebook failed: simulated")

    def failing_pdf(html_path):
        html_path.with_suffix(".pdf").write_bytes(b"%PDF-partial")
        raise ReportBuildError("chromium could not print the PDF: simulated")

    if stage == "notebook":
        monkeypatch.setattr(build, "run_template", failing_notebook)
    else:
        monkeypatch.setattr(export, "to_pdf", failing_pdf)
        monkeypatch.setattr(export, "chromium", lambda: "/usr/bin/chromium")
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
