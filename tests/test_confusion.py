"""ConfusionMatrix: orientation, Annex A reproduction, undefined values, bad input."""

import numpy as np
import pytest

from iso4213_nb.words import readings
from iso4213_nb import ConfusionMatrix, InputError, Undefined
from sklearn.metrics import confusion_matrix

# Table A.1 as printed: predicted classes in rows, actual classes in columns.
TABLE_A1 = [[400, 150, 14], [23, 3800, 144], [13, 355, 65]]

# Tables A.2-A.4 as printed in ISO/IEC TS 4213:2022 (per cent, two decimals).
TABLE_A2 = {"A": (400, 4364, 164, 36), "B": (3800, 492, 167, 505), "C": (65, 4373, 368, 158)}
TABLE_A3 = {
    "recall": {"A": 91.74, "B": 88.27, "C": 29.15},  # the "Accuracy" row: per-class accuracy = recall (6.4.2)
    "binary_accuracy": {"A": 95.97, "B": 86.46, "C": 89.40},
    "precision": {"A": 70.92, "B": 95.79, "C": 15.01},
    "specificity": {"A": 96.38, "B": 74.66, "C": 92.24},
    "f1": {"A": 80.00, "B": 91.88, "C": 19.82},
}
TABLE_A4 = {  # macro, weighted, micro; the "Accuracy" row averages binary accuracy
    "binary_accuracy": (90.61, 87.43, 90.61),
    "precision": (60.57, 89.98, 85.92),
    "recall": (69.72, 85.92, 85.92),
    "specificity": (87.76, 77.36, 92.96),
    "f1": (63.90, 87.60, 85.92),
}


@pytest.fixture(params=["predicted", "true"])
def annex_a(request):
    counts = np.array(TABLE_A1) if request.param == "predicted" else np.array(TABLE_A1).T
    return ConfusionMatrix.from_counts(counts, labels="ABC", rows=request.param)


def pct(x):
    return round(100 * x, 2)


def test_table_a2_counts(annex_a):
    for label, (tp, tn, fp, fn) in TABLE_A2.items():
        c = annex_a.binary(label)
        assert (c.tp, c.tn, c.fp, c.fn) == (tp, tn, fp, fn)


def test_table_a3_per_class(annex_a):
    for measure, printed in TABLE_A3.items():
        assert {k: pct(v) for k, v in annex_a.per_class(measure).items()} == printed, measure


def test_table_a4_averages(annex_a):
    for measure, printed in TABLE_A4.items():
        got = tuple(pct(annex_a.average(measure, m)) for m in ("macro", "weighted", "micro"))
        assert got == printed, measure


def test_overall_accuracy_is_85_92_and_differs_from_averaged_accuracy(annex_a):
    assert pct(annex_a.accuracy()) == 85.92
    assert pct(annex_a.average("binary_accuracy", "micro")) == 90.61


def test_orientation_round_trip():
    cm = ConfusionMatrix.from_counts(TABLE_A1, labels="ABC", rows="predicted")
    assert cm.matrix(rows="predicted").tolist() == TABLE_A1
    assert cm.matrix(rows="true").tolist() == np.array(TABLE_A1).T.tolist()
    assert cm.support.tolist() == [436, 4305, 223]  # column sums of Table A.1


def test_rows_is_required_and_checked():
    with pytest.raises(TypeError):
        ConfusionMatrix.from_counts(TABLE_A1)  # no silent default
    with pytest.raises(InputError, match="rows must be"):
        ConfusionMatrix.from_counts(TABLE_A1, rows="actual")


def test_from_predictions_matches_counts_with_string_labels():
    cm_counts = ConfusionMatrix.from_counts(TABLE_A1, labels=["ant", "bee", "cat"], rows="predicted")
    m = cm_counts.matrix(rows="true")
    y_true, y_pred = [], []
    for i, t in enumerate(cm_counts.labels):
        for j, p in enumerate(cm_counts.labels):
            y_true += [t] * m[i, j]
            y_pred += [p] * m[i, j]
    rng = np.random.default_rng(0)
    order = rng.permutation(len(y_true))
    cm = ConfusionMatrix.from_predictions(np.array(y_true)[order], np.array(y_pred)[order])
    assert cm == cm_counts


