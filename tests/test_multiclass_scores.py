"""Score-based multi-class measures against scikit-learn on random data, Hand & Till by hand, undefined values,
input errors.

scikit-learn is the independent implementation: every number below that is not
a hand-computed constant comes from ``sklearn.metrics`` on the same random
inputs, never from this package.
"""

import json
import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from sklearn.metrics import (average_precision_score, brier_score_loss, log_loss, roc_auc_score, roc_curve,
                             top_k_accuracy_score)
from sklearn.preprocessing import label_binarize

from iso4213_nb.measures import multiclass_scores as ms
from iso4213_nb.core.errors import InputError
from iso4213_nb.core.undefined import Undefined, is_undefined

SEEDS = range(12)


def random_problem(seed, *, weighted=False):
    """n samples of k classes (every class present) with probability rows that are sometimes informative."""
    rng = np.random.default_rng(seed)
    k = int(rng.integers(3, 7))
    n = int(rng.integers(3 * k, 400))
    y = np.concatenate([np.arange(k), rng.integers(0, k, n - k)])
    rng.shuffle(y)
    logits = rng.normal(size=(n, k)) + rng.uniform(0, 3) * np.eye(k)[y]
    scores = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    weight = rng.uniform(0, 5, n) if weighted else None
    labels = list(range(k))
    if seed % 3 == 1:
        names = np.array([f"class {chr(97 + i)}" for i in range(k)])
        y, labels = names[y], names[:k].tolist()
    return y, scores, labels, weight


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("seed", SEEDS)
def test_every_measure_matches_scikit_learn(seed, weighted):
    y, s, labels, w = random_problem(seed, weighted=weighted)
    result = ms.assess_scores(y, s, labels, top_k=range(1, len(labels)), sample_weight=w)
    for k, value in result.top_k_accuracy.items():
        assert value == pytest.approx(top_k_accuracy_score(y, s, k=k, labels=labels, sample_weight=w), abs=1e-12)
    for average in ("macro", "weighted"):
        assert result.auroc[average] == pytest.approx(
            roc_auc_score(y, s, multi_class="ovr", average=average, labels=labels, sample_weight=w), abs=1e-12)
    onehot = label_binarize(y, classes=labels)
    assert result.auroc["micro"] == pytest.approx(roc_auc_score(onehot, s, average="micro", sample_weight=w),
                                                  abs=1e-12)
    for j, label in enumerate(labels):
        assert result.per_class[label]["auroc"] == pytest.approx(
            roc_auc_score(onehot[:, j], s[:, j], sample_weight=w), abs=1e-12)
        assert result.per_class[label]["average_precision"] == pytest.approx(
            average_precision_score(onehot[:, j], s[:, j], sample_weight=w), abs=1e-12)
    assert result.log_loss == pytest.approx(log_loss(y, s, labels=labels, sample_weight=w), rel=1e-12)
    assert result.brier == pytest.approx(brier_score_loss(y, s, labels=labels, sample_weight=w), rel=1e-12)
    if not weighted:  # scikit-learn has no weighted one-vs-one AUROC
        assert result.auroc["ovo"] == pytest.approx(roc_auc_score(y, s, multi_class="ovo", labels=labels),
                                                    abs=1e-12)
        assert ms.ovo_auroc(y, s, labels, "weighted") == pytest.approx(
            roc_auc_score(y, s, multi_class="ovo", average="weighted", labels=labels), abs=1e-12)


@pytest.mark.parametrize("seed", SEEDS)
def test_single_measure_functions_match_scikit_learn(seed):
    y, s, labels, w = random_problem(seed, weighted=True)
    assert ms.top_k_accuracy(y, s, labels, 2, sample_weight=w) == pytest.approx(
        top_k_accuracy_score(y, s, k=2, labels=labels, sample_weight=w))
    for average in ("macro", "weighted"):
        assert ms.ovr_auroc(y, s, labels, average, sample_weight=w) == pytest.approx(
            roc_auc_score(y, s, multi_class="ovr", average=average, labels=labels, sample_weight=w))
    assert ms.log_loss(y, s, labels, sample_weight=w) == pytest.approx(log_loss(y, s, labels=labels, sample_weight=w))
    assert ms.brier_score(y, s, labels) == pytest.approx(brier_score_loss(y, s, labels=labels))


@pytest.mark.parametrize("seed", SEEDS)
def test_per_class_roc_curve_is_scikit_learns(seed):
    y, s, labels, w = random_problem(seed, weighted=seed % 2 == 0)
    s = np.round(s, 2)  # ties between samples
    for j, (label, binary) in enumerate(ms.one_vs_rest(y, s, labels, sample_weight=w).items()):
        fpr, tpr, thresholds = roc_curve(np.asarray(y) == label, s[:, j], sample_weight=w, drop_intermediate=False)
        x, yy, t, *_ = binary.roc()
        np.testing.assert_allclose(x, fpr, atol=1e-12)
        np.testing.assert_allclose(yy, tpr, atol=1e-12)
        np.testing.assert_array_equal(t[1:], thresholds[1:])


