"""Memory-safe by default: metrics, compare and report estimate what reading a file whole takes, and read it in
chunks on their own beyond the memory budget, saying so (issue 25, point 6)."""

from __future__ import annotations

import gzip
import json
import os

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from iso4213_nb.cli import main
from iso4213_nb.inputs import memory

N = 3000


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("memory")
    rng = np.random.default_rng(25)
    y = rng.integers(0, 2, N)
    a = np.round(np.clip(rng.normal(0.35 + 0.3 * y, 0.2), 0, 1), 3)
    b = np.round(np.clip(rng.normal(0.4 + 0.2 * y, 0.25), 0, 1), 3)
    table = pa.table({"y_true": y, "y_pred": (a >= 0.5).astype(np.int64), "score": a})
    pq.write_table(table, folder / "one.parquet")
    parts = folder / "parts"
    parts.mkdir()
    pq.write_table(table.slice(0, 1000), parts / "a.parquet")
    pq.write_table(table.slice(1000), parts / "b.parquet")
    text = "y_true,y_pred,score\n" + "".join(f"{t},{int(s >= 0.5)},{s}\n" for t, s in zip(y, a))
    (folder / "one.csv").write_text(text)
    (folder / "one.csv.gz").write_bytes(gzip.compress(text.encode()))
    (folder / "pair.csv").write_text("y,a,b\n" + "".join(f"{t},{p},{q}\n" for t, p, q in zip(y, a, b)))
    return folder


@pytest.mark.parametrize("text, value", [("512M", 512 << 20), ("2g", 2 << 30), ("1.5GiB", 3 << 29),
                                         ("800000000", 800_000_000), ("64 KiB", 64 << 10), ("1T", 1 << 40)])
def test_sizes(text, value):
    assert memory.parse_size(text) == value


@pytest.mark.parametrize("text", ["", "12x", "-1G", "0", "G", "1e9"])
def test_bad_sizes(text):
    with pytest.raises(ValueError):
        memory.parse_size(text)


def test_parquet_rows_and_columns_come_from_the_metadata(files):
    found = memory.estimate(files / "one.parquet")
    assert (found.rows, found.columns, found.basis) == (N, 3, "parquet")
    assert found.bytes == N * (memory.ROW_BYTES + 3 * memory.COLUMN_BYTES)
    assert memory.estimate(files / "parts") == found  # a folder: the rows of every file


def test_text_rows_are_estimated_from_the_size(files):
    found = memory.estimate(files / "one.csv")
    assert found.basis == "text" and found.columns == 3 and abs(found.rows - N) < 0.05 * N
    assert found.bytes > memory.whole_file_bytes(found.rows, 3)  # the text itself costs too
    packed = memory.estimate(files / "one.csv.gz")
    assert packed.basis == "compressed" and packed.columns == 3
    size = (files / "one.csv.gz").stat().st_size
    assert packed.rows == pytest.approx(size * memory.COMPRESSION_RATIO / ((files / "one.csv").stat().st_size / N),
                                        rel=0.05)


def test_no_estimate_where_none_can_be_made(files):
    assert memory.estimate("-") is None and memory.estimate(files / "absent.csv") is None
    fifo = files / "pipe.csv"
    os.mkfifo(fifo)
    assert memory.estimate(fifo) is None  # not opened: its bytes are the reader's, once (and opening it would wait)
    (files / "book.xlsx").write_bytes(b"PK\x03\x04rest")
    assert memory.estimate(files / "book.xlsx") is None


@pytest.mark.parametrize("hidden", [[], [".DS_Store", "_SUCCESS"]])
def test_a_folder_without_visible_files_is_the_readers_one_line_not_a_traceback(tmp_path, capsys, hidden):
    """The estimate looked at the folder's first file before the reader could say the folder had none."""
    folder = tmp_path / "parts"
    folder.mkdir()
    for name in hidden:
        (folder / name).write_bytes(b"")
    assert memory.estimate(folder) is None
    assert main(["metrics", "--predictions", str(folder)]) == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "is a folder without Parquet files" in said and str(folder) in said


def test_default_budget_is_the_smaller_of_one_gib_and_a_quarter_of_what_is_available(monkeypatch):
    monkeypatch.setattr(memory, "available_memory", lambda: 16 << 30)
    assert memory.default_budget() == 1 << 30
    monkeypatch.setattr(memory, "available_memory", lambda: 2 << 30)
    assert memory.default_budget() == 512 << 20
    monkeypatch.setattr(memory, "available_memory", lambda: None)
    assert memory.default_budget() == 1 << 30


