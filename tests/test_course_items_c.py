"""The Annex C notebook's exercises (7.8, clause 8), checked with statsmodels' Wilson interval and by hand.

Expected values come from statsmodels or are typed by hand, never from the items.
"""

import pytest
from statsmodels.stats.proportion import proportion_confint

from iso4213_nb.course import exercise_bank
from iso4213_nb.course.items import DOWN
from iso4213_nb.widgets.exercises import exercise


pytestmark = pytest.mark.usefixtures("progress_file")  # replies go to a progress file of the test's own


def _half_width(accuracy, n=50_000):
    low, high = proportion_confint(round(accuracy * n), n, alpha=0.05, method="wilson")
    return 100 * (high - low) / 2


def test_c_1_is_statsmodels_wilson_half_width():
    made = exercise_bank.item("C.1", accuracy=0.7715, n=50_000)
    assert made.answer == pytest.approx(_half_width(0.7715), abs=1e-9)
    assert made.answer == pytest.approx(100 * 1.96 * (0.7715 * 0.2285 / 50_000) ** 0.5, abs=0.005)


def test_c_2_is_a_choice_with_a_reason_for_each_item():
    ex = exercise("C.2")
    ex.input.value = ex.input.options[2]
    ex.button.click()
    assert ex.correct is False and "hardware or software" in ex.feedback.value
    ex.input.value = ex.input.options[3]
    ex.button.click()
    assert ex.correct is True and ex.feedback.value.count("<li>") == 4


def test_c_3_the_half_width_shrinks_at_a_higher_accuracy_as_statsmodels_says():
    assert _half_width(0.95) < _half_width(0.77)
    made = exercise_bank.item("C.3", accuracy=0.7715, n=50_000)
    assert made.outcome == DOWN and made.value_at(0.95) == pytest.approx(_half_width(0.95), abs=1e-9)
    ex = exercise("C.3", accuracy=0.7715, n=50_000)
    ex.prediction.value = ex.prediction.options[[o.text for o in made.options].index("stays the same")]
    ex.commit_button.click()
    ex.slider.value = 0.95
    assert ex.held is False and f"{_half_width(0.95):.4f}" in ex.feedback.value
