"""Peers' own published test values run through the package, where their conventions and TS 4213's agree.

Each test names the peer's test (or documented example) whose inputs and expected numbers it takes; the
numbers are typed in as the peer publishes them (to the peer's decimals), never recomputed by the peer's code
here.  Where a peer's convention differs (a zero denominator reported as 0 or as recall 1, bits instead of
nats), the test asserts our convention and book/explanation/conventions.md records the difference and why.
"""

import math
from itertools import chain, permutations

import numpy as np
import pytest

from iso4213_nb import ConfusionMatrix
from iso4213_nb.measures import counts as measures
from iso4213_nb.measures.curves import BinaryScores
from iso4213_nb.measures.distribution import kl_of_matrix
from iso4213_nb.stats import adjust_pvalues
from iso4213_nb.stats.contingency import mcnemar
from iso4213_nb.stats.roc import delong_test, placement_values


# ---------------------------------------------------------------- scikit-learn, metrics/tests/test_classification.py

def test_sklearn_test_cohen_kappa():
    """Artstein and Poesio's tables (two and three classes) and the none / linear / quadratic weighting example."""
    two = ConfusionMatrix.from_predictions([0] * 40 + [1] * 60, [0] * 20 + [1] * 20 + [0] * 10 + [1] * 50)
    assert round(two.cohen_kappa(), 3) == 0.348
    three = ConfusionMatrix.from_predictions([0] * 46 + [1] * 44 + [2] * 10, [0] * 52 + [1] * 32 + [2] * 16)
    assert round(three.cohen_kappa(), 4) == 0.8013
    weighted = ConfusionMatrix.from_predictions([0] * 46 + [1] * 44 + [2] * 10, [0] * 50 + [1] * 40 + [2] * 10)
    assert [round(weighted.cohen_kappa(w), 4) for w in (None, "linear", "quadratic")] == [0.9315, 0.9412, 0.9541]


def test_sklearn_test_confusion_matrix_normalize():
    """Every pair of three classes once in each permutation: each share is 1/3 of its class, 1/9 of all."""
    cm = ConfusionMatrix.from_predictions([0, 1, 2] * 6, list(chain(*permutations([0, 1, 2]))))
    np.testing.assert_allclose(cm.normalized("true", rows="true").values, 1 / 3)
    np.testing.assert_allclose(cm.normalized("predicted", rows="true").values, 1 / 3)
    np.testing.assert_allclose(cm.normalized("all", rows="true").values, 1 / 9)


def test_sklearn_test_confusion_matrix_normalize_single_class():
    """Class 1 is never predicted: scikit-learn writes its column as 0 (sum 1.0); we leave it undefined."""
    cm = ConfusionMatrix.from_predictions([0] * 4 + [1] * 4, [0] * 8)
    assert cm.normalized("true", rows="true").values.sum() == pytest.approx(2.0)
    by_predicted = cm.normalized("predicted", rows="true")
    assert np.nansum(by_predicted.values) == pytest.approx(1.0) and np.isnan(by_predicted.values[:, 1]).all()
    assert by_predicted.undefined == {1: "no_predicted_positives"}


@pytest.mark.parametrize("y_true, y_pred", [
    (["a", "b", "a", "b"], ["a", "a", "a", "b"]),
    (["a", "b", "c", "b"], ["a", "a", "a", "b"]),
    (["a", "a", "a", "b"], ["a", "b", "c", "b"]),
])
def test_sklearn_test_balanced_accuracy_score(y_true, y_pred):
    """Balanced accuracy is the macro recall over the true classes; adjusted = (B − chance) / (1 − chance)."""
    cm = ConfusionMatrix.from_predictions(y_true, y_pred)
    present = [label for label in cm.labels if label in y_true]
    assert cm.balanced_accuracy() == pytest.approx(np.mean([measures.recall(cm.binary(c)) for c in present]))
    chance = ConfusionMatrix.from_predictions(y_true, [y_true[0]] * len(y_true), labels=cm.labels).balanced_accuracy()
    assert cm.balanced_accuracy(adjusted=True) == pytest.approx((cm.balanced_accuracy() - chance) / (1 - chance))


