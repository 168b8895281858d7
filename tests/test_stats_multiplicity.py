"""Multiple comparisons (7.10): adjusted p-values against statsmodels, the 7.10.2 rule, FWER."""

import numpy as np
import pytest
from statsmodels.stats.multitest import multipletests

from iso4213_nb import InputError
from iso4213_nb.words import readings
from iso4213_nb.stats import adjust_pvalues, familywise_error_rate

STATSMODELS_NAME = {"bonferroni": "bonferroni", "holm": "holm", "hochberg": "simes-hochberg", "bh": "fdr_bh",
                    "by": "fdr_by"}


@pytest.mark.parametrize("method", sorted(STATSMODELS_NAME))
def test_adjusted_and_rejected_match_statsmodels_on_random_families(method):
    rng = np.random.default_rng(7)
    for _ in range(15 if method == "holm" else 60):  # statsmodels' holm is slow, ~0.1 s a call
        m = int(rng.integers(1, 30))
        p = rng.uniform(0, 1, m) ** rng.uniform(1, 6)  # many small p-values too
        alpha = float(rng.choice([0.01, 0.05, 0.1, 0.2]))
        reject, adjusted, _, _ = multipletests(p, alpha=alpha, method=STATSMODELS_NAME[method])
        ours = adjust_pvalues(p, method, alpha)
        np.testing.assert_allclose(ours.adjusted, adjusted, rtol=1e-12, atol=1e-15)
        np.testing.assert_array_equal(ours.rejected, reject)


def _statsmodels_thresholds(method, m, alpha):
    """The thresholds statsmodels compares the sorted raw p-values with, in its own arithmetic."""
    k = np.arange(1, m + 1)
    if method == "bonferroni":
        return np.full(m, alpha / float(m))
    if method in ("holm", "hochberg"):
        return alpha / np.arange(m, 0, -1)
    ecdf = k / float(m)
    return ecdf * alpha if method == "bh" else ecdf / np.sum(1.0 / k) * alpha


@pytest.mark.parametrize("method", sorted(STATSMODELS_NAME))
def test_ties_and_p_values_on_their_threshold_match_statsmodels(method):
    rng = np.random.default_rng(17)
    for _ in range(10 if method == "holm" else 40):
        m = int(rng.integers(1, 25))
        alpha = float(rng.choice([0.01, 0.05, 0.1, 0.2, 0.3]))
        thresholds = _statsmodels_thresholds(method, m, alpha)
        pool = np.concatenate([thresholds, rng.uniform(0, 1, 3) ** 3, [0.0, 1.0, alpha]])
        p = rng.choice(pool, size=m)  # ties, thresholds at their own rank or at another one, both ends
        reject, adjusted, _, _ = multipletests(p, alpha=alpha, method=STATSMODELS_NAME[method])
        ours = adjust_pvalues(p, method, alpha)
        np.testing.assert_allclose(ours.adjusted, adjusted, rtol=1e-12, atol=1e-15)
        np.testing.assert_array_equal(ours.rejected, reject)


