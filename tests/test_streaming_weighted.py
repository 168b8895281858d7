"""Weights, subgroups and class scores read in chunks: the whole-file checks, the whole-file numbers."""

import math

import numpy as np
import pytest

from iso4213_nb.cli import main
from iso4213_nb.core.errors import InputError
from iso4213_nb.inputs import read_predictions
from test_streaming import _csv as csv_file, _json, report_contents


def _csv(path, columns: dict):
    return str(csv_file(path, list(columns), zip(*columns.values())))


def _error(capsys, argv) -> str:
    assert main(argv) != 0
    return capsys.readouterr().err.strip()


def _close(a, b, path="result"):
    """Equal structures; floats to 1e-12 (sums of weights are added in another order)."""
    if isinstance(a, dict):
        assert isinstance(b, dict) and a.keys() == b.keys(), (path, set(a) ^ set(b))
        for key in a:
            _close(a[key], b[key], f"{path}.{key}")
    elif isinstance(a, list):
        assert isinstance(b, list) and len(a) == len(b), path
        for i, (x, y) in enumerate(zip(a, b)):
            _close(x, y, f"{path}[{i}]")
    elif isinstance(a, float) and isinstance(b, (int, float)):
        assert math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-12), (path, a, b)
    else:
        assert a == b, (path, a, b)


def _binary(rng, n):
    y = rng.integers(0, 2, n)
    score = np.round(np.clip(0.3 * y + 0.7 * rng.random(n), 0, 1), 3)
    return {"y_true": y, "score": score, "weight": np.round(rng.gamma(2.0, 0.6, n), 4),
            "group_site": rng.choice(["north", "south", "east"], n)}


def _multiclass(rng, n, k=4):
    y = rng.integers(0, k, n)
    logits = rng.normal(size=(n, k)) + 1.2 * np.eye(k)[y]
    proba = np.round(np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True), 3)
    names = np.array(["ant", "bee", "cat", "dog"])[:k]
    columns = {"y_true": names[y]}
    columns.update({f"score_{name}": proba[:, j] for j, name in enumerate(names)})
    columns["weight"] = np.round(rng.gamma(2.0, 0.6, n), 4)
    return columns


@pytest.mark.parametrize("chunk", ["7", "64"])
def test_weighted_binary_metrics_in_chunks_equal_the_whole_file(tmp_path, capsys, chunk):
    path = _csv(tmp_path / "w.csv", _binary(np.random.default_rng(1), 300))
    whole = _json(capsys, ["metrics", "--predictions", path])
    streamed = _json(capsys, ["metrics", "--predictions", path, "--chunk-rows", chunk])
    assert whole["weighted"] is True and whole["intervals_skipped"] == "weighted_input"
    _close(streamed, whole)


@pytest.mark.parametrize("chunk", ["5", "64"])
@pytest.mark.parametrize("weighted", [False, True])
def test_multiclass_class_scores_in_chunks_equal_the_whole_file(tmp_path, capsys, chunk, weighted):
    columns = _multiclass(np.random.default_rng(2), 250)
    if not weighted:
        del columns["weight"]
    path = _csv(tmp_path / "m.csv", columns)
    whole = _json(capsys, ["metrics", "--predictions", path])
    streamed = _json(capsys, ["metrics", "--predictions", path, "--chunk-rows", chunk])
    assert whole["labels_from_argmax"] is True and set(whole["class_scores"]["auroc"]) >= {"micro", "ovo"}
    if not weighted:  # top-k intervals are the whole file's; the Brier score and log loss get a Poisson bootstrap
        got, expected = streamed["intervals"].pop("class_scores"), whole["intervals"].pop("class_scores")
        assert got["top_k_accuracy"] == expected["top_k_accuracy"] and "intervals_not_given" not in streamed
        assert {got[m]["method"] for m in ("brier", "log_loss")} == {"poisson_bca"}
    _close(streamed, whole)


def test_two_class_score_columns_are_a_binary_score_in_chunks_as_in_the_whole_file(tmp_path, capsys):
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 200)
    p1 = np.round(np.clip(0.3 * y + 0.7 * rng.random(200), 0, 1), 3)
    path = _csv(tmp_path / "b.csv", {"y_true": y, "score_0": np.round(1 - p1, 3), "score_1": p1})
    whole = _json(capsys, ["metrics", "--predictions", path])
    streamed = _json(capsys, ["metrics", "--predictions", path, "--chunk-rows", "9"])
    assert "intervals_not_given" not in streamed and "auroc" in whole
    _close(streamed, whole)


