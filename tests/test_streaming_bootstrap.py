"""Bootstrap intervals without the rows in memory (issue 12): from merged counts, or by a Poisson bootstrap.

Score areas and top-k accuracy are drawn from merged counts, so they equal the
in-memory intervals number for number.  The Brier score and log loss get a
Poisson bootstrap keyed by row: the same intervals whatever the chunking, the
partitioning or the engine, and the in-memory intervals up to Monte-Carlo error.
"""

import math

import numpy as np
import pytest

from parquet_parts import parquet_folder
from iso4213_nb.scale.accumulators import poisson_weights
from iso4213_nb.scale.accumulators.bootstrap import row_hashes, weight_block
from iso4213_nb.scale.accumulators.poisson_scores import BYTES_PER_CLASS, PoissonClassScores, merge_moments, moments_of
from iso4213_nb.cli import main
from iso4213_nb.stats.measure_intervals import IntervalSettings
from iso4213_nb.scale.streamed_bootstrap import Resampling, probability_intervals
from test_streaming import _csv as csv_file, _json

NAMES = np.array(["ant", "bee", "cat", "dog"])
PROBABILITIES = ("brier", "log_loss")


def _multiclass(seed: int, n: int, k: int = 4) -> dict:
    """True classes and class probabilities (6 decimals, so every row adds up to 1 within 1e-5)."""
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    logits = rng.normal(size=(n, k)) + 1.2 * np.eye(k)[y]
    proba = np.round(np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True), 6)
    return {"y_true": NAMES[y], **{f"score_{name}": proba[:, j] for j, name in enumerate(NAMES[:k])}}


def _csv(path, columns: dict) -> str:
    return str(csv_file(path, list(columns), zip(*columns.values())))


def _close(a, b, path="intervals"):
    """Equal structures, floats to 1e-12 (the Poisson sums of float terms are added in another order)."""
    if isinstance(a, dict):
        assert isinstance(b, dict) and a.keys() == b.keys(), (path, set(a) ^ set(b))
        for key in a:
            _close(a[key], b[key], f"{path}.{key}")
    elif isinstance(a, float) and isinstance(b, float):
        assert math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-12), (path, a, b)
    else:
        assert a == b, (path, a, b)


def test_score_areas_and_top_k_equal_the_in_memory_intervals_number_for_number(tmp_path, capsys):
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 900)
    binary = _csv(tmp_path / "b.csv", {"y_true": y, "score": np.round(0.4 * y + 0.6 * rng.random(900), 3)})
    whole = _json(capsys, ["metrics", "--predictions", binary, "--bootstrap", "300"])
    streamed = _json(capsys, ["metrics", "--predictions", binary, "--bootstrap", "300", "--chunk-rows", "111"])
    for area in ("average_precision", "auprc_trapezoid", "gain_area"):
        assert streamed["intervals"][area] == whole["intervals"][area] and whole["intervals"][area]["low"] is not None
    assert "intervals_not_given" not in streamed  # the AUROC's DeLong interval comes from the counts too
    assert streamed["intervals"]["auroc"]["low"] is not None
    multi = _csv(tmp_path / "m.csv", _multiclass(2, 600))
    whole = _json(capsys, ["metrics", "--predictions", multi, "--bootstrap", "300"])
    streamed = _json(capsys, ["metrics", "--predictions", multi, "--bootstrap", "300", "--chunk-rows", "97"])
    top_k = streamed["intervals"]["class_scores"]["top_k_accuracy"]
    assert top_k == whole["intervals"]["class_scores"]["top_k_accuracy"] and set(top_k) == {"1", "2", "3"}


