"""Streaming (issue 12): chunked reading, --chunk-rows, --engine dask, --bins, state files, all against the whole file."""

import itertools
import json

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from sklearn.metrics import roc_auc_score

from iso4213_nb.cli import main
from iso4213_nb.core.errors import InputError
from iso4213_nb.inputs import read_predictions
from iso4213_nb.inputs.chunks import PredictionChunks, TableChunks, typed_labels

CHUNKS = ["1", "7", "64", "100000"]


def _binary(seed=0, n=600, decimals=3):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    a = np.round(np.clip(0.35 * y + 0.65 * rng.random(n), 0, 1), decimals)
    b = np.round(np.clip(0.2 * y + 0.8 * rng.random(n), 0, 1), decimals)
    return y, a, b, (a >= 0.4).astype(int)


def _csv(path, header, rows):
    path.write_text(",".join(header) + "\n" + "".join(",".join(map(str, r)) + "\n" for r in rows))
    return str(path)


def _json(capsys, argv):
    assert main(argv + ["--json"]) == 0, capsys.readouterr().err
    out = json.loads(capsys.readouterr().out)
    out.pop("source", None)
    return out


@pytest.fixture
def binary_csv(tmp_path):
    y, a, b, pred = _binary()
    return _csv(tmp_path / "p.csv", ["y_true", "a_pred", "a_score", "b_score"], zip(y, pred, a, b))


@pytest.mark.parametrize("chunk", CHUNKS)
@pytest.mark.parametrize("columns", [["--score", "a_score"], ["--y-pred", "a_pred", "--score", "a_score"],
                                     ["--score", "b_score", "--threshold", "0.3"], ["--y-pred", "a_pred"]])
def test_metrics_in_chunks_equal_the_whole_file(binary_csv, capsys, chunk, columns):
    whole = _json(capsys, ["metrics", "--predictions", binary_csv, *columns])
    _assert_same(_json(capsys, ["metrics", "--predictions", binary_csv, *columns, "--chunk-rows", chunk]), whole)


def _assert_same(streamed: dict, whole: dict):
    """Equal, every interval included (only merged state files leave some out, and name them)."""
    assert "intervals_not_given" not in streamed
    assert streamed == whole


@pytest.mark.parametrize("chunk", CHUNKS[:3])
def test_multiclass_text_labels_in_chunks_equal_the_whole_file(tmp_path, capsys, chunk):
    rng = np.random.default_rng(3)
    classes = np.array(["cat", "dog", "10", "9"])
    y, p = classes[rng.integers(0, 4, 300)], classes[rng.integers(0, 4, 300)]
    path = _csv(tmp_path / "m.csv", ["y_true", "y_pred"], zip(y, p))
    whole = _json(capsys, ["metrics", "--predictions", path])
    assert _json(capsys, ["metrics", "--predictions", path, "--chunk-rows", chunk]) == whole
    assert whole["labels"] == sorted(classes.tolist())  # text, since cat and dog are not integers


def test_labels_are_typed_once_every_row_is_read(tmp_path):
    """A late label that is not a canonical integer turns every label into text, as in the whole-file reader."""
    rows = [(1, 1)] * 5 + [(0, 0)] * 5 + [("01", 1)]
    path = _csv(tmp_path / "late.csv", ["y_true", "y_pred"], rows)
    whole = read_predictions(path, allow_predicted_only=True)
    assert whole.labels == ["0", "01", "1"]
    assert typed_labels(["0", "1", "-3"]) == {"0": 0, "1": 1, "-3": -3}
    assert typed_labels(["0", "01"]) == {"0": "0", "01": "01"}
    assert typed_labels(["1", str(2 ** 63)]) == {"1": "1", str(2 ** 63): str(2 ** 63)}


@pytest.mark.parametrize("chunk", [1, 2, 3, 1000])
@pytest.mark.parametrize("body, message", [
    ("1,0.5\n0,0.25\n\n1,\n", "line 5, column 'score': empty cell"),
    ("1,0.5\n0,0.25\n1,abc\n", "line 4, column 'score': 'abc' is not a number"),
    ("1,0.5\n0,0.25\n1,0.3,7\n", "line 4: has 3 field(s), the header has 2"),
    ("1,0.5\n,0.25\n1,0.3\n", "line 3, column 'y_true': empty cell"),
    ("1,0.5\n0,0.25\n1,inf\n", "line 4, column 'score': 'inf' is not a finite number"),
])
def test_errors_name_the_line_of_the_whole_file_whatever_the_chunk(tmp_path, chunk, body, message):
    path = tmp_path / "bad.csv"
    path.write_text("y_true,score\n" + body)
    with pytest.raises(InputError) as whole:
        read_predictions(str(path))
    with pytest.raises(InputError) as streamed, PredictionChunks(str(path), chunk_rows=chunk) as chunks:
        list(chunks)
    assert message in str(streamed.value) and str(streamed.value) == str(whole.value)


