"""The bootstrap of iso4213_nb.stats.bootstrap and the vectorised measures it resamples (7.8)."""

import numpy as np
import pytest
from scipy import stats as sps

from iso4213_nb.measures import counts as counts_module, stacked as sm
from iso4213_nb.measures.confusion import AVERAGED, ConfusionMatrix
from iso4213_nb.core.errors import InputError
from iso4213_nb.stats.bootstrap import (JACKKNIFE_GROUPS, bootstrap_ci, counts_bootstrap_ci, counts_bootstrap_cis,
                                        interval_bounds, multinomial_resamples)
from iso4213_nb.core.undefined import is_undefined


@pytest.mark.parametrize("method, scipy_method", [("percentile", "percentile"), ("bca", "BCa")])
@pytest.mark.parametrize("seed", [0, 1])
def test_bootstrap_ci_agrees_with_scipy(method, scipy_method, seed):
    rng = np.random.default_rng(seed)
    x = rng.exponential(size=80)  # skewed: BCa and percentile differ
    ours = bootstrap_ci(np.mean, x, n_resamples=20_000, method=method, seed=seed)
    theirs = sps.bootstrap((x,), np.mean, n_resamples=20_000, method=scipy_method, random_state=seed).confidence_interval
    width = theirs.high - theirs.low
    assert abs(ours.low - theirs.low) < 0.04 * width
    assert abs(ours.high - theirs.high) < 0.04 * width
    assert ours.estimate == pytest.approx(x.mean())


@pytest.mark.parametrize("method, scipy_method", [("percentile", "percentile"), ("bca", "BCa")])
def test_counts_bootstrap_equals_row_bootstrap_in_distribution(method, scipy_method):
    """Multinomial counts resample the rows they describe: same interval as scipy on the rows (F1 of labels)."""
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 150)
    p = np.where(rng.random(150) < 0.75, y, 1 - y)

    def f1_rows(t, q):
        tp = np.sum((t == 1) & (q == 1))
        return 2 * tp / (np.sum(t == 1) + np.sum(q == 1))

    cells = np.bincount(2 * y + p, minlength=4)  # (true, predicted) cells

    def f1_counts(c):
        return 2 * c[:, 3] / (2 * c[:, 3] + c[:, 1] + c[:, 2])

    ours = counts_bootstrap_ci(f1_counts, cells, n_resamples=20_000, method=method, seed=5)
    theirs = sps.bootstrap((y, p), f1_rows, paired=True, vectorized=False, n_resamples=20_000,
                           method=scipy_method, random_state=5).confidence_interval
    width = theirs.high - theirs.low
    assert ours.estimate == pytest.approx(f1_rows(y, p))
    assert abs(ours.low - theirs.low) < 0.05 * width and abs(ours.high - theirs.high) < 0.05 * width


def test_exact_count_jackknife_equals_row_jackknife():
    """Weighted jackknife over cells gives the acceleration of the leave-one-row-out jackknife."""
    rng = np.random.default_rng(4)
    y = rng.integers(0, 3, 60)
    cells = np.bincount(y, minlength=3)
    ci = counts_bootstrap_ci(lambda c: c[:, 0] / c.sum(axis=1) ** 0.5, cells, n_resamples=50, seed=0)
    rows = np.array([np.sum(np.delete(y, i) == 0) / 59 ** 0.5 for i in range(60)])
    d = rows.mean() - rows
    assert ci.details["acceleration"] == pytest.approx(np.sum(d ** 3) / (6 * np.sum(d ** 2) ** 1.5))
    assert ci.details["jackknife"] == "exact"


def test_stratified_resamples_keep_class_counts_and_pairing_uses_the_same_rows():
    y = np.array([0] * 30 + [1] * 10)
    seen = []

    def record(t, a, b):
        seen.append((np.sum(t == 1), np.array_equal(a, b)))
        return float(np.mean(a))

    x = np.arange(40.0)
    bootstrap_ci(record, y, x, x.copy(), strata=y, n_resamples=20, method="percentile")
    assert all(ones == 10 and same for ones, same in seen)
    draws = multinomial_resamples(np.array([5, 7, 3, 2]), [np.array([0, 1]), np.array([2, 3])], 50,
                                  np.random.default_rng(0))
    assert (draws[:, :2].sum(axis=1) == 12).all() and (draws[:, 2:].sum(axis=1) == 5).all()


def test_seed_reproduces_and_changes():
    x = np.random.default_rng(0).normal(size=50)
    a, b = bootstrap_ci(np.median, x, seed=7, n_resamples=200), bootstrap_ci(np.median, x, seed=7, n_resamples=200)
    c = bootstrap_ci(np.median, x, seed=8, n_resamples=200)
    assert (a.low, a.high) == (b.low, b.high) and a.details["seed"] == 7
    assert (a.low, a.high) != (c.low, c.high)


def test_grouped_jackknife_above_the_limit():
    x = np.random.default_rng(1).exponential(size=JACKKNIFE_GROUPS + 500)
    ci = bootstrap_ci(np.mean, x, n_resamples=100)
    assert ci.details["jackknife"] == f"grouped:{JACKKNIFE_GROUPS}"
    exact = sps.skew(x) / (6 * np.sqrt(len(x)))  # acceleration of the mean (Efron & Tibshirani 14.15)
    assert ci.details["acceleration"] == pytest.approx(exact, rel=0.1)


