"""Interpolation measures of TR 24029-1 (Lee 2023): numpy/scipy/sklearn cross-checks and Table 1 wording."""

import numpy as np
import pytest
from scipy.stats import pearsonr
from sklearn.metrics import max_error as sk_max_error, mean_squared_error

from iso4213_nb import InputError, Undefined
from iso4213_nb.measures.interpolation import association, max_error, pearson_correlation, rmse


def test_hand_example():
    actual, predicted = [1.0, 2.0, 3.0], [1.0, 2.0, 5.0]
    assert rmse(actual, predicted) == pytest.approx(np.sqrt(4 / 3))
    assert max_error(actual, predicted) == 2.0
    assert pearson_correlation([1, 2, 3], [2, 4, 6]) == pytest.approx(1.0)


@pytest.mark.parametrize("seed", range(30))
def test_agrees_with_scipy_and_sklearn(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(3, 500))
    a = rng.normal(1e6 if seed % 5 == 0 else 0, 1, n)  # large offsets test the centred computation
    p = a * rng.uniform(-1, 1) + rng.normal(0, 1, n)
    assert rmse(a, p) == pytest.approx(np.sqrt(mean_squared_error(a, p)), rel=1e-12)
    assert max_error(a, p) == pytest.approx(sk_max_error(a, p), rel=1e-12)
    assert pearson_correlation(a, p) == pytest.approx(pearsonr(a, p).statistic, abs=1e-9)


def test_rmse_is_not_the_error_standard_deviation_under_bias():
    a = np.arange(10.0)
    p = a + 3  # constant bias: errors have standard deviation 0
    assert np.std(p - a) == 0 and rmse(a, p) == 3.0


@pytest.mark.parametrize("r, wording", [
    (1.0, "perfect positive association"), (0.95, "very strong positive association"),
    (0.8, "very strong positive association"), (0.7, "strong positive association"),
    (0.5, "moderate positive association"), (0.3, "weak positive association"),
    (0.1, "very weak positive or no association"), (0.0, "very weak positive or no association"),
    (-0.1, "very weak negative or no association"), (-0.2, "weak negative association"),
    (-0.45, "moderate negative association"), (-0.6, "strong negative association"),
    (-0.9, "very strong negative association"), (-1.0, "perfect negative association"),
])
def test_association_wording_of_lee_table_1(r, wording):
    assert association(r) == wording


def test_constant_series_undefined_and_bad_input():
    r = pearson_correlation([1, 1, 1], [1, 2, 3])
    assert isinstance(r, Undefined) and "actual values are all equal" in r.reason
    assert association(r).startswith("undefined")
    with pytest.raises(InputError, match="length mismatch"):
        rmse([1, 2], [1])
    with pytest.raises(InputError, match="NaN"):
        max_error([1, np.nan], [1, 2])
    with pytest.raises(InputError, match=r"\[-1, 1\]"):
        association(1.5)
