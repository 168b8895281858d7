"""``iso4213-nb annex`` and ``iso4213-nb csmf``: output, --check exit status, one-line errors."""

import json
import pytest

from iso4213_nb.cli import main


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("letter, status", [("A", 0), ("B", 0), ("C", 0), ("D", 0), ("a", 0)])
def test_check_exit_status(capsys, letter, status):
    code, out, _ = run(capsys, "annex", letter, "--check")
    assert code == status
    assert "printed numbers reproduced" in out


def test_annex_a_text_prints_tables_with_decimal_comma(capsys):
    _, out, _ = run(capsys, "annex", "A")
    assert "90,61 ✓" in out and "87,43 ✓" in out and "46 of 46 printed numbers reproduced" in out
    _, out, _ = run(capsys, "annex", "A", "--decimal-point")
    assert "90.61 ✓" in out


def test_annex_b_json_reconstruction(capsys):
    code, out, _ = run(capsys, "annex", "B", "--json", "--check")
    data = json.loads(out)
    assert code == 0
    rec = data["reconstruction"]
    assert (rec["positives"], rec["negatives"]) == (28, 58)
    assert [(p["tp"], p["fp"]) for p in rec["operating_points"]] == [(5, 0), (19, 1), (21, 2), (27, 8), (28, 34)]


def test_annex_c_reports_alexnet_as_an_erratum_not_a_failure(capsys):
    code, out, _ = run(capsys, "annex", "C", "--check")
    assert code == 0
    assert "MISMATCH" in out and "100,8 %" in out
    assert "3 of 4 printed numbers reproduced; 1 not reproducible because the printed document" in out


def test_check_fails_on_an_unexplained_mismatch(capsys, monkeypatch):
    from iso4213_nb.annexes import Check, annex_a

    broken = annex_a.checks() + [Check("Table A.3 / Precision / B", "95,79", "95,80", False)]
    monkeypatch.setattr(annex_a, "checks", lambda: broken)
    code, out, _ = run(capsys, "annex", "A", "--check")
    assert code == 1 and "46 of 47 printed numbers reproduced" in out


def test_unknown_annex_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["annex", "E"])
    assert exc.value.code == 2


@pytest.fixture
def matrix_file(tmp_path):
    path = tmp_path / "m.csv"
    path.write_text(",cardiac,infection,injury\ncardiac,50,8,2\ninfection,10,25,5\ninjury,3,2,15\n")
    return path


def test_csmf_json_rows_true(capsys, matrix_file):
    code, out, _ = run(capsys, "csmf", "--matrix", str(matrix_file), "--rows", "true", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["csmf_true"] == pytest.approx({"cardiac": 0.5, "infection": 1 / 3, "injury": 1 / 6})
    assert data["csmf_pred"] == pytest.approx({"cardiac": 63 / 120, "infection": 35 / 120, "injury": 22 / 120})
    assert data["csmf_accuracy"] == pytest.approx(0.95)
    assert data["chance_corrected_csmf_accuracy"] == pytest.approx(1 - 0.05 * 2.718281828459045)


def test_csmf_rows_predicted_swaps_the_shares(capsys, matrix_file):
    _, out, _ = run(capsys, "csmf", "--matrix", str(matrix_file), "--rows", "predicted", "--json",
                    "--chance", "rounded")
    data = json.loads(out)
    assert data["csmf_pred"]["cardiac"] == pytest.approx(0.5)
    # true shares now 63, 35, 22 / 120, predicted 60, 40, 20: Σ = 10/120, 2 (1 − 22/120) = 196/120
    assert data["csmf_accuracy"] == pytest.approx(1 - 10 / 196)


def test_csmf_text(capsys, matrix_file):
    _, out, _ = run(capsys, "csmf", "--matrix", str(matrix_file), "--rows", "true")
    assert "csmf_accuracy: 0.9500" in out and "chance_corrected_csmf_accuracy (exact): 0.8641" in out


def test_csmf_bad_input_one_line_exit_2(capsys, tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text(",a,b\na,1,2\n")
    for argv in (["--matrix", str(bad), "--rows", "true"],
                 ["--matrix", str(tmp_path / "missing.csv"), "--rows", "true"]):
        code, out, err = run(capsys, "csmf", *argv)
        assert code == 2 and out == ""
        assert len(err.strip().splitlines()) == 1 and err.startswith("iso4213-nb csmf: error: ")
    with pytest.raises(SystemExit) as exc:
        main(["csmf", "--matrix", str(bad)])  # --rows is required: no default orientation
    assert exc.value.code == 2
    assert "--rows" in capsys.readouterr().err


@pytest.mark.parametrize("letter", ["A", "C", "D"])
def test_json_of_every_annex(capsys, letter):
    _, out, _ = run(capsys, "annex", letter, "--json")
    data = json.loads(out)
    assert data["annex"] == letter and data["checks"]
    assert all(set(c) == {"item", "printed", "computed", "matches", "note"} for c in data["checks"])


def test_annex_d_table_gives_the_hand_shares_and_names_the_causes_in_the_readers_language(capsys):
    """Annex D's worked example, 120 deaths: true shares 60, 40, 20 / 120 and predicted 63, 35, 22 / 120, by hand.
    The causes are the package's own example, named in Russian on a Russian table as on the figure and in D.3."""
    rows = {"cardiac": ("0.5000", "0.5250", "0.0250"), "infection": ("0.3333", "0.2917", "0.0417"),
            "injury": ("0.1667", "0.1833", "0.0167")}
    _, out, _ = run(capsys, "annex", "D", "--decimal-point")
    for cause, numbers in rows.items():
        assert [cause, *numbers] in [line.split() for line in out.splitlines()], cause
    russian = {"cardiac": "болезни сердца", "infection": "инфекции", "injury": "травмы"}
    _, out, _ = run(capsys, "--lang", "ru", "annex", "D")
    for cause, numbers in rows.items():
        line = next(line for line in out.splitlines() if line.startswith(russian[cause]))
        assert line.split()[-3:] == [n.replace(".", ",") for n in numbers], line
        assert cause not in out
