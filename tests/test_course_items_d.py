"""The Annex D notebook's exercises (CSMF accuracy), checked by hand and with numpy on the worked example.

Expected values are computed here from the definitions (D.1–D.4 reconstructed, the chance level 1 − 1/e) or typed by
hand, never taken from the items.
"""

import math

import numpy as np
import pytest

from iso4213_nb.annexes import annex_d
from iso4213_nb.course import exercise_bank
from iso4213_nb.course.items import SAME
from iso4213_nb.widgets.exercises import exercise
from iso4213_nb.words import worked_examples
from iso4213_nb.words.i18n import using

TRUE = {"cardiac": 1 / 2, "infection": 1 / 3, "injury": 1 / 6}


pytestmark = pytest.mark.usefixtures("progress_file")  # replies go to a progress file of the test's own


def _csmfa(matrix):
    """CSMF accuracy from a matrix with true causes in rows, straight from the reconstructed formula."""
    m = np.asarray(matrix, dtype=float)
    true, predicted = m.sum(axis=1) / m.sum(), m.sum(axis=0) / m.sum()
    return 1 - np.abs(true - predicted).sum() / (2 * (1 - true.min()))


def test_d_1_and_d_2_are_the_hand_computed_values():
    made = exercise_bank.item("D.1", true_shares=TRUE)
    assert made.answer == pytest.approx(1 - (1 / 3) / (5 / 3)) == pytest.approx(0.8)
    assert [m[0] for m in made.mistakes] == pytest.approx([2 / 3, 5 / 6])  # no denominator; 2 as denominator
    corrected = exercise_bank.item("D.2", true_shares=TRUE)
    assert corrected.answer == pytest.approx((0.8 - (1 - 1 / math.e)) / (1 / math.e)) == pytest.approx(0.4563, abs=1e-4)


def test_d_3_swapping_deaths_in_pairs_leaves_csmf_accuracy_as_the_formula_says():
    m = np.array(annex_d.EXAMPLE_MATRIX, dtype=float)
    swapped = m + np.array([[-10, 10, 0], [10, -10, 0], [0, 0, 0]])
    assert (swapped.sum(axis=0) == m.sum(axis=0)).all() and _csmfa(swapped) == pytest.approx(_csmfa(m)) == 0.95
    made = exercise_bank.item("D.3", matrix=annex_d.EXAMPLE_MATRIX, causes=annex_d.EXAMPLE_CAUSES)
    assert made.outcome == SAME and made.value_at(10) == pytest.approx(_csmfa(swapped))
    assert made.value_at(20) == pytest.approx(0.95)
    assert (made.values["right0"], made.values["right1"]) == ("0.7500", "0.5833")  # 90 and 70 of 120 on the diagonal
    ex = exercise("D.3", matrix=annex_d.EXAMPLE_MATRIX, causes=annex_d.EXAMPLE_CAUSES)
    ex.prediction.value = ex.prediction.options[[o.text for o in made.options].index("goes down")]
    ex.commit_button.click()
    ex.slider.value = 10
    assert ex.held is False and "0.5833" in ex.feedback.value and "0.9500" in ex.feedback.value


def test_d_4_is_a_choice_whose_numbers_are_the_chance_correction_of_0_70():
    made = exercise_bank.item("D.4")
    assert made.values["corrected"] == f"{(0.70 - (1 - 1 / math.e)) / (1 / math.e):.2f}" == "0.18"
    assert made.values["chance"] == "0.632"
    ex = exercise("D.4")
    ex.input.value = ex.input.options[1]
    ex.button.click()
    assert ex.correct is False and "not single deaths" in ex.feedback.value
    ex.input.value = ex.input.options[0]
    ex.button.click()
    assert ex.correct is True and ex.feedback.value.count("<li>") == 3


def test_the_worked_example_prints_its_quantities_by_name_in_both_languages():
    example = annex_d.worked_example()
    keys = ("n", "total_absolute_error", "rarest_cause", "denominator", "csmf_accuracy")
    english = worked_examples.lines(example, keys).splitlines()
    assert english[1] == "total absolute error of the shares: 0.0833" and english[4] == "CSMF accuracy: 0.9500"
    with using("ru"):
        russian = worked_examples.lines(example, keys)
    assert "сумма абсолютных ошибок долей: 0,0833" in russian
    assert "доля правильных исходов CSMF: 0,9500" in russian
    assert not any(key in russian for key in keys[1:])
    assert english[2] == "rarest true cause: injury" and "самая редкая истинная причина: травмы" in russian


def test_the_example_causes_read_in_russian_with_the_same_numbers():
    """Issue 26, point 6: the example's causes are named in Russian in D.3, the sliders and the bars; an auditor's
    own cause keeps its name."""
    from iso4213_nb.widgets.annex_d import CSMFSliders

    with using("ru"):
        made = exercise_bank.item("D.3", matrix=annex_d.EXAMPLE_MATRIX, causes=annex_d.EXAMPLE_CAUSES)
        sliders = CSMFSliders()
        ticks = [t.get_text() for t in sliders.figure.axes[0].get_xticklabels()]
        assert worked_examples.cause("stroke") == "stroke"
    assert (made.values["first"], made.values["second"]) == ("болезни сердца", "инфекции")
    assert made.value_at(10) == pytest.approx(0.95) and made.values["right1"] == "0,5833"
    assert [s.description for s in sliders.sliders.values()] == ticks == ["болезни сердца", "инфекции", "травмы"]
    assert list(sliders.sliders) == list(annex_d.EXAMPLE_CAUSES)


def test_d_3_holds_on_random_matrices():
    rng = np.random.default_rng(26)
    for _ in range(50):
        m = rng.integers(0, 40, size=(3, 3)) + np.diag(rng.integers(20, 60, size=3))
        made = exercise_bank.item("D.3", matrix=m.tolist(), causes=["a", "b", "c"])
        assert made.outcome == SAME
        assert [made.value_at(k) for k in (0, 7, 20)] == pytest.approx([_csmfa(m)] * 3)
