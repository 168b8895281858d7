"""Proportion intervals (7.8) against statsmodels, and the bootstrap as iso4213_nb.stats exports it."""

import numpy as np
import pytest
from scipy import stats as sps
from statsmodels.stats.proportion import proportion_confint

from iso4213_nb import InputError, Undefined, stats
from iso4213_nb.words import readings
from iso4213_nb.stats import bootstrap_ci, paired_bootstrap_ci, proportion_ci

STATSMODELS_NAME = {"wilson": "wilson", "clopper-pearson": "beta", "wald": "normal"}


@pytest.mark.parametrize("method", sorted(STATSMODELS_NAME))
def test_proportion_ci_matches_statsmodels(method):
    rng = np.random.default_rng(0)
    for _ in range(200):
        n = int(rng.integers(1, 500))
        x = int(rng.integers(0, n + 1))
        level = float(rng.choice([0.8, 0.9, 0.95, 0.99]))
        low, high = proportion_confint(x, n, alpha=1 - level, method=STATSMODELS_NAME[method])
        ours = proportion_ci(x, n, method=method, confidence_level=level)
        assert ours.low == pytest.approx(max(low, 0.0), abs=1e-10)
        assert ours.high == pytest.approx(min(high, 1.0), abs=1e-10)
        assert ours.estimate == x / n


def test_wilson_by_hand():
    # Annex A overall accuracy is 85.92 %; take 85 of 100: z = 1.96, centre (0.85 + 1.96²/200)/(1 + 1.96²/100)
    z = sps.norm.ppf(0.975)
    centre = (0.85 + z * z / 200) / (1 + z * z / 100)
    half = z * np.sqrt(0.85 * 0.15 / 100 + z * z / 40000) / (1 + z * z / 100)
    low, high = proportion_ci(85, 100)
    assert (low, high) == pytest.approx((centre - half, centre + half))


@pytest.mark.parametrize("call, message", [
    (lambda: proportion_ci(5, 0), "n is 0"),
    (lambda: proportion_ci(6, 5), "exceeds n"),
    (lambda: proportion_ci(2.5, 5), "whole count"),
    (lambda: proportion_ci(-1, 5), "whole count"),
    (lambda: proportion_ci(1, 5, method="agresti"), "method must be one of"),
    (lambda: proportion_ci(1, 5, confidence_level=95), "between 0 and 1"),
])
def test_proportion_bad_input(call, message):
    with pytest.raises(InputError, match=message):
        call()


def test_bootstrap_seed_is_recorded_and_reproducible_and_strata_are_kept():
    rng = np.random.default_rng(2)
    y = rng.integers(0, 2, 80)
    first = bootstrap_ci(np.mean, y, seed=5, n_resamples=200)
    assert first.seed == 5 and first.to_dict()["seed"] == 5
    assert tuple(bootstrap_ci(np.mean, y, seed=5, n_resamples=200)) == tuple(first)
    # stratified by y itself, every resample keeps the class counts, so the share of ones never moves:
    # no zero-width interval, a reason instead
    kept = bootstrap_ci(np.mean, y, strata=y, n_resamples=200)
    assert kept.low.code == "degenerate_bootstrap" and kept.estimate == pytest.approx(y.mean()) and kept.stratified


def test_undefined_resamples_are_left_out_and_counted():
    y = np.array([1] * 3 + [0] * 27)

    def recall(t):
        positives = int(t.sum())
        return Undefined("no positives") if positives == 0 else positives / len(t)

    result = bootstrap_ci(recall, y, n_resamples=300, seed=0)
    assert 0 < result.n_undefined < 300 and len(result.distribution) == 300 - result.n_undefined
    assert "left out" in readings.reading(result)


def test_paired_bootstrap_of_accuracy_difference():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 300)
    a = np.where(rng.uniform(size=300) < 0.85, y, 1 - y)
    b = np.where(rng.uniform(size=300) < 0.75, y, 1 - y)

    def accuracy(t, p):
        return float(np.mean(t == p))

    result = paired_bootstrap_ci(accuracy, y, a, b, n_resamples=500, seed=1)
    assert result.estimate == pytest.approx(accuracy(y, a) - accuracy(y, b))
    assert result.low < result.estimate < result.high
    assert "difference in accuracy" in readings.name(result)


@pytest.mark.parametrize("call, message", [
    (lambda: bootstrap_ci(np.mean, [1.0, 2.0], [1.0]), "length mismatch"),
    (lambda: bootstrap_ci(np.mean, [1.0, 2.0], method="basic"), "method must be one of"),
    (lambda: bootstrap_ci(np.mean, [1.0, 2.0], n_resamples=5), "at least 10"),
    (lambda: bootstrap_ci(lambda x: "x", [1.0, 2.0]), "must return a number"),
])
def test_bootstrap_bad_input(call, message):
    with pytest.raises(InputError, match=message):
        call()


def test_messages_show_what_the_user_gave_not_python_reprs():
    with pytest.raises(InputError, match=r"alpha must lie strictly between 0 and 1, got 2$"):
        stats.adjust_pvalues([0.1], "bh", alpha=np.float64(2))
    with pytest.raises(InputError, match=r"^n_resamples must be a whole number of at least 10, got 5$"):
        stats.bootstrap_ci(np.mean, [1.0, 2.0, 3.0], n_resamples=np.int64(5))
    with pytest.raises(InputError, match=r"length mismatch: arrays\[0\] has 3, arrays\[1\] has 2$"):
        stats.bootstrap_ci(np.mean, [1.0, 2.0, 3.0], [1.0, 2.0])
    with pytest.raises(InputError, match=r"the positive class 02 is not among the labels of y_true \(a, b\)$"):
        stats.delong_test(["a", "b", "a", "b"], [0.1, 0.2, 0.3, 0.4], [0.4, 0.3, 0.2, 0.1], positive="02")
