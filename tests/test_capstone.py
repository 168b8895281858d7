"""The capstone: its questions are answered by the report the learner runs, so the package's answers must be what
`iso4213-nb report` prints for the supplied file (checked on the report's own JSON, a separate code path)."""

import json

import numpy as np
import pytest
from sklearn.metrics import confusion_matrix, roc_curve

from iso4213_nb.cli import main
from iso4213_nb.course.exercise_bank import item
from iso4213_nb.course.exercise_bank.lesson_13 import low_fpr_point
from iso4213_nb.demos.breast_cancer import DEMO_PREDICTIONS
from iso4213_nb.demos.capstone import CAPSTONE_META, predictions


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    out = tmp_path_factory.mktemp("capstone") / "report"
    assert main(["report", "--quiet", "--predictions", str(DEMO_PREDICTIONS), "--meta", str(CAPSTONE_META),
                 "--out", str(out), "--format", "json"]) == 0
    return json.loads((out / "report.json").read_text(encoding="utf-8"))


def test_operating_points_are_the_reports_and_scikit_learns():
    data = predictions()
    for model, scores in data["scores"].items():
        point = low_fpr_point(data["y_true"], scores)
        (tn, fp), (fn, tp) = confusion_matrix(data["y_true"], scores >= point["threshold"])
        assert (point["tp"], point["fp"], point["fn"]) == (tp, fp, fn) and fp <= 0.1 * (tn + fp)
        lower = scores[scores < point["threshold"]].max()  # the next threshold down breaks the limit
        assert np.sum((scores >= lower) & (data["y_true"] == 0)) > 0.1 * (tn + fp)


@pytest.mark.slow
def test_the_answers_are_read_off_the_report_the_learner_runs(report):
    data = predictions()
    rows = {m: next(p for p in report["models"][m]["operating_points"] if p["name"] == "fpr_0.1") for m in data["scores"]}
    cost = {m: 20 * r["fn"] + r["fp"] for m, r in rows.items()}
    best = min(cost, key=cost.get)
    assert item("13.1", **data).answer == best.replace("_", " ")
    assert item("13.2", **data).answer == pytest.approx(rows[best]["threshold"], abs=1e-6)
    missing = [i["id"] for i in report["items"] if i["status"] == "missing" and i["clause"].split()[0] == "8"]
    assert missing == ["bias", "inference_cost"] and item("13.3", meta=CAPSTONE_META).answer == "bias"


def test_choices_name_each_models_counts_and_speak_russian(monkeypatch, tmp_path):
    from iso4213_nb.widgets.exercises import exercise
    from iso4213_nb.words.i18n import using

    monkeypatch.setenv("ISO4213_PROGRESS", str(tmp_path / "p.json"))
    # using(), not ISO4213_LANG: a language another test chose in this process outranks the environment
    with using("ru"):
        ex = exercise("13.1", **predictions())
        ex.input.value = "логистическая регрессия"
        ex.button.click()
        assert ex.correct is False and "пропускает 4 и отмечает 14" in ex.feedback.value and "= 94" in ex.feedback.value


def _cost_with_scikit_learn(y, scores, limit):
    """20 · FN + FP at the lowest threshold whose false positive rate (scikit-learn's ROC curve) is at most ``limit``."""
    fpr, _tpr, thresholds = roc_curve(y, scores, drop_intermediate=False)
    within = np.flatnonzero(fpr <= limit)[-1]
    (tn, fp), (fn, tp) = confusion_matrix(y, scores >= thresholds[within])
    return 20 * fn + fp, thresholds[within]


def test_13_4_a_stricter_limit_lowers_the_forests_cost_as_scikit_learn_says():
    data = predictions()
    y, forest = data["y_true"], data["scores"]["random_forest"]
    (now, t0), (stricter, t1) = _cost_with_scikit_learn(y, forest, 0.1), _cost_with_scikit_learn(y, forest, 0.08)
    assert (now, stricter, t0, t1) == (73, 71, 0.33, 0.445)  # FN 3 both; FP 13 -> 11
    made = item("13.4", **data)
    assert made.outcome == "goes down" and (made.value_at(0.1), made.value_at(0.08)) == (now, stricter)
    for limit in (0.02, 0.05, 0.15, 0.2):
        assert made.value_at(limit) == _cost_with_scikit_learn(y, forest, limit)[0]
    assert made.values["model"] == "random forest" and (made.values["fp0"], made.values["fp1"]) == (13, 11)


def test_13_4_speaks_russian(monkeypatch, tmp_path):
    from iso4213_nb.widgets.exercises import exercise
    from iso4213_nb.words.i18n import using

    monkeypatch.setenv("ISO4213_PROGRESS", str(tmp_path / "p.json"))
    with using("ru"):
        ex = exercise("13.4", **predictions())
        ex.prediction.value = ex.prediction.options[0]
        ex.commit_button.click()
        ex.slider.value = 0.08
        shown = ex.feedback.value
    assert "модели «случайный лес»" in ex.widget.children[0].value
    assert "с 0,3300 до 0,4450" in shown and "random" not in shown
