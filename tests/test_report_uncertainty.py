"""The report's uncertainty: intervals on every measure, operating points with intervals, the ranking section.

Reuses the demo and hostile reports of tests/report_builds.py (no extra build).
"""

import json
import re
import shutil
from types import SimpleNamespace

import numpy as np
import pytest
import scikit_posthocs
from scipy import stats as sps
from sklearn.metrics import average_precision_score, cohen_kappa_score, f1_score, fbeta_score, matthews_corrcoef

from iso4213_nb.demos import breast_cancer as demo
from iso4213_nb.measures import roc_regions
from iso4213_nb.cli import build_parser
from iso4213_nb.cli._intervals import interval_settings
from iso4213_nb.measures.curves import BinaryScores
from iso4213_nb.inputs import read_predictions
from iso4213_nb.stats.measure_intervals import DEFAULT_RESAMPLES, SCORE_BUDGET, IntervalSettings
from iso4213_nb.report import render, render_uncertainty, uncertainty
from iso4213_nb.report.manifest import read_manifest
from iso4213_nb.report.verify import verify_report
from iso4213_nb.words.i18n import using
from iso4213_nb.words.measures import label

from report_builds import MODEL_TAG, demo_report, hostile_report


@pytest.fixture(scope="module")
def demo_folder():
    return demo_report()


