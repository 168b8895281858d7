"""The "check your answer" widget, driven headlessly: values set from Python fire the same handlers as a click.

Expected answers here are typed by hand from the definitions (F2 of a small matrix, a KL divergence of
three shares), so the widget is checked against arithmetic, not against itself.
"""

import json
import math

import ipywidgets as widgets
import pytest

from iso4213_nb.course.contents import COURSE

from iso4213_nb import BinaryCounts, InputError, Undefined
from iso4213_nb.measures.distribution import kl_true_vs_pred
from iso4213_nb.measures.counts import precision
from iso4213_nb.widgets.exercises import Exercise


@pytest.fixture(autouse=True)
def progress_file(tmp_path, monkeypatch):
    path = tmp_path / "record" / "progress.json"
    monkeypatch.setenv("ISO4213_PROGRESS", str(path))
    return path


def _reply(exercise, value):
    exercise.input.value = value
    exercise.button.click()
    return exercise


# ---------------------------------------------------------------- numbers, tolerance, reading
def test_reply_within_the_stated_tolerance_is_correct():
    ex = Exercise("Accuracy of Table A.1?", 0.8592, tolerance=0.005)
    assert "within ±0.005" in ex.widget.children[1].value
    assert _reply(ex, "0.86").correct is True
    assert "Correct" in ex.feedback.value and "0.8592" in ex.feedback.value


def test_tolerance_boundary_and_direction():
    ex = Exercise("x?", 0.5, tolerance=0.01)
    assert _reply(ex, "0.51").correct is True
    assert _reply(ex, "0.52").correct is False
    assert "too high" in ex.feedback.value
    assert _reply(ex, "0.4").correct is False and "too low" in ex.feedback.value


@pytest.mark.parametrize("typed", ["0,25", "1/4", "25 %", "25%", " 0.25 "])
def test_replies_are_read_leniently(typed):
    assert _reply(Exercise("x?", 0.25), typed).correct is True


def test_unreadable_reply_says_so_without_counting_as_a_try():
    ex = _reply(Exercise("x?", 0.25, hint="first hint"), "a quarter")
    assert ex.correct is False and ex.verdict.code == "unreadable"
    assert "is not a number" in ex.feedback.value
    assert "first hint" not in ex.feedback.value
    assert ex.reveal_button.disabled


def test_inputs_are_text_boxes_so_that_inf_and_commas_can_be_typed():
    assert isinstance(Exercise("x?", 1, kind="count").input, widgets.Text)


# ---------------------------------------------------------------- feedback by kind of quantity
def test_percentage_typed_for_a_proportion():
    ex = _reply(Exercise("Accuracy?", 0.9061), "90.61")
    assert ex.correct is False and ex.verdict.code == "wrong unit"
    assert "percentage" in ex.feedback.value


def test_proportion_typed_for_a_percentage():
    ex = _reply(Exercise("Accuracy in percent?", 90.61, kind="percentage"), "0.9061")
    assert ex.verdict.code == "wrong unit" and "in percent" in ex.feedback.value
    assert _reply(ex, "90,61 %").correct is True


def test_a_divergence_in_nats_is_never_called_a_percentage():
    # D(T||P) for shares (0.5, 0.3, 0.2) against (0.4, 0.4, 0.2): 0.5 ln(5/4) + 0.3 ln(3/4) = 0.025268...
    answer = 0.5 * math.log(1.25) + 0.3 * math.log(0.75)
    ex = Exercise("D(T||P)?", answer, kind="nats")
    assert _reply(ex, "2.5268").verdict.code != "wrong unit"
    assert "percentage" not in ex.feedback.value
    assert _reply(ex, str(answer / math.log(2))).verdict.code == "wrong unit"
    assert "base-2" in ex.feedback.value
    assert _reply(ex, "-0.02").verdict.code == "out of range"
    assert _reply(ex, "0.0253").correct is True


def test_joules_recognise_millijoules_not_percentages():
    ex = Exercise("J_PI?", 0.015632, kind="joules", tolerance=0.0001)
    assert "energy in joules" in ex.widget.children[1].value
    assert _reply(ex, "15.632").verdict.code == "wrong unit"
    assert "millijoules" in ex.feedback.value and "percentage" not in ex.feedback.value
    assert _reply(ex, "0.0156").correct is True


def test_count_must_be_whole_and_exact():
    ex = Exercise("How many?", 12, kind="count")
    assert "exactly" in ex.widget.children[1].value
    assert _reply(ex, "12.5").verdict.code == "not whole"
    assert _reply(ex, "11").correct is False
    assert _reply(ex, "12").correct is True
    ex.reveal_button.click()
    assert ex.feedback.value == "Answer: 12"


