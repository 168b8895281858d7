"""Ranking many models: scipy, scikit-posthocs and statsmodels as independent references."""

import numpy as np
import pytest
import scikit_posthocs as sp
from hypothesis import given, settings, strategies as st
from scipy import stats as sps
from statsmodels.stats.multitest import multipletests

from iso4213_nb.core.errors import InputError
from iso4213_nb.stats.ranking import rank_models


def _table(seed, n=12, k=4, decimals=2):
    rng = np.random.default_rng(seed)
    table = np.round(rng.normal(0.8, 0.05, (n, k)) + np.linspace(0.06, 0, k), decimals)
    return table


@settings(max_examples=15, deadline=None, database=None)
@given(seed=st.integers(0, 10_000), n=st.integers(3, 30), k=st.integers(3, 6))
def test_ranking_equals_scipy_scikit_posthocs_and_statsmodels(seed, n, k):
    table = _table(seed, n, k)
    if np.all(table == table[:, :1]):
        return
    result = rank_models(table)
    assert result.friedman_statistic == pytest.approx(sps.friedmanchisquare(*table.T).statistic, rel=1e-10)
    assert np.allclose(result.nemenyi_pvalues, sp.posthoc_nemenyi_friedman(table).to_numpy(), atol=1e-10)
    # Iman-Davenport from its definition; Demšar's z with Holm through statsmodels
    chi2 = result.friedman_statistic
    if np.isfinite(result.iman_davenport_statistic):
        f = (n - 1) * chi2 / (n * (k - 1) - chi2)
        assert result.iman_davenport_statistic == pytest.approx(f, rel=1e-10)
        assert result.iman_davenport_pvalue == pytest.approx(sps.f.sf(f, k - 1, (k - 1) * (n - 1)), abs=1e-12)
    ranks = sps.rankdata(-table, axis=1).mean(axis=0)
    assert np.allclose(result.mean_ranks, ranks)
    iu = np.triu_indices(k, 1)
    z = (ranks[:, None] - ranks[None, :])[iu] / np.sqrt(k * (k + 1) / (6 * n))
    holm = multipletests(2 * sps.norm.sf(np.abs(z)), method="holm")[1]
    assert np.allclose(result.holm_pvalues[iu], holm, atol=1e-12)


def test_diagram_groups_are_maximal_runs_within_the_critical_difference():
    table = _table(1, n=20, k=5)
    result = rank_models(table, names=list("ABCDE"))
    order = result.order()
    by_name = dict(zip(result.names, result.mean_ranks))
    for group in result.groups:
        assert by_name[group[-1]] - by_name[group[0]] <= result.critical_difference
        positions = [order.index(name) for name in group]
        assert positions == list(range(positions[0], positions[-1] + 1))  # a run in rank order
        after = positions[-1] + 1
        if after < len(order):
            assert by_name[order[after]] - by_name[group[0]] > result.critical_difference  # maximal
    for a, b in zip(result.groups, result.groups[1:]):
        assert not set(a) <= set(b) and not set(b) <= set(a)


def test_identical_rankings_give_an_infinite_iman_davenport_statistic():
    table = np.tile([0.9, 0.8, 0.7], (6, 1)) + np.arange(6)[:, None] * 0.001
    result = rank_models(table)
    assert result.iman_davenport_statistic == np.inf and result.iman_davenport_pvalue == 0.0
    assert result.order() == ["model 1", "model 2", "model 3"]


def test_losses_rank_lowest_first_and_bad_alpha_is_named():
    table = _table(2)
    assert rank_models(table, higher_is_better=False).order() == rank_models(-table).order()
    with pytest.raises(InputError, match="alpha"):
        rank_models(table, alpha=1.5)
