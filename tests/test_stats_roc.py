"""DeLong's test and AUROC intervals: fast midrank algorithm against a direct O(n²) computation and scikit-learn."""

import numpy as np
import pytest
from scipy import stats as sps
from sklearn.metrics import roc_auc_score

from iso4213_nb import InputError, Undefined
from iso4213_nb.words import readings
from iso4213_nb.stats import auroc_ci, bootstrap_ci, delong_test
from iso4213_nb.stats.roc import Placements, _runs, auroc_of_counts, placement_values, placements_of


def _direct(y, s):
    """Placement values from the pairwise kernel ψ(x, y) = 1, ½, 0 (DeLong et al. 1988), O(m·n)."""
    x, z = s[y == 1], s[y == 0]
    psi = (x[:, None] > z[None, :]) + 0.5 * (x[:, None] == z[None, :])
    return psi.mean(), psi.mean(axis=1), psi.mean(axis=0)


def _direct_delong(y, a, b):
    auc_a, v10a, v01a = _direct(y, a)
    auc_b, v10b, v01b = _direct(y, b)
    m, n = len(v10a), len(v01a)
    s10, s01 = np.cov(np.vstack([v10a, v10b])), np.cov(np.vstack([v01a, v01b]))
    cov = s10 / m + s01 / n
    var = cov[0, 0] + cov[1, 1] - 2 * cov[0, 1]
    z = (auc_a - auc_b) / np.sqrt(var)
    return auc_a, auc_b, z, 2 * sps.norm.sf(abs(z)), cov


def _tied_data(rng, n):
    y = rng.integers(0, 2, n)
    a = np.round(y * 0.8 + rng.normal(0, 1, n), 1)  # rounding makes many ties
    b = np.round(y * 0.5 + rng.normal(0, 1, n), 0)
    return y, a, b


def test_placement_values_equal_direct_computation_with_ties():
    rng = np.random.default_rng(0)
    for _ in range(50):
        y, a, _ = _tied_data(rng, int(rng.integers(5, 120)))
        if y.min() == y.max():
            continue
        auc, v10, v01 = placement_values(y == 1, a)
        auc_d, v10_d, v01_d = _direct(y, a)
        assert auc == pytest.approx(auc_d, abs=1e-12)
        assert auc == pytest.approx(roc_auc_score(y, a), abs=1e-12)
        np.testing.assert_allclose(v10, v10_d, atol=1e-12)
        np.testing.assert_allclose(v01, v01_d, atol=1e-12)


def _continuous_data(rng, n):
    """Two correlated models with no ties and classes of very different sizes."""
    y = (rng.random(n) < rng.uniform(0.1, 0.9)).astype(int)
    a = y * 0.6 + rng.normal(0, 1, n)
    return y, a, a + rng.normal(0, 0.7, n)


def _coarse_data(rng, n):
    """Integer scores: a handful of distinct values, most samples tied with both classes."""
    y = rng.integers(0, 2, n)
    return y, (rng.integers(0, 5, n) + y).astype(float), rng.integers(0, 3, n).astype(float)


