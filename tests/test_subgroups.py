"""Subgroup analysis (5.3.2) against fairlearn's MetricFrame, statsmodels, scipy, repetition and a coverage simulation."""

import json
from itertools import combinations

import numpy as np
import pytest
from fairlearn.metrics import MetricFrame, true_negative_rate
from scipy.stats import chi2_contingency
from sklearn.metrics import (accuracy_score, balanced_accuracy_score, confusion_matrix, f1_score, precision_score,
                             recall_score, roc_auc_score)
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportion_confint

from iso4213_nb.core.errors import InputError
from iso4213_nb.stats import auroc_ci, bootstrap_ci
from iso4213_nb.scale.accumulators import GroupedCounts, accumulate
from iso4213_nb.measures.confusion import ConfusionMatrix
from iso4213_nb.measures.counts import BinaryCounts
from iso4213_nb.subgroups.counts import subgroups_from_counts
from iso4213_nb.subgroups.error_rates import error_rates, fpr_from_identity, rows_of_counts
from iso4213_nb.subgroups.rows import GroupThresholds, recall_gap, subgroup_analysis
from iso4213_nb.core.undefined import is_undefined

BINARY = {"accuracy": accuracy_score, "recall": recall_score, "specificity": true_negative_rate,
          "precision": precision_score, "f1": f1_score, "balanced_accuracy": balanced_accuracy_score}


def _binary(seed, n=500, groups=("north", "south", "east")):
    rng = np.random.default_rng(seed)
    g = rng.choice(groups, n, p=np.linspace(2, 1, len(groups)) / np.linspace(2, 1, len(groups)).sum())
    y = rng.integers(0, 2, n)
    s = np.round(rng.random(n) + 0.4 * y, 2)  # rounded: tied scores
    pred = (s >= 0.7).astype(int)
    return y, pred, s, g, rng


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("weighted", [False, True])
def test_binary_measures_match_fairlearn_metricframe(seed, weighted):
    y, pred, s, g, rng = _binary(seed)
    w = rng.random(len(y)) * 3 if weighted else None
    r = subgroup_analysis(y, pred, g, labels=[0, 1], positive=1, scores=s, sample_weight=w, n_bootstrap=50)
    params = {m: {"sample_weight": w} for m in BINARY} if weighted else None
    frame = MetricFrame(metrics=BINARY, y_true=y, y_pred=pred, sensitive_features=g, sample_params=params)
    auroc = MetricFrame(metrics={"auroc": roc_auc_score}, y_true=y, y_pred=s, sensitive_features=g,
                        sample_params={"auroc": {"sample_weight": w}} if weighted else None)
    for value in r.values:
        for m in BINARY:
            assert r.results[value][m].estimate == pytest.approx(frame.by_group.loc[value, m], rel=1e-12)
        assert r.results[value]["auroc"].estimate == pytest.approx(auroc.by_group.loc[value, "auroc"], rel=1e-12)
        assert r.n[value] == int(np.sum(g == value))
    for m in BINARY:
        assert r.largest_gap[m].estimate == pytest.approx(frame.difference(method="between_groups")[m], rel=1e-12)


def _present_macro_recall(y_true, y_pred):
    return recall_score(y_true, y_pred, labels=np.unique(y_true), average="macro")


@pytest.mark.parametrize("seed", range(3))
def test_multiclass_measures_match_fairlearn_and_scikit_learn(seed):
    rng = np.random.default_rng(seed)
    n, labels = 400, ["cat", "dog", "owl"]
    g = rng.choice(["x", "y"], n)
    y = np.array(labels)[rng.integers(0, 3, n)]
    y[(g == "y") & (y == "owl")] = "dog"  # a class absent from group y: its recall is left out, not 0
    scores = rng.random((n, 3))
    pred = np.array(labels)[scores.argmax(axis=1)]
    r = subgroup_analysis(y, pred, g, labels=labels, scores=scores, n_bootstrap=50)
    frame = MetricFrame(metrics={"accuracy": accuracy_score, "macro_recall": _present_macro_recall}, y_true=y,
                        y_pred=pred, sensitive_features=g)
    for value in r.values:
        for m in ("accuracy", "macro_recall"):
            assert r.results[value][m].estimate == pytest.approx(frame.by_group.loc[value, m], rel=1e-12)
        rows = g == value
        present = [j for j, label in enumerate(labels) if 0 < np.sum(y[rows] == label) < rows.sum()]
        expected = np.mean([roc_auc_score(y[rows] == labels[j], scores[rows, j]) for j in present])
        assert r.results[value]["auroc"].estimate == pytest.approx(expected, rel=1e-12)
    assert r.measures == ("accuracy", "macro_recall", "auroc")


