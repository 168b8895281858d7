"""``iso4213-nb metrics``: Annex A from a matrix file, predictions files, and every bad input (one line, exit 2)."""

import json
import subprocess
import sys

import numpy as np
import pytest
from sklearn.metrics import accuracy_score, cohen_kappa_score, roc_auc_score

from iso4213_nb.cli import main

A1_PREDICTED_ROWS = "pred\\true,A,B,C\nA,400,150,14\nB,23,3800,144\nC,13,355,65\n"
A1_TRUE_ROWS = "true\\pred,A,B,C\nA,400,23,13\nB,150,3800,355\nC,14,144,65\n"


def write(tmp_path, text, name="in.csv"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def run_json(capsys, argv):
    assert main(argv + ["--json"]) == 0
    return json.loads(capsys.readouterr().out)


def pct(x):
    return round(100 * x, 2)


@pytest.mark.parametrize("text, rows", [(A1_PREDICTED_ROWS, "predicted"), (A1_TRUE_ROWS, "true")])
def test_annex_a_from_matrix_file_both_orientations(tmp_path, capsys, text, rows):
    out = run_json(capsys, ["metrics", "--matrix", write(tmp_path, text), "--rows", rows])
    assert out["n"] == 4964 and out["labels"] == ["A", "B", "C"]
    assert pct(out["accuracy"]) == 85.92
    assert {k: pct(v["accuracy"]) for k, v in out["per_class"].items()} == {"A": 91.74, "B": 88.27, "C": 29.15}
    assert (out["per_class"]["C"]["tp"], out["per_class"]["C"]["tn"],
            out["per_class"]["C"]["fp"], out["per_class"]["C"]["fn"]) == (65, 4373, 368, 158)
    assert [pct(out["averages"][m]["f1"]) for m in ("macro", "weighted", "micro")] == [63.90, 87.60, 85.92]
    assert set(out["kl_divergence"]) == {"true_vs_pred", "pred_vs_true"}
    assert out["undefined"] == [] and out["predicted_only_labels"] == []


def test_readable_table_without_json(tmp_path, capsys):
    assert main(["metrics", "--matrix", write(tmp_path, A1_PREDICTED_ROWS), "--rows", "predicted"]) == 0
    out = capsys.readouterr().out
    assert "accuracy: 85.92 %" in out
    assert any(line.split()[:2] == ["C", "65"] and line.split()[-1] == "19.82" for line in out.splitlines())
    assert any(line.split() == ["binary_accuracy", "90.61", "87.43", "90.61"] for line in out.splitlines())


def test_predictions_file_agrees_with_sklearn(tmp_path, capsys):
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 200)
    score = np.clip(0.3 * y + 0.7 * rng.random(200), 0, 1).round(3)
    pred = (score >= 0.5).astype(int)
    body = "\n".join(f"{a},{b},{c}" for a, b, c in zip(y, pred, score))
    path = write(tmp_path, "y_true,y_pred,score\n" + body + "\n")
    out = run_json(capsys, ["metrics", "--predictions", path])
    assert out["accuracy"] == pytest.approx(accuracy_score(y, pred))
    assert out["cohen_kappa"] == pytest.approx(cohen_kappa_score(y, pred))
    assert out["auroc"] == pytest.approx(roc_auc_score(y, score))
    assert out["positive"] == 1 and out["predicted_from"] == "y_pred"
    for key in ("average_precision", "auprc_trapezoid", "gain_area"):
        assert 0 < out[key] < 1
    # scores only: predictions are score >= 0.5, the same as the y_pred column above
    only_scores = write(tmp_path, "y_true,score\n" + "\n".join(f"{a},{c}" for a, c in zip(y, score)) + "\n", "s.csv")
    out2 = run_json(capsys, ["metrics", "--predictions", only_scores])
    assert out2["predicted_from"] == "scores >= 0.5"
    assert out2["per_class"] == out["per_class"]
    out3 = run_json(capsys, ["metrics", "--predictions", only_scores, "--threshold", "0.8"])
    assert out3["per_class"]["1"]["tp"] == int(np.sum((score >= 0.8) & (y == 1)))


