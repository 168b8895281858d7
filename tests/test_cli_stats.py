"""``iso4213-nb compare`` and ``iso4213-nb adjust``: results against independent libraries, bad input exits 2."""

import json
import subprocess
import sys

import numpy as np
import pytest
from sklearn.metrics import roc_auc_score
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar
from statsmodels.stats.multitest import multipletests

from iso4213_nb.cli import main


@pytest.fixture
def predictions(tmp_path):
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 120)
    score_a = y * 0.9 + rng.normal(0, 0.6, 120)
    score_b = y * 0.5 + rng.normal(0, 0.6, 120)
    label_a, label_b = (score_a > 0.45).astype(int), (score_b > 0.25).astype(int)
    lines = ["truth,model a,model b,score_a,score_b,name"]
    lines += [f"{t},{la},{lb},{sa:.6f},{sb:.6f},x{t}" for t, la, lb, sa, sb in zip(y, label_a, label_b, score_a, score_b)]
    path = tmp_path / "pred.csv"
    path.write_text("\n".join(lines) + "\n")
    return str(path), y, label_a, label_b, np.round(score_a, 6), np.round(score_b, 6)


def run_json(capsys, argv):
    assert main(argv + ["--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_compare_mcnemar_matches_statsmodels(predictions, capsys):
    path, y, a, b, _, _ = predictions
    out = run_json(capsys, ["compare", "--predictions", path, "--y-true", "truth", "--a", "model a", "--b", "model b",
                            "--exact", "chi2"])
    table = [[np.sum((a == y) & (b == y)), np.sum((a == y) & (b != y))],
             [np.sum((a != y) & (b == y)), np.sum((a != y) & (b != y))]]
    ref = sm_mcnemar(table, exact=False, correction=True)
    assert out["table"] == table
    assert out["statistic"] == pytest.approx(ref.statistic) and out["pvalue"] == pytest.approx(ref.pvalue)
    assert out["effect_size"] == pytest.approx(np.mean(a == y) - np.mean(b == y))
    assert "chi-squared" in out["name"]


def test_compare_delong_text_output(predictions, capsys):
    path, y, _, _, sa, sb = predictions
    assert main(["compare", "--predictions", path, "--y-true", "truth", "--a", "score_a", "--b", "score_b",
                 "--test", "delong"]) == 0
    text = capsys.readouterr().out
    assert f"{roc_auc_score(y, sa):.4f}, {roc_auc_score(y, sb):.4f}" in text
    assert "DeLong's test" in text and "95% interval of AUROC difference A − B" in text


def test_adjust_matches_statsmodels(capsys):
    p = [0.01, 0.04, 0.03, 0.005, 0.2]
    for method, sm_name in (("holm", "holm"), ("bh", "fdr_bh"), ("by", "fdr_by"), ("hochberg", "simes-hochberg"),
                            ("bonferroni", "bonferroni")):
        out = run_json(capsys, ["adjust", "--method", method, "--alpha", "0.05", *map(str, p)])
        reject, adjusted, _, _ = multipletests(p, alpha=0.05, method=sm_name)
        assert out["adjusted"] == pytest.approx(adjusted.tolist()) and out["rejected"] == reject.tolist()


def test_adjust_text_names_the_7_10_2_rule(capsys):
    assert main(["adjust", "--method", "holm", "0.01", "0.2"]) == 0
    assert "7.10.2" in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    (["adjust", "--method", "holm", "0.01", "1.5"], "argument P: a p-value must lie in [0, 1], got 1.5"),
    (["adjust", "--method", "holm", "0.01", "abc"], "argument P: not a number: abc"),
    (["adjust", "--method", "sidak", "0.01"], "invalid choice"),
    (["adjust", "--method", "holm", "--alpha", "2", "0.01"], "argument --alpha: must lie strictly between 0 and 1"),
    (["compare", "--predictions", "PRED", "--y-true", "truth", "--a", "nope", "--b", "model b"], "has no column 'nope'"),
    (["compare", "--predictions", "PRED", "--y-true", "truth", "--a", "name", "--b", "model b", "--test", "delong"],
     "pred.csv, line 2, column 'name': 'x1' is not a number"),
    (["compare", "--predictions", "PRED", "--y-true", "name", "--a", "score_a", "--b", "score_b", "--test", "delong"],
     "name the positive class with --positive"),
    (["compare", "--predictions", "missing.csv", "--y-true", "t", "--a", "a", "--b", "b"], "no such file"),
])
def test_bad_input_one_line_exit_2(predictions, tmp_path, capsys, argv, message):
    argv = [predictions[0] if x == "PRED" else str(tmp_path / x) if x == "missing.csv" else x for x in argv]
    try:
        status = main(argv)
    except SystemExit as exc:  # argparse's own errors
        status = exc.code
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and message in err


def test_console_exit_status_and_single_line_on_stderr():
    out = subprocess.run([sys.executable, "-m", "iso4213_nb", "adjust", "--method", "bh", "0.2", "-0.1"],
                         capture_output=True, text=True)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == "iso4213-nb adjust: error: argument P: a p-value must lie in [0, 1], got -0.1\n"


def test_delong_positive_label_from_the_command_line(tmp_path, capsys):
    path = tmp_path / "s.csv"
    path.write_text("t,a,b\nspam,0.9,0.8\nham,0.2,0.1\nspam,0.7,0.3\nham,0.4,0.6\nspam,0.6,0.65\nham,0.1,0.2\n")
    out = run_json(capsys, ["compare", "--predictions", str(path), "--y-true", "t", "--a", "a", "--b", "b",
                            "--test", "delong", "--positive", "spam"])
    y = np.array([1, 0, 1, 0, 1, 0])
    assert out["auc_a"] == pytest.approx(roc_auc_score(y, [0.9, 0.2, 0.7, 0.4, 0.6, 0.1]))
    assert out["auc_b"] == pytest.approx(roc_auc_score(y, [0.8, 0.1, 0.3, 0.6, 0.65, 0.2]))
