"""One problem, one error code, on every path (issue 24, point 2; beyond TS 4213: one-line errors).

A bad file is read whole and in chunks, and a bad sample weight reaches the multi-label summary as it reaches the
binary and multi-class measures: each path must raise the same :class:`InputError` code with the same one-line
message.
"""

from __future__ import annotations

import numpy as np
import pytest

from iso4213_nb.cli import main
from iso4213_nb.core.errors import InputError
from iso4213_nb.inputs import read_predictions
from iso4213_nb.measures.confusion import ConfusionMatrix
from iso4213_nb.measures.multilabel_summary import summarize

#: Sample weights of four samples that no path may accept, and the code each must give.
BAD_WEIGHTS = {
    "negative": ([1.0, -2.0, 1.0, 1.0], "weights.negative"),
    "nan": ([1.0, np.nan, 1.0, 1.0], "weights.not_finite"),
    "wrong length": ([1.0, 1.0, 1.0], "weights.length_mismatch"),
    "strings": (["1", "a", "1", "1"], "weights.not_numeric"),
}


def _error(call, *args, **kwargs) -> InputError:
    with pytest.raises(InputError) as caught:
        call(*args, **kwargs)
    return caught.value


@pytest.mark.parametrize("case", BAD_WEIGHTS)
def test_multilabel_summary_checks_weights_as_the_binary_path_does(case):
    weights, code = BAD_WEIGHTS[case]
    y_true = np.array([[1, 0], [0, 1], [1, 1], [0, 0]])
    y_pred = np.array([[1, 0], [1, 1], [0, 1], [0, 0]])
    multilabel = _error(summarize, y_true, y_pred, scores=y_pred * 0.5, sample_weight=weights)
    binary = _error(ConfusionMatrix.from_predictions, y_true[:, 0], y_pred[:, 0], sample_weight=weights)
    assert multilabel.code == binary.code == code
    assert str(multilabel) == str(binary) and "\n" not in str(multilabel)


#: A weight cell no file may hold, and the code the reader gives for it.
BAD_CELLS = {"negative": ("-2", "columns.negative_weight"), "nan": ("nan", "columns.not_finite"),
             "strings": ("a", "columns.not_a_number")}


@pytest.mark.parametrize("case", BAD_CELLS)
def test_report_refuses_a_bad_weight_of_a_multilabel_file_as_of_a_binary_one(tmp_path, capsys, case):
    cell, code = BAD_CELLS[case]
    multilabel = tmp_path / "multilabel.csv"
    multilabel.write_text("y_true_a,y_true_b,m_pred_a,m_pred_b,weight\n1,0,1,0,1\n0,1,1,1,"
                          f"{cell}\n1,1,0,1,1\n0,0,0,0,1\n")
    binary = tmp_path / "binary.csv"
    binary.write_text(f"y_true,m_pred,weight\n1,1,1\n0,1,{cell}\n1,0,1\n0,0,1\n")
    lines = []
    for path in (multilabel, binary):
        error = _error(read_predictions, str(path))
        assert error.code == code
        capsys.readouterr()
        assert main(["--quiet", "report", "--predictions", str(path), "--out", str(tmp_path / path.stem), "--format", "json"]) == 2
        err = capsys.readouterr().err
        assert err == f"iso4213-nb report: error: {error}\n"
        assert not (tmp_path / path.stem / "report.json").exists()
        lines.append(err.replace(str(path), "FILE"))
    assert lines[0] == lines[1] and lines[0].startswith("iso4213-nb report: error: FILE, line 3, column 'weight'")