def test_two_classes_give_the_binary_brier_score_and_log_loss():
    rng = np.random.default_rng(5)
    y = rng.integers(0, 2, 200)
    p = rng.uniform(size=200)
    s = np.column_stack([1 - p, p])
    assert ms.brier_score(y, s, [0, 1]) == pytest.approx(brier_score_loss(y, p))
    assert ms.log_loss(y, s, [0, 1]) == pytest.approx(log_loss(y, p))


# Hand & Till (2001), from the definition: on the samples of classes i and j only, A(i|j) is the share of
# (class-i sample, class-j sample) pairs where the class-i sample has the higher score in column i (ties 1/2).
HT_Y = [0, 0, 1, 1, 2, 2]
HT_SCORES = [[0.7, 0.2, 0.1],
             [0.5, 0.4, 0.3],
             [0.5, 0.3, 0.2],
             [0.1, 0.6, 0.3],
             [0.2, 0.2, 0.6],
             [0.4, 0.1, 0.5]]
# A(0|1): column 0, class 0 {0.7, 0.5} over class 1 {0.5, 0.1}: 1 + 1 + 1/2 + 1 = 3.5 of 4 -> 7/8
# A(1|0): column 1, class 1 {0.3, 0.6} over class 0 {0.2, 0.4}: 1 + 0 + 1 + 1 = 3 of 4     -> 3/4
# A(0|2): column 0, class 0 {0.7, 0.5} over class 2 {0.2, 0.4}: all 4                       -> 1
# A(2|0): column 2, class 2 {0.6, 0.5} over class 0 {0.1, 0.3}: all 4                       -> 1
# A(1|2): column 1, class 1 {0.3, 0.6} over class 2 {0.2, 0.1}: all 4                       -> 1
# A(2|1): column 2, class 2 {0.6, 0.5} over class 1 {0.2, 0.3}: all 4                       -> 1
# M = (1/3) ((7/8 + 3/4) / 2 + 1 + 1) = (1/3)(13/16 + 2) = 15/16
HAND_TILL_M = 15 / 16


def test_hand_and_till_by_hand():
    assert ms.ovo_auroc(HT_Y, HT_SCORES, [0, 1, 2]) == HAND_TILL_M
    # Every pair has 4 samples of 6 (share 2/3 each), so the weighted variant is the same mean.
    assert ms.ovo_auroc(HT_Y, HT_SCORES, [0, 1, 2], "weighted") == pytest.approx(HAND_TILL_M)
    result = ms.assess_scores(HT_Y, HT_SCORES, [0, 1, 2])
    assert result.auroc["ovo"] == HAND_TILL_M
    # Row 2 adds up to 1.2: these are scores, not probabilities.
    assert result.log_loss.code == "rows_not_normalised"
    assert result.log_loss.params == {"row": 2, "total": pytest.approx(1.2)}
    assert result.brier.code == "rows_not_normalised"


def test_hand_and_till_weighted_equals_repeated_rows():
    # Weight 3 on the tied class-0 row: the same as that row three times.
    weight = [1, 3, 1, 1, 1, 1]
    repeated = np.repeat(np.arange(6), weight)
    expected = ms.ovo_auroc(np.asarray(HT_Y)[repeated], np.asarray(HT_SCORES)[repeated], [0, 1, 2])
    assert ms.ovo_auroc(HT_Y, HT_SCORES, [0, 1, 2], sample_weight=weight) == pytest.approx(expected)
    # and by hand: class 0 {0.7 x1, 0.5 x3} over class 1 {0.5, 0.1}: (1 + 1 + 3 (1/2 + 1)) / 8 = 6.5 / 8
    # class 1 {0.3, 0.6} over class 0 {0.2 x1, 0.4 x3} in column 1: (1 + 0 + 1 + 3) / 8 = 5 / 8
    assert expected == pytest.approx(((6.5 / 8 + 5 / 8) / 2 + 1 + 1) / 3)


def test_top_k_by_hand_with_ties_follow_argmax():
    y = ["b", "a", "c", "a"]
    s = [[0.5, 0.5, 0.0],   # a and b tie: a listed first wins the tie, so b is second
         [0.2, 0.3, 0.5],   # a third
         [0.1, 0.1, 0.8],   # c first
         [0.4, 0.4, 0.2]]   # a ties with b and wins
    labels = ["a", "b", "c"]
    assert ms.argmax_labels(s, labels).tolist() == ["a", "c", "c", "a"]
    assert ms.top_k_accuracy(y, s, labels, 1) == 0.5
    assert ms.top_k_accuracy(y, s, labels, 2) == 0.75
    assert ms.top_k_accuracy(y, s, labels, 3) == 1.0
    assert ms.top_k_accuracy(y, s, labels, 7) == 1.0
    assert ms.top_k_accuracy(y, s, labels, 1, sample_weight=[1, 1, 1, 5]) == pytest.approx(6 / 8)


