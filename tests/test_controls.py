"""Baselines (5.3.13), group-overlap leakage check (5.3.7), annotator agreement (5.3.9).

Cross-checked against scikit-learn's DummyClassifier and cohen_kappa_score and
statsmodels' cohens_kappa on random inputs; expected values by hand.
"""

import numpy as np
import pytest
from sklearn.dummy import DummyClassifier
from sklearn.metrics import accuracy_score, balanced_accuracy_score, cohen_kappa_score, f1_score
from sklearn.model_selection import GroupShuffleSplit, train_test_split
from statsmodels.stats.inter_rater import cohens_kappa

from iso4213_nb import InputError, Undefined, is_undefined
from iso4213_nb import ConfusionMatrix
from iso4213_nb.words.controls import baseline_rows, reading
from iso4213_nb.words.i18n import using
from iso4213_nb.controls.computed import (annotator_agreement, augment_subjects, group_overlap,
                                 majority_baseline, random_baseline)


def test_majority_baseline_by_hand():
    y = ["cat"] * 6 + ["dog"] * 3 + ["eel"]
    b = majority_baseline(y)
    assert set(b.predictions) == {"cat"}
    assert b.expected["accuracy"] == pytest.approx(0.6)
    assert b.expected["balanced_accuracy"] == pytest.approx(1 / 3)
    assert b.expected["cohen_kappa"] == 0
    assert b.expected["macro_f1"] == pytest.approx((2 * 6 / (2 * 6 + 4)) / 3)  # cat F1 = 0.75, others 0
    assert is_undefined(b.expected["macro_precision"])  # dog and eel never predicted
    assert "'cat'" in reading(b) and "0.6000" in reading(b) and "0.3333" in reading(b)


def test_majority_tie_goes_to_first_sorted_label_like_sklearn():
    y = np.array([2, 1, 2, 1, 0])
    assert set(majority_baseline(y).predictions) == {1}
    dummy = DummyClassifier(strategy="most_frequent").fit(np.zeros((5, 1)), y)
    assert dummy.predict(np.zeros((1, 1)))[0] == 1


@pytest.mark.parametrize("seed", range(5))
def test_majority_baseline_matches_sklearn_dummy(seed):
    rng = np.random.default_rng(seed)
    y = rng.choice(4, size=200, p=[0.5, 0.2, 0.2, 0.1])
    b = majority_baseline(y)
    sk = DummyClassifier(strategy="most_frequent").fit(np.zeros((len(y), 1)), y).predict(np.zeros((len(y), 1)))
    assert np.array_equal(b.predictions, sk)
    assert b.expected["accuracy"] == pytest.approx(accuracy_score(y, sk))
    assert b.expected["balanced_accuracy"] == pytest.approx(balanced_accuracy_score(y, sk))
    assert b.expected["macro_f1"] == pytest.approx(f1_score(y, sk, average="macro", zero_division=0))
    assert b.expected["weighted_f1"] == pytest.approx(f1_score(y, sk, average="weighted", zero_division=0))


def test_random_baseline_expected_values_by_hand():
    y = [0] * 70 + [1] * 20 + [2] * 10
    b = random_baseline(y, seed=1)
    q = np.array([0.7, 0.2, 0.1])
    assert b.expected["accuracy"] == pytest.approx((q**2).sum())  # 0.54
    assert b.expected["accuracy"] == pytest.approx(0.54)
    for name in ("balanced_accuracy", "macro_precision", "macro_f1"):
        assert b.expected[name] == pytest.approx(1 / 3)
    assert b.expected["weighted_f1"] == pytest.approx(0.54)
    assert b.expected["cohen_kappa"] == pytest.approx(0, abs=1e-12)


