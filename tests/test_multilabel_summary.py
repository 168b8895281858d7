"""Every multi-label measure of a model at once, against scikit-learn on random data, with and without weights."""

import numpy as np
import pytest
from sklearn import metrics as sk

from iso4213_nb.measures.multilabel_summary import summarize


def _data(seed, n=60, labels=4):
    rng = np.random.default_rng(seed)
    t = rng.integers(0, 2, (n, labels))
    p = np.where(rng.random((n, labels)) < 0.7, t, 1 - t)
    scores = np.clip(t * 0.3 + rng.random((n, labels)) * 0.7, 0, 1)
    return t, p, scores, rng.random(n) * 3


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("weighted", [False, True])
def test_dataset_and_per_label_measures_match_scikit_learn(seed, weighted):
    t, p, _, w = _data(seed)
    w = w if weighted else None
    r = summarize(t, p, labels=["a", "b", "c", "d"], sample_weight=w)
    assert r["hamming_loss"] == pytest.approx(sk.hamming_loss(t, p, sample_weight=w))
    assert r["exact_match_ratio"] == pytest.approx(sk.accuracy_score(t, p, sample_weight=w))
    assert r["jaccard_dataset"] == pytest.approx(sk.jaccard_score(t, p, average="micro", sample_weight=w))
    assert r["jaccard_samples"] == pytest.approx(sk.jaccard_score(t, p, average="samples", sample_weight=w,
                                                                 zero_division=1))
    precision, recall, f1, _ = sk.precision_recall_fscore_support(t, p, sample_weight=w, zero_division=0)
    for j, label in enumerate("abcd"):
        entry = r["per_label"][label]
        assert (entry["precision"], entry["recall"], entry["f1"]) == pytest.approx((precision[j], recall[j], f1[j]))
    for average in ("macro", "micro"):
        expected = sk.precision_recall_fscore_support(t, p, average=average, sample_weight=w)[:3]
        got = r["averages"][average]
        assert (got["precision"], got["recall"], got["f1"]) == pytest.approx(expected)
    assert r["weighted"] is weighted and r["undefined"] == []


def test_unweighted_counts_are_whole_and_kl_uses_label_shares():
    t, p, _, _ = _data(9)
    r = summarize(t, p)
    assert all(isinstance(r["per_label"]["0"][k], int) for k in ("tp", "fp", "tn", "fn"))
    shares_t, shares_p = t.sum(0) / t.sum(), p.sum(0) / p.sum()
    assert r["kl_divergence"]["true_vs_pred"] == pytest.approx(float(np.sum(shares_t * np.log(shares_t / shares_p))))


@pytest.mark.parametrize("seed", range(3))
def test_per_label_auroc_and_average_precision_match_scikit_learn(seed):
    t, p, scores, _ = _data(seed)
    r = summarize(t, p, scores)
    for j in range(t.shape[1]):
        assert r["per_label"][str(j)]["auroc"] == pytest.approx(sk.roc_auc_score(t[:, j], scores[:, j]))
        assert r["per_label"][str(j)]["average_precision"] == pytest.approx(
            sk.average_precision_score(t[:, j], scores[:, j]))


def test_undefined_values_carry_a_reason_code():
    t = np.array([[1, 0], [1, 0], [1, 0]])
    p = np.array([[1, 0], [0, 0], [1, 0]])
    r = summarize(t, p, scores=np.array([[0.9, 0.1], [0.2, 0.3], [0.8, 0.2]]), labels=["x", "y"])
    assert r["per_label"]["y"]["precision"] is None and r["per_label"]["y"]["auroc"] is None
    assert "per_label.y.precision: no_predicted_positives" in r["undefined"]
    assert "per_label.y.recall: no_positives" in r["undefined"]
    assert "per_label.x.auroc: one_class" in r["undefined"]
    assert r["averages"]["macro"]["precision"] is None


@pytest.mark.parametrize("seed", range(2))
def test_weighted_per_label_auroc_matches_scikit_learn(seed):
    t, p, scores, w = _data(seed)
    r = summarize(t, p, scores, sample_weight=w)
    for j in range(t.shape[1]):
        assert r["per_label"][str(j)]["auroc"] == pytest.approx(sk.roc_auc_score(t[:, j], scores[:, j], sample_weight=w))
        assert r["per_label"][str(j)]["average_precision"] == pytest.approx(
            sk.average_precision_score(t[:, j], scores[:, j], sample_weight=w))


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("empty, code", [("pred", "no_predicted_labels"), ("true", "no_true_labels")])
def test_no_label_on_one_side_leaves_kl_undefined_and_every_other_measure(weighted, empty, code):
    t, p, scores, w = _data(11)
    if empty == "pred":
        p = np.zeros_like(p)
    else:
        t = np.zeros_like(t)
    w = w if weighted else None
    got = summarize(t, p, scores=scores, sample_weight=w)
    assert got["kl_divergence"] == {"true_vs_pred": None, "pred_vs_true": None}
    assert f"kl_divergence.true_vs_pred: {code}" in got["undefined"]
    assert got["hamming_loss"] == pytest.approx(sk.hamming_loss(t, p, sample_weight=w), abs=1e-12)
    assert got["exact_match_ratio"] == pytest.approx(sk.accuracy_score(t, p, sample_weight=w), abs=1e-12)
    assert got["jaccard_samples"] == pytest.approx(
        sk.jaccard_score(t, p, average="samples", sample_weight=w, zero_division=1.0), abs=1e-12)
    assert got["jaccard_dataset"] == pytest.approx(
        sk.jaccard_score(t, p, average="micro", sample_weight=w), abs=1e-12)
    kept = "recall" if empty == "pred" else "precision"
    theirs = {"recall": sk.recall_score, "precision": sk.precision_score}[kept](
        t, p, average=None, sample_weight=w, zero_division=np.nan)
    for j in range(t.shape[1]):
        assert got["per_label"][str(j)][kept] == pytest.approx(theirs[j], abs=1e-12)
