"""The "check your answer" widget, driven headlessly (setting values and clicking in Python)."""

import ipywidgets as widgets
import pytest

from iso4213_nb import BinaryCounts, InputError, Undefined
from iso4213_nb.measures import precision
from iso4213_nb.widgets.exercises import Exercise


def _reply(exercise, value):
    exercise.input.value = value
    exercise.button.click()
    return exercise


def test_numeric_answer_within_tolerance_is_correct():
    ex = _reply(Exercise("Accuracy of Table A.1?", 0.8592, tolerance=0.005), 0.86)
    assert ex.correct is True
    assert "Correct" in ex.feedback.value and "0.8592" in ex.feedback.value


def test_numeric_answer_outside_tolerance_is_wrong_and_shows_hint():
    ex = _reply(Exercise("Recall?", 0.75, tolerance=0.005, hint="TP over actual positives"), 0.7)
    assert ex.correct is False
    assert "Not yet" in ex.feedback.value and "TP over actual positives" in ex.feedback.value


def test_tolerance_boundary():
    ex = Exercise("x?", 0.5, tolerance=0.01)
    assert _reply(ex, 0.505).correct is True
    assert _reply(ex, 0.52).correct is False


def test_percentage_reply_gets_a_specific_hint():
    ex = _reply(Exercise("Accuracy?", 0.9061), 90.61)
    assert ex.correct is False
    assert "percentage" in ex.feedback.value


def test_a_new_reply_replaces_the_old_verdict():
    ex = Exercise("x?", 0.25)
    assert _reply(ex, 0.3).correct is False
    assert _reply(ex, 0.25).correct is True


def test_check_method_returns_the_verdict():
    ex = Exercise("x?", 2.0, tolerance=0)
    ex.input.value = 2.0
    assert ex.check() is True


def test_numeric_answers_use_a_float_input():
    assert isinstance(Exercise("x?", 1).input, widgets.FloatText)


def test_undefined_answer_accepts_the_word_and_explains_why_zero_is_wrong():
    answer = precision(BinaryCounts(tp=0, fp=0, tn=5, fn=3))
    ex = Exercise("Precision when nothing is predicted positive?", answer)
    assert isinstance(ex.input, widgets.Text)
    assert _reply(ex, "0").correct is False
    assert "denominator" in ex.feedback.value
    assert _reply(ex, "  Undefined ").correct is True
    assert "TP + FP = 0" in ex.feedback.value


def test_text_answer_ignores_case_and_spaces():
    ex = Exercise("Which average pools the counts?", "micro")
    assert _reply(ex, " Micro ").correct is True
    assert _reply(ex, "macro").correct is False


def test_reveal_shows_the_answer_without_marking_correct():
    ex = Exercise("x?", 0.123456, decimals=3)
    ex.reveal_button.click()
    assert "0.123" in ex.feedback.value
    assert ex.correct is None


def test_prompt_and_reply_are_escaped():
    ex = Exercise("<script>alert(1)</script>", "<b>")
    assert "<script>" not in ex.widget.children[0].value
    assert "&lt;script&gt;" in ex.widget.children[0].value
    _reply(ex, "<img src=x>")
    assert "<img" not in ex.feedback.value


@pytest.mark.parametrize("kwargs, fragment", [
    ({"prompt": "", "answer": 1.0}, "prompt"),
    ({"prompt": "x", "answer": [1]}, "answer"),
    ({"prompt": "x", "answer": float("nan")}, "finite"),
    ({"prompt": "x", "answer": 1.0, "tolerance": -1}, "tolerance"),
])
def test_bad_construction_raises_input_error(kwargs, fragment):
    with pytest.raises(InputError, match=fragment):
        Exercise(**kwargs)


def test_widget_is_a_displayable_container():
    ex = Exercise("x?", Undefined("no samples"))
    assert isinstance(ex.widget, widgets.VBox)
    assert ex.input in ex.widget.children[1].children
