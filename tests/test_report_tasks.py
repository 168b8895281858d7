"""The report's issue-11 sections: the second demo, and what the new render functions show and escape."""

import csv
import html
import json

import numpy as np
import pytest

from iso4213_nb.demos import digits as demo_multiclass
from iso4213_nb.report import render_tasks
from iso4213_nb.report.schema import schema_errors
from iso4213_nb.report.verify import verify_report

from report_builds import multiclass_report

EVIL = "<img src=x onerror=alert(1)>"


def test_multiclass_demo_regenerates_exactly(tmp_path):
    fresh = demo_multiclass.write_demo_predictions(tmp_path / "demo.csv")
    assert fresh.read_text() == demo_multiclass.DEMO_PREDICTIONS.read_text()


def test_multiclass_demo_layout():
    with open(demo_multiclass.DEMO_PREDICTIONS, newline="") as handle:
        rows = list(csv.DictReader(handle))
    expected = ["y_true"] + [f"{m}_score_{c}" for m in demo_multiclass.MODELS for c in range(10)] + ["group_stroke"]
    assert list(rows[0]) == expected and len(rows) == 719
    assert {r["group_stroke"] for r in rows} == {"heavy", "light"}
    for m in demo_multiclass.MODELS:
        sums = [sum(float(r[f"{m}_score_{c}"]) for c in range(10)) for r in rows]
        assert max(abs(s - 1) for s in sums) < 1e-4  # probabilities, six decimals


@pytest.fixture(scope="module")
def multiclass():
    folder = multiclass_report()
    return folder, json.loads((folder / "report.json").read_text(encoding="utf-8"))


def test_multiclass_report_is_valid_and_verifies(multiclass):
    folder, report = multiclass
    assert schema_errors(report) == []
    assert report["input"]["task"] == "multiclass" and report["input"]["groups"] == ["stroke"]
    assert report["input"]["top_k"] == [1, 2, 3, 4, 5] and report["input"]["weighted"] is False
    assert verify_report(folder).ok
    bias = next(item for item in report["items"] if item["id"] == "bias")
    assert bias["status"] == "filled automatically"
    page = (folder / "report.html").read_text(encoding="utf-8")
    assert "multi-class (one of several classes, 6.4)" in page and "labels from the arg-max of the class scores" in page


def test_multiclass_report_accuracy_matches_scikit_learn(multiclass):
    from sklearn.metrics import accuracy_score

    _, report = multiclass
    with open(demo_multiclass.DEMO_PREDICTIONS, newline="") as handle:
        rows = list(csv.DictReader(handle))
    y = np.array([int(r["y_true"]) for r in rows])
    for m in demo_multiclass.MODELS:
        scores = np.array([[float(r[f"{m}_score_{c}"]) for c in range(10)] for r in rows])
        assert report["models"][m]["assessment"]["accuracy"] == pytest.approx(accuracy_score(y, scores.argmax(axis=1)))
        assert report["models"][m]["labels_from_argmax"] is True


def _report(models: dict, task="multiclass", groups=(), weighted=False) -> dict:
    return {"input": {"task": task, "weighted": weighted, "groups": list(groups), "top_k": []}, "models": models,
            "comparisons": {"tests": []}}


def test_sections_are_empty_when_the_file_lacks_their_columns():
    report = _report({"m": {"assessment": {}, "labels_from_argmax": False}}, task="binary")
    for section in render_tasks.SECTIONS:
        assert render_tasks.heading(report, section) == ""
    for render in (render_tasks.class_scores, render_tasks.multilabel, render_tasks.subgroups, render_tasks.calibration):
        assert render(report, "m") == ""
    assert render_tasks.multilabel_comparisons(report) == ""
    assert render_tasks.single_label_models(report) == ["m"]


def test_user_text_is_escaped_in_every_new_section():
    interval = {"estimate": 0.5, "low": 0.4, "high": 0.6, "confidence_level": 0.95, "method": "wilson"}
    model = {
        "assessment": {}, "labels_from_argmax": True,
        "top_k_accuracy": {"1": 0.9}, "auroc": {"macro": 0.8, "weighted": 0.8, "micro": 0.8, "ovo": None},
        "per_class": {EVIL: {"auroc": 0.7, "average_precision": None}}, "log_loss": 0.3, "brier": 0.2,
        "subgroups": {EVIL: {EVIL: {"n": 3, "accuracy": interval},
                             "largest_gap": {"accuracy": {**interval, "between": [EVIL, "b"]}},
                             "heterogeneity": {"accuracy": {"pvalue": 0.5}},
                             "warnings": [{"code": "small_group", "value": EVIL, "n": 3}]}},
        "calibration": {"kind": "top_label", "ece": interval, "top_label_brier": 0.1, "brier_reliability": 0.01,
                        "brier_resolution": 0.02, "brier_uncertainty": 0.09, "top_label_log_loss": 0.3},
    }
    report = _report({EVIL: model}, groups=[EVIL])
    pages = [render_tasks.task_summary(report), render_tasks.class_scores(report, EVIL),
             render_tasks.subgroups(report, EVIL), render_tasks.calibration(report, EVIL),
             render_tasks.heading(report, "calibration")]
    for page in pages:
        assert EVIL not in page
    assert html.escape(EVIL) in pages[1] and "only 3 samples" in pages[2]
    assert "0.4000, 0.6000" in pages[3] and "beyond TS 4213" in pages[4]


