"""Annex A: every printed cell of Tables A.2–A.4 reproduced, cross-checked with scikit-learn."""

import json

import numpy as np
import pytest
from sklearn.metrics import accuracy_score, precision_recall_fscore_support

from iso4213_nb import ConfusionMatrix, InputError, Undefined
from iso4213_nb.annexes import annex_a


def _labels_from_table_a1():
    """Expand Table A.1 (rows predicted, columns actual) into label arrays."""
    y_true, y_pred = [], []
    for i, predicted in enumerate("ABC"):
        for j, actual in enumerate("ABC"):
            n = annex_a.TABLE_A1[i][j]
            y_true += [actual] * n
            y_pred += [predicted] * n
    return np.array(y_true), np.array(y_pred)


def test_every_printed_cell_is_reproduced():
    checks = annex_a.checks()
    assert len(checks) == 12 + 18 + 15 + 1
    assert [c.item for c in checks if not c.matches] == []


def test_table_a1_orientation_column_sums_are_true_class_sizes():
    cm = annex_a.matrix()
    assert cm.support.tolist() == [436, 4305, 223]  # column sums of Table A.1 as printed
    assert cm.predicted_counts.tolist() == [564, 3967, 433]  # row sums


def test_table_a3_rows_against_scikit_learn():
    y_true, y_pred = _labels_from_table_a1()
    p, r, f, _ = precision_recall_fscore_support(y_true, y_pred, labels=list("ABC"))
    a3 = annex_a.table_a3(annex_a.matrix())
    for k, label in enumerate("ABC"):
        assert a3["Precision"][label] == pytest.approx(p[k])
        assert a3["Recall"][label] == pytest.approx(r[k])
        assert a3["Accuracy"][label] == pytest.approx(r[k])  # per-class accuracy is recall (6.4.2)
        assert a3["F_1"][label] == pytest.approx(f[k])
        one_vs_rest = accuracy_score(y_true == label, y_pred == label)
        assert a3["Binary Accuracy"][label] == pytest.approx(one_vs_rest)


@pytest.mark.parametrize("column", ["Macro", "Weighted", "Micro"])
def test_table_a4_against_scikit_learn(column):
    y_true, y_pred = _labels_from_table_a1()
    p, r, f, _ = precision_recall_fscore_support(y_true, y_pred, labels=list("ABC"), average=column.lower())
    a4 = annex_a.table_a4(annex_a.matrix())
    assert (a4["Precision"][column], a4["Recall"][column], a4["F_1"][column]) == pytest.approx((p, r, f))


def test_averaged_accuracy_is_not_overall_accuracy():
    cm = annex_a.matrix()
    a4 = annex_a.table_a4(cm)
    y_true, y_pred = _labels_from_table_a1()
    assert cm.accuracy() == pytest.approx(accuracy_score(y_true, y_pred))
    assert round(100 * cm.accuracy(), 2) == 85.92
    assert round(100 * a4["Accuracy"]["Micro"], 2) == 90.61  # mean of the three binary accuracies
    assert a4["Accuracy"]["Micro"] == pytest.approx(np.mean([4764 / 4964, 4292 / 4964, 4438 / 4964]))


def test_weighted_accuracy_is_marked_missing_from_indian_copy():
    [check] = [c for c in annex_a.checks() if c.item == "Table A.4 / Accuracy / Weighted"]
    assert check.printed == "87,43" and check.matches and "Indian" in check.note


def test_edited_matrix_reports_the_cells_it_no_longer_reproduces():
    counts = np.array(annex_a.TABLE_A1)
    counts[0, 0] += 10  # ten more correct A predictions
    cm = ConfusionMatrix.from_counts(counts, labels="ABC", rows="predicted")
    failed = {c.item for c in annex_a.checks(cm) if not c.matches}
    assert "Table A.2 / T_P / A" in failed and "Table A.3 / Precision / A" in failed
    assert "Table A.2 / T_P / B" not in failed


def test_undefined_cells_are_named_with_reasons():
    cm = ConfusionMatrix.from_counts([[5, 1, 0], [2, 7, 0], [0, 0, 0]], labels="ABC", rows="predicted")
    cells = annex_a.undefined_cells(cm)
    assert "Table A.3 / Precision / C: no_predicted_positives" in cells
    assert "Table A.3 / Recall / C: no_positives" in cells
    assert any(c.startswith("Table A.4 / Precision / Macro") for c in cells)
    assert isinstance(annex_a.table_a4(cm)["Precision"]["Macro"], Undefined)
    data = annex_a.to_json(cm)
    json.dumps(data, allow_nan=False)
    assert data["table_a3"]["Precision"]["C"] is None


def test_checks_need_the_annex_classes():
    cm = ConfusionMatrix.from_counts(annex_a.TABLE_A1, labels="XYZ", rows="predicted")
    with pytest.raises(InputError, match="Annex A checks need classes"):
        annex_a.checks(cm)


def test_json_round_trip_keeps_orientation():
    data = json.loads(json.dumps(annex_a.to_json()))
    assert data["table_a1"] == {"rows": "predicted", "labels": ["A", "B", "C"],
                                "counts": [[400, 150, 14], [23, 3800, 144], [13, 355, 65]]}
    assert data["table_a2"]["F_N"] == {"A": 36, "B": 505, "C": 158}


def test_tables_against_scikit_learn_on_random_matrices():
    rng = np.random.default_rng(42)
    for _ in range(25):
        counts = rng.integers(1, 60, size=(3, 3))
        cm = ConfusionMatrix.from_counts(counts, labels="ABC", rows="predicted")
        y_true = np.repeat(np.tile(list("ABC"), 3), counts.ravel())  # column = actual
        y_pred = np.repeat(np.repeat(list("ABC"), 3), counts.ravel())  # row = predicted
        a3, a4 = annex_a.table_a3(cm), annex_a.table_a4(cm)
        p, r, f, _ = precision_recall_fscore_support(y_true, y_pred, labels=list("ABC"))
        assert [a3["Precision"][k] for k in "ABC"] == pytest.approx(p)
        assert [a3["Recall"][k] for k in "ABC"] == pytest.approx(r)
        assert [a3["F_1"][k] for k in "ABC"] == pytest.approx(f)
        for column in ("Macro", "Weighted", "Micro"):
            p, r, f, _ = precision_recall_fscore_support(y_true, y_pred, average=column.lower())
            assert (a4["Precision"][column], a4["Recall"][column], a4["F_1"][column]) == pytest.approx((p, r, f))
