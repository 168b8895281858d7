"""Bad and odd input to `iso4213-nb report`: one line on stderr, exit 2, nothing written."""

from pathlib import Path

import numpy as np
import pytest

from iso4213_nb import InputError
from iso4213_nb.cli import main
from iso4213_nb.report.build import read_settings
from iso4213_nb.report.options import parse_formats
from iso4213_nb.inputs import read_predictions

GOOD = "y_true,a_pred,a_score,b_pred\n1,1,0.9,1\n0,0,0.2,1\n1,0,0.4,1\n0,0,0.1,0\n"


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


BAD_PREDICTIONS = {
    "no y_true": ("truth,a_pred\n1,1\n0,0\n", "has no column 'y_true'; columns are: truth, a_pred"),
    "unknown column": ("y_true,a_pred,notes\n1,1,x\n0,0,y\n", "column 'notes' is neither y_true"),
    "no model": ("y_true\n1\n0\n", "has no model columns"),
    "NaN score": ("y_true,a_score\n1,0.9\n0,\n", "p.csv, line 3, column 'a_score': empty cell"),
    "text score": ("y_true,a_score\n1,0.9\n0,high\n", "p.csv, line 3, column 'a_score': 'high' is not a number"),
    "empty file": ("", "the file is empty"),
    "header only": ("y_true,a_pred\n", "no data rows"),
    "ragged row": ("y_true,a_pred\n1,1\n0\n", "p.csv, line 3: has 1 field(s), the header has 2"),
    "mismatched labels": ("y_true,a_pred\n1,1\n0,2\n", "p.csv, line 3, column 'a_pred': label 2 is not a class of y_true"),
    "one class": ("y_true,a_pred\n1,1\n1,0\n", "single class"),
    "text labels, no positive": ("y_true,a_pred\nyes,yes\nno,no\n", "name the positive class"),
    "scores on three classes": ("y_true,a_score\n0,0.1\n1,0.5\n2,0.9\n", "gives scores, but y_true has 3 classes; a multi-class model gives one score column per class, a_score_<class>"),
    "empty predicted label": ("y_true,a_pred\na,a\nb,\nc,c\n", "p.csv, line 3, column 'a_pred': empty cell"),
    "missing numeric label": ("y_true,a_pred\n1,1\n0,\n", "p.csv, line 3, column 'a_pred': empty cell"),
}


