"""The row key (``--row-key``) of the Poisson bootstrap: a column of its own, whole numbers, each row once (issue 12).

A key that is also the truth or a score column is refused naming its role; a
duplicate key is found exactly across chunks and Dask partitions; the
whole-file ``metrics`` and ``report`` take the option as the chunked path does.
"""

import numpy as np
import pytest

from iso4213_nb.cli import main
from test_streaming import _csv


def _file(tmp_path, ids=None, n=40):
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, n)
    score = np.round(np.clip(0.3 * y + 0.7 * rng.random(n), 0, 1), 2)
    ids = np.arange(n) if ids is None else ids
    return _csv(tmp_path / "k.csv", ["y_true", "m_score", "m_pred", "group_site", "id"],
                zip(y, score, (score >= 0.5).astype(int), y % 3, ids))


@pytest.mark.parametrize("column, role", [("y_true", "true labels"), ("m_score", "score column"),
                                          ("m_pred", "predicted labels"), ("group_site", "subgroup")])
def test_a_row_key_that_is_a_column_of_the_layout_is_refused_naming_its_role(tmp_path, capsys, column, role):
    """It was dropped from the header, and the layout then complained of a missing column."""
    path = _file(tmp_path)
    assert main(["metrics", "--predictions", path, "--row-key", column, "--chunk-rows", "7"]) == 2
    err = capsys.readouterr().err.strip()
    assert role in err and repr(column) in err and "of its own" in err and "\n" not in err


def _multiclass_file(tmp_path, ids, name="m.csv"):
    from test_streaming_bootstrap import _csv as columns_csv, _multiclass

    columns = _multiclass(5, len(ids), k=3)
    columns["id"] = np.asarray(ids)
    return columns, columns_csv(tmp_path / name, columns)


@pytest.mark.parametrize("seed", range(4))
def test_key_runs_find_a_duplicate_exactly_whatever_the_split_and_merge_order(seed):
    """Against np.unique: the runs say 'unique' exactly when no key repeats, in any split, merged in any order."""
    from iso4213_nb.scale.accumulators import merge_all
    from iso4213_nb.scale.accumulators.key_runs import KeyRuns
    from iso4213_nb.core.errors import InputError

    rng = np.random.default_rng(seed)
    keys = rng.permutation(np.concatenate([np.arange(500), np.arange(800, 1300), rng.integers(-10 ** 12, 10 ** 12, 50)]))
    if seed % 2:
        keys[rng.integers(len(keys))] = keys[rng.integers(len(keys))]
    unique = len(np.unique(keys)) == len(keys)
    cuts = np.sort(rng.choice(np.arange(1, len(keys)), 6, replace=False))
    parts = [KeyRuns.zero("id", 2 ** 20) for _ in range(7)]
    try:
        for part, rows in zip(parts, np.split(keys, cuts)):
            part.update({"id": rows})
        merged = merge_all([parts[i] for i in rng.permutation(7)])
    except InputError as exc:
        assert not unique and exc.code in ("poisson.duplicate_key", "poisson.duplicate_key_parts")
        assert np.sum(keys == exc.params["key"]) > 1
        return
    assert unique and merged.finalize() == {"code": "keys_unique", "runs": len(merged.lo)}
    covered = np.concatenate([np.arange(lo, hi + 1) for lo, hi in zip(merged.lo, merged.hi)])
    assert np.array_equal(covered, np.sort(keys))  # the runs hold exactly the keys seen


def test_key_runs_beyond_their_memory_stop_checking_and_say_so():
    from iso4213_nb.scale.accumulators.key_runs import BYTES_PER_RUN, KeyRuns

    runs = KeyRuns.zero("id", 3 * BYTES_PER_RUN).update({"id": np.array([0, 1, 2, 5, 9])})
    assert runs.finalize() == {"code": "keys_unique", "runs": 3}
    runs.update({"id": np.array([20])})  # a fourth run: beyond the memory, checking stops
    runs.update({"id": np.array([1])})  # so this duplicate goes unseen, and the result does not claim a check
    assert runs.finalize() == {"code": "key_check_memory", "budget": 3 * BYTES_PER_RUN} and runs.nbytes == 0
    assert runs.merge(KeyRuns.zero("id", 2 ** 20)).finalize()["code"] == "key_check_memory"


@pytest.mark.parametrize("chunk_rows", ["7", "64", "1000"])
def test_a_duplicate_row_key_across_chunks_is_one_line_naming_the_key_and_line(tmp_path, capsys, chunk_rows):
    """Two rows with one key drew the same Poisson weights in every replicate, silently."""
    ids = np.arange(200)
    ids[150] = 40  # chunks of 7 and 64: the two rows are in different chunks; of 1000: in one
    _columns, path = _multiclass_file(tmp_path, ids)
    argv = ["metrics", "--predictions", path, "--row-key", "id", "--chunk-rows", chunk_rows, "--bootstrap", "20"]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "line 152, column 'id'" in err and "row key 40 " in err and "\n" not in err


