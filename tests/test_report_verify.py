"""`iso4213-nb verify DIR`: a tampered number, a modified output file and a changed input are each found."""

import hashlib
import json
import os
import shutil
import subprocess
import sys

import pytest

from iso4213_nb.cli import main
from iso4213_nb.report.manifest import MANIFEST
from iso4213_nb.report import verify as verify_module
from iso4213_nb.report.verify import verify_report
from report_builds import HOSTILE_CSV, MODEL_TAG, hostile_inputs, hostile_report


@pytest.fixture
def folder(tmp_path):
    """A private copy of the hostile report (text labels, two models), free to tamper with."""
    copy = tmp_path / "report"
    shutil.copytree(hostile_report(), copy)
    return copy


def _run(capsys, *argv):
    status = main(["verify", *map(str, argv)])
    return status, capsys.readouterr().out


def test_untouched_report_verifies(folder, capsys):
    status, out = _run(capsys, folder)
    assert status == 0, out
    assert out.splitlines()[-1].startswith(f"verify {folder}: all ") and "recomputed from predictions.parquet" in out
    assert "ok       file report.json" in out and "ok       file predictions.parquet" in out
    assert f"value models.{MODEL_TAG}.assessment (" in out
    result = verify_report(folder)
    assert result.ok and sum(c.count for c in result.checks if c.kind == "number") > 200


def test_tampered_number_is_found(folder, capsys):
    report = json.loads((folder / "report.json").read_text())
    model = report["models"][MODEL_TAG]
    true_value = model["assessment"]["accuracy"]
    model["assessment"]["accuracy"] = true_value + 0.01
    (folder / "report.json").write_text(json.dumps(report, indent=1, ensure_ascii=False))
    status, out = _run(capsys, folder)
    assert status == 1
    assert "CHANGED  file report.json: its SHA-256 differs" in out
    assert (f"DIFFERS  value models.{MODEL_TAG}.assessment.accuracy: report.json has {true_value + 0.01}, "
            f"recomputed {true_value}") in out
    assert out.splitlines()[-1].startswith(f"verify {folder}: 2 difference(s)")


def test_modified_missing_and_added_output_files_are_found(folder, capsys):
    with open(folder / "report.html", "a") as handle:
        handle.write("<!-- edited -->")
    (folder / "assets" / "require.js").unlink()
    (folder / "notes.txt").write_text("mine")
    status, out = _run(capsys, folder)
    assert status == 1
    assert "CHANGED  file report.html: its SHA-256 differs from the one in manifest.json" in out
    assert "MISSING  file assets/require.js: listed in manifest.json but not in the folder" in out
    assert "EXTRA    file notes.txt: in the folder but not listed in manifest.json" in out
    assert out.splitlines()[-1].startswith(f"verify {folder}: 3 difference(s)")


def test_original_input_verifies_and_a_changed_input_is_found(folder, tmp_path, capsys):
    original, _ = hostile_inputs(tmp_path / "inputs")
    status, out = _run(capsys, folder, "--predictions", original)
    assert status == 0, out
    assert f"ok       input {original.name}" in out
    changed = tmp_path / "changed.csv"
    changed.write_text(HOSTILE_CSV.replace("0.91", "0.11"))  # one score of the tagged model
    status, out = _run(capsys, folder, "--predictions", changed)
    assert status == 1
    digest = hashlib.sha256(changed.read_bytes()).hexdigest()
    assert f"CHANGED  input changed.csv: SHA-256 {digest} differs from" in out
    assert f"DIFFERS  value models.{MODEL_TAG}.assessment.auroc: report.json has " in out


def test_schema_violation_is_reported(folder, capsys):
    report = json.loads((folder / "report.json").read_text())
    report["models"][MODEL_TAG]["assessment"]["accuracy"] = "high"
    (folder / "report.json").write_text(json.dumps(report))
    status, out = _run(capsys, folder)
    assert status == 1
    assert f"INVALID  report.json $.models['{MODEL_TAG}'].assessment.accuracy: 'high' is not of type" in out