@settings(max_examples=25)
@given(st.integers(0, 10_000))
def test_integer_weights_equal_repeated_rows(seed):
    y, s, labels, _ = random_problem(seed)
    s = np.round(s, 1)  # ties
    weight = np.random.default_rng(seed).integers(0, 4, len(y))
    weight[0] = 1
    rows = np.repeat(np.arange(len(y)), weight)
    weighted = ms.assess_scores(y, s, labels, sample_weight=weight).to_dict()
    repeated = ms.assess_scores(np.asarray(y)[rows], s[rows], labels).to_dict()
    assert all(_close(weighted, repeated)), (weighted, repeated)
    pairs = ms.ovo_auroc(y, s, labels, "weighted", sample_weight=weight)
    pairs_repeated = ms.ovo_auroc(np.asarray(y)[rows], s[rows], labels, "weighted")
    assert all(_close({"ovo": pairs if not is_undefined(pairs) else None},
                      {"ovo": pairs_repeated if not is_undefined(pairs_repeated) else None}))


def _close(a, b):
    if isinstance(a, dict):
        assert a.keys() == b.keys()
        for key in a:
            yield from _close(a[key], b[key])
    else:
        yield (a is None and b is None) or math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-12)


def test_weights_scale_freely():
    y, s, labels, w = random_problem(3, weighted=True)
    once = ms.assess_scores(y, s, labels, sample_weight=w).to_dict()
    scaled = ms.assess_scores(y, s, labels, sample_weight=w * 7.5).to_dict()
    assert all(_close(once, scaled))


def test_a_class_without_samples_is_undefined_not_zero():
    y = [0, 1, 0, 1, 1]
    s = np.array([[0.6, 0.3, 0.1], [0.2, 0.7, 0.1], [0.5, 0.25, 0.25], [0.4, 0.5, 0.1], [0.3, 0.3, 0.4]])
    result = ms.assess_scores(y, s, [0, 1, 2])
    assert result.per_class[2]["auroc"] == Undefined(code="no_positives")
    assert result.per_class[2]["auroc"].params == {"label": 2}
    assert is_undefined(result.per_class[2]["average_precision"])
    assert result.auroc["macro"].code == "no_positives"
    assert result.auroc["ovo"].code == "absent_class" and result.auroc["ovo"].params == {"label": 2}
    # The weighted average gives the absent class weight 0: it is the support-weighted mean of the others.
    assert result.auroc["weighted"] == pytest.approx(
        (2 * roc_auc_score(np.equal(y, 0), s[:, 0]) + 3 * roc_auc_score(np.equal(y, 1), s[:, 1])) / 5)
    assert result.per_class[0]["auroc"] == pytest.approx(roc_auc_score(np.equal(y, 0), s[:, 0]))
    out = result.to_dict()
    assert out["per_class"]["2"] == {"auroc": None, "average_precision": None}
    assert out["auroc"]["macro"] is None and out["auroc"]["ovo"] is None
    assert result.reasons()["auroc.ovo"] == {"code": "absent_class", "label": 2}
    json.dumps(out)


def test_a_class_that_is_every_sample_has_no_negatives():
    result = ms.assess_scores([0, 0, 0], [[0.5, 0.5], [0.9, 0.1], [0.2, 0.8]], [0, 1])
    assert result.per_class[0]["auroc"].code == "no_negatives"
    assert result.per_class[0]["average_precision"] == 1.0
    assert result.per_class[1]["auroc"].code == "no_positives"


def test_a_class_whose_weights_are_all_zero_is_undefined():
    result = ms.assess_scores([0, 1, 2, 2], np.eye(3)[[0, 1, 2, 1]], [0, 1, 2], sample_weight=[1, 0, 1, 1])
    assert result.per_class[1]["auroc"].code == "no_positives"
    assert result.auroc["ovo"].code == "absent_class"


def test_scores_that_are_not_probabilities_keep_their_ranking_measures():
    y, s, labels, _ = random_problem(4)
    logits = np.log(s) + 3.0
    result = ms.assess_scores(y, logits, labels)
    assert result.log_loss.code == "not_probabilities" and result.brier.code == "not_probabilities"
    assert result.log_loss.params["row"] == 1
    assert result.auroc["macro"] == pytest.approx(roc_auc_score(y, s, multi_class="ovr", labels=labels))
    assert result.top_k_accuracy[1] == pytest.approx(top_k_accuracy_score(y, s, k=1, labels=labels))


