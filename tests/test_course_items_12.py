"""Notebook 12's prediction (5.3.2): the largest recall gap between the radius bands as the threshold falls, checked
with scikit-learn on the notebook's own split and model.

Expected values come from scikit-learn or are typed by hand, never from the items.
"""

import numpy as np
import pytest
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import confusion_matrix, recall_score
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from iso4213_nb.course import exercise_bank
from iso4213_nb.course.items import DOWN
from iso4213_nb.widgets.exercises import exercise
from iso4213_nb.words.i18n import _, using


pytestmark = pytest.mark.usefixtures("progress_file")  # replies go to a progress file of the test's own


@pytest.fixture(scope="module")
def bands():
    """The notebook's test split: labels, the logistic regression's probability of malignant, the radius band."""
    data = load_breast_cancer()
    X, y = data.data, data.target_names[data.target]
    radius = np.array(["small", "medium", "large"])[np.digitize(X[:, 0], np.quantile(X[:, 0], [1 / 3, 2 / 3]))]
    X_train, X_test, y_train, y_test, _, radius_test = train_test_split(X, y, radius, test_size=0.4, stratify=y,
                                                                        random_state=0)
    model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)).fit(X_train, y_train)
    return y_test, model.predict_proba(X_test)[:, list(model.classes_).index("malignant")], radius_test


def _gap(y, scores, groups, t):
    recalls = [recall_score(y[groups == g] == "malignant", scores[groups == g] >= t) for g in np.unique(groups)]
    return max(recalls) - min(recalls)


def test_12_2_the_recall_gap_narrows_from_0_5_to_0_3_as_scikit_learn_says(bands):
    y, scores, groups = bands
    assert _gap(y, scores, groups, 0.5) == pytest.approx(1 - 13 / 16)  # small 1/1, medium 13/16
    assert _gap(y, scores, groups, 0.3) == pytest.approx(1 - 14 / 16)
    made = exercise_bank.item("12.2", y_true=y, scores=scores, groups=groups, positive="malignant")
    assert made.outcome == DOWN
    for t in (0.1, 0.3, 0.5, 0.8):
        assert made.value_at(t) == pytest.approx(_gap(y, scores, groups, t))
    large = groups == "large"
    (tn, fp), _ = confusion_matrix(y[large] == "malignant", scores[large] >= 0.3)
    assert made.values["costly"] == "large" and made.values["fpr1"] == f"{fp / (fp + tn):.4f}" == "0.2857"
    assert (made.values["low"], made.values["tp0"], made.values["tp1"], made.values["missed"]) == ("medium", 13, 14, 2)


def test_12_2_is_judged_on_its_own_slider(bands):
    y, scores, groups = bands
    ex = exercise("12.2", y_true=y, scores=scores, groups=groups, positive="malignant")
    ex.prediction.value = ex.prediction.options[[o.text for o in ex.item.options].index("stays the same")]
    ex.commit_button.click()
    ex.slider.value = 0.3
    assert ex.held is False and "0.1250" in ex.feedback.value and "0.2857" in ex.feedback.value


#: The radius bands as the Russian notebook names them.
RUSSIAN_BANDS = {"small": "малый", "medium": "средний", "large": "большой"}


def test_12_2_in_russian_has_the_english_numbers_and_quotes_the_group_names(bands):
    y, scores, groups = bands
    russian = np.array([RUSSIAN_BANDS[g] for g in groups])
    with using("ru"):
        made = exercise_bank.item("12.2", y_true=y, scores=scores, groups=russian, positive="malignant")
        prompt, why = _(made.prompt).format(**made.values), _(made.why)
    assert made.outcome == DOWN
    for t in (0.1, 0.3, 0.5, 0.8):
        assert made.value_at(t) == pytest.approx(_gap(y, scores, groups, t))
    assert (made.values["low"], made.values["costly"], made.values["fpr1"]) == ("средний", "большой", "0,2857")
    assert "ниже всего в группе «средний»" in prompt
    assert "в группе «{low}»" in why and "в группе «{costly}»" in why


def test_12_1_in_russian_quotes_the_group_names():
    # recall 9/10 against 7/10: a gap the χ² test does not confirm
    y = ["malignant"] * 20 + ["benign"] * 20
    predicted = ["malignant"] * 9 + ["benign"] + ["malignant"] * 7 + ["benign"] * 3 + ["benign"] * 20
    texture = (["гладкая"] * 10 + ["шероховатая"] * 10) * 2
    with using("ru"):
        made = exercise_bank.item("12.1", y_true=y, predicted=predicted, groups=texture,
                                  labels=["benign", "malignant"], positive="malignant")
        prompt = _(made.prompt).format(**made.values)
        wrong = _(made.options[1].text).format(**made.values)
    assert "в группе «гладкая» на 0,2000 выше, чем в группе «шероховатая»" in prompt
    assert wrong == "Модель хуже находит злокачественные опухоли в группе «шероховатая»."