def test_custom_columns_and_string_positive(tmp_path, capsys):
    path = write(tmp_path, "truth,guess,p\nspam,spam,0.9\nham,spam,0.6\nham,ham,0.2\nspam,ham,0.4\n")
    out = run_json(capsys, ["metrics", "--predictions", path, "--y-true", "truth", "--y-pred", "guess",
                            "--score", "p", "--positive", "spam"])
    assert out["positive"] == "spam" and out["auroc"] == 0.75
    assert out["per_class"]["spam"]["tp"] == 1


def test_label_predicted_but_never_true_is_allowed_and_reported(tmp_path, capsys):
    path = write(tmp_path, "y_true,y_pred\na,a\nb,b\na,z\n")
    assert main(["metrics", "--predictions", path, "--json"]) == 0
    captured = capsys.readouterr()
    out = json.loads(captured.out)
    assert out["predicted_only_labels"] == ["z"]
    assert out["per_class"]["z"]["recall"] is None
    assert "per_class.z.recall: no_positives" in out["undefined"]
    assert out["reasons"]["per_class.z.recall"] == {"code": "no_positives"}
    assert "label(s) z predicted but never in y_true" in captured.err


BAD = [
    ("predictions", "y_true,y_pred\n1,0\n0\n", [], "in.csv, line 3: has 1 field(s), the header has 2"),
    ("predictions", "y_true,score\n1,0.5\n0,nan\n", [], "in.csv, line 3, column 'score': 'nan' is not a finite number"),
    ("predictions", "y_true,score\n1,0.5\n0,\n", [], "in.csv, line 3, column 'score': empty cell"),
    ("predictions", "y_true,score\n1,0.5\n0,inf\n", [], "in.csv, line 3, column 'score': 'inf' is not a finite number"),
    ("predictions", "y_true,score\n1,1.5\n0,0.2\n", [], "probabilities in [0, 1]"),
    ("predictions", "", [], "the file is empty"),
    ("predictions", "y_true,y_pred\n", [], "no data rows"),
    ("predictions", "truth,guess\n1,0\n", [], "has no column 'y_true'; columns are: truth, guess"),
    ("predictions", "y_true,guess\n1,0\n", [], "has no model columns; expected y_pred and/or score"),
    ("predictions", "y_true,y_pred\n1,0\n", ["--score", "s"], "has no column 's'; columns are: y_true, y_pred"),
    ("predictions", "y_true,score\ncat,0.5\ndog,0.2\n", [], "name the positive class with --positive"),
    ("predictions", "y_true,y_pred\n1,1\n2,1\n", ["--threshold", "0.5"], "--threshold needs a score column"),
    ("predictions", "y_true,score\na,0.5\nb,0.2\nc,0.1\n", ["--positive", "a"], "column 'score' gives scores, but y_true has 3 classes"),
    ("predictions", "y_true,y_pred\n1,0\n1,1\n", ["--rows", "true"], "--rows applies only to --matrix"),
    ("matrix", ",A,B,C\nA,1,2,3\nB,4,5,6\n", ["--rows", "true"], "must be square, got 2 rows and 3 columns"),
    ("matrix", ",A,B\nA,1,-2\nB,4,5\n", ["--rows", "true"], "in.csv, line 2, column 3: negative count '-2'"),
    ("matrix", ",A,B\nA,1,2\nB,4,5\n", [], "--matrix needs --rows true or --rows predicted"),
    ("matrix", ",A,B\nA,1,2\nB,4,5\n", ["--rows", "true", "--positive", "A"], "--positive applies only to"),
]