def test_to_dict_has_the_report_json_shape():
    y, s, labels, _ = random_problem(2)
    out = ms.assess_scores(y, s, labels, top_k=(1, 5)).to_dict()
    assert set(out) == {"top_k_accuracy", "auroc", "per_class", "log_loss", "brier"}
    assert list(out["top_k_accuracy"]) == ["1", "5"]
    assert set(out["auroc"]) == {"macro", "weighted", "micro", "ovo"}
    assert list(out["per_class"]) == [str(v) for v in labels]
    assert all(set(v) == {"auroc", "average_precision"} for v in out["per_class"].values())
    assert json.loads(json.dumps(out)) == out


@pytest.mark.parametrize("call, message", [
    (lambda: ms.assess_scores([0, 1], [[0.5, 0.5, 0.0], [0.1, 0.9, 0.0]], [0, 1]), "one column per label"),
    (lambda: ms.assess_scores([0, 1, 1], [[0.5, 0.5], [0.1, 0.9]], [0, 1]), "length mismatch"),
    (lambda: ms.assess_scores([0, 1], [[0.5, np.nan], [0.1, 0.9]], [0, 1]), "row 1, column 2"),
    (lambda: ms.assess_scores([0, 1], [[0.5, np.inf], [0.1, 0.9]], [0, 1]), "NaN or infinite"),
    (lambda: ms.assess_scores([0, 3], [[0.5, 0.5], [0.1, 0.9]], [0, 1]), "not among labels"),
    (lambda: ms.assess_scores([0, 1], [[0.5, 0.5], [0.1, 0.9]], [1, 1]), "duplicates"),
    (lambda: ms.assess_scores([0, 1], [0.5, 0.5], [0, 1]), "two-dimensional"),
    (lambda: ms.assess_scores([0, 1], [[0.5, 0.5], [0.1, 0.9]], [0, 1], sample_weight=[1, -1]), "negative"),
    (lambda: ms.assess_scores([0, 1], [[0.5, 0.5], [0.1, 0.9]], [0, 1], sample_weight=[1]), "length mismatch"),
    (lambda: ms.assess_scores([0, 1], [[0.5, 0.5], [0.1, 0.9]], [0, 1], sample_weight=[0, 0]), "zero everywhere"),
    (lambda: ms.assess_scores([0, 1], [[0.5, 0.5], [0.1, 0.9]], [0, 1], top_k=(0,)), "at least 1"),
    (lambda: ms.ovr_auroc([0, 1], [[0.5, 0.5], [0.1, 0.9]], [0, 1], "median"), "average must be"),
    (lambda: ms.ovo_auroc([0, 1], [[0.5, 0.5], [0.1, 0.9]], [0, 1], "micro"), "average must be"),
    (lambda: ms.argmax_labels([["a", "b"]], [0, 1]), "rectangular array of numbers"),
])
def test_bad_input_gets_one_line(call, message):
    with pytest.raises(InputError, match=message) as caught:
        call()
    assert "\n" not in str(caught.value)


def test_presentation_shows_the_packages_numbers_and_the_reasons():
    from iso4213_nb.figures import multiclass_scores as shown
    from iso4213_nb.words import reasons
    y = [0, 1, 0, 1, 1]
    s = np.array([[0.6, 0.3, 0.1], [0.2, 0.7, 0.1], [0.5, 0.25, 0.25], [0.4, 0.5, 0.1], [0.3, 0.3, 0.4]])
    result = ms.assess_scores(y, s, [0, 1, 2], top_k=(1, 2))
    rows, header = shown.score_summary_rows(result)
    values = dict(rows)
    assert values["top-2 accuracy"] == f"{result.top_k_accuracy[2]:.4f}"
    assert values["AUROC, micro average (one-vs-rest)"] == f"{result.auroc['micro']:.4f}"
    assert values["AUROC, one-vs-one (Hand & Till 2001)"] == \
        "undefined (class 2 has no sample, so its pairs have no AUROC)"
    per_class, _ = shown.per_class_rows(result)
    assert per_class[2][2] == "undefined (class 2 never occurs in the true labels)"
    assert reasons.of(ms.log_loss([0, 1], [[2.0, -1.0], [0.1, 0.9]], [0, 1])) == \
        "the score in row 1, column 1 is 2, outside [0, 1]"
    figure = shown.per_class_curves_figure(result)
    roc_ax, pr_ax = figure.axes
    legend = [t.get_text() for t in roc_ax.get_legend().get_texts()]
    assert legend[1:] == [f"{c} (AUROC {result.per_class[c]['auroc']:.3f})" for c in (0, 1)]
