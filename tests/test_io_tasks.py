"""The optional columns of a predictions file: class scores, multi-label, subgroups, weights, and the task."""

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from iso4213_nb import InputError
from iso4213_nb.inputs import read_predictions


def write(folder, text, name="p.csv"):
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def csv_text(columns: dict) -> str:
    rows = zip(*columns.values())
    return ",".join(columns) + "\n" + "".join(",".join(map(str, row)) + "\n" for row in rows)


def test_class_scores_in_label_order_and_argmax_labels(tmp_path):
    rng = np.random.default_rng(1)
    scores = rng.dirichlet(np.ones(3), size=40).round(6)
    y = rng.integers(0, 3, 40)
    y[:3] = [0, 1, 2]
    # columns in the file's order 2, 0, 1: the matrix must come back in label order 0, 1, 2
    path = write(tmp_path, csv_text({"y_true": y, "m_score_2": scores[:, 2], "m_score_0": scores[:, 0],
                                     "m_score_1": scores[:, 1]}))
    pred = read_predictions(path)
    model = pred.models["m"]
    assert pred.task == "multiclass" and pred.labels == [0, 1, 2] and pred.positive is None
    np.testing.assert_array_equal(model.score_matrix, scores)
    assert model.labels_from_argmax and model.derived_at is None
    np.testing.assert_array_equal(model.pred, np.argmax(scores, axis=1))


def test_argmax_ties_go_to_the_first_class_and_text_labels_stay_text(tmp_path):
    path = write(tmp_path, "y_true,m_score_cat,m_score_ant,m_score_bee\ncat,0.4,0.4,0.2\nant,0.1,0.2,0.7\nbee,0,0,1\n")
    pred = read_predictions(path)
    assert pred.labels == ["ant", "bee", "cat"]
    assert list(pred.models["m"].pred) == ["ant", "bee", "bee"]  # row 1: ant and cat tie, ant comes first


def test_given_labels_are_kept_beside_class_scores(tmp_path):
    path = write(tmp_path, "y_true,m_pred,m_score_0,m_score_1,m_score_2\n0,2,0.5,0.3,0.2\n1,1,0.1,0.8,0.1\n2,2,0,0,1\n")
    model = read_predictions(path).models["m"]
    assert list(model.pred) == [2, 1, 2] and not model.labels_from_argmax


def test_one_model_class_scores(tmp_path):
    path = write(tmp_path, "y_true,score_0,score_1,score_2\n0,0.5,0.3,0.2\n1,0.1,0.8,0.1\n2,0,0,1\n")
    pred = read_predictions(path)
    assert list(pred.models) == ["model"] and pred.models["model"].score_matrix.shape == (3, 3)


def test_class_suffixes_match_labels_as_written(tmp_path):
    text = "y_true,m_score_1,m_score_2,m_score_010\n1,0.5,0.3,0.2\n2,0.1,0.8,0.1\n10,0,0,1\n"
    with pytest.raises(InputError, match=r"column 'm_score_010': '010' is not a class of y_true"):
        read_predictions(write(tmp_path, text))
    # text labels: "01" is its own class and matches m_score_01 only
    pred = read_predictions(write(tmp_path, "y_true,m_score_01,m_score_1,m_score_x\n01,1,0,0\n1,0,1,0\nx,0,0,1\n"))
    assert pred.labels == ["01", "1", "x"] and list(pred.models["m"].pred) == ["01", "1", "x"]


def test_two_class_scores_give_the_positive_column(tmp_path):
    path = write(tmp_path, "y_true,m_score_0,m_score_1\n0,0.8,0.2\n1,0.3,0.7\n1,0.6,0.4\n")
    pred = read_predictions(path)
    model = pred.models["m"]
    assert pred.task == "binary" and pred.positive == 1
    np.testing.assert_array_equal(model.scores, [0.2, 0.7, 0.4])
    assert model.score_matrix.shape == (3, 2) and model.derived_at == 0.5 and list(model.pred) == [0, 1, 0]


def test_declared_classes_allow_scores_of_a_class_absent_from_y_true(tmp_path):
    text = "y_true,m_score_0,m_score_1,m_score_2,m_score_3\n0,0.7,0.1,0.1,0.1\n1,0.1,0.6,0.2,0.1\n2,0,0.1,0.9,0\n"
    with pytest.raises(InputError, match=r"'3' is not a class of y_true \(declare every class"):
        read_predictions(write(tmp_path, text))
    pred = read_predictions(write(tmp_path, text), classes=["0", "1", "2", "3"])
    assert pred.labels == [0, 1, 2, 3] and pred.models["m"].score_matrix.shape == (3, 4)
    with pytest.raises(InputError, match="holds class.*2 that --classes does not declare"):
        read_predictions(write(tmp_path, text), classes=["0", "1", "3"])


