"""The Annex B notebook's exercises (6.3.6), checked with scikit-learn on the reconstructed scored data.

Expected values come from scikit-learn or are typed by hand, never from the items.
"""

import pytest
from sklearn.metrics import precision_score, roc_auc_score

from iso4213_nb.annexes import annex_b
from iso4213_nb.course import exercise_bank
from iso4213_nb.course.items import SAME
from iso4213_nb.widgets.exercises import exercise


pytestmark = pytest.mark.usefixtures("progress_file")  # replies go to a progress file of the test's own


def test_b_1_is_scikit_learns_precision_at_0_7():
    scores, y, _source = annex_b.reconstructed_data()
    made = exercise_bank.item("B.1", scored=annex_b.scored())
    assert made.answer == pytest.approx(precision_score(y, scores >= 0.7)) == pytest.approx(21 / 23)


def test_b_2_the_auroc_is_scikit_learns_at_every_threshold():
    scores, y, _source = annex_b.reconstructed_data()
    made = exercise_bank.item("B.2", scored=annex_b.scored())
    assert made.outcome == SAME and made.value_at(0.3) == pytest.approx(roc_auc_score(y, scores))
    assert (made.values["tp0"], made.values["tp1"], made.values["fp0"], made.values["fp1"]) == (19, 27, 1, 8)
    ex = exercise("B.2", scored=annex_b.scored())
    ex.prediction.value = ex.prediction.options[[o.text for o in made.options].index("goes up")]
    ex.commit_button.click()
    ex.slider.value = 0.3
    assert ex.held is False and f"{roc_auc_score(y, scores):.4f}" in ex.feedback.value


def test_b_3_the_five_point_area_lies_inside_the_range_the_counts_allow():
    scores, y, _source = annex_b.reconstructed_data()
    comparison = annex_b.curve_comparison()
    made = exercise_bank.item("B.3", comparison=comparison)
    assert made.values["auroc"] == f"{roc_auc_score(y, scores):.4f}"
    assert float(made.values["low"]) < float(made.values["five"]) < float(made.values["high"])
    ex = exercise("B.3", comparison=comparison)
    ex.input.value = ex.input.options[2]
    ex.button.click()
    assert ex.correct is False and "the thresholds the figure leaves out" in ex.feedback.value