def test_sklearn_test_precision_recall_f_binary_single_class():
    """[1, 1] against [1, 1]: precision, recall, F1 and F at β = 0 are 1.  [-1, -1] with positive 1: scikit-learn
    gives 0 for every one (zero_division); here precision, recall, F1 and F at β = ∞ are undefined."""
    all_right = measures.BinaryCounts(tp=2, fp=0, tn=0, fn=0)
    assert [measures.precision(all_right), measures.recall(all_right), measures.f1(all_right),
            measures.fbeta(all_right, 0)] == [1.0, 1.0, 1.0, 1.0]
    no_positive = measures.BinaryCounts(tp=0, fp=0, tn=2, fn=0)
    codes = [measures.precision(no_positive).code, measures.recall(no_positive).code, measures.f1(no_positive).code,
             measures.fbeta(no_positive, math.inf).code]
    assert codes == ["no_predicted_positives", "no_positives", "no_actual_or_predicted_positives", "no_positives"]


# ---------------------------------------------------------------- scikit-learn, metrics/tests/test_ranking.py

@pytest.mark.parametrize("y_true, y_score, thresholds", [
    ([0, 0, 0, 0, 1, 1], [0.0, 0.2, 0.5, 0.6, 0.7, 1.0], [np.inf, 1.0, 0.7, 0.0]),
    ([0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1], [0.0, 0.1, 0.6, 0.6, 0.7, 0.8, 0.9, 0.6, 0.7, 0.8, 0.9, 0.9, 1.0],
     [np.inf, 1.0, 0.9, 0.7, 0.6, 0.0]),
])
def test_sklearn_test_roc_curve_drop_intermediate(y_true, y_score, thresholds):
    assert BinaryScores(y_true, y_score).roc(drop_intermediate=True).thresholds.tolist() == thresholds


@pytest.mark.parametrize("drop", [False, True])
@pytest.mark.parametrize("y_true, y_score, precision, recall, ap", [
    ([0, 1], [0, 1], [0.5, 1, 1], [1, 1, 0], 1.0),
    ([0, 1], [1, 0], [0.5, 0.0, 1.0], [1.0, 0.0, 0.0], 0.5),
    ([1, 0], [1, 1], [0.5, 1], [1.0, 0], 0.5),
    ([1, 0], [1, 0], [0.5, 1, 1], [1, 1, 0], 1.0),
    ([1, 0], [0.5, 0.5], [0.5, 1], [1, 0.0], 0.5),
    ([1, 1], [0.25, 0.75], [1.0, 1.0, 1.0], [1, 0.5, 0.0], 1.0),
])
def test_sklearn_test_precision_recall_curve_toydata(drop, y_true, y_score, precision, recall, ap):
    """scikit-learn lists the points from the lowest threshold and ends with (recall 0, precision 1), a point
    no threshold reaches; ours run from the highest threshold without it."""
    scores = BinaryScores(y_true, y_score)
    curve = scores.pr(drop_intermediate=drop)
    assert curve.y.tolist() == pytest.approx(precision[:-1][::-1])
    assert curve.x.tolist() == pytest.approx(recall[:-1][::-1])
    assert scores.average_precision() == pytest.approx(ap)


def test_sklearn_precision_recall_curve_toydata_without_positives_is_undefined_here():
    """y_true = [0, 0]: scikit-learn sets recall to 1 and average precision to 0 (with a warning); both undefined here."""
    scores = BinaryScores([0, 0], [0.25, 0.75])
    assert np.isnan(scores.pr().x).all() and scores.average_precision().code == "no_positives"


