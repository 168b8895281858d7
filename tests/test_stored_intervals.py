"""Intervals read from stored bootstrap replicates equal the package's own intervals computed afresh at that level."""

import numpy as np
import pytest

from iso4213_nb import ConfusionMatrix, InputError, stats
from iso4213_nb.measures.curves import BinaryScores
from iso4213_nb.measures.counts import balanced_accuracy, f1, matthews_correlation
from iso4213_nb.measures.roc_regions import roc_band
from iso4213_nb.stats.stored_intervals import MEASURES, MeasureIntervals, StoredRocBand


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(7)
    y = rng.integers(0, 2, 150)
    s = 1 / (1 + np.exp(-rng.normal(1.4 * y - 0.6, 1.0)))
    return y, s


@pytest.fixture(scope="module")
def stored(data):
    return MeasureIntervals(*data, threshold=0.5, n_resamples=300, seed=4)


def _counts(t, p):
    return ConfusionMatrix.from_predictions(t, p, labels=[0, 1]).binary(1)


FRESH = {"f1": lambda t, p: f1(_counts(t, p)), "balanced_accuracy": lambda t, p: balanced_accuracy(_counts(t, p)),
         "matthews_correlation": lambda t, p: matthews_correlation(_counts(t, p)),
         "cohen_kappa": lambda t, p: ConfusionMatrix.from_predictions(t, p, labels=[0, 1]).cohen_kappa()}


@pytest.mark.parametrize("level", [0.8, 0.95, 0.99])
@pytest.mark.parametrize("method", ["percentile", "bca"])
@pytest.mark.parametrize("measure", sorted(FRESH))
def test_bootstrapped_label_measures_equal_a_fresh_bootstrap_at_each_level(data, stored, measure, method, level):
    y, s = data
    pred = (s >= 0.5).astype(int)
    fresh = stats.bootstrap_ci(FRESH[measure], y, pred, n_resamples=300, strata=y, seed=4, method=method,
                               confidence_level=level)
    got = stored.interval(measure, level, method)
    assert (got.estimate, got.low, got.high) == pytest.approx((fresh.estimate, fresh.low, fresh.high), abs=1e-12)


@pytest.mark.parametrize("method", ["percentile", "bca"])
def test_average_precision_equals_a_fresh_bootstrap(data, stored, method):
    y, s = data
    fresh = stats.bootstrap_ci(lambda t, v: BinaryScores(t, v).average_precision(), y, s, n_resamples=300, strata=y,
                               seed=4, method=method, confidence_level=0.9)
    got = stored.interval("average_precision", 0.9, method)
    assert (got.low, got.high) == pytest.approx((fresh.low, fresh.high), abs=1e-12)


@pytest.mark.parametrize("level", [0.5, 0.9, 0.999])
def test_closed_forms_are_the_package_intervals(data, stored, level):
    y, s = data
    pred = s >= 0.5
    tp, fp = int(np.sum(pred & (y == 1))), int(np.sum(pred & (y == 0)))
    fn, tn = int(np.sum(~pred & (y == 1))), int(np.sum(~pred & (y == 0)))
    expected = {"accuracy": (tp + tn, len(y)), "recall": (tp, tp + fn), "specificity": (tn, tn + fp),
                "precision": (tp, tp + fp)}
    for name, (x, n) in expected.items():
        for method in ("wilson", "clopper-pearson"):
            fresh = stats.proportion_ci(x, n, method=method, confidence_level=level)
            got = stored.interval(name, level, method)
            assert (got.low, got.high, got.estimate) == (fresh.low, fresh.high, fresh.estimate)
    fresh = stats.auroc_ci(y, s, confidence_level=level)
    assert tuple(stored.interval("auroc", level)) == tuple(fresh)


def test_every_measure_in_the_table_and_bad_requests_are_one_line(stored):
    table = stored.intervals(0.9, "clopper-pearson", "bca")
    assert list(table) == list(MEASURES)
    assert all(t.low <= t.estimate <= t.high for t in table.values())
    for bad in (lambda: stored.interval("lift", 0.9), lambda: stored.interval("f1", 1.2),
                lambda: stored.interval("f1", 0.9, "wilson"), lambda: stored.interval("recall", 0.9, "bca")):
        with pytest.raises(InputError):
            bad()


def test_precision_without_predicted_positives_is_undefined_not_zero(data):
    y, s = data
    nothing = MeasureIntervals(y, s, threshold=2.0, n_resamples=50)
    ci = nothing.interval("precision", 0.95)
    assert ci.low.code == "no_predicted_positives"
    assert nothing.interval("f1", 0.95).estimate == 0  # 2TP / (2TP + FP + FN) with FN > 0
    assert nothing.interval("matthews_correlation", 0.95).estimate.code == "undefined_estimate"  # a zero denominator, said so


@pytest.mark.parametrize("level", [0.8, 0.95])
def test_stored_band_equals_roc_band_and_its_points(data, level):
    y, s = data
    scores = BinaryScores(y, s)
    grid = np.linspace(0, 1, 11)
    stored = StoredRocBand(scores, grid, n_resamples=200, seed=3)
    fresh = roc_band(scores, grid, confidence_level=level, n_resamples=200, seed=3)
    band = stored.band(level)
    np.testing.assert_array_equal(band.estimate, fresh.estimate)
    np.testing.assert_allclose(band.low, fresh.low, atol=1e-12)
    np.testing.assert_allclose(band.high, fresh.high, atol=1e-12)
    point = stored.sensitivity_at(0.9, level)
    single = roc_band(scores, [0.9], confidence_level=level, n_resamples=200, seed=3)
    assert (point.estimate, point.low, point.high) == pytest.approx(
        (single.estimate[0], single.low[0], single.high[0]), abs=1e-12)
    with pytest.raises(InputError):
        stored.sensitivity_at(0.91, level)


def test_a_bad_method_gets_the_same_line_from_the_stored_intervals_the_report_settings_and_the_widget(data, stored):
    """One list of method codes and one sentence per concept (issue 24 point 2): the widgets' stored intervals, the
    report's interval settings and the live widget refuse an unknown method with the same line, naming the owner's
    list in the owner's order."""
    from iso4213_nb.stats.measure_intervals import IntervalSettings
    from iso4213_nb.widgets.live_intervals import IntervalsWidget

    def line(call):
        with pytest.raises(InputError) as caught:
            call()
        return caught.value.code, str(caught.value)

    widget = IntervalsWidget(*data, n_resamples=20)
    proportion = {line(lambda: stored.interval("recall", 0.9, "wald")), line(lambda: IntervalSettings(proportion="wald")),
                  line(lambda: setattr(widget, "proportion_method", "wald"))}
    assert proportion == {("stats.proportion_method",
                           "the proportion method must be one of wilson, clopper-pearson; got wald")}
    bootstrap = {line(lambda: stored.interval("f1", 0.9, "basic")), line(lambda: IntervalSettings(bootstrap="basic")),
                 line(lambda: setattr(widget, "bootstrap_method", "basic"))}
    assert bootstrap == {("stats.bootstrap_method", "the bootstrap method must be one of percentile, bca; got basic")}