def test_parquet_rows_are_numbered_across_row_groups_and_files(tmp_path):
    folder = tmp_path / "ds"
    folder.mkdir()
    scores = [0.1] * 10 + [float("nan")]
    pq.write_table(pa.table({"y_true": [0, 1] * 5, "score": [0.2] * 10}), folder / "a.parquet", row_group_size=3)
    pq.write_table(pa.table({"y_true": [0] * 11, "score": scores}), folder / "b.parquet", row_group_size=4)
    where = r"ds/b\.parquet, row 11, column 'score'"  # the file of the folder, and the row in it
    with pytest.raises(InputError, match=where), PredictionChunks(str(folder), chunk_rows=5) as c:
        list(c)
    with pytest.raises(InputError, match=where) as whole:
        read_predictions(str(folder))
    assert whole.value


def test_a_second_pass_sees_the_same_bytes_and_counts_rows(tmp_path):
    path = tmp_path / "t.csv"
    path.write_text("y_true,score\n" + "1,0.5\n0,0.2\n" * 10)
    with TableChunks(str(path), chunk_rows=3) as table:
        assert sum(t.n_rows for t in table) == 20 and table.n_rows == 20
        first = table.source
        assert sum(t.n_rows for t in table) == 20 and table.source == first
        assert first.sha256 == read_predictions(str(path)).source.sha256


def test_chunk_rows_must_be_a_whole_number(binary_csv, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["metrics", "--predictions", binary_csv, "--chunk-rows", "0"])
    assert stop.value.code == 2 and "--chunk-rows takes a whole number" in capsys.readouterr().err


def _parquet(folder, y, a, b, pred, rows_per_group, files):
    folder.mkdir()
    bounds = np.linspace(0, len(y), files + 1).astype(int)
    for i, (lo, hi) in enumerate(zip(bounds[:-1], bounds[1:])):
        table = pa.table({"y_true": y[lo:hi], "a_pred": pred[lo:hi], "a_score": a[lo:hi], "b_score": b[lo:hi]})
        pq.write_table(table, folder / f"part-{i}.parquet", row_group_size=rows_per_group)
    return str(folder)


@pytest.mark.parametrize("rows, files", [(1000, 1), (101, 3), (37, 5)])
def test_dask_engine_equals_the_in_process_engine_on_any_partitioning(tmp_path, capsys, rows, files):
    y, a, b, pred = _binary(5, n=700, decimals=6)
    folder = _parquet(tmp_path / "ds", y, a, b, pred, rows, files)
    argv = ["metrics", "--predictions", folder, "--score", "a_score"]
    local = _json(capsys, argv + ["--chunk-rows", "50"])
    dask = _json(capsys, argv + ["--engine", "dask", "--scheduler", "synchronous"])
    assert dask == local
    assert local["auroc"] == pytest.approx(roc_auc_score(y, a), abs=1e-12)


@pytest.mark.slow
def test_dask_engine_on_a_local_cluster(tmp_path, capsys):
    y, a, b, pred = _binary(6, n=400)
    folder = _parquet(tmp_path / "ds", y, a, b, pred, 64, 2)
    argv = ["metrics", "--predictions", folder, "--y-pred", "a_pred", "--score", "a_score"]
    _assert_same(_json(capsys, argv + ["--engine", "dask", "--workers", "1"]), _json(capsys, argv))


def test_binned_scores_say_they_are_approximate_and_by_how_much(binary_csv, capsys):
    y, a, _, _ = _binary()
    out = _json(capsys, ["metrics", "--predictions", binary_csv, "--score", "a_score", "--bins", "20"])
    bound = out["binned"]["auroc_error_bound"]
    assert out["binned"]["bins"] == 20 and 0 < bound < 0.1
    assert abs(out["auroc"] - roc_auc_score(y, a)) <= bound
    assert main(["metrics", "--predictions", binary_csv, "--score", "a_score", "--bins", "20"]) == 0
    text = capsys.readouterr().out
    assert "approximate" in text and f"{bound:.6f}" in text