@pytest.mark.parametrize("method", ["percentile", "bca"])
def test_poisson_intervals_agree_with_the_in_memory_bootstrap_to_monte_carlo_error(tmp_path, capsys, method):
    """2000 rows, 500 replicates each way.

    Tolerance: a 2.5 % or 97.5 % quantile of R bootstrap values has a Monte-Carlo standard
    error of about 2.7 σ / √R (σ the bootstrap standard error, about a quarter of the 95 %
    interval's width), 0.12 σ at R = 500; two independent bootstraps differ by √2 times that,
    0.17 σ ≈ 0.043 × width.  Five such errors: 0.22 × width.  The estimate is the measure of
    the merged state, the in-memory value to floating rounding (sums in another order).
    """
    path = _csv(tmp_path / "m.csv", _multiclass(3, 2000))
    argv = ["metrics", "--predictions", path, "--bootstrap", "500", "--ci-method", method]
    whole = _json(capsys, argv)["intervals"]["class_scores"]
    streamed = _json(capsys, argv + ["--chunk-rows", "700"])["intervals"]["class_scores"]
    for measure in PROBABILITIES:
        got, expected = streamed[measure], whole[measure]
        assert expected["method"] == method and got["method"] == f"poisson_{method}"
        assert got["estimate"] == pytest.approx(expected["estimate"], rel=1e-12)
        assert got["row_key"] == "position" and got["n_resamples"] == 500 and got["n_undefined"] == 0
        width = expected["high"] - expected["low"]
        assert abs(got["low"] - expected["low"]) < 0.22 * width, (measure, got, expected)
        assert abs(got["high"] - expected["high"]) < 0.22 * width, (measure, got, expected)


def test_poisson_intervals_do_not_change_with_chunking_partitioning_or_engine(tmp_path, capsys):
    columns = _multiclass(4, 1200, k=3)
    folder = parquet_folder(tmp_path / "one", columns, files=1, rows_per_group=1200)
    split = parquet_folder(tmp_path / "split", columns, files=3, rows_per_group=173)
    argv = ["--bootstrap", "100", "--ci-method", "percentile"]

    def intervals(source, *extra):
        result = _json(capsys, ["metrics", "--predictions", source, *argv, *extra])
        return result["intervals"]["class_scores"]

    local = intervals(folder, "--chunk-rows", "1200")
    assert local["brier"]["method"] == "poisson_percentile" and local["brier"]["low"] is not None
    _close(intervals(split, "--chunk-rows", "91"), local)
    _close(intervals(split, "--engine", "dask", "--scheduler", "synchronous"), local)


def test_a_row_key_column_keeps_the_weights_when_the_rows_are_reordered(tmp_path, capsys):
    columns = _multiclass(5, 800, k=3)
    columns["id"] = np.arange(800) * 7 + 100
    order = np.random.default_rng(0).permutation(800)
    shuffled = {k: v[order] for k, v in columns.items()}
    argv = ["--bootstrap", "100", "--row-key", "id", "--chunk-rows", "256"]
    first = _json(capsys, ["metrics", "--predictions", _csv(tmp_path / "a.csv", columns), *argv])
    again = _json(capsys, ["metrics", "--predictions", _csv(tmp_path / "b.csv", shuffled), *argv])
    assert first["intervals"]["class_scores"]["brier"]["row_key"] == "id"
    _close(again["intervals"]["class_scores"], first["intervals"]["class_scores"])
    by_position = _json(capsys, ["metrics", "--predictions", _csv(tmp_path / "b.csv", shuffled), "--bootstrap", "100",
                                 "--chunk-rows", "256"])  # keyed by position, the shuffled rows draw other weights
    assert by_position["intervals"]["class_scores"]["brier"] != again["intervals"]["class_scores"]["brier"]


def test_a_row_key_that_is_not_a_whole_number_is_one_line_naming_the_cell(tmp_path, capsys):
    columns = _multiclass(6, 50, k=3)
    columns["id"] = np.array([str(i) for i in range(49)] + ["x7"])
    path = _csv(tmp_path / "k.csv", columns)
    assert main(["metrics", "--predictions", path, "--row-key", "id", "--chunk-rows", "20"]) == 2
    err = capsys.readouterr().err.strip()
    assert "line 51" in err and "'id'" in err and "x7" in err and "\n" not in err
    assert main(["metrics", "--predictions", path, "--row-key", "key", "--chunk-rows", "20"]) == 2
    assert "no column 'key'" in capsys.readouterr().err


def test_replicates_beyond_the_memory_budget_give_a_reason_and_what_to_do(tmp_path, capsys):
    path = _csv(tmp_path / "m.csv", _multiclass(7, 300))
    argv = ["metrics", "--predictions", path, "--chunk-rows", "100", "--bootstrap", "12000"]
    budget = 12000 * 4 * BYTES_PER_CLASS / 2 ** 20  # exactly the replicates of 4 classes (over 1 MiB): they fit
    fits = _json(capsys, argv + ["--bootstrap-memory", str(budget)])
    assert fits["intervals"]["class_scores"]["brier"]["low"] is not None
    over = _json(capsys, argv + ["--bootstrap-memory", str(budget * 0.99)])["intervals"]["class_scores"]
    assert over["brier"]["reason"] == {"code": "bootstrap_memory", "bytes": 1152000,
                                       "budget": int(budget * 0.99 * 2 ** 20), "n_resamples": 12000}
    assert over["top_k_accuracy"]["1"]["low"] is not None  # top-k needs no replicates
    assert main(argv + ["--bootstrap-memory", str(budget * 0.99)]) == 0
    out = capsys.readouterr().out
    assert "--bootstrap-memory" in out and "--bootstrap N" in out