def test_random_baseline_simulation_agrees_with_expectation_and_sklearn_stratified_dummy():
    rng = np.random.default_rng(7)
    y = rng.choice(["a", "b", "c"], size=300, p=[0.6, 0.3, 0.1])
    ours = np.mean([float(random_baseline(y, seed=s).confusion.accuracy()) for s in range(400)])
    X = np.zeros((len(y), 1))
    theirs = np.mean([accuracy_score(y, DummyClassifier(strategy="stratified", random_state=s).fit(X, y).predict(X))
                      for s in range(400)])
    expected = random_baseline(y).expected["accuracy"]
    # standard error of a mean over 400 draws of accuracy on 300 samples is about 0.0015
    assert ours == pytest.approx(expected, abs=0.006)
    assert theirs == pytest.approx(expected, abs=0.006)


def test_random_baseline_is_reproducible_and_observed_matches_sklearn():
    y = np.random.default_rng(3).choice(3, size=100)
    a, b = random_baseline(y, seed=5), random_baseline(y, seed=5)
    assert np.array_equal(a.predictions, b.predictions)
    obs = a.observed()
    assert obs["accuracy"] == pytest.approx(accuracy_score(y, a.predictions))
    assert obs["cohen_kappa"] == pytest.approx(cohen_kappa_score(y, a.predictions))


def test_baselines_reject_a_single_class():
    with pytest.raises(InputError, match="single class"):
        majority_baseline([1, 1, 1])
    with pytest.raises(InputError, match="single class"):
        random_baseline(["x"], seed=0)


def test_group_overlap_by_hand():
    r = group_overlap(["s1", "s1", "s2", "s3"], ["s3", "s4", "s1", "s5"])
    assert r.shared == ("s1", "s3")
    assert r.leaks
    assert (r.train_samples, r.test_samples) == (3, 2)
    assert r.test_share == pytest.approx(0.5)
    assert reading(r).startswith("2 group(s) appear in both sets; 2 of 4 test samples (50.0")
    clean = group_overlap([1, 2, 2], [3, 4])
    assert not clean.leaks and clean.shared == () and clean.test_share == 0
    assert reading(clean) == "No group appears in both training and test data."


def test_random_split_leaks_and_group_split_does_not():
    X, y, groups = augment_subjects(np.arange(40.0).reshape(20, 2), np.arange(20) % 2, copies=4, seed=0)
    _, _, g_train, g_test = train_test_split(groups, groups, test_size=0.3, random_state=0)
    assert group_overlap(g_train, g_test).leaks
    train, test = next(GroupShuffleSplit(test_size=0.3, random_state=0).split(X, y, groups))
    assert not group_overlap(groups[train], groups[test]).leaks


def test_augment_subjects_shapes_and_clipping():
    X, y, g = augment_subjects([[0.0, 16.0], [8.0, 8.0]], ["a", "b"], copies=3, noise=5.0, value_range=(0, 16))
    assert X.shape == (6, 2) and y.tolist() == ["a"] * 3 + ["b"] * 3 and g.tolist() == [0, 0, 0, 1, 1, 1]
    assert X.min() >= 0 and X.max() <= 16
    X0, _, _ = augment_subjects([[1.0, 2.0]], [0], copies=2, noise=0.0)
    assert X0.tolist() == [[1.0, 2.0], [1.0, 2.0]]


@pytest.mark.parametrize("kwargs, message", [
    (dict(samples=[1.0, 2.0], labels=[0, 1]), "2-D"),
    (dict(samples=[[1.0], [2.0]], labels=[0]), "length mismatch"),
    (dict(samples=[[1.0], [np.nan]], labels=[0, 1]), "NaN"),
    (dict(samples=[[1.0], [2.0]], labels=[0, 1], copies=1), "copies"),
    (dict(samples=[[1.0], [2.0]], labels=[0, 1], noise=-1), "noise"),
])
def test_augment_subjects_bad_input(kwargs, message):
    with pytest.raises(InputError, match=message):
        augment_subjects(**kwargs)