def test_sklearn_test_average_precision_constant_values():
    y_true = np.zeros(100, dtype=int)
    y_true[::4] = 1
    assert BinaryScores(y_true, np.ones(100)).average_precision() == 0.25


# ---------------------------------------------------------------- PyCM, README.md (documented examples)

PYCM_ACTUAL = [2, 0, 2, 2, 0, 1, 1, 2, 2, 0, 1, 2]
PYCM_PREDICT = [0, 0, 2, 1, 0, 2, 1, 0, 2, 0, 2, 2]
#: PyCM's class statistics of the example above, per class 0, 1, 2, printed to 5 decimals.
PYCM_CLASS_STATISTICS = {
    "f1": [0.75, 0.4, 0.54545], "fbeta 2": [0.88235, 0.35714, 0.51724], "fbeta 0.5": [0.65217, 0.45455, 0.57692],
    "false_discovery_rate": [0.4, 0.5, 0.4], "miss_rate": [0.0, 0.66667, 0.5], "false_omission_rate": [0.0, 0.2, 0.42857],
    "false_positive_rate": [0.22222, 0.11111, 0.33333], "matthews_correlation": [0.68313, 0.2582, 0.16903],
    "negative_predictive_value": [1.0, 0.8, 0.57143], "positive_likelihood_ratio": [4.5, 3.0, 1.5],
    "negative_likelihood_ratio": [0.0, 0.75, 0.75], "precision": [0.6, 0.5, 0.6], "prevalence": [0.25, 0.25, 0.5],
    "specificity": [0.77778, 0.88889, 0.66667], "recall": [1.0, 0.33333, 0.5],
}


@pytest.mark.parametrize("name", sorted(PYCM_CLASS_STATISTICS))
def test_pycm_readme_class_statistics(name):
    cm = ConfusionMatrix.from_predictions(PYCM_ACTUAL, PYCM_PREDICT)
    if name.startswith("fbeta"):
        beta = float(name.split()[1])
        ours = [measures.fbeta(cm.binary(c), beta) for c in (0, 1, 2)]
    else:
        ours = [getattr(measures, name)(cm.binary(c)) for c in (0, 1, 2)]
    assert [round(float(v), 5) for v in ours] == PYCM_CLASS_STATISTICS[name]


def test_pycm_readme_matrix_and_normalized_matrix():
    cm = ConfusionMatrix.from_predictions(PYCM_ACTUAL, PYCM_PREDICT)
    assert cm.matrix(rows="true").tolist() == [[3, 0, 0], [0, 1, 2], [2, 1, 3]]
    assert np.round(cm.normalized("true", rows="true").values, 5).tolist() == [
        [1.0, 0.0, 0.0], [0.0, 0.33333, 0.66667], [0.33333, 0.16667, 0.5]]


def test_pycm_readme_direct_matrix_overall_statistics():
    """cm2 of the README: actual Class1 → (1, 2), actual Class2 → (0, 5).  PyCM prints its KL divergence in bits;
    ours is in nats (the natural log of 6.2.7), so the two differ by the factor ln 2."""
    cm = ConfusionMatrix.from_counts([[1, 2], [0, 5]], ["Class1", "Class2"], rows="true")
    assert round(cm.accuracy(), 5) == 0.75
    assert round(cm.cohen_kappa(), 5) == 0.38462
    assert round(cm.matthews_correlation(), 5) == 0.48795
    assert [round(cm.average(m, "macro"), 5) for m in ("f1", "precision", "recall")] == [0.66667, 0.85714, 0.66667]
    assert [round(cm.average(m, "micro"), 5) for m in ("f1", "precision", "recall")] == [0.75, 0.75, 0.75]
    assert round(kl_of_matrix(cm)["true_vs_pred"] / math.log(2), 5) == 0.29097
    # PyCM prints PLR "None" for Class1 (no false positive): undefined here too, with its reason
    assert measures.positive_likelihood_ratio(cm.binary("Class1")).code == "unbounded_lr_plus"


