"""Every ConfusionMatrix measure and average against scikit-learn on many random label arrays.

Undefined values are compared as NaN: scikit-learn is asked for ``zero_division=np.nan``
so that it, too, reports a zero denominator instead of a silent 0.
"""

import math
import warnings

import numpy as np
import pytest
from sklearn.metrics import (accuracy_score, balanced_accuracy_score, class_likelihood_ratios, cohen_kappa_score,
                             confusion_matrix, fbeta_score, matthews_corrcoef, multilabel_confusion_matrix,
                             precision_recall_fscore_support)
from statsmodels.stats.inter_rater import cohens_kappa

from iso4213_nb import ConfusionMatrix, InputError, Undefined
from iso4213_nb.measures import counts as measures

SEEDS = range(80)


def random_labels(seed):
    """Random true/predicted labels: 2-6 classes, skewed, sometimes a class only predicted, sometimes strings."""
    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 7))
    n = int(rng.integers(2, 300))
    weights = rng.dirichlet(np.full(k, 0.7))
    y = rng.choice(k, n, p=weights)
    noise = rng.random(n) < rng.uniform(0, 1)
    p = np.where(noise, rng.choice(k, n), y)
    if len(np.unique(np.concatenate([y, p]))) < 2:
        y[0], p[0] = 0, 1
    if seed % 4 == 1:
        names = np.array([f"class {chr(97 + i)}" for i in range(k)])
        y, p = names[y], names[p]
    return y, p


def same(ours, theirs):
    """Equal as floats, treating Undefined and NaN as the same 'no value'."""
    ours = float(ours)
    if math.isnan(ours) or math.isnan(theirs):
        return math.isnan(ours) and math.isnan(theirs)
    return math.isclose(ours, theirs, rel_tol=1e-12, abs_tol=1e-12)


@pytest.mark.parametrize("seed", SEEDS)
def test_matrix_and_per_class_measures(seed):
    y, p = random_labels(seed)
    cm = ConfusionMatrix.from_predictions(y, p)
    labels = list(cm.labels)
    assert np.array_equal(cm.matrix(rows="true"), confusion_matrix(y, p, labels=labels))
    prec, rec, f1, support = precision_recall_fscore_support(y, p, labels=labels, zero_division=np.nan)
    f2 = fbeta_score(y, p, beta=2, labels=labels, average=None, zero_division=np.nan)
    fhalf = fbeta_score(y, p, beta=0.5, labels=labels, average=None, zero_division=np.nan)
    mcm = multilabel_confusion_matrix(y, p, labels=labels)  # per class [[tn, fp], [fn, tp]]
    for i, label in enumerate(labels):
        c = cm.binary(label)
        (tn, fp), (fn, tp) = mcm[i]
        assert (c.tp, c.fp, c.tn, c.fn) == (tp, fp, tn, fn)
        assert same(measures.precision(c), prec[i])
        assert same(measures.recall(c), rec[i])
        # sklearn's F1 is NaN only when TP + FP + FN = 0; with precision or recall undefined but
        # the other zero it returns 0, which our count form (2TP / (2TP + FP + FN)) also gives.
        assert same(measures.f1(c), f1[i])
        assert same(measures.fbeta(c, 2), f2[i])
        assert same(measures.fbeta(c, 0.5), fhalf[i])
        assert same(measures.f_alpha_beta(c, 1, 4), f2[i])  # F(α=1, β=b²) is F_b (6.2.6)
        assert same(measures.f_alpha_beta(c, 3, 3), f1[i])
        assert c.positives == support[i]
        yb, pb = np.asarray(y) == label, np.asarray(p) == label
        assert same(measures.binary_accuracy(c), accuracy_score(yb, pb))
        if 0 < yb.sum() < len(yb):
            assert same(measures.balanced_accuracy(c), balanced_accuracy_score(yb, pb))
            assert same(measures.specificity(c), tn / (tn + fp))
        if len(set(yb)) == 2 and len(set(pb)) == 2:
            assert same(measures.matthews_correlation(c), matthews_corrcoef(yb, pb))


