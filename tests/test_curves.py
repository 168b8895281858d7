"""Threshold curves and areas (6.3.6-6.3.9): hand-computed cases, ties, undefined, and scikit-learn on random inputs."""

import numpy as np
import pytest
from sklearn.metrics import (auc, average_precision_score, precision_recall_curve, roc_auc_score,
                             roc_curve)

from iso4213_nb import BinaryCounts, InputError, Undefined
from iso4213_nb.measures.curves import BinaryScores

# Hand example: scores with a tie between a positive and a negative at 0.6.
Y = [1, 0, 1, 0, 1, 0]
S = [0.9, 0.8, 0.6, 0.6, 0.3, 0.1]


def test_thresholds_and_cumulative_counts_by_hand():
    b = BinaryScores(Y, S)
    assert (b.n, b.positives, b.negatives, b.positive) == (6, 3, 3, 1)
    assert b.thresholds.tolist() == [0.9, 0.8, 0.6, 0.3, 0.1]
    assert b.tps.tolist() == [1, 1, 2, 3, 3]
    assert b.fps.tolist() == [0, 1, 2, 2, 3]


def test_ties_switch_together_in_roc():
    roc = BinaryScores(Y, S).roc()
    # (0,0) at +inf, then one point per distinct score; the tie moves both rates at once.
    assert roc.x.tolist() == [0, 0, 1 / 3, 2 / 3, 2 / 3, 1]
    assert roc.y.tolist() == [0, 1 / 3, 1 / 3, 2 / 3, 1, 1]
    assert roc.thresholds[0] == np.inf
    # Hand AUROC: pairs (pos, neg) ranked correctly: 0.9 beats 3, 0.6 beats 0.1 and ties 0.6, 0.3 beats 0.1.
    assert BinaryScores(Y, S).auroc() == pytest.approx((3 + 1 + 0.5 + 1) / 9)


def test_average_precision_and_trapezoid_by_hand():
    b = BinaryScores(Y, S)
    # precision at thresholds 0.9, 0.8, 0.6, 0.3, 0.1: 1, 1/2, 2/4, 3/5, 3/6; recall 1/3,1/3,2/3,1,1
    assert b.average_precision() == pytest.approx(1 / 3 * 1 + 1 / 3 * 0.5 + 1 / 3 * 0.6)
    trapezoid = 1 / 3 * 1 + 0 + 1 / 3 * (0.5 + 0.5) / 2 + 1 / 3 * (0.5 + 0.6) / 2 + 0
    assert b.auprc_trapezoid() == pytest.approx(trapezoid)


def test_gain_and_lift_by_hand():
    b = BinaryScores(Y, S)
    gain = b.gain()
    assert gain.x.tolist() == pytest.approx([0, 1 / 6, 2 / 6, 4 / 6, 5 / 6, 1])
    assert gain.y.tolist() == pytest.approx([0, 1 / 3, 1 / 3, 2 / 3, 1, 1])
    lift = b.lift()
    assert lift.y.tolist() == pytest.approx([2, 1, 1, 1.2, 1])
    assert "share" in lift.x_label and gain.y_label.startswith("true positive rate")


def test_counts_at_any_threshold():
    b = BinaryScores(Y, S)
    assert b.counts_at(0.6) == BinaryCounts(tp=2, fp=2, tn=1, fn=1)
    assert b.counts_at(0.61) == BinaryCounts(tp=1, fp=1, tn=2, fn=2)
    assert b.counts_at(5) == BinaryCounts(tp=0, fp=0, tn=3, fn=3)
    assert b.counts_at(-5) == BinaryCounts(tp=3, fp=3, tn=0, fn=0)
    with pytest.raises(InputError, match="NaN"):
        b.counts_at(float("nan"))


def test_counts_at_matches_direct_count_on_random_thresholds():
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 500)
    s = rng.integers(0, 20, 500) / 20
    b = BinaryScores(y, s)
    for t in np.concatenate([rng.uniform(-0.1, 1.1, 50), np.unique(s)]):
        pred = s >= t
        c = b.counts_at(t)
        assert (c.tp, c.fp, c.tn, c.fn) == (np.sum(pred & (y == 1)), np.sum(pred & (y == 0)),
                                            np.sum(~pred & (y == 0)), np.sum(~pred & (y == 1)))


def random_case(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 400))
    y = rng.integers(0, 2, n)
    y[rng.integers(0, n)] = 1 - y[0] if n > 1 else y[0]
    if len(set(y)) < 2:
        y[0], y[1] = 0, 1
    levels = int(rng.choice([2, 3, 10, 1000]))  # few levels: heavy ties
    s = rng.integers(0, levels, n) / levels + 0.3 * y * rng.random()
    return y, s


@pytest.mark.parametrize("seed", range(60))
def test_agrees_with_scikit_learn(seed):
    y, s = random_case(seed)
    b = BinaryScores(y, s)
    fpr, tpr, thr = roc_curve(y, s, drop_intermediate=False)
    roc = b.roc()
    np.testing.assert_allclose(roc.x, fpr, rtol=0, atol=1e-15)
    np.testing.assert_allclose(roc.y, tpr, rtol=0, atol=1e-15)
    np.testing.assert_array_equal(roc.thresholds, thr)
    precision, recall, pthr = precision_recall_curve(y, s)
    pr = b.pr()
    np.testing.assert_allclose(pr.x, recall[:-1][::-1], atol=1e-15)
    np.testing.assert_allclose(pr.y, precision[:-1][::-1], atol=1e-15)
    np.testing.assert_array_equal(pr.thresholds, pthr[::-1])
    assert b.auroc() == pytest.approx(roc_auc_score(y, s), abs=1e-12)
    assert b.average_precision() == pytest.approx(average_precision_score(y, s), abs=1e-12)
    assert b.auprc_trapezoid() == pytest.approx(auc(recall, precision), abs=1e-12)