def _shards(tmp_path, n_shards=3):
    y, a, b, pred = _binary(8, n=500)
    bounds = np.linspace(0, len(y), n_shards + 1).astype(int)
    header = ["y_true", "a_pred", "a_score", "b_score"]
    rows = list(zip(y, pred, a, b))
    whole = _csv(tmp_path / "whole.csv", header, rows)
    states = []
    for i, (lo, hi) in enumerate(zip(bounds[:-1], bounds[1:])):
        part = _csv(tmp_path / f"part{i}.csv", header, rows[lo:hi])
        out = tmp_path / f"part{i}.state"
        assert main(["state", "--predictions", part, "--out", str(out), "--chunk-rows", "33"]) == 0
        states.append(str(out))
    return whole, states


def test_merged_state_files_equal_the_whole_file_in_any_order(tmp_path, capsys):
    whole, states = _shards(tmp_path)
    capsys.readouterr()
    single = tmp_path / "single.csv"
    single.write_text("\n".join(",".join(line.split(",")[:3]) for line in open(whole).read().splitlines()) + "\n")
    parts = []
    for i, state in enumerate(states):
        part = tmp_path / f"one{i}.csv"
        lines = open(state.replace(".state", ".csv")).read().splitlines()
        part.write_text("\n".join(",".join(line.split(",")[:3]) for line in lines) + "\n")
        out = tmp_path / f"one{i}.state"
        assert main(["state", "--predictions", str(part), "--out", str(out)]) == 0
        parts.append(str(out))
    capsys.readouterr()
    expected = _json(capsys, ["metrics", "--predictions", str(single)])
    for order in itertools.permutations(parts):
        _assert_same(_json(capsys, ["metrics", "--states", *order]), dict(expected, intervals=dict(expected["intervals"])))


def test_state_files_of_other_settings_do_not_merge(tmp_path, capsys):
    whole, states = _shards(tmp_path, 2)
    other = tmp_path / "other.state"
    assert main(["state", "--predictions", whole, "--out", str(other), "--threshold", "0.7"]) == 0
    assert main(["metrics", "--states", states[0], str(other)]) == 2
    assert "differ" in capsys.readouterr().err


