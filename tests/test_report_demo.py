"""The bundled demo: its stored predictions regenerate exactly, and its meta file is a valid checklist."""

import csv

import numpy as np
from sklearn.metrics import accuracy_score

from iso4213_nb.controls import checklist
from iso4213_nb.demos import breast_cancer as demo


def test_regeneration_equals_the_stored_file(tmp_path):
    fresh = demo.write_demo_predictions(tmp_path / "demo.csv")
    assert fresh.read_text() == demo.DEMO_PREDICTIONS.read_text()


def test_stored_file_layout_and_split():
    with open(demo.DEMO_PREDICTIONS, newline="") as handle:
        rows = list(csv.DictReader(handle))
    expected = ["y_true"] + [f"{m}_{kind}" for m in demo.MODELS for kind in ("pred", "score")]
    assert list(rows[0]) == expected
    y = np.array([int(r["y_true"]) for r in rows])
    assert len(y) == 228 and y.sum() == 85  # 40 % of 569, stratified: 85 of the 212 malignant
    for m in demo.MODELS:
        accuracy = accuracy_score(y, [int(r[f"{m}_pred"]) for r in rows])
        assert 0.85 < accuracy < 1.0, m  # every demo model is a real classifier, none is perfect


def test_demo_meta_is_a_valid_checklist_with_report_settings():
    answers = checklist.load(demo.DEMO_META, extra_keys=("report",))
    assert answers["test_data.size"].startswith("228 samples: 85 malignant, 143 benign")
    assert "channel_effects.description" not in answers
