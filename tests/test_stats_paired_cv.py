"""Paired t-test (7.2), Wilcoxon (7.6), 5×2cv tests and the corrected resampled t-test."""

import numpy as np
import pytest
from scipy import stats as sps

from iso4213_nb import InputError
from iso4213_nb.words import readings
from iso4213_nb.stats import (AssumptionWarning, combined_ftest_5x2cv, corrected_resampled_ttest,
                              five_by_two_differences, paired_ttest, paired_ttest_5x2cv, wilcoxon)


def test_paired_ttest_matches_scipy_on_random_pairs():
    rng = np.random.default_rng(0)
    for _ in range(100):
        n = int(rng.integers(3, 60))
        a = rng.normal(10, 2, n)
        b = a + rng.normal(rng.normal(0, 0.5), 1, n)
        ours = paired_ttest(a, b, folds=False)
        ref = sps.ttest_rel(a, b)
        assert ours.statistic == pytest.approx(ref.statistic, rel=1e-10)
        assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-9)
        assert ours.df == n - 1
        assert tuple(ours.confidence_interval(0.9)) == pytest.approx(tuple(ref.confidence_interval(0.9)), rel=1e-9)


def test_paired_ttest_warns_on_kfold_looking_scores():
    fold_accuracy_a = [0.81, 0.84, 0.79, 0.83, 0.80]
    fold_accuracy_b = [0.78, 0.80, 0.79, 0.80, 0.77]
    with pytest.warns(AssumptionWarning, match="k-fold"):
        result = paired_ttest(fold_accuracy_a, fold_accuracy_b)
    assert "k-fold" in readings.reading(result) and result.kfold_input
    # hand: d = .03 .04 0 .03 .03, mean .026, sd .0151658, t = .026 / (.0151658/√5) = 3.8334
    assert result.statistic == pytest.approx(3.8334, abs=1e-4)


def test_paired_ttest_no_warning_when_pairs_are_independent_test_sets(recwarn):
    result = paired_ttest([0.81, 0.84, 0.79, 0.83], [0.78, 0.80, 0.79, 0.80], folds=False)
    assert not [w for w in recwarn if issubclass(w.category, AssumptionWarning)]
    assert "independent test sets" in readings.reading(result)


def test_paired_ttest_zero_variance_and_short_input_raise():
    with pytest.raises(InputError, match="variance is zero"):
        paired_ttest([0.8, 0.9, 0.7], [0.7, 0.8, 0.6], folds=False)
    with pytest.raises(InputError, match="at least 2 pairs"):
        paired_ttest([0.8], [0.7])
    with pytest.raises(InputError, match="length mismatch"):
        paired_ttest([0.8, 0.7], [0.7, 0.6, 0.5])


@pytest.mark.parametrize("ties", [False, True])
def test_wilcoxon_matches_scipy(ties):
    rng = np.random.default_rng(1)
    for _ in range(60):
        n = int(rng.integers(6, 80))
        a = rng.normal(0, 1, n)
        b = a + rng.normal(0.2, 1, n)
        if ties:
            a, b = np.round(a, 1), np.round(b, 1)
        ours = wilcoxon(a, b)
        nonzero = np.count_nonzero(a - b)
        method = "exact" if ours.method == "exact" else "approx"
        ref = sps.wilcoxon(a, b, method=method, correction=False, zero_method="wilcox")
        assert nonzero == ours.n_used
        assert ours.statistic == pytest.approx(ref.statistic)
        assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-8)


def test_wilcoxon_small_exact_by_hand():
    # differences 1, 2, 3, -4: ranks 1 2 3 4, W+ = 6, W- = 4; exact two-sided p = 2·P(W ≤ 4)
    # subsets of {1,2,3,4} with sum ≤ 4: {}, {1}, {2}, {3}, {4}, {1,2}, {1,3} = 7 of 16
    result = wilcoxon([1, 2, 3, 0], [0, 0, 0, 4])
    assert (result.w_plus, result.w_minus) == (6, 4)
    assert result.pvalue == pytest.approx(2 * 7 / 16)
    assert result.effect_size == pytest.approx(0.2)
    with pytest.raises(InputError, match="equal in every pair"):
        wilcoxon([1, 2], [1, 2])


