"""Operating points: vectorised counts, prevalence reweighting and optimal thresholds, checked against numpy and scikit-learn."""

import numpy as np
import pytest
from sklearn.metrics import f1_score, precision_recall_curve, precision_score, roc_curve

from iso4213_nb import InputError
from iso4213_nb.measures.curves import BinaryScores
from iso4213_nb.measures.operating_points import (candidate_thresholds, check_costs, counts_at_thresholds, negative_weight,
                                         optimal_points, rates)


def _random(seed, n=400):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < rng.uniform(0.1, 0.9)).astype(int)
    y[:2] = [0, 1]
    s = np.round(rng.normal(y * rng.uniform(0, 2), 1.0), int(rng.integers(0, 3)))  # ties at every rounding
    return y, s


@pytest.mark.parametrize("seed", range(8))
def test_counts_at_thresholds_equal_brute_force(seed):
    y, s = _random(seed)
    probes = np.concatenate([np.unique(s), [np.inf, -np.inf, s.min() - 1, s.max() + 1],
                             np.random.default_rng(seed).normal(size=20)])
    tp, fp = counts_at_thresholds(BinaryScores(y, s), probes)
    for t, a, b in zip(probes, tp, fp):
        assert (a, b) == (((s >= t) & (y == 1)).sum(), ((s >= t) & (y == 0)).sum())


def test_counts_at_thresholds_rejects_nan():
    y, s = _random(0)
    with pytest.raises(InputError, match="NaN"):
        counts_at_thresholds(BinaryScores(y, s), [0.5, np.nan])


@pytest.mark.parametrize("prevalence", [0.05, 0.3, 0.5, 0.9])
def test_weight_gives_the_requested_share_of_positives(prevalence):
    w = negative_weight(30, 170, prevalence)
    assert 30 / (30 + w * 170) == pytest.approx(prevalence)
    assert negative_weight(30, 170, None) == 1.0


@pytest.mark.parametrize("bad", [0, 1, -0.2, 1.5, "0.3", float("nan")])
def test_weight_rejects_a_prevalence_outside_the_open_interval(bad):
    with pytest.raises(InputError, match="prevalence must be"):
        negative_weight(30, 170, bad)


@pytest.mark.parametrize("seed", range(6))
def test_rates_at_weight_one_are_scikit_learns_roc_and_pr(seed):
    y, s = _random(seed)
    b = BinaryScores(y, s)
    tp, fp = counts_at_thresholds(b, b.thresholds)
    r = rates(tp, fp, b.positives, b.negatives)
    fpr, tpr, _ = roc_curve(y, s, drop_intermediate=False)
    np.testing.assert_allclose(r["fpr"], fpr[1:])
    np.testing.assert_allclose(r["tpr"], tpr[1:])
    precision, recall, _ = precision_recall_curve(y, s, drop_intermediate=False)
    np.testing.assert_allclose(r["precision"], precision[:-1][::-1])
    np.testing.assert_allclose(r["share"], np.array([(s >= t).mean() for t in b.thresholds]))
    np.testing.assert_allclose(r["lift"], r["tpr"] / r["share"])


@pytest.mark.parametrize("seed,prevalence", [(0, 0.1), (1, 0.5), (2, 0.8)])
def test_reweighted_precision_is_scikit_learns_weighted_precision(seed, prevalence):
    y, s = _random(seed)
    b = BinaryScores(y, s)
    w = negative_weight(b.positives, b.negatives, prevalence)
    weights = np.where(y == 1, 1.0, w)
    tp, fp = counts_at_thresholds(b, b.thresholds)
    r = rates(tp, fp, b.positives, b.negatives, w)
    precision, _, _ = precision_recall_curve(y, s, sample_weight=weights, drop_intermediate=False)
    np.testing.assert_allclose(r["precision"], precision[:-1][::-1])
    share = np.array([weights[s >= t].sum() / weights.sum() for t in b.thresholds])
    np.testing.assert_allclose(r["share"], share)
    np.testing.assert_allclose(r["tpr"], tp / b.positives)  # recall does not depend on prevalence