@pytest.mark.parametrize("seed", SEEDS)
def test_averages(seed):
    y, p = random_labels(seed)
    cm = ConfusionMatrix.from_predictions(y, p)
    labels = list(cm.labels)
    for method in ("macro", "weighted", "micro"):
        prec, rec, f1, _ = precision_recall_fscore_support(y, p, labels=labels, average=method, zero_division=np.nan)
        for name, theirs in (("precision", prec), ("recall", rec), ("f1", f1)):
            ours = cm.average(name, method)
            if isinstance(ours, Undefined):
                # macro needs every class; scikit-learn instead drops undefined classes from the mean.
                values = cm.per_class(name)
                assert any(isinstance(values[l], Undefined) for l in labels), (name, method)
            else:
                assert same(ours, theirs), (name, method)
    f2 = fbeta_score(y, p, beta=2, labels=labels, average="micro")
    assert same(cm.average(lambda c: measures.fbeta(c, 2), "micro"), f2)


@pytest.mark.parametrize("seed", SEEDS)
def test_overall_measures(seed):
    y, p = random_labels(seed)
    cm = ConfusionMatrix.from_predictions(y, p)
    assert same(cm.accuracy(), accuracy_score(y, p))
    kappa = cm.cohen_kappa()
    if not isinstance(kappa, Undefined):
        assert same(kappa, cohen_kappa_score(y, p))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # statsmodels' standard error on tiny tables
            assert same(kappa, cohens_kappa(cm.matrix(rows="true")).kappa)
    mcc = cm.matthews_correlation()
    if isinstance(mcc, Undefined):
        assert matthews_corrcoef(y, p) == 0  # scikit-learn's convention for a zero denominator
    else:
        assert same(mcc, matthews_corrcoef(y, p))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # "y_pred contains classes not in y_true"
        expected = balanced_accuracy_score(y, p)
    assert same(cm.balanced_accuracy(), expected)


@pytest.mark.parametrize("seed", range(30))
def test_likelihood_ratios_binary(seed):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, 200)
    p = np.where(rng.random(200) < 0.7, y, 1 - y)
    c = ConfusionMatrix.from_predictions(y, p).binary(1)
    lr_plus, lr_minus = class_likelihood_ratios(y, p)
    assert same(measures.positive_likelihood_ratio(c), lr_plus)
    assert same(measures.negative_likelihood_ratio(c), lr_minus)
    assert same(measures.diagnostic_odds_ratio(c), lr_plus / lr_minus)


@pytest.mark.parametrize("seed", range(40))
def test_fbeta_limits_are_precision_and_recall_as_scikit_learn(seed):
    y, p = random_labels(seed)
    cm = ConfusionMatrix.from_predictions(y, p)
    for i, label in enumerate(cm.labels):
        c = cm.binary(label)
        for beta, kept in ((0, measures.precision(c)), (math.inf, measures.recall(c))):
            theirs = fbeta_score(y, p, beta=beta, labels=[label], average=None, zero_division=np.nan)[0]
            assert same(measures.fbeta(c, beta), theirs) and same(measures.fbeta(c, beta), float(kept))
        # only alpha / beta matters, and its two ends are recall and precision (6.2.6)
        for alpha, beta, kept in ((0, 2.5, measures.recall(c)), (1, math.inf, measures.recall(c)),
                                  (2.5, 0, measures.precision(c)), (math.inf, 1, measures.precision(c))):
            assert same(measures.f_alpha_beta(c, alpha, beta), float(kept))