# Dietterich's statistic from the 5×2 differences, computed the way mlxtend does from its own splits.
def _mlxtend_style_differences(est1, est2, X, y, seed):
    from sklearn.base import clone
    from sklearn.metrics import get_scorer
    from sklearn.model_selection import train_test_split

    scorer = get_scorer("accuracy")
    rng = np.random.RandomState(seed)
    out = np.empty((5, 2))
    for i in range(5):
        X1, X2, y1, y2 = train_test_split(X, y, test_size=0.5, random_state=rng.randint(low=0, high=32767))
        for j, (Xa, ya, Xb, yb) in enumerate(((X1, y1, X2, y2), (X2, y2, X1, y1))):
            a, b = clone(est1).fit(Xa, ya), clone(est2).fit(Xa, ya)
            out[i, j] = scorer(a, Xb, yb) - scorer(b, Xb, yb)
    return out


def test_5x2cv_tests_match_mlxtend_on_the_same_splits():
    from mlxtend.evaluate import combined_ftest_5x2cv as mlx_f
    from mlxtend.evaluate import paired_ttest_5x2cv as mlx_t
    from sklearn.datasets import load_breast_cancer
    from sklearn.naive_bayes import GaussianNB
    from sklearn.tree import DecisionTreeClassifier

    X, y = load_breast_cancer(return_X_y=True)
    a, b = GaussianNB(), DecisionTreeClassifier(max_depth=2, random_state=0)
    for seed in (1,):
        diffs = _mlxtend_style_differences(a, b, X, y, seed)
        t, p = mlx_t(estimator1=a, estimator2=b, X=X, y=y, random_seed=seed)
        f, pf = mlx_f(estimator1=a, estimator2=b, X=X, y=y, random_seed=seed)
        assert paired_ttest_5x2cv(diffs).statistic == pytest.approx(t, rel=1e-10)
        assert paired_ttest_5x2cv(diffs).pvalue == pytest.approx(p, rel=1e-10)
        assert combined_ftest_5x2cv(diffs).statistic == pytest.approx(f, rel=1e-10)
        assert combined_ftest_5x2cv(diffs).pvalue == pytest.approx(pf, rel=1e-10)


def test_5x2cv_by_hand():
    d = np.array([[0.02, 0.04], [0.01, 0.03], [0.0, 0.02], [0.03, 0.01], [0.02, 0.02]])
    # s_i² = 2·(0.01)² = 2e-4 for the first four rows, 0 for the last: Σ = 8e-4, mean 1.6e-4
    t = paired_ttest_5x2cv(d)
    assert t.statistic == pytest.approx(0.02 / np.sqrt(1.6e-4))
    assert t.df == 5 and "fewer repetitions" in readings.reading(t)
    f = combined_ftest_5x2cv(d)
    assert f.statistic == pytest.approx(np.sum(d ** 2) / (2 * 8e-4))
    assert f.df == (10, 5)
    with pytest.raises(InputError, match="no confidence interval"):
        f.confidence_interval()


@pytest.mark.parametrize("bad, message", [(np.zeros((2, 5)), "5×2 array"), (np.zeros(10), "5×2 array"),
                                          (np.full((5, 2), 0.03), "variance is zero"),
                                          ([[0.1, np.nan]] * 5, "NaN"), ("abc", "array of numbers")])
def test_5x2cv_bad_input(bad, message):
    for test in (paired_ttest_5x2cv, combined_ftest_5x2cv):
        with pytest.raises(InputError, match=message):
            test(bad)


