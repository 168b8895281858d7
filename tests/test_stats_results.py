"""Every result object serialises to JSON (undefined values as null with their reasons) and explains itself."""

import json

import numpy as np
import pytest

from iso4213_nb import InputError
from iso4213_nb import stats

RNG = np.random.default_rng(0)
Y = RNG.integers(0, 2, 60)
A, B = Y + RNG.normal(0, 1, 60), Y + RNG.normal(0, 1.5, 60)
DIFFS = RNG.normal(0.02, 0.01, (5, 2))

RESULTS = {
    "paired_ttest": lambda: stats.paired_ttest(A, B, folds=False),
    "wilcoxon": lambda: stats.wilcoxon(A, B),
    "5x2cv t": lambda: stats.paired_ttest_5x2cv(DIFFS),
    "5x2cv F": lambda: stats.combined_ftest_5x2cv(DIFFS),
    "corrected t": lambda: stats.corrected_resampled_ttest(DIFFS, 90, 10),
    "anova": lambda: stats.anova(A[:20], A[20:40], B[40:]),
    "kruskal": lambda: stats.kruskal_wallis(A[:20], A[20:40], B[40:]),
    "friedman": lambda: stats.friedman(np.column_stack([A[:12], B[:12], A[12:24]])),
    "chi_squared": lambda: stats.chi_squared([[10, 20], [30, 5]]),
    "fisher zero cell": lambda: stats.fisher_exact([[10, 0], [3, 5]]),
    "mcnemar": lambda: stats.mcnemar([[30, 8], [2, 20]]),
    "mcnemar undefined": lambda: stats.mcnemar([[30, 0], [0, 20]], exact=False),
    "cochran": lambda: stats.cochran_q(np.column_stack([Y, Y, 1 - Y])),
    "delong": lambda: stats.delong_test(Y, A, B),
}


@pytest.mark.parametrize("name", sorted(RESULTS))
def test_result_is_json_and_reads(name):
    result = RESULTS[name]()
    out = json.loads(json.dumps(result.to_dict()))
    assert out["name"] == result.name and out["reading"] == result.reading
    assert "assum" in result.reading or "rule" in result.reading.lower()
    for key, value in out.items():
        if value is None and key in ("statistic", "pvalue", "effect_size"):
            assert any(reason.startswith(f"{key}: ") for reason in out["undefined"])


def test_interval_objects_unpack_and_serialise():
    ci = stats.proportion_ci(45, 60, method="clopper-pearson")
    low, high = ci
    assert low < 0.75 < high
    assert json.loads(json.dumps(ci.to_dict()))["method"] == "clopper-pearson"
    boot = stats.auroc_ci(Y, A, method="bca", n_resamples=100)
    assert "distribution" not in boot.to_dict() and boot.to_dict()["seed"] == 0


def test_confidence_level_is_checked():
    with pytest.raises(InputError, match="strictly between 0 and 1"):
        stats.delong_test(Y, A, B).confidence_interval(1.0)
