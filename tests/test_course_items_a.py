"""The Annex A notebook's exercises (6.4.2, 6.4.3), checked with scikit-learn on labels rebuilt from Table A.1.

Expected values come from scikit-learn or are typed by hand, never from the items.
"""

import numpy as np
import pytest
from sklearn.metrics import confusion_matrix, precision_score, recall_score

from iso4213_nb.annexes import annex_a
from iso4213_nb.course import exercise_bank
from iso4213_nb.course.items import SAME
from iso4213_nb.widgets.exercises import exercise

LABELS = ["A", "B", "C"]


pytestmark = pytest.mark.usefixtures("progress_file")  # replies go to a progress file of the test's own


def _labels(table):
    """True and predicted labels of a table with predicted classes in rows (Table A.1's layout)."""
    pairs = [(LABELS[col], LABELS[row]) for row in range(3) for col in range(3) for _ in range(table[row][col])]
    return np.array([t for t, _ in pairs]), np.array([p for _, p in pairs])


def _specificity(y_true, y_pred, label):
    (tn, fp), _ = confusion_matrix(y_true == label, y_pred == label)
    return tn / (tn + fp)


def test_a_1_is_the_mean_of_scikit_learns_recall_and_specificity_of_c():
    y, p = _labels(annex_a.TABLE_A1)
    made = exercise_bank.item("A.1", matrix=annex_a.matrix())
    expected = 100 * (recall_score(y, p, labels=["C"], average=None)[0] + _specificity(y, p, "C")) / 2
    assert made.answer == pytest.approx(expected) == pytest.approx(100 * (65 / 223 + 4373 / 4741) / 2)


def test_a_2_correcting_bs_errors_leaves_its_specificity_as_scikit_learn_says():
    table = [list(row) for row in annex_a.TABLE_A1]
    y, p = _labels(table)
    table[2][1] -= 300
    table[1][1] += 300
    y2, p2 = _labels(table)
    assert _specificity(y, p, "B") == _specificity(y2, p2, "B") == 492 / (492 + 167)
    made = exercise_bank.item("A.2", matrix=annex_a.matrix())
    assert made.outcome == SAME and made.value_at(300) == pytest.approx(_specificity(y2, p2, "B"))
    assert made.values["recall1"] == f"{recall_score(y2, p2, labels=['B'], average=None)[0]:.4f}"
    assert made.values["precision1"] == f"{precision_score(y2, p2, labels=['C'], average=None)[0]:.4f}"
    ex = exercise("A.2", matrix=annex_a.matrix())
    ex.prediction.value = ex.prediction.options[[o.text for o in made.options].index("goes up")]
    ex.commit_button.click()
    ex.slider.value = 300
    assert ex.held is False and "has not changed" in ex.feedback.value


def test_a_3_names_bs_weight_and_specificity_as_scikit_learn_computes_them():
    y, p = _labels(annex_a.TABLE_A1)
    made = exercise_bank.item("A.3", matrix=annex_a.matrix())
    assert made.values["spec_b"] == f"{100 * _specificity(y, p, 'B'):.2f}" == "74.66"
    assert made.values["share"] == f"{100 * np.mean(y == 'B'):.2f}"
    assert (made.values["weighted"], made.values["macro"]) == ("77.36", "87.76")  # as Table A.4 prints them
    ex = exercise("A.3", matrix=annex_a.matrix())
    ex.input.value = ex.input.options[2]
    ex.button.click()
    assert ex.correct is False and "89.98" in ex.feedback.value