# ---------------------------------------------------------------- pROC, tests/testthat/ (expected ROC and DeLong)

#: pROC's expected ROC of the aSAH data's ndka marker (41 cases, 72 controls, direction "<"), as the number of
#: cases (sensitivity × 41) and of controls (specificity × 72) of each of its 110 thresholds, lowest first.
PROC_NDKA_CASES = [41, 41, 40, 40, 40, 39, 38, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 36, 36, 36, 36, 36, 36, 36, 35,
                   34, 34, 34, 33, 33, 33, 33, 32, 31, 31, 31, 31, 31, 30, 30, 30, 29, 29, 29, 29, 29, 29, 29, 28, 27,
                   26, 26, 25, 25, 25, 24, 24, 24, 24, 24, 24, 23, 23, 22, 22, 22, 21, 21, 21, 20, 19, 19, 18, 17, 17,
                   17, 16, 15, 14, 14, 14, 14, 13, 13, 13, 13, 13, 12, 11, 10, 9, 9, 9, 8, 8, 8, 8, 7, 6, 5, 4, 4, 4,
                   3, 3, 2, 2, 1, 1, 0]
PROC_NDKA_CONTROLS = [0, 1, 1, 2, 3, 3, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 12, 13, 14, 15, 16, 17, 18, 18, 18, 19, 20,
                      20, 21, 23, 24, 24, 25, 26, 27, 28, 29, 29, 30, 31, 31, 32, 33, 34, 35, 36, 37, 37, 37, 37, 38,
                      38, 39, 40, 40, 41, 42, 43, 44, 45, 45, 46, 47, 48, 49, 49, 50, 51, 51, 51, 52, 52, 52, 53, 54,
                      55, 55, 55, 56, 57, 58, 58, 59, 60, 61, 62, 62, 62, 62, 62, 63, 64, 64, 65, 66, 67, 67, 67, 67,
                      67, 68, 69, 69, 70, 70, 71, 71, 72, 72]


def test_proc_expected_roc_of_ndka():
    """Between two of pROC's thresholds lies one distinct ndka value; the steps of its curve give how many cases
    and controls have it.  Rebuilt from those counts, our ROC has pROC's points and pROC's AUC, 0.61195799457994582
    (and 1 − that with the direction reversed, pROC's ">" curve, 0.38804200542005424)."""
    cases, controls = np.array(PROC_NDKA_CASES), np.array(PROC_NDKA_CONTROLS)
    positives, negatives = cases[:-1] - cases[1:], controls[1:] - controls[:-1]
    rank = np.arange(len(positives), dtype=float)  # only the order of the values matters to a ROC curve
    scores = BinaryScores.from_counts(rank, positives, negatives)
    assert scores.auroc() == pytest.approx(0.61195799457994582, abs=1e-15)
    ours = {(round(x, 12), round(y, 12)) for x, y in zip(*scores.roc()[:2])}
    theirs = {(round(1 - c / 72, 12), round(t / 41, 12)) for t, c in zip(cases, controls)}
    assert ours == theirs
    reversed_scores = BinaryScores.from_counts(-rank, positives, negatives)
    assert reversed_scores.auroc() == pytest.approx(0.38804200542005424, abs=1e-15)