def test_undefined_statistic_gives_an_undefined_interval_not_an_exception():
    x = np.zeros(20)
    ci = bootstrap_ci(lambda v: np.nan, x)
    assert is_undefined(ci.low) and ci.low.code == "undefined_estimate"
    mostly = counts_bootstrap_ci(lambda c: np.where(c[:, 0] == 1, 1.0, np.nan), np.array([1, 30]), n_resamples=100)
    assert mostly.low.code == "mostly_undefined_resamples"
    some = counts_bootstrap_ci(lambda c: c[:, 1] / (c[:, 0] + c[:, 1] - 1 * (c[:, 0] == 0)), np.array([8, 30]),
                               n_resamples=100)
    assert not is_undefined(some.low)
    assert ci.to_dict()["reasons"]["low"] == {"code": "undefined_estimate"}


@pytest.mark.parametrize("bad", [{"method": "basic"}, {"n_resamples": 5}, {"confidence_level": 1.5}])
def test_bad_options_are_one_line_input_errors(bad):
    with pytest.raises(InputError):
        bootstrap_ci(np.mean, np.arange(5.0), **bad)


def test_several_statistics_share_one_draw():
    cells = np.array([20, 5, 7, 30])
    both = counts_bootstrap_cis(lambda c: np.column_stack([c[:, 0], c[:, 0] * 2.0]), cells, ["a", "b"],
                                n_resamples=200, method="percentile")
    assert both[1].low == 2 * both[0].low and both[1].high == 2 * both[0].high


@pytest.mark.parametrize("k, seed", [(2, 0), (3, 1), (4, 2), (3, 3)])
def test_stacked_measures_equal_the_scalar_ones(k, seed):
    rng = np.random.default_rng(seed)
    stack = rng.integers(0, 6, size=(6, k, k))
    stack[0, 1] = 0  # a class with no samples
    stack[1, :, 0] = 0  # a class never predicted
    for M in stack:
        cm = ConfusionMatrix.from_counts(M, list(range(k)), rows="true")
        c = sm.one_vs_rest(M[None])
        for i in range(k):
            counts = cm.binary(i)
            for name, fn in counts_module.PER_CLASS.items():
                expected = float(fn(counts))
                assert fn(c)[0, i] == pytest.approx(expected, nan_ok=True), name
        # balanced accuracy, the kappas, MCC and the macro and weighted averages: ConfusionMatrix calls sm's
        assert sm.accuracy(M[None])[0] == pytest.approx(float(cm.accuracy()), nan_ok=True)
        for name in AVERAGED:  # micro: ConfusionMatrix pools its own counts
            assert sm.average(M[None], name, "micro")[0] == pytest.approx(float(cm.average(name, "micro")),
                                                                          nan_ok=True), name


def test_grouped_jackknife_for_many_cells_is_close_to_the_exact_one():
    rng = np.random.default_rng(6)
    cells = rng.integers(1, 5, size=3 * JACKKNIFE_GROUPS)
    weights = np.linspace(0, 3, len(cells)) ** 2

    def weighted_mean(c):
        return c @ weights / c.sum(axis=1)

    grouped = counts_bootstrap_ci(weighted_mean, cells, n_resamples=2000)
    assert grouped.details["jackknife"] == f"grouped:{JACKKNIFE_GROUPS}"
    rows = np.repeat(weights, cells)
    exact = sps.skew(rows) / (6 * np.sqrt(len(rows)))
    assert grouped.details["acceleration"] == pytest.approx(exact, rel=0.5)
    # What matters is the bounds: with the exact acceleration they move by under 1 % of the width.
    low, high = interval_bounds(grouped.distribution, grouped.estimate, 0.95, "bca", exact)
    assert abs(low - grouped.low) < 0.01 * (high - low) and abs(high - grouped.high) < 0.01 * (high - low)


def test_acceleration_without_defined_jackknife_values_is_zero_without_warnings():
    from iso4213_nb.stats.bootstrap import acceleration
    assert acceleration(np.array([])) == 0.0 and acceleration(np.array([1.0, 1.0])) == 0.0


def test_a_bootstrap_that_cannot_vary_gives_no_zero_width_interval():
    perfect = counts_bootstrap_ci(lambda c: c[:, 0] / c.sum(axis=1), np.array([20, 0]), n_resamples=50)
    assert is_undefined(perfect.low) and perfect.low.code == "degenerate_bootstrap" and perfect.estimate == 1.0
    from iso4213_nb.words.intervals import interval_text
    from iso4213_nb.stats.results import interval_json
    assert "cannot show the uncertainty" in interval_text(interval_json(perfect))


def test_grouped_jackknife_beyond_dealt_rows_keeps_memory_to_the_table_and_stays_close():
    from iso4213_nb.stats.bootstrap import JACKKNIFE_DEALT_ROWS, _grouped_cells

    rng = np.random.default_rng(8)
    cells = rng.integers(1000, 2000, size=2 * JACKKNIFE_GROUPS)
    assert cells.sum() > JACKKNIFE_DEALT_ROWS
    groups = _grouped_cells(cells, 0)
    assert groups.shape == (JACKKNIFE_GROUPS, len(cells)) and (groups.sum(axis=0) == cells).all()
    sizes = groups.sum(axis=1)
    assert abs(sizes.mean() - cells.sum() / JACKKNIFE_GROUPS) < 1 and sizes.std() < 3 * np.sqrt(sizes.mean())
    weights = np.linspace(0, 3, len(cells)) ** 2
    grouped = counts_bootstrap_ci(lambda c: c @ weights / c.sum(axis=1), cells, n_resamples=500)
    rows = np.repeat(weights, cells)
    exact = sps.skew(rows) / (6 * np.sqrt(len(rows)))
    assert abs(grouped.details["acceleration"] - exact) < 1e-3  # both negligible at this many rows
    low, high = interval_bounds(grouped.distribution, grouped.estimate, 0.95, "bca", exact)
    assert abs(low - grouped.low) < 0.01 * (high - low) and abs(high - grouped.high) < 0.01 * (high - low)
