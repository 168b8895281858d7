"""assess / assess_matrix: the JSON dict, undefined reasons, scored binary input, input rules."""

import json

import numpy as np
import pytest
from sklearn.metrics import (average_precision_score, balanced_accuracy_score, cohen_kappa_score,
                             matthews_corrcoef, precision_recall_fscore_support, roc_auc_score)

from iso4213_nb import ConfusionMatrix, InputError
from iso4213_nb.words import readings
from iso4213_nb.measures.assessment import assess, assess_matrix
from iso4213_nb.core.undefined import Undefined

TABLE_A1 = [[400, 150, 14], [23, 3800, 144], [13, 355, 65]]


def test_assess_matrix_annex_a_keys_and_values():
    out = assess_matrix(ConfusionMatrix.from_counts(TABLE_A1, labels="ABC", rows="predicted"))
    assert {"n", "labels", "accuracy", "cohen_kappa", "per_class", "averages", "kl_divergence", "undefined"} <= set(out)
    assert round(100 * out["accuracy"], 2) == 85.92
    assert round(100 * out["averages"]["weighted"]["precision"], 2) == 89.98
    assert out["per_class"]["B"]["support"] == 4305
    json.dumps(out)  # JSON-ready


def test_multiclass_labels_agree_with_sklearn():
    rng = np.random.default_rng(7)
    y = rng.choice(["x", "y", "z"], 300)
    p = np.where(rng.random(300) < 0.6, y, rng.choice(["x", "y", "z"], 300))
    out = assess(y, p)
    prec, rec, f1, support = precision_recall_fscore_support(y, p, labels=["x", "y", "z"])
    for i, label in enumerate("xyz"):
        assert out["per_class"][label]["precision"] == pytest.approx(prec[i])
        assert out["per_class"][label]["recall"] == pytest.approx(rec[i])
        assert out["per_class"][label]["f1"] == pytest.approx(f1[i])
    assert out["cohen_kappa"] == pytest.approx(cohen_kappa_score(y, p))
    assert out["matthews_correlation"] == pytest.approx(matthews_corrcoef(y, p))
    assert out["balanced_accuracy"] == pytest.approx(balanced_accuracy_score(y, p))
    assert "auroc" not in out


def test_undefined_values_are_null_with_reasons():
    out = assess([0, 0, 1, 1], [0, 0, 0, 0])
    assert out["per_class"]["1"]["precision"] is None
    assert out["averages"]["macro"]["precision"] is None
    assert "per_class.1.precision: no_predicted_positives" in out["undefined"]
    assert out["reasons"]["averages.macro.precision"] == {
        "code": "average_needs_every_class", "average": "macro", "measure": "precision", "label": 1,
        "cause": "no_predicted_positives"}
    assert out["reasons"]["kl_divergence.true_vs_pred"] == {
        "code": "infinite_divergence", "label": 1, "first": "true", "share": 0.5, "second": "predicted"}
    words = [readings.reason(Undefined(code=r["code"], params={k: v for k, v in r.items() if k != "code"}))
             for r in out["reasons"].values()]  # the presentation layer's words for the codes
    assert "no predicted positives (TP + FP = 0)" in words
    assert "macro precision needs every class; for class 1: no predicted positives (TP + FP = 0)" in words
    assert "class 1 has true share 0.5 but predicted share 0, so the divergence is infinite" in words


def test_scored_binary_input():
    rng = np.random.default_rng(2)
    y = rng.integers(0, 2, 100)
    s = rng.random(100)
    out = assess(y, scores=s)
    assert out["auroc"] == pytest.approx(roc_auc_score(y, s))
    assert out["average_precision"] == pytest.approx(average_precision_score(y, s))
    assert out["predicted_from"] == "scores >= 0.5"
    assert out["per_class"]["1"]["tp"] == int(np.sum((s >= 0.5) & (y == 1)))
    at = assess(y, scores=s * 10, threshold=3)  # any real scores once the threshold is given
    assert at["per_class"]["1"]["tp"] == int(np.sum((s * 10 >= 3) & (y == 1)))


def test_single_class_auroc_undefined():
    out = assess([1, 1, 1], scores=[0.2, 0.6, 0.9])
    assert out["auroc"] is None
    assert "auroc: no_negatives" in out["undefined"] and out["reasons"]["auroc"] == {"code": "no_negatives"}
    assert out["per_class"]["0"]["fp"] == 1  # negative label 0 inferred for 0/1 labels


@pytest.mark.parametrize("kwargs, message", [
    (dict(y_true=[0, 1]), "nothing to assess"),
    (dict(y_true=[0, 1], y_pred=[0, 1], threshold=0.5), "threshold applies only"),
    (dict(y_true=[0, 1], scores=[0.2, 1.2]), r"probabilities in \[0, 1\]"),
    (dict(y_true=["a", "b", "c"], scores=[0.1, 0.2, 0.3], positive="a"), "binary problem, but y_true has 3"),
    (dict(y_true=["a", "a"], scores=[0.1, 0.2], positive="a"), "negative label is unknown"),
    (dict(y_true=[0, 1, 1], y_pred=[0, 1]), "length mismatch"),
])
def test_bad_input(kwargs, message):
    with pytest.raises(InputError, match=message):
        assess(**kwargs)


def test_single_positive_label_with_labels_given():
    out = assess(["a", "a"], scores=[0.1, 0.7], positive="a", labels=["a", "b"])
    assert out["per_class"]["a"]["tp"] == 1 and out["per_class"]["a"]["fn"] == 1