@pytest.mark.filterwarnings("ignore:y_pred contains classes not in y_true")
@pytest.mark.parametrize("seed", range(3))
def test_macro_recall_is_the_balanced_accuracy_of_each_group_bit_for_bit(seed):
    """A group's macro recall is the one kernel's balanced accuracy: ConfusionMatrix's value of the group's rows to
    the bit (eleven classes, some absent from a group, where a zero-filled sum and the sum of the present recalls
    round differently), and scikit-learn's balanced_accuracy_score to 1e-12.  With sample weights the two sum each cell's
    weights in their own order, so there the agreement is to 1e-12."""
    rng = np.random.default_rng(seed)
    n, labels = 1200, list(range(11))
    g = rng.integers(0, 10, n)
    y = rng.integers(0, 11, n)
    for group in range(10):  # each group lacks 1 to 6 classes: their rows go to class 10
        absent = rng.choice(10, size=int(rng.integers(1, 7)), replace=False)
        y[(g == group) & np.isin(y, absent)] = 10
    pred = np.where(rng.random(n) < 0.6, y, rng.integers(0, 11, n))
    weight = rng.random(n) * 2
    for w in (None, weight):
        r = subgroup_analysis(y, pred, g, labels=labels, sample_weight=w, n_bootstrap=20)
        for value in r.values:
            rows = g == value
            group_weight = None if w is None else w[rows]
            cm = ConfusionMatrix.from_predictions(y[rows], pred[rows], labels=labels, sample_weight=group_weight)
            assert r.results[value]["macro_recall"].estimate == (
                cm.balanced_accuracy() if w is None else pytest.approx(cm.balanced_accuracy(), rel=1e-12)), value
            assert r.results[value]["macro_recall"].estimate == pytest.approx(
                balanced_accuracy_score(y[rows], pred[rows], sample_weight=group_weight), rel=1e-12)


def test_intervals_are_wilson_delong_and_bootstrap():
    y, pred, s, g, _ = _binary(4)
    r = subgroup_analysis(y, pred, g, labels=[0, 1], positive=1, scores=s, n_bootstrap=200, confidence_level=0.9)
    for value in r.values:
        rows = g == value
        tp = int(np.sum((y == 1) & (pred == 1) & rows))
        positives = int(np.sum((y == 1) & rows))
        low, high = proportion_confint(tp, positives, alpha=0.1, method="wilson")
        recall = r.results[value]["recall"]
        assert (recall.low, recall.high) == (pytest.approx(low, rel=1e-12), pytest.approx(high, rel=1e-12))
        assert recall.method == "wilson"
        delong = auroc_ci(y[rows], s[rows], confidence_level=0.9, positive=1)
        assert (r.results[value]["auroc"].low, r.results[value]["auroc"].high) == (delong.low, delong.high)
        f1 = r.results[value]["f1"]
        assert f1.method == "percentile" and f1.low < f1.estimate < f1.high


@pytest.mark.parametrize("seed", range(2))
def test_whole_weights_equal_repetition(seed):
    y, pred, s, g, rng = _binary(seed, n=200)
    w = rng.integers(0, 4, len(y))
    weighted = subgroup_analysis(y, pred, g, labels=[0, 1], positive=1, scores=s, sample_weight=w, n_bootstrap=20)
    repeated = subgroup_analysis(*(np.repeat(a, w) for a in (y, pred, g)), labels=[0, 1], positive=1,
                                 scores=np.repeat(s, w), n_bootstrap=20)
    for value in weighted.values:
        for m in weighted.measures:
            a, b = weighted.results[value][m], repeated.results[value][m]
            assert a.estimate == pytest.approx(b.estimate, rel=1e-12)
            if a.method != "percentile":  # the bootstrap draws rows, so its resamples differ
                assert (a.low, a.high) == (pytest.approx(b.low, rel=1e-12), pytest.approx(b.high, rel=1e-12))
    for m, test in weighted.heterogeneity.items():
        assert test.statistic == pytest.approx(repeated.heterogeneity[m].statistic, rel=1e-12)


def test_fractional_weights_leave_count_based_intervals_undefined():
    y, pred, s, g, rng = _binary(1, n=200)
    r = subgroup_analysis(y, pred, g, labels=[0, 1], positive=1, scores=s, sample_weight=rng.random(200) + 0.5,
                          n_bootstrap=20)
    value = r.values[0]
    for m in ("recall", "auroc"):
        assert is_undefined(r.results[value][m].low) and r.results[value][m].low.code == "fractional_weights"
    assert not is_undefined(r.results[value]["f1"].low)
    assert r.heterogeneity["recall"].statistic.code == "fractional_weights"


