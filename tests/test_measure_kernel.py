"""One clause-6 kernel for one split and for stacks of splits, with one safe division (issue 24, point 4)."""

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
from sklearn.metrics import balanced_accuracy_score

from iso4213_nb.core.undefined import Undefined, ratio
from iso4213_nb.measures import counts, distribution, invariance, stacked
from iso4213_nb.measures.confusion import ConfusionMatrix
from iso4213_nb.measures.counts import BinaryCounts
from iso4213_nb.measures.multiclass_scores import assess_scores
from iso4213_nb.measures.multilabel_summary import summarize
from iso4213_nb.scale import streaming
from iso4213_nb.scale.accumulators import ClassScoreCounts, GroupedCounts, accumulate
from iso4213_nb.subgroups.counts import subgroups_from_counts
from iso4213_nb.subgroups.rows import subgroup_analysis


def test_stacked_keeps_no_aliases_of_the_scalar_functions():
    assert not hasattr(stacked, "PER_CLASS") and not hasattr(stacked, "fbeta")


@pytest.mark.parametrize("seed", range(5))
def test_arrays_agree_with_single_splits_cell_by_cell(seed):
    rng = np.random.default_rng(seed)
    cells = rng.integers(0, 4, size=(400, 4))  # small counts: many zero denominators
    arrays = {key: cells[:, i].astype(float) for i, key in enumerate(("tp", "fp", "tn", "fn"))}
    for name, measure in counts.PER_CLASS.items():
        values = measure(arrays)
        assert values.shape == (400,)
        for row, value in zip(cells, values):
            single = measure(BinaryCounts(*(int(x) for x in row)))
            if isinstance(single, Undefined):
                assert math.isnan(value), (name, row)
                assert single.code, (name, row)
            else:
                assert value == single, (name, row)
    for beta in (0.0, 0.5, 2.0, math.inf):
        values = counts.fbeta(arrays, beta)
        singles = [float(counts.fbeta(BinaryCounts(*(int(x) for x in row)), beta)) for row in cells]
        np.testing.assert_array_equal(values, singles)


def test_ratio_scalar_array_and_undefined_operands():
    assert ratio(1, 4, code="no_samples") == 0.25
    assert ratio(1, 0, code="no_samples", params={"k": 1}) == Undefined(code="no_samples")
    np.testing.assert_array_equal(ratio(np.array([1.0, 2.0]), np.array([0, 4]), code="no_samples"), [np.nan, 0.5])
    np.testing.assert_array_equal(ratio(np.array([1.0, 3.0]), 0, code="no_samples"), [np.nan, np.nan])
    reason = Undefined(code="no_positives")
    assert ratio(reason, 0.5, code="unbounded_lr_plus") is reason
    assert ratio(0.5, reason, code="unbounded_lr_plus") is reason


def test_undefined_combinations_keep_their_first_reason():
    no_negatives = BinaryCounts(tp=3, fp=0, tn=0, fn=1)
    assert counts.positive_likelihood_ratio(no_negatives).code == "no_negatives"
    assert counts.balanced_accuracy(no_negatives).code == "no_negatives"
    assert counts.matthews_correlation(no_negatives).code == "empty_margin"
    assert counts.positive_likelihood_ratio(BinaryCounts(tp=3, fp=0, tn=2, fn=1)).code == "unbounded_lr_plus"


@pytest.mark.parametrize("seed", range(3))
def test_whole_matrix_kappas_and_mcc_are_one_kernel_bit_for_bit(seed):
    """What a bootstrap resample gets from the stack is exactly what ConfusionMatrix reports for that matrix, and
    both are right: ConfusionMatrix calls the stack's kernel, so each value is also held to exact rational
    arithmetic, undefined exactly where a denominator is 0."""
    rng = np.random.default_rng(seed)
    stack = rng.integers(0, 7, size=(200, 5, 5))
    stack[::7, 2] = 0  # a class with no samples
    stack[::11] = np.diag([3, 0, 0, 0, 0])  # kappa and MCC undefined
    columns = {"cohen_kappa": stacked.cohen_kappa(stack), "linear": stacked.weighted_kappa(stack, "linear"),
               "quadratic": stacked.weighted_kappa(stack, "quadratic"),
               "matthews_correlation": stacked.matthews_correlation(stack)}
    for i, M in enumerate(stack):
        cm = ConfusionMatrix.from_counts(M, list(range(5)), rows="true")
        scalar = {"cohen_kappa": cm.cohen_kappa(), "linear": cm.cohen_kappa("linear"),
                  "quadratic": cm.cohen_kappa("quadratic"), "matthews_correlation": cm.matthews_correlation()}
        exact = _exact_agreement(M)
        for name, value in scalar.items():
            assert isinstance(value, Undefined) == math.isnan(columns[name][i]) == (exact[name] is None), (name, i)
            if not isinstance(value, Undefined):
                assert value == columns[name][i], (name, i)
                assert value == pytest.approx(exact[name], rel=1e-12, abs=1e-15), (name, i)