def test_a_subgroup_interval_says_from_report_json_why_every_resample_gave_one_value():
    """The page reads the reason of the one interval shape (``reason``), not ConfidenceInterval.to_dict()'s
    ``reasons.low``: a one-row group's F1 says it has no interval rather than "undefined"."""
    from iso4213_nb.subgroups.rows import subgroup_analysis

    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 60)
    pred = np.where(rng.random(60) < 0.8, y, 1 - y)
    y[-1] = pred[-1] = 1
    groups = np.array(["north"] * 59 + ["south"])
    data = json.loads(json.dumps(subgroup_analysis(y, pred, groups, labels=[0, 1], positive=1).to_dict()))
    assert data["south"]["f1"]["reason"]["code"] == "degenerate_bootstrap"
    page = render_tasks.subgroups(_report({"m": {"subgroups": {"site": data}}}, task="binary"), "m")
    assert "every resample of the group gives the same value" in page


def test_calibration_skipped_says_why():
    report = _report({"m": {"assessment": {}, "calibration_skipped": "scores_not_probabilities"}})
    assert "not probabilities" in render_tasks.calibration(report, "m")
    assert render_tasks.heading(report, "calibration") != ""


def test_multiclass_report_class_scores_match_scikit_learn(multiclass):
    import warnings

    from sklearn.metrics import log_loss, roc_auc_score, top_k_accuracy_score

    warnings.filterwarnings("ignore", message="The y_prob values do not sum to one")
    _, report = multiclass
    with open(demo_multiclass.DEMO_PREDICTIONS, newline="") as handle:
        rows = list(csv.DictReader(handle))
    y = np.array([int(r["y_true"]) for r in rows])
    for m in demo_multiclass.MODELS:
        scores = np.array([[float(r[f"{m}_score_{c}"]) for c in range(10)] for r in rows])
        entry = report["models"][m]
        # ties (naive Bayes gives many probabilities of exactly 0.000000): the earlier class counts ahead, so that
        # top-1 is the arg-max accuracy; scikit-learn lets the later one win, so it is asked only about tie-free rows
        true_score = scores[np.arange(len(y)), y][:, None]
        rank = (scores > true_score).sum(axis=1) + ((scores == true_score) & (np.arange(10) < y[:, None])).sum(axis=1)
        assert entry["top_k_accuracy"]["5"] == pytest.approx(np.mean(rank < 5))
        assert entry["top_k_accuracy"]["1"] == pytest.approx(np.mean(scores.argmax(axis=1) == y))
        untied = (scores == true_score).sum(axis=1) == 1
        assert np.mean(rank[untied] < 5) == pytest.approx(top_k_accuracy_score(y[untied], scores[untied], k=5,
                                                                               labels=range(10)))
        assert entry["auroc"]["macro"] == pytest.approx(roc_auc_score(y, scores, multi_class="ovr", average="macro"))
        assert entry["auroc"]["ovo"] == pytest.approx(roc_auc_score(y, scores, multi_class="ovo", average="macro"))
        assert entry["per_class"]["3"]["auroc"] == pytest.approx(roc_auc_score(y == 3, scores[:, 3]))
        assert entry["log_loss"] == pytest.approx(log_loss(y, scores), rel=1e-4)  # rows off 1 by up to 5e-6
        assert entry["calibration"]["kind"] == "top_label" and entry["calibration"]["ece"]["low"] is not None
        stroke = entry["subgroups"]["stroke"]
        assert set(stroke) >= {"heavy", "light", "heterogeneity", "largest_gap"}
        assert stroke["heavy"]["n"] + stroke["light"]["n"] == 719


def test_multiclass_report_shows_every_new_section(multiclass):
    folder, _ = multiclass
    page = (folder / "report.html").read_text(encoding="utf-8")
    for title in ("Class scores: top-k accuracy", "Subgroups: the evidence for the bias item",
                  "Calibration of the probabilities (beyond TS 4213)", "Top-k accuracy: the true class"):
        assert title in page, title
    assert page.count("<img") >= 4  # per-class curves and a reliability diagram per model