def test_heterogeneity_is_chi_squared_with_holm_pairs():
    y, pred, s, g, _ = _binary(2, n=900, groups=("a", "b", "c", "d"))
    r = subgroup_analysis(y, pred, g, labels=[0, 1], positive=1, n_bootstrap=20)
    test = r.heterogeneity["recall"]
    table = [[np.sum((g == v) & (y == 1) & (pred == 1)), np.sum((g == v) & (y == 1) & (pred == 0))] for v in r.values]
    expected = chi2_contingency(table, correction=False)
    assert test.statistic == pytest.approx(expected.statistic, rel=1e-12)
    assert test.pvalue == pytest.approx(expected.pvalue, rel=1e-10)
    assert test.df == 3
    pairs = test.details["pairwise"]
    assert len(pairs) == 6
    holm = multipletests([p["pvalue"] for p in pairs], alpha=0.05, method="holm")
    np.testing.assert_allclose([p["adjusted_pvalue"] for p in pairs], holm[1], rtol=1e-12)
    assert [p["rejected"] for p in pairs] == holm[0].tolist()
    assert set(r.heterogeneity) == {"accuracy", "recall", "specificity", "precision"}


def test_many_groups_skip_the_pairs_but_not_the_overall_test():
    rng = np.random.default_rng(8)
    g = rng.integers(0, 25, 2000)
    y, pred = rng.integers(0, 2, 2000), rng.integers(0, 2, 2000)
    test = subgroup_analysis(y, pred, g, labels=[0, 1], positive=1, n_bootstrap=10).heterogeneity["accuracy"]
    assert test.df == 24 and test.details["pairwise"] == []
    assert test.details["pairwise_skipped"].code == "too_many_groups"
    assert test.to_dict()["reasons"]["pairwise_skipped"] == {"code": "too_many_groups", "groups": 25, "maximum": 20}


def test_undefined_measure_in_one_group_and_warnings():
    rng = np.random.default_rng(3)
    g = np.array(["big"] * 200 + ["tiny"] * 12)
    y = np.concatenate([rng.integers(0, 2, 200), np.zeros(12, dtype=int)])  # tiny has no positives
    pred = np.concatenate([rng.integers(0, 2, 200), np.array([0] * 10 + [1] * 2)])
    r = subgroup_analysis(y, pred, g, labels=[0, 1], positive=1, n_bootstrap=50)
    recall = r.results["tiny"]["recall"]
    assert is_undefined(recall.estimate) and recall.estimate.code == "no_positives"
    assert r.largest_gap["recall"].estimate.code == "fewer_than_two_groups"
    assert not is_undefined(r.largest_gap["specificity"].estimate)
    codes = {(w["code"], w["value"]) for w in r.warnings}
    assert codes == {("small_group", "tiny"), ("small_cell", "tiny")}
    small = next(w for w in r.warnings if w["code"] == "small_cell")
    assert small["cells"] == {"tp": 0.0, "fp": 2.0, "fn": 0.0}
    out = json.loads(json.dumps(r.to_dict()))
    assert out["tiny"]["recall"]["estimate"] is None and out["tiny"]["n"] == 12
    assert out["largest_gap"]["specificity"]["between"] in (["big", "tiny"], ["tiny", "big"])


def test_largest_gap_is_an_estimate_that_points_to_the_test():
    y, pred, s, g, _ = _binary(5, n=300)
    r = subgroup_analysis(y, pred, g, labels=[0, 1], positive=1, scores=s, n_bootstrap=50)
    recall = {v: recall_score(y[g == v], pred[g == v]) for v in r.values}
    gap = r.largest_gap["recall"]
    assert gap.estimate == pytest.approx(max(recall.values()) - min(recall.values()), rel=1e-12)
    assert gap.between == [max(recall, key=recall.get), min(recall, key=recall.get)]
    assert gap.test == "chi_squared" and gap.pvalue == r.heterogeneity["recall"].pvalue
    assert r.largest_gap["f1"].test == "permutation" and r.largest_gap["auroc"].test is None
    out = json.loads(json.dumps(r.to_dict()))["largest_gap"]
    assert set(out["accuracy"]) == {"of", "estimate", "between", "test", "pvalue", "undefined", "reasons"}  # no bounds
    assert "low" not in out["f1"] and out["f1"]["n_permutations"] == 50


def _gap_percentile_interval(correct, sizes, rng, n_resamples=400, level=0.95):
    """The former gap interval, computed independently: per group, resampled accuracy ~ Binomial(n, k/n) / n."""
    draws = rng.binomial(sizes, correct / sizes, size=(n_resamples, len(sizes))) / sizes
    gaps = draws.max(axis=1) - draws.min(axis=1)
    return np.quantile(gaps, [(1 - level) / 2, (1 + level) / 2])


