"""Sample weights: scikit-learn's ``sample_weight`` through the matrix, the curves, assess and the intervals.

Expected values come from scikit-learn (and statsmodels) on the same random
data, or from the same computation on repeated rows; none from the weighted
code under test.
"""

import json
import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from sklearn.metrics import (accuracy_score, average_precision_score, balanced_accuracy_score, cohen_kappa_score,
                             confusion_matrix, matthews_corrcoef, precision_recall_curve,
                             precision_recall_fscore_support, roc_auc_score, roc_curve)
from statsmodels.stats.proportion import proportion_confint

from iso4213_nb import ConfusionMatrix
from iso4213_nb.measures import counts as measures
from iso4213_nb.measures.assessment import assess
from iso4213_nb.measures.curves import BinaryScores
from iso4213_nb.core.errors import InputError
from iso4213_nb.measures.counts import WeightedCounts
from iso4213_nb.stats import auroc_ci, delong_test, mcnemar_table, proportion_ci
from iso4213_nb.stats.weighted import weighted_proportion_ci
from iso4213_nb.core.weights import effective_sample_size

SEEDS = range(20)


def random_labels(seed):
    """Random true and predicted labels of 2-5 classes with random positive weights (some zero)."""
    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 6))
    n = int(rng.integers(10, 300))
    y = rng.integers(0, k, n)
    p = np.where(rng.random(n) < rng.uniform(0.3, 0.9), y, rng.integers(0, k, n))
    y[:2], p[:2] = 0, 1
    w = rng.uniform(0, 4, n) * (rng.random(n) > 0.1)
    w[:2] = 1.0
    if seed % 3 == 2:
        names = np.array([f"class {chr(97 + i)}" for i in range(k)])
        y, p = names[y], names[p]
    return y, p, w


def same(ours, theirs):
    """Equal as floats, Undefined and NaN both meaning 'no value'."""
    ours = float(ours)
    if math.isnan(ours) or math.isnan(theirs):
        return math.isnan(ours) and math.isnan(theirs)
    return math.isclose(ours, theirs, rel_tol=1e-9, abs_tol=1e-12)


@pytest.mark.parametrize("seed", SEEDS)
def test_weighted_matrix_and_measures_match_scikit_learn(seed):
    y, p, w = random_labels(seed)
    cm = ConfusionMatrix.from_predictions(y, p, sample_weight=w)
    labels = list(cm.labels)
    assert cm.weighted
    np.testing.assert_allclose(cm.matrix(rows="true"), confusion_matrix(y, p, labels=labels, sample_weight=w))
    prec, rec, f1, support = precision_recall_fscore_support(y, p, labels=labels, sample_weight=w,
                                                             zero_division=np.nan)
    for i, label in enumerate(labels):
        c = cm.binary(label)
        assert isinstance(c, WeightedCounts)
        assert same(measures.precision(c), prec[i])
        assert same(measures.recall(c), rec[i])
        assert same(measures.f1(c), f1[i]) or (c.tp + c.fp + c.fn == 0)
        assert same(c.positives, support[i])
    for method in ("macro", "weighted", "micro"):
        theirs = precision_recall_fscore_support(y, p, labels=labels, average=method, sample_weight=w,
                                                 zero_division=np.nan)
        for name, value in zip(("precision", "recall", "f1"), theirs):
            ours = cm.average(name, method)
            if not isinstance(ours, measures.Undefined):  # macro needs every class; scikit-learn drops them
                assert same(ours, value), (name, method)
    assert same(cm.accuracy(), accuracy_score(y, p, sample_weight=w))
    assert same(cm.cohen_kappa(), cohen_kappa_score(y, p, sample_weight=w))
    assert same(cm.matthews_correlation(), matthews_corrcoef(y, p, sample_weight=w))
    if set(np.unique(p)) <= set(np.unique(y[w > 0])):
        assert same(cm.balanced_accuracy(), balanced_accuracy_score(y, p, sample_weight=w))


