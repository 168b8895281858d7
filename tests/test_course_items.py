"""The exercise mechanism: items defined in the package from the notebook's data, choices with a reason per
option, predict-then-check with a slider locked until the prediction is committed, and progress counted by kind.

Expected values come from scikit-learn on the notebook's own data, or are typed by hand, never from the items.
"""

import ast
import json
from pathlib import Path

import ipywidgets as widgets
import nbformat
import numpy as np
import pytest

from iso4213_nb.words.i18n import using
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import confusion_matrix, precision_score
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from iso4213_nb import BinaryCounts, InputError
from iso4213_nb.measures.counts import precision
from iso4213_nb.course import exercise_bank, learner_progress
from iso4213_nb.course.contents import COURSE
from iso4213_nb.course.items import DOWN, SAME, UP, ChoiceItem, Option, PredictItem, Slider
from iso4213_nb.widgets.choice_exercise import ChoiceExercise
from iso4213_nb.widgets.exercises import Exercise, exercise
from iso4213_nb.widgets.predict_exercise import PredictExercise


pytestmark = pytest.mark.usefixtures("progress_file")  # replies go to a progress file of the test's own


@pytest.fixture(scope="module")
def notebook03():
    """The data of notebook 03, built as its setup cells build them."""
    cancer = load_breast_cancer()
    features = ["mean texture", "mean smoothness", "mean symmetry"]
    X = cancer.data[:, [list(cancer.feature_names).index(f) for f in features]]
    y = (cancer.target == 0).astype(int)
    X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.5, stratify=y, random_state=0)
    models = {"logistic regression": make_pipeline(StandardScaler(), LogisticRegression()),
              "naive Bayes": GaussianNB()}
    scores = {name: m.fit(X_train, y_train).predict_proba(X_test)[:, 1] for name, m in models.items()}
    return {"y_true": y_test, "scores": scores}


def _choose(widget, index):
    widget.input.value = widget.input.options[index]
    widget.button.click()
    return widget


# ---------------------------------------------------------------- 03.1: a choice, not a read-off
def test_03_1_is_a_choice_whose_reasons_carry_the_counts_scikit_learn_gives(notebook03):
    y, scores = notebook03["y_true"], notebook03["scores"]
    (tn_lr, fp_lr), (fn_lr, tp_lr) = confusion_matrix(y, scores["logistic regression"] >= 0.5)
    (tn_nb, fp_nb), (fn_nb, tp_nb) = confusion_matrix(y, scores["naive Bayes"] >= 0.5)
    assert tp_lr == tp_nb and fp_lr != fp_nb  # why the old "recall of naive Bayes" passed with the wrong model
    ex = exercise("03.1", **notebook03)
    assert isinstance(ex, ChoiceExercise) and ex.input.value is None
    wrong = _choose(ex, 1)
    assert wrong.correct is False and "0.6429" in wrong.feedback.value and "0.6495" in wrong.feedback.value
    assert "They find equally many" not in wrong.feedback.value  # only the chosen option's reason, no give-away
    right = _choose(ex, 0)
    assert right.correct is True
    assert f"{tp_lr} of {tp_lr + fn_lr}" in right.feedback.value and f"{fp_lr} and {fp_nb}" in right.feedback.value
    found_by_one = int(np.sum(((scores["logistic regression"] >= 0.5) != (scores["naive Bayes"] >= 0.5)) & (y == 1)))
    assert f"{found_by_one} malignant tumours are found by one model" in right.feedback.value
    assert right.feedback.value.count("<li>") == 3


# ---------------------------------------------------------------- 03.2: predict, then check
def test_03_2_slider_and_linked_controls_stay_locked_until_a_prediction_is_committed(notebook03):
    other = widgets.FloatSlider()
    ex = exercise("03.2", controls=[other], **notebook03)
    assert isinstance(ex, PredictExercise) and ex.slider.disabled and other.disabled
    ex.commit_button.click()
    assert ex.slider.disabled and "Nothing predicted" in ex.feedback.value
    ex.slider.value = 0.7  # moved from code before committing: must not count
    assert ex.held is None and ex.feedback.value.startswith("Nothing")
    ex.prediction.value = ex.prediction.options[1]
    ex.commit_button.click()
    assert not ex.slider.disabled and not other.disabled and ex.prediction.disabled
    assert ex.slider.value == 0.5 and ex.held is None and "move the slider to 0.70" in ex.feedback.value