def test_a_weighted_file_weights_the_report_numbers(tmp_path):
    from sklearn.metrics import confusion_matrix, roc_auc_score

    from iso4213_nb.inputs import read_predictions
    from iso4213_nb.report import content

    rng = np.random.default_rng(2)
    n = 120
    y = rng.integers(0, 2, n)
    score = np.round(np.clip(0.35 * y + rng.random(n) * 0.65, 0, 1), 6)
    w = np.round(rng.random(n) * 3, 3)
    site = rng.choice(["north", "south"], n)
    path = tmp_path / "w.csv"
    path.write_text("y_true,m_score,group_site,weight\n" +
                    "".join(f"{a},{b},{c},{d}\n" for a, b, c, d in zip(y, score, site, w)))
    pred = read_predictions(path)
    report = json.loads(json.dumps(content.build(pred, {}, title="t", meta_name=None, demo=False),
                                   default=lambda v: v.item()))
    assert schema_errors(report) == [] and report["input"]["weighted"]
    model = report["models"]["m"]
    expected = confusion_matrix(y, (score >= 0.5).astype(int), sample_weight=w)
    assert np.allclose(model["confusion_matrix"]["counts"], expected)
    assert model["assessment"]["auroc"] == pytest.approx(roc_auc_score(y, score, sample_weight=w))
    assert "accuracy" not in model["intervals"]  # Wilson's interval has no weighted form
    assert model["calibration"]["kind"] == "binary" and set(model["subgroups"]["site"]) >= {"north", "south"}
    page = render_tasks.task_summary(report)
    assert "have no weighted form and are left out" in page


def test_top_label_calibration_names_apart_and_the_new_measures_reach_the_report(tmp_path):
    from sklearn.metrics import brier_score_loss, log_loss

    from iso4213_nb.inputs import read_predictions
    from iso4213_nb.report import content

    rng = np.random.default_rng(4)
    n, k = 150, 3
    y = rng.integers(0, k, n)
    raw = rng.random((n, k)) + 0.4 * np.eye(k)[y]
    scores = np.round(raw / raw.sum(axis=1, keepdims=True), 6)
    scores[:, -1] = np.round(1 - scores[:, :-1].sum(axis=1), 6)
    path = tmp_path / "mc.csv"
    path.write_text("y_true," + ",".join(f"m_score_{c}" for c in range(k)) + "\n" +
                    "".join(f"{t}," + ",".join(f"{v:.6f}" for v in row) + "\n" for t, row in zip(y, scores)))
    report = json.loads(json.dumps(content.build(read_predictions(path), {}, title="t", meta_name=None, demo=False),
                                   default=lambda v: v.item()))
    assert schema_errors(report) == []
    model, calibrated = report["models"]["m"], report["models"]["m"]["calibration"]
    top, right = scores.max(axis=1), scores.argmax(axis=1) == y
    assert calibrated["kind"] == "top_label" and "log_loss" not in calibrated and "brier" not in calibrated
    assert calibrated["top_label_log_loss"] == pytest.approx(log_loss(right, top, labels=[False, True]), rel=1e-9)
    assert calibrated["top_label_brier"] == pytest.approx(brier_score_loss(right, top), rel=1e-9)
    assert model["log_loss"] == pytest.approx(log_loss(y, scores), rel=1e-9)
    assert calibrated["top_label_log_loss"] != pytest.approx(model["log_loss"])
    page = render_tasks.calibration(report, "m")
    assert "log loss of the top label" in page and "Brier score of the top label" in page
    from sklearn.metrics import balanced_accuracy_score, cohen_kappa_score, confusion_matrix

    from iso4213_nb.report import render

    assessed, argmax = model["assessment"], scores.argmax(axis=1)
    assert assessed["cohen_kappa_quadratic"] == pytest.approx(cohen_kappa_score(y, argmax, weights="quadratic"))
    assert assessed["balanced_accuracy_adjusted"] == pytest.approx(balanced_accuracy_score(y, argmax, adjusted=True))
    table = render.measures(report, "m")
    assert "weighted kappa, quadratic weights" in table and "balanced accuracy adjusted for chance" in table
    shares = np.array(assessed["normalized"]["true"], dtype=float)
    np.testing.assert_allclose(shares, confusion_matrix(y, argmax, normalize="true"), rtol=1e-12)
    assert "as shares of each true class" in render.confusion(report, "m")
    calibrated["log_loss"] = calibrated.pop("top_label_log_loss")
    assert schema_errors(report) != []