@pytest.mark.parametrize("seed", SEEDS)
def test_weighted_curves_and_areas_match_scikit_learn(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(5, 400))
    y = rng.integers(0, 2, n)
    y[:2] = 0, 1
    s = np.round(rng.normal(size=n) + y * rng.uniform(0, 2), int(rng.integers(0, 3)))  # ties
    w = rng.uniform(0, 3, n) * (rng.random(n) > 0.1)
    w[:2] = 1.0
    b = BinaryScores(y, s, sample_weight=w)
    fpr, tpr, thresholds = roc_curve(y, s, sample_weight=w, drop_intermediate=False)
    x, yy, t, *_ = b.roc()
    np.testing.assert_allclose(x, fpr, atol=1e-12)
    np.testing.assert_allclose(yy, tpr, atol=1e-12)
    np.testing.assert_array_equal(t[1:], thresholds[1:])
    assert b.auroc() == pytest.approx(roc_auc_score(y, s, sample_weight=w), abs=1e-12)
    assert b.average_precision() == pytest.approx(average_precision_score(y, s, sample_weight=w), abs=1e-12)
    precision, recall, pr_thresholds = precision_recall_curve(y, s, sample_weight=w, drop_intermediate=False)
    rx, ry, rt, *_ = b.pr()
    np.testing.assert_allclose(rx, recall[:-1][::-1], atol=1e-12)
    np.testing.assert_allclose(ry, precision[:-1][::-1], atol=1e-12)
    np.testing.assert_array_equal(rt, pr_thresholds[::-1])
    cut = float(np.median(s))
    counts = b.counts_at(cut)
    (tn, fp), (fn, tp) = confusion_matrix(y, s >= cut, labels=[0, 1], sample_weight=w)
    assert [counts.tp, counts.fp, counts.tn, counts.fn] == pytest.approx([tp, fp, tn, fn])
    share = b.positives / b.n  # the gain area identity of 6.3.8 holds with weighted shares too
    assert b.gain_area() == pytest.approx(share / 2 + (1 - share) * b.auroc())


def test_zero_weight_rows_are_left_out_of_the_curves():
    y = np.array([0, 1, 1, 0, 1, 0])
    s = np.array([0.1, 0.9, 0.35, 0.8, 0.7, 0.2])
    w = np.array([1, 2, 0, 1, 1, 0])
    weighted = BinaryScores(y, s, sample_weight=w)
    kept = w > 0
    dropped = BinaryScores(y[kept], s[kept], sample_weight=w[kept])
    np.testing.assert_array_equal(weighted.thresholds, dropped.thresholds)
    assert 0.35 not in weighted.thresholds


def test_a_class_with_no_weight_is_undefined():
    b = BinaryScores([0, 1, 0], [0.2, 0.9, 0.4], sample_weight=[1, 0, 1])
    assert b.positives == 0
    assert isinstance(b.auroc(), measures.Undefined)


def _close(a, b):
    if isinstance(a, dict):
        assert a.keys() == b.keys()
        for key in a:
            yield from _close(a[key], b[key])
    elif isinstance(a, list):
        assert len(a) == len(b)
        for x, z in zip(a, b):
            yield from _close(x, z)
    elif isinstance(a, (int, float)) and not isinstance(a, bool) and b is not None:
        yield math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-12)
    else:
        yield a == b


@settings(max_examples=30)
@given(st.integers(0, 10_000), st.booleans())
def test_integer_weights_equal_repeated_rows(seed, scored):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(4, 60))
    y = rng.integers(0, 2, n)
    y[:2] = 0, 1
    s = np.round(rng.uniform(size=n), 1)
    p = np.where(rng.random(n) < 0.7, y, 1 - y)
    w = rng.integers(0, 4, n)
    w[:2] = 1
    rows = np.repeat(np.arange(n), w)
    if scored:
        weighted = assess(y, scores=s, sample_weight=w)
        repeated = assess(y[rows], scores=s[rows])
    else:
        weighted = assess(y, p, sample_weight=w)
        repeated = assess(y[rows], p[rows])
    assert all(_close(weighted, repeated)), (weighted, repeated)
    json.dumps(weighted)


def test_assess_with_weights_matches_scikit_learn():
    y, p, w = random_labels(7)
    result = assess(y, p, sample_weight=w)
    assert result["accuracy"] == pytest.approx(accuracy_score(y, p, sample_weight=w))
    assert result["n"] == pytest.approx(w.sum())
    rng = np.random.default_rng(1)
    yb = rng.integers(0, 2, 100)
    s = rng.uniform(size=100)
    wb = rng.uniform(0, 2, 100)
    scored = assess(yb, scores=s, sample_weight=wb)
    assert scored["auroc"] == pytest.approx(roc_auc_score(yb, s, sample_weight=wb))
    assert scored["average_precision"] == pytest.approx(average_precision_score(yb, s, sample_weight=wb))
    assert scored["accuracy"] == pytest.approx(accuracy_score(yb, s >= 0.5, sample_weight=wb))


