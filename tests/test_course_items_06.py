"""Notebook 06's exercises (6.2.7, 6.4.4), checked against SciPy on hand counts and the notebook's digits data.

Expected values come from SciPy or are typed by hand, never from the items.
"""

import math

import numpy as np
import pytest
from scipy.special import rel_entr
from scipy.stats import entropy
from sklearn.datasets import load_digits
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB

from iso4213_nb import is_undefined
from iso4213_nb.course import exercise_bank
from iso4213_nb.course.items import SAME
from iso4213_nb.widgets.exercises import exercise

TRUE, PRED = [50, 30, 20], [40, 40, 20]


pytestmark = pytest.mark.usefixtures("progress_file")  # replies go to a progress file of the test's own


@pytest.fixture(scope="module")
def digits():
    """The test labels and naive Bayes predictions of notebook 06, built as its cells build them."""
    data = load_digits()
    X_train, X_test, y_train, y_test = train_test_split(data.data, data.target, test_size=0.5, stratify=data.target,
                                                        random_state=0)
    return y_test, GaussianNB().fit(X_train, y_train).predict(X_test)


def test_06_1_to_06_3_are_scipys_divergences_in_both_directions():
    t, p = np.array(TRUE) / 100, np.array(PRED) / 100
    first = exercise_bank.item("06.1", true_counts=TRUE, pred_counts=PRED)
    assert first.answer == pytest.approx(entropy(t, p)) == pytest.approx(0.5 * math.log(5 / 4) + 0.3 * math.log(3 / 4))
    assert first.mistakes[0][0] == pytest.approx(entropy(p, t))
    assert first.values == {"true": "50, 30, 20", "pred": "40, 40, 20", "n": 100}
    second = exercise_bank.item("06.2", true_counts=TRUE, pred_counts=PRED)
    assert second.answer == pytest.approx(entropy(p, t))
    never = exercise_bank.item("06.3", true_counts=TRUE, pred_counts=[60, 40, 0])
    assert entropy(t, [0.6, 0.4, 0]) == math.inf and is_undefined(never.answer)
    ex = exercise("06.3", true_counts=TRUE, pred_counts=[60, 40, 0])
    ex.input.value = "inf"
    ex.check()
    assert ex.correct is True


def test_06_4_copying_the_test_set_leaves_the_divergence_and_multiplies_the_literal_sum(digits):
    y_true, y_pred = digits
    true_counts, pred_counts = np.bincount(y_true, minlength=10), np.bincount(y_pred, minlength=10)
    made = exercise_bank.item("06.4", true_counts=true_counts, pred_counts=pred_counts)
    assert made.outcome == SAME
    assert made.value_at(4) == pytest.approx(entropy(pred_counts, true_counts))
    literal = rel_entr(pred_counts, true_counts).sum()
    assert (made.values["literal"], made.values["literal_4"]) == (f"{literal:.3f}", f"{4 * literal:.3f}")
    ex = exercise("06.4", true_counts=true_counts, pred_counts=pred_counts)
    ex.prediction.value = ex.prediction.options[[o.text for o in made.options].index("goes up")]
    ex.commit_button.click()
    ex.slider.value = 4
    assert ex.held is False and f"{4 * literal:.3f}" in ex.feedback.value


def test_06_5_a_small_divergence_bounds_nothing_shown_with_the_shifted_labels(digits):
    y_true, y_pred = digits
    made = exercise_bank.item("06.5", y_true=y_true, y_pred=y_pred)
    t = np.bincount(y_true, minlength=10)
    assert made.values["kl"] == f"{entropy(t, np.bincount(y_pred, minlength=10)):.4f}"
    shifted = (y_true + 1) % 10
    assert made.values["shifted_accuracy"] == "0.0000"
    assert made.values["shifted_kl"] == f"{entropy(t, np.bincount(shifted, minlength=10)):.5f}" == "0.00030"
    assert made.answer.startswith("Only how closely")
    ex = exercise("06.5", y_true=y_true, y_pred=y_pred)
    ex.input.value = ex.input.options[1]
    ex.button.click()
    assert ex.correct is False and "no bound on the accuracy" in ex.feedback.value