def test_the_default_resamples_stop_at_the_work_budget_whatever_the_chunking():
    """Beyond rows × replicates = limit the sums are dropped, in every split, and the interval says why."""
    rng = np.random.default_rng(8)
    n, k = 120, 3
    codes = rng.integers(0, k, n)
    p = rng.dirichlet(np.ones(k), n)
    chunk = {"class_index": codes, "row": np.arange(n), **{f"p{j}": p[:, j] for j in range(k)}}
    zero = lambda: PoissonClassScores.zero([f"p{j}" for j in range(k)], key="row", replicates=10, limit=10 * 100)
    whole = zero().update(chunk)
    parts = [zero().update({c: v[lo:lo + 30] for c, v in chunk.items()}) for lo in range(0, n, 30)]
    merged = parts[0].merge(parts[1]).merge(parts[2].merge(parts[3]))
    assert whole.stopped and merged.stopped and whole.sums is None and merged.sums is None
    assert not parts[0].merge(parts[1]).stopped  # 60 rows × 10 replicates are within the limit
    found = probability_intervals(whole, {"brier": 0.5, "log_loss": 0.9}, IntervalSettings(n_resamples=10),
                                  Resampling(10, 0, limit=1000))
    assert found["brier"].low.code == "poisson_budget" and found["brier"].low.params == {
        "rows": 120, "n_resamples": 10, "budget": 1000}


def test_weight_blocks_are_the_weights_of_each_replicate_and_poisson_one():
    keys = np.arange(-500, 20_000)
    block = weight_block(row_hashes(keys, 3), 5, 4)
    for r in range(4):
        assert np.array_equal(block[r], poisson_weights(keys, 3, 5 + r))
    w = weight_block(row_hashes(keys, 9), 0, 20).ravel()
    share = np.bincount(w, minlength=4)[:4] / len(w)
    assert share == pytest.approx([math.exp(-1), math.exp(-1), math.exp(-1) / 2, math.exp(-1) / 6], abs=3e-3)


def test_moments_merged_in_any_split_equal_the_moments_of_all_rows():
    values = np.random.default_rng(10).exponential(size=(1000, 2)) * 30
    parts = [moments_of(values[lo:hi]) for lo, hi in ((0, 1), (1, 400), (400, 401), (401, 1000))]
    merged = merge_moments(merge_moments(parts[0], parts[3]), merge_moments(parts[2], parts[1]))
    d = values - values.mean(axis=0)
    assert merged == pytest.approx(np.array([[1000.0] * 2, values.mean(axis=0), (d ** 2).sum(axis=0),
                                             (d ** 3).sum(axis=0)]), rel=1e-10)


def _streamed_report(path, chunk_rows: int, settings):
    """The streamed report content of ``path`` read in chunks, with the intervals of ``settings`` added."""
    from types import SimpleNamespace

    from iso4213_nb.scale import streaming
    from iso4213_nb.cli import _streaming
    from iso4213_nb.report.streamed import build_content
    from iso4213_nb.report.streamed_intervals import States
    from iso4213_nb.report.uncertainty import extend
    from iso4213_nb.scale.streamed_bootstrap import DEFAULT_MEMORY

    args = SimpleNamespace(engine=None, scheduler=None, chunk_rows=chunk_rows, bins=None, row_key=None,
                           ci_method=(settings.proportion, settings.bootstrap), bootstrap=settings.n_resamples,
                           confidence_level=settings.confidence_level, seed=settings.seed,
                           bootstrap_memory=DEFAULT_MEMORY, poisson_binary=True)  # as report's options
    states, resolved, source, chunks = _streaming.collect(args, path)
    with chunks:
        assessed = streaming.assess_states(states, resolved, source.name)
        report = build_content(assessed, states, source, answers={}, title="t", meta_name=None,
                               how={"how": "chunks"}, chunks=chunks)
    return extend(report, States(assessed, states), settings)


