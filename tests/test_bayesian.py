"""Bayesian comparisons with a ROPE, checked against baycomp on random scores."""

import baycomp
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from iso4213_nb.stats.bayesian import correlated_ttest, signed_rank
from iso4213_nb.core.errors import InputError


@settings(max_examples=40, deadline=None, database=None)
@given(seed=st.integers(0, 10_000), runs=st.sampled_from([1, 2, 5]), rope=st.sampled_from([0.0, 0.005, 0.02]))
def test_correlated_ttest_equals_baycomp(seed, runs, rope):
    rng = np.random.default_rng(seed)
    a = rng.normal(0.85, 0.02, 10 * runs)
    b = a - rng.normal(0.01, 0.015, 10 * runs)
    ours = correlated_ttest(a, b, rope, runs=runs)
    theirs = baycomp.CorrelatedTTest.probs(a, b, rope, runs=runs)
    expected = theirs if rope > 0 else (theirs[0], 0.0, theirs[1])
    assert (ours.a_better, ours.equivalent, ours.b_better) == pytest.approx(expected, abs=1e-12)


@settings(max_examples=15, deadline=None, database=None)
@given(seed=st.integers(0, 10_000), n=st.integers(3, 25), rope=st.sampled_from([0.0, 0.01, 0.03]))
def test_signed_rank_equals_baycomp_sample_for_sample(seed, n, rope):
    rng = np.random.default_rng(seed)
    a = np.round(rng.uniform(0.6, 0.95, n), 2)
    b = np.round(a - rng.normal(0.01, 0.03, n), 2)  # rounded: ties and zero differences occur
    ours = signed_rank(a, b, rope, n_samples=4000, seed=seed)
    theirs = baycomp.SignedRankTest.probs(a, b, rope, nsamples=4000, random_state=seed)
    expected = theirs if rope > 0 else (theirs[0], 0.0, theirs[1])
    assert (ours.a_better, ours.equivalent, ours.b_better) == pytest.approx(expected, abs=1e-12)


def test_rope_absorbs_a_negligible_difference():
    rng = np.random.default_rng(0)
    a = rng.normal(0.90, 0.01, 30)
    b = a - 0.001 + rng.normal(0, 0.002, 30)
    assert correlated_ttest(a, b, rope=0.01, runs=3).equivalent > 0.95
    assert signed_rank(a, b, rope=0.01, n_samples=2000).equivalent > 0.95
    assert correlated_ttest(a, b, rope=0.0, runs=3).equivalent == 0


def test_losses_turn_the_direction_around():
    a, b = np.array([0.10, 0.12, 0.11, 0.13]), np.array([0.20, 0.21, 0.19, 0.22])
    assert correlated_ttest(a, b).b_better > 0.99
    assert correlated_ttest(a, b, higher_is_better=False).a_better > 0.99


@pytest.mark.parametrize("call, message", [
    (lambda: correlated_ttest([0.8, 0.9], [0.7]), "one score each"),
    (lambda: correlated_ttest([0.8, 0.9, 0.7], [0.7, 0.8, 0.6], runs=2), "divides"),
    (lambda: correlated_ttest([0.8, 0.9], [0.7, 0.8], rope=-1), "zero or positive"),
    (lambda: signed_rank([0.8, np.nan], [0.7, 0.8]), "NaN"),
    (lambda: signed_rank([0.8, 0.9], [0.7, 0.8], prior=0), "prior must be positive"),
])
def test_bad_input_is_one_line(call, message):
    with pytest.raises(InputError, match=message):
        call()