def test_manifest_without_inputs_is_exit_2_one_line(folder, capsys):
    manifest = json.loads((folder / MANIFEST).read_text())
    del manifest["inputs"]
    (folder / MANIFEST).write_text(json.dumps(manifest))
    assert main(["verify", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err == "iso4213-nb verify: error: manifest.json has no inputs.predictions.sha256; it was not written " \
                  "by this version of iso4213-nb or was edited\n"


def test_not_a_report_folder_is_exit_2_one_line(tmp_path, capsys):
    (tmp_path / "x.txt").write_text("x")
    assert main(["verify", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{tmp_path} has no {MANIFEST}; it is not a report folder" in err
    assert main(["verify", str(tmp_path / "nope")]) == 2
    assert "no such folder" in capsys.readouterr().err


@pytest.mark.slow
def test_report_from_standard_input_in_a_pipe(tmp_path):
    """`report --predictions -` in a pipe: read once, hashed, verified against the original file afterwards."""
    text = "y_true,a_pred,a_score,b_score\n1,1,0.9,0.8\n0,0,0.2,0.3\n1,0,0.4,0.7\n0,1,0.6,0.1\n1,1,0.8,0.6\n0,0,0.1,0.2\n"
    (tmp_path / "p.csv").write_text(text)
    command = [sys.executable, "-m", "iso4213_nb", "report", "--predictions", "-", "--out", "r", "--format", "html"]
    with open(tmp_path / "p.csv") as stdin:
        done = subprocess.run(command, cwd=tmp_path, stdin=stdin, capture_output=True, text=True,
                              env=dict(os.environ, TMPDIR=str(tmp_path)))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # no progress bar: stderr is not a terminal
    manifest = json.loads((tmp_path / "r" / MANIFEST).read_text())
    assert manifest["inputs"]["predictions"]["name"] == "standard input"
    assert manifest["inputs"]["predictions"]["sha256"] == hashlib.sha256(text.encode()).hexdigest()
    assert manifest["command"] == ["iso4213-nb", *command[3:]]
    assert json.loads((tmp_path / "r" / "report.json").read_text())["input"]["n"] == 6
    verified = subprocess.run([sys.executable, "-m", "iso4213_nb", "verify", "r", "--predictions", "p.csv"],
                              cwd=tmp_path, capture_output=True, text=True)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.csv", "r"]


def test_reading_options_are_recorded_and_verify_reads_the_original_the_same_way(tmp_path):
    """A semicolon file with decimal commas: the manifest keeps --sep/--decimal, so verify --predictions matches."""
    import json as _json

    from iso4213_nb.cli import main
    path = tmp_path / "p.csv"
    path.write_text("y_true;m_score\n1;0,9\n0;0,2\n1;0,4\n0;0,6\n1;0,8\n0;0,1\n")
    out = tmp_path / "r"
    assert main(["report", "--predictions", str(path), "--out", str(out), "--format", "html", "--sep", ";",
                 "--decimal", ","]) == 0
    manifest = _json.loads((out / "manifest.json").read_text())
    assert manifest["parameters"]["reading"]["decimal"] == "," and manifest["parameters"]["reading"]["sep"] == ";"
    assert main(["verify", str(out), "--predictions", str(path)]) == 0


def test_manifest_entries_outside_the_folder_are_refused_unread(folder, tmp_path, capsys, monkeypatch):
    secret = tmp_path / "secret.txt"
    secret.write_text("guess me")
    (folder / "assets" / "link.txt").symlink_to(secret)
    manifest = json.loads((folder / MANIFEST).read_text())
    digest = hashlib.sha256(b"guess me").hexdigest()
    for entry in ("../secret.txt", str(secret), "assets/../../secret.txt", "assets/link.txt"):
        manifest["files"][entry] = {"sha256": digest, "size": 8}
    (folder / MANIFEST).write_text(json.dumps(manifest))
    read = []
    real = verify_module.sha256_file
    monkeypatch.setattr(verify_module, "sha256_file", lambda path: read.append(path) or real(path))
    status, out = _run(capsys, folder)
    assert status == 1
    for entry in ("../secret.txt", str(secret), "assets/../../secret.txt", "assets/link.txt"):
        assert f"REFUSED  file {entry}: listed in manifest.json but outside the report folder; not read" in out
    assert not [p for p in read if "secret" in str(p) or "link" in str(p)]
    assert "ok       file ../secret.txt" not in out and "CHANGED  file ../secret.txt" not in out


def test_values_taken_from_report_json_itself_are_said_not_recomputed(folder, capsys):
    status, out = _run(capsys, folder)
    assert status == 0
    assert "ok       value checklist.answer" not in out
    lines = [line for line in out.splitlines() if " value checklist.answer (" in line]
    assert len(lines) == 1 and lines[0].startswith("NOT RECOMPUTED value checklist.answer (")
    assert "taken from report.json itself by the recomputation, so not checked" in lines[0]
    assert "values not recomputed (see above)" in out.splitlines()[-1]


def test_a_report_from_state_files_says_nothing_was_recomputed(tmp_path, capsys):
    from test_streaming import _shards

    _, states = _shards(tmp_path, 2)
    out = tmp_path / "report"
    assert main(["report", "--states", *states, "--out", str(out), "--format", "html"]) == 0
    capsys.readouterr()
    status, text = _run(capsys, out)
    assert status == 0
    assert "the report was made from state files, which keep no rows to recompute from" in text
    assert " values not recomputed (see above)" in text.splitlines()[-1]
    assert not any(line.startswith("ok       value") for line in text.splitlines())
