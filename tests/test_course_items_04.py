"""Notebook 04's exercises (6.4.3), checked against scikit-learn on the notebook's own wine data.

Expected values come from scikit-learn or are typed by hand, never from the items.
"""

import numpy as np
import pytest
from sklearn.datasets import load_wine
from sklearn.metrics import f1_score, precision_score, recall_score
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB

from iso4213_nb import ConfusionMatrix
from iso4213_nb.course import exercise_bank
from iso4213_nb.course.items import DOWN
from iso4213_nb.widgets.exercises import exercise

NAMES = np.array(["cultivar 1", "cultivar 2", "cultivar 3"])


pytestmark = pytest.mark.usefixtures("progress_file")  # replies go to a progress file of the test's own


@pytest.fixture(scope="module")
def wine():
    """The test labels and predictions of notebook 04, built as its cells build them."""
    data = load_wine()
    X = data.data[:, [data.feature_names.index("alcohol"), data.feature_names.index("proline")]]
    X_train, X_test, y_train, y_test = train_test_split(X, NAMES[data.target], test_size=0.5, stratify=data.target,
                                                        random_state=0)
    return y_test, GaussianNB().fit(X_train, y_train).predict(X_test)


def _first_five_of_cultivar_3(y_true):
    return (y_true != "cultivar 3") | (np.cumsum(y_true == "cultivar 3") <= 5)


def test_04_1_and_04_2_answers_are_scikit_learns_and_name_the_slips():
    counts = [[5, 1, 0], [2, 6, 0], [1, 3, 0]]  # rows = true; cultivar 3 never predicted
    matrix = ConfusionMatrix.from_counts(counts, list(NAMES), rows="true")
    y_true = np.repeat(np.repeat(NAMES, 3), np.ravel(counts))
    y_pred = np.repeat(np.tile(NAMES, 3), np.ravel(counts))
    macro_recall = exercise_bank.item("04.1", matrix=matrix)
    assert macro_recall.answer == pytest.approx(recall_score(y_true, y_pred, average="macro")) == pytest.approx(
        (5 / 6 + 6 / 8 + 0) / 3)
    assert recall_score(y_true, y_pred, average="weighted") in [m for m, _ in macro_recall.mistakes]
    micro = exercise_bank.item("04.2", matrix=matrix)
    assert micro.answer == pytest.approx(precision_score(y_true, y_pred, average="micro")) == pytest.approx(11 / 18)
    ex = exercise("04.2", matrix=matrix)
    ex.input.value = "undefined"
    ex.check()
    assert ex.correct is False and "micro pools the counts first" in ex.feedback.value


def test_04_3_macro_precision_falls_as_in_scikit_learn_and_the_reason_carries_the_counts(wine):
    y_true, y_pred = wine
    keep = _first_five_of_cultivar_3(y_true)
    before = precision_score(y_true, y_pred, average="macro")
    after = precision_score(y_true[keep], y_pred[keep], average="macro")
    assert after < before  # 0.8620 -> 0.7600
    made = exercise_bank.item("04.3", y_true=y_true, y_pred=y_pred, labels=list(NAMES))
    assert made.outcome == DOWN and made.slider.start == 24 and made.slider.target == 5
    assert made.value_at(5) == pytest.approx(after) and made.value_at(24) == pytest.approx(before)
    mid = (y_true != "cultivar 3") | (np.cumsum(y_true == "cultivar 3") <= 12)
    assert made.value_at(12) == pytest.approx(precision_score(y_true[mid], y_pred[mid], average="macro"))
    third = precision_score(y_true, y_pred, average=None, labels=NAMES)[2]
    third_after = precision_score(y_true[keep], y_pred[keep], average=None, labels=NAMES)[2]
    assert (made.values["p0"], made.values["p1"]) == (f"{third:.4f}", f"{third_after:.4f}")
    assert (made.values["fp"], made.values["tp0"], made.values["tp1"]) == (5, 18, 3)
    ex = exercise("04.3", y_true=y_true, y_pred=y_pred, labels=list(NAMES))
    assert ex.slider.disabled
    ex.prediction.value = ex.prediction.options[[o.text for o in made.options].index("goes up")]
    ex.commit_button.click()
    ex.slider.value = 5
    assert ex.held is False and f"{after:.4f}" in ex.feedback.value and "0.3750" in ex.feedback.value


def test_04_4_the_gap_is_the_weighting_of_the_rare_class_with_scikit_learns_f1(wine):
    y_true, y_pred = wine
    keep = _first_five_of_cultivar_3(y_true)
    made = exercise_bank.item("04.4", y_true=y_true[keep], y_pred=y_pred[keep], labels=list(NAMES))
    f1 = f1_score(y_true[keep], y_pred[keep], average=None, labels=NAMES)
    assert made.values["macro"] == f"{f1_score(y_true[keep], y_pred[keep], average='macro'):.4f}" == "0.7742"
    assert made.values["weighted"] == f"{f1_score(y_true[keep], y_pred[keep], average='weighted'):.4f}"
    assert made.values["rare"] == "cultivar 3" and made.values["f1_rare"] == f"{f1[2]:.4f}"
    assert (made.values["n_rare"], made.values["n"]) == (5, int(keep.sum()))
    assert made.answer.startswith("The rare class is classified worst")
    ex = exercise("04.4", y_true=y_true[keep], y_pred=y_pred[keep], labels=list(NAMES))
    ex.input.value = ex.input.options[1]
    ex.button.click()
    assert ex.correct is False and "has no TN in it" in ex.feedback.value