@pytest.mark.parametrize("case", ["negative_weight", "zero_weights", "unknown_class", "missing_class", "empty_group"])
def test_bad_optional_columns_get_the_whole_file_message_in_chunks(tmp_path, capsys, case):
    columns = _multiclass(np.random.default_rng(4), 120, k=3)
    if case == "negative_weight":
        columns["weight"] = columns["weight"].astype(object)
        columns["weight"][97] = "-0.5"
    elif case == "zero_weights":
        columns["weight"] = np.zeros(120)
    elif case == "unknown_class":
        columns["y_true"] = np.where(columns["y_true"] == "cat", "bee", columns["y_true"])  # cat: a column only
    elif case == "missing_class":
        columns["y_true"] = columns["y_true"].astype(object)
        columns["y_true"][101] = "emu"  # a class with no score column, seen in the last chunk only
    else:
        columns["group_site"] = np.array(["a"] * 110 + [" "] + ["b"] * 9)
    path = _csv(tmp_path / "bad.csv", columns)
    streamed = _error(capsys, ["metrics", "--predictions", path, "--chunk-rows", "10"])
    if case == "unknown_class":  # the classes are known once every row is read: the report's (strict) rule applies
        with pytest.raises(InputError) as whole:
            read_predictions(path)
        assert streamed == f"iso4213-nb metrics: error: {whole.value}"
    else:
        assert streamed == _error(capsys, ["metrics", "--predictions", path])
    assert len(streamed.splitlines()) == 1


def test_a_multilabel_file_is_refused_in_one_line_in_chunks(tmp_path, capsys):
    """The report reads a multi-label file whole (metrics and state read it in chunks: test_streaming_multilabel)."""
    path = _csv(tmp_path / "ml.csv", {"y_true_a": [0, 1], "y_true_b": [1, 1], "y_pred_a": [0, 1], "y_pred_b": [1, 0]})
    message = _error(capsys, ["report", "--predictions", path, "--out", str(tmp_path / "r"), "--chunk-rows", "1"])
    assert len(message.splitlines()) == 1 and "multi-label" in message and "y_true_a" in message


def _analysis_dict(analysis, rows_only=()):
    """``to_dict`` of a subgroup analysis without what needs the rows (bootstrap intervals, AUROC, gap intervals)."""
    out = analysis.to_dict()
    for value in analysis.values:
        for m in rows_only:
            out[str(value)].pop(m)
    for m in analysis.measures:
        gap = out["largest_gap"][m]
        out["largest_gap"][m] = {"estimate": gap["estimate"], "between": gap["between"]}
    return out


@pytest.mark.parametrize("task, weights", [("binary", "whole"), ("binary", "fractional"), ("multiclass", None)])
def test_subgroups_from_merged_counts_equal_the_subgroup_analysis_of_the_rows(tmp_path, task, weights):
    from iso4213_nb.scale import streaming
    from iso4213_nb.inputs.chunks import PredictionChunks
    from iso4213_nb.subgroups.counts import subgroups_from_counts
    from iso4213_nb.subgroups.rows import subgroup_analysis

    rng = np.random.default_rng(5)
    n = 240
    if task == "binary":
        columns = _binary(rng, n)
        columns["y_pred"] = (columns["score"] >= 0.5).astype(int)
    else:
        columns = _multiclass(rng, n, k=3)
        columns["y_pred"] = np.where(rng.random(n) < 0.6, columns["y_true"], "ant")
        columns = {k: v for k, v in columns.items() if not k.startswith("score_")}
        columns["group_site"] = rng.choice(["north", "south"], n)
    if weights == "whole":
        columns["weight"] = rng.integers(0, 4, n)
    elif weights is None:
        columns.pop("weight", None)
    path = _csv(tmp_path / "g.csv", columns)
    pred = read_predictions(path)
    model = pred.models["model"]
    whole = subgroup_analysis(pred.y_true, model.pred, pred.groups["site"], labels=pred.labels, positive=pred.positive,
                              scores=model.scores, sample_weight=pred.weight, n_bootstrap=20)
    with PredictionChunks(path, chunk_rows=17) as chunks:
        settings = streaming.Settings.of(chunks)
        shards = [streaming.shard_states(chunks, settings)]
    assessed = streaming.assess_states(streaming.merge_shards(shards), settings, path)
    streamed = subgroups_from_counts(assessed.groups["site"]["model"], labels=assessed.labels,
                                     positive=assessed.positive, scores=model.scores is not None,
                                     aurocs=assessed.group_aurocs["site"].get("model"))
    for value in streamed.values if model.scores is not None else []:  # from each group's exact score counts
        assert streamed.results[value]["auroc"].estimate == pytest.approx(whole.results[value]["auroc"].estimate,
                                                                          abs=1e-12)
    assert streamed.values == whole.values and streamed.n == whole.n
    bootstrapped = [m for m in whole.measures if m not in ("accuracy", "recall", "specificity", "precision")]
    for value in streamed.values:
        for m in bootstrapped:
            assert streamed.results[value][m].low.code == "needs_rows"
    _close(_analysis_dict(streamed, bootstrapped), _analysis_dict(whole, bootstrapped))
    if weights == "fractional":
        assert streamed.heterogeneity["accuracy"].pvalue.code == "fractional_weights"
    else:
        assert isinstance(streamed.heterogeneity["accuracy"].pvalue, float)