def test_fbeta_limits_keep_their_reasons_and_refuse_what_has_no_limit():
    no_positives = measures.BinaryCounts(tp=0, fp=3, tn=5, fn=0)
    assert measures.fbeta(no_positives, math.inf).code == "no_positives"
    assert measures.fbeta(no_positives, 0) == 0.0
    assert measures.fbeta(measures.BinaryCounts(tp=0, fp=0, tn=5, fn=2), 0).code == "no_predicted_positives"
    for beta in (-1, math.nan, "x"):
        with pytest.raises(InputError, match="beta must be a number of 0 or more"):
            measures.fbeta(no_positives, beta)
    for alpha, beta in ((0, 0), (math.inf, math.inf)):
        with pytest.raises(InputError, match="must not both be 0 or both be infinite"):
            measures.f_alpha_beta(no_positives, alpha, beta)


def _weights(seed, n):
    """None for even seeds, else quarter weights (whole sums in any order), some of them 0."""
    return None if seed % 2 == 0 else np.round(np.random.default_rng(seed).random(n) * 4) / 4


@pytest.mark.parametrize("seed", SEEDS)
def test_normalised_matrix_by_true_predicted_and_all(seed):
    y, p = random_labels(seed)
    w = _weights(seed, len(y))
    cm = ConfusionMatrix.from_predictions(y, p, sample_weight=w)
    for by, theirs in (("true", "true"), ("predicted", "pred"), ("all", "all")):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = confusion_matrix(y, p, labels=list(cm.labels), sample_weight=w, normalize=theirs)
        ours = cm.normalized(by, rows="true")
        empty = np.isnan(ours.values)
        np.testing.assert_allclose(ours.values[~empty], expected[~empty], rtol=1e-12, atol=1e-15)
        assert (expected[empty] == 0).all()  # scikit-learn writes 0 where the class total is 0; we leave it undefined
        totals = {"true": cm.support, "predicted": cm.predicted_counts, "all": np.full(cm.k, cm.n)}[by]
        assert set(ours.undefined) == {label for label, t in zip(cm.labels, totals) if t == 0}
        np.testing.assert_array_equal(cm.normalized(by, rows="predicted").values, ours.values.T)


@pytest.mark.parametrize("seed", SEEDS)
def test_weighted_kappa_linear_and_quadratic(seed):
    y, p = random_labels(seed)
    w = _weights(seed, len(y))
    cm = ConfusionMatrix.from_predictions(y, p, sample_weight=w)
    for weights in (None, "linear", "quadratic"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            theirs = cohen_kappa_score(y, p, labels=list(cm.labels), weights=weights, sample_weight=w)
        assert same(cm.cohen_kappa(weights), theirs), weights


@pytest.mark.parametrize("seed", SEEDS)
def test_chance_adjusted_balanced_accuracy(seed):
    y, p = random_labels(seed)
    w = _weights(seed, len(y))
    cm = ConfusionMatrix.from_predictions(y, p, sample_weight=w)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = balanced_accuracy_score(y, p, adjusted=True, sample_weight=w)
    # one class in the truth: scikit-learn divides by 1 - 1/1 = 0 and gives -inf or nan; we give undefined
    assert same(cm.balanced_accuracy(adjusted=True), theirs if np.isfinite(theirs) else np.nan)


def test_weighted_kappa_and_adjusted_balanced_accuracy_undefined_with_reasons():
    one_true_class = ConfusionMatrix.from_predictions([1, 1, 1, 1], [1, 0, 2, 1])
    undefined = one_true_class.balanced_accuracy(adjusted=True)
    assert (undefined.code, undefined.params) == ("one_class", {"cause": "adjusted"})
    agree_on_one = ConfusionMatrix.from_counts([[5, 0], [0, 0]], ["a", "b"], rows="true")
    for weights in (None, "linear", "quadratic"):
        assert agree_on_one.cohen_kappa(weights).code == "chance_agreement_one"
    with pytest.raises(InputError, match="weights must be one of 'linear', 'quadratic', got 'cubic'"):
        agree_on_one.cohen_kappa("cubic")
    with pytest.raises(InputError, match="by must be one of 'true', 'predicted', 'all', got 'pred'"):
        agree_on_one.normalized("pred", rows="true")
    assert agree_on_one.normalized("true", rows="true").undefined == {"b": "no_positives"}
