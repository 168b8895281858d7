"""One clause-6 kernel for one split and for stacks of splits, with one safe division (issue 24, point 4)."""

import math
from fractions import Fraction

import numpy as np
import pytest

from iso4213_nb.core.undefined import Undefined, ratio
from iso4213_nb.measures import counts, stacked
from iso4213_nb.measures.confusion import ConfusionMatrix
from iso4213_nb.measures.counts import BinaryCounts


def test_stacked_keeps_no_aliases_of_the_scalar_functions():
    assert not hasattr(stacked, "PER_CLASS") and not hasattr(stacked, "fbeta")


@pytest.mark.parametrize("seed", range(5))
def test_arrays_agree_with_single_splits_cell_by_cell(seed):
    rng = np.random.default_rng(seed)
    cells = rng.integers(0, 4, size=(400, 4))  # small counts: many zero denominators
    arrays = {key: cells[:, i].astype(float) for i, key in enumerate(("tp", "fp", "tn", "fn"))}
    for name, measure in counts.PER_CLASS.items():
        values = measure(arrays)
        assert values.shape == (400,)
        for row, value in zip(cells, values):
            single = measure(BinaryCounts(*(int(x) for x in row)))
            if isinstance(single, Undefined):
                assert math.isnan(value), (name, row)
                assert single.code, (name, row)
            else:
                assert value == single, (name, row)
    for beta in (0.0, 0.5, 2.0, math.inf):
        values = counts.fbeta(arrays, beta)
        singles = [float(counts.fbeta(BinaryCounts(*(int(x) for x in row)), beta)) for row in cells]
        np.testing.assert_array_equal(values, singles)


def test_ratio_scalar_array_and_undefined_operands():
    assert ratio(1, 4, code="no_samples") == 0.25
    assert ratio(1, 0, code="no_samples", params={"k": 1}) == Undefined(code="no_samples")
    np.testing.assert_array_equal(ratio(np.array([1.0, 2.0]), np.array([0, 4]), code="no_samples"), [np.nan, 0.5])
    np.testing.assert_array_equal(ratio(np.array([1.0, 3.0]), 0, code="no_samples"), [np.nan, np.nan])
    reason = Undefined(code="no_positives")
    assert ratio(reason, 0.5, code="unbounded_lr_plus") is reason
    assert ratio(0.5, reason, code="unbounded_lr_plus") is reason


def test_undefined_combinations_keep_their_first_reason():
    no_negatives = BinaryCounts(tp=3, fp=0, tn=0, fn=1)
    assert counts.positive_likelihood_ratio(no_negatives).code == "no_negatives"
    assert counts.balanced_accuracy(no_negatives).code == "no_negatives"
    assert counts.matthews_correlation(no_negatives).code == "empty_margin"
    assert counts.positive_likelihood_ratio(BinaryCounts(tp=3, fp=0, tn=2, fn=1)).code == "unbounded_lr_plus"


@pytest.mark.parametrize("seed", range(3))
def test_whole_matrix_kappas_and_mcc_are_one_kernel_bit_for_bit(seed):
    """What a bootstrap resample gets from the stack is exactly what ConfusionMatrix reports for that matrix, and
    both are right: ConfusionMatrix calls the stack's kernel, so each value is also held to exact rational
    arithmetic, undefined exactly where a denominator is 0."""
    rng = np.random.default_rng(seed)
    stack = rng.integers(0, 7, size=(200, 5, 5))
    stack[::7, 2] = 0  # a class with no samples
    stack[::11] = np.diag([3, 0, 0, 0, 0])  # kappa and MCC undefined
    columns = {"cohen_kappa": stacked.cohen_kappa(stack), "linear": stacked.weighted_kappa(stack, "linear"),
               "quadratic": stacked.weighted_kappa(stack, "quadratic"),
               "matthews_correlation": stacked.matthews_correlation(stack)}
    for i, M in enumerate(stack):
        cm = ConfusionMatrix.from_counts(M, list(range(5)), rows="true")
        scalar = {"cohen_kappa": cm.cohen_kappa(), "linear": cm.cohen_kappa("linear"),
                  "quadratic": cm.cohen_kappa("quadratic"), "matthews_correlation": cm.matthews_correlation()}
        exact = _exact_agreement(M)
        for name, value in scalar.items():
            assert isinstance(value, Undefined) == math.isnan(columns[name][i]) == (exact[name] is None), (name, i)
            if not isinstance(value, Undefined):
                assert value == columns[name][i], (name, i)
                assert value == pytest.approx(exact[name], rel=1e-12, abs=1e-15), (name, i)


def _exact_agreement(M: np.ndarray) -> dict:
    """Cohen's kappa, both weighted kappas and Gorodkin's MCC of one integer matrix in exact rational arithmetic;
    None where the denominator is 0."""
    k, n = len(M), int(M.sum())
    t, p = [int(v) for v in M.sum(axis=1)], [int(v) for v in M.sum(axis=0)]
    trace, chance = int(np.trace(M)), sum(a * b for a, b in zip(t, p))
    out = {"cohen_kappa": float(Fraction(trace * n - chance, n * n - chance)) if n * n != chance else None}
    for name, power in (("linear", 1), ("quadratic", 2)):
        observed = sum(abs(i - j) ** power * int(M[i, j]) for i in range(k) for j in range(k))
        expected = sum(abs(i - j) ** power * t[i] * p[j] for i in range(k) for j in range(k))
        out[name] = float(Fraction(expected - observed * n, expected)) if expected else None
    margins = (n * n - sum(v * v for v in p)) * (n * n - sum(v * v for v in t))
    out["matthews_correlation"] = None if margins == 0 else \
        math.copysign(math.sqrt(Fraction((trace * n - chance) ** 2, margins)), trace * n - chance)
    return out


@pytest.mark.parametrize("scale", [10**3, 10**8, 10**9, 4 * 10**9])
def test_kappas_and_mcc_stay_exact_beyond_int64_products(scale):
    """Billions of rows (merged counts of a streamed file): Σ T_i·P_i passes 2^63 once n passes about 3·10^9, which
    int64 arithmetic wraps silently; every agreement measure must still match exact rational arithmetic."""
    rng = np.random.default_rng(scale % 97)
    for M in rng.integers(0, scale, size=(5, 4, 4)):
        cm = ConfusionMatrix.from_counts(M, list(range(4)), rows="true")
        got = {"cohen_kappa": cm.cohen_kappa(), "linear": cm.cohen_kappa("linear"),
               "quadratic": cm.cohen_kappa("quadratic"), "matthews_correlation": cm.matthews_correlation()}
        assert got == pytest.approx(_exact_agreement(M), rel=1e-12, abs=1e-15), int(M.sum())
