"""Chi-squared (7.5), Fisher (7.7), McNemar (7.9) and Cochran's Q against scipy and statsmodels."""

import numpy as np
import pytest
from scipy import stats as sps
from statsmodels.stats.contingency_tables import cochrans_q as sm_cochran
from sklearn.metrics import confusion_matrix
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar

from iso4213_nb import InputError, Undefined
from iso4213_nb.words import readings
from iso4213_nb.stats import chi_squared, cochran_q, correct_by_class, fisher_exact, mcnemar, mcnemar_table


def test_chi_squared_matches_scipy_on_random_tables():
    rng = np.random.default_rng(0)
    for _ in range(150):
        r, c = int(rng.integers(2, 5)), int(rng.integers(2, 5))
        table = rng.integers(1, 40, (r, c))
        for correction in (True, False):
            ours = chi_squared(table, correction=correction)
            stat, p, dof, expected = sps.chi2_contingency(table, correction=correction)
            assert ours.statistic == pytest.approx(stat, rel=1e-10)
            assert ours.pvalue == pytest.approx(p, rel=1e-8)
            assert ours.df == dof
            np.testing.assert_allclose(ours.expected, expected)
        v = sps.contingency.association(table, method="cramer")
        assert ours.effect_size == pytest.approx(v, rel=1e-10)


def test_chi_squared_states_the_expected_count_rule():
    small = chi_squared([[3, 1], [1, 3]])
    assert small.use_fisher and "below" in readings.reading(small) and "at least 5" in readings.reading(small)
    large = chi_squared([[30, 10], [10, 30]])
    assert not large.use_fisher and "adequate" in readings.reading(large)


def test_fisher_matches_scipy_on_random_tables():
    rng = np.random.default_rng(1)
    for _ in range(200):
        table = rng.integers(0, 15, (2, 2))
        if table.sum(axis=0).min() == 0 or table.sum(axis=1).min() == 0:
            continue
        ours = fisher_exact(table)
        ref = sps.fisher_exact(table)
        assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-9)
        if np.isfinite(ref.statistic) and ref.statistic > 0:
            assert ours.statistic == pytest.approx(ref.statistic)


def test_fisher_odds_ratio_interval_by_hand_and_undefined():
    result = fisher_exact([[10, 2], [3, 8]])
    se = np.sqrt(1 / 10 + 1 / 2 + 1 / 3 + 1 / 8)
    low, high = result.confidence_interval()
    assert low == pytest.approx(np.exp(np.log(80 / 6) - 1.959963984540054 * se))
    assert high == pytest.approx(np.exp(np.log(80 / 6) + 1.959963984540054 * se))
    zero = fisher_exact([[5, 0], [2, 6]])
    assert isinstance(zero.effect_size, Undefined) and "unbounded" in readings.reason(zero.effect_size)
    assert all(isinstance(b, Undefined) for b in zero.confidence_interval())


def test_mcnemar_matches_statsmodels_in_every_form():
    rng = np.random.default_rng(2)
    for _ in range(300):
        table = rng.integers(0, 60, (2, 2))
        b, c = table[0, 1], table[1, 0]
        if b == c:
            continue
        exact = mcnemar(table, exact=True)
        ref = sm_mcnemar(table, exact=True)
        assert exact.statistic == ref.statistic and exact.pvalue == pytest.approx(ref.pvalue, rel=1e-10)
        assert exact.pvalue == pytest.approx(sps.binomtest(int(b), int(b + c), 0.5).pvalue, rel=1e-10)
        for correction in (True, False):
            ours = mcnemar(table, exact=False, correction=correction)
            ref = sm_mcnemar(table, exact=False, correction=correction)
            assert ours.statistic == pytest.approx(ref.statistic, rel=1e-12)
            assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-10)
        assert exact.effect_size == pytest.approx((b - c) / table.sum())


def test_mcnemar_exact_rule_and_mid_p_by_hand():
    # b = 10, c = 3, n_disc = 13: exact p = 2·P(X ≤ 3), X ~ Bin(13, ½) = 2·(1 + 13 + 78 + 286)/8192
    result = mcnemar([[50, 10], [3, 40]])
    assert result.method == "exact" and readings.name(result) == "McNemar test (exact binomial)" and "b + c < 25" in readings.reading(result)
    assert result.pvalue == pytest.approx(2 * 378 / 8192)
    assert result.midp_pvalue == pytest.approx(2 * 378 / 8192 - 286 / 8192)
    big = mcnemar([[50, 20], [8, 40]])  # b + c = 28 ≥ 25: chi-squared with correction
    assert big.method == "chi2_corrected" and big.statistic == pytest.approx((12 - 1) ** 2 / 28)


def test_mcnemar_equal_and_zero_discordant_counts():
    equal = mcnemar([[5, 30], [30, 5]], exact=False)
    assert equal.statistic == 0 and equal.pvalue == 1  # |b − c| − 1 is not allowed below zero
    none = mcnemar([[5, 0], [0, 5]], exact=False)
    assert isinstance(none.statistic, Undefined) and isinstance(none.pvalue, Undefined)
    assert mcnemar([[5, 0], [0, 5]]).pvalue == 1.0
    # b = c = 3: exact p = min(1, 2·P(X ≤ 3)) = 1 and mid-p = 2·P(X ≤ 3) − P(X = 3) = 1 by symmetry
    assert mcnemar([[5, 3], [3, 5]]).midp_pvalue == pytest.approx(1.0)


