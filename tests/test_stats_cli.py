"""What ``compare`` and ``adjust`` print at the edges: undefined results and bad options, in the user's words."""

import pytest

from iso4213_nb.cli import main


def test_compare_delong_prints_no_interval_beside_an_undefined_p_value(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("y,a,b\n1,.9,.5\n1,.8,.5\n0,.1,.5\n0,.2,.5\n")
    assert main(["compare", "--predictions", str(path), "--y-true", "y", "--a", "a", "--b", "b",
                 "--test", "delong"]) == 0
    out = capsys.readouterr().out
    rows = {line.split("  ")[0]: line for line in out.splitlines()}
    assert rows["p-value"].split()[-1] == "undefined"
    assert rows["95% interval of AUROC difference A − B"].split()[-1] == "undefined"
    assert "alike" not in out and "although the AUROCs differ" in out


def test_metrics_on_a_matrix_cell_of_1e308_says_so_in_one_line(tmp_path, capsys):
    path = tmp_path / "m.csv"
    path.write_text(",A,B\nA,1e308,2\nB,3,4\n")
    assert main(["metrics", "--matrix", str(path), "--rows", "true"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "negative" not in err
    # the input layer reads the matrix and names the cell by the file's own line and column
    assert "line 2, column 2" in err and "1e308" in err and "2^53" in err


@pytest.mark.parametrize("argv, message", [
    (["--alpha", "2", "0.1"], "argument --alpha: must lie strictly between 0 and 1, got 2"),
    (["--alpha", "nan", "0.1"], "argument --alpha: not a finite number: nan"),
    (["0.1", "nan"], "argument P: not a finite number: nan"),
    (["0.1", "1.5"], "argument P: a p-value must lie in [0, 1], got 1.5"),
])
def test_adjust_names_the_users_option(argv, message, capsys):
    with pytest.raises(SystemExit) as info:
        main(["adjust", "--method", "bh", *argv])
    assert info.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith(message) and "\n" not in err and "confidence_level" not in err
