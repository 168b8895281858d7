"""The notebook-08 widgets driven from Python: after each slider move the numbers shown equal the package's own
at that input (fresh bootstrap_ci / roc_band / proportion_ci / auroc_ci / bayesian tests), and no move resamples."""

import re

import numpy as np
import pytest

from iso4213_nb import InputError, stats
from iso4213_nb.stats import bayesian
from iso4213_nb.stats import stored_intervals
from iso4213_nb.measures.curves import BinaryScores
from iso4213_nb.measures.roc_regions import roc_band
from iso4213_nb.widgets.live_intervals import LEVELS, IntervalsWidget, RocBandWidget
from iso4213_nb.widgets.posterior import ROPES, PosteriorWidget


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(11)
    y = rng.integers(0, 2, 160)
    s = 1 / (1 + np.exp(-rng.normal(1.6 * y - 0.7, 1.0)))
    return y, s


def _cell(html: str, measure: str, bound: str) -> str:
    return re.search(rf"data-measure='{measure}' data-bound='{bound}'>([^<]*)<", html).group(1)


def _value(html: str, key: str) -> str:
    return re.search(rf"data-value='{key}'>([^<]*)<", html).group(1)


def _method(html: str, measure: str) -> str:
    """The method column of ``measure``'s row (the cell after its upper bound)."""
    return re.search(rf"data-measure='{measure}' data-bound='high'>[^<]*</td><td>([^<]*)<", html).group(1)


@pytest.fixture(scope="module")
def intervals(data):
    return IntervalsWidget(*data, n_resamples=200, seed=5)


@pytest.mark.parametrize("level, proportion, bootstrap", [(0.9, "wilson", "percentile"), (0.8, "clopper-pearson", "bca"),
                                                         (0.99, "wilson", "bca")])
def test_table_follows_the_level_slider_and_the_method_buttons(data, intervals, monkeypatch, level, proportion,
                                                               bootstrap):
    y, s = data
    monkeypatch.setattr(stats, "bootstrap_ci", lambda *a, **k: pytest.fail("a slider move resampled"))
    intervals.level_slider.value = level
    intervals.proportion_buttons.value = proportion
    intervals.bootstrap_buttons.value = bootstrap
    monkeypatch.undo()
    html = intervals.table.value
    pred = (s >= 0.5).astype(int)
    correct = int(np.sum(pred == y))
    accuracy = stats.proportion_ci(correct, len(y), method=proportion, confidence_level=level)
    assert _cell(html, "accuracy", "low") == f"{accuracy.low:.4f}"
    assert _cell(html, "accuracy", "high") == f"{accuracy.high:.4f}"
    auroc = stats.auroc_ci(y, s, confidence_level=level)
    assert _cell(html, "auroc", "low") == f"{auroc.low:.4f}"
    fresh = stats.bootstrap_ci(stored_intervals._label_statistic("matthews_correlation"), y, pred, n_resamples=200, strata=y, seed=5,
                               method=bootstrap, confidence_level=level)
    assert _cell(html, "matthews_correlation", "low") == f"{fresh.low:.4f}" and _cell(html, "matthews_correlation", "high") == f"{fresh.high:.4f}"
    assert intervals.intervals["matthews_correlation"].method == bootstrap
    shown = {"wilson": "Wilson score", "clopper-pearson": "Clopper–Pearson exact", "percentile": "bootstrap percentile",
             "bca": "bootstrap BCa"}  # each row names the method that drew it (7.8)
    assert _method(html, "accuracy") == shown[proportion] and _method(html, "auroc") == "DeLong"
    assert _method(html, "matthews_correlation") == shown[bootstrap]
    assert intervals.message.value == ""


def test_levels_are_shown_without_rounding(intervals):
    assert ("97.5 %", 0.975) in intervals.level_slider.options
    intervals.level = 0.975
    assert "<th>97.5 % low</th>" in intervals.table.value
    intervals.level = 0.95
    assert "<th>95 % low</th>" in intervals.table.value


def test_a_level_off_the_slider_is_refused_in_one_line(intervals):
    before = intervals.table.value
    intervals._guarded(setattr, intervals, "level", 0.42)
    assert "confidence level must be one of" in intervals.message.value
    assert intervals.table.value == before
    assert intervals.level_slider.options[-1][1] == LEVELS[-1]


@pytest.fixture(scope="module")
def band(data):
    return RocBandWidget(*data, n_resamples=150, seed=2)


@pytest.mark.parametrize("specificity, level", [(0.9, 0.95), (0.7, 0.8), (0.98, 0.99)])
def test_roc_band_and_se_at_sp_follow_the_sliders(data, band, monkeypatch, specificity, level):
    y, s = data
    monkeypatch.setattr(stored_intervals, "bootstrap_curve_values", lambda *a, **k: pytest.fail("a move resampled"))
    band.specificity_slider.value = specificity
    band.level_slider.value = level
    monkeypatch.undo()
    scores = BinaryScores(y, s)
    fresh = roc_band(scores, [specificity], confidence_level=level, n_resamples=150, seed=2)
    shown = band.readout.value
    assert _value(shown, "specificity") == f"{specificity:.2f}"
    assert _value(shown, "sensitivity") == f"{fresh.estimate[0]:.4f}"
    assert _value(shown, "low") == f"{fresh.low[0]:.4f}" and _value(shown, "high") == f"{fresh.high[0]:.4f}"
    assert f"{int(level * 100)} % interval" in shown and "(stratified bootstrap, percentile, 150 resamples)" in shown
    whole = roc_band(scores, band.stored.grid, confidence_level=level, n_resamples=150, seed=2)
    np.testing.assert_allclose(band.band.low, whole.low, atol=1e-12)
    assert bytes(band.image.value[:4]) == b"\x89PNG"


@pytest.mark.parametrize("rope", [0.0, 0.01, 0.035])
def test_posterior_probabilities_follow_the_rope_slider(rope):
    rng = np.random.default_rng(1)
    a = 0.9 + rng.normal(0, 0.02, 10)
    b = a - 0.012 + rng.normal(0, 0.01, 10)
    w = PosteriorWidget(a, b, ("A", "B"))
    w.rope_slider.value = rope
    expected = bayesian.correlated_ttest(a, b, rope)
    shown = w.readout.value
    assert _value(shown, "left") == f"{expected.a_better:.3f}"
    assert _value(shown, "rope") == f"{expected.equivalent:.3f}"
    assert _value(shown, "right") == f"{expected.b_better:.3f}"
    assert _value(shown, "rope-width") == f"{rope:.4f}"


def test_signed_rank_posterior_uses_the_same_seed_as_the_package():
    rng = np.random.default_rng(2)
    a, b = rng.random(8), rng.random(8)
    w = PosteriorWidget(a, b, ("A", "B"), method="signed-rank", n_samples=2000, seed=3)
    w.rope = ROPES[4]
    expected = bayesian.signed_rank(a, b, ROPES[4], n_samples=2000, seed=3)
    assert (w.result.a_better, w.result.equivalent, w.result.b_better) == (
        expected.a_better, expected.equivalent, expected.b_better)
    assert _value(w.readout.value, "rope") == f"{expected.equivalent:.3f}"
    with pytest.raises(InputError):
        PosteriorWidget(a, b, method="frequentist")