@pytest.mark.parametrize("data", [_tied_data, _continuous_data, _coarse_data])
def test_delong_equals_direct_quadratic_computation_on_tied_scores(data):
    """DeLong's z, p-value, standard error, correlation and each AUROC's variance against the O(m·n) kernel
    (scipy's normal tail for p) and scikit-learn's AUROC, on random inputs, to rounding."""
    rng = np.random.default_rng(1)
    for _ in range(60):
        y, a, b = data(rng, int(rng.integers(10, 300)))
        if min(y.sum(), (1 - y).sum()) < 2:
            continue
        auc_a, auc_b, z, p, cov = _direct_delong(y, a, b)
        result = delong_test(y, a, b)
        assert result.auc_a == pytest.approx(roc_auc_score(y, a), abs=1e-12)
        assert result.auc_b == pytest.approx(roc_auc_score(y, b), abs=1e-12)
        assert result.statistic == pytest.approx(z, rel=1e-12)
        assert result.pvalue == pytest.approx(p, rel=1e-11)
        se = np.sqrt(cov[0, 0] + cov[1, 1] - 2 * cov[0, 1])
        assert result.standard_error == pytest.approx(se, rel=1e-12)
        assert result.correlation == pytest.approx(cov[0, 1] / np.sqrt(cov[0, 0] * cov[1, 1]), abs=1e-12)
        for scores, variance in ((a, cov[0, 0]), (b, cov[1, 1])):
            assert placements_of(y, scores, 1).variance() == pytest.approx(variance, rel=1e-12)
        low, high = result.confidence_interval(0.95)
        assert (low + high) / 2 == pytest.approx(auc_a - auc_b)
        assert (high - low) / 2 == pytest.approx(sps.norm.ppf(0.975) * se, rel=1e-12)


def test_placements_from_the_curves_runs_equal_the_quadratic_computation_and_are_the_only_ones():
    """DeLong's moments taken from the ROC curve's runs of tied scores (one computation for the in-memory and
    the streamed paths) against the direct O(m·n) placement values on random scores with many ties: each
    placement value is an exact count divided once in both, so they agree bit for bit, and so do the
    per-sample values the bootstrap's jackknife reads (a second computation of them, say by ranks, would not
    be held to that); the variance agrees with the kernel's to 1e-12."""
    from iso4213_nb.measures.curves import BinaryScores

    rng = np.random.default_rng(7)
    for _ in range(40):
        y, a, _ = _tied_data(rng, int(rng.integers(6, 300)))
        if min(y.sum(), (1 - y).sum()) < 2:
            continue
        runs = Placements.of_runs(*BinaryScores(y == 1, a).counts_by_score())
        at = runs.lookup(a, "a")
        auc, v10, v01 = placement_values(y == 1, a)
        auc_d, v10_d, v01_d = _direct(y, a)
        np.testing.assert_array_equal(runs.v10[at[y == 1]], v10_d)
        np.testing.assert_array_equal(runs.v01[at[y == 0]], v01_d)
        np.testing.assert_array_equal(v10, v10_d)
        np.testing.assert_array_equal(v01, v01_d)
        assert auc == runs.auc == pytest.approx(auc_d, abs=1e-15) and auc == pytest.approx(roc_auc_score(y, a), abs=1e-15)
        kernel = np.var(v10_d, ddof=1) / len(v10_d) + np.var(v01_d, ddof=1) / len(v01_d)
        assert runs.variance() == pytest.approx(kernel, rel=1e-12, abs=1e-15)
        assert placements_of(y, a, 1) is not runs and placements_of(y, a, 1).variance() == runs.variance()


def test_delong_with_string_labels_and_identical_models():
    y = np.array(["spam", "ham", "spam", "ham", "spam", "ham", "ham"])
    s = np.array([0.9, 0.1, 0.7, 0.8, 0.6, 0.2, 0.3])
    with pytest.raises(InputError, match="y_true has the labels ham, spam; name the one that is the positive class"):
        delong_test(y, s, s)
    same = delong_test(y, s, s, positive="spam")
    assert isinstance(same.statistic, Undefined) and isinstance(same.pvalue, Undefined)
    assert same.effect_size == 0 and same.auc_a == pytest.approx(roc_auc_score(y == "spam", s))


@pytest.mark.parametrize("call, message", [
    (lambda: delong_test([1, 1, 1], [0.1, 0.2, 0.3], [0.3, 0.2, 0.1]), "single class"),
    (lambda: delong_test([1, 0, 1, 0], [0.1, np.nan, 0.3, 0.2], [0.3, 0.2, 0.1, 0.0]), "NaN"),
    (lambda: delong_test([1, 0, 1, 0], [0.1, 0.2, 0.3, 0.4], [0.3, 0.2, 0.1]), "length mismatch"),
    (lambda: delong_test([1, 0, 0, 0], [0.1, 0.2, 0.3, 0.4], [0.3, 0.2, 0.1, 0.0]), "two positives"),
    (lambda: auroc_ci([1, 0, 1, 0], [0.1, 0.2, 0.3, 0.4], method="exact"), "method must be one of"),
])
def test_bad_input(call, message):
    with pytest.raises(InputError, match=message):
        call()


