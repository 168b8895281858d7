"""The built report: clause-8 items, numbers against independent libraries, escaping, no external URL."""

import csv
import json
import platform
from pathlib import Path
import re
from html import escape

import numpy as np
import pytest
from sklearn.metrics import accuracy_score, confusion_matrix, roc_auc_score, roc_curve
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportion_confint

from iso4213_nb import InputError
from iso4213_nb.controls import checklist
from iso4213_nb.demos.breast_cancer import DEMO_PREDICTIONS, MODELS
from iso4213_nb.report import build, content, render, words
from iso4213_nb.inputs import read_predictions
from iso4213_nb.figures.tables import format_value
from report_builds import MODEL_TAG, SCRIPT_LABEL, TITLE, USER_URL, demo_report, hostile_report

URL = re.compile(r"https?://")


@pytest.fixture(scope="module")
def demo():
    folder = demo_report()
    return folder, json.loads((folder / "report.json").read_text()), (folder / "report.html").read_text()


@pytest.fixture(scope="module")
def hostile():
    folder = hostile_report()
    return folder, json.loads((folder / "report.json").read_text()), (folder / "report.html").read_text()


@pytest.fixture(scope="module")
def demo_columns():
    with open(DEMO_PREDICTIONS, newline="") as handle:
        rows = list(csv.DictReader(handle))
    return {key: np.array([float(r[key]) for r in rows]) for key in rows[0]}


def test_demo_folder_holds_every_output(demo):
    folder, report, html = demo
    assert sorted(p.name for p in folder.iterdir()) == ["assets", "critical_difference.png", "critical_difference.svg",
                                                        "manifest.json", "predictions.parquet", "report.html",
                                                        "report.ipynb", "report.json", "report.pdf"]
    assert (folder / "report.pdf").read_bytes()[:5] == b"%PDF-"
    assert (folder / "assets" / "mathjax" / "MathJax.js").is_file() and (folder / "assets" / "require.js").is_file()
    assert sorted(p.name for p in folder.parent.iterdir()) == ["report"]


def test_every_clause_8_item_is_listed_with_a_status(demo):
    _, report, html = demo
    status = {item["id"]: item["status"] for item in report["items"]}
    for item in checklist.REPORT_ITEMS:
        assert item.id in status
    assert set(status.values()) <= {"filled", "filled automatically", "missing"}
    # The demo meta file leaves channel effects and the deployment context out on purpose.
    assert status["channel_effects"] == "missing"
    assert status["training_data"] == "filled" and status["ground_truth_reliability"] == "filled"
    assert status["operating_points"] == "filled automatically"
    assert status["process"] == "filled"
    for item_id, value in status.items():
        assert f'data-item="{item_id}">{value}</td>' in html


def test_no_code_cells_and_curves_embedded(demo):
    _, _, html = demo
    assert "read_parsed(" not in html and "display(HTML" not in html
    # the curves of section 6, a reliability diagram per scored model (calibration, beyond TS 4213), the ROC and
    # PR bands and the CD diagram
    assert len(re.findall(r'<img [^>]*src="data:image/png;base64,', html)) == 6
    for heading in ("Counts at representative operating points", "Measures with confidence intervals",
                    "Comparisons between models", "Test environment", "Inference duration",
                    "The assessment process"):
        assert heading in html


def test_json_measures_match_scikit_learn_and_statsmodels(demo, demo_columns):
    _, report, html = demo
    y = demo_columns["y_true"]
    for name in MODELS:
        model = report["models"][name]
        pred, score = demo_columns[f"{name}_pred"], demo_columns[f"{name}_score"]
        assert model["assessment"]["accuracy"] == pytest.approx(accuracy_score(y, pred), abs=1e-12)
        assert model["assessment"]["auroc"] == pytest.approx(roc_auc_score(y, score), abs=1e-12)
        tn, fp, fn, tp = confusion_matrix(y, pred).ravel()
        low, high = proportion_confint(tp, tp + fn, alpha=0.05, method="wilson")
        assert model["intervals"]["recall"]["low"] == pytest.approx(low, abs=1e-9)
        assert model["intervals"]["recall"]["high"] == pytest.approx(high, abs=1e-9)
        low, high = proportion_confint(tp + tn, len(y), alpha=0.05, method="wilson")
        assert model["intervals"]["accuracy"]["low"] == pytest.approx(low, abs=1e-9)
        assert format_value(model["assessment"]["accuracy"], decimals=4) in html


