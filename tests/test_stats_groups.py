"""ANOVA (7.3), Kruskal–Wallis (7.4), Friedman and its post-hoc tests."""

import numpy as np
import pytest
from scipy import stats as sps

from iso4213_nb import InputError
from iso4213_nb.words import readings
from iso4213_nb.stats import anova, friedman, kruskal_wallis


def _random_groups(rng, ties=False):
    k = int(rng.integers(2, 6))
    groups = [rng.normal(rng.normal(0, 0.5), 1, int(rng.integers(2, 25))) for _ in range(k)]
    return [np.round(g, 1) for g in groups] if ties else groups


def test_anova_matches_scipy_f_oneway():
    rng = np.random.default_rng(0)
    for _ in range(100):
        groups = _random_groups(rng)
        ours, ref = anova(*groups), sps.f_oneway(*groups)
        assert ours.statistic == pytest.approx(ref.statistic, rel=1e-10)
        assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-8, abs=1e-300)


def test_anova_eta_squared_by_hand():
    # groups (1, 2, 3) and (4, 5, 6): grand mean 3.5, SSB = 3·1.5² + 3·1.5² = 13.5, SSW = 2 + 2 = 4
    result = anova([1, 2, 3], [4, 5, 6])
    assert result.statistic == pytest.approx((13.5 / 1) / (4 / 4))
    assert result.effect_size == pytest.approx(13.5 / 17.5)
    assert "three or more" in readings.reading(result)


@pytest.mark.parametrize("ties", [False, True])
def test_kruskal_matches_scipy(ties):
    rng = np.random.default_rng(1)
    for _ in range(100):
        groups = _random_groups(rng, ties)
        ours, ref = kruskal_wallis(*groups), sps.kruskal(*groups)
        assert ours.statistic == pytest.approx(ref.statistic, rel=1e-10)
        assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-8)
        assert ours.df == len(groups) - 1


@pytest.mark.parametrize("ties", [False, True])
def test_friedman_matches_scipy(ties):
    rng = np.random.default_rng(2)
    for _ in range(60):
        n, k = int(rng.integers(3, 20)), int(rng.integers(3, 6))
        table = rng.normal(0, 1, (n, k)) + rng.normal(0, 0.5, k)
        if ties:
            table = np.round(table)
        if np.all(table == table[:, :1]):
            continue
        ours = friedman(table)
        ref = sps.friedmanchisquare(*table.T)
        assert ours.statistic == pytest.approx(ref.statistic, rel=1e-10)
        assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-8)


def test_friedman_nemenyi_critical_difference_matches_demsar_table():
    # Demšar (2006) Table 5(a): q_0.05 = 2.343 for k = 3, so CD = 2.343·√(3·4/(6·10)) for 10 data sets
    rng = np.random.default_rng(3)
    result = friedman(rng.normal(0, 1, (10, 3)))
    assert result.critical_difference == pytest.approx(2.343 * np.sqrt(12 / 60), abs=2e-3)
    for row in result.pairwise:
        assert row["rejected"] == (abs(row["mean_rank_difference"]) > result.critical_difference)


def test_friedman_wilcoxon_holm_posthoc_and_mean_ranks():
    rng = np.random.default_rng(4)
    table = rng.normal(0, 0.01, (15, 3)) + np.array([0.9, 0.8, 0.8])
    result = friedman(table, posthoc="wilcoxon-holm", names=["best", "b", "c"])
    assert result.mean_ranks["best"] == 1.0  # always highest score, rank 1
    pairs = {(r["a"], r["b"]): r for r in result.pairwise}
    assert pairs[("best", "b")]["rejected"] and pairs[("best", "c")]["rejected"]
    raw = sps.wilcoxon(table[:, 0], table[:, 1]).pvalue
    assert pairs[("best", "b")]["pvalue"] >= raw  # Holm never lowers a p-value


@pytest.mark.parametrize("call, message", [
    (lambda: anova([1, 2, 3]), "at least two groups"),
    (lambda: kruskal_wallis([1, 2]), "at least two groups"),
    (lambda: anova([1, 1], [2, 2]), "within-group variance is zero"),
    (lambda: kruskal_wallis([1, 1], [1, 1]), "all values are equal"),
    (lambda: friedman([[1, 2], [3, 4]]), "at least three models"),
    (lambda: friedman([[1, 2, 3]]), "at least 2 rows"),
    (lambda: friedman([[1, 2, 3], [1, 2, 3]], posthoc="tukey"), "posthoc must be"),
    (lambda: anova([1, 2], ["a", "b"]), "must be numeric"),
])
def test_bad_group_input(call, message):
    with pytest.raises(InputError, match=message):
        call()
