"""KL divergence of class distributions (6.2.7, 6.3.5, 6.4.4, 6.5.5): both directions, zero shares, scipy."""

import math

import numpy as np
import pytest
from scipy.special import rel_entr
from scipy.stats import entropy

from iso4213_nb.words import readings
from iso4213_nb import BinaryCounts, ConfusionMatrix, InputError, Undefined
from iso4213_nb.measures.distribution import (both_directions, kl_binary, kl_of_labels, kl_of_matrix, kl_pred_vs_true,
                                     kl_true_vs_pred, shares)
from iso4213_nb.measures.multilabel import label_distribution_kl

TABLE_A1 = [[400, 150, 14], [23, 3800, 144], [13, 355, 65]]  # predicted in rows


def test_annex_a_matrix_both_directions_by_hand():
    cm = ConfusionMatrix.from_counts(TABLE_A1, labels="ABC", rows="predicted")
    t = [436 / 4964, 4305 / 4964, 223 / 4964]  # column sums: true classes
    p = [564 / 4964, 3967 / 4964, 433 / 4964]  # row sums: predicted classes
    kl = kl_of_matrix(cm)
    assert kl["true_vs_pred"] == pytest.approx(sum(a * math.log(a / b) for a, b in zip(t, p)), rel=1e-12)
    assert kl["pred_vs_true"] == pytest.approx(sum(b * math.log(b / a) for a, b in zip(t, p)), rel=1e-12)
    assert kl["true_vs_pred"] != pytest.approx(kl["pred_vs_true"], rel=1e-3)  # the directions differ


@pytest.mark.parametrize("seed", range(30))
def test_agrees_with_scipy(seed):
    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 8))
    t, p = rng.integers(1, 100, k), rng.integers(1, 100, k)
    if seed % 3 == 0:
        t[0] = 0  # a zero in the first argument of D(T||P) contributes nothing
    assert kl_true_vs_pred(t, p) == pytest.approx(entropy(t, p), abs=1e-12)
    assert kl_true_vs_pred(t, p) == pytest.approx(rel_entr(t / t.sum(), p / p.sum()).sum(), abs=1e-12)
    if seed % 3:
        assert kl_pred_vs_true(t, p) == pytest.approx(entropy(p, t), abs=1e-12)


def test_identical_distributions_give_zero():
    assert kl_true_vs_pred([2, 4, 6], [1, 2, 3]) == 0.0
    assert kl_pred_vs_true([2, 4, 6], [1, 2, 3]) == 0.0


def test_zero_share_rules():
    # true share 0: 0·ln 0 = 0 in D(T||P); but that class is predicted, so D(P||T) is infinite.
    kl = both_directions([0, 5, 5], [2, 4, 4], labels=["x", "y", "z"])
    assert kl["true_vs_pred"] == pytest.approx(0.5 * math.log(0.5 / 0.4) * 2)
    assert isinstance(kl["pred_vs_true"], Undefined)
    assert kl["pred_vs_true"].params == {"label": "x", "first": "predicted", "share": 0.2, "second": "true"}
    assert readings.reason(kl["pred_vs_true"]).startswith("class 'x' has predicted share 0.2 but true share 0")
    never_predicted = kl_true_vs_pred([1, 1], [2, 0])
    assert isinstance(never_predicted, Undefined) and never_predicted.code == "infinite_divergence"


def test_binary_formula_of_6_3_5_literally():
    c = BinaryCounts(tp=30, fp=10, tn=50, fn=20)
    n = c.n
    literal = ((c.tp + c.fn) * math.log((c.tp + c.fn) / (c.tp + c.fp))
               + (c.tn + c.fp) * math.log((c.tn + c.fp) / (c.tn + c.fn))) / n
    assert kl_binary(c) == pytest.approx(literal, rel=1e-12)


def test_from_label_arrays_matches_matrix_and_allows_different_lengths():
    rng = np.random.default_rng(5)
    y_true, y_pred = rng.choice(["a", "b", "c"], 200), rng.choice(["a", "b", "c"], 200)
    assert kl_of_labels(y_true, y_pred) == kl_of_matrix(ConfusionMatrix.from_predictions(y_true, y_pred))
    short = kl_of_labels(["a", "b"], ["a", "a", "b", "b"])
    assert short == {"true_vs_pred": 0.0, "pred_vs_true": 0.0}
    ordered = kl_of_labels(["a", "a", "b"], ["a", "b", "b"], labels=["b", "a"])
    assert ordered["true_vs_pred"] == pytest.approx(entropy([1, 2], [2, 1]))
    with pytest.raises(InputError, match=r"^label\(s\) 'c' are not among labels 'a', 'b'$"):
        kl_of_labels(["a", "c"], ["a", "b"], labels=["a", "b"])


def test_multilabel_shares_over_total_labels():
    y_true = np.array([[1, 1, 0], [1, 0, 0], [0, 1, 1]])  # T = (2, 2, 1), T_t = 5
    y_pred = np.array([[1, 0, 0], [1, 0, 1], [1, 1, 1]])  # P = (3, 1, 2), T_p = 6
    kl = label_distribution_kl(y_true, y_pred)
    assert kl["pred_vs_true"] == pytest.approx(entropy([3 / 6, 1 / 6, 2 / 6], [2 / 5, 2 / 5, 1 / 5]))
    assert kl["true_vs_pred"] == pytest.approx(entropy([2, 2, 1], [3, 1, 2]))
    with pytest.raises(InputError, match="3 label columns, y_pred has 2"):
        label_distribution_kl(y_true, y_pred[:, :2])
    with pytest.raises(InputError, match="only 0 and 1"):
        label_distribution_kl(y_true, y_pred * 2)


@pytest.mark.parametrize("counts, message", [([0, 0], "all zero"), ([1, -1], "non-negative"),
                                             ([1, np.nan], "finite"), ([], "empty")])
def test_bad_counts(counts, message):
    with pytest.raises(InputError, match=message):
        shares(counts)
