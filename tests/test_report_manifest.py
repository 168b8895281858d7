"""The audit trail of a report folder: manifest.json, the parsed input the kernel reads, report.json's schema."""

import copy
import dataclasses
import hashlib
import json
import math

import numpy as np
import pyarrow
import pytest
from jsonschema import Draft202012Validator

from iso4213_nb.demos import breast_cancer as demo_module
from iso4213_nb.report import content, export
from iso4213_nb.stats.measure_intervals import IntervalSettings
from iso4213_nb.report import uncertainty
from iso4213_nb.report.execute import inject_parameters
from iso4213_nb.report.manifest import MANIFEST
from iso4213_nb.report.parsed import read_parsed, write_parsed
from iso4213_nb.inputs import read_predictions
from iso4213_nb.report.schema import schema, schema_errors
from report_builds import demo_report, hostile_inputs, hostile_report


def _sha256(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def demo():
    folder = demo_report()
    return folder, json.loads((folder / MANIFEST).read_text())


@pytest.fixture(scope="module")
def hostile():
    folder = hostile_report()
    return folder, json.loads((folder / MANIFEST).read_text())


def test_manifest_lists_every_file_with_its_hash(demo, hostile):
    for folder, manifest in (demo, hostile):
        on_disk = {p.relative_to(folder).as_posix(): p for p in folder.rglob("*") if p.is_file()}
        assert set(manifest["files"]) == set(on_disk) - {MANIFEST}
        for rel, entry in manifest["files"].items():
            assert entry == {"sha256": _sha256(on_disk[rel]), "size": on_disk[rel].stat().st_size}
        assert {"report.json", "report.html", "report.ipynb", "predictions.parquet"} <= set(manifest["files"])
    assert "report.pdf" in demo[1]["files"] and "report.pdf" not in hostile[1]["files"]


def test_manifest_records_inputs_parameters_seeds_versions_and_times(demo, hostile):
    folder, manifest = demo
    predictions = manifest["inputs"]["predictions"]
    assert predictions == {"name": "demo_predictions.csv", "sha256": _sha256(demo_module.DEMO_PREDICTIONS),
                           "size": demo_module.DEMO_PREDICTIONS.stat().st_size, "format": "csv",
                           "parsed": "predictions.parquet"}
    assert manifest["inputs"]["meta"]["sha256"] == _sha256(demo_module.DEMO_META)
    assert manifest["random_seeds"] == {"demo.train_test_split": demo_module.SEED, "demo.models": demo_module.SEED,
                                        "bootstrap": 0}
    assert manifest["parameters"] == {"positive": None, "threshold": 0.5, "formats": ["html", "pdf"], "reading": {},
                                      "top_k": [], "demo": "binary", "lang": "en",
                                      "intervals": uncertainty.settings_json(IntervalSettings())}
    assert manifest["environment"]["dependencies"]["numpy"] == np.__version__
    assert manifest["environment"]["dependencies"]["pyarrow"] == pyarrow.__version__
    assert manifest["environment"]["tools"]["pdf_browser"]["version"].lower().startswith("chromium")
    assert manifest["environment"]["tools"]["pdf_browser"]["path"] == export.find_browser()
    assert manifest["started_utc"] < manifest["finished_utc"] and manifest["finished_utc"].endswith("Z")
    assert isinstance(manifest["command"], list) and manifest["command"]
    h_folder, h_manifest = hostile
    csv_path, meta_path = hostile_inputs(h_folder.parent.parent / "hostile-inputs")
    assert h_manifest["inputs"]["predictions"]["sha256"] == _sha256(csv_path)
    assert h_manifest["inputs"]["predictions"]["name"] == csv_path.name
    assert h_manifest["random_seeds"] == {"bootstrap": 0} and h_manifest["environment"]["tools"] == {}


def test_kernel_reads_the_parsed_columns_never_the_users_path(hostile):
    folder, _ = hostile
    notebook = json.loads((folder / "report.ipynb").read_text())
    injected = [c for c in notebook["cells"] if "injected-parameters" in c["metadata"].get("tags", [])]
    assert len(injected) == 1
    source = "".join(injected[0]["source"])
    namespace = {}
    exec(source, namespace)
    assert json.loads(namespace["parameters_json"]) == {"report_json": "report.json",
                                                       "predictions": "predictions.parquet", "lang": "en"}
    text = (folder / "report.ipynb").read_text()
    assert "hostile-inputs" not in text and ".csv" not in source and "read_predictions" not in text


@pytest.mark.parametrize("value", ['a "quoted" label', "back\\slash", "new\nline", "unicode ✓ λ", "'; import os #"])
def test_parameters_reach_the_notebook_as_json(value):
    nb = {"cells": [{"cell_type": "code", "metadata": {"tags": ["parameters"]}, "source": "", "outputs": []}]}
    import nbformat
    nb = nbformat.from_dict({**nb, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
    inject_parameters(nb, {"label": value, "n": 3})
    namespace = {}
    exec(nb.cells[1].source, namespace)
    assert set(namespace) == {"__builtins__", "parameters_json"}
    assert json.loads(namespace["parameters_json"]) == {"label": value, "n": 3}
    with pytest.raises(ValueError):
        inject_parameters(nb, {"threshold": math.nan})


@pytest.mark.parametrize("text, positive", [
    ("y_true,m_pred,m_score,s_score\n1,1,0.9,0.3\n0,0,0.2,0.1\n1,0,0.4,0.9\n0,1,0.6,0.6\n", None),
    ("y_true,m_pred,m_score\nspam,spam,0.9\nham,ham,0.1\nspam,ham,0.3\nham,spam,0.5\n", "spam"),
    ("y_true,m_pred,n_pred\na,b,a\nb,b,c\nc,c,c\n", None),
])
def test_parsed_predictions_round_trip(tmp_path, text, positive):
    path = tmp_path / "p.csv"
    path.write_text(text)
    pred = read_predictions(path, positive=positive, threshold=0.5)
    back = read_parsed(write_parsed(pred, tmp_path / "p.parquet"))
    # the report keeps the file's name, never the folders it was read from
    assert back.source == dataclasses.replace(pred.source, name=pred.source.file_name)
    assert back.labels == pred.labels and back.positive == pred.positive
    assert np.array_equal(back.y_true, pred.y_true) and back.y_true.dtype.kind == pred.y_true.dtype.kind
    assert list(back.models) == list(pred.models)
    for name, model in pred.models.items():
        assert np.array_equal(back.models[name].pred, model.pred)
        assert back.models[name].derived_at == model.derived_at
        assert (model.scores is None and back.models[name].scores is None) or np.array_equal(
            back.models[name].scores, model.scores)
    assert content.build(back, {}, title="t", meta_name=None, demo=False)["models"] == \
        content.build(pred, {}, title="t", meta_name=None, demo=False)["models"]


def test_schema_is_draft_2020_12_and_ships_with_the_package():
    Draft202012Validator.check_schema(schema())
    assert schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_demo_and_hostile_reports_follow_the_schema(demo, hostile):
    for folder, _ in (demo, hostile):
        assert schema_errors(json.loads((folder / "report.json").read_text())) == []


@pytest.mark.parametrize("text", [
    "y_true,never_pred,never_score\n1,0,0.2\n0,0,0.1\n1,0,0.3\n0,0,0.4\n",  # undefined precision: null + reason
    "y_true,m1_pred,m2_pred\na,a,b\nb,b,b\n<c>,a,<c>\nb,<c>,b\n",  # text labels, three classes
    "y_true,m_pred\n1,1\n0,0\n1,1\n0,0\n",  # a perfect single model: no comparison
])
def test_odd_inputs_follow_the_schema(tmp_path, text):
    path = tmp_path / "p.csv"
    path.write_text(text)
    report = content.build(read_predictions(path), {}, title="t", meta_name=None, demo=False)
    report = json.loads(json.dumps(report, allow_nan=False))
    assert schema_errors(report) == []


def test_schema_rejects_what_a_report_must_not_hold(hostile):
    report = json.loads((hostile[0] / "report.json").read_text())
    model = next(iter(report["models"]))
    for damage, where in [
        (lambda r: r["models"][model]["assessment"].__setitem__("accuracy", "0.9"), "accuracy"),
        (lambda r: r["models"][model]["operating_points"][0].__setitem__("tp", -1), "tp"),
        (lambda r: r["items"][0].__setitem__("status", "done"), "status"),
        (lambda r: r.__setitem__("extra", 1), "extra"),
        (lambda r: r["input"].pop("n"), "'n' is a required property"),
    ]:
        broken = copy.deepcopy(report)
        damage(broken)
        errors = schema_errors(broken)
        assert errors and any(where in path or where in message for path, message in errors), errors