def _exact_agreement(M: np.ndarray) -> dict:
    """Cohen's kappa, both weighted kappas and Gorodkin's MCC of one integer matrix in exact rational arithmetic;
    None where the denominator is 0."""
    k, n = len(M), int(M.sum())
    t, p = [int(v) for v in M.sum(axis=1)], [int(v) for v in M.sum(axis=0)]
    trace, chance = int(np.trace(M)), sum(a * b for a, b in zip(t, p))
    out = {"cohen_kappa": float(Fraction(trace * n - chance, n * n - chance)) if n * n != chance else None}
    for name, power in (("linear", 1), ("quadratic", 2)):
        observed = sum(abs(i - j) ** power * int(M[i, j]) for i in range(k) for j in range(k))
        expected = sum(abs(i - j) ** power * t[i] * p[j] for i in range(k) for j in range(k))
        out[name] = float(Fraction(expected - observed * n, expected)) if expected else None
    margins = (n * n - sum(v * v for v in p)) * (n * n - sum(v * v for v in t))
    out["matthews_correlation"] = None if margins == 0 else \
        math.copysign(math.sqrt(Fraction((trace * n - chance) ** 2, margins)), trace * n - chance)
    return out


@pytest.mark.parametrize("scale", [10**3, 10**8, 10**9, 4 * 10**9])
def test_kappas_and_mcc_stay_exact_beyond_int64_products(scale):
    """Billions of rows (merged counts of a streamed file): Σ T_i·P_i passes 2^63 once n passes about 3·10^9, which
    int64 arithmetic wraps silently; every agreement measure must still match exact rational arithmetic."""
    rng = np.random.default_rng(scale % 97)
    for M in rng.integers(0, scale, size=(5, 4, 4)):
        cm = ConfusionMatrix.from_counts(M, list(range(4)), rows="true")
        got = {"cohen_kappa": cm.cohen_kappa(), "linear": cm.cohen_kappa("linear"),
               "quadratic": cm.cohen_kappa("quadratic"), "matthews_correlation": cm.matthews_correlation()}
        assert got == pytest.approx(_exact_agreement(M), rel=1e-12, abs=1e-15), int(M.sum())


def _stack_with_gaps(seed: int, k: int, m: int = 120) -> np.ndarray:
    """Random count matrices of k classes with absent, never-predicted and empty-but-one classes."""
    rng = np.random.default_rng(seed)
    stack = rng.integers(0, 9, size=(m, k, k))
    stack[::3, rng.integers(0, k)] = 0  # a class with no samples
    stack[1::4, :, rng.integers(0, k)] = 0  # a class never predicted
    stack[2::5, : k - 2] = 0  # only two classes present
    stack[::13] = 0
    stack[::13, 0, 0] = 5  # one class only: the adjusted balanced accuracy is undefined
    return stack


def _exact_balanced_accuracy(M: np.ndarray) -> Fraction:
    present = [i for i in range(len(M)) if M[i].sum()]
    return sum(Fraction(int(M[i, i]), int(M[i].sum())) for i in present) / len(present)