def test_gap_bootstrap_interval_excludes_0_under_no_difference_while_the_test_holds_its_level():
    """Why the gap has no interval (issue 27): 4 groups of 60 with one true accuracy, 0.8, in 200 simulations.

    The percentile interval of the bootstrapped max − min excludes 0 in nearly every simulation (a resampled
    maximum minus minimum is almost never 0), so "an interval clear of 0" would find a gap that is not there;
    the chi-squared test across groups rejects at about its α = 0.05.
    """
    sims, sizes = 200, np.array([60, 60, 60, 60])
    g = np.repeat(["a", "b", "c", "d"], sizes)
    excluded = rejected = 0
    for sim in range(sims):
        rng = np.random.default_rng(5000 + sim)
        y = rng.integers(0, 2, len(g))
        pred = np.where(rng.random(len(g)) < 0.8, y, 1 - y)
        correct = np.array([np.sum(y[g == v] == pred[g == v]) for v in "abcd"])
        excluded += _gap_percentile_interval(correct, sizes, rng)[0] > 0
        test = subgroup_analysis(y, pred, g, labels=[0, 1], positive=1, n_bootstrap=10).heterogeneity["accuracy"]
        rejected += test.pvalue < 0.05
    assert excluded / sims > 0.95
    assert rejected / sims < 0.10  # nominal 0.05; 200 simulations give a standard error of about 0.015


def test_a_one_row_group_gets_no_bootstrap_interval_with_its_reason_in_memory_and_from_counts():
    """Issue 27: a one-row group's F1 was 1.0000 [1.0000, 1.0000]; now Undefined ``degenerate_bootstrap``, Wilson kept."""
    rng = np.random.default_rng(11)
    y = np.concatenate([rng.integers(0, 2, 199), [1]])
    pred = np.concatenate([np.where(rng.random(199) < 0.8, y[:199], 1 - y[:199]), [1]])
    g = np.array(["many"] * 199 + ["one"])
    r = subgroup_analysis(y, pred, g, labels=[0, 1], positive=1, n_bootstrap=100)
    f1 = r.results["one"]["f1"]
    assert f1.estimate == 1.0 and f1.low.code == "degenerate_bootstrap" and f1.low.params == {"value": 1.0}
    assert not is_undefined(r.results["many"]["f1"].low)
    wilson = proportion_confint(1, 1, alpha=0.05, method="wilson")
    assert (r.results["one"]["accuracy"].low, r.results["one"]["accuracy"].high) == pytest.approx(wilson, rel=1e-12)
    # the streamed path (merged counts) applies the same rule: degenerate_bootstrap, not needs_rows
    parts = accumulate(GroupedCounts.zero("group"), [{"y_true": y, "y_pred": pred, "group": g}]).finalize()
    counted = subgroups_from_counts(parts, labels=[0, 1], positive=1)
    assert counted.results["one"]["f1"].low == f1.low
    assert counted.results["many"]["f1"].low.code == "needs_rows"


@pytest.mark.parametrize("task", ["binary", "multiclass"])
def test_merged_counts_call_a_bootstrap_degenerate_exactly_when_the_rows_do(task):
    """constant_under_resampling (from counts) against the resamples themselves, over 300 groups of 1 to 6 rows."""
    rng = np.random.default_rng(13)
    g = np.repeat(np.arange(300), rng.integers(1, 7, 300))
    k = 2 if task == "binary" else 3
    y = rng.integers(0, k, len(g))
    pred = np.where(rng.random(len(g)) < 0.7, y, rng.integers(0, k, len(g)))
    positive = 1 if task == "binary" else None
    r = subgroup_analysis(y, pred, g, labels=list(range(k)), positive=positive, n_bootstrap=200)
    parts = accumulate(GroupedCounts.zero("group"), [{"y_true": y, "y_pred": pred, "group": g}]).finalize()
    counted = subgroups_from_counts(parts, labels=list(range(k)), positive=positive, n_permutations=200)
    measures = ("f1", "balanced_accuracy") if task == "binary" else ("macro_recall",)
    for m in measures:  # the permutation test of the gap needs only the counts: the same p-value both ways
        assert counted.largest_gap[m].pvalue == r.largest_gap[m].pvalue
    degenerate = 0
    for value in r.values:
        for m in measures:
            rows, merged = r.results[value][m].low, counted.results[value][m].low
            if is_undefined(rows) and rows.code == "degenerate_bootstrap":
                degenerate += 1
                assert merged == rows
            elif not is_undefined(r.results[value][m].estimate) and not is_undefined(rows):
                assert merged.code == "needs_rows"
    assert degenerate > 50


