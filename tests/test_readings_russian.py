"""The reading paragraphs of every clause-7 result in Russian: no English word left, and the same numbers as the
English paragraph (issue 15: the computation returns data and codes, :mod:`iso4213_nb.words.readings` makes the words)."""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest

from iso4213_nb.words import controls as control_readings, readings
from iso4213_nb.controls import computed as controls
from iso4213_nb import stats
from iso4213_nb.words.i18n import using
from visible_words import english_words

RNG = np.random.default_rng(11)
A, B = RNG.normal(0.8, 0.03, 12), RNG.normal(0.78, 0.03, 12)
Y = RNG.integers(0, 2, 60)
S1, S2 = np.clip(RNG.normal(0.3 + 0.4 * Y, 0.2), 0, 1), np.clip(RNG.normal(0.35 + 0.3 * Y, 0.2), 0, 1)


def _kfold_ttest():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", stats.AssumptionWarning)
        return stats.paired_ttest(A, B, folds=True)


RESULTS = {
    "paired t": lambda: stats.paired_ttest(A, B, folds=False),
    "paired t on k-fold results": _kfold_ttest,
    "Wilcoxon": lambda: stats.wilcoxon(A, B),
    "5×2cv t": lambda: stats.paired_ttest_5x2cv(RNG.normal(0.01, 0.02, (5, 2))),
    "5×2cv F": lambda: stats.combined_ftest_5x2cv(RNG.normal(0.01, 0.02, (5, 2))),
    "corrected t": lambda: stats.corrected_resampled_ttest(RNG.normal(0.01, 0.02, 10), 90, 10),
    "ANOVA": lambda: stats.anova(A, B, RNG.normal(0.7, 0.05, 12)),
    "ANOVA of two groups": lambda: stats.anova(A, B),
    "Kruskal–Wallis": lambda: stats.kruskal_wallis(A, B, RNG.normal(0.7, 0.05, 4)),
    "Friedman": lambda: stats.friedman(np.column_stack([A, B, A - 0.05]), names=["lr", "nb", "svm"]),
    "chi-squared": lambda: stats.chi_squared([[30, 10, 5], [12, 25, 18]]),
    "chi-squared, sparse 2×2": lambda: stats.chi_squared([[3, 10], [12, 2]]),
    "Fisher": lambda: stats.fisher_exact([[3, 10], [12, 2]]),
    "McNemar": lambda: stats.mcnemar([[40, 12], [5, 3]]),
    "Cochran": lambda: stats.cochran_q(RNG.integers(0, 2, (40, 3))),
    "DeLong": lambda: stats.delong_test(Y, S1, S2),
    "AUROC interval": lambda: stats.auroc_ci(Y, S1),
    "Wilson interval": lambda: stats.proportion_ci(45, 60),
    "Wald interval": lambda: stats.proportion_ci(5, 60, method="wald"),
    "bootstrap interval": lambda: stats.bootstrap_ci(np.mean, A, n_resamples=200, seed=1),
    "Holm": lambda: stats.adjust_pvalues([0.01, 0.04, 0.03, 0.2], "holm"),
    "Benjamini–Hochberg": lambda: stats.adjust_pvalues([0.01, 0.04, 0.03, 0.2], "bh"),
}

NUMBER = re.compile(r"(?<![\w.,])[-+]?\d+(?:[.,]\d+)?")


CONTROLS = {
    "majority baseline": lambda: controls.majority_baseline(Y),
    "random baseline": lambda: controls.random_baseline(Y, seed=3),
    "group overlap": lambda: controls.group_overlap(["s1", "s1", "s2"], ["s2", "s3", "s4"]),
    "no group overlap": lambda: controls.group_overlap([1, 2], [3, 4]),
    "agreement": lambda: controls.annotator_agreement(Y, np.where(RNG.random(60) < 0.8, Y, 1 - Y)),
    "undefined agreement": lambda: controls.annotator_agreement([1, 1, 1], [1, 1, 1]),
}

#: Every reading: clause 7's results through :mod:`iso4213_nb.words.readings`, the 5.3 controls (which return numbers
#: only) through :mod:`iso4213_nb.words.controls`.
CASES = {**{name: (make, readings.reading) for name, make in RESULTS.items()},
         **{name: (make, control_readings.reading) for name, make in CONTROLS.items()}}


@pytest.mark.parametrize("name", CASES)
def test_reading_in_russian_has_no_english_word_and_the_same_numbers(name):
    make, read = CASES[name]
    result = make()
    english = read(result)
    with using("ru"):
        russian = read(result)
    assert not english_words(russian, {"mean", "lr", "nb", "svm", "folds", "False", "fisher_exact", "exact", "True",
                                       "n_test", "n_train"}), russian
    assert sorted(n.replace(",", ".") for n in NUMBER.findall(russian)) == sorted(NUMBER.findall(english))


def test_the_tests_of_subgroup_pairs_have_russian_names():
    from iso4213_nb.subgroups.rows import subgroup_analysis

    truth = np.tile([1, 1, 0, 0], 60)
    guess = np.where(RNG.random(240) < 0.8, truth, 1 - truth)
    groups = np.repeat(["a", "b", "c"], [110, 110, 20])
    result = subgroup_analysis(truth, guess, groups, labels=[0, 1], positive=1, n_bootstrap=20)
    codes = {pair["test"] for test in result.heterogeneity.values() for pair in test.details.get("pairwise", [])}
    with using("ru"):
        names = {code: readings.name_of_test(code) for code in codes}
    assert names == {"chi_squared": "критерий независимости хи-квадрат", "fisher_exact": "точный тест Фишера"}