@pytest.mark.parametrize("k, seed", [(3, 0), (9, 1), (12, 2)])
def test_balanced_accuracy_averages_and_kl_are_one_kernel_bit_for_bit(k, seed):
    """ConfusionMatrix's balanced accuracy and averages and distribution's KL are the stack's values for that matrix,
    to the bit (nine classes and more with an absent class is where a mean over the present classes and a sum over
    all of them round differently), undefined exactly where the stack is nan, and right by exact arithmetic."""
    stack = _stack_with_gaps(seed, k)
    columns = {"balanced": stacked.balanced_accuracy(stack), "adjusted": stacked.balanced_accuracy_adjusted(stack)}
    columns.update({direction: stacked.kl_divergence(stack, direction) for direction in ("true_vs_pred", "pred_vs_true")})
    columns.update({(name, method): stacked.average(stack, name, method) for name in counts.PER_CLASS
                    for method in ("macro", "weighted", "micro")})
    for i, M in enumerate(stack):
        cm = ConfusionMatrix.from_counts(M, list(range(k)), rows="true")
        scalar = {"balanced": cm.balanced_accuracy(), "adjusted": cm.balanced_accuracy(adjusted=True),
                  **distribution.kl_of_matrix(cm)}
        scalar.update({key: cm.average(*key) for key in columns if isinstance(key, tuple)})
        for key, value in scalar.items():
            assert isinstance(value, Undefined) == math.isnan(columns[key][i]), (key, i)
            assert isinstance(value, Undefined) or value == columns[key][i], (key, i)
        exact = _exact_balanced_accuracy(M)
        assert scalar["balanced"] == pytest.approx(float(exact), rel=1e-15)
        present = int((M.sum(axis=1) > 0).sum())
        if present > 1:
            adjusted = (exact - Fraction(1, present)) / (1 - Fraction(1, present))
            assert scalar["adjusted"] == pytest.approx(float(adjusted), rel=1e-12, abs=1e-15)
        recall = [Fraction(int(M[j, j]), int(M[j].sum())) for j in range(k) if M[j].sum()]
        assert scalar[("recall", "weighted")] == pytest.approx(
            float(sum(r * int(M[j].sum()) for j, r in zip(np.flatnonzero(M.sum(axis=1)), recall)) / int(M.sum())),
            rel=1e-12)
        if len(recall) == k:
            assert scalar[("recall", "macro")] == pytest.approx(float(sum(recall) / k), rel=1e-15)


def test_scalar_forms_compute_nothing_of_their_own(monkeypatch):
    """Balanced accuracy, the macro and weighted averages and the KL divergence have one formula, the stack's:
    replace it and ConfusionMatrix, the invariance table's macro measures, the class-score AUROC averages (in
    memory and streamed), the multi-label macro averages, distribution's KL functions and the binary KL all follow
    (a function of BinaryCounts still gives ConfusionMatrix.average its per-class values)."""
    monkeypatch.setattr(stacked, "balanced_accuracy", lambda M: np.full(len(M), 0.625))
    monkeypatch.setattr(stacked, "class_average", lambda values, support, n, method: np.full(len(values), 0.375))
    monkeypatch.setattr(stacked, "divergence", lambda first, second: np.full(len(first), 0.25))
    cm = ConfusionMatrix.from_counts([[5, 1, 0], [2, 3, 1], [0, 2, 6]], ["a", "b", "c"], rows="true")
    assert cm.balanced_accuracy() == 0.625 and cm.balanced_accuracy(adjusted=True) == pytest.approx(0.4375)
    assert cm.average("f1", "macro") == cm.average("precision", "weighted") == 0.375
    assert cm.average(lambda c: c.tp / (c.tp + c.fp), "macro") == 0.375
    assert stacked.average(cm.matrix(rows="true")[None], "recall", "weighted")[0] == 0.375
    assert invariance.average_accuracy(cm) == invariance.MEASURES["Recall_M"](cm) == 0.375
    y, scores = np.array([0, 1, 2, 2, 1, 0, 1]), np.random.default_rng(1).dirichlet(np.ones(3), 7)
    columns = {"y_true": y, "row": np.arange(7), **{f"p{j}": scores[:, j] for j in range(3)}}
    for result in (assess_scores(y, scores, [0, 1, 2]), ClassScoreCounts.zero(["p0", "p1", "p2"]).update(columns)
                   .finalize([0, 1, 2])):
        assert [result.auroc[average] for average in ("macro", "weighted", "ovo")] == [0.375] * 3
    averages = summarize(np.eye(3, dtype=int)[[0, 1, 2, 0]], np.eye(3, dtype=int)[[0, 2, 2, 1]])["averages"]
    assert averages["macro"] == {"precision": 0.375, "recall": 0.375, "f1": 0.375}
    assert distribution.kl_of_matrix(cm) == {"true_vs_pred": 0.25, "pred_vs_true": 0.25}
    assert distribution.kl_binary(BinaryCounts(tp=3, fp=1, tn=4, fn=2)) == 0.25
    assert distribution.kl_pred_vs_true([1, 2, 3], [3, 2, 1]) == 0.25