@pytest.mark.parametrize("name", BAD_PREDICTIONS)
def test_bad_predictions_file_one_line_exit_2_nothing_written(tmp_path, capsys, name):
    text, expected = BAD_PREDICTIONS[name]
    path = _write(tmp_path, "p.csv", text)
    out = tmp_path / "out" / "report"
    assert main(["report", "--predictions", str(path), "--out", str(out), "--format", "html"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("iso4213-nb report: error: ") and err.count("\n") == 1
    assert expected in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.csv"]


BAD_META = {
    "bad YAML": ("training_data: [unclosed\n", "is not valid YAML"),
    "unknown section": ("trainig_data:\n  source: x\n", "unknown checklist section 'trainig_data'"),
    "unknown setting": ("report:\n  colour: red\n", "unknown setting report.colour"),
    "positive not a label": ("report:\n  positive: maybe\n", "positive class 'maybe' is not a label of y_true"),
}


@pytest.mark.parametrize("name", BAD_META)
def test_bad_meta_file_one_line_exit_2_nothing_written(tmp_path, capsys, name):
    text, expected = BAD_META[name]
    predictions = _write(tmp_path, "p.csv", GOOD)
    meta = _write(tmp_path, "m.yml", text)
    out = tmp_path / "out"
    assert main(["report", "--predictions", str(predictions), "--meta", str(meta), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("iso4213-nb report: error: ") and err.count("\n") == 1
    assert expected in err
    assert not out.exists()


def test_missing_predictions_file(tmp_path, capsys):
    assert main(["report", "--predictions", str(tmp_path / "nope.csv"), "--out", str(tmp_path / "o")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()


def test_unknown_format_is_an_argparse_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["report", "--format", "html,docx", "--out", str(tmp_path / "o")])
    assert exit_.value.code == 2
    assert "--format takes a comma-separated list of html, pdf" in capsys.readouterr().err


def test_out_that_is_a_file_or_a_foreign_folder_is_refused(tmp_path, capsys):
    predictions = _write(tmp_path, "p.csv", GOOD)
    assert main(["report", "--predictions", str(predictions), "--out", str(predictions)]) == 2
    assert "exists and is not a folder" in capsys.readouterr().err
    foreign = tmp_path / "photos"
    foreign.mkdir()
    (foreign / "holiday.jpg").write_text("precious")
    assert main(["report", "--predictions", str(predictions), "--out", str(foreign)]) == 2
    err = capsys.readouterr().err
    assert err == f"iso4213-nb report: error: --out {foreign} holds holiday.jpg and is not a report folder of this " \
                  "tool (no manifest.json); choose another --out\n"
    assert (foreign / "holiday.jpg").read_text() == "precious"


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "NaN", "1e999", "half"])
def test_non_finite_threshold_is_exit_2_one_line(tmp_path, capsys, value):
    predictions = _write(tmp_path, "p.csv", GOOD)
    with pytest.raises(SystemExit) as exit_:
        main(["report", "--predictions", str(predictions), f"--threshold={value}", "--out", str(tmp_path / "o")])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "argument --threshold: not a" in err and value in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.csv"]


@pytest.mark.parametrize("value", [float("nan"), float("inf"), "nan", None])
def test_make_report_checks_the_threshold_too(tmp_path, value):
    from iso4213_nb.report.build import make_report

    predictions = _write(tmp_path, "p.csv", GOOD)
    with pytest.raises(InputError, match="--threshold must be a"):
        make_report(predictions, out=tmp_path / "o", formats="html", threshold=value)
    assert not (tmp_path / "o").exists()


def test_report_from_stdin_dash(tmp_path, monkeypatch):
    """`-` reads standard input once; the source records its name, size and SHA-256."""
    import hashlib
    import io

    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(GOOD.encode())))
    pred = read_predictions("-")
    assert pred.source.name == "standard input" and pred.source.size == len(GOOD)
    assert pred.source.sha256 == hashlib.sha256(GOOD.encode()).hexdigest()
    assert list(pred.models) == ["a", "b"]


def test_predictions_layout_and_scores_only_model(tmp_path):
    path = _write(tmp_path, "p.csv", "y_true,a_pred,a_score,c_score\n1,1,0.9,0.5\n0,0,0.2,0.49\n1,0,0.4,0.7\n")
    pred = read_predictions(path)
    assert pred.labels == [0, 1] and pred.positive == 1 and list(pred.models) == ["a", "c"]
    assert pred.models["a"].derived_at is None
    assert pred.models["c"].derived_at == 0.5
    assert pred.models["c"].pred.tolist() == [1, 0, 1]  # score >= 0.5 is positive, 0.49 is not
    lower = read_predictions(path, threshold=0.45)
    assert lower.models["c"].pred.tolist() == [1, 1, 1]


def test_text_labels_with_positive_and_integer_like_positive(tmp_path):
    path = _write(tmp_path, "p.csv", "y_true,m_pred\nspam,spam\nham,spam\nham,ham\n")
    assert read_predictions(path, positive="spam").positive == "spam"
    ints = _write(tmp_path, "q.csv", "y_true,m_pred\n2,2\n7,2\n")
    assert read_predictions(ints, positive="7").positive == 7  # text from YAML or the CLI matches the int label


def test_multiclass_labels_only(tmp_path):
    path = _write(tmp_path, "p.csv", "y_true,m_pred\na,a\nb,c\nc,c\n")
    pred = read_predictions(path)
    assert pred.positive is None and not pred.binary
    assert np.array_equal(pred.models["m"].pred, np.array(["a", "c", "c"]))


def test_parse_formats_and_settings(tmp_path):
    assert parse_formats("html") == ("html",)
    assert parse_formats(" PDF, html ,pdf") == ("pdf", "html")
    with pytest.raises(InputError):
        parse_formats("")
    assert read_settings(None) == {}
    meta = _write(tmp_path, "m.yml", "report:\n  title: T\n  positive: 1\n")
    assert read_settings(meta) == {"title": "T", "positive": "1"}  # as typed: the input layer matches labels as written


def test_report_settings_keep_the_text_typed(tmp_path):
    """A title of yes stays the word yes, and a positive class of 01 stays 01 (not True, not 1)."""
    from iso4213_nb.report.build import read_settings
    meta = tmp_path / "meta.yml"
    meta.write_text("report:\n  title: yes\n  positive: 01\n")
    assert read_settings(meta) == {"title": "yes", "positive": "01"}