@pytest.mark.parametrize("method", ["wilson", "clopper-pearson", "wald"])
@pytest.mark.parametrize("successes, n", [(0, 7), (3, 4), (17, 40), (40, 40)])
def test_equal_weights_give_the_unweighted_interval(method, successes, n):
    hits = np.arange(n) < successes
    unweighted = proportion_ci(successes, n, method)
    for scale in (1.0, 0.3, 12.0):  # the scale of equal weights does not matter
        weighted = weighted_proportion_ci(hits, np.full(n, scale), method)
        assert (weighted.low, weighted.high) == pytest.approx((unweighted.low, unweighted.high), abs=1e-12)
        assert weighted.effective_n == pytest.approx(n)
    name = {"wilson": "wilson", "clopper-pearson": "beta", "wald": "normal"}[method]
    assert (unweighted.low, unweighted.high) == pytest.approx(proportion_confint(successes, n, method=name), abs=1e-9)


def test_unequal_weights_use_kish_effective_size():
    hits = np.array([1, 1, 0, 1, 0, 1, 1, 1])
    w = np.array([1, 1, 1, 1, 4, 4, 4, 4], dtype=float)
    n_eff = w.sum() ** 2 / (w ** 2).sum()  # Kish: 20² / 68
    assert effective_sample_size(w) == pytest.approx(400 / 68)
    ci = weighted_proportion_ci(hits, w)
    p = (w * hits).sum() / w.sum()
    assert ci.estimate == pytest.approx(p)
    z = 1.959963984540054
    centre = (p + z * z / (2 * n_eff)) / (1 + z * z / n_eff)
    half = z * math.sqrt(p * (1 - p) / n_eff + z * z / (4 * n_eff ** 2)) / (1 + z * z / n_eff)
    assert (ci.low, ci.high) == pytest.approx((centre - half, centre + half))
    assert ci.high - ci.low > proportion_ci(6, 8).high - proportion_ci(6, 8).low


@pytest.mark.parametrize("call, message", [
    (lambda: delong_test([0, 1, 1, 0], [0.1, 0.8, 0.7, 0.3], [0.2, 0.6, 0.9, 0.1], sample_weight=[1, 2, 1, 1]),
     "DeLong's test has no weighted form"),
    (lambda: auroc_ci([0, 1, 1, 0], [0.1, 0.8, 0.7, 0.3], sample_weight=[1, 2, 1, 1]), "no weighted form"),
    (lambda: mcnemar_table([0, 1], [0, 1], [1, 1], sample_weight=[1, 2]), "McNemar's test has no weighted form"),
    (lambda: ConfusionMatrix.from_predictions([0, 1], [0, 1], sample_weight=[1, np.nan]), "NaN or infinite weights"),
    (lambda: ConfusionMatrix.from_predictions([0, 1], [0, 1], sample_weight=[1, -2]), "negative weights"),
    (lambda: ConfusionMatrix.from_predictions([0, 1], [0, 1], sample_weight=[1, 2, 3]), "length mismatch"),
    (lambda: ConfusionMatrix.from_predictions([0, 1], [0, 1], sample_weight=[0, 0]), "zero everywhere"),
    (lambda: BinaryScores([0, 1], [0.2, 0.4], sample_weight=["a", "b"]), "must be numeric"),
    (lambda: assess([0, 1], [0, 1], sample_weight=[[1, 2]]), "one-dimensional"),
    (lambda: weighted_proportion_ci([1, 2], [1, 1]), "only 0 and 1"),
])
def test_bad_weights_and_unweighted_methods_get_one_line(call, message):
    with pytest.raises(InputError, match=message) as caught:
        call()
    assert "\n" not in str(caught.value)


def test_a_weighted_mcc_whose_margin_rounds_below_zero_is_undefined_without_a_warning():
    """n² − Σp² of these weights rounds to −2.9e-11 (every sample predicted as one class): the MCC is undefined
    (one_class), and the square root of the negative margin warns nothing (pyproject turns a RuntimeWarning of the
    package into an error)."""
    from iso4213_nb import ConfusionMatrix

    cm = ConfusionMatrix.from_predictions([0, 1, 2, 3], [3, 3, 3, 3], labels=[0, 1, 2, 3],
                                          sample_weight=[149.005383452574, 16.53943310342506, 133.08200771405438,
                                                         1.642547075020652])
    value = cm.matthews_correlation()
    assert value.code == "one_class"
