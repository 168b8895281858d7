"""Intervals of top-k accuracy, Brier score and log loss (7.8): against scipy's bootstrap, paired, in the report."""

import json

import numpy as np
import pytest
from scipy import stats as sps
from sklearn.metrics import log_loss as sk_log_loss

from iso4213_nb.measures import multiclass_scores as mcs
from iso4213_nb.stats.class_score_intervals import class_score_intervals, per_sample_values
from iso4213_nb.core.errors import InputError
from iso4213_nb.stats.measure_intervals import IntervalSettings
from iso4213_nb.report import render_uncertainty

from report_builds import demo_report, multiclass_report


def _probabilities(rng, y, k, sharpness):
    logits = rng.normal(size=(len(y), k))
    logits[np.arange(len(y)), y] += sharpness
    p = np.exp(logits)
    return p / p.sum(axis=1, keepdims=True)


def test_estimates_are_the_measures_of_multiclass_scores_and_scikit_learn():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 4, 200)
    p = _probabilities(rng, y, 4, 1.0)
    found = class_score_intervals(y, {"a": p}, [0, 1, 2, 3], IntervalSettings(n_resamples=50), top_k=(1, 2, 3))["a"]
    assert {k: ci.estimate for k, ci in found["top_k_accuracy"].items()} == pytest.approx(
        mcs.top_k_accuracies(y, p, [0, 1, 2, 3], (1, 2, 3)))
    assert found["brier"].estimate == pytest.approx(np.mean(np.sum((p - np.eye(4)[y]) ** 2, axis=1)))
    assert found["log_loss"].estimate == pytest.approx(sk_log_loss(y, p, labels=[0, 1, 2, 3]))
    for ci in (*found["top_k_accuracy"].values(), found["brier"], found["log_loss"]):
        assert ci.low < ci.estimate < ci.high


@pytest.mark.parametrize("method, scipy_method", [("percentile", "percentile"), ("bca", "BCa")])
def test_agrees_with_scipys_bootstrap_resampling_each_class_on_its_own(method, scipy_method):
    """scipy resamples each of several samples independently (paired=False): with one sample per true class that
    is the class-stratified bootstrap, so both draw from the same distribution and the bounds agree to Monte Carlo
    error (and, for the 0/1 top-1 hits, to one sample's step)."""
    rng = np.random.default_rng(1)
    n, k = 120, 3
    y = rng.integers(0, k, n)
    p = _probabilities(rng, y, k, 1.0)
    ours = class_score_intervals(y, {"a": p}, list(range(k)), top_k=(1,),
                                 settings=IntervalSettings(bootstrap=method, n_resamples=10_000, seed=3))["a"]
    values = per_sample_values(y, p)
    hits = (mcs.argmax_labels(p, list(range(k))) == y).astype(float)
    for ci, column in ((ours["brier"], values[:, 0]), (ours["log_loss"], values[:, 1]),
                       (ours["top_k_accuracy"][1], hits)):
        def mean(*by_class, axis=-1):
            return sum(x.sum(axis=axis) for x in by_class) / n

        theirs = sps.bootstrap(tuple(column[y == c] for c in range(k)), mean, paired=False, vectorized=True,
                               n_resamples=10_000, method=scipy_method, rng=np.random.default_rng(4)).confidence_interval
        allowed = max(0.03 * (theirs.high - theirs.low), 1 / n + 1e-12)
        assert abs(ci.low - theirs.low) <= allowed and abs(ci.high - theirs.high) <= allowed


