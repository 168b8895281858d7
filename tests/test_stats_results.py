"""Results are frozen data with reason codes, serialise to language-neutral JSON, and readings put them in words."""

import dataclasses
import json
import re
import subprocess
import sys

import numpy as np
import pytest

from iso4213_nb import InputError, Undefined, stats
from iso4213_nb.words import readings

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


def _strings(value, skip=("mean_ranks", "pairwise")):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in skip:
                yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


@pytest.mark.parametrize("name", sorted(RESULTS))
def test_result_is_language_neutral_json_with_reason_codes(name):
    result = RESULTS[name]()
    out = json.loads(json.dumps(result.to_dict()))
    assert out["test"] == result.test and "reading" not in out and "name" not in out
    for text in _strings(out):  # codes and numbers only, no sentences
        assert re.fullmatch(r"[a-z0-9_\-]+(: [a-z0-9_]+)?", text), text
    for key in ("statistic", "pvalue", "effect_size"):
        if out[key] is None:
            assert f"{key}: {out['reasons'][key]['code']}" in out["undefined"]


@pytest.mark.parametrize("name", sorted(RESULTS))
def test_readings_put_every_result_and_reason_in_words(name):
    result = RESULTS[name]()
    text = readings.reading(result)
    assert "assum" in text or "rule" in text.lower()
    assert " " in readings.name(result) and " " in readings.effect_size_name(result)
    for value in (result.statistic, result.pvalue, result.effect_size, *result.details.values()):
        if isinstance(value, Undefined):
            assert value.code and " " in readings.reason(value)


def test_results_are_frozen_dataclasses():
    result = RESULTS["mcnemar"]()
    assert dataclasses.is_dataclass(result)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.pvalue = 0.5
    with pytest.raises(TypeError):
        result.details["b"] = 0
    assert result.b == 8 and result.details["b"] == 8
    with pytest.raises(AttributeError):
        result.no_such_detail


def test_confidence_interval_is_a_result_object():
    ci = RESULTS["delong"]().confidence_interval(0.9)
    assert isinstance(ci, stats.ConfidenceInterval) and dataclasses.is_dataclass(ci)
    assert (ci.confidence_level, ci.method, ci.of) == (0.9, "normal", "auroc_difference")
    low, high = ci
    assert low < ci.estimate < high
    with pytest.raises(InputError, match="gives no confidence interval"):
        RESULTS["5x2cv F"]().confidence_interval()


def test_undefined_p_value_has_a_code_its_parameters_and_words():
    result = stats.delong_test([1, 1, 0, 0], [0.9, 0.8, 0.1, 0.2], [0.5] * 4)
    out = result.to_dict()
    assert out["reasons"]["pvalue"] == {"code": "zero_variance", "cause": "degenerate_aurocs", "auc_a": 1.0,
                                        "auc_b": 0.5}
    assert out["undefined"][:2] == ["statistic: zero_variance", "pvalue: zero_variance"]
    assert "although the AUROCs differ (A = 1.0000, B = 0.5000)" in readings.reason(result.pvalue)


def test_interval_objects_unpack_and_serialise():
    ci = stats.proportion_ci(45, 60, method="clopper-pearson")
    low, high = ci
    assert low < 0.75 < high
    assert json.loads(json.dumps(ci.to_dict()))["method"] == "clopper-pearson"
    assert readings.name(ci) == "proportion, Clopper–Pearson interval" and "45 of 60" in readings.reading(ci)
    boot = stats.auroc_ci(Y, A, method="bca", n_resamples=100)
    assert "distribution" not in boot.to_dict() and boot.to_dict()["seed"] == 0


def test_confidence_level_is_checked():
    with pytest.raises(InputError, match="strictly between 0 and 1"):
        stats.delong_test(Y, A, B).confidence_interval(1.0)


def test_the_result_classes_and_the_clause_6_measures_load_no_scipy():
    """stats/__init__ imports lazily so that a module needing only the result classes does not pay for scipy;
    measures.assessment and multiclass_scores (clause 6) need only those classes."""
    probe = ("import sys, iso4213_nb.stats.results, iso4213_nb.measures.assessment, "
             "iso4213_nb.measures.multiclass_scores; print(sorted(m for m in sys.modules if m.startswith('scipy')))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