def _close(a, b):
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_close(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and isinstance(b, float):
        return a == pytest.approx(b, rel=1e-12, abs=1e-12)
    return a == b


@pytest.mark.parametrize("chunk", ["1", "64"])
@pytest.mark.parametrize("test, a, b", [("mcnemar", "a_pred", "c_pred"), ("delong", "a_score", "b_score")])
def test_compare_in_chunks_equals_the_whole_file(tmp_path, capsys, chunk, test, a, b):
    y, sa, sb, pred = _binary(9, n=300)
    other = (sb >= 0.5).astype(int)
    path = _csv(tmp_path / "c.csv", ["y_true", "a_pred", "c_pred", "a_score", "b_score"], zip(y, pred, other, sa, sb))
    argv = ["compare", "--predictions", path, "--y-true", "y_true", "--a", a, "--b", b, "--test", test]
    whole = _json(capsys, argv)
    assert _close(_json(capsys, argv + ["--chunk-rows", chunk]), whole)


def _report_of_states(tmp_path, argv_states):
    from iso4213_nb.cli import _streaming
    from iso4213_nb.scale import streaming
    from iso4213_nb.report.streamed import build_content

    states, settings, source = _streaming.load(argv_states)
    assessed = streaming.assess_states(states, settings, source.name)
    return build_content(assessed, states, source, answers={}, title="t", meta_name=None,
                         how={"how": "merged"}, chunks=None)


def report_contents(path: str, chunk_rows: int) -> tuple[dict, dict]:
    """``(in-memory, streamed)`` report content of one predictions file, the streamed one read in chunks."""
    from iso4213_nb.scale import streaming
    from iso4213_nb.cli import _streaming
    from iso4213_nb.report import content
    from iso4213_nb.report.schema import schema_errors
    from iso4213_nb.report.streamed import build_content

    whole = content.build(read_predictions(path), {}, title="t", meta_name=None, demo=False)
    args = type("Args", (), {"engine": None, "scheduler": None, "chunk_rows": chunk_rows, "bins": None})()
    states, settings, source, chunks = _streaming.collect(args, path)
    with chunks:
        assessed = streaming.assess_states(states, settings, source.name)
        streamed = build_content(assessed, states, source, answers={}, title="t", meta_name=None,
                                 how={"how": "chunks"}, chunks=chunks)
    assert schema_errors(streamed) == []
    return whole, streamed


def test_streamed_report_numbers_equal_the_in_memory_report(tmp_path):
    y, a, b, pred = _binary(11, n=400)
    path = _csv(tmp_path / "r.csv", ["y_true", "a_pred", "a_score", "b_score"], zip(y, pred, a, b))
    whole, streamed = report_contents(path, 37)
    assert streamed["input"] == whole["input"]
    for name, model in whole["models"].items():
        assert "calibration" in model and streamed["models"][name].pop("calibration_skipped") == "needs_rows"
        del model["calibration"]
    assert _close(streamed["models"], whole["models"])
    assert _close(streamed["comparisons"], whole["comparisons"])
    assert [e["measure"] for e in streamed["streaming"]["not_given"]] == ["calibration", "bootstrap_intervals"]


def test_report_from_state_files_in_any_order_says_what_needs_rows(tmp_path, capsys):
    _, states = _shards(tmp_path)
    reports = [_report_of_states(tmp_path, list(order)) for order in itertools.permutations(states)]
    for other in reports[1:]:
        assert other["models"] == reports[0]["models"] and other["comparisons"] == reports[0]["comparisons"]
    missing = {e["measure"]: e["reason"] for e in reports[0]["streaming"]["not_given"]}
    assert missing == {"calibration": "calibration_rows", "delong_test": "second_pass", "bootstrap_intervals": "rows"}
    assert [t["measure"] for t in reports[0]["comparisons"]["tests"]] == ["accuracy"]
    assert reports[0]["models"]["a"]["intervals"]["auroc"]["method"] == "delong"  # from the counts alone


@pytest.mark.slow
def test_report_command_merges_state_files_into_a_report_folder(tmp_path, capsys):
    _, states = _shards(tmp_path, 2)
    out = tmp_path / "report"
    assert main(["report", "--states", *states, "--out", str(out), "--format", "html"]) == 0
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "What mergeable counts cannot give" in page and "placement value" in page
    assert json.loads((out / "report.json").read_text())["input"]["n"] == 500
    assert main(["verify", str(out)]) == 0


@pytest.mark.parametrize("extra", ["weight", "group_site", "model_score_1"])
def test_reading_in_chunks_reads_weights_subgroups_and_class_scores_as_the_whole_file(tmp_path, capsys, extra):
    """Weights, subgroups and class scores are read (never silently dropped): the whole file's output or error."""
    path = _csv(tmp_path / "w.csv", ["y_true", "model_pred", extra], [(1, 1, 1), (0, 0, 1), (1, 0, 0)])
    codes = [main(["metrics", "--predictions", str(path)] + chunks) for chunks in ([], ["--chunk-rows", "2"])]
    whole = capsys.readouterr()
    assert codes[0] == codes[1]
    streamed = [line for line in whole.out.splitlines() if line]
    assert streamed[: len(streamed) // 2] == streamed[len(streamed) // 2:]
    errors = [line for line in whole.err.splitlines() if line]
    assert errors[: len(errors) // 2] == errors[len(errors) // 2:]




@pytest.mark.parametrize("multilabel", [False, True])
def test_a_bad_cell_in_a_parquet_folder_read_in_chunks_names_the_file_and_its_row(tmp_path, capsys, multilabel):
    """It named the folder and the row counted over every file, which no one can open; Dask names the file too."""
    folder = tmp_path / "logs"
    folder.mkdir()
    truth = {"y_true_a": [0, 1, 1], "y_true_b": [1, 0, 1]} if multilabel else {"y_true": [0, 1, 1]}
    score = "m_score_a" if multilabel else "score"
    others = {"m_score_b": ["0.5", "0.5", "0.5"]} if multilabel else {}
    pq.write_table(pa.table({**truth, score: ["0.2", "0.8", "0.7"], **others}), folder / "part-0.parquet")
    pq.write_table(pa.table({**truth, score: ["0.1", "0.6", "x"], **others}), folder / "part-1.parquet")
    assert main(["metrics", "--predictions", str(folder), "--chunk-rows", "2"]) == 2
    err = capsys.readouterr().err
    assert f"part-1.parquet, row 3, column '{score}'" in err and "'x'" in err


@pytest.mark.parametrize("engine", [["--chunk-rows", "5"], ["--engine", "dask", "--scheduler", "synchronous"]])
def test_compare_in_chunks_without_y_true_is_refused_as_the_whole_file_compare_refuses_it(tmp_path, capsys, engine):
    """The chunked path took a column named y_true by default, which the whole-file path (and the README) never does."""
    path = tmp_path / "p.parquet"
    pq.write_table(pa.table({"y_true": [1, 0, 1, 0], "a_pred": [1, 0, 0, 0], "b_pred": [1, 1, 1, 0]}), path)
    argv = ["compare", "--predictions", str(path), "--a", "a_pred", "--b", "b_pred"]
    assert main(argv) == 2
    assert "name its true labels with --y-true" in capsys.readouterr().err
    assert main(argv + engine) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "name the true labels with --y-true" in err
    assert main(argv + engine + ["--y-true", "y_true", "--json"]) == 0
    capsys.readouterr()
