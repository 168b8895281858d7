"""One problem, one error code, on every path (issue 24, point 2; beyond TS 4213: one-line errors).

A bad file is read whole and in chunks, and a bad sample weight reaches the multi-label summary as it reaches the
binary and multi-class measures: each path must raise the same :class:`InputError` code with the same one-line
message.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from iso4213_nb.cli import main
from iso4213_nb.core.errors import CodedMessage, InputError
from iso4213_nb.inputs import read_predictions
from iso4213_nb.inputs.chunks import PredictionChunks
from iso4213_nb.measures.confusion import ConfusionMatrix
from iso4213_nb.measures.multilabel_summary import summarize
from iso4213_nb.scale.accumulators import ScoreCounts, parquet_parts, parquet_reader, read_states
from iso4213_nb.scale.accumulators.delong import DeLongPlacements
from iso4213_nb.words.errors import describe

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


#: A bad predictions file, the command and options that read it, and the code and parameters every path must give
#: (``FILE`` in a parameter stands for the file's path).
SAME_PROBLEM = {
    "scores on three classes": ("y_true,m_score\n0,0.1\n1,0.5\n2,0.9\n0,0.3\n", ["metrics"],
                                ("predictions.binary_score_multiclass",
                                 {"column": "'m_score'", "y_true": "y_true", "count": 3, "one": "m_score"})),
    "scores of the one model on three classes": ("y_true,score\n0,0.1\n1,0.5\n2,0.9\n0,0.3\n", ["metrics"],
                                                 ("predictions.binary_score_multiclass",
                                                  {"column": "'score'", "y_true": "y_true", "count": 3,
                                                   "one": "score"})),
    "scores of a --score column on three classes": ("y_true,p\n0,0.1\n1,0.5\n2,0.9\n0,0.3\n", ["metrics", "--score", "p"],
                                                    ("predictions.binary_score_multiclass",
                                                     {"column": "'p'", "y_true": "y_true", "count": 3,
                                                      "one": "score"})),
    "a single class": ("y_true,m_pred\n1,1\n1,0\n1,1\n", ["report"],
                       ("predictions.single_class", {"y_true": "y_true", "label": 1})),
    "a positive class of three": ("y_true,m_pred\n0,0\n1,1\n2,2\n0,1\n", ["report", "--positive", "1"],
                                  ("predictions.positive_multiclass", {"y_true": "y_true", "count": 3})),
    "a positive class of a multi-label file": ("y_true_a,y_true_b,m_pred_a,m_pred_b\n1,0,1,0\n0,1,1,1\n1,1,0,1\n",
                                               ["metrics", "--positive", "1"],
                                               ("predictions.positive_multilabel", {"y_true": "y_true"})),
    "several models": ("y_true,a_pred,b_pred\n0,0,1\n1,1,1\n0,1,0\n", ["metrics"],
                       ("metrics.models", {"count": 2, "models": ["a", "b"]})),
    "several multi-label models": ("y_true_a,y_true_b,m_pred_a,m_pred_b,n_pred_a,n_pred_b\n1,0,1,0,1,1\n"
                                   "0,1,1,1,0,1\n1,1,0,1,1,1\n", ["metrics"],
                                   ("metrics.multilabel_models", {"count": 2, "models": ["m", "n"]})),
    "a threshold for labels": ("y_true,m_pred\n0,0\n1,1\n0,1\n", ["metrics", "--threshold", "0.3"],
                               ("metrics.threshold_without_scores", {})),
    "a threshold for multi-label labels": ("y_true_a,y_true_b,m_pred_a,m_pred_b\n1,0,1,0\n0,1,1,1\n1,1,0,1\n",
                                           ["metrics", "--threshold", "0.3"], ("metrics.threshold_on_labels", {})),
    "a single class of --y-true": ("truth,m_pred\n1,1\n1,0\n1,1\n", ["metrics", "--y-true", "truth"],
                                   ("predictions.single_class", {"y_true": "truth", "label": 1})),
    "a positive class of three, for metrics": ("truth,m_pred\n0,0\n1,1\n2,2\n0,1\n",
                                               ["metrics", "--y-true", "truth", "--positive", "1"],
                                               ("predictions.positive_multiclass", {"y_true": "truth", "count": 3})),
    "scores beyond [0, 1]": ("y_true,score\n1,1.5\n0,0.2\n1,0.7\n", ["metrics"],
                             ("checks.not_probabilities", {"name": "scores", "low": 0.2, "high": 1.5})),
    "an empty file": ("", ["metrics"], ("table.empty_file", {})),
    "no data rows": ("y_true,m_pred\n", ["metrics"], ("table.no_data_rows", {})),
    "no column y_true": ("truth,m_pred\n1,0\n0,1\n", ["metrics"],
                         ("layout.no_truth", {"column": "'y_true'", "columns": ["truth", "m_pred"],
                                              "y_true": "y_true"})),
    "an empty label": ("y_true,m_pred\n1,0\n,1\n0,1\n", ["metrics"],
                       ("columns.empty_cell", {"place": "FILE, line 3", "column": "'y_true'"})),
    "a score that is no number": ("y_true,m_score\n1,0.5\n0,abc\n1,0.2\n", ["metrics"],
                                  ("columns.not_a_number",
                                   {"place": "FILE, line 3", "column": "'m_score'", "text": "'abc'"})),
    "a label y_true never has": ("y_true,m_pred\n0,0\n1,1\n0,1\n1,2\n1,1\n", ["report"],
                                 ("predictions.unknown_label", {"place": "FILE, line 5", "column": "'m_pred'",
                                                                "label": 2, "y_true": "y_true", "labels": [0, 1]})),
    "the first row of the first unknown label": ("y_true,m_pred\n0,0\n1,1\n0,3\n1,2\n1,1\n", ["report"],
                                                 ("predictions.unknown_label",
                                                  {"place": "FILE, line 5", "column": "'m_pred'", "label": 2,
                                                   "y_true": "y_true", "labels": [0, 1]})),
    "a label y_true never has, of the one model": ("y_true,y_pred\n0,0\n1,1\n0,1\n1,2\n1,1\n", ["report"],
                                                  ("predictions.unknown_label",
                                                   {"place": "FILE, line 5", "column": "'y_pred'", "label": 2,
                                                    "y_true": "y_true", "labels": [0, 1]})),
    "a label y_true never has, for McNemar's test": ("t,a,b\ncat,x,cat\ndog,dog,y\n",
                                                     ["compare", "--y-true", "t", "--a", "b", "--b", "a"],
                                                     ("predictions.unknown_label",
                                                      {"place": "FILE, line 3", "column": "'b'", "label": "y",
                                                       "y_true": "t", "labels": ["cat", "dog"]})),
    "three classes for DeLong's test": ("t,a,b\n0,0.1,0.2\n1,0.5,0.4\n2,0.9,0.7\n0,0.3,0.2\n",
                                        ["compare", "--y-true", "t", "--a", "a", "--b", "b", "--test", "delong"],
                                        ("delong.two_classes", {"column": "'t'", "count": 3})),
    "too many labels together": ("y_true,y_pred\na,a\nb,b\nc,d\n", ["metrics", "--max-classes", "3"],
                                 ("columns.too_many_labels_together",
                                  {"columns": ["'y_true'", "'y_pred'"], "limit": 3})),
}


@pytest.mark.parametrize("case", SAME_PROBLEM)
def test_the_whole_file_and_its_chunks_give_one_code_and_one_line(tmp_path, capsys, monkeypatch, case):
    text, argv, (code, params) = SAME_PROBLEM[case]
    shown = []  # the code of each error the command puts into words
    words = CodedMessage.words
    monkeypatch.setattr(CodedMessage, "words", lambda code, params: shown.append(code) or words(code, params))
    path = tmp_path / "p.csv"
    path.write_text(text)
    params = {key: value.replace("FILE", str(path)) if isinstance(value, str) else value
              for key, value in params.items()}
    expected = describe(code, {"file": str(path), **params})
    assert expected != code  # a template, not a sentence of its own
    command, *options = argv
    argv = ["--quiet", command, "--predictions", str(path), *options]
    if command == "report":
        argv += ["--out", str(tmp_path / "out"), "--format", "json"]
    for chunks in ([], ["--chunk-rows", "2"]):
        capsys.readouterr()
        shown.clear()
        assert main(argv + chunks) == 2
        assert capsys.readouterr().err == f"iso4213-nb {command}: error: {expected}\n", chunks
        assert shown[:1] == [code], chunks
    assert not (tmp_path / "out").exists()


def test_a_damaged_parquet_file_and_a_missing_state_file_read_as_a_missing_predictions_file(tmp_path):
    path = tmp_path / "cut.parquet"
    pq.write_table(pa.table({"y_true": [0, 1, 0, 1], "m_pred": [0, 1, 1, 1]}), path)
    path.write_bytes(path.read_bytes()[:200])
    whole = _error(read_predictions, str(path))
    assert whole.code == "table.bad_parquet"
    for other in (_error(parquet_parts, str(path)), _error(_read_in_chunks, str(path))):
        assert (other.code, str(other)) == (whole.code, str(whole))
    missing = str(tmp_path / "nothing.json")
    state, predictions = _error(read_states, missing), _error(read_predictions, missing)
    assert state.code == predictions.code == "source.no_such_file" and str(state) == str(predictions)


def test_an_empty_cell_of_a_row_group_is_named_as_the_whole_file_names_it(tmp_path):
    path = tmp_path / "p.parquet"
    pq.write_table(pa.table({"y_true": [0, 1, 0, None, 1], "m_pred": [0, 1, 1, 1, 0]}), path, row_group_size=2)
    whole = _error(read_predictions, str(path))
    assert whole.code == "columns.empty_cell" and str(whole) == f"{path}, row 4, column 'y_true': empty cell"
    read = parquet_reader(["y_true", "m_pred"])
    for part in parquet_parts(str(path))[:1]:
        read(part)  # the first row group is complete
    row_group = _error(read, (str(path), 1))
    assert (row_group.code, str(row_group)) == (whole.code, str(whole))


def _read_in_chunks(path: str) -> None:
    with PredictionChunks(path, chunk_rows=2) as chunks:
        for _chunk in chunks:
            pass


def test_both_passes_of_the_streamed_delong_test_refuse_too_few_samples_in_one_code():
    y = np.array([0, 0, 1, 1, 1])
    first = {name: ScoreCounts.zero(name).update({"y_true": y, name: y * 0.5 + np.arange(5) / 10}) for name in "ab"}
    second = DeLongPlacements.zero(first["a"], first["b"])  # no rows read yet
    errors = [_error(second.finalize), _error(DeLongPlacements.zero, ScoreCounts.zero("a").update(
        {"y_true": y[1:], "a": np.arange(4.0)}), first["b"])]
    assert [e.code for e in errors] == ["delong.too_few"] * 2
    assert str(errors[0]).endswith("got 0 and 0") and str(errors[1]).endswith("got 3 and 1")
