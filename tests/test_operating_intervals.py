"""Vectorised operating readings and their intervals against pROC's published results (tests/data/proc)."""

import csv
from pathlib import Path

import numpy as np
import pytest

from iso4213_nb.measures.curves import BinaryScores
from iso4213_nb.stats.measure_intervals import IntervalSettings
from iso4213_nb.stats.operating_intervals import operating_intervals

PROC = Path(__file__).parent / "data" / "proc"


def _references() -> dict:
    with (PROC / "references.csv").open() as handle:
        return {(r["dataset"], r["quantity"]): float("nan") if r["value"] == "NA" else float(r["value"])
                for r in csv.DictReader(handle)}


REFERENCES = _references()
DATASETS = sorted({dataset for dataset, _ in REFERENCES})


def _scores(name) -> BinaryScores:
    with (PROC / f"{name}.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    return BinaryScores(np.array([int(float(r["y"])) for r in rows]), np.array([float(r["a"]) for r in rows]))


@pytest.mark.parametrize("dataset", DATASETS)
def test_estimates_equal_proc_and_intervals_agree_to_monte_carlo_error(dataset):
    scores = _scores(dataset)
    found = operating_intervals(scores, IntervalSettings(n_resamples=4000, seed=7), fixed=(0.8, 0.9),
                                partial_range=(0.8, 1.0))
    for kind, prefix in (("sensitivity_at_specificity", "se_at_sp_"), ("specificity_at_sensitivity", "sp_at_se_")):
        for entry in found[kind]:
            key = (dataset, f"{prefix}{entry['at']:g}")
            if key in REFERENCES:
                assert entry["estimate"] == pytest.approx(REFERENCES[key], abs=1e-12), key
    pa = found["partial_auroc"]
    assert pa["area"]["estimate"] == pytest.approx(REFERENCES[dataset, "pauc_specificity_0.8_1"], abs=1e-12)
    mcclish = REFERENCES[dataset, "pauc_specificity_0.8_1_mcclish"]
    assert pa["standardized"]["estimate"] == pytest.approx(mcclish, abs=1e-12, nan_ok=True)
    se = next(e for e in found["sensitivity_at_specificity"] if e["at"] == 0.9)
    assert se["method"] == "percentile"
    assert se["low"] == pytest.approx(REFERENCES[dataset, "ci_se_at_sp_0.9_low"], abs=0.03)
    assert se["high"] == pytest.approx(REFERENCES[dataset, "ci_se_at_sp_0.9_high"], abs=0.03)
    assert pa["area"]["low"] == pytest.approx(REFERENCES[dataset, "ci_pauc_specificity_0.8_1_low"], abs=0.006)
    assert pa["area"]["high"] == pytest.approx(REFERENCES[dataset, "ci_pauc_specificity_0.8_1_high"], abs=0.006)