def test_rate_per_millisecond_is_recognised():
    ex = Exercise("Throughput?", 100 / 3, kind="per second", tolerance=0.05)
    assert _reply(ex, "0.0333").verdict.code == "wrong unit"


def test_kind_that_needs_a_tolerance_refuses_to_guess_one():
    with pytest.raises(InputError, match="tolerance"):
        Exercise("J?", 0.1, kind="joules")


# ---------------------------------------------------------------- undefined and infinite
def test_undefined_answer_accepts_the_word_and_explains_why_zero_is_wrong():
    answer = precision(BinaryCounts(tp=0, fp=0, tn=5, fn=3))
    ex = Exercise("Precision when nothing is predicted positive?", answer)
    assert _reply(ex, "0").correct is False
    assert "denominator" in ex.feedback.value
    assert _reply(ex, "  Undefined ").correct is True
    assert "TP + FP = 0" in ex.feedback.value


@pytest.mark.parametrize("typed", ["inf", "∞", "infinity", "Infinite", "+∞", "undefined"])
def test_infinite_divergence_accepts_inf_infinity_sign_and_undefined(typed):
    ex = Exercise("D(T||P) with a class never predicted?", kl_true_vs_pred([50, 30, 20], [60, 40, 0]), kind="nats")
    assert _reply(ex, typed).correct is True
    assert "infinite" in ex.feedback.value


def test_infinite_answer_given_as_a_float():
    ex = Exercise("D?", math.inf, kind="nats")
    assert _reply(ex, "∞").correct is True
    assert _reply(ex, "-inf").correct is False
    assert _reply(ex, "1e9").correct is False


def test_finite_answer_rejects_inf_and_undefined_with_a_reason():
    ex = Exercise("D?", 0.02527, kind="nats")
    assert _reply(ex, "inf").verdict.code == "not infinite"
    assert _reply(ex, "undefined").verdict.code == "not undefined"


def test_instructions_are_the_same_whether_or_not_the_answer_is_infinite():
    finite = Exercise("D?", 0.02527, kind="nats").widget.children[1].value
    infinite = Exercise("D?", Undefined("infinite"), kind="nats").widget.children[1].value
    assert finite == infinite and "inf (or ∞)" in finite


# ---------------------------------------------------------------- hints, mistakes, reveal
def test_expected_mistake_gets_its_own_message():
    f1, f2 = 2 * 57 / (2 * 57 + 20 + 49), 5 * 57 / (5 * 57 + 4 * 49 + 20)
    ex = Exercise("F2?", f2, mistakes=[(f1, "That is F1: F2 weighs recall more.")])
    assert _reply(ex, f"{f1:.4f}").verdict.code == "expected mistake"
    assert "That is F1" in ex.feedback.value
    assert _reply(ex, f"{f2:.4f}").correct is True


def test_hints_come_one_per_wrong_reply():
    ex = Exercise("x?", 0.5, hint=["first", "second"])
    _reply(ex, "0.1")
    assert "first" in ex.feedback.value and "second" not in ex.feedback.value
    _reply(ex, "0.2")
    assert "first" in ex.feedback.value and "second" in ex.feedback.value


def test_answer_can_be_revealed_only_after_a_try_and_does_not_count_as_solved(progress_file):
    ex = Exercise("x?", 0.123456, decimals=3, key="02.1")
    assert ex.reveal_button.disabled
    assert "0.123" not in ex.widget.children[0].value + ex.widget.children[1].value
    _reply(ex, "0.5")
    assert not ex.reveal_button.disabled
    ex.reveal_button.click()
    assert "0.123" in ex.feedback.value and ex.correct is False
    entry = json.loads(progress_file.read_text())["exercises"]["02.1"]
    assert entry["revealed"] is True and entry["solved"] is False and entry["attempts"] == 1


def test_a_new_reply_replaces_the_old_verdict():
    ex = Exercise("x?", 0.25)
    assert _reply(ex, "0.3").correct is False
    assert _reply(ex, "0.25").correct is True


# ---------------------------------------------------------------- words and choices
def test_text_answer_ignores_case_and_spaces():
    ex = Exercise("Which average pools the counts?", "micro", mistakes=[("macro", "Macro averages the classes.")])
    assert _reply(ex, " Micro ").correct is True
    assert _reply(ex, "macro").correct is False and "averages the classes" in ex.feedback.value


def test_choice_is_a_dropdown_starting_empty():
    ex = Exercise("Which one?", "recall", choices=["precision", "recall", "F1"])
    assert isinstance(ex.input, widgets.Dropdown) and ex.input.value == ""
    assert _reply(ex, "F1").correct is False
    assert _reply(ex, "recall").correct is True