@pytest.fixture(scope="module")
def report(demo_folder):
    return json.loads((demo_folder / "report.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def pred():
    return read_predictions(demo.DEMO_PREDICTIONS, positive=None, threshold=0.5)


def test_every_measure_has_an_interval_equal_to_independent_estimates(report, pred):
    for name, model in pred.models.items():
        intervals = report["models"][name]["intervals"]
        expected = {"f1": f1_score(pred.y_true, model.pred), "f2": fbeta_score(pred.y_true, model.pred, beta=2),
                    "f0_5": fbeta_score(pred.y_true, model.pred, beta=0.5),
                    "matthews_correlation": matthews_corrcoef(pred.y_true, model.pred),
                    "cohen_kappa": cohen_kappa_score(pred.y_true, model.pred),
                    "average_precision": average_precision_score(pred.y_true, model.scores),
                    "lift": np.mean(pred.y_true[model.pred == 1] == 1) / np.mean(pred.y_true == 1)}
        for key, value in expected.items():
            entry = intervals[key]
            assert entry["estimate"] == pytest.approx(value), (name, key)
            assert entry["low"] <= entry["estimate"] <= entry["high"], (name, key)
            assert (entry["method"], entry["n_resamples"], entry["seed"]) == ("bca", DEFAULT_RESAMPLES, 0)
        assert intervals["auroc"]["method"] == "delong" and intervals["accuracy"]["method"] == "wilson"
    assert report["interval_settings"] == {"proportion_method": "wilson", "bootstrap_method": "bca",
                                           "confidence_level": 0.95, "n_resamples": DEFAULT_RESAMPLES, "seed": 0,
                                           "score_budget": SCORE_BUDGET}


def _last_cells(table: str) -> dict[str, str]:
    """First cell → last cell of each body row of an HTML table."""
    rows = [re.findall(r"<td>(.*?)</td>", row) for row in re.findall(r"<tr>(.*?)</tr>", table)]
    return {cells[0]: cells[-1] for cells in rows if cells}


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_report_names_each_interval_method_once_and_alike(report, language):
    """The clause-6 table and the interval table name a measure's interval method in the same words, those of
    words.intervals (they used to say "Wilson" and "Wilson score", "BCa bootstrap" and "bootstrap BCa")."""
    model = next(iter(report["models"]))
    with using(language):
        first = _last_cells(render.measures(report, model))
        second = _last_cells(render_uncertainty.interval_table(report, model))
        names = {"en": ("Wilson score", "bootstrap BCa"), "ru": ("Уилсона", "бутстреп BCa")}[language]
        expected = dict(zip((label("accuracy"), label("average_precision")), names))
    assert {name: first[name] for name in expected} == expected == {name: second[name] for name in expected}
    assert {name: method for name, method in first.items() if name in second and method} == {
        name: second[name] for name, method in first.items() if name in second and method}


def test_operating_points_equal_roc_regions_and_partial_auroc_says_why_not_delong(report, pred):
    for name, model in pred.models.items():
        op = report["models"][name]["operating_intervals"]
        scores = BinaryScores(pred.y_true, model.scores)
        for entry in op["sensitivity_at_specificity"]:
            assert entry["estimate"] == pytest.approx(roc_regions.sensitivity_at_specificity(scores, entry["at"]))
            assert entry["low"] <= entry["estimate"] <= entry["high"] and entry["method"] == "percentile"
        for entry in op["specificity_at_sensitivity"]:
            assert entry["estimate"] == pytest.approx(roc_regions.specificity_at_sensitivity(scores, entry["at"]))
        pa = op["partial_auroc"]
        exact = roc_regions.partial_auroc(scores, pa["low"], pa["high"])
        assert pa["area"]["estimate"] == pytest.approx(exact.area)
        assert pa["standardized"]["estimate"] == pytest.approx(exact.standardized)
        assert pa["delong"] == {"applies": False, "reason": {"code": "delong_full_auroc_only"}}
        band = op["bands"]["roc"]
        assert np.all(np.array(band["low"]) <= np.array(band["estimate"]) + 1e-12)
        assert band["estimate"][-1] == pytest.approx(roc_regions.sensitivity_at_specificity(scores, 1.0))


def test_ranking_is_friedman_over_the_fold_scores_and_nemenyi_agrees_with_scikit_posthocs(report):
    rk = report["ranking"]
    assert rk["applies"] and rk["measure"] == "auroc" and rk["folds"] == 10
    table = np.array([rk["fold_scores"][name] for name in rk["names"]]).T
    assert rk["friedman"]["statistic"] == pytest.approx(sps.friedmanchisquare(*table.T).statistic)
    nemenyi = scikit_posthocs.posthoc_nemenyi_friedman(table).to_numpy()
    assert np.array(rk["nemenyi_pvalues"]) == pytest.approx(nemenyi, abs=1e-6)
    b = rk["bayesian"]
    assert b["a_better"] + b["equivalent"] + b["b_better"] == pytest.approx(1.0)
    assert b["models"] == [rk["names"][i] for i in np.argsort(rk["mean_ranks"], kind="stable")[:2]]


def test_cd_diagram_written_beside_the_report_listed_in_the_manifest_and_shown(demo_folder, report):
    files = read_manifest(demo_folder)["files"]
    for name in ("critical_difference.png", "critical_difference.svg"):
        assert (demo_folder / name).stat().st_size > 1000 and name in files
    assert (demo_folder / "critical_difference.png").read_bytes()[:4] == b"\x89PNG"
    html = (demo_folder / "report.html").read_text(encoding="utf-8")
    for text in ("7.1 Ranking three or more models", "Iman–Davenport F", "Holm-adjusted p",
                 "Bayesian signed-rank test", "sensitivity at specificity 0.90", "McClish",
                 "variance is derived for the whole AUROC only", "Measures with 95 % intervals"):
        assert text in html, text
    assert html.count("data:image/png;base64") >= 3  # curves, bands, CD diagram at least


def test_verify_recomputes_the_intervals_and_the_ranking_exactly(demo_folder, tmp_path):
    assert not verify_report(demo_folder).differences
    copy = tmp_path / "copy"
    shutil.copytree(demo_folder, copy)
    data = json.loads((copy / "report.json").read_text(encoding="utf-8"))
    data["models"]["random_forest"]["intervals"]["f1"]["low"] += 0.01
    data["ranking"]["critical_difference"] += 0.01
    (copy / "report.json").write_text(json.dumps(data), encoding="utf-8")
    found = {c.item for c in verify_report(copy).differences if c.kind == "number"}
    assert found == {"models.random_forest.intervals.f1.low", "ranking.critical_difference"}


def test_two_models_say_why_there_is_no_ranking(pred):
    two = SimpleNamespace(**{**pred.__dict__, "models": dict(list(pred.models.items())[:2])})
    assert uncertainty.ranking(two, IntervalSettings()) == {
        "applies": False, "reason": {"code": "fewer_than_three_models", "models": 2}}
    html = render_uncertainty.ranking({"ranking": uncertainty.ranking(two, IntervalSettings())})
    assert "needs three or more models" in html


def test_hostile_report_escapes_model_names_in_the_new_sections():
    folder = hostile_report()
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    assert report["ranking"]["applies"] is False
    html = (folder / "report.html").read_text(encoding="utf-8")
    assert MODEL_TAG not in html
    assert not (folder / "critical_difference.png").exists()


def test_report_options_become_interval_settings():
    args = build_parser().parse_args(["report", "--ci-method", "clopper-pearson,percentile", "--confidence-level",
                                      "0.9", "--bootstrap", "500", "--seed", "3"])
    assert interval_settings(args) == IntervalSettings("clopper-pearson", "percentile", 0.9, 500, 3, budget=None)
    default = interval_settings(build_parser().parse_args(["report"]))
    assert default == IntervalSettings() and default.budget == SCORE_BUDGET