#: pROC's expected DeLong placements of the aSAH data (tests/testthat/helper-deLongPlacementsCpp-expected.R, direction
#: "forward"), per patient in the data's order: for each of the 41 cases, twice the number of the 72 controls
#: scoring below it (a tie counting one half), and for each control twice the number of cases scoring above it.
PROC_PLACEMENTS = {
    ("wfns", "cases"): [117, 94, 128, 140, 140, 140, 140, 94, 140, 94, 37, 94, 140, 128, 128, 94, 140, 140, 140, 94, 140, 94,
        140, 94, 128, 140, 128, 128, 37, 128, 128, 94, 94, 140, 140, 94, 94, 140, 140, 140, 140],
    ("wfns", "controls"): [80, 80, 80, 80, 18, 80, 66, 66, 80, 66, 66, 80, 80, 80, 66, 80, 66, 80, 80, 53, 44, 80, 44, 80, 18, 18,
        80, 80, 66, 44, 80, 80, 66, 66, 80, 66, 80, 66, 66, 80, 80, 80, 80, 66, 80, 66, 80, 80, 53, 66, 44, 66,
        80, 44, 80, 80, 18, 44, 66, 66, 80, 80, 80, 53, 80, 66, 66, 44, 44, 80, 80, 80],
    ("s100b", "cases"): [81, 63, 103, 78, 130, 144, 140, 26, 123, 50, 26, 128, 126, 139, 144, 118, 144, 144, 144, 26, 144, 120,
        0, 50, 116, 144, 118, 144, 38, 118, 81, 63, 74, 116, 144, 88, 144, 121, 144, 144, 130],
    ("s100b", "controls"): [58, 55, 66, 80, 28, 52, 66, 66, 80, 73, 80, 70, 63, 77, 52, 77, 63, 58, 52, 80, 53, 55, 36, 70, 24, 28,
        53, 77, 32, 28, 63, 73, 70, 73, 80, 58, 66, 55, 54, 80, 80, 70, 80, 70, 73, 53, 70, 73, 37, 63, 42, 77,
        66, 39, 77, 80, 48, 34, 66, 54, 73, 55, 66, 77, 80, 52, 54, 28, 52, 54, 24, 27],
    ("ndka", "cases"): [116, 90, 98, 110, 6, 40, 74, 134, 140, 134, 134, 58, 104, 124, 24, 36, 102, 2, 144, 124, 62, 74, 80,
        102, 128, 93, 124, 36, 142, 109, 6, 49, 124, 6, 48, 134, 76, 104, 138, 74, 110],
    ("ndka", "controls"): [82, 68, 72, 58, 74, 33, 74, 26, 42, 26, 28, 6, 66, 74, 48, 74, 74, 2, 46, 62, 62, 26, 80, 72, 74, 63,
        44, 72, 34, 8, 72, 74, 48, 66, 72, 44, 16, 18, 60, 50, 4, 74, 28, 62, 58, 58, 34, 80, 28, 48, 66, 58,
        26, 58, 50, 72, 62, 58, 16, 68, 48, 45, 8, 52, 48, 66, 16, 60, 38, 18, 74, 42],
}


def _scores_with_placements(cases_twice, controls_twice) -> np.ndarray:
    """Scores (cases first, then controls) that have exactly the given placements.

    Controls with the same number of cases above them have no case strictly between them, so each such group can
    share one score (group g scores g, fewer cases above scoring higher); a case with 2·a controls below sits just
    under group g when a controls lie in the groups below g, or on group g when a falls half-way through it."""
    controls_twice = np.asarray(controls_twice)
    groups = np.unique(-controls_twice)
    control_scores = np.searchsorted(groups, -controls_twice).astype(float)
    sizes = np.bincount(control_scores.astype(int), minlength=len(groups))
    below = np.concatenate([[0], np.cumsum(sizes)])
    case_scores = []
    for twice in cases_twice:
        between = np.flatnonzero(2 * below == twice)
        tied = np.flatnonzero(2 * below[:-1] + sizes == twice)
        case_scores.append(between[0] - 0.5 if len(between) else float(tied[0]))
    return np.concatenate([case_scores, control_scores])


