"""Notebook 05's exercises (6.5), checked against scikit-learn and SciPy on the notebook's own digits data.

Expected values come from scikit-learn, SciPy or are typed by hand, never from the items.
"""

import numpy as np
import pytest
from scipy.stats import entropy
from sklearn import metrics as skm
from sklearn.datasets import load_digits
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.multioutput import MultiOutputClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from iso4213_nb.course import exercise_bank
from iso4213_nb.course.items import SAME
from iso4213_nb.widgets.exercises import exercise

LABELS = ["even", "prime", "five or more", "closed loop"]


pytestmark = pytest.mark.usefixtures("progress_file")  # replies go to a progress file of the test's own


@pytest.fixture(scope="module")
def digits():
    """The test indicator matrices of notebook 05, built as its cells build them."""
    data = load_digits()
    groups = [[0, 2, 4, 6, 8], [2, 3, 5, 7], [5, 6, 7, 8, 9], [0, 6, 8, 9]]
    Y = np.column_stack([np.isin(data.target, d) for d in groups]).astype(int)
    X_train, X_test, Y_train, Y_test = train_test_split(data.data, Y, test_size=0.5, stratify=data.target,
                                                        random_state=0)
    model = MultiOutputClassifier(make_pipeline(StandardScaler(), LogisticRegression(C=0.01)))
    return Y_test, model.fit(X_train, Y_train).predict(X_test)


def _kl_of_label_shares(Y_true, Y_pred):
    t, p = Y_true.sum(axis=0), Y_pred.sum(axis=0)
    return entropy(p / p.sum(), t / t.sum())


def test_05_1_and_05_2_are_scikit_learns_two_jaccard_indices():
    T = [[1, 0, 1, 0], [0, 1, 0, 0], [1, 1, 0, 1]]
    P = [[1, 0, 0, 0], [0, 1, 0, 0], [1, 0, 0, 1]]
    pooled = exercise_bank.item("05.1", y_true=T, y_pred=P)
    assert pooled.answer == pytest.approx(skm.jaccard_score(T, P, average="micro")) == pytest.approx(4 / 6)  # 4 in both, 6 in either
    per_sample = exercise_bank.item("05.2", y_true=T, y_pred=P)
    assert per_sample.answer == pytest.approx(skm.jaccard_score(T, P, average="samples"))
    assert per_sample.answer == pytest.approx((1 / 2 + 1 + 2 / 3) / 3)
    ex = exercise("05.1", y_true=T, y_pred=P)
    ex.input.value = f"{(1 / 2 + 1 + 2 / 3) / 3:.4f}"
    ex.check()
    assert ex.correct is False and "data-set level pools before dividing" in ex.feedback.value


def test_05_3_counts_the_wrong_decisions_as_scikit_learn_does(digits):
    Y_true, Y_pred = digits
    made = exercise_bank.item("05.3", y_true=Y_true, y_pred=Y_pred)
    hamming = skm.hamming_loss(Y_true, Y_pred)
    assert made.values["hamming"] == f"{hamming:.4f}" == "0.0959"
    assert made.values["exact"] == f"{skm.accuracy_score(Y_true, Y_pred):.4f}"
    assert made.values["decisions"] / made.values["all_decisions"] == pytest.approx(hamming)
    assert (made.values["imperfect"], made.values["n"]) == (899 - 653, 899)  # the notebook's count of perfect images
    assert made.answer.startswith("Both are right") and made.values["one_wrong"] == 169  # the notebook's count
    ex = exercise("05.3", y_true=Y_true, y_pred=Y_pred)
    ex.input.value = ex.input.options[1]
    ex.button.click()
    assert ex.correct is False and "one label per sample only" in ex.feedback.value


def test_05_4_moving_predictions_between_samples_leaves_scipys_divergence_and_raises_the_hamming_loss(digits):
    Y_true, Y_pred = digits
    moved = Y_pred.copy()
    moved[:300] = np.roll(Y_pred[:300], 1, axis=0)
    assert skm.hamming_loss(Y_true, moved) > skm.hamming_loss(Y_true, Y_pred)
    made = exercise_bank.item("05.4", y_true=Y_true, y_pred=Y_pred, labels=LABELS)
    assert made.outcome == SAME and (made.slider.start, made.slider.target) == (0, 300)
    assert made.value_at(300) == pytest.approx(_kl_of_label_shares(Y_true, moved), abs=1e-15)
    assert made.value_at(0) == pytest.approx(_kl_of_label_shares(Y_true, Y_pred), abs=1e-15)
    assert made.values["hamming1"] == f"{skm.hamming_loss(Y_true, moved):.4f}"
    ex = exercise("05.4", y_true=Y_true, y_pred=Y_pred, labels=LABELS)
    ex.prediction.value = ex.prediction.options[[o.text for o in made.options].index("goes up")]
    ex.commit_button.click()
    ex.slider.value = 300
    assert ex.held is False and made.values["hamming1"] in ex.feedback.value