def test_operating_points_match_roc_curve(demo, demo_columns):
    _, report, _ = demo
    y = demo_columns["y_true"]
    for name in MODELS:
        score = demo_columns[f"{name}_score"]
        fpr, tpr, thr = roc_curve(y, score, drop_intermediate=False)
        points = {p["name"]: p for p in report["models"][name]["operating_points"]}
        j = tpr - fpr
        assert points["youden"]["tpr"] - points["youden"]["fpr"] == pytest.approx(j.max())
        assert points["tpr_0.9"]["threshold"] == pytest.approx(thr[np.flatnonzero(tpr >= 0.9)[0]])
        assert points["fpr_0.1"]["threshold"] == pytest.approx(thr[np.flatnonzero(fpr <= 0.1)[-1]])
        for p in points.values():
            if p["threshold"] is None:
                continue
            tn, fp, fn, tp = confusion_matrix(y, (score >= p["threshold"]).astype(int)).ravel()
            assert (p["tp"], p["fp"], p["tn"], p["fn"]) == (tp, fp, tn, fn)
        given = points["predicted_labels"]
        tn, fp, fn, tp = confusion_matrix(y, demo_columns[f"{name}_pred"]).ravel()
        assert (given["tp"], given["fp"]) == (tp, fp)


def test_comparisons_match_statsmodels_with_holm(demo, demo_columns):
    _, report, _ = demo
    y = demo_columns["y_true"]
    tests = report["comparisons"]["tests"]
    assert len(tests) == 6  # three pairs, McNemar and DeLong each
    for t in tests:
        if t["measure"] != "accuracy":
            continue
        a, b = (demo_columns[f"{m}_pred"] == y for m in t["models"])
        table = [[np.sum(a & b), np.sum(a & ~b)], [np.sum(~a & b), np.sum(~a & ~b)]]
        exact = t["method"] == "exact"
        expected = sm_mcnemar(table, exact=exact, correction=True).pvalue
        assert t["pvalue"] == pytest.approx(expected, rel=1e-9)
    _, adjusted, _, _ = multipletests([t["pvalue"] for t in tests], alpha=0.05, method="holm")
    assert [t["adjusted_pvalue"] for t in tests] == pytest.approx(list(adjusted))


def test_demo_html_references_no_external_url(demo):
    _, _, html = demo
    assert not URL.search(html)
    assert 'src="assets/require.js"' in html and "assets/mathjax/MathJax.js" in html


def test_hostile_strings_appear_as_text(hostile):
    _, report, html = hostile
    assert report["title"] == TITLE and report["input"]["positive"] == SCRIPT_LABEL
    assert "<script>alert(" not in html and "<img src=x" not in html and "<iframe" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&lt;script&gt;alert(3)&lt;/script&gt; &amp; co" in html
    assert "&lt;img src=x onerror=alert(2)&gt;" in html
    assert "&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;script&gt;alert(5)&lt;/script&gt;" in html
    assert "hostile &lt;i&gt;predictions&amp;.csv" in html


def test_hostile_html_has_only_the_users_own_url(hostile):
    _, _, html = hostile
    escaped = escape(USER_URL)
    assert escaped != USER_URL
    assert [m.start() for m in URL.finditer(html)] == [html.index(escaped)]


def test_hostile_scores_only_model_and_user_maths_not_typeset(hostile):
    _, report, html = hostile
    assert report["models"]["plain"]["labels_derived_at"] == 0.5
    assert report["models"][MODEL_TAG]["labels_derived_at"] is None
    assert "$x^2$ samples" in html
    assert html.count('class="iso-report tex2jax_ignore"') >= 5


def test_multiclass_content_and_rendering(tmp_path):
    """Labels only, three classes: one-vs-rest counts per class (Table A.2 style), no curves, escaped labels."""
    path = tmp_path / "m.csv"
    truth = ["a", "a", "b", "b", "b", "<c>", "<c>", "a", "b", "<c>"]
    m1 = ["a", "b", "b", "b", "<c>", "<c>", "a", "a", "b", "<c>"]
    m2 = ["a", "a", "b", "a", "b", "<c>", "b", "a", "b", "b"]
    path.write_text("y_true,m1_pred,m2_pred\n" + "".join(f"{t},{p},{q}\n" for t, p, q in zip(truth, m1, m2)))
    pred = read_predictions(path)
    report = content.build(pred, {}, title="t", meta_name=None, demo=False)
    labels = ["<c>", "a", "b"]
    cm = confusion_matrix(truth, m1, labels=labels)
    points = {p["label"]: p for p in report["models"]["m1"]["operating_points"]}
    for i, label in enumerate(labels):
        assert points[label]["tp"] == cm[i, i]
        assert points[label]["fp"] == cm[:, i].sum() - cm[i, i]
    assert report["models"]["m1"]["assessment"]["accuracy"] == pytest.approx(accuracy_score(truth, m1))
    assert [t["measure"] for t in report["comparisons"]["tests"]] == ["accuracy"]
    fragment = render.operating_points(report, "m1") + render.confusion(report, "m1")
    assert "<c>" not in fragment and "class &lt;c&gt; vs rest" in fragment


