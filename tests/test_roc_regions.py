"""Sensitivity at fixed specificity and partial AUROC: scikit-learn, identities, and pROC's published results."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from sklearn.metrics import roc_auc_score

from iso4213_nb.measures.curves import BinaryScores
from iso4213_nb.core.errors import InputError
from iso4213_nb.measures.roc_regions import (bootstrap_curve_values, partial_auroc, sensitivity_at_specificity,
                                    roc_band, specificity_at_sensitivity)
from iso4213_nb.core.undefined import Undefined


def _scores(seed, n=300, decimals=1):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    if y.min() == y.max():
        y[0] = 1 - y[0]
    return y, np.round(y * 0.8 + rng.normal(0, 1, n), decimals)


@settings(max_examples=60, deadline=None, database=None)
@given(seed=st.integers(0, 10_000), max_fpr=st.floats(0.01, 0.99), decimals=st.integers(0, 2))
def test_standardized_partial_auroc_equals_scikit_learn_max_fpr(seed, max_fpr, decimals):
    y, s = _scores(seed, decimals=decimals)
    ours = partial_auroc(BinaryScores(y, s), 1 - max_fpr, 1).standardized
    if isinstance(ours, Undefined):  # below the diagonal: scikit-learn extrapolates, pROC and we refuse
        return
    assert ours == pytest.approx(roc_auc_score(y, s, max_fpr=max_fpr), abs=1e-12)


@settings(max_examples=40, deadline=None, database=None)
@given(seed=st.integers(0, 10_000), cuts=st.lists(st.floats(0, 1), min_size=1, max_size=3),
       focus=st.sampled_from(["specificity", "sensitivity"]))
def test_partial_areas_add_up_to_the_auroc(seed, cuts, focus):
    scores = BinaryScores(*_scores(seed))
    edges = sorted({0.0, 1.0, *cuts})
    parts = [partial_auroc(scores, a, b, focus).area for a, b in zip(edges[:-1], edges[1:])]
    assert sum(parts) == pytest.approx(scores.auroc(), abs=1e-12)


def test_sensitivity_at_specificity_on_a_hand_curve():
    # ROC points (FPR, TPR): (0,0) (0,.5) (.5,.5) (.5,1) (1,1): a vertical step at Sp = 0.5 and Sp = 1
    scores = BinaryScores([1, 1, 0, 0], [0.9, 0.5, 0.7, 0.1])
    assert sensitivity_at_specificity(scores, 0.5) == 1.0  # the highest of the step
    assert sensitivity_at_specificity(scores, 1.0) == 0.5
    assert sensitivity_at_specificity(scores, 0.75) == 0.5  # a flat segment
    assert specificity_at_sensitivity(scores, 0.75) == 0.5
    tied = BinaryScores([1, 0], [0.5, 0.5])  # one diagonal segment
    assert sensitivity_at_specificity(tied, 0.3) == pytest.approx(0.7)


def test_mcclish_standardisation_gives_one_for_perfect_and_half_for_chance():
    perfect = BinaryScores([0, 0, 1, 1], [0.1, 0.2, 0.8, 0.9])
    chance = BinaryScores([0, 0, 1, 1], [0.5, 0.5, 0.5, 0.5])
    for focus in ("specificity", "sensitivity"):
        assert partial_auroc(perfect, 0.8, 1, focus).standardized == pytest.approx(1.0)
        assert partial_auroc(chance, 0.8, 1, focus).standardized == pytest.approx(0.5)
    inverted = BinaryScores([1, 1, 0, 0], [0.1, 0.2, 0.8, 0.9])
    assert isinstance(partial_auroc(inverted, 0.8, 1).standardized, Undefined)


def test_bootstrap_is_stratified_and_reproducible():
    scores = BinaryScores(*_scores(3))
    values = bootstrap_curve_values(scores, lambda r: [r.positives, r.negatives, r.auroc()], 50, seed=4)
    assert np.all(values[:, 0] == scores.positives) and np.all(values[:, 1] == scores.negatives)
    assert np.array_equal(values, bootstrap_curve_values(scores, lambda r: [r.positives, r.negatives, r.auroc()],
                                                         50, seed=4))
    assert values[:, 2].std() > 0


@pytest.mark.parametrize("call, message", [
    (lambda s: partial_auroc(s, 0.9, 0.9), "range is empty"),
    (lambda s: partial_auroc(s, 0.8, 1.2), "between 0 and 1"),
    (lambda s: partial_auroc(s, 0.8, 1, focus="fpr"), "focus must be one of"),
    (lambda s: sensitivity_at_specificity(s, "high"), "must be a number"),
    (lambda s: bootstrap_curve_values(s, lambda r: 0, 1), "at least 2"),
    (lambda s: bootstrap_curve_values(s, lambda r: 0, "x"), "at least 2, got x"),  # was int()'s ValueError
    (lambda s: roc_band(s, n_resamples=None), "at least 2, got None"),  # was int()'s TypeError
])
def test_bad_requests_are_one_line_errors(call, message):
    with pytest.raises(InputError, match=message):
        call(BinaryScores(*_scores(1)))


def test_single_class_gives_undefined_points_and_areas():
    one = BinaryScores([1, 1, 1], [0.2, 0.5, 0.9])
    assert isinstance(sensitivity_at_specificity(one, 0.9), Undefined)
    assert isinstance(partial_auroc(one, 0.8, 1).area, Undefined)


# ---------------------------------------------------------------- pROC's own results (tests/data/proc)
import csv  # noqa: E402
from pathlib import Path  # noqa: E402

from iso4213_nb.stats import auroc_ci, delong_test  # noqa: E402

PROC = Path(__file__).parent / "data" / "proc"


def _proc_references() -> dict:
    with (PROC / "references.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    return {(row["dataset"], row["quantity"]): (float("nan") if row["value"] == "NA" else float(row["value"]))
            for row in rows}


def _proc_data(name):
    with (PROC / f"{name}.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    return tuple(np.array([float(row[c]) for row in rows]) for c in ("y", "a", "b"))


REFERENCES = _proc_references()
DATASETS = sorted({dataset for dataset, _ in REFERENCES})


def _ours(value):
    return float("nan") if isinstance(value, Undefined) else value


@pytest.mark.parametrize("dataset", DATASETS)
def test_points_and_partial_areas_equal_proc(dataset):
    y, a, _ = _proc_data(dataset)
    scores = BinaryScores(y.astype(int), a)
    checked = 0
    for (name, quantity), want in REFERENCES.items():
        if name != dataset:
            continue
        if quantity == "auc_a":
            got = scores.auroc()
        elif quantity.startswith("pauc_"):
            _, focus, low, high, *mcclish = quantity.split("_")
            result = partial_auroc(scores, float(low), float(high), focus)
            got = _ours(result.standardized if mcclish else result.area)
        elif quantity.startswith("se_at_sp_"):
            got = sensitivity_at_specificity(scores, float(quantity.rsplit("_", 1)[1]))
        elif quantity.startswith("sp_at_se_"):
            got = specificity_at_sensitivity(scores, float(quantity.rsplit("_", 1)[1]))
        else:
            continue
        assert got == pytest.approx(want, abs=1e-12, nan_ok=True), quantity
        checked += 1
    assert checked == 1 + 12 + 6


@pytest.mark.parametrize("dataset", DATASETS)
def test_delong_interval_and_test_equal_proc(dataset):
    y, a, b = _proc_data(dataset)
    ci = auroc_ci(y.astype(int), a, method="delong")
    assert (ci.low, ci.high) == pytest.approx((REFERENCES[dataset, "delong_ci_low"],
                                               REFERENCES[dataset, "delong_ci_high"]), abs=1e-12)
    test = delong_test(y.astype(int), a, b)
    assert test.statistic == pytest.approx(REFERENCES[dataset, "delong_test_z"], abs=1e-10)
    assert test.pvalue == pytest.approx(REFERENCES[dataset, "delong_test_p"], abs=1e-12)


@pytest.mark.parametrize("dataset", DATASETS)
def test_bootstrap_intervals_agree_with_proc_to_monte_carlo_error(dataset):
    y, a, _ = _proc_data(dataset)
    scores = BinaryScores(y.astype(int), a)
    values = bootstrap_curve_values(
        scores, lambda r: [sensitivity_at_specificity(r, 0.9), partial_auroc(r, 0.8, 1).area], 4000, seed=7)
    (se_low, pauc_low), (se_high, pauc_high) = np.quantile(values, [0.025, 0.975], axis=0)
    assert se_low == pytest.approx(REFERENCES[dataset, "ci_se_at_sp_0.9_low"], abs=0.03)
    assert se_high == pytest.approx(REFERENCES[dataset, "ci_se_at_sp_0.9_high"], abs=0.03)
    assert pauc_low == pytest.approx(REFERENCES[dataset, "ci_pauc_specificity_0.8_1_low"], abs=0.006)
    assert pauc_high == pytest.approx(REFERENCES[dataset, "ci_pauc_specificity_0.8_1_high"], abs=0.006)


def test_precision_at_recall_reads_the_first_operating_point_reaching_it():
    from iso4213_nb.measures.roc_regions import precision_at_recall
    scores = BinaryScores([1, 0, 1, 0, 1], [0.9, 0.8, 0.7, 0.6, 0.2])
    assert precision_at_recall(scores, 1 / 3) == 1.0
    assert precision_at_recall(scores, 0.5) == pytest.approx(2 / 3)  # threshold 0.7: TP 2, FP 1
    assert precision_at_recall(scores, 1.0) == pytest.approx(3 / 5)


def test_roc_band_agrees_with_proc_ci_se_and_covers_the_estimate():
    from iso4213_nb.measures.roc_regions import roc_band
    y, a, _ = _proc_data("medium")
    band = roc_band(BinaryScores(y.astype(int), a), [0.9], n_resamples=4000, seed=7)
    assert band.low[0] == pytest.approx(REFERENCES["medium", "ci_se_at_sp_0.9_low"], abs=0.03)
    assert band.high[0] == pytest.approx(REFERENCES["medium", "ci_se_at_sp_0.9_high"], abs=0.03)
    wide = roc_band(BinaryScores(y.astype(int), a), n_resamples=300)
    assert np.all(wide.low <= wide.estimate + 1e-12) and np.all(wide.estimate <= wide.high + 1e-12)
    assert wide.estimate[0] == 1.0 and wide.pointwise


@pytest.mark.slow
def test_roc_band_reaches_its_pointwise_coverage_in_simulation():
    """Binormal scores, Se at Sp = 0.8 known exactly: the 90 % pointwise interval covers it about 90 % of the time."""
    from scipy import stats as sps

    from iso4213_nb.measures.roc_regions import roc_band
    rng = np.random.default_rng(11)
    shift, sp = 1.2, 0.8
    truth = sps.norm.sf(sps.norm.ppf(sp) - shift)
    hits = []
    for _ in range(150):
        y = np.r_[np.ones(150, int), np.zeros(250, int)]
        s = np.r_[rng.normal(shift, 1, 150), rng.normal(0, 1, 250)]
        band = roc_band(BinaryScores(y, s), [sp], confidence_level=0.9, n_resamples=300, seed=int(rng.integers(1e9)))
        hits.append(band.low[0] <= truth <= band.high[0])
    assert np.mean(hits) == pytest.approx(0.9, abs=0.07)


def test_pr_band_equals_an_independent_stratified_bootstrap_of_scikit_learns_curve():
    """Precision at each recall (the first operating point, from the highest threshold, that reaches it), and its
    pointwise percentile interval, against rows resampled within each class and read off scikit-learn's PR curve."""
    from sklearn.metrics import precision_recall_curve

    from iso4213_nb.measures.roc_regions import pr_band

    def precision_at(y, s, recall):
        precision, recalls, thresholds = precision_recall_curve(y, s)
        reaching = recalls[:-1] >= recall  # the last point (recall 0) has no threshold
        return precision[:-1][reaching][np.argmax(thresholds[reaching])]

    y, a, _ = _proc_data("medium")
    y = y.astype(int)
    grid = [0.3, 0.6, 0.9]
    band = pr_band(BinaryScores(y, a), grid, n_resamples=2000, seed=3)
    np.testing.assert_allclose(band.estimate, [precision_at(y, a, r) for r in grid], rtol=1e-12)
    rng = np.random.default_rng(5)
    positives, negatives = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
    values = []
    for _ in range(1000):
        rows = np.r_[rng.choice(positives, len(positives)), rng.choice(negatives, len(negatives))]
        values.append([precision_at(y[rows], a[rows], r) for r in grid])
    low, high = np.quantile(values, [0.025, 0.975], axis=0)
    np.testing.assert_allclose(band.low, low, atol=0.03)
    np.testing.assert_allclose(band.high, high, atol=0.03)
    assert np.all(band.low <= band.estimate) and np.all(band.estimate <= band.high) and band.pointwise