@pytest.mark.parametrize("a, b, z, p", [
    ("wfns", "s100b", 2.20898359144091, 0.0271757822291882),
    ("wfns", "ndka", 2.79777591868904, 0.00514557970691098),
    ("ndka", "s100b", -1.39077002573558, 0.164295175223054),
])
def test_proc_test_roc_test_delong_on_asah(a, b, z, p):
    """pROC's tests/testthat/test-roc.test.R: roc.test (DeLong, paired) of two markers of the aSAH patients.  The
    test depends on the scores only through each patient's placements, which pROC publishes; scores with those
    placements give pROC's placements back, its AUCs, and its Z and p-value."""
    y = np.array([1] * 41 + [0] * 72)
    scores = {m: _scores_with_placements(PROC_PLACEMENTS[(m, "cases")], PROC_PLACEMENTS[(m, "controls")])
              for m in (a, b)}
    for m, theta in (("wfns", 0.823678861788618), ("s100b", 0.731368563685637), ("ndka", 0.611957994579946)):
        if m in scores:
            auc, cases, controls = placement_values(y.astype(bool), scores[m])
            assert auc == pytest.approx(theta, abs=1e-14)
            assert np.round(cases * 144).tolist() == PROC_PLACEMENTS[(m, "cases")]
            assert np.round(controls * 82).tolist() == PROC_PLACEMENTS[(m, "controls")]
    result = delong_test(y, scores[a], scores[b])
    assert result.statistic == pytest.approx(z, rel=1e-12)
    assert result.pvalue == pytest.approx(p, rel=1e-10)


# ---------------------------------------------------------------- statsmodels, stats/tests/test_multi.py and
#                                                                   test_contingency_tables.py (R's values)

#: statsmodels' pval0 (sorted) and R multtest's adjusted p-values for it (res_multtest1's columns).
STATSMODELS_PVALUES = [5.23656777208e-05, 0.00028140506198, 0.0149877310796, 0.0202732688798, 0.177096952723,
                       0.642193923795, 0.680845947633, 0.71626938238, 0.838541367553, 0.967833824309]
R_ADJUSTED = {
    "bonferroni": [5.2365677720800005e-04, 2.8140506197999998e-03, 1.4987731079600000e-01, 2.0273268879799999e-01,
                   1.0, 1.0, 1.0, 1.0, 1.0, 1.0],
    "holm": [5.2365677720800005e-04, 2.5326455578199999e-03, 1.1990184863680001e-01, 1.4191288215860001e-01,
             1.0, 1.0, 1.0, 1.0, 1.0, 1.0],
    "hochberg": [5.2365677720800005e-04, 2.5326455578199999e-03, 1.1990184863680001e-01, 1.4191288215860001e-01,
                 9.6783382430900000e-01, 9.6783382430900000e-01, 9.6783382430900000e-01, 9.6783382430900000e-01,
                 9.6783382430900000e-01, 9.6783382430900000e-01],
    "bh": [5.2365677720800005e-04, 1.4070253098999999e-03, 4.9959103598666670e-02, 5.0683172199499998e-02,
           3.5419390544599999e-01, 8.9533672797500008e-01, 8.9533672797500008e-01, 8.9533672797500008e-01,
           9.3171263061444454e-01, 9.6783382430900000e-01],
    "by": [1.5337740764175588e-03, 4.1211324652269442e-03, 1.4632862843720582e-01, 1.4844940238274187e-01,
           1.0, 1.0, 1.0, 1.0, 1.0, 1.0],
}


@pytest.mark.parametrize("method", sorted(R_ADJUSTED))
def test_statsmodels_test_multi_against_r_multtest(method):
    ours = adjust_pvalues(STATSMODELS_PVALUES, method, alpha=0.05)
    np.testing.assert_allclose(ours.adjusted, R_ADJUSTED[method], rtol=1e-9)


def test_statsmodels_test_mcnemar_against_r():
    """Table [[23, 15], [19, 31]]: R's mcnemar.test p-value with continuity correction and the exact binomial one."""
    table = np.array([[23, 15], [19, 31]])
    assert mcnemar(table, exact=False, correction=True).pvalue == pytest.approx(0.606905427217951, rel=1e-9)
    assert mcnemar(table, exact=True).pvalue == pytest.approx(0.60759136127308, rel=1e-9)