def _run(capsys, *argv):
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_metrics_streams_beyond_the_budget_and_says_so(files, capsys):
    path = str(files / "one.parquet")
    status, whole, said = _run(capsys, "metrics", "--predictions", path, "--json", "--seed", "3")
    assert status == 0 and said == ""
    status, chunked, said = _run(capsys, "metrics", "--predictions", path, "--json", "--seed", "3",
                                 "--memory-budget", "10K")
    assert status == 0
    assert said.count("\n") == 1 and "read in chunks of 1000000 rows" in said and "--in-memory" in said
    whole, chunked = json.loads(whole), json.loads(chunked)
    assert chunked.pop("memory") == {"rows": N, "bytes": memory.estimate(path).bytes, "budget": 10 << 10,
                                     "chunk_rows": 1_000_000}
    assert "memory" not in whole
    for key in ("per_class", "auroc", "average_precision", "intervals"):
        assert chunked[key] == whole[key], key


def test_in_memory_forces_the_whole_file(files, capsys):
    path = str(files / "one.parquet")
    status, out, said = _run(capsys, "metrics", "--predictions", path, "--json", "--memory-budget", "1K",
                             "--in-memory")
    assert status == 0 and said == "" and "memory" not in json.loads(out)
    status, out, said = _run(capsys, "metrics", "--predictions", path, "--in-memory", "--chunk-rows", "100")
    assert status == 2 and said.startswith("iso4213-nb metrics: error: --in-memory") and said.count("\n") == 1


def test_the_text_output_and_russian_say_it_too(files, capsys):
    path = str(files / "one.csv")
    status, out, said = _run(capsys, "metrics", "--predictions", path, "--memory-budget", "1K")
    assert status == 0 and out.rstrip().endswith("--in-memory reads it whole.")
    status, out, said = _run(capsys, "metrics", "--predictions", path, "--memory-budget", "1K", "--lang", "ru")
    assert status == 0 and said.startswith("iso4213-nb metrics: примечание") and "--in-memory" in said
    assert "0,00 ГиБ" in said


def test_compare_streams_beyond_the_budget(files, capsys):
    argv = ["compare", "--predictions", str(files / "pair.csv"), "--y-true", "y", "--a", "a", "--b", "b",
            "--test", "delong", "--json"]
    status, whole, said = _run(capsys, *argv)
    assert status == 0 and said == ""
    status, chunked, said = _run(capsys, *argv, "--memory-budget", "1K")
    assert status == 0 and "read in chunks" in said
    whole, chunked = json.loads(whole), json.loads(chunked)
    assert chunked.pop("memory")["rows"] == pytest.approx(N, rel=0.05)
    assert chunked["statistic"] == pytest.approx(whole["statistic"], rel=1e-9)
    assert chunked["pvalue"] == pytest.approx(whole["pvalue"], rel=1e-9)


def test_a_multi_label_compare_is_read_whole_whatever_the_budget(tmp_path, capsys):
    path = tmp_path / "ml.csv"
    rng = np.random.default_rng(3)
    truth = rng.integers(0, 2, (200, 2))
    flips = rng.random((200, 2, 2)) < 0.2
    path.write_text("y_true_x,y_true_y,a_pred_x,a_pred_y,b_pred_x,b_pred_y\n" + "".join(
        ",".join(map(str, [*t, *(t ^ f[0]), *(t ^ f[1])])) + "\n" for t, f in zip(truth, flips)))
    status, out, said = _run(capsys, "compare", "--predictions", str(path), "--a", "a", "--b", "b",
                             "--memory-budget", "1K")
    assert status == 0 and said == "", said


def test_bad_budget_is_one_line(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["metrics", "--predictions", "x.csv", "--memory-budget", "lots"])
    assert stop.value.code == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "--memory-budget" in said and "512M" in said


@pytest.mark.slow
def test_report_streams_beyond_the_budget(files, tmp_path, capsys):
    out = tmp_path / "report"
    status, printed, said = _run(capsys, "report", "--predictions", str(files / "one.parquet"), "--out", str(out),
                                 "--format", "html", "--memory-budget", "1K")
    assert status == 0 and "read in chunks" in said
    report = json.loads((out / "report.json").read_text())
    assert report["streaming"]["chunk_rows"] == 1_000_000
    assert "Chunks were chosen on their own" in report["streaming"]["how"]