def test_agreement_by_hand():
    # 2x2 table [[20, 5], [10, 15]]: p_o = 0.7, p_e = 0.5*0.6 + 0.5*0.4 = 0.5, kappa = 0.4
    a = ["y"] * 25 + ["n"] * 25
    b = ["y"] * 20 + ["n"] * 5 + ["y"] * 10 + ["n"] * 15
    r = annotator_agreement(a, b)
    assert r.observed == pytest.approx(0.7)
    assert r.chance == pytest.approx(0.5)
    assert r.statistic == pytest.approx(0.4)
    assert "fair agreement" in reading(r) and "70.0" in reading(r) and "0.400" in reading(r)


@pytest.mark.parametrize("seed", range(8))
def test_agreement_matches_sklearn_and_statsmodels(seed):
    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 6))
    a = rng.integers(0, k, size=int(rng.integers(30, 300)))
    b = np.where(rng.random(len(a)) < 0.6, a, rng.integers(0, k, size=len(a)))
    r = annotator_agreement(a, b)
    assert r.statistic == pytest.approx(cohen_kappa_score(a, b))
    table = r.confusion.matrix(rows="true")
    sm = cohens_kappa(table)
    assert r.statistic == pytest.approx(sm.kappa)
    assert r.standard_error == pytest.approx(sm.std_kappa)
    low, high = r.confidence_interval(0.95)
    assert (low, high) == pytest.approx((max(-1, sm.kappa_low), min(1, sm.kappa_upp)))


def test_agreement_undefined_when_one_class_only():
    r = annotator_agreement(["x", "x"], ["x", "x"])
    assert isinstance(r.statistic, Undefined) and "chance agreement is 1" in r.statistic.reason
    assert all(is_undefined(v) for v in r.confidence_interval())


def test_agreement_bad_input():
    with pytest.raises(InputError, match="length mismatch"):
        annotator_agreement([1, 2, 3], [1, 2])
    with pytest.raises(InputError, match="missing labels"):
        annotator_agreement([None, 1], [1, 1])
    with pytest.raises(InputError, match="confidence_level"):
        annotator_agreement([0, 1, 1], [0, 1, 0]).confidence_interval(95)


@pytest.mark.parametrize("level", ["x", None, "0.9", True])
def test_agreement_interval_refuses_a_level_that_is_not_a_number_in_one_line(level):
    """Text and None were a TypeError from comparing them with 0."""
    with pytest.raises(InputError, match="confidence_level must be between 0 and 1, got"):
        annotator_agreement([0, 1, 1], [0, 1, 0]).confidence_interval(level)


@pytest.mark.parametrize("seed", range(3))
def test_baseline_rows_put_a_model_beside_what_its_baselines_are_expected_to_reach(seed):
    rng = np.random.default_rng(seed)
    y = np.array(["a"] * 70 + ["b"] * 30)
    pred = np.where(rng.random(100) < 0.8, y, rng.choice(["a", "b"], 100))
    cm = ConfusionMatrix.from_predictions(y, pred, labels=["a", "b"])
    rows, header = baseline_rows("model", cm, (majority_baseline(y), random_baseline(y, seed=seed)))
    assert header == ["classifier", "accuracy", "balanced accuracy", "macro F1", "Cohen's kappa"]
    assert rows[0] == ["model", *(f"{v:.4f}" for v in (accuracy_score(y, pred), balanced_accuracy_score(y, pred),
                                                         f1_score(y, pred, average="macro"), cohen_kappa_score(y, pred)))]
    # always "a": accuracy 0.7, balanced 1/2, macro F1 (2·0.7/1.7 + 0)/2, kappa 0; guessing at 0.7/0.3: accuracy
    # 0.7² + 0.3² = 0.58, balanced accuracy and macro F1 1/2, kappa 0 (5.3.13)
    assert rows[1] == ["majority class (expected)", "0.7000", "0.5000", f"{0.7 / 1.7:.4f}", "0.0000"]
    assert rows[2] == ["stratified random (expected)", "0.5800", "0.5000", "0.5000", "0.0000"]
    with using("ru"):
        assert baseline_rows("модель", cm, (majority_baseline(y),))[0][1][:2] == ["класс большинства (ожидаемое)",
                                                                                "0,7000"]
