"""``metrics`` and ``compare`` on multi-label files: the numbers against scikit-learn and statsmodels."""

import json

import numpy as np
import pytest
from sklearn import metrics as sk
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar
from statsmodels.stats.multitest import multipletests

from iso4213_nb.cli import main

LABELS = ("cat", "dog", "owl")


@pytest.fixture
def multilabel(tmp_path):
    rng = np.random.default_rng(3)
    n = 80
    t = rng.integers(0, 2, (n, 3))
    a = np.where(rng.random((n, 3)) < 0.85, t, 1 - t)
    b = np.where(rng.random((n, 3)) < 0.65, t, 1 - t)
    scores = np.round(np.clip(t * 0.4 + rng.random((n, 3)) * 0.6, 0, 1), 6)
    w = np.round(rng.random(n) * 2, 3)
    columns = {f"y_true_{l}": t[:, j] for j, l in enumerate(LABELS)}
    columns.update({f"a_pred_{l}": a[:, j] for j, l in enumerate(LABELS)})
    columns.update({f"b_pred_{l}": b[:, j] for j, l in enumerate(LABELS)})
    one = {**{k: v for k, v in columns.items() if k.startswith("y_true")},
           **{f"y_pred_{l}": a[:, j] for j, l in enumerate(LABELS)}}
    scored = {**one, **{f"score_{l}": scores[:, j] for j, l in enumerate(LABELS)}}

    def write(name, cols):
        path = tmp_path / name
        path.write_text(",".join(cols) + "\n" + "".join(",".join(map(str, r)) + "\n" for r in zip(*cols.values())))
        return str(path)

    return (write("two.csv", columns), write("one.csv", {**one, "weight": w}), t, a, b, scores, w,
            write("scored.csv", scored))


def run_json(capsys, argv):
    assert main(argv + ["--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_metrics_on_a_multilabel_file_matches_scikit_learn_with_weights(multilabel, capsys):
    _, one, t, a, _, _, w, _ = multilabel
    out = run_json(capsys, ["metrics", "--predictions", one])
    assert out["task"] == "multilabel" and out["labels"] == list(LABELS) and out["weighted"]
    assert out["hamming_loss"] == pytest.approx(sk.hamming_loss(t, a, sample_weight=w))
    assert out["exact_match_ratio"] == pytest.approx(sk.accuracy_score(t, a, sample_weight=w))
    f1 = sk.f1_score(t, a, average=None, sample_weight=w)
    for j, label in enumerate(LABELS):
        assert out["per_label"][label]["f1"] == pytest.approx(f1[j])
        assert out["per_label"][label]["tp"] == pytest.approx(float(w @ (t[:, j] & a[:, j])))
    assert main(["metrics", "--predictions", one]) == 0
    text = capsys.readouterr().out
    assert "Hamming loss (6.5.2)" in text and "weighted by the weight column" in text and "owl" in text


def test_metrics_per_label_auroc(multilabel, capsys):
    _, _, t, _, _, scores, _, scored = multilabel
    out = run_json(capsys, ["metrics", "--predictions", scored])
    for j, label in enumerate(LABELS):
        assert out["per_label"][label]["auroc"] == pytest.approx(sk.roc_auc_score(t[:, j], scores[:, j]))


def test_metrics_refuses_two_multilabel_models(multilabel, capsys):
    assert main(["metrics", "--predictions", multilabel[0]]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "holds 2 models (a, b)" in err


def test_compare_per_label_holm_matches_statsmodels(multilabel, capsys):
    two, _, t, a, b, _, _, _ = multilabel
    out = run_json(capsys, ["compare", "--predictions", two, "--a", "a", "--b", "b"])
    raw = []
    for j, test in enumerate(out["tests"]):
        table = [[np.sum((a[:, j] == t[:, j]) & (b[:, j] == t[:, j])), np.sum((a[:, j] == t[:, j]) & (b[:, j] != t[:, j]))],
                 [np.sum((a[:, j] != t[:, j]) & (b[:, j] == t[:, j])), np.sum((a[:, j] != t[:, j]) & (b[:, j] != t[:, j]))]]
        assert test["label"] == LABELS[j] and test["table"] == table
        exact = table[0][1] + table[1][0] < 25
        assert test["pvalue"] == pytest.approx(sm_mcnemar(table, exact=exact, correction=True).pvalue)
        raw.append(test["pvalue"])
    rejected, adjusted, _, _ = multipletests(raw, alpha=0.05, method="holm")
    assert [x["adjusted_pvalue"] for x in out["tests"]] == pytest.approx(adjusted)
    assert [x["rejected"] for x in out["tests"]] == list(rejected)


@pytest.mark.parametrize("argv, expected", [
    (["--a", "a", "--b", "c"], "has no model 'c'; models are: a, b"),
    (["--a", "a", "--b", "b", "--test", "delong"], "compared with McNemar's test per label"),
])
def test_compare_multilabel_bad_input_one_line(multilabel, capsys, argv, expected):
    assert main(["compare", "--predictions", multilabel[0], *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and expected in err


def test_compare_without_y_true_on_a_single_label_file(tmp_path, capsys):
    path = tmp_path / "p.csv"
    path.write_text("y_true,a_pred,b_pred\n1,1,0\n0,0,0\n")
    assert main(["compare", "--predictions", str(path), "--a", "a", "--b", "b"]) == 2
    assert "is a binary file; name its true labels with --y-true" in capsys.readouterr().err


def test_metrics_class_scores_match_scikit_learn_with_weights(tmp_path, capsys):
    rng = np.random.default_rng(5)
    n, k = 150, 4
    y = rng.integers(0, k, n)
    logits = rng.normal(size=(n, k)) + 2 * np.eye(k)[y]
    proba = np.round(np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True), 9)
    w = np.round(rng.random(n) * 2 + 0.1, 3)
    cols = {"y_true": y, **{f"score_{c}": proba[:, c] for c in range(k)}, "weight": w}
    path = tmp_path / "mc.csv"
    path.write_text(",".join(cols) + "\n" + "".join(",".join(map(str, r)) + "\n" for r in zip(*cols.values())))
    out = run_json(capsys, ["metrics", "--predictions", str(path)])
    scores = out["class_scores"]
    assert out["task"] == "multiclass" and out["weighted"] and out["labels_from_argmax"]
    assert out["accuracy"] == pytest.approx(sk.accuracy_score(y, proba.argmax(axis=1), sample_weight=w))
    for top in (1, 2, 3):
        assert scores["top_k_accuracy"][str(top)] == pytest.approx(
            sk.top_k_accuracy_score(y, proba, k=top, sample_weight=w))
    for average in ("macro", "weighted"):
        assert scores["auroc"][average] == pytest.approx(
            sk.roc_auc_score(y, proba, multi_class="ovr", average=average, sample_weight=w))
    assert scores["log_loss"] == pytest.approx(sk.log_loss(y, proba, sample_weight=w))
    assert main(["metrics", "--predictions", str(path)]) == 0
    text = capsys.readouterr().out
    assert "top-1 accuracy" in text and "labels are their arg-max" in text and "one-vs-one" in text