@pytest.mark.parametrize("method", sorted(STATSMODELS_NAME))
def test_p_values_on_and_one_ulp_either_side_of_their_thresholds_decide_as_statsmodels(method):
    rng = np.random.default_rng(27)
    for _ in range(10 if method == "holm" else 40):
        m = int(rng.integers(1, 25))
        alpha = float(rng.choice([0.01, 0.05, 0.1, 0.2, 0.3]))
        on = _statsmodels_thresholds(method, m, alpha)
        pool = np.concatenate([on, np.nextafter(on, 0), np.nextafter(on, 1), rng.uniform(0, 1, 2) ** 3])
        for p in (rng.choice(pool, size=m), on[rng.integers(0, m)] * np.ones(m),
                  np.nextafter(on[-1], 1) * np.ones(m)):
            reject, adjusted, _, _ = multipletests(p, alpha=alpha, method=STATSMODELS_NAME[method])
            ours = adjust_pvalues(p, method, alpha)
            np.testing.assert_array_equal(ours.rejected, reject)
            np.testing.assert_allclose(ours.adjusted, adjusted, rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize("method", sorted(STATSMODELS_NAME))
def test_one_threshold_decides_m_equal_p_values_exactly(method):
    # step-down (Holm) stops at the first, smallest threshold; step-up rules reach the last, largest one
    for m in range(1, 40):
        for alpha in (0.01, 0.05, 0.1, 0.2, 0.3):
            decisive = _statsmodels_thresholds(method, m, alpha)[0 if method == "holm" else -1]
            assert adjust_pvalues([decisive] * m, method, alpha).rejected.all()
            assert not adjust_pvalues([np.nextafter(decisive, 1)] * m, method, alpha).rejected.any()


def test_bonferroni_rejects_none_of_nine_p_values_just_above_alpha_over_nine():
    p = [0.00555555555555556] * 9  # each above 0.05 / 9 = 0.005555555555555556 by a few ulps
    assert p[0] > 0.05 / 9
    assert multipletests(p, alpha=0.05, method="bonferroni")[0].tolist() == [False] * 9
    assert adjust_pvalues(p, "bonferroni", alpha=0.05).rejected.tolist() == [False] * 9


def test_the_reported_bh_boundary_case_rejects_all_three_as_statsmodels_does():
    assert adjust_pvalues([0.1, 0.1, 0.1], "bh", alpha=0.1).rejected.tolist() == [True, True, True]
    assert multipletests([0.1, 0.1, 0.1], alpha=0.1, method="fdr_bh")[0].tolist() == [True, True, True]


def test_holm_is_the_step_down_rule_printed_in_7_10_2():
    rng = np.random.default_rng(3)
    for _ in range(300):
        m = int(rng.integers(1, 15))
        p = rng.uniform(0, 0.2, m)
        alpha = 0.05
        ranked = np.sort(p)
        k = np.arange(1, m + 1)
        above = np.flatnonzero(ranked > alpha / (m + 1 - k))
        first = above[0] if above.size else m  # 0-based index of the smallest k with p'_k > α/(m+1−k)
        expected = np.zeros(m, dtype=bool)
        expected[np.argsort(p, kind="stable")[:first]] = True
        np.testing.assert_array_equal(adjust_pvalues(p, "holm", alpha).rejected, expected)


def test_hand_worked_family_in_input_order():
    p = [0.04, 0.01, 0.03, 0.005]
    # sorted 0.005, 0.01, 0.03, 0.04; Holm factors 4, 3, 2, 1 -> 0.02, 0.03, 0.06, max(0.06, 0.04) = 0.06
    assert adjust_pvalues(p, "holm").adjusted.tolist() == pytest.approx([0.06, 0.03, 0.06, 0.02])
    assert adjust_pvalues(p, "holm").rejected.tolist() == [False, True, False, True]
    assert adjust_pvalues(p, "bonferroni").adjusted.tolist() == pytest.approx([0.16, 0.04, 0.12, 0.02])
    # BH: 0.005*4/1 = 0.02, 0.01*4/2 = 0.02, 0.03*4/3 = 0.04, 0.04*4/4 = 0.04
    assert adjust_pvalues(p, "bh").adjusted.tolist() == pytest.approx([0.04, 0.02, 0.04, 0.02])
    assert adjust_pvalues(p, "bh").rejected.all()


def test_holm_rejects_at_least_what_bonferroni_rejects():
    rng = np.random.default_rng(11)
    for _ in range(500):
        p = rng.uniform(0, 0.1, int(rng.integers(2, 20)))
        bonferroni = adjust_pvalues(p, "bonferroni").rejected
        holm = adjust_pvalues(p, "holm").rejected
        assert np.all(holm[bonferroni])


def test_reading_names_holm_as_the_rule_of_7_10_2():
    assert "7.10.2" in readings.reading(adjust_pvalues([0.01, 0.2], "holm"))
    assert "Holm" in adjust_pvalues.__doc__ and "7.10.2" in adjust_pvalues.__doc__


def test_familywise_error_rate_formula():
    assert familywise_error_rate(0.05, 1) == pytest.approx(0.05)
    assert familywise_error_rate(0.05, 10) == pytest.approx(0.4012630607616213)  # 1 - 0.95**10 by hand
    with pytest.raises(InputError, match="m, the number of tests"):
        familywise_error_rate(0.05, 0)


@pytest.mark.parametrize("m", ["x", None, "3", 2.5, True])
def test_familywise_error_rate_refuses_what_is_not_a_whole_number_in_one_line(m):
    """Text and None were a ValueError or TypeError from float() before the one whole-number check."""
    with pytest.raises(InputError, match="m, the number of tests"):
        familywise_error_rate(0.05, m)


@pytest.mark.parametrize("bad, message", [([0.1, 1.2], "must lie in \\[0, 1\\], got 1.2"),
                                          ([-0.01], "got -0.01"), ([], "empty"), ([0.1, np.nan], "NaN")])
def test_bad_pvalues_raise_one_line(bad, message):
    with pytest.raises(InputError, match=message):
        adjust_pvalues(bad, "holm")


def test_unknown_method_and_alpha():
    with pytest.raises(InputError, match="method must be one of"):
        adjust_pvalues([0.1], "sidak")
    with pytest.raises(InputError, match="confidence_level|between 0 and 1"):
        adjust_pvalues([0.1], "holm", alpha=1.5)
