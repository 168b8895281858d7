"""Notebook 07's exercises (6.6), checked against SciPy's trapezoid rule and counts by hand.

Expected values come from SciPy or are typed by hand, never from the items.
"""

import numpy as np
import pytest
from scipy.integrate import trapezoid

from iso4213_nb.course import exercise_bank
from iso4213_nb.course.items import SAME
from iso4213_nb.widgets.exercises import exercise

TIMES = np.arange(0, 4.5, 0.5)
WATTS = np.array([14.0, 41.5, 44.0, 45.5, 45.0, 44.5, 45.5, 43.0, 15.0])
LATENCIES = [8, 12, 9, 20, 11]


pytestmark = pytest.mark.usefixtures("progress_file")  # replies go to a progress file of the test's own


def test_07_1_is_scipys_trapezoid_of_the_whole_second_readings_over_the_correct_inferences():
    made = exercise_bank.item("07.1", times=TIMES, watts=WATTS, inferences=10_000, correct=9_532)
    assert made.answer == pytest.approx(trapezoid(WATTS[::2], TIMES[::2]) / 9_532)
    assert made.answer == pytest.approx((14 + 2 * 44 + 2 * 45 + 2 * 45.5 + 15) / 2 / 9_532)
    slips = [value for value, _ in made.mistakes]
    assert slips == pytest.approx([trapezoid(WATTS, TIMES) / 9_532, trapezoid(WATTS[::2], TIMES[::2]) / 10_000])


def test_07_2_counts_the_samples_within_the_bound_over_the_whole_period():
    made = exercise_bank.item("07.2", latencies_ms=LATENCIES, bound_ms=10, earlier_bound_ms=15)
    assert made.answer == pytest.approx(2 / 0.060)  # 8 and 9 ms are within 10 ms
    assert made.mistakes[0][0] == pytest.approx(4 / 0.060)
    ex = exercise("07.2", latencies_ms=LATENCIES, bound_ms=10, earlier_bound_ms=15)
    ex.input.value = "66.67"
    ex.check()
    assert ex.correct is False and "under the 15 ms bound" in ex.feedback.value


def test_07_3_the_mean_latency_does_not_move_with_the_bound_while_the_throughput_does():
    made = exercise_bank.item("07.3", latencies_ms=LATENCIES, bound_ms=15)
    assert made.outcome == SAME and made.value_at(8) == pytest.approx(np.mean(LATENCIES) / 1000)
    assert (made.values["fast"], made.values["slow"]) == (f"{4 / 0.06:.2f}", f"{1 / 0.06:.2f}")
    ex = exercise("07.3", latencies_ms=LATENCIES, bound_ms=15)
    ex.prediction.value = ex.prediction.options[[o.text for o in made.options].index("goes down")]
    ex.commit_button.click()
    ex.slider.value = 8
    assert ex.held is False and "16.67" in ex.feedback.value and "only the throughput leaves them out" in \
        ex.feedback.value


def test_07_4_batching_is_not_read_as_a_shorter_wait():
    ex = exercise("07.4")
    assert ex.input.value is None
    ex.input.value = ex.input.options[1]
    ex.button.click()
    assert ex.correct is False and "waits for the others of its batch" in ex.feedback.value
    ex.input.value = ex.input.options[0]
    ex.button.click()
    assert ex.correct is True and "the note of 6.6.3" in ex.feedback.value