@pytest.mark.parametrize("kind, text, extra, message", BAD)
def test_bad_input_one_line_exit_2(tmp_path, capsys, kind, text, extra, message):
    assert main(["metrics", f"--{kind}", write(tmp_path, text)] + extra) == 2
    err = capsys.readouterr().err
    assert err.startswith("iso4213-nb metrics: error: ")
    assert message in err
    assert err.count("\n") == 1


def test_argument_errors_exit_2(capsys):
    for argv, message in [(["--matrix", "a.csv", "--predictions", "b.csv"], "not allowed with argument"),
                          ([], "one of the arguments --matrix --predictions --states is required")]:
        with pytest.raises(SystemExit) as info:
            main(["metrics", *argv])
        assert info.value.code == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1


def test_missing_file_via_console_no_traceback(tmp_path):
    done = subprocess.run([sys.executable, "-m", "iso4213_nb", "metrics", "--predictions", str(tmp_path / "none.csv")],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr == f"iso4213-nb metrics: error: {tmp_path / 'none.csv'}: no such file\n"


def test_readable_output_names_each_area(tmp_path, capsys):
    path = write(tmp_path, "y_true,score\nspam,0.9\nham,0.6\nham,0.2\nspam,0.4\n")
    assert main(["metrics", "--predictions", path, "--positive", "spam"]) == 0
    out = capsys.readouterr().out
    assert "AUROC (6.3.6): 0.7500" in out
    assert "average precision (6.3.7): 0.8333" in out
    assert "predictions: scores >= 0.5" in out


@pytest.mark.parametrize("seed", range(6))
def test_normalised_matrices_weighted_kappa_and_adjusted_balanced_accuracy_match_scikit_learn(tmp_path, capsys, seed):
    from sklearn.metrics import balanced_accuracy_score, confusion_matrix

    rng = np.random.default_rng(seed)
    n, k = int(rng.integers(30, 300)), int(rng.integers(2, 6))
    y = rng.integers(0, k, n)
    p = np.where(rng.random(n) < 0.6, y, rng.integers(0, k, n))
    w = np.round(rng.random(n) * 4) / 4 if seed % 2 else None
    text = "y_true,y_pred" + (",weight" if w is not None else "") + "\n" + "".join(
        f"{a},{b}" + (f",{c}" if w is not None else "") + "\n" for a, b, c in zip(y, p, w if w is not None else y))
    path = write(tmp_path, text)
    got = run_json(capsys, ["metrics", "--predictions", path])
    labels = got["labels"]
    for by, theirs in (("true", "true"), ("predicted", "pred"), ("all", "all")):
        expected = confusion_matrix(y, p, labels=labels, sample_weight=w, normalize=theirs)
        np.testing.assert_allclose(np.array(got["normalized"][by], dtype=float), expected, rtol=1e-12)
    for weights in ("linear", "quadratic"):
        assert got[f"cohen_kappa_{weights}"] == pytest.approx(
            cohen_kappa_score(y, p, labels=labels, weights=weights, sample_weight=w), rel=1e-12)
    assert got["balanced_accuracy_adjusted"] == pytest.approx(
        balanced_accuracy_score(y, p, adjusted=True, sample_weight=w), rel=1e-12)
    assert run_json(capsys, ["metrics", "--predictions", path, "--chunk-rows", "7"])["normalized"] == got["normalized"]
    assert main(["metrics", "--predictions", path, "--normalize", "predicted"]) == 0
    out = capsys.readouterr().out
    assert "confusion matrix as shares of each predicted class" in out and "linear" in out


def test_a_class_never_in_the_truth_leaves_its_normalised_row_undefined(tmp_path, capsys):
    got = run_json(capsys, ["metrics", "--predictions", write(tmp_path, "y_true,y_pred\na,a\na,b\nc,b\n")])
    assert got["normalized"]["true"][1] == [None, None, None]
    assert "normalized.true.b: no_positives" in got["undefined"]
    assert got["normalized"]["predicted"][0] == [1.0, 0.5, None]  # c is never predicted: its column is 0/0
    assert "normalized.predicted.c: no_predicted_positives" in got["undefined"]
