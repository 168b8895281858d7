"""Notebook 09's exercises (clause 8), checked with scikit-learn on the bundled demo's logistic regression.

Expected values come from scikit-learn or are typed by hand, never from the items.
"""

import numpy as np
import pytest
from sklearn.metrics import confusion_matrix, precision_score, recall_score

from iso4213_nb.course import exercise_bank
from iso4213_nb.course.items import SAME
from iso4213_nb.demos.breast_cancer import DEMO_PREDICTIONS
from iso4213_nb.inputs import read_predictions
from iso4213_nb.widgets.exercises import exercise


pytestmark = pytest.mark.usefixtures("progress_file")  # replies go to a progress file of the test's own


@pytest.fixture(scope="module")
def demo():
    pred = read_predictions(DEMO_PREDICTIONS)
    return np.asarray(pred.y_true), np.asarray(pred.models["logistic_regression"].scores)


def _lowest_threshold_with_fpr_at_most(y, s, limit):
    """The lowest score used as threshold (score ≥ t is positive) whose FPR stays at most ``limit``."""
    for t in np.sort(np.unique(s)):
        (tn, fp), _ = confusion_matrix(y, s >= t)
        if fp / (fp + tn) <= limit:
            return t


def test_09_1_is_scikit_learns_precision_at_the_fpr_point(demo):
    y, s = demo
    t = _lowest_threshold_with_fpr_at_most(y, s, 0.1)
    made = exercise_bank.item("09.1", y_true=y, scores=s)
    assert made.answer == pytest.approx(precision_score(y, s >= t)) == pytest.approx(81 / 95)  # TP 81, FP 14
    assert made.mistakes[0][0] == pytest.approx(recall_score(y, s >= t))


def test_09_2_is_a_choice_with_a_reason_for_each_item():
    ex = exercise("09.2")
    ex.input.value = ex.input.options[2]
    ex.button.click()
    assert ex.correct is False and "second annotator" in ex.feedback.value
    ex.input.value = ex.input.options[3]
    ex.button.click()
    assert ex.correct is True and ex.feedback.value.count("<li>") == 4


def test_09_3_recall_stays_from_0_5_to_0_65_as_scikit_learn_says(demo):
    y, s = demo
    assert recall_score(y, s >= 0.5) == recall_score(y, s >= 0.65) == 78 / 85
    made = exercise_bank.item("09.3", y_true=y, scores=s)
    assert made.outcome == SAME and made.value_at(0.7) == pytest.approx(recall_score(y, s >= 0.7))
    assert (made.values["fp0"], made.values["fp1"]) == (2, 0)
    ex = exercise("09.3", y_true=y, scores=s)
    ex.prediction.value = ex.prediction.options[[o.text for o in made.options].index("goes down")]
    ex.commit_button.click()
    ex.slider.value = 0.65
    assert ex.held is False and "loses none" in ex.feedback.value


def test_09_4_the_reason_counts_what_the_looser_point_buys(demo):
    y, s = demo
    made = exercise_bank.item("09.4", y_true=y, scores=s)
    (_, fp_loose), (_, tp_loose) = confusion_matrix(y, s >= _lowest_threshold_with_fpr_at_most(y, s, 0.1))
    assert (made.values["more"], made.values["alarms"]) == (tp_loose - 78, fp_loose - 0) == (3, 14)
    assert made.answer.startswith("None by itself")
