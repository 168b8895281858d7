"""``iso4213-nb rank``: what it prints is what the package computes; bad input is one line."""

import json

import numpy as np
import pytest

from iso4213_nb.stats.bayesian import correlated_ttest, signed_rank
from iso4213_nb.cli import main
from iso4213_nb.stats.ranking import rank_models

NAMES = ["logistic", "forest", "bayes", "svm"]


@pytest.fixture
def results(tmp_path):
    rng = np.random.default_rng(0)
    table = np.round(rng.normal(0.8, 0.04, (14, 4)) + [0.05, 0.03, 0, 0.01], 3)
    path = tmp_path / "results.csv"
    path.write_text("dataset," + ",".join(NAMES) + "\n"
                    + "".join(f"d{i}," + ",".join(map(str, row)) + "\n" for i, row in enumerate(table)))
    return path, table


def _json(capsys, argv):
    assert main(argv + ["--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_ranking_and_bayesian_numbers_are_the_packages(results, capsys):
    path, table = results
    out = _json(capsys, ["rank", "--results", str(path), "--id", "dataset", "--rope", "0.01", "--seed", "3"])
    ranking = rank_models(table, NAMES)
    assert out["order"] == ranking.order() and out["critical_difference"] == ranking.critical_difference
    assert out["friedman"]["pvalue"] == ranking.friedman_pvalue
    assert out["iman_davenport"]["statistic"] == ranking.iman_davenport_statistic
    assert [row["holm_pvalue"] for row in out["pairwise"]][0] == ranking.holm_pvalues[0, 1]
    first = signed_rank(table[:, 0], table[:, 1], 0.01, seed=3)
    assert (out["bayesian"][0]["p_a_better"], out["bayesian"][0]["p_equivalent"]) == (first.a_better, first.equivalent)
    assert len(out["bayesian"]) == 6


def test_cross_validation_design_uses_the_correlated_t_test_and_no_friedman(results, capsys):
    path, table = results
    out = _json(capsys, ["rank", "--results", str(path), "--id", "dataset", "--design", "cv", "--runs", "2",
                         "--rope", "0.01"])
    assert "friedman" not in out and "share training data" in out["notes"][0]
    want = correlated_ttest(table[:, 0], table[:, 1], 0.01, runs=2)
    assert out["bayesian"][0]["p_b_better"] == want.b_better and out["bayesian"][0]["method"] == "correlated t-test"


def test_plot_writes_the_diagram_and_losses_reverse_the_order(results, capsys, tmp_path):
    path, table = results
    plot = tmp_path / "cd.png"
    out = _json(capsys, ["rank", "--results", str(path), "--id", "dataset", "--plot", str(plot)])
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    losses = _json(capsys, ["rank", "--results", str(path), "--id", "dataset", "--lower-is-better"])
    assert losses["order"] == out["order"][::-1] or losses["order"] == rank_models(-table, NAMES).order()


@pytest.mark.parametrize("text, extra, message", [
    ("a\n0.8\n0.7\n", [], "two or more model columns"),
    ("a,b\n0.8,0.7\n", [], "two or more rows"),
    ("a,b,c\n0.8,0.7,x\n0.6,0.5,0.4\n", [], "line 2, column 'c'"),
    ("a,b,c\n0.8,0.7,0.6\n0.6,0.5,0.4\n", ["--runs", "3"], "applies to --design cv"),
    ("a,b,c\n0.8,0.7,0.6\n0.6,0.5,0.4\n", ["--plot", "out.gif"], "--plot writes"),
])
def test_bad_input_is_one_line(tmp_path, capsys, text, extra, message):
    path = tmp_path / "r.csv"
    path.write_text(text)
    assert main(["rank", "--results", str(path), *extra]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err, err


def test_levels_outside_zero_one_name_the_option(tmp_path, capsys):
    import pytest as _pytest
    path = tmp_path / "p.csv"
    path.write_text("y,a,b\n1,1,1\n0,0,1\n")
    for argv, option in ((["compare", "--predictions", str(path), "--y-true", "y", "--a", "a", "--b", "b",
                           "--confidence-level", "2"], "--confidence-level"),
                         (["rank", "--results", str(path), "--alpha", "0"], "--alpha")):
        with _pytest.raises(SystemExit) as stop:
            main(argv)
        err = capsys.readouterr().err
        assert stop.value.code == 2 and f"argument {option}: must lie strictly between 0 and 1" in err


@pytest.mark.parametrize("suffix", [".png", ".svg", ".pdf"])
def test_plot_replaces_only_a_plot_it_wrote(results, capsys, tmp_path, suffix):
    path, _table = results
    mine = tmp_path / f"mine{suffix}"
    mine.write_bytes(b"the user's own figure")
    argv = ["rank", "--results", str(path), "--id", "dataset", "--plot", str(mine)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{mine}: exists and was not written by iso4213-nb rank --plot" in err
    assert mine.read_bytes() == b"the user's own figure"
    ours = tmp_path / f"cd{suffix}"
    argv[-1] = str(ours)
    assert main(argv) == 0 and main(argv) == 0  # the second run replaces the plot the first one wrote
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith((".cd", "cd"))) == [ours.name]
    (tmp_path / f"folder{suffix}").mkdir()
    argv[-1] = str(tmp_path / f"folder{suffix}")
    assert main(argv) == 2 and "is a folder; --plot names the file to write" in capsys.readouterr().err