@pytest.mark.parametrize("task", ["binary", "multiclass"])
def test_streamed_report_intervals_are_the_in_memory_ones_where_counts_allow(tmp_path, task):
    from iso4213_nb.inputs import read_predictions
    from iso4213_nb.report import content, uncertainty
    from iso4213_nb.report.schema import schema_errors

    if task == "binary":
        rng = np.random.default_rng(12)
        y = rng.integers(0, 2, 500)
        columns = {"y_true": y, "m_pred": (rng.random(500) < 0.3 + 0.4 * y).astype(int),
                   "m_score": np.round(0.3 * y + 0.7 * rng.random(500), 3)}
    else:
        columns = _multiclass(12, 500, k=3)
    path = _csv(tmp_path / "r.csv", columns)
    settings = IntervalSettings(n_resamples=200, budget=None)
    pred = read_predictions(path)
    whole = uncertainty.extend(content.build(pred, {}, title="t", meta_name=None, demo=False), uncertainty.Rows(pred),
                               settings)
    streamed = _streamed_report(path, 67, settings)
    assert schema_errors(streamed) == [] and streamed["interval_settings"] == whole["interval_settings"]
    name = next(iter(whole["models"]))
    got, expected = streamed["models"][name]["intervals"], whole["models"][name]["intervals"]
    assert list(got) == list(expected)  # one assembly (uncertainty.extend): the same keys, in the same order
    if task == "binary":  # DeLong's interval from the second pass: its sums in another order
        assert got.pop("auroc")["estimate"] == pytest.approx(expected.pop("auroc")["estimate"], rel=1e-12)
        assert got["average_precision"]["low"] is not None
    else:
        assert got["top_1_accuracy"]["low"] is not None
    for measure in PROBABILITIES:  # Poisson: bounds to Monte-Carlo error (tested above)
        mine, theirs = got.pop(measure), expected.pop(measure)
        assert mine["method"] == "poisson_bca" and theirs["method"] == "bca"
        assert mine["estimate"] == pytest.approx(theirs["estimate"], rel=1e-12) and mine["low"] is not None
    assert got == expected
    assert "bootstrap_intervals" not in {e["measure"] for e in streamed["streaming"]["not_given"]}


@pytest.mark.parametrize("low, high", [(0.0, 1.0), (-1.0, 2.0)])
def test_both_paths_decide_by_the_one_rule_whether_binary_scores_are_probabilities(tmp_path, low, high):
    """In memory and from merged counts alike (core.probability_rows.probability_problems): scores in [0, 1] get
    the Brier score and log loss with intervals; scores outside say why there is no calibration, and get neither."""
    from iso4213_nb.inputs import read_predictions
    from iso4213_nb.report import content, uncertainty

    rng = np.random.default_rng(5)
    y = rng.integers(0, 2, 120)
    score = np.round(low + (high - low) * (0.3 * y + 0.7 * rng.random(120)), 3)
    path = _csv(tmp_path / "s.csv", {"y_true": y, "m_score": score})
    settings = IntervalSettings(n_resamples=20)
    pred = read_predictions(path)
    whole = uncertainty.extend(content.build(pred, {}, title="t", meta_name=None, demo=False), uncertainty.Rows(pred),
                               settings)["models"]["m"]
    streamed = _streamed_report(path, 50, settings)["models"]["m"]
    probabilities = high <= 1
    for entry in (whole, streamed):
        assert all((key in entry["intervals"]) == probabilities for key in PROBABILITIES)
    assert (streamed["calibration_skipped"] == "scores_not_probabilities") != probabilities
    assert ("calibration" in whole) == probabilities


@pytest.mark.parametrize("value", ["1e-9", "0.5"])
def test_a_bootstrap_memory_below_one_mebibyte_is_refused_in_one_line(tmp_path, capsys, value):
    """It was accepted and printed as "0.0 MiB": no replicate fits in less than a mebibyte worth stating."""
    path = _csv(tmp_path / "m.csv", _multiclass(7, 30))
    with pytest.raises(SystemExit) as stop:
        main(["metrics", "--predictions", path, "--chunk-rows", "10", "--bootstrap-memory", value])
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert stop.value.code == 2 and "--bootstrap-memory" in err and "at least 1" in err and value in err