# ---------------------------------------------------------------- recording
def test_every_checked_reply_is_recorded_outside_the_notebooks(progress_file):
    ex = Exercise("D?", Undefined("infinite"), kind="nats", key="06.3")
    _reply(ex, "0")
    _reply(ex, "∞")
    assert ex.saved_to == progress_file and ex.save_error is None
    entry = json.loads(progress_file.read_text(encoding="utf-8"))["exercises"]["06.3"]
    assert entry["attempts"] == 2 and entry["solved"] is True
    assert [h["reply"] for h in entry["history"]] == ["0", "∞"]
    assert [h["result"] for h in entry["history"]] == ["zero for no value", "correct"]


def test_exercise_without_key_records_nothing(progress_file):
    _reply(Exercise("x?", 0.5), "0.5")
    assert not progress_file.exists()


def test_a_foreign_progress_file_is_left_untouched_and_the_exercise_still_works(progress_file):
    progress_file.parent.mkdir(parents=True)
    progress_file.write_text("my notes", encoding="utf-8")
    ex = _reply(Exercise("x?", 0.5, key="01.1"), "0.5")
    assert ex.correct is True
    assert "Progress not saved" in ex.feedback.value and "not a progress file" in ex.save_error
    assert progress_file.read_text(encoding="utf-8") == "my notes"


# ---------------------------------------------------------------- construction and escaping
def test_prompt_and_reply_are_escaped():
    ex = Exercise("<script>alert(1)</script>", "<b>")
    assert "<script>" not in ex.widget.children[0].value
    assert "&lt;script&gt;" in ex.widget.children[0].value
    _reply(ex, "<img src=x>")
    assert "<img" not in ex.feedback.value


@pytest.mark.parametrize("kwargs, fragment", [
    ({"prompt": "", "answer": 1.0}, "prompt"),
    ({"prompt": "x", "answer": [1]}, "answer"),
    ({"prompt": "x", "answer": float("nan")}, "nan"),
    ({"prompt": "x", "answer": math.inf}, "infinite"),
    ({"prompt": "x", "answer": 1.0, "tolerance": -1}, "tolerance"),
    ({"prompt": "x", "answer": 1.0, "kind": "furlongs"}, "kind of quantity"),
    ({"prompt": "x", "answer": 1.0, "key": "99.9"}, "not in iso4213_nb.course.contents"),
    ({"prompt": "x", "answer": "a", "choices": ["b", "c"]}, "choices"),
    ({"prompt": "x", "answer": 60.69}, "is not a proportion between 0 and 1"),
    ({"prompt": "x", "answer": -0.1, "kind": "nats"}, "is not a divergence"),
    ({"prompt": "x", "answer": 0.5, "mistakes": [(0.501, "close")]}, "would be accepted as the answer"),
    ({"prompt": "x", "answer": "micro", "mistakes": [("Micro", "same")]}, "would be accepted as the answer"),
    ({"prompt": "x", "answer": 0.5, "mistakes": [0.3]}, "must be a .value, message. pair"),
])
def test_bad_construction_raises_input_error(kwargs, fragment):
    with pytest.raises(InputError, match=fragment):
        Exercise(**kwargs)


def test_widget_is_a_displayable_container():
    ex = Exercise("x?", Undefined("no samples"), key="02.2")
    assert isinstance(ex.widget, widgets.VBox)
    assert ex.input in ex.widget.children[2].children
    assert "Exercise 02.2." in ex.widget.children[0].value


# ---------------------------------------------------------------- the summary at the end of the course
def test_progress_summary_shows_each_notebook_and_refreshes(progress_file):
    from iso4213_nb.course.contents import EXERCISES
    from iso4213_nb.widgets.exercises import progress_summary

    total = len(EXERCISES)
    panel = progress_summary()
    refresh, shown = panel.children
    assert f"0 of {total} exercises solved" in shown.value and "<td>Annex D: CSMF accuracy</td>" in shown.value
    _reply(Exercise("D?", Undefined("infinite"), kind="nats", key="06.3"), "∞")
    refresh.click()
    assert f"1 of {total} exercises solved" in shown.value
    n = len(next(lesson for lesson in COURSE if lesson.code == "06").exercises)
    assert f"<td>Distribution measures (KL divergence)</td><td>1 of {n}</td><td>1 of {n}</td>" in shown.value


def test_progress_summary_explains_an_unreadable_file(progress_file):
    from iso4213_nb.widgets.exercises import progress_summary

    progress_file.parent.mkdir(parents=True)
    progress_file.write_text("[]", encoding="utf-8")
    assert "Progress cannot be shown" in progress_summary().children[1].value


def test_progress_summary_shortens_the_home_folder(monkeypatch, tmp_path):
    from iso4213_nb.widgets.exercises import progress_summary

    monkeypatch.delenv("ISO4213_PROGRESS")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert "<code>~/.iso4213-nb/progress.json</code>" in progress_summary().children[1].value