def test_mcnemar_table_from_predictions():
    y = ["cat", "dog", "dog", "cat", "dog", "cat"]
    a = ["cat", "dog", "cat", "cat", "cat", "dog"]
    b = ["cat", "cat", "cat", "dog", "dog", "dog"]
    # sample: both right, A only, both wrong, A only, B only, both wrong
    assert mcnemar_table(y, a, b).tolist() == [[1, 2], [1, 2]]
    with pytest.raises(InputError, match="length mismatch"):
        mcnemar_table(y, a, b[:3])


def test_cochran_q_matches_statsmodels():
    rng = np.random.default_rng(3)
    for _ in range(100):
        n, k = int(rng.integers(10, 80)), int(rng.integers(2, 6))
        correct = (rng.uniform(size=(n, k)) < rng.uniform(0.5, 0.95, k)).astype(int)
        ref = sm_cochran(correct)
        ours = cochran_q(correct)
        if isinstance(ours.statistic, Undefined):
            continue
        assert ours.statistic == pytest.approx(ref.statistic, rel=1e-10)
        assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-8)
        assert ours.df == k - 1


def test_cochran_q_with_two_models_is_uncorrected_mcnemar():
    rng = np.random.default_rng(5)
    correct = (rng.uniform(size=(200, 2)) < [0.8, 0.7]).astype(int)
    table = [[np.sum((correct[:, 0] == 1) & (correct[:, 1] == 1)), np.sum((correct[:, 0] == 1) & (correct[:, 1] == 0))],
             [np.sum((correct[:, 0] == 0) & (correct[:, 1] == 1)), np.sum((correct[:, 0] == 0) & (correct[:, 1] == 0))]]
    assert cochran_q(correct).statistic == pytest.approx(mcnemar(table, exact=False, correction=False).statistic)


@pytest.mark.parametrize("call, message", [
    (lambda: chi_squared([[1, -2], [3, 4]]), "negative counts"),
    (lambda: chi_squared([[1, 2.5], [3, 4]]), "non-integer counts"),
    (lambda: chi_squared([[0, 0], [3, 4]]), "row 1 of the table is all zeros"),
    (lambda: fisher_exact([[1, 2, 3], [3, 4, 5]]), "must be 2×2"),
    (lambda: mcnemar([[1, 2], [3, -1]]), "negative counts"),
    (lambda: mcnemar([[1, 2]]), "at least 2 rows"),
    (lambda: cochran_q([[1, 0, 2], [0, 1, 1]]), "only 0 and 1"),
])
def test_bad_tables_raise_one_line(call, message):
    with pytest.raises(InputError, match=message):
        call()


@pytest.mark.parametrize("table, exact", [([[30, 0], [0, 20]], False), ([[30, 0], [0, 20]], True),
                                          ([[0, 10], [0, 0]], None)])
def test_mcnemar_gives_no_zero_width_interval(table, exact):
    # b + c = 0, or every sample discordant in A's favour: the Wald standard error is 0.
    result = mcnemar(table, exact=exact)
    low, high = result.confidence_interval(0.95)
    assert isinstance(low, Undefined) and isinstance(high, Undefined)
    ci = result.to_dict()["confidence_interval"]
    assert (ci["low"], ci["high"]) == (None, None) and ci["method"] == "wald"
    assert ci["reason"] == {"code": "zero_standard_error"}


@pytest.mark.parametrize("cell, message", [
    (1e308, r"holds a count of 1e\+308 at row 1, column 2; counts must stay below 2\*\*53"),
    (2.0 ** 53, r"holds a count of 9.007e\+15 at row 1, column 2"),
    (10 ** 400, "beyond the range of a 64-bit float"),
    (-1e308, r"negative counts, the first -1e\+308 at row 1, column 2"),
], ids=["1e308", "2**53", "10**400", "-1e308"])
def test_counts_beyond_exact_integers_get_one_line_naming_the_cell(cell, message):
    # 1e308 used to overflow the int64 cast (a RuntimeWarning, made an error by the test settings) and then be
    # reported as a negative count.
    with pytest.raises(InputError, match=message) as info:
        chi_squared([[1, cell], [3, 4]])
    assert "\n" not in str(info.value)
    with pytest.raises(InputError, match="add up to"):
        mcnemar([[2 ** 52, 2 ** 52], [1, 1]])


def test_chi_squared_on_counts_in_the_billions_matches_scipy():
    table = [[2_000_000_000, 2_000_000_000], [2_000_000_000, 1_000_000_000]]  # row × column totals overflow int64
    ours = chi_squared(table)
    expected = sps.chi2_contingency(np.array(table, dtype=float))
    assert ours.statistic == pytest.approx(expected.statistic, rel=1e-9)
    assert ours.pvalue == pytest.approx(expected.pvalue, abs=1e-300)


@pytest.mark.parametrize("seed", range(5))
def test_correct_by_class_is_the_diagonal_and_the_rest_of_each_true_row(seed):
    rng = np.random.default_rng(seed)
    labels = ["a", "b", "c"]
    y = rng.choice(labels, 90)
    pred = np.where(rng.random(90) < 0.7, y, rng.choice(labels, 90))
    table = correct_by_class(y, pred, labels)
    cm = confusion_matrix(y, pred, labels=labels)  # rows: true classes
    assert table.tolist() == [[cm[i, i], cm[i].sum() - cm[i, i]] for i in range(3)]
    assert correct_by_class(y, pred, ["b"]).tolist() == [[cm[1, 1], cm[1].sum() - cm[1, 1]]]


def test_correct_by_class_refuses_a_class_no_sample_has_in_one_line():
    """A mistyped class gave a row of 0 right and 0 wrong, which the tests then read as a class of no samples."""
    with pytest.raises(InputError, match="unknown label 'c'") as caught:
        correct_by_class(["a", "b", "a"], ["a", "a", "b"], ["a", "c"])
    assert caught.value.code == "confusion.unknown_label" and "\n" not in str(caught.value)