def test_from_predictions_integer_labels_keep_predicted_only_class():
    cm = ConfusionMatrix.from_predictions([0, 0, 1, 1], [0, 2, 1, 1])
    assert cm.labels == (0, 1, 2)
    assert isinstance(cm.per_class("recall")[2], Undefined)
    assert cm.per_class("recall")[2].code == "no_positives"
    assert readings.reason(cm.per_class("recall")[2]) == "no actual positives (TP + FN = 0)"


def test_explicit_labels_fix_order_and_reject_unknown():
    cm = ConfusionMatrix.from_predictions(["b", "a", "b"], ["b", "b", "a"], labels=["b", "a"])
    assert cm.labels == ("b", "a")
    assert cm.matrix(rows="true").tolist() == [[1, 1], [1, 0]]
    with pytest.raises(InputError, match=r"^y_pred has label\(s\) 'z' not among labels 'a', 'b'$"):
        ConfusionMatrix.from_predictions(["a", "b"], ["a", "z"], labels=["a", "b"])


def test_undefined_is_not_zero():
    cm = ConfusionMatrix.from_counts([[5, 0], [3, 0]], labels=["pos", "neg"], rows="true")
    p = cm.per_class("precision")["neg"]
    assert isinstance(p, Undefined) and p.code == "no_predicted_positives"
    assert np.isnan(float(p))
    macro = cm.average("precision", "macro")
    assert isinstance(macro, Undefined) and macro.params["label"] == "neg"
    assert readings.reason(macro) == macro.reason == ("macro precision needs every class; for class 'neg': "
                                                      "no predicted positives (TP + FP = 0)")


def test_weighted_average_skips_classes_without_samples():
    cm = ConfusionMatrix.from_predictions([0, 0, 1, 1], [0, 2, 1, 1])
    assert cm.average("recall", "weighted") == pytest.approx(0.75)


@pytest.mark.parametrize(
    "counts, message",
    [
        ([[1, 2, 3], [4, 5, 6]], "must be square"),
        ([[1, -2], [3, 4]], "negative counts"),
        ([[1, 2.5], [3, 4]], "non-integer"),
        ([[1, np.nan], [3, 4]], "NaN"),
        ([[1]], "at least two classes"),
        ([1, 2, 3], "two-dimensional"),
    ],
)
def test_bad_matrices_get_one_line_errors(counts, message):
    with pytest.raises(InputError, match=message) as info:
        ConfusionMatrix.from_counts(counts, rows="true")
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    "y_true, y_pred, message",
    [
        ([0, 1, 1], [0, 1], "length mismatch: y_true has 3, y_pred has 2"),
        ([], [], "y_true is empty"),
        ([0.0, np.nan], [0, 1], "NaN"),
        ([None, "a"], ["a", "a"], "missing labels"),
        (["a", "a"], ["a", "a"], "only one class"),
    ],
)
def test_bad_label_arrays(y_true, y_pred, message):
    with pytest.raises(InputError, match=message):
        ConfusionMatrix.from_predictions(y_true, y_pred)


def test_empty_matrix_gives_undefined_not_warnings():
    cm = ConfusionMatrix.from_counts([[0, 0], [0, 0]], rows="true")
    for value in (cm.accuracy(), cm.cohen_kappa(), cm.balanced_accuracy(), cm.matthews_correlation(),
                  cm.average("precision", "macro"), cm.average("recall", "micro")):
        assert isinstance(value, Undefined)


