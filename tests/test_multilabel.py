"""Multi-label measures (6.5): hand examples, the empty-set rule, and scikit-learn on random indicator matrices."""

import numpy as np
import pytest
from sklearn.metrics import accuracy_score, hamming_loss as sk_hamming, jaccard_score, multilabel_confusion_matrix

from iso4213_nb import BinaryCounts, InputError, Undefined
from iso4213_nb.measures.multilabel import (exact_match_ratio, hamming_loss, hamming_loss_by_sample, jaccard_dataset,
                                   jaccard_samples, label_distribution_kl, per_label_counts, wrong_label_counts, both_empty)

# Sample 0: true {A, B, C}, predicted {A, B} (the example of 6.5.3: an error for exact match).
T = np.array([[1, 1, 1], [0, 1, 0], [0, 0, 0]])
P = np.array([[1, 1, 0], [0, 1, 0], [0, 0, 0]])


def test_hand_example():
    assert hamming_loss(T, P) == pytest.approx(1 / 9)
    assert hamming_loss_by_sample(T, P).tolist() == pytest.approx([1 / 3, 0, 0])
    assert exact_match_ratio(T, P) == pytest.approx(2 / 3)
    assert jaccard_dataset(T, P) == pytest.approx(3 / 4)
    assert wrong_label_counts(T, P).tolist() == [2, 1, 0, 0]  # two exact matches, one sample with C wrong
    assert both_empty(T, P) == 1  # the last sample
    assert jaccard_samples(T, P) == pytest.approx((2 / 3 + 1 + 1) / 3)  # empty/empty sample counts 1
    assert jaccard_samples(T, P, empty=0.0) == pytest.approx((2 / 3 + 1 + 0) / 3)


def test_per_label_counts():
    counts = per_label_counts(T, P, labels=["A", "B", "C"])
    assert counts["C"] == BinaryCounts(tp=0, fp=0, tn=2, fn=1)
    assert counts["B"] == BinaryCounts(tp=2, fp=0, tn=1, fn=0)


def test_empty_union_is_undefined():
    zeros = np.zeros((2, 3), dtype=int)
    assert isinstance(jaccard_dataset(zeros, zeros), Undefined)
    assert jaccard_samples(zeros, zeros) == 1.0


@pytest.mark.parametrize("seed", range(40))
def test_agrees_with_scikit_learn(seed):
    rng = np.random.default_rng(seed)
    n, k = int(rng.integers(1, 60)), int(rng.integers(2, 8))  # sklearn needs 2+ label columns
    t = (rng.random((n, k)) < rng.random()).astype(int)
    p = (rng.random((n, k)) < rng.random()).astype(int)
    assert hamming_loss(t, p) == pytest.approx(sk_hamming(t, p), abs=1e-12)
    assert exact_match_ratio(t, p) == pytest.approx(accuracy_score(t, p), abs=1e-12)
    assert jaccard_samples(t, p) == pytest.approx(jaccard_score(t, p, average="samples", zero_division=1.0), abs=1e-12)
    assert jaccard_samples(t, p, empty=0.0) == pytest.approx(
        jaccard_score(t, p, average="samples", zero_division=0.0), abs=1e-12)
    if (t | p).any():
        assert jaccard_dataset(t, p) == pytest.approx(jaccard_score(t, p, average="micro"), abs=1e-12)
    assert both_empty(t, p) == sum(not a.any() and not b.any() for a, b in zip(t, p))
    wrong = wrong_label_counts(t, p)
    assert wrong.tolist() == [sum(int(np.sum(a != b)) == m for a, b in zip(t, p)) for m in range(k + 1)]
    assert np.dot(np.arange(k + 1), wrong) / (n * k) == pytest.approx(sk_hamming(t, p), abs=1e-12)
    assert wrong[0] / n == pytest.approx(accuracy_score(t, p), abs=1e-12)
    mcm = multilabel_confusion_matrix(t, p)  # per label [[tn, fp], [fn, tp]]
    for j, c in per_label_counts(t, p).items():
        assert [[c.tn, c.fp], [c.fn, c.tp]] == mcm[j].tolist()


def test_label_distribution_kl_direction_of_6_5_5():
    # T_i = (1, 2, 1) over T_t = 4 labels; P_i = (1, 2, 0) over T_p = 3 labels.
    kl = label_distribution_kl(T, P, labels="ABC")
    assert kl["pred_vs_true"] == pytest.approx(1 / 3 * np.log((1 / 3) / (1 / 4)) + 2 / 3 * np.log((2 / 3) / (2 / 4)))
    assert isinstance(kl["true_vs_pred"], Undefined) and kl["true_vs_pred"].params["label"] == "C"


@pytest.mark.parametrize("t, p, message", [
    (T, P[:, :2], "must match"),
    (T, P * 2, "only 0 and 1"),
    ([1, 0], [1, 0], "two-dimensional"),
    (np.zeros((0, 3)), np.zeros((0, 3)), "empty"),
])
def test_bad_input(t, p, message):
    with pytest.raises(InputError, match=message):
        hamming_loss(t, p)