def test_rates_mark_zero_denominators_as_nan_without_warnings():
    r = rates([0, 3], [0, 1], 3, 0)
    assert np.isnan(r["precision"][0]) and r["precision"][1] == 0.75
    assert np.isnan(r["fpr"]).all()


def _brute(y, s, w=1.0, cost_fp=1.0, cost_fn=1.0):
    """Every candidate threshold evaluated on the raw data, ties to the highest threshold."""
    thresholds = np.concatenate([[np.inf], np.unique(s)[::-1]])
    best = {}
    for t in thresholds:
        pred = s >= t
        tp, fp = (pred & (y == 1)).sum(), (pred & (y == 0)).sum()
        fn, tn = (y == 1).sum() - tp, (y == 0).sum() - fp
        values = {"youden": tp / (tp + fn) - fp / (fp + tn), "f1": 2 * tp / (2 * tp + w * fp + fn),
                  "cost": -(cost_fp * w * fp + cost_fn * fn) / (tp + fn + w * (fp + tn))}
        for key, value in values.items():
            if key not in best or value > best[key][1] + 1e-12:
                best[key] = (t, value)
    return best


@pytest.mark.parametrize("seed", range(6))
def test_optimal_points_equal_brute_force_search(seed):
    y, s = _random(seed, 150)
    b = BinaryScores(y, s)
    rng = np.random.default_rng(seed)
    cost_fp, cost_fn, prevalence = rng.uniform(0.1, 5), rng.uniform(0.1, 5), rng.uniform(0.05, 0.95)
    w = negative_weight(b.positives, b.negatives, prevalence)
    best = _brute(y, s, w, cost_fp, cost_fn)
    found = optimal_points(b, cost_fp=cost_fp, cost_fn=cost_fn, prevalence=prevalence)
    for key in ("youden", "f1", "cost"):
        point = getattr(found, key)
        t, value = best[key]
        assert point.value == pytest.approx(abs(value)), key
        if np.isinf(t):
            assert point.threshold > s.max() and point.counts.tp + point.counts.fp == 0
        else:
            assert point.threshold == t, key
        assert point.counts.tp == ((s >= point.threshold) & (y == 1)).sum()


@pytest.mark.parametrize("seed", range(4))
def test_youden_and_f1_optima_agree_with_scikit_learn(seed):
    y, s = _random(seed, 150)
    found = optimal_points(BinaryScores(y, s))
    fpr, tpr, thr = roc_curve(y, s, drop_intermediate=False)
    assert found.youden.value == pytest.approx(np.max(tpr - fpr))
    best_f1 = max(f1_score(y, s >= t) for t in np.unique(s))
    assert found.f1.value == pytest.approx(best_f1)
    assert f1_score(y, s >= found.f1.threshold) == pytest.approx(best_f1)
    assert precision_score(y, s >= found.f1.threshold) == pytest.approx(
        found.f1.counts.tp / (found.f1.counts.tp + found.f1.counts.fp))


def test_extreme_costs_push_the_threshold_to_the_ends():
    y, s = _random(3)
    b = BinaryScores(y, s)
    assert optimal_points(b, cost_fp=0, cost_fn=1).cost.threshold == s.min()  # call everything positive
    none = optimal_points(b, cost_fp=1, cost_fn=0).cost
    assert none.threshold > s.max() and none.counts.tp + none.counts.fp == 0
    assert candidate_thresholds(b)[0] == none.threshold


def test_prevalence_moves_f1_but_not_youden():
    y, s = _random(5, 2000)
    b = BinaryScores(y, s)
    rare, common = optimal_points(b, prevalence=0.05), optimal_points(b, prevalence=0.95)
    assert rare.youden == common.youden
    assert rare.f1.threshold > common.f1.threshold  # rarer positives: be pickier


@pytest.mark.parametrize("costs,message", [((-1, 1), "cost_fp"), ((1, float("inf")), "cost_fn"),
                                           ((0, 0), "both 0"), (("1", 1), "cost_fp"), ((True, 1), "cost_fp")])
def test_costs_are_checked(costs, message):
    with pytest.raises(InputError, match=message):
        check_costs(*costs)


def test_a_single_class_is_refused():
    with pytest.raises(InputError, match="no negative samples"):
        optimal_points(BinaryScores([1, 1, 1], [0.1, 0.2, 0.3]))