@pytest.mark.parametrize("seed", range(20))
def test_gain_area_identity_with_auroc(seed):
    # Area under the gain curve = π/2 + (1 − π)·AUROC, π = prevalence (holds exactly for trapezoids).
    y, s = random_case(seed)
    b = BinaryScores(y, s)
    pi = y.mean()
    assert b.gain_area() == pytest.approx(pi / 2 + (1 - pi) * roc_auc_score(y, s), abs=1e-12)


def test_gain_area_chance_and_perfect():
    y = np.array([0, 1] * 50)
    assert BinaryScores(y, np.full(100, 0.5)).gain_area() == pytest.approx(0.5)  # all tied: the diagonal
    perfect = BinaryScores(y, y.astype(float))
    assert perfect.gain_area() == pytest.approx(1 - 0.5 / 2)
    assert perfect.auroc() == 1.0


def test_single_class_is_undefined_not_zero():
    b = BinaryScores([1, 1, 1], [0.2, 0.5, 0.9])
    area = b.auroc()
    assert isinstance(area, Undefined) and area.code == "no_negatives"
    assert np.isnan(b.roc().x[1:]).all() and b.roc().y[-1] == 1
    assert b.average_precision() == 1.0
    none = BinaryScores([0, 0], [0.2, 0.5])
    for value in (none.auroc(), none.average_precision(), none.auprc_trapezoid(), none.gain_area()):
        assert isinstance(value, Undefined) and value.code == "no_positives"


def test_positive_label_rules():
    assert BinaryScores([True, False], [0.9, 0.1]).auroc() == 1.0
    with pytest.raises(InputError, match=r"say which label is the positive class.*'cat', 'dog'"):
        BinaryScores(["cat", "dog"], [0.9, 0.1])
    b = BinaryScores(["cat", "dog", "dog"], [0.9, 0.1, 0.2], positive="dog")
    assert (b.positives, b.negatives, b.auroc()) == (2, 1, 0.0)
    from_text = BinaryScores([2, 5], [0.1, 0.9], positive="5")  # the CLI passes strings
    assert (from_text.positives, from_text.positive) == (1, 5)
    with pytest.raises(InputError, match="positive label 'Cat' does not occur in y_true"):
        BinaryScores(["cat", "dog"], [0.9, 0.1], positive="Cat")


@pytest.mark.parametrize("y, s, message", [
    ([0, 1, 1], [0.1, 0.2], "length mismatch"),
    ([0, 1], [0.1, np.nan], "NaN or infinite value"),
    ([0, 1], [0.1, np.inf], "NaN or infinite value"),
    ([0, 1], ["a", "b"], "must be numeric"),
    ([], [], "empty"),
])
def test_bad_input(y, s, message):
    with pytest.raises(InputError, match=message):
        BinaryScores(y, s)


@pytest.mark.parametrize("weight", [None, [1.0, 2.0, 0.5]])
def test_absent_class_gives_nan_on_its_axis_at_every_point_including_the_start(weight):
    only_positives = BinaryScores(np.ones(3, bool), [0.1, 0.5, 0.9], sample_weight=weight)
    roc = only_positives.roc()
    assert np.isnan(roc.x).all() and roc.y[0] == 0 and roc.y[-1] == 1
    only_negatives = BinaryScores(np.zeros(3, bool), [0.1, 0.5, 0.9], sample_weight=weight)
    roc = only_negatives.roc()
    assert np.isnan(roc.y).all() and roc.x[0] == 0 and roc.x[-1] == 1
    gain = only_negatives.gain()
    assert np.isnan(gain.y).all() and gain.x[0] == 0 and gain.x[-1] == 1
    assert np.isnan(only_negatives.lift().y).all() and np.isnan(only_negatives.pr().x).all()
    assert (only_negatives.pr().y == 0).all()


@pytest.mark.parametrize("seed", range(60))
def test_thinned_curves_are_scikit_learns_drop_intermediate_with_the_same_areas(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(3, 400))
    y = rng.integers(0, 2, n)
    if y.all() or not y.any():
        y[0] = 1 - y[0]
    s = np.round(rng.random(n) * y * 0.5 + rng.random(n), int(rng.integers(1, 4)))  # many ties at 1 decimal
    w = None if seed % 2 else np.round(rng.random(n) * 4) / 4  # quarters: sums exact in any order
    b = BinaryScores(y, s, sample_weight=w)
    fpr, tpr, th = roc_curve(y, s, sample_weight=w, drop_intermediate=True)
    roc = b.roc(drop_intermediate=True)
    np.testing.assert_allclose(roc.x, fpr, rtol=1e-12)
    np.testing.assert_allclose(roc.y, tpr, rtol=1e-12)
    np.testing.assert_array_equal(roc.thresholds, th)
    assert np.trapezoid(roc.y, roc.x) == pytest.approx(b.auroc(), abs=1e-12)
    precision, recall, th = precision_recall_curve(y, s, sample_weight=w, drop_intermediate=True)
    pr = b.pr(drop_intermediate=True)  # ours runs from the highest threshold, without the (0, 1) end point
    np.testing.assert_allclose(pr.y, precision[:-1][::-1], rtol=1e-12)
    np.testing.assert_allclose(pr.x, recall[:-1][::-1], rtol=1e-12)
    np.testing.assert_array_equal(pr.thresholds, th[::-1])
    assert np.dot(np.diff(pr.x, prepend=0.0), pr.y) == pytest.approx(b.average_precision(), abs=1e-12)
    assert len(b.roc()) == len(roc) and len(b.roc().x) >= len(roc.x) and len(b.pr().x) >= len(pr.x)