MIXED = {
    "truth both ways": ("y_true,y_true_a,y_true_b,m_pred_a,m_pred_b\n1,1,0,1,0\n0,0,1,0,1\n",
                        "column 'y_true' (single-label) and columns 'y_true_a', 'y_true_b' (multi-label"),
    "scores for some classes": ("y_true,m_score_0,m_score_1\n0,0.5,0.5\n1,0.5,0.5\n2,0.2,0.8\n",
                                "model 'm' has score columns for 2 of 3 classes; missing m_score_2"),
    "binary score beside class scores": ("y_true,m_score,m_score_0,m_score_1\n0,0.2,0.8,0.2\n1,0.7,0.3,0.7\n",
                                         "both m_score (binary score) and m_score_<class> columns"),
    "one score column, three classes": ("y_true,m_score\n0,0.1\n1,0.5\n2,0.9\n",
                                        "one score column per class, m_score_<class>"),
    "multi-label labels partly covered": ("y_true_a,y_true_b,m_pred_a\n1,0\n0,1\n".replace("\n1,0", "\n1,0,1")
                                          .replace("\n0,1\n", "\n0,1,0\n"),
                                          "model 'm' has pred columns for 1 of 2 labels; missing m_pred_b"),
    "multi-label model for an unknown label": ("y_true_a,y_true_b,m_pred_a,m_pred_b,m_pred_c\n1,0,1,0,1\n0,1,0,1,1\n",
                                               "column 'm_pred_c': 'c' is not a label of the y_true_<label>"),
    "single-label model in a multi-label file": ("y_true_a,y_true_b,m_pred\n1,0,1\n0,1,0\n",
                                                 "column 'm_pred' belongs to the single-label layout"),
    "per-label predictions with one y_true": ("y_true,m_pred_0,m_pred_1\n0,1,0\n1,0,1\n",
                                              "column 'm_pred_0' is a per-label prediction of the multi-label"),
    "indicator not 0/1": ("y_true_a,y_true_b,m_pred_a,m_pred_b\n1,0,1,0\n0,2,0,1\n",
                          "p.csv, line 3, column 'y_true_b': '2' is not 0 or 1"),
    "one label": ("y_true_a,m_pred_a\n1,1\n0,0\n", "one y_true_<label> column (y_true_a) is a binary task"),
    "negative weight": ("y_true,m_pred,weight\n1,1,1\n0,0,-0.5\n", "p.csv, line 3, column 'weight': weight '-0.5' is negative"),
    "NaN weight": ("y_true,m_pred,weight\n1,1,1\n0,0,nan\n", "p.csv, line 3, column 'weight': 'nan' is not a finite number"),
    "empty weight": ("y_true,m_pred,weight\n1,1,1\n0,0,\n", "p.csv, line 3, column 'weight': empty cell"),
    "infinite weight": ("y_true,m_pred,weight\n1,1,inf\n0,0,1\n", "line 2, column 'weight': 'inf' is not a finite number"),
    "every weight zero": ("y_true,m_pred,weight\n1,1,0\n0,0,0\n", "column 'weight': every weight is 0"),
    "text weight": ("y_true,m_pred,weight\n1,1,heavy\n0,0,1\n", "line 2, column 'weight': 'heavy' is not a number"),
    "empty group": ("y_true,m_pred,group_site\n1,1,A\n0,0,\n", "p.csv, line 3, column 'group_site': empty cell"),
    "ambiguous column": ("y_true,a_score_b_score_c,a_score_b,a_score_c,a_score_b_score_b\n"
                         "b,0.1,0.2,0.3,0.4\nc,0.1,0.2,0.3,0.4\nb_score_c,0.1,0.2,0.3,0.4\n",
                         "can be read in more than one way"),
}


@pytest.mark.parametrize("name", MIXED)
def test_inconsistent_layouts_get_one_line(tmp_path, name):
    text, expected = MIXED[name]
    with pytest.raises(InputError) as info:
        read_predictions(write(tmp_path, text))
    message = str(info.value)
    assert "\n" not in message and expected in message, message


def test_group_option_names_a_missing_column(tmp_path):
    with pytest.raises(InputError, match="has no column 'site' to group by; columns are: y_true, m_pred"):
        read_predictions(write(tmp_path, "y_true,m_pred\n1,1\n0,0\n"), groups=["site"])


def test_groups_and_weight(tmp_path):
    text = "y_true,m_pred,group_sex,site,weight\n1,1,F,3,0.5\n0,0,M,01,2\n1,0,F,3,0\n"
    pred = read_predictions(write(tmp_path, text), groups=["site"])
    assert set(pred.groups) == {"sex", "site"}
    assert list(pred.groups["sex"]) == ["F", "M", "F"] and list(pred.groups["site"]) == ["3", "01", "3"]
    np.testing.assert_array_equal(pred.weight, [0.5, 2.0, 0.0])
    assert pred.weight.dtype == np.float64 and pred.task == "binary"
    plain = read_predictions(write(tmp_path, "y_true,m_pred\n1,1\n0,0\n"))
    assert plain.groups == {} and plain.weight is None
    with pytest.raises(InputError, match="both give the subgroup attribute 'sex'"):
        read_predictions(write(tmp_path, "y_true,m_pred,group_sex,sex\n1,1,F,F\n0,0,M,M\n"), groups=["sex"])