def test_dropping_degenerate_intervals_restores_coverage_in_small_groups():
    """Why the rule is 'every resample alike' and not a minimum size (issue 27): 400 groups of 10 from one good model.

    Recall and specificity 0.95, prevalence 0.3.  The percentile intervals given cover the true F1 at least as often
    as nominal; the groups left without one would have shown [F1, F1], which misses the truth whenever F1 differs
    from it, and counting them as before brings the coverage far below 95 %.
    """
    rng = np.random.default_rng(14)
    groups, size, prevalence, rate = 400, 10, 0.3, 0.95
    g = np.repeat(np.arange(groups), size)
    y = (rng.random(len(g)) < prevalence).astype(int)
    pred = np.where(rng.random(len(g)) < rate, y, 1 - y)
    true_f1 = 2 * prevalence * rate / (2 * prevalence * rate + (1 - prevalence) * (1 - rate) + prevalence * (1 - rate))
    r = subgroup_analysis(y, pred, g, labels=[0, 1], positive=1, n_bootstrap=400)
    given = covered = degenerate = 0
    for value in r.values:
        ci = r.results[value]["f1"]
        if is_undefined(ci.estimate):
            continue
        if is_undefined(ci.low):
            assert ci.low.code == "degenerate_bootstrap"
            degenerate += 1
            continue
        given += 1
        covered += ci.low <= true_f1 <= ci.high
    assert degenerate > 0.3 * (given + degenerate)
    assert covered / given > 0.93
    assert covered / (given + degenerate) < 0.75  # the former zero-width intervals counted in


def test_many_tiny_groups_show_no_interval_of_the_gap():
    """Issue 27: with 500 groups of 4 every largest gap was 1.0000 [1.0000, 1.0000]."""
    rng = np.random.default_rng(12)
    g = np.repeat(np.arange(500), 4)
    y = rng.integers(0, 2, 2000)
    pred = np.where(rng.random(2000) < 0.8, y, 1 - y)
    r = subgroup_analysis(y, pred, g, labels=[0, 1], positive=1, n_bootstrap=20)
    assert not hasattr(r.largest_gap["accuracy"], "low")
    assert r.largest_gap["accuracy"].estimate == 1.0 and r.heterogeneity["accuracy"].pvalue > 0.05


def test_a_bootstrap_with_one_value_is_degenerate_as_metrics_says():
    """A perfect model on 40 rows: every resample's F1 is 1, so no zero-width interval (``degenerate_bootstrap``)."""
    y = np.tile([0, 1], 40)
    g = np.repeat(["a", "b"], 40)
    r = subgroup_analysis(y, y, g, labels=[0, 1], positive=1, n_bootstrap=50)
    assert r.results["a"]["f1"].low.code == "degenerate_bootstrap" and r.results["a"]["f1"].low.params == {"value": 1.0}
    whole = bootstrap_ci(lambda t, p: f1_score(t, p), y[:40], y[:40], n_resamples=50)
    assert whole.low.code == r.results["a"]["f1"].low.code  # the rule metrics' bootstrap applies


def test_group_bootstrap_is_seeded_and_resamples_within_group_and_class():
    y, pred, s, g, _ = _binary(5, n=300)
    a = subgroup_analysis(y, pred, g, labels=[0, 1], positive=1, n_bootstrap=100, seed=3)
    b = subgroup_analysis(y, pred, g, labels=[0, 1], positive=1, n_bootstrap=100, seed=3)
    for v in a.values:
        assert (a.results[v]["f1"].low, a.results[v]["f1"].high) == (b.results[v]["f1"].low, b.results[v]["f1"].high)
        # balanced accuracy needs both classes, which within-group-and-class resampling keeps: never undefined
        assert a.results[v]["balanced_accuracy"].details["n_undefined"] == 0


@pytest.mark.parametrize("threshold", [0.0, 0.35, 0.7, 1.01, 2.0])
def test_group_thresholds_equal_the_analysis_at_that_threshold(threshold):
    y, _, s, g, _ = _binary(6)
    lookup = GroupThresholds(y, s, g, positive=1)
    recalls = lookup.recall_at(threshold)
    r = subgroup_analysis(y, (s >= threshold).astype(int), g, labels=[0, 1], positive=1, n_bootstrap=10)
    for value in r.values:
        assert recalls[value] == pytest.approx(float(r.results[value]["recall"].estimate), rel=1e-12)
    gap, between = recall_gap(recalls)
    assert gap == pytest.approx(r.largest_gap["recall"].estimate, rel=1e-12, abs=1e-15)
    assert between == r.largest_gap["recall"].between or gap == 0


