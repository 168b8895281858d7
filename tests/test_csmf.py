"""CSMF accuracy (Annex D): hand values, extremes, an independent implementation, bad input."""

import math
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from iso4213_nb import InputError
from iso4213_nb.measures.csmf import (CHANCE_EXACT, chance_corrected_csmf_accuracy, csmf_accuracy,
                             csmf_from_confusion)

TRUE = {"cardiac": 0.5, "infection": 1 / 3, "injury": 1 / 6}
PRED = {"cardiac": 63 / 120, "infection": 35 / 120, "injury": 22 / 120}


def _direct(t, p):
    """Independent computation with exact fractions: 1 − Σ|t − p| / (2 (1 − min t))."""
    t = [Fraction(x).limit_denominator(10**9) for x in t]
    p = [Fraction(x).limit_denominator(10**9) for x in p]
    return float(1 - sum(abs(a - b) for a, b in zip(t, p)) / (2 * (1 - min(t))))


def test_hand_example():
    # Σ|t − p| = (3 + 5 + 2)/120 = 1/12; 2 (1 − 1/6) = 5/3; 1 − (1/12)/(5/3) = 0.95
    assert csmf_accuracy(TRUE, PRED) == pytest.approx(0.95)
    assert chance_corrected_csmf_accuracy(TRUE, PRED, chance="rounded") == pytest.approx(0.318 / 0.368)
    # (0.95 − (1 − 1/e)) / (1/e) = 1 − 0.05 e
    assert chance_corrected_csmf_accuracy(TRUE, PRED) == pytest.approx(1 - 0.05 * math.e)


def test_chance_constant():
    assert CHANCE_EXACT == pytest.approx(0.6321205588)
    assert round(CHANCE_EXACT, 3) == 0.632


@pytest.mark.parametrize("k", [2, 3, 7, 40])
def test_extremes_perfect_is_one_and_all_on_rarest_is_zero(k):
    rng = np.random.default_rng(k)
    t = rng.dirichlet(np.ones(k))
    assert csmf_accuracy(t, t) == pytest.approx(1)
    worst = np.zeros(k)
    worst[np.argmin(t)] = 1
    assert csmf_accuracy(t, worst) == pytest.approx(0, abs=1e-12)
    assert chance_corrected_csmf_accuracy(t, t) == pytest.approx(1)


def test_against_direct_computation_on_random_inputs():
    rng = np.random.default_rng(4213)
    for _ in range(200):
        k = int(rng.integers(2, 12))
        t, p = rng.dirichlet(np.ones(k)), rng.dirichlet(np.ones(k))
        value = csmf_accuracy(t, p)
        assert value == pytest.approx(_direct(t, p), abs=1e-9)
        assert 0 <= value <= 1


def test_random_allocation_scores_one_minus_one_over_e_for_many_causes():
    rng = np.random.default_rng(0)
    k = 1000
    values = [csmf_accuracy(rng.dirichlet(np.ones(k)), np.full(k, 1 / k)) for _ in range(300)]
    assert np.mean(values) == pytest.approx(1 - 1 / math.e, abs=0.002)
    assert abs(np.mean([chance_corrected_csmf_accuracy(rng.dirichlet(np.ones(k)), np.full(k, 1 / k))
                        for _ in range(300)])) < 0.01


def test_causes_aligned_by_label_not_by_order():
    shuffled = {c: PRED[c] for c in ("injury", "cardiac", "infection")}
    assert csmf_accuracy(TRUE, shuffled) == pytest.approx(0.95)
    in_order = list(PRED.values())
    assert csmf_accuracy(list(TRUE.values()), in_order) == pytest.approx(0.95)


@pytest.mark.parametrize("true, pred, message", [
    ({"a": 0.5, "b": 0.5}, {"a": 0.5, "c": 0.5},
     r"causes differ: only in true_fractions \['b'\], only in predicted_fractions \['c'\]"),
    ({"a": 0.5, "b": 0.5}, [0.5, 0.5], "or both as sequences"),
    ([0.5, 0.5], [0.2, 0.3, 0.5], "true_fractions has 2 causes but predicted_fractions has 3"),
    ([0.5, 0.6], [0.5, 0.5], "true_fractions must sum to 1"),
    ([0.5, 0.5], [1.2, -0.2], "predicted_fractions contains a negative fraction"),
    ([1.0], [1.0], "at least two causes"),
    ([0.5, float("nan")], [0.5, 0.5], "NaN"),
    ([0.5, "x"], [0.5, 0.5], "numbers only"),
    ([[0.5, 0.5]], [[0.5, 0.5]], "one-dimensional"),
])
def test_bad_input_is_one_clear_error(true, pred, message):
    with pytest.raises(InputError, match=message):
        csmf_accuracy(true, pred)


def test_tolerance_and_chance_option():
    assert csmf_accuracy([0.5, 0.5000001], [0.5, 0.5]) == pytest.approx(1, abs=1e-6)
    with pytest.raises(InputError, match="must sum to 1"):
        csmf_accuracy([0.5, 0.51], [0.5, 0.5])
    assert csmf_accuracy([0.5, 0.51], [0.5, 0.5], tolerance=0.02) > 0.98
    with pytest.raises(InputError, match="chance must be"):
        chance_corrected_csmf_accuracy([0.5, 0.5], [0.5, 0.5], chance="0.6")


def test_csmf_from_confusion_matches_label_counts_in_both_orientations():
    rng = np.random.default_rng(7)
    y_true = rng.choice(list("xyz"), size=500, p=[0.6, 0.3, 0.1])
    y_pred = np.where(rng.random(500) < 0.7, y_true, rng.choice(list("xyz"), size=500))
    m = np.array([[np.sum((y_true == a) & (y_pred == b)) for b in "xyz"] for a in "xyz"])  # rows = true
    expected_true = {c: n / 500 for c, n in Counter(y_true.tolist()).items()}
    expected_pred = {c: n / 500 for c, n in Counter(y_pred.tolist()).items()}
    for counts, rows in ((m, "true"), (m.T, "predicted")):
        shares = csmf_from_confusion(counts, rows=rows, labels=list("xyz"))
        assert shares.true == pytest.approx(expected_true)
        assert shares.predicted == pytest.approx(expected_pred)


def test_csmf_from_confusion_bad_input():
    with pytest.raises(TypeError):
        csmf_from_confusion([[1, 0], [0, 1]])  # orientation has no default
    with pytest.raises(InputError, match="rows must be"):
        csmf_from_confusion([[1, 0], [0, 1]], rows="actual")
    with pytest.raises(InputError, match="no samples"):
        csmf_from_confusion([[0, 0], [0, 0]], rows="true")
    with pytest.raises(InputError, match="square"):
        csmf_from_confusion([[1, 0, 2], [0, 1, 1]], rows="true")
    with pytest.raises(InputError, match="3 labels given for a 2×2"):
        csmf_from_confusion([[1, 0], [0, 1]], rows="true", labels="abc")