@pytest.mark.parametrize("bad", ["many", 5, 2.5, None])
def test_auroc_ci_refuses_a_bad_number_of_resamples_in_the_one_line_of_too_few(bad):
    """A text or a fraction of resamples raised a bare ValueError (a traceback); it is the one-line error a number
    below the minimum gives, with the same code and words."""
    with pytest.raises(InputError) as caught:
        auroc_ci([1, 0, 1, 0, 1, 0], [0.1, 0.2, 0.3, 0.4, 0.5, 0.6], method="percentile", n_resamples=bad)
    assert caught.value.code == "stats.too_few_resamples" and "\n" not in str(caught.value)
    assert str(caught.value) == f"n_resamples must be a whole number of at least 10, got {bad}"


def test_auroc_of_counts_equals_sklearn_on_the_resampled_data():
    rng = np.random.default_rng(2)
    y, s, _ = _tied_data(rng, 300)
    order = np.argsort(s, kind="stable")
    _, group = np.unique(s[order], return_inverse=True)
    pos, neg = order[y[order] == 1], order[y[order] == 0]
    group_of = np.empty(len(s), dtype=np.intp)
    group_of[order] = group
    for _ in range(30):
        dp = rng.choice(pos, len(pos))
        dn = rng.choice(neg, len(neg))
        drawn = np.concatenate([dp, dn])
        expected = roc_auc_score(y[drawn], s[drawn])
        groups = group.max() + 1
        pos_counts = np.bincount(group_of[dp], minlength=groups)
        neg_counts = np.bincount(group_of[dn], minlength=groups)
        assert auroc_of_counts(pos_counts, neg_counts) == pytest.approx(expected, abs=1e-12)


def test_delong_interval_uses_delong_variance():
    rng = np.random.default_rng(3)
    y, a, _ = _tied_data(rng, 200)
    _, _, _, _, cov = _direct_delong(y, a, a + rng.normal(0, 0.1, 200))
    ci = auroc_ci(y, a, confidence_level=0.9)
    assert ci.estimate == pytest.approx(roc_auc_score(y, a))
    assert (ci.high - ci.low) / 2 == pytest.approx(sps.norm.ppf(0.95) * np.sqrt(cov[0, 0]), rel=1e-9)


def test_jackknife_identity_used_by_bca():
    rng = np.random.default_rng(4)
    y, a, _ = _tied_data(rng, 60)
    auc, v10, v01 = placement_values(y == 1, a)
    m, n = len(v10), len(v01)
    positives, negatives = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
    for k, i in enumerate(positives[:10]):
        keep = np.arange(len(y)) != i
        assert (m * auc - v10[k]) / (m - 1) == pytest.approx(roc_auc_score(y[keep], a[keep]), abs=1e-12)
    for k, j in enumerate(negatives[:10]):
        keep = np.arange(len(y)) != j
        assert (n * auc - v01[k]) / (n - 1) == pytest.approx(roc_auc_score(y[keep], a[keep]), abs=1e-12)


def _mann_whitney_auroc(y, s):
    """AUROC as the Mann–Whitney U / (m·n) from scipy's midranks, an independent formula."""
    ranks = sps.rankdata(s)
    m = int(y.sum())
    return (ranks[y == 1].sum() - m * (m + 1) / 2) / (m * (len(y) - m))