@pytest.mark.parametrize("weighted", [False, True])
def test_streamed_report_content_with_class_scores_subgroups_and_weights_equals_the_in_memory_one(tmp_path, weighted):
    rng = np.random.default_rng(8)
    columns = _multiclass(rng, 200, k=3)
    columns["group_site"] = rng.choice(["north", "south"], 200)
    if not weighted:
        del columns["weight"]
    whole, streamed = report_contents(_csv(tmp_path / "r.csv", columns), 23)
    assert streamed["input"] == whole["input"]
    bias = [[i["status"] for i in report["items"] if i["id"] == "bias"] for report in (streamed, whole)]
    assert bias[0] == bias[1] == ["filled automatically"]
    got, expected = streamed["models"]["model"], whole["models"]["model"]
    skipped = expected.pop("calibration_skipped", "needs_rows")  # scores rounded to 3 decimals may not add up to 1
    assert got.pop("calibration_skipped") == skipped and expected.pop("calibration", skipped)
    for analysis in (got["subgroups"]["site"], expected["subgroups"]["site"]):  # what resamples or ranks rows
        for name in ("north", "south"):
            analysis[name]["macro_recall"] = analysis[name]["macro_recall"]["estimate"]
            auroc = analysis[name]["auroc"]  # the estimate from each group's exact score counts; DeLong needs rows
            analysis[name]["auroc"] = auroc["estimate"]
            assert auroc["estimate"] is not None
        analysis["largest_gap"] = {m: [g["estimate"], g["between"]] for m, g in analysis["largest_gap"].items()}
    _close(got, expected)


@pytest.mark.parametrize("rows, files", [(1000, 1), (37, 3)])
def test_dask_and_state_files_merge_weighted_class_scores_and_subgroups_as_chunks_do(tmp_path, capsys, rows, files):
    import pyarrow as pa
    import pyarrow.parquet as pq

    rng = np.random.default_rng(9)
    columns = _multiclass(rng, 200, k=3)
    columns["group_site"] = rng.choice(["north", "south"], 200)
    folder = tmp_path / "ds"
    folder.mkdir()
    bounds = np.linspace(0, 200, files + 1).astype(int)
    for i, (lo, hi) in enumerate(zip(bounds[:-1], bounds[1:])):
        pq.write_table(pa.table({k: v[lo:hi] for k, v in columns.items()}), folder / f"part-{i}.parquet",
                       row_group_size=rows)
    argv = ["metrics", "--predictions", str(folder)]
    local = _json(capsys, argv + ["--chunk-rows", "50"])
    _close(_json(capsys, argv + ["--engine", "dask", "--scheduler", "synchronous"]), local)
    shards = []
    for i in reversed(range(files)):  # shards written and merged in another order than the rows
        shards.append(str(tmp_path / f"{i}.state"))
        assert main(["state", "--predictions", str(folder / f"part-{i}.parquet"), "--out", shards[-1]]) == 0
    capsys.readouterr()
    _close(_json(capsys, ["metrics", "--states", *shards]), local)


def test_readable_output_in_chunks_names_the_intervals_it_leaves_out(tmp_path, capsys):
    """--json lists them in intervals_not_given; the table a person reads says the same in words."""
    columns = _multiclass(np.random.default_rng(5), 120, k=3)
    del columns["weight"]
    path = _csv(tmp_path / "m.csv", columns)
    assert main(["metrics", "--predictions", path, "--chunk-rows", "40"]) == 0
    out = capsys.readouterr().out
    assert "Poisson bootstrap BCa" in out and "not given" not in out
    assert main(["state", "--predictions", path, "--out", str(tmp_path / "m.state")]) == 0
    assert main(["metrics", "--states", str(tmp_path / "m.state")]) == 0  # state files hold no replicates
    out = capsys.readouterr().out
    assert "not given: interval of the Brier score, interval of the log loss; state files hold counts" in out
    assert "top-1 accuracy" in out.split("not given")[0]  # top-k's interval comes from the merged counts
    assert main(["metrics", "--predictions", path]) == 0
    assert "not given" not in capsys.readouterr().out
