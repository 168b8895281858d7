"""The hostile audit of issue 27 (point 3), through the command line a user types.

Each case ended with a traceback, an abort or a wrong answer before its fix; each now gives the one line on
stderr and exit status 2 that bad input gets (or, where the input is fine, the right answer).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from iso4213_nb.cli import main


def write(tmp_path, text, name="in.csv") -> str:
    path = tmp_path / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return str(path)


def one_line_error(capsys, argv) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"iso4213-nb {argv[0]}: error: "), err
    return err


def run_json(capsys, argv) -> dict:
    assert main(argv + ["--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("chunk", [[], ["--chunk-rows", "2"]])
def test_a_label_of_thousands_of_digits_stays_exact_text(tmp_path, capsys, chunk):
    long = "1" * 5000  # beyond Python's 4,300-digit limit on int("...")
    path = write(tmp_path, f"y_true,y_pred\n{long},{long}\n0,0\n1,{long}\n")
    out = run_json(capsys, ["metrics", "--predictions", path, *chunk])
    assert out["labels"] == ["0", "1", long]
    assert out["per_class"][long]["tp"] == 1 and out["per_class"]["1"]["fn"] == 1


def test_a_count_matrix_with_a_count_of_thousands_of_digits_is_one_line(tmp_path, capsys):
    path = write(tmp_path, "true\\predicted,a,b\na,1,2\nb," + "9" * 5000 + ",4\n")
    one_line_error(capsys, ["metrics", "--matrix", path, "--rows", "true"])


def test_a_state_file_nested_a_hundred_thousand_deep_is_one_line(tmp_path, capsys):
    path = write(tmp_path, "[" * 100_000, "deep.state")
    err = one_line_error(capsys, ["metrics", "--states", path])
    assert "deep.state: not a state file" in err


@pytest.mark.parametrize("column, kind", [("y_true", pa.list_(pa.int64())), ("y_pred", pa.list_(pa.int64())),
                                          ("group_sex", pa.struct([("x", pa.int64())]))])
@pytest.mark.parametrize("how", [[], ["--chunk-rows", "1"], ["--engine", "dask", "--scheduler", "synchronous"]])
def test_a_parquet_column_of_lists_or_structs_is_one_line_naming_it_and_its_type(tmp_path, capsys, column, kind,
                                                                                 how):
    values = {"y_true": [1, 0], "y_pred": [1, 0], "group_sex": ["f", "m"]}
    values[column] = pa.array([[1], [0]] if pa.types.is_list(kind) else [{"x": 1}, {"x": 2}], kind)
    path = tmp_path / "nested.parquet"
    pq.write_table(pa.table(values), path)
    err = one_line_error(capsys, ["metrics", "--predictions", str(path), *how])
    assert f"column '{column}' is of type {'list<element: int64>' if pa.types.is_list(kind) else kind}" in err


@pytest.mark.parametrize("address", ["foo", "file:///etc/passwd", "tcp://[::1"])
def test_a_scheduler_address_that_is_no_address_is_one_line(tmp_path, capsys, monkeypatch, address):
    distributed = pytest.importorskip("distributed")

    def no_client(*args, **kwargs):  # a client's loop thread, started on a bad address, failed on a loaded machine
        raise AssertionError("a bad address must be refused before a client starts")

    monkeypatch.setattr(distributed, "Client", no_client)
    path = tmp_path / "p.parquet"
    pq.write_table(pa.table({"y_true": [1, 0, 1], "y_pred": [1, 0, 0]}), path)
    err = one_line_error(capsys, ["metrics", "--predictions", str(path), "--engine", "dask", "--scheduler", address])
    assert f"--scheduler {address} is no address of a Dask scheduler" in err


def test_pyarrow_is_given_no_python_callback_that_its_threads_could_drop_at_exit():
    from iso4213_nb.inputs.table import csv_options

    _read, parse, _convert = csv_options(["y_true", "y_pred"], 1, ",", ["y_true", "y_pred"])
    assert parse.invalid_row_handler is None  # released by a reading thread at exit, it aborted the process


def test_state_never_aborts_at_exit(tmp_path):
    rows = "".join(f"{i % 2},{(i // 3) % 2},{(i % 7) / 7:.3f}\n" for i in range(2000))
    base = write(tmp_path, "y_true,y_pred,score\n" + rows, "base.csv")
    ragged = write(tmp_path, "y_true,y_pred,score\n" + rows + "1,0\n", "ragged.csv")
    for run in range(30):
        bad = run % 5 == 4  # "also once after a proper input error"
        done = subprocess.run([sys.executable, "-m", "iso4213_nb", "state", "--predictions", ragged if bad else base,
                               "--out", str(tmp_path / "s.state")], capture_output=True, text=True, timeout=120)
        assert done.returncode == (2 if bad else 0), (run, done.returncode, done.stderr)
        assert "terminate called" not in done.stderr


def test_a_line_of_only_spaces_is_a_ragged_row_named_by_its_line(tmp_path, capsys):
    path = write(tmp_path, "y_true,y_pred\n1,1\n   \n0,0\n")
    err = one_line_error(capsys, ["metrics", "--predictions", path])
    assert "in.csv, line 3: has 1 field(s), the header has 2" in err


@pytest.mark.parametrize("chunk", [[], ["--chunk-rows", "1"]])
def test_a_line_longer_than_the_documented_16_mib_is_refused(tmp_path, capsys, chunk):
    path = write(tmp_path, "y_true,y_pred\n0,0\n" + "a" * (20 << 20) + ",a\n1,1\n")  # pyarrow alone parses it
    err = one_line_error(capsys, ["metrics", "--predictions", path, *chunk])
    assert "a line is longer than 16 MiB" in err


def test_a_forced_separator_the_file_does_not_use_says_which_it_seems_to_use(tmp_path, capsys):
    path = write(tmp_path, "y_true,y_pred,score\n1,1,0.9\n0,0,0.2\n")
    err = one_line_error(capsys, ["metrics", "--predictions", path, "--sep", "semicolon"])
    assert "--sep ';' leaves the header one column, but the file seems separated by ','" in err
    tabs = write(tmp_path, "y_true\ty_pred\n1\t1\n0\t0\n", "t.tsv")
    assert "the file seems separated by tab" in one_line_error(capsys, ["metrics", "--predictions", tabs, "--sep", ","])


def test_a_zip_that_holds_no_workbook_is_named_a_zip_archive(tmp_path, capsys):
    import zipfile

    path = tmp_path / "parts.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("part0.csv", "y_true,y_pred\n1,1\n")
    err = one_line_error(capsys, ["metrics", "--predictions", str(path)])
    assert "parts.zip: a zip archive, not an .xlsx workbook (it holds 1 file(s): 'part0.csv')" in err


def test_a_closed_standard_output_ends_the_command_quietly(tmp_path):
    rows = "".join(f"c{i % 300},c{(i * 7) % 300}\n" for i in range(3000))  # output far beyond a pipe's buffer
    path = write(tmp_path, "y_true,y_pred\n" + rows)
    for _ in range(3):
        run = subprocess.Popen([sys.executable, "-m", "iso4213_nb", "metrics", "--predictions", path, "--json"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert run.stdout.read(10) == b'{\n  "n": 3'
        run.stdout.close()  # what `| head` does
        assert run.wait(timeout=120) in (0, 141)
        assert run.stderr.read() == b""


@pytest.mark.parametrize("chunk", [[], ["--chunk-rows", "1"]])
def test_labels_keep_the_spaces_they_are_written_with(tmp_path, capsys, chunk):
    path = write(tmp_path, "y_true,y_pred,group_site\n cat,cat,a\ncat,cat, a\ndog,dog,a\ndog,cat,a\n")
    out = run_json(capsys, ["metrics", "--predictions", path, *chunk])
    assert out["labels"] == [" cat", "cat", "dog"] and out["n"] == 4
    assert out["per_class"]["cat"]["tp"] == 1 and out["per_class"][" cat"]["fn"] == 1


def test_a_full_disk_while_copying_a_folder_is_one_short_line(tmp_path, capsys, monkeypatch):
    import shutil

    from iso4213_nb.cli import checklist as command

    why = "[Errno 28] No space left on device"
    failures = [(f"/src/assets/f{i}.js", f"{tmp_path}/out/assets/f{i}.js", f"{why}: '{tmp_path}/out/assets/f{i}.js'")
                for i in range(80)]

    def full(args):
        raise shutil.Error(failures)

    monkeypatch.setattr(command, "run", full)
    assert main(["checklist", "template"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 400, err
    assert err.startswith(f"iso4213-nb checklist: error: {tmp_path}/out/assets: 80 file(s) could not be copied "
                          f"there: {why}")


@pytest.mark.parametrize("chunk", [[], ["--chunk-rows", "1"]])
def test_metrics_notes_labels_that_differ_only_in_spaces(tmp_path, capsys, chunk):
    path = write(tmp_path, "y_true,y_pred\n1, 1\n0, 0\n")
    assert main(["metrics", "--predictions", path, *chunk]) == 0
    err = capsys.readouterr().err
    assert "note: labels ' 0' / '0'; ' 1' / '1' differ only in spaces around them and are different classes" in err