@pytest.mark.parametrize("method", ["percentile", "bca"])
def test_fast_bootstrap_agrees_with_generic_bootstrap_of_the_auroc(method):
    rng = np.random.default_rng(5)
    y, a, _ = _tied_data(rng, 400)
    assert _mann_whitney_auroc(y, a) == pytest.approx(roc_auc_score(y, a))
    fast = auroc_ci(y, a, method=method, n_resamples=2000, seed=11)
    slow = bootstrap_ci(_mann_whitney_auroc, y, a, strata=y, n_resamples=2000, seed=12, method=method)
    assert fast.low == pytest.approx(slow.low, abs=0.01) and fast.high == pytest.approx(slow.high, abs=0.01)
    assert fast.seed == 11 and fast.n_resamples == 2000
    again = auroc_ci(y, a, method=method, n_resamples=2000, seed=11)
    assert (again.low, again.high) == (fast.low, fast.high)


def test_merged_runs_of_one_class_keep_the_auroc():
    rng = np.random.default_rng(6)
    merged = 0
    for _ in range(100):
        y, a, _ = _tied_data(rng, int(rng.integers(4, 80)))
        if y.min() == y.max():
            continue
        distinct, index = np.unique(a, return_inverse=True)
        at = [np.bincount(index[y == k], minlength=len(distinct)) for k in (1, 0)]
        group = _runs(*at)
        counts = [np.bincount(group, weights=c, minlength=group[-1] + 1) for c in at]
        assert auroc_of_counts(*counts) == pytest.approx(roc_auc_score(y, a), abs=1e-12)
        merged += group[-1] + 1 < len(distinct)
    assert merged > 50


def test_delong_zero_variance_with_different_aurocs_says_why_and_gives_no_interval():
    # A separates perfectly (AUROC 1), B ties every sample (AUROC 0.5): both placement vectors are constant.
    result = delong_test([1, 1, 0, 0], [0.9, 0.8, 0.1, 0.2], [0.5] * 4)
    assert (result.auc_a, result.auc_b, result.effect_size) == (1.0, 0.5, 0.5)
    assert isinstance(result.pvalue, Undefined)
    assert "alike" not in readings.reason(result.pvalue) and "although the AUROCs differ" in readings.reason(result.pvalue)
    low, high = result.confidence_interval(0.95)
    assert isinstance(low, Undefined) and isinstance(high, Undefined)
    out = result.to_dict()
    ci = out["confidence_interval"]
    assert out["pvalue"] is None and (ci["low"], ci["high"]) == (None, None) and ci["estimate"] == 0.5  # 1 − 0.5
    assert (ci["reason"]["code"], ci["reason"]["cause"]) == ("zero_variance", "degenerate_aurocs")
    assert any(reason.startswith("confidence_interval: ") for reason in out["undefined"])


def test_delong_identical_placements_say_the_difference_is_zero():
    y = [1, 1, 0, 0, 1, 0]
    a = np.array([0.9, 0.7, 0.1, 0.3, 0.6, 0.2])
    result = delong_test(y, a, a * 0.5)  # same order, so the same placement value for every sample
    assert result.effect_size == 0 and "is 0" in readings.reason(result.pvalue)
    assert all(isinstance(bound, Undefined) for bound in result.confidence_interval())


@pytest.mark.parametrize("level", [0.9, 0.95])
def test_perfect_separation_gets_an_exact_bound_with_its_reason_not_a_zero_width_interval(level):
    from statsmodels.stats.proportion import proportion_confint

    from iso4213_nb.stats.results import interval_json
    y = np.array([0] * 7 + [1] * 5)
    s = np.r_[np.linspace(0, 0.4, 7), np.linspace(0.6, 1, 5)]
    perfect = auroc_ci(y, s, confidence_level=level)
    exact_low, _ = proportion_confint(5, 5, alpha=1 - level, method="beta")  # Clopper–Pearson, 5 of 5 pairs
    assert (perfect.estimate, perfect.low, perfect.high) == pytest.approx((1.0, exact_low, 1.0))
    assert perfect.method == "clopper-pearson-pairs" and perfect.details["pairs"] == 5
    assert interval_json(perfect)["reason"] == {"code": "delong_degenerate", "cause": "perfect_separation",
                                                "auc": 1.0, "positives": 5, "negatives": 7}
    reversed_ = auroc_ci(y, -s, confidence_level=level)
    assert (reversed_.low, reversed_.high) == pytest.approx((0.0, 1 - exact_low))
    tied = auroc_ci(y, np.zeros(12), confidence_level=level)
    assert tied.estimate == 0.5 and tied.low.code == "delong_degenerate" and tied.low.params["cause"] == "all_tied"
    assert "perfectly separated" in readings.reading(perfect) and "every score is tied" in readings.reading(tied)


