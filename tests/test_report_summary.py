"""The report's one-page summary (issue 27, point 5): its data against scikit-learn and against the values it
summarises, its edge cases, its schema, its words in both languages and the contents list."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest
from sklearn.metrics import accuracy_score, f1_score, precision_score, recall_score, roc_auc_score

from iso4213_nb.cli import _streaming
from iso4213_nb.inputs import read_predictions
from iso4213_nb.measures.registry import clause
from iso4213_nb.report import content, render_summary, summary, uncertainty
from iso4213_nb.report.schema import schema_errors
from iso4213_nb.report.streamed import build_content, notebook, streaming_html
from iso4213_nb.report.verify import DIFFERS, verify_report
from iso4213_nb.scale import streaming
from iso4213_nb.stats.measure_intervals import IntervalSettings
from iso4213_nb.words.i18n import using
from report_builds import demo_report, multiclass_report

SETTINGS = IntervalSettings(n_resamples=50, budget=None)


def _at(report: dict, path: str):
    """The value of ``report.json`` at a summary ``source`` path (``a.b.c`` and ``a.b[3]``)."""
    value = report
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", path):
        value = value[int(part[1:-1])] if part.startswith("[") else value[part]
    return value


def _csv(tmp_path, columns: dict) -> str:
    path = tmp_path / "p.csv"
    path.write_text(",".join(columns) + "\n" + "".join(",".join(str(v) for v in row) + "\n"
                                                       for row in zip(*columns.values())), encoding="utf-8")
    return str(path)


def _report(path: str) -> dict:
    pred = read_predictions(path)
    report = uncertainty.extend(content.build(pred, {}, title=None, meta_name=None, demo=False),
                                uncertainty.Rows(pred), SETTINGS)
    return json.loads(json.dumps(summary.attach(report), default=lambda v: v.item()))


def _binary(rng, n=200, models=("a", "b", "c")) -> dict:
    y = rng.integers(0, 2, n)
    columns = {"y_true": y}
    for j, name in enumerate(models):
        columns[f"{name}_score"] = np.round(np.clip((0.25 + 0.1 * j) * y + 0.7 * rng.random(n), 0, 1), 3)
    return columns


def _assert_copies(report: dict) -> None:
    """Every number of the summary equals the value at its ``source``."""
    for name, entry in report["summary"]["models"].items():
        for h in entry["headline"]:
            found = _at(report, h["source"])
            if isinstance(found, dict):
                assert (h["estimate"], h["low"], h["high"]) == (found["estimate"], found["low"], found["high"])
            else:
                assert h["estimate"] == found and h["low"] is None
            assert h["clause"] == clause(h["measure"]) if h["measure"] in ("accuracy", "f1", "auroc") else True
    for t in report["summary"]["comparisons"]["tests"]:
        found = _at(report, t["source"])
        assert (t["pvalue"], t["adjusted_pvalue"], t["rejected"]) == (found["pvalue"], found["adjusted_pvalue"],
                                                                      found["rejected"])


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_binary_headline_measures_agree_with_scikit_learn(tmp_path, seed):
    columns = _binary(np.random.default_rng(seed))
    report = _report(_csv(tmp_path, columns))
    y = columns["y_true"]
    assert schema_errors(report) == []
    _assert_copies(report)
    for name in ("a", "b", "c"):
        scores = columns[f"{name}_score"]
        pred = (scores >= 0.5).astype(int)
        got = {h["measure"]: h["estimate"] for h in report["summary"]["models"][name]["headline"]}
        want = {"accuracy": accuracy_score(y, pred), "precision": precision_score(y, pred),
                "recall": recall_score(y, pred), "specificity": recall_score(y, pred, pos_label=0),
                "f1": f1_score(y, pred), "auroc": roc_auc_score(y, scores)}
        assert list(got) == list(want)
        assert got == pytest.approx(want, abs=1e-12)
    tests = report["summary"]["comparisons"]
    assert tests["adjustment"] == "holm" and tests["alpha"] == 0.05 and len(tests["tests"]) == 6
    assert tests["significant"] == sum(t["rejected"] for t in report["comparisons"]["tests"])
    assert report["summary"]["ranking"]["applies"] and report["summary"]["ranking"]["measure"] == "auroc"


def test_undefined_precision_is_undefined_with_its_reason_and_one_model_has_no_comparisons(tmp_path):
    rng = np.random.default_rng(4)
    y = rng.integers(0, 2, 80)
    report = _report(_csv(tmp_path, {"y_true": y, "never_pred": np.zeros(80, int)}))
    assert schema_errors(report) == []
    headline = {h["measure"]: h for h in report["summary"]["models"]["never"]["headline"]}
    assert headline["precision"]["estimate"] is None and headline["precision"]["low"] is None
    assert headline["recall"]["estimate"] == 0.0  # zero is a value, not undefined
    assert "auroc" not in headline  # no scores, no AUROC
    undefined = [w for w in report["summary"]["warnings"] if w["code"] in ("undefined_value", "undefined_interval")]
    assert any("precision" in w["where"] and w["reason"]["code"] for w in undefined)
    assert report["summary"]["comparisons"]["tests"] == [] and report["summary"]["comparisons"]["significant"] == 0
    assert report["summary"]["ranking"] == {"applies": False,
                                            "reason": {"code": "fewer_than_three_models", "models": 1}}
    missing = {m["id"] for m in report["summary"]["items"]["missing"]}
    assert {"process", "channel_effects", "hyperparameters", "inference_cost"} <= missing
    assert "measures" not in missing and report["summary"]["items"]["automatic"] >= 4
    with using("ru"):
        page = render_summary.summary(report)
    assert "Сводка" in page and "не определено" in page.lower()


def test_multiclass_headline_and_macro_auroc(tmp_path):
    rng = np.random.default_rng(7)
    n = 240
    y = rng.integers(0, 3, n)
    logits = rng.normal(size=(n, 3)) + 1.5 * np.eye(3)[y]
    proba = np.round(np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True), 6)
    report = _report(_csv(tmp_path, {"y_true": y, **{f"m_score_{c}": proba[:, c] for c in range(3)}}))
    assert schema_errors(report) == []
    _assert_copies(report)
    got = {h["measure"]: h["estimate"] for h in report["summary"]["models"]["m"]["headline"]}
    pred = proba.argmax(axis=1)
    assert got["accuracy"] == pytest.approx(accuracy_score(y, pred))
    assert got["macro_f1"] == pytest.approx(f1_score(y, pred, average="macro"))
    assert got["weighted_f1"] == pytest.approx(f1_score(y, pred, average="weighted"))
    assert got["auroc"] == pytest.approx(roc_auc_score(y, proba / proba.sum(axis=1, keepdims=True), multi_class="ovr"),
                                         abs=1e-9)
    assert {"code": "labels_from_argmax", "model": "m"} in report["summary"]["warnings"]


def test_multilabel_headline_and_a_long_list_of_tests(tmp_path):
    rng = np.random.default_rng(3)
    t = rng.integers(0, 2, (60, 3))
    columns = {f"y_true_{c}": t[:, i] for i, c in enumerate("abc")}
    predictions = {}
    for name, right in (("m", 0.8), ("k", 0.7), ("q", 0.6)):
        predictions[name] = np.where(rng.random((60, 3)) < right, t, 1 - t)
        columns.update({f"{name}_pred_{c}": predictions[name][:, i] for i, c in enumerate("abc")})
    report = _report(_csv(tmp_path, columns))
    assert schema_errors(report) == []
    _assert_copies(report)
    p = predictions["m"]
    got = {h["measure"]: h["estimate"] for h in report["summary"]["models"]["m"]["headline"]}
    assert got["hamming_loss"] == pytest.approx(np.mean(t != p))
    assert got["exact_match_ratio"] == pytest.approx(np.mean((t == p).all(axis=1)))
    assert report["summary"]["task"] == "multilabel" and len(report["summary"]["comparisons"]["tests"]) == 9
    page = render_summary.comparisons_text(report)
    assert page.count("<tr>") == 1 + render_summary.MAX_TESTS and "… and 1 more tests in section 7." in page


@pytest.mark.parametrize("bins", [None, 64])
def test_streamed_report_summary_names_the_counts_path(tmp_path, capsys, bins):
    path = _csv(tmp_path, _binary(np.random.default_rng(5), n=150, models=("a", "b")))
    args = type("Args", (), {"engine": None, "scheduler": None, "chunk_rows": 40, "bins": bins,
                             "bins_range": (0.0, 1.0)})()
    states, settings, source, chunks = _streaming.collect(args, path)
    assessed = streaming.assess_states(states, settings, source.name)
    with chunks:
        report = build_content(assessed, states, source, answers={}, title="t", meta_name=None, how={"how": "-"},
                               chunks=chunks)
    summary.attach(report)
    opening = notebook(report, assessed).cells[0].outputs[0]["data"]["text/html"]
    assert 'id="summary"' in opening and 'id="contents"' in opening
    page = streaming_html(json.loads(json.dumps(report, default=lambda v: v.item())))
    assert ("scores counted in 64 bins (--bins) have no known order within a bin" in page) == (bins == 64)
    with using("ru"):
        lines = render_summary.warning_lines(json.loads(json.dumps(report, default=lambda v: v.item())))
    assert not any("bootstrap_intervals" in line or "_interval" in line for line in lines)
    report = json.loads(json.dumps(report, default=lambda v: v.item()))
    capsys.readouterr()
    assert schema_errors(report) == []
    _assert_copies(report)
    codes = [w["code"] for w in report["summary"]["warnings"]]
    assert "streamed" in codes and "not_given" in codes
    binned = [(w["model"], w["bound"]) for w in report["summary"]["warnings"] if w["code"] == "binned_auroc"]
    assert binned == ([] if bins is None else
                      [(m, report["streaming"]["binned"][m]["auroc_error_bound"]) for m in ("a", "b")])
    if bins is not None:
        return  # binned areas are approximate: the exact comparison below is for the unbinned path
    whole = _report(path)
    for name in ("a", "b"):  # the counts path gives the same headline values as the rows in memory
        streamed = {h["measure"]: h["estimate"] for h in report["summary"]["models"][name]["headline"]}
        memory = {h["measure"]: h["estimate"] for h in whole["summary"]["models"][name]["headline"]}
        assert streamed == pytest.approx(memory)


def test_fill_contents_links_every_heading_after_it():
    page = (render_summary.contents() + '<h2 id="a-b">One<a class="anchor-link" href="#a-b">¶</a></h2>'
            "<p>x</p><h3>One &amp; a half</h3><h2>Two</h2><h4>not listed</h4>")
    filled = render_summary.fill_contents(page)
    links = re.findall(r'<a href="#([^"]+)">([^<]*)</a>', filled)
    assert [text for _id, text in links] == ["One", "One &amp; a half", "Two"]
    for ident, _text in links:
        assert re.search(rf'<h[23][^>]* id="{re.escape(ident)}"', filled)
    assert render_summary.fill_contents("<h2>x</h2>") == "<h2>x</h2>"


def test_summary_escapes_model_names(tmp_path):
    columns = _binary(np.random.default_rng(1), models=("m",))
    columns["<b>x</b>_score"] = columns.pop("m_score")
    page = render_summary.summary(_report(_csv(tmp_path, columns)))
    assert "<b>x</b>" not in page and "&lt;b&gt;x&lt;/b&gt;" in page


def test_every_warning_code_is_in_the_schema():
    from iso4213_nb.report.schema import schema

    codes = schema()["properties"]["summary"]["properties"]["warnings"]["items"]["properties"]["code"]["enum"]
    assert tuple(codes) == summary.WARNINGS


def test_demo_reports_summary_is_verifiable_and_a_changed_value_is_caught(tmp_path):
    for folder in (demo_report(), multiclass_report()):
        report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
        assert schema_errors(report) == []
        _assert_copies(report)
        assert verify_report(folder).ok
    report = json.loads((multiclass_report() / "report.json").read_text(encoding="utf-8"))
    assert {"code": "undefined_interval", "model": "logistic_regression", "where": "top_5_accuracy",
            "reason": {"code": "degenerate_bootstrap", "value": 1.0}} in report["summary"]["warnings"]
    for lang, name in (("en", "top-5 accuracy"), ("ru", "top-5")):
        with using(lang):
            page = render_summary.summary(report)
        assert "top_5_accuracy" not in page and name in page  # the measure's name, not its key
    folder = demo_report()
    copy = tmp_path / "copy"
    import shutil

    shutil.copytree(folder, copy)
    report = json.loads((copy / "report.json").read_text(encoding="utf-8"))
    report["summary"]["models"]["naive_bayes"]["headline"][0]["estimate"] = 0.5
    (copy / "report.json").write_text(json.dumps(report, indent=1), encoding="utf-8")
    checks = [c for c in verify_report(copy).checks if c.status == DIFFERS]
    assert [c.item for c in checks] == ["summary.models.naive_bayes.headline[0].estimate"]


def test_weighted_file_and_a_small_group_are_warned_and_weighted_values_agree_with_scikit_learn(tmp_path):
    rng = np.random.default_rng(11)
    n = 160
    y = rng.integers(0, 2, n)
    score = np.round(np.clip(0.3 * y + 0.7 * rng.random(n), 0, 1), 3)
    w = np.round(rng.uniform(0.5, 2.0, n), 2)
    site = np.where(np.arange(n) < 6, "tiny", "large")
    report = _report(_csv(tmp_path, {"y_true": y, "m_score": score, "group_site": site, "weight": w}))
    assert schema_errors(report) == []
    _assert_copies(report)
    got = {h["measure"]: h for h in report["summary"]["models"]["m"]["headline"]}
    pred = (score >= 0.5).astype(int)
    want = {"accuracy": accuracy_score(y, pred, sample_weight=w),
            "precision": precision_score(y, pred, sample_weight=w),
            "recall": recall_score(y, pred, sample_weight=w), "f1": f1_score(y, pred, sample_weight=w),
            "auroc": roc_auc_score(y, score, sample_weight=w)}
    assert {k: got[k]["estimate"] for k in want} == pytest.approx(want)
    assert got["accuracy"]["low"] is None  # Wilson's interval has no weighted form: no interval, not a made-up one
    codes = [wn["code"] for wn in report["summary"]["warnings"]]
    assert codes[0] == "weighted" and "labels_from_scores" in codes
    small = [wn for wn in report["summary"]["warnings"] if wn["code"] == "small_group"]
    assert [(wn["kind"], wn["attribute"], wn["value"], wn["n"]) for wn in small] == [
        ("small_group", "site", "tiny", 6), ("small_cell", "site", "tiny", 6)]
    assert small[0]["minimum"] == 30 and all(v < small[1]["minimum"] for v in small[1]["cells"].values())
    with using("ru"):
        page = render_summary.summary(report)
    assert "tiny" in page and "взвешено" in page