def test_single_model_states_no_significance_test(tmp_path):
    path = tmp_path / "one.csv"
    path.write_text("y_true,m_pred\n1,1\n0,0\n1,0\n0,0\n")
    report = content.build(read_predictions(path), {}, title="t", meta_name=None, demo=False)
    assert report["comparisons"]["tests"] == []
    assert report["comparisons"]["statement"] == {"code": "single_model"}
    assert "single model" in words.statement(report["comparisons"])


def test_environment_captured_and_demo_inference_timed(demo, hostile):
    _, report, html = demo
    assert report["environment"]["python"] == platform.python_version()
    assert report["environment"]["libraries"]["numpy"] == np.__version__
    status = {item["id"]: item["status"] for item in report["items"]}
    assert status["environment"] == "filled automatically" and status["inference_cost"] == "filled automatically"
    for name in MODELS:
        timing = report["inference"]["models"][name]
        assert timing["samples"] == 50 and timing["outputs_match_predictions"] is True
        assert 0 < timing["mean_latency_s"] <= timing["max_latency_s"]
    assert escape(report["environment"]["os"]) in html
    hostile_status = {item["id"]: item["status"] for item in hostile[1]["items"]}
    assert hostile_status["inference_cost"] == "missing" and hostile[1]["inference"] is None


class _Constant:
    """A 'model' that predicts label 1 for every sample."""

    def predict(self, X):
        return np.ones(len(X), dtype=int)


def test_time_models_checks_outputs_against_the_file(tmp_path):
    path = tmp_path / "p.csv"
    path.write_text("y_true,ones_pred,other_pred\n1,1,0\n0,1,0\n1,1,1\n")
    pred = read_predictions(path)
    timed = build.time_models({"ones": _Constant(), "other": _Constant()}, np.zeros((3, 2)), pred)
    assert timed["models"]["ones"]["outputs_match_predictions"] is True
    assert timed["models"]["other"]["outputs_match_predictions"] is False
    assert timed["models"]["ones"]["samples"] == 3
    with pytest.raises(InputError, match="models nope have no columns in p.csv"):
        build.time_models({"nope": _Constant()}, np.zeros((3, 2)), pred)
    with pytest.raises(InputError, match="models and X go together"):
        build.make_report(path, out=tmp_path / "out", formats="html", models={"ones": _Constant()})


def test_undefined_measures_stay_undefined_in_json_and_html(tmp_path):
    """A model that never predicts the positive class has no precision: null in JSON, 'undefined' on the page."""
    path = tmp_path / "p.csv"
    path.write_text("y_true,never_pred,never_score\n1,0,0.2\n0,0,0.1\n1,0,0.3\n0,0,0.4\n")
    report = content.build(read_predictions(path), {}, title="t", meta_name=None, demo=False)
    model = report["models"]["never"]
    assert model["assessment"]["per_class"]["1"]["precision"] is None
    assert model["intervals"]["precision"] is None
    assert "per_class.1.precision: no_predicted_positives" in model["assessment"]["undefined"]
    assert "precision of class 1: no predicted positives (TP + FP = 0)" in words.undefined_notes(model["assessment"])
    fragment = render.measures(report, "never")
    assert "<td>precision of class 1 (6.2.4)</td><td>undefined</td><td>undefined</td>" in fragment
    json.dumps(report, allow_nan=False)


def test_the_report_kernel_falls_back_to_loopback_when_a_socket_path_would_be_too_long(tmp_path):
    """A long TMPDIR must not fail inside zmq with "File name too long"; a short one keeps Unix sockets."""
    from iso4213_nb.report.execute import SOCKET_PATH_MAX, _kernel_manager

    short = _kernel_manager(tmp_path) if len(str(tmp_path)) < 60 else _kernel_manager(Path("/tmp/k"))
    assert short.transport == "ipc"
    deep = tmp_path / ("d" * (SOCKET_PATH_MAX - len(str(tmp_path))))
    long = _kernel_manager(deep)
    assert (long.transport, long.ip) == ("tcp", "127.0.0.1")


def test_a_long_temporary_folder_puts_the_kernel_sockets_under_tmp(tmp_path, monkeypatch):
    from iso4213_nb.report.execute import SOCKET_PATH_MAX, _socket_root

    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / ("d" * SOCKET_PATH_MAX)))
    assert _socket_root() == Path("/tmp")
    monkeypatch.setattr("tempfile.tempdir", "/var/tmp")
    assert _socket_root() == Path("/var/tmp")