def test_five_by_two_differences_records_seeds_and_reproduces():
    from sklearn.datasets import load_iris
    from sklearn.dummy import DummyClassifier
    from sklearn.neighbors import KNeighborsClassifier

    X, y = load_iris(return_X_y=True)
    first = five_by_two_differences(KNeighborsClassifier(), DummyClassifier(), X, y, seed=4)
    again = five_by_two_differences(KNeighborsClassifier(), DummyClassifier(), X, y, seed=4)
    assert len(first.split_seeds) == 5 and first.split_seeds == again.split_seeds
    np.testing.assert_array_equal(first.differences, again.differences)
    # a stratified half of iris has 25 of each class: the majority-class dummy scores exactly 1/3
    np.testing.assert_allclose(first.scores_b, 1 / 3)
    assert paired_ttest_5x2cv(first).statistic == paired_ttest_5x2cv(first.differences).statistic


def test_corrected_resampled_ttest_by_hand_and_against_plain_t():
    d = np.array([0.02, 0.01, 0.03, 0.00, 0.02, 0.01, 0.02, 0.03, 0.01, 0.02])  # 2 × 5-fold
    n_train, n_test = 400, 100
    mean, var = d.mean(), d.var(ddof=1)
    t = mean / np.sqrt((1 / 10 + 100 / 400) * var)
    result = corrected_resampled_ttest(d, n_train, n_test)
    assert result.statistic == pytest.approx(t)
    assert result.pvalue == pytest.approx(2 * sps.t.sf(t, 9))
    plain = sps.ttest_1samp(d, 0)
    assert result.pvalue > plain.pvalue  # the correction can only widen
    assert corrected_resampled_ttest(d.reshape(2, 5), n_train, n_test).statistic == pytest.approx(t)
    with pytest.raises(InputError, match="n_test must be a positive whole number"):
        corrected_resampled_ttest(d, 400, 0)
    with pytest.raises(InputError, match="variance is zero"):
        corrected_resampled_ttest([0.1, 0.1, 0.1], 10, 5)


def test_corrected_resampled_ttest_reading_adds_the_ratio_to_1_over_j():
    """Nadeau & Bengio's factor is 1/J + n_test/n_train: the ratio is added to 1/J, it does not multiply the variance."""
    d = np.array([0.02, 0.01, 0.03, 0.00, 0.02, 0.01, 0.02, 0.03, 0.01, 0.02])
    text = readings.reading(corrected_resampled_ttest(d, 400, 100))
    assert "1/10 + n_test/n_train = 1/10 + 100/400" in text and "inflated by" not in text


def test_the_kfold_warning_is_words_of_the_active_language():
    """Issue 26.6: a Russian notebook printed the t-test's k-fold warning in English; the warning is a code now, and
    its words are those of the language active when it is shown (the same words the reading gives)."""
    from iso4213_nb.words.i18n import using

    folds_a, folds_b = [0.81, 0.84, 0.79, 0.83, 0.80], [0.78, 0.80, 0.79, 0.80, 0.77]
    with using("ru"), pytest.warns(AssumptionWarning) as caught:
        result = paired_ttest(folds_a, folds_b)
        ours = [w.message for w in caught if issubclass(w.category, AssumptionWarning)]  # not an import's warning
        shown = [str(message) for message in ours]
        reading = readings.reading(result)
    assert len(shown) == 1 and shown[0].startswith("это похоже на результаты k-кратной кросс-валидации; 7.2")
    assert "передайте folds=False, если" in shown[0] and shown[0] in reading
    assert ours[0].code == "assumptions.kfold_ttest"
    with using("en"):
        assert str(ours[0]).startswith("these look like k-fold results; 7.2 advises against")


@pytest.mark.parametrize("n_train", ["400", None, 0, 399.5, False])
def test_corrected_resampled_ttest_refuses_a_sample_count_that_is_not_a_whole_number_in_one_line(n_train):
    """Text and None were a TypeError from float() or from comparing text with 1 before the one whole-number check."""
    with pytest.raises(InputError, match="n_train must be a positive whole number of samples"):
        corrected_resampled_ttest([0.01, 0.03, 0.02, 0.05], n_train, 100)
