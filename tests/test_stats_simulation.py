"""Seeded simulations: the tests keep their nominal size under the null hypothesis (a few seconds in all)."""

import numpy as np

from iso4213_nb.stats import adjust_pvalues, combined_ftest_5x2cv, mcnemar, paired_ttest_5x2cv

ALPHA = 0.05
DRAWS = 2000


def _rejection_rate(pvalues):
    return float(np.mean(np.asarray(pvalues) <= ALPHA))


def test_mcnemar_holds_its_size_under_the_null():
    # two models with the same error rate: each sample is discordant one way or the other with equal chance
    rng = np.random.default_rng(2024)
    counts = rng.multinomial(150, [0.6, 0.1, 0.1, 0.2], size=DRAWS // 2)
    tables = counts.reshape(-1, 2, 2)
    default = [float(mcnemar(t).pvalue) for t in tables]
    exact = [float(mcnemar(t, exact=True).pvalue) for t in tables]
    uncorrected = [float(mcnemar(t, exact=False, correction=False).pvalue) for t in tables]
    # the exact and corrected forms are conservative (size at most α); the uncorrected one sits near α
    assert 0.01 <= _rejection_rate(default) <= ALPHA + 0.01
    assert 0.01 <= _rejection_rate(exact) <= ALPHA + 0.01
    assert abs(_rejection_rate(uncorrected) - ALPHA) <= 0.015


def test_5x2cv_tests_hold_their_size_under_the_null():
    # two fixed classifiers with equal accuracy 0.8 on fresh data sets of 200 samples, scored by 5×2 cross-validation
    rng = np.random.default_rng(7)
    n, draws = 200, DRAWS * 3 // 4
    correct = rng.uniform(size=(draws, 2, n)) < 0.8
    diff = correct[:, 0].astype(float) - correct[:, 1]
    halves = np.argsort(rng.uniform(size=(draws, 5, n)), axis=2)
    per_sample = np.take_along_axis(np.broadcast_to(diff[:, None, :], (draws, 5, n)), halves, axis=2)
    folds = np.stack([per_sample[:, :, : n // 2].mean(axis=2), per_sample[:, :, n // 2:].mean(axis=2)], axis=2)
    t_rate = _rejection_rate([float(paired_ttest_5x2cv(f).pvalue) for f in folds])
    f_rate = _rejection_rate([float(combined_ftest_5x2cv(f).pvalue) for f in folds])
    # Dietterich's t-test is slightly conservative here (about 0.03); it must not exceed α by more than noise
    assert 0.015 <= t_rate <= ALPHA + 0.015
    assert f_rate <= ALPHA + 0.015


def test_plain_bonferroni_never_rejects_more_than_holm():
    rng = np.random.default_rng(99)
    for _ in range(DRAWS // 2):
        m = int(rng.integers(2, 12))
        false_nulls = rng.uniform(size=m) < 0.4
        p = np.where(false_nulls, rng.uniform(0, 0.02, m), rng.uniform(0, 1, m))
        bonferroni = adjust_pvalues(p, "bonferroni").rejected
        holm = adjust_pvalues(p, "holm").rejected
        assert bonferroni.sum() <= holm.sum() and np.all(holm[bonferroni])