def test_models_are_drawn_on_the_same_resamples():
    """B is right exactly where A is wrong: on shared resamples their top-1 accuracies add up to 1 every time."""
    rng = np.random.default_rng(2)
    y = rng.integers(0, 3, 150)
    a = _probabilities(rng, y, 3, 1.0)
    a_right = a.argmax(axis=1) == y
    b = a.copy()
    b[np.arange(150), y] = np.where(a_right, 0.0, 2.0)
    b /= b.sum(axis=1, keepdims=True)
    found = class_score_intervals(y, {"a": a, "b": b}, [0, 1, 2], IntervalSettings(n_resamples=200, bootstrap="percentile"),
                                  top_k=(1,))
    first, second = found["a"]["top_k_accuracy"][1], found["b"]["top_k_accuracy"][1]
    assert np.allclose(first.distribution + second.distribution, 1.0)
    assert first.low == pytest.approx(1 - second.high)


def test_reasons_instead_of_intervals_and_weights_refused():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 3, 300)
    p = _probabilities(rng, y, 3, 1.0)
    found = class_score_intervals(y, {"p": p, "raw": np.log(p)}, [0, 1, 2],
                                  IntervalSettings(n_resamples=100, budget=100 * 299), top_k=(1,))
    assert found["raw"]["brier"].low.code == "not_probabilities"
    assert found["raw"]["top_k_accuracy"][1].low < found["raw"]["top_k_accuracy"][1].high  # ranks need no probabilities
    assert found["p"]["log_loss"].low.code == "bootstrap_budget" and found["p"]["log_loss"].estimate > 0
    with pytest.raises(InputError, match="weight"):
        class_score_intervals(y, {"p": p}, [0, 1, 2], sample_weight=np.ones(300))


def test_weighted_report_says_why_its_measures_have_no_interval():
    report = {"confidence_level": 0.95, "input": {"weighted": True, "top_k": []}, "models": {"m": {"intervals": {}}}}
    assert "weight column" in render_uncertainty.interval_table(report, "m")


def test_reports_give_top_k_brier_and_log_loss_with_intervals():
    multi = json.loads((multiclass_report() / "report.json").read_text(encoding="utf-8"))
    html = (multiclass_report() / "report.html").read_text(encoding="utf-8")
    for name, model in multi["models"].items():
        intervals = model["intervals"]
        for k, value in model["top_k_accuracy"].items():
            assert intervals[f"top_{k}_accuracy"]["estimate"] == pytest.approx(value), (name, k)
        for key in ("brier", "log_loss"):
            assert intervals[key]["estimate"] == pytest.approx(model[key]) and intervals[key]["method"] == "bca"
    assert "top-1 accuracy (Annex C)" in html and "Brier score (beyond TS 4213; lower is better)" in html
    binary = json.loads((demo_report() / "report.json").read_text(encoding="utf-8"))
    for name, model in binary["models"].items():
        if model.get("calibration", {}).get("kind") == "binary":
            for key in ("brier", "log_loss"):
                entry = model["intervals"][key]
                assert entry["estimate"] == pytest.approx(model["calibration"][key]), (name, key)
                assert entry["low"] < entry["estimate"] < entry["high"]


@pytest.mark.parametrize("seed", range(4))
def test_cells_by_ranks_equal_the_distinct_rows_sorted_as_records(seed):
    """The cells of the Brier/log-loss and top-k bootstraps are taken from per-column ranks (one sort of numbers per
    column), not from sorting the rows as records: the same distinct rows, order and counts, so every interval keeps
    its draws; checked with many ties, signed zeros and more classes than values."""
    from iso4213_nb.stats.class_score_intervals import _cells

    rng = np.random.default_rng(seed)
    n = int(rng.integers(50, 3000))
    codes = rng.integers(0, int(rng.integers(1, 6)), n)
    values = np.round(rng.random((n, int(rng.integers(1, 4)))), int(rng.integers(0, 3)))
    values[rng.random(values.shape) < 0.05] = -0.0
    counts, strata, cell_values = _cells(codes, values)
    distinct, expected = np.unique(np.column_stack([codes, values]), axis=0, return_counts=True)
    np.testing.assert_array_equal(counts, expected)
    np.testing.assert_array_equal(strata, distinct[:, 0].astype(np.int64))
    np.testing.assert_array_equal(cell_values, distinct[:, 1:])