def test_weight_with_decimal_comma(tmp_path):
    pred = read_predictions(write(tmp_path, "y_true;m_score;weight\n1;0,9;1,5\n0;0,2;2\n"), decimal=",")
    np.testing.assert_array_equal(pred.weight, [1.5, 2.0])


def test_multilabel_file(tmp_path):
    text = ("y_true_10,y_true_2,m_pred_10,m_pred_2,s_score_2,s_score_10\n"
            "1,0,1,1,0.2,0.9\n0,1,0,1,0.7,0.4\n1,1,1,0,0.5,0.6\n")
    pred = read_predictions(write(tmp_path, text), threshold=0.5)
    assert pred.task == "multilabel" and pred.label_names == [2, 10] and pred.labels == [2, 10]
    assert pred.y_true is None and pred.positive is None and pred.n == 3
    np.testing.assert_array_equal(pred.y_true_matrix, [[0, 1], [1, 0], [1, 1]])
    assert pred.y_true_matrix.dtype == np.int8
    np.testing.assert_array_equal(pred.models["m"].pred_matrix, [[1, 1], [1, 0], [0, 1]])
    s = pred.models["s"]
    np.testing.assert_array_equal(s.score_matrix_ml, [[0.2, 0.9], [0.7, 0.4], [0.5, 0.6]])
    np.testing.assert_array_equal(s.pred_matrix, [[0, 1], [1, 0], [1, 1]])
    assert s.derived_at == 0.5 and s.pred is None
    with pytest.raises(InputError, match="a positive class applies to binary tasks; this file is multi-label"):
        read_predictions(write(tmp_path, text), positive="1")


def test_multilabel_one_model_and_parquet_booleans(tmp_path):
    table = pa.table({"y_true_cat": [True, False, True], "y_true_dog": [False, True, True],
                      "y_pred_cat": [1, 0, 0], "y_pred_dog": [0, 1, 1], "group_site": [1, 2, 1]})
    pq.write_table(table, tmp_path / "ml.parquet")
    pred = read_predictions(tmp_path / "ml.parquet")
    assert pred.label_names == ["cat", "dog"] and list(pred.models) == ["model"]
    np.testing.assert_array_equal(pred.y_true_matrix, [[1, 0], [0, 1], [1, 1]])
    assert list(pred.groups["site"]) == ["1", "2", "1"]


def test_lenient_reading_ignores_unrelated_columns_but_not_a_broken_model(tmp_path):
    text = "y_true,m_score_0,m_score_1,m_score_2,raw_score_v2,notes\n0,1,0,0,5,x\n1,0,1,0,6,y\n2,0,0,1,7,z\n"
    pred = read_predictions(write(tmp_path, text), strict=False)
    assert list(pred.models) == ["m"]
    with pytest.raises(InputError, match="column 'raw_score_v2': 'v2' is not a class"):
        read_predictions(write(tmp_path, text.replace(",notes", "").replace(",x\n", "\n").replace(",y\n", "\n")
                               .replace(",z\n", "\n")))
    broken = text.replace("m_score_2", "m_score_9")
    with pytest.raises(InputError, match="'9' is not a class of y_true"):
        read_predictions(write(tmp_path, broken), strict=False)


def _same_predictions(a, b):
    assert (a.task, a.labels, a.positive, a.label_names, list(a.models), list(a.groups)) == \
        (b.task, b.labels, b.positive, b.label_names, list(b.models), list(b.groups))
    for x, y in ((a.y_true, b.y_true), (a.y_true_matrix, b.y_true_matrix), (a.weight, b.weight)):
        assert (x is None) == (y is None) and (x is None or np.array_equal(x, y))
    for name in a.groups:
        assert list(a.groups[name]) == list(b.groups[name])
    for name, m in a.models.items():
        n = b.models[name]
        assert (m.derived_at, m.labels_from_argmax) == (n.derived_at, n.labels_from_argmax)
        for field in ("pred", "scores", "score_matrix", "pred_matrix", "score_matrix_ml"):
            x, y = getattr(m, field), getattr(n, field)
            assert (x is None) == (y is None), field
            if x is not None:
                assert list(x) == list(y) if x.ndim == 1 else np.array_equal(x, y), field


@pytest.mark.parametrize("text", [
    "y_true,m_score_a,m_score_b,m_score_c,group_site,weight\na,0.5,0.3,0.2,X,1\nb,0.1,0.8,0.1,Y,2.5\nc,0,0,1,X,0\n",
    "y_true_1,y_true_2,m_pred_1,m_pred_2,s_score_1,s_score_2,group_g\n1,0,1,1,0.2,0.9,u\n0,1,0,1,0.7,0.4,v\n",
    "y_true,m_pred,m_score_0,m_score_1\n0,0,0.8,0.2\n1,0,0.6,0.4\n",
])
def test_parsed_predictions_round_trip_the_new_columns(tmp_path, text):
    from iso4213_nb.report.parsed import read_parsed, write_parsed

    pred = read_predictions(write(tmp_path, text))
    _same_predictions(pred, read_parsed(write_parsed(pred, tmp_path / "p.parquet")))