def test_the_exact_bound_covers_the_auroc_when_perfect_separations_are_common():
    """Population AUROC θ = Φ(3/√2) ≈ 0.983 with 8 positives and 8 negatives: a test set separates the classes
    perfectly about half the time; the bound lies above θ in at most α/2 of all test sets (its claim)."""
    rng = np.random.default_rng(0)
    theta = sps.norm.cdf(3 / np.sqrt(2))
    positives, negatives = rng.normal(3, 1, size=(4000, 8)), rng.normal(0, 1, size=(4000, 8))
    perfect = positives.min(axis=1) > negatives.max(axis=1)
    bound = 0.025 ** (1 / 8)
    assert 0.3 < perfect.mean() < 0.7
    assert np.mean(perfect & (bound > theta)) <= 0.025 + 2 * np.sqrt(0.025 * 0.975 / 4000)
    y = np.r_[np.zeros(8), np.ones(8)]
    first = np.flatnonzero(perfect)[0]
    assert auroc_ci(y, np.r_[negatives[first], positives[first]]).low == pytest.approx(bound)


def test_a_report_sorts_each_models_scores_once_for_delong(monkeypatch):
    """The AUROC intervals of content and of the uncertainty section and DeLong's test of every pair share
    one set of placement values per model, taken from the runs of its sorted scores."""
    from iso4213_nb.demos import breast_cancer as demo
    from iso4213_nb.inputs import read_predictions
    from iso4213_nb.stats.measure_intervals import IntervalSettings
    from iso4213_nb.report import content, uncertainty
    from iso4213_nb.stats import roc

    pred = read_predictions(demo.DEMO_PREDICTIONS)
    scored = [name for name, model in pred.models.items() if model.scores is not None]
    calls, per_row = [], []
    of_runs = roc.Placements.of_runs
    monkeypatch.setattr(roc.Placements, "of_runs", classmethod(lambda cls, *a: calls.append(1) or of_runs(*a)))
    monkeypatch.setattr(roc, "placement_values", lambda *a: per_row.append(1) or placement_values(*a))
    placements = uncertainty.placements_by_model(pred)
    report = content.build(pred, {}, title=None, meta_name=None, demo=True, placements=placements)
    uncertainty.extend(report, uncertainty.Rows(pred, placements), IntervalSettings(n_resamples=20))
    assert len(scored) >= 2 and len(calls) == len(scored)
    assert not per_row  # DeLong's moments come from the runs of tied scores; no per-sample ranks
    assert sum(t["measure"] == "auroc" for t in report["comparisons"]["tests"]) == len(scored) * (len(scored) - 1) // 2


def test_the_words_say_why_a_perfect_separation_has_no_delong_interval():
    from iso4213_nb.words.intervals import interval_text, method_name
    from iso4213_nb.stats.results import interval_json

    y = np.r_[np.zeros(50), np.ones(10)]
    entry = interval_json(auroc_ci(y, np.r_[np.linspace(0, 0.4, 50), np.linspace(0.6, 1, 10)]))
    assert interval_text(entry).startswith("[0.6915, 1.0000] (the classes are perfectly separated")
    assert "10 disjoint positive–negative pairs" in interval_text(entry)
    assert method_name(entry["method"]) == "exact bound (Clopper–Pearson on disjoint pairs)"