@pytest.mark.parametrize("call, words", [
    (lambda: subgroup_analysis([0, 1], [0, 1], ["a", "warnings"], labels=[0, 1], positive=1), "warnings"),
    (lambda: subgroup_analysis([0, 2], [0, 1], ["a", "b"], labels=[0, 1], positive=1), "not among labels"),
    (lambda: subgroup_analysis([0, 1], [0, 1], ["a", None], labels=[0, 1], positive=1), "missing"),
    (lambda: subgroup_analysis([0, 1], [0, 1, 1], ["a", "b"], labels=[0, 1], positive=1), "length"),
    (lambda: subgroup_analysis([0, 1], [0, 1], ["a", "b"], labels=[0, 1], positive=1, scores=[[0.1], [0.2]]),
     "one-dimensional"),
    (lambda: subgroup_analysis([0, 1], [0, 1], ["a", "b"], labels=[0, 1], positive=5), "positive class"),
    (lambda: subgroup_analysis([0, 1], [0, 1], ["a", "b"], labels=[0, 1], positive=1, order=["a"]), "'a', 'b'"),
    (lambda: subgroup_analysis([0, 1], [0, 1], ["a", "b"], labels=[0, 1], positive=1, order=["a", "b", "a"]),
     "exactly once"),
])
def test_bad_input_is_one_line(call, words):
    with pytest.raises(InputError, match=words) as caught:
        call()
    assert "\n" not in str(caught.value)


def test_a_bad_order_lists_the_groups_as_words_not_a_python_list():
    """The groups named by a bad ``order`` read as the other lists of the errors: no brackets, and in Russian with
    the decimal comma (the error carried ``str(list)``, "['a', 'b']" and "[1.5, 2.5]" in either language)."""
    from iso4213_nb.words.i18n import using

    with pytest.raises(InputError) as caught:
        subgroup_analysis([0, 1], [0, 1], ["a", "b"], labels=[0, 1], positive=1, order=["a"])
    assert str(caught.value).endswith("the groups are 'a', 'b'")
    with pytest.raises(InputError) as caught:
        GroupThresholds([0, 1], [0.2, 0.7], [1.5, 2.5], positive=1, order=[2.5])
    with using("ru"):
        assert str(caught.value).endswith("группы: 1,5; 2,5")


def test_equal_precision_and_recall_hold_across_groups_of_different_prevalence():
    """Issue 26, point 1: the worked example of notebook 12, checked against scikit-learn on the same rows."""
    counts = {"A": BinaryCounts(tp=40, fp=10, tn=40, fn=10), "B": BinaryCounts(tp=16, fp=4, tn=76, fn=4)}
    y, pred, g = rows_of_counts(counts, positive="yes", negative="no")
    assert len(y) == 200 and list(np.unique(g, return_counts=True)[1]) == [100, 100]
    r = subgroup_analysis(y, pred, g, labels=["no", "yes"], positive="yes", n_bootstrap=10)
    for value, prevalence in (("A", 0.5), ("B", 0.2)):
        rows = g == value
        assert np.mean(y[rows] == "yes") == prevalence
        assert precision_score(y[rows], pred[rows], pos_label="yes") == 0.8
        assert recall_score(y[rows], pred[rows], pos_label="yes") == 0.8
        assert r.results[value]["precision"].estimate == pytest.approx(0.8, abs=1e-15)
        assert r.results[value]["recall"].estimate == pytest.approx(0.8, abs=1e-15)
    assert r.largest_gap["precision"].estimate == pytest.approx(0) and r.largest_gap["recall"].estimate == pytest.approx(0)
    # what the identity then forces: the false positive rates differ, 10/50 against 4/80
    assert 1 - r.results["A"]["specificity"].estimate == pytest.approx(0.2)
    assert 1 - r.results["B"]["specificity"].estimate == pytest.approx(0.05)


@pytest.mark.parametrize("seed", range(5))
def test_chouldechova_identity_holds_on_random_groups(seed):
    """FPR = p/(1 − p) · (1 − PPV)/PPV · (1 − FNR) (Chouldechova 2017, eq. 2.6), each side from scikit-learn's counts."""
    rng = np.random.default_rng(seed)
    n = 600
    g = rng.choice(["a", "b", "c"], n)
    y = (rng.random(n) < np.select([g == "a", g == "b"], [0.15, 0.4], 0.7)).astype(int)
    pred = np.where(rng.random(n) < 0.8, y, 1 - y)
    counts = {v: BinaryCounts(*(int(x) for x in confusion_matrix(y[g == v], pred[g == v], labels=[1, 0]).ravel()[
        [0, 2, 3, 1]])) for v in "abc"}
    rates = error_rates(counts)
    for v in "abc":
        rows = g == v
        tn, fp, fn, tp = confusion_matrix(y[rows], pred[rows], labels=[0, 1]).ravel()
        p, ppv, fnr = np.mean(y[rows]), precision_score(y[rows], pred[rows]), 1 - recall_score(y[rows], pred[rows])
        assert fp / (fp + tn) == pytest.approx(p / (1 - p) * (1 - ppv) / ppv * (1 - fnr), rel=1e-12)
        assert rates[v]["false_positive_rate"] == pytest.approx(fp / (fp + tn), rel=1e-12)
        assert rates[v]["fpr_from_identity"] == pytest.approx(fp / (fp + tn), rel=1e-12)
        assert (rates[v]["prevalence"], rates[v]["precision"], rates[v]["miss_rate"]) == pytest.approx((p, ppv, fnr))