def test_a_duplicate_row_key_across_dask_partitions_is_one_line_naming_the_key(tmp_path, capsys):
    from parquet_parts import parquet_folder

    ids = np.arange(240)
    ids[200] = 3  # file 3 (rows 160–239) repeats a key of file 1
    columns, _path = _multiclass_file(tmp_path, ids)
    folder = parquet_folder(tmp_path / "pq", columns, files=3, rows_per_group=30)
    argv = ["metrics", "--predictions", folder, "--row-key", "id", "--bootstrap", "20"]
    assert main(argv + ["--engine", "dask", "--scheduler", "synchronous"]) == 2
    err = capsys.readouterr().err.strip()
    assert "'id' holds 3 in two parts" in err and "\n" not in err
    assert main(argv + ["--chunk-rows", "50"]) == 2  # chunked, the same folder names the file and row
    assert "part-2.parquet, row 41, column 'id': the row key 3 " in capsys.readouterr().err


def test_row_keys_too_scattered_for_their_memory_are_said_unchecked(tmp_path, capsys):
    """66,000 keys 0, 2, 4, … are 66,000 runs: beyond 1 MiB of runs, so the output says they were not checked."""
    import json

    import pyarrow as pa
    import pyarrow.parquet as pq
    from test_streaming_bootstrap import _multiclass

    columns = _multiclass(5, 66_000, k=3)
    columns["id"] = np.arange(66_000) * 2
    pq.write_table(pa.table(columns), tmp_path / "s.parquet")
    argv = ["metrics", "--predictions", str(tmp_path / "s.parquet"), "--row-key", "id", "--chunk-rows", "30000",
            "--bootstrap", "10", "--json"]
    assert main(argv + ["--bootstrap-memory", "1"]) == 0
    captured = capsys.readouterr()
    brier = json.loads(captured.out)["intervals"]["class_scores"]["brier"]
    assert brier["row_key_check"] == {"code": "key_check_memory", "budget": 2 ** 20}
    assert "not checked for duplicates" in captured.err and "--bootstrap-memory" in captured.err
    assert main(argv + ["--bootstrap-memory", "2"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["intervals"]["class_scores"]["brier"]["row_key_check"] == {
        "code": "keys_unique", "runs": 66_000}
    assert "not checked" not in captured.err


def test_the_whole_file_metrics_takes_a_row_key_and_checks_it_as_the_chunked_path_does(tmp_path, capsys):
    """The whole-file path refused (report) or ignored (metrics) a key the chunked path accepts."""
    import json

    ids = np.random.default_rng(1).permutation(200) + 7
    _columns, path = _multiclass_file(tmp_path, ids)
    argv = ["metrics", "--predictions", path, "--row-key", "id", "--bootstrap", "50", "--json"]
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["intervals"]["class_scores"]["brier"]["method"] == "bca"
    ids[150] = ids[3]
    _columns, path = _multiclass_file(tmp_path, ids, "dup.csv")
    assert main(["metrics", "--predictions", path, "--row-key", "id"]) == 2
    assert f"line 152, column 'id': the row key {ids[3]} " in capsys.readouterr().err
    assert main(["metrics", "--predictions", path, "--row-key", "score_ant"]) == 2
    assert "class-score column" in capsys.readouterr().err


def test_the_whole_file_report_reads_a_row_key_outside_its_strict_layout(tmp_path, capsys):
    """The report's reader (strict: an unknown column is an error) leaves the key out; a duplicate stops it first."""
    from iso4213_nb.report.build import read_input

    ids = np.arange(200)
    _columns, path = _multiclass_file(tmp_path, ids)
    pred = read_input(path, positive=None, threshold=0.5, reading={"key": "id"})
    assert pred.labels == ["ant", "bee", "cat"] and "id" not in pred.models
    ids[199] = 0
    _columns, path = _multiclass_file(tmp_path, ids, "dup.csv")
    out = tmp_path / "report"
    assert main(["report", "--predictions", path, "--row-key", "id", "--out", str(out)]) == 2
    assert "line 201, column 'id': the row key 0 " in capsys.readouterr().err and not out.exists()


def test_the_streamed_report_states_the_key_check_in_each_poisson_interval_as_its_schema_allows(tmp_path):
    """report.json's intervals take no unknown key: row_key_check is declared, and only Poisson entries get it."""
    import json

    from iso4213_nb.report.schema import schema_errors

    rng = np.random.default_rng(4)
    y = rng.integers(0, 2, 200)
    path = tmp_path / "p.csv"
    path.write_text("id,y_true,m_score\n" + "".join(f"{7 * i},{a},{0.3 * a + 0.7 * b:.3f}\n"
                                                      for i, (a, b) in enumerate(zip(y, rng.random(200)))))
    assert main(["--quiet", "report", "--predictions", str(path), "--row-key", "id", "--chunk-rows", "70",
                 "--bootstrap", "20", "--out", str(tmp_path / "r"), "--format", "json"]) == 0
    report = json.loads((tmp_path / "r" / "report.json").read_text(encoding="utf-8"))
    assert schema_errors(report) == []
    intervals = report["models"]["m"]["intervals"]
    checked = {key for key, entry in intervals.items() if "row_key_check" in entry}
    assert checked == {"brier", "log_loss"} == {key for key, entry in intervals.items()
                                                if entry["method"].startswith("poisson_")}
    assert intervals["brier"]["row_key_check"] == {"code": "keys_unique", "runs": 200}
