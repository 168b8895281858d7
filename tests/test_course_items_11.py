"""Notebook 11's exercises (the glossary's false friends), checked with scikit-learn on labels built from the counts.

Expected values come from scikit-learn or are typed by hand, never from the items.
"""

import numpy as np
import pytest
from sklearn.metrics import accuracy_score, balanced_accuracy_score, precision_score

from iso4213_nb import BinaryCounts
from iso4213_nb.course import exercise_bank
from iso4213_nb.course.items import SAME
from iso4213_nb.widgets.exercises import exercise

COLLEAGUE = BinaryCounts(tp=30, fp=20, tn=40, fn=10)


pytestmark = pytest.mark.usefixtures("progress_file")  # replies go to a progress file of the test's own


def _labels(tp, fp, tn, fn):
    y_true = np.array([1] * tp + [0] * fp + [0] * tn + [1] * fn)
    y_pred = np.array([1] * tp + [1] * fp + [0] * tn + [0] * fn)
    return y_true, y_pred


def test_11_1_is_scikit_learns_precision_and_names_accuracy_as_the_slip():
    made = exercise_bank.item("11.1", counts=COLLEAGUE)
    y, p = _labels(30, 20, 40, 10)
    assert made.answer == pytest.approx(precision_score(y, p)) == pytest.approx(0.6)
    assert made.mistakes[0][0] == pytest.approx(accuracy_score(y, p))


def test_11_2_added_true_negatives_leave_precision_and_raise_accuracy():
    made = exercise_bank.item("11.2", counts=COLLEAGUE)
    y, p = _labels(30, 20, 100, 10)
    assert made.outcome == SAME and made.value_at(100) == pytest.approx(precision_score(y, p))
    assert (made.values["accuracy0"], made.values["accuracy1"]) == ("0.7000", f"{accuracy_score(y, p):.4f}")
    ex = exercise("11.2", counts=COLLEAGUE)
    ex.prediction.value = ex.prediction.options[[o.text for o in made.options].index("goes up")]
    ex.commit_button.click()
    ex.slider.value = 100
    assert ex.held is False and "not accuracy" in ex.feedback.value


def test_11_3_sokolova_auc_is_scikit_learns_balanced_accuracy():
    made = exercise_bank.item("11.3", counts=COLLEAGUE)
    y, p = _labels(30, 20, 40, 10)
    assert made.values["auc"] == f"{balanced_accuracy_score(y, p):.4f}" == f"{(30 / 40 + 40 / 60) / 2:.4f}"
    assert made.answer.startswith("(recall + specificity) / 2")
    ex = exercise("11.3", counts=COLLEAGUE)
    ex.input.value = ex.input.options[1]
    ex.button.click()
    assert ex.correct is False and "A ROC curve needs scores" in ex.feedback.value