def test_means_over_defined_classes_are_one_kernel(monkeypatch):
    """Balanced accuracy, a subgroup's macro recall (in memory and from counts) and a subgroup's macro AUROC (in
    memory and from a streamed score state) are all :func:`stacked.mean_of_defined`: replace it and each follows."""
    monkeypatch.setattr(stacked, "mean_of_defined", lambda values: np.full(values.shape[:-1], 0.625))
    cm = ConfusionMatrix.from_counts([[5, 1, 0], [2, 3, 1], [0, 2, 6]], ["a", "b", "c"], rows="true")
    assert cm.balanced_accuracy() == 0.625
    rng = np.random.default_rng(0)
    y, g, scores = rng.integers(0, 3, 90), rng.choice(["u", "v"], 90), rng.random((90, 3))
    memory = subgroup_analysis(y, scores.argmax(axis=1), g, labels=[0, 1, 2], scores=scores, n_bootstrap=20)
    parts = accumulate(GroupedCounts.zero("group"), [{"y_true": y, "y_pred": scores.argmax(axis=1), "group": g}])
    counted = subgroups_from_counts(parts.finalize(), labels=[0, 1, 2], n_permutations=20)
    scores /= scores.sum(axis=1, keepdims=True)
    for value in ("u", "v"):
        assert memory.results[value]["macro_recall"].estimate == counted.results[value]["macro_recall"].estimate == 0.625
        assert memory.results[value]["auroc"].estimate == 0.625
        rows = g == value
        state = ClassScoreCounts.zero(["p0", "p1", "p2"]).update(
            {"y_true": y[rows], "row": np.flatnonzero(rows), **{f"p{j}": scores[rows, j] for j in range(3)}})
        assert streaming.group_auroc(state, None, [0, 1, 2]) == 0.625


@pytest.mark.parametrize("seed", range(4))
def test_balanced_accuracy_agrees_with_scikit_learn_with_absent_classes(seed):
    """balanced_accuracy_score, plain and adjusted=True, on labels where some classes never occur in the truth,
    some only in the predictions, some nowhere; with and without sample weights."""
    rng = np.random.default_rng(seed)
    k = int(rng.integers(3, 12))
    y_true = rng.choice(rng.choice(k, size=max(2, k - 3), replace=False), size=60)
    y_pred = np.where(rng.random(60) < 0.5, y_true, rng.integers(0, k, 60))
    weight = rng.random(60) * 3
    cm, weighted = (ConfusionMatrix.from_predictions(y_true, y_pred, labels=range(k), sample_weight=w)
                    for w in (None, weight))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "y_pred contains classes not in y_true"
        for adjusted in (False, True):
            assert cm.balanced_accuracy(adjusted) == pytest.approx(
                balanced_accuracy_score(y_true, y_pred, adjusted=adjusted), rel=1e-13)
            assert weighted.balanced_accuracy(adjusted) == pytest.approx(
                balanced_accuracy_score(y_true, y_pred, adjusted=adjusted, sample_weight=weight), rel=1e-13)


@pytest.mark.parametrize("k, seed", [(2, 0), (4, 1), (7, 2), (8, 3), (9, 4), (12, 5), (20, 6)])
def test_kept_sums_are_each_rows_own_sum_of_its_kept_values(k, seed):
    """Each row's kept sum is numpy's sum of that row's kept values alone, bit for bit, on both sides of numpy's
    pairwise threshold, with values of very different magnitudes; 0 where a row keeps nothing."""
    rng = np.random.default_rng(seed)
    values = rng.random((3000, k)) * 10.0 ** rng.integers(-8, 8, (3000, k))
    keep = rng.random((3000, k)) < rng.uniform(0.1, 1.0, (3000, 1))
    keep[::17] = True
    keep[::23] = False
    values[~keep & (rng.random((3000, k)) < 0.5)] = np.nan
    expected = [np.sum(row[kept]) if kept.any() else 0.0 for row, kept in zip(values, keep)]
    np.testing.assert_array_equal(stacked.kept_sums(values, keep), expected)