def test_equal_precision_and_fnr_force_unequal_fpr_when_prevalences_differ():
    """The impossibility itself: fix PPV and FNR, vary p; the identity's FPR moves with p/(1 − p) (Chouldechova 2017)."""
    fprs = [fpr_from_identity(p, 0.8, 0.2) for p in (0.2, 0.5)]
    assert fprs == pytest.approx([0.05, 0.2])
    assert fpr_from_identity(0.2, 1.0, 0.2) == fpr_from_identity(0.5, 1.0, 0.2) == 0.0  # the exception: PPV = 1
    assert fpr_from_identity(1.0, 0.8, 0.2).code == "no_negatives"
    assert fpr_from_identity(0.5, 0.0, 0.2).code == "no_true_positives"
    with pytest.raises(InputError, match="BinaryCounts"):
        error_rates({"a": {"tp": 1, "fp": 0, "tn": 1, "fn": 0}})


def _exact_permutation_pvalue(y, pred, g, score):
    """Every reassignment of the group labels within each true class, enumerated; the share with a gap >= observed."""
    def gap(groups):
        values = [score(y[groups == v], pred[groups == v]) for v in ("a", "b")]
        return max(values) - min(values)
    observed, positives, negatives = gap(g), np.flatnonzero(y == 1), np.flatnonzero(y == 0)
    gaps = []
    for pos_a in combinations(positives, int(np.sum(g[positives] == "a"))):
        for neg_a in combinations(negatives, int(np.sum(g[negatives] == "a"))):
            groups = np.full(len(y), "b")
            groups[list(pos_a) + list(neg_a)] = "a"
            gaps.append(gap(groups))
    return np.mean(np.array(gaps) >= observed - 1e-12)


@pytest.mark.parametrize("measure, score", [("balanced_accuracy", balanced_accuracy_score),
                                            ("f1", lambda t, p: f1_score(t, p, zero_division=0))])
def test_gap_permutation_test_agrees_with_full_enumeration(measure, score):
    """12 rows, 2 groups: C(6, 4) × C(6, 2) = 225 equally likely reassignments within the true classes."""
    y = np.array([1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0])
    pred = np.array([1, 1, 1, 0, 1, 0, 0, 0, 1, 0, 1, 1])
    g = np.array(["a", "a", "a", "a", "b", "b", "a", "a", "b", "b", "b", "b"])
    exact = _exact_permutation_pvalue(y, pred, g, score)
    test = subgroup_analysis(y, pred, g, labels=[0, 1], positive=1, n_bootstrap=20000, seed=1).largest_gap[measure]
    assert test.test == "permutation" and test.details["n_permutations"] == 20000
    assert test.pvalue == pytest.approx(exact, abs=0.015)  # Monte Carlo error of 20000 shuffles: about 0.0035


def test_gap_permutation_test_holds_its_level_when_only_prevalence_differs():
    """Same recall (0.8) and specificity (0.85) in both groups, prevalences 0.2 and 0.6, 300 simulations.

    F1 depends on prevalence, so its gap is large (about 0.27 on average) though the model treats both groups alike;
    shuffling within each true class keeps the prevalences, so the test rejects at about its α = 0.05, not always.
    """
    rejected, sims = 0, 300
    for sim in range(sims):
        rng = np.random.default_rng(7000 + sim)
        g = np.repeat(["a", "b"], 100)
        y = (rng.random(200) < np.where(g == "a", 0.2, 0.6)).astype(int)
        pred = np.where(y == 1, rng.random(200) < 0.8, rng.random(200) < 0.15).astype(int)
        gap = subgroup_analysis(y, pred, g, labels=[0, 1], positive=1, n_bootstrap=200, seed=sim).largest_gap["f1"]
        rejected += gap.pvalue < 0.05
    assert rejected / sims < 0.09  # nominal 0.05; 300 simulations give a standard error of about 0.013