def test_03_2_outcome_is_what_scikit_learn_says_and_the_feedback_explains_it(notebook03, progress_file):
    y, nb = notebook03["y_true"], notebook03["scores"]["naive Bayes"]
    before, after = precision_score(y, nb >= 0.5), precision_score(y, nb >= 0.7)
    expected = DOWN if after < before else UP
    ex = exercise("03.2", **notebook03)
    ex.prediction.value = "goes up"  # the common intuition
    ex.commit_button.click()
    ex.slider.value = 0.6
    assert ex.held is None and f"{precision_score(y, nb >= 0.6):.4f}" in ex.readout.value
    ex.slider.value = 0.7
    assert ex.held is (expected == UP) is False
    assert f"{before:.4f}" in ex.feedback.value and f"{after:.4f}" in ex.feedback.value
    assert "did not hold" in ex.feedback.value and "leave the flagged set faster" in ex.feedback.value
    entry = json.loads(progress_file.read_text())["exercises"]["03.2"]
    assert entry["kind"] == "predict" and entry["solved"] is True and entry["held"] is False
    ex.slider.value = 0.5
    ex.slider.value = 0.7
    assert json.loads(progress_file.read_text())["exercises"]["03.2"]["attempts"] == 1  # judged once


def test_a_numeric_prediction_is_judged_within_its_tolerance():
    item = PredictItem("x?", "x", Slider("t", 0, 1, 0.1, start=0.0, target=0.5), value_at=lambda t: 2 * t / 10,
                       why="{before} to {after}", tolerance=0.02)
    for typed, held in (("0.11", True), ("0,08", True), ("0.13", False)):
        ex = PredictExercise(item)
        ex.prediction.value = typed
        ex.commit_button.click()
        ex.slider.value = 0.5
        assert ex.held is held, typed
    ex = PredictExercise(item)
    ex.prediction.value = "a lot"
    assert ex.commit() is False and ex.slider.disabled


def test_the_slider_and_its_positions_are_written_in_the_language_with_the_steps_decimals():
    """Issue 26.6: FloatSlider wrote its read-out with a point in Russian, and the read-out gave a count of samples
    two decimals ("полуширина при 219,00"): positions have the step's decimals, none for a count."""
    counted = PredictItem("x?", "half-width", Slider("test samples", 20, 1000, 1, start=100, target=219),
                          value_at=lambda n: 1 / n, why="{start} → {target}", tolerance=0.01)
    fine = PredictItem("x?", "x", Slider("t", 0.0, 0.05, 0.0025, start=0.01, target=0.0125), value_at=lambda r: r,
                       why="{start} → {target}", tolerance=0.01)
    with using("ru"):
        ex = PredictExercise(counted)
        ex.prediction.value = "0,005"
        ex.commit_button.click()
        assert ex.slider.label == "100" and "ползунок на 219." in ex.feedback.value
        ex.slider.value = 219
        assert "при 219:" in ex.readout.value and "100 → 219" in ex.feedback.value
        small = PredictExercise(fine)
        assert small.slider.label == "0,0100" and [label for label, _ in small.slider.options[:2]] == ["0,0000", "0,0025"]
    with using("en"):
        ex = PredictExercise(counted)
        ex.prediction.value = "0.005"
        ex.commit_button.click()
        ex.slider.value = 219
        assert "at 219:" in ex.readout.value and ex.slider.label == "219"


# ---------------------------------------------------------------- progress by kind
def test_progress_counts_each_kind_and_the_predictions_that_held(notebook03, progress_file):
    _choose(exercise("03.1", **notebook03), 0)
    row = next(r for r in learner_progress.summary(progress_file) if r["code"] == "03")
    assert row["kinds"] == {"number": 0, "choice": 1, "predict": 1}
    assert (row["solved"], row["predictions"], row["held"]) == (1, 0, 0)
    ex = exercise("03.2", **notebook03)
    ex.prediction.value = "goes down"
    ex.commit_button.click()
    ex.slider.value = 0.7
    row = next(r for r in learner_progress.summary(progress_file) if r["code"] == "03")
    assert (row["solved"], row["predictions"], row["held"]) == (2, 1, 1)
    by_key = {r["key"]: r for r in learner_progress.class_summary([progress_file, progress_file])}
    assert by_key["03.2"]["kind"] == "predict" and by_key["03.2"]["held"] == 2
    assert by_key["03.1"]["kind"] == "choice"


def test_cli_progress_names_each_exercise_kind(notebook03, progress_file, capsys):
    from iso4213_nb.cli import main

    _choose(exercise("03.1", **notebook03), 0)
    assert main(["course", "progress", str(progress_file)]) == 0
    line = next(line for line in capsys.readouterr().out.splitlines() if line.lstrip().startswith("03.1"))
    assert "choice" in line