@pytest.mark.parametrize("y, p, labels", [
    ([True, False, True, True], [True, True, False, True], [False, True]),
    ([True, False, True, True], [True, True, False, True], [1, 0]),
    ([1.0, 0.0, 1.0, 2.0], [1.0, 1.0, 0.0, 2.0], [0.0, 1.0, 2.0]),
    ([1, 0, 1, 2], [1, 1, 0, 2], [2.0, 0.0, 1.0]),
    ([1, 0, 1, 2], [1.0, 1.0, 0.0, 2.0], [0, 1, 2]),
    (np.array([1, 0, 1], np.uint8), [True, True, False], [0.0, 1.0]),
])
def test_labels_equal_in_value_to_the_data_are_accepted_as_scikit_learn_does(y, p, labels):
    ours = ConfusionMatrix.from_predictions(y, p, labels=labels)
    assert np.array_equal(ours.matrix(rows="true"), confusion_matrix(y, p, labels=labels))
    assert ours.labels == tuple(labels)


def test_text_labels_are_still_compared_exactly_as_written():
    with pytest.raises(InputError, match="'a ' not among labels 'b', 'a'"):
        ConfusionMatrix.from_predictions(["a", "b"], ["b", "a "], labels=["b", "a"])


def test_numbers_of_different_kinds_are_compared_as_numbers():
    ours = ConfusionMatrix.from_predictions([1, 0, 1, 2], [1.5, 1, 0, 2], labels=[0, 1, 1.5, 2])
    assert ours.matrix(rows="true").tolist() == [[0, 1, 0, 0], [1, 0, 1, 0], [0, 0, 0, 0], [0, 0, 0, 1]]
    assert ConfusionMatrix.from_predictions([1, 0, 1, 2], [1.5, 1, 0, 2]).labels == (0, 1, 1.5, 2)


def test_an_unknown_code_gets_one_error_whichever_measure_asks():
    """One check and one sentence for "not one of these codes" (issue 24 point 2): the averages of the matrix and
    of the AUROCs, the normalisation, the kappa weights, the partial AUROC's focus, the AUROC interval's and the
    p-value adjustment's method, Annex B's rounding, the planning figure's quantity and a curve figure's kind."""
    from iso4213_nb.annexes.annex_b import rounds_to
    from iso4213_nb.figures.curves import prepare_axes
    from iso4213_nb.figures.planning import plan
    from iso4213_nb.measures.curves import BinaryScores
    from iso4213_nb.measures.multiclass_scores import ovo_auroc, ovr_auroc
    from iso4213_nb.measures.roc_regions import partial_auroc
    from iso4213_nb.stats.multiplicity import adjust_pvalues
    from iso4213_nb.stats.roc import auroc_ci

    cm = ConfusionMatrix.from_predictions([0, 1, 2, 1], [0, 1, 1, 2])
    y, scores = [0, 1, 2, 1], np.eye(3)[[0, 1, 2, 2]] * 0.8 + 0.2 / 3
    calls = {"average": [lambda: cm.average("f1", "mean"), lambda: ovr_auroc(y, scores, [0, 1, 2], "mean"),
                         lambda: ovo_auroc(y, scores, [0, 1, 2], "mean")],
             "by": [lambda: cm.normalized("mean", rows="true")], "weights": [lambda: cm.cohen_kappa("mean")],
             "focus": [lambda: partial_auroc(BinaryScores([0, 1], [0.2, 0.7]), 0.8, 1, focus="mean")],
             "method": [lambda: auroc_ci([1, 0, 1, 0], [0.1, 0.2, 0.3, 0.4], method="mean"),
                        lambda: adjust_pvalues([0.01, 0.2], method="mean")],
             "rounding": [lambda: rounds_to(1, 3, "0,33", rounding="mean")],
             "quantity": [lambda: plan("mean")], "kind": [lambda: prepare_axes(None, "mean")]}
    for name, tried in calls.items():
        for call in tried:
            with pytest.raises(InputError) as caught:
                call()
            assert caught.value.code == "checks.not_one_of"
            assert str(caught.value).startswith(f"{name} must be one of '") and str(caught.value).endswith(", got 'mean'")
    with pytest.raises(InputError, match="^average must be one of 'macro', 'weighted', 'micro', got 'mean'$"):
        ovr_auroc(y, scores, [0, 1, 2], "mean")