def test_gap_permutation_test_finds_a_real_difference_and_says_what_it_cannot_test():
    rng = np.random.default_rng(8)
    g = np.repeat(["a", "b"], 200)
    y = rng.integers(0, 2, 400)
    pred = np.where(y == 1, rng.random(400) < np.where(g == "a", 0.9, 0.6), rng.random(400) < 0.1).astype(int)
    r = subgroup_analysis(y, pred, g, labels=[0, 1], positive=1, n_bootstrap=500)
    assert r.largest_gap["balanced_accuracy"].pvalue < 0.01 and r.largest_gap["f1"].pvalue < 0.01
    assert r.largest_gap["recall"].test == "chi_squared"
    assert r.largest_gap["recall"].pvalue == r.heterogeneity["recall"].pvalue
    weighted = subgroup_analysis(y, pred, g, labels=[0, 1], positive=1, n_bootstrap=50,
                                 sample_weight=np.full(400, 2.0)).largest_gap["f1"]
    assert weighted.pvalue.code == "weighted_rows"
    parts = accumulate(GroupedCounts.zero("group"), [{"y_true": y, "y_pred": pred, "group": g}]).finalize()
    merged = subgroups_from_counts(parts, labels=[0, 1], positive=1, n_permutations=500).largest_gap["f1"]
    assert merged.test == "permutation" and merged.pvalue == r.largest_gap["f1"].pvalue  # the same draws from counts
    assert merged.estimate == pytest.approx(r.largest_gap["f1"].estimate, rel=1e-12)


@pytest.mark.parametrize("positive", [1, None])
def test_rows_and_merged_counts_go_through_one_core_and_agree(monkeypatch, positive):
    """One subgroup core (issue 24, point 4): both paths call subgroups.counts.analysis_of_counts, and every value
    that counts determine (estimates, Wilson intervals, tests, gaps, warnings) is the same both ways."""
    from iso4213_nb.subgroups import counts as core

    y, pred, _, g, _ = _binary(5, n=300)
    if positive is None:
        y, pred = y + (g == "east"), pred + (g == "north")
    labels = sorted(set(y.tolist()) | set(pred.tolist()))
    calls = []
    original = core.analysis_of_counts
    monkeypatch.setattr(core, "analysis_of_counts", lambda *a, **k: calls.append(a[1]) or original(*a, **k))
    monkeypatch.setattr("iso4213_nb.subgroups.rows.analysis_of_counts", core.analysis_of_counts)
    rows = subgroup_analysis(y, pred, g, labels=labels, positive=positive, n_bootstrap=100)
    parts = accumulate(GroupedCounts.zero("group"), [{"y_true": y, "y_pred": pred, "group": g}]).finalize()
    merged = subgroups_from_counts({v: parts[v] for v in rows.values}, labels=labels, positive=positive,
                                   n_permutations=100)
    assert len(calls) == 2
    for from_rows, from_counts in zip(*calls):
        assert from_rows.keys() == from_counts.keys()
        for key in from_rows:
            np.testing.assert_allclose(from_rows[key], from_counts[key], rtol=0, atol=0)
    a, b = rows.to_dict(), merged.to_dict()
    assert a["heterogeneity"] == b["heterogeneity"] and a["warnings"] == b["warnings"]
    assert a["largest_gap"] == b["largest_gap"]
    for value in rows.values:
        for m in rows.measures:
            mine, theirs = a[str(value)][m], b[str(value)][m]
            assert mine["estimate"] == theirs["estimate"], (value, m)
            if rows.results[value][m].method == "wilson":
                assert mine == theirs, (value, m)


def test_translated_groups_in_corresponding_order_give_the_same_intervals_and_tests():
    """Issue 26, point 5: the Russian notebook 12 names the radius bands in Russian, which sort otherwise; listed in
    the English order, the seeded bootstrap and permutation draws, and so every interval and p-value, are the same."""
    rng = np.random.default_rng(12)
    english = rng.choice(["large", "medium", "small"], size=240)
    y = rng.integers(0, 2, 240)
    pred = np.where(rng.random(240) < 0.8, y, 1 - y)
    scores = np.clip(0.6 * y + 0.5 * rng.random(240), 0, 1)
    russian = np.array([{"large": "большой", "medium": "средний", "small": "малый"}[v] for v in english])
    kwargs = dict(labels=[0, 1], positive=1, scores=scores, n_bootstrap=200, seed=3)
    by_english = subgroup_analysis(y, pred, english, **kwargs)
    by_russian = subgroup_analysis(y, pred, russian, order=["большой", "средний", "малый"], **kwargs)
    sorted_russian = subgroup_analysis(y, pred, russian, **kwargs)
    assert by_russian.values == ["большой", "средний", "малый"] and sorted_russian.values[1] == "малый"
    pairs = list(zip(by_english.values, by_russian.values))
    for measure in by_english.measures:
        for en, ru in pairs:
            a, b = by_english.results[en][measure], by_russian.results[ru][measure]
            assert (a.estimate, a.low, a.high) == (b.estimate, b.low, b.high), (measure, en)
        assert by_english.largest_gap[measure].pvalue == by_russian.largest_gap[measure].pvalue
    # sorted Russian names reorder the draws: the medium band's F1 interval moves
    f1 = [sorted_russian.results["средний"]["f1"], by_english.results["medium"]["f1"]]
    assert (f1[0].low, f1[0].high) != (f1[1].low, f1[1].high)