def test_choice_and_prediction_speak_russian(notebook03):
    # using(), not ISO4213_LANG: a language another test chose in this process outranks the environment
    with using("ru"):
        ex = _choose(exercise("03.1", **notebook03), 1)
        assert "точность различается (0,6429 против 0,6495)" in ex.feedback.value
        pred = exercise("03.2", **notebook03)
        assert set(pred.prediction.options) == {"растет", "падает", "не меняется"}


# ---------------------------------------------------------------- definitions
def test_every_defined_item_is_listed_in_the_course_and_has_a_kind():
    defined = exercise_bank.defined()
    assert {"03.1": "choice", "03.2": "predict"}.items() <= defined.items()


def test_bad_definitions_and_data_are_refused_in_words():
    with pytest.raises(InputError, match="exercise '99.1'|99.1"):
        exercise("99.1")
    with pytest.raises(InputError, match="needs other data"):
        exercise("03.1", labels=[0, 1])
    with pytest.raises(InputError, match="one of them the answer"):
        ChoiceItem("q?", (Option("a", "r"), Option("b", "r")), answer="c")
    with pytest.raises(InputError, match="start"):
        Slider("t", 0, 1, 0.1, start=0.5, target=0.5)
    with pytest.raises(InputError, match="undefined"):
        PredictItem("q", "m", Slider("t", 0, 1, 0.1, 0, 1), value_at=lambda t: precision(BinaryCounts(0, 0, 5, 5)) if t else 1.0,
                    why="", options=(Option(UP, ""), Option(DOWN, ""), Option(SAME, ""))).outcome


def test_a_number_item_builds_the_familiar_exercise():
    from iso4213_nb.course.items import NumberItem

    made = NumberItem("F1 of {n} samples?", 0.8, hints=("h {n}",), mistakes=((0.5, "m {n}"),), values={"n": 3})
    assert made.tolerance == 0.005 and made.mistakes == ((0.5, "m {n}"),)
    assert isinstance(Exercise("x?", 0.8), Exercise)


# ---------------------------------------------------------------- the notebooks
NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def _calls(lesson):
    nb = nbformat.read(NOTEBOOKS / lesson.file, as_version=4)
    return [node for cell in nb.cells if cell.cell_type == "code" and "xercise(" in cell.source
            for node in ast.walk(ast.parse(cell.source)) if isinstance(node, ast.Call)
            and getattr(node.func, "id", None) in ("exercise", "Exercise")]


#: Every notebook's exercises are defined in the package (issue 26 point 4), with a prediction and a choice among them.
@pytest.mark.parametrize("lesson", COURSE, ids=lambda x: x.code)
def test_every_notebook_asks_for_a_prediction_and_an_interpretation_and_computes_no_answer(lesson):
    calls = _calls(lesson)
    assert calls and all(call.func.id == "exercise" for call in calls), "an answer is computed in a visible cell"
    kinds = {exercise_bank.kind_of(call.args[0].value) for call in calls}
    assert {"predict", "choice"} <= kinds, kinds


# ---------------------------------------------------------------- 12.1: a gap read next to its test
def test_12_1_reads_the_recall_gap_next_to_scipys_chi_squared_test():
    from scipy.stats import chi2_contingency

    y = np.array(["malignant"] * 30 + ["benign"] * 30)
    groups = np.array(["a"] * 10 + ["b"] * 20 + ["a"] * 15 + ["b"] * 15)
    found = np.array([1] * 9 + [0] * 1 + [1] * 16 + [0] * 4 + [0] * 30).astype(bool)  # recall 0.9 and 0.8
    predicted = np.where(found, "malignant", "benign")
    table = [[9, 1], [16, 4]]
    p = chi2_contingency(table, correction=True).pvalue
    made = exercise_bank.item("12.1", y_true=y, predicted=predicted, groups=groups, labels=["benign", "malignant"],
                              positive="malignant")
    assert made.values["p"] == f"{p:.4f}" and made.values["gap"] == "0.1000"
    assert (made.values["high"], made.values["low"], made.values["n_high"], made.values["n_low"]) == ("a", "b", 10, 20)
    assert made.answer.startswith("The data do not show")
    found[10:20] = False  # group b now misses everything: the test confirms a gap
    with pytest.raises(InputError, match="does not confirm"):
        exercise_bank.item("12.1", y_true=y, predicted=np.where(found, "malignant", "benign"), groups=groups,
                           labels=["benign", "malignant"], positive="malignant")
