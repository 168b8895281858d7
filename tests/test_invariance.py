"""Sokolova & Lapalme's changes I1–I8, their measures, and the numerical invariance table.

Transformations checked by hand; measures cross-checked against scikit-learn
on random label data; the invariance of each measure derived by algebra
(listed below) and compared with the numerical table.
"""

import numpy as np
import pytest
from sklearn.metrics import accuracy_score, f1_score, hamming_loss, precision_score, recall_score

from iso4213_nb import BinaryCounts, ConfusionMatrix, InputError, Undefined
from iso4213_nb.measures.invariance import (CHANGES, MEASURES, PAPER_INVARIANT, as_counts, change_fn, change_fp, change_tn,
                                   change_tp, exchange, invariance_table, scale, scale_columns, scale_rows)

C = [10, 3, 50, 7]  # tp, fp, tn, fn


def test_changes_by_hand():
    assert exchange(C).tolist() == [[50, 3, 10, 7]]
    assert exchange(C, whole_labels=True).tolist() == [[50, 7, 10, 3]]
    assert change_tn(C, 1).tolist() == [[10, 3, 1, 7]]
    assert change_tp(C, 2).tolist() == [[2, 3, 50, 7]]
    assert change_fn(C, 0).tolist() == [[10, 3, 50, 0]]
    assert change_fp(C, 9).tolist() == [[10, 9, 50, 7]]
    assert scale(C, 3).tolist() == [[30, 9, 150, 21]]
    assert scale_columns(C, 2, 3).tolist() == [[20, 6, 150, 21]]  # tp, fp x2; tn, fn x3
    assert scale_rows(C, 2, 3).tolist() == [[20, 9, 150, 14]]  # tp, fn x2; fp, tn x3


def test_changes_apply_to_every_row():
    rows = [[1, 2, 3, 4], [5, 6, 7, 8]]
    assert exchange(rows).tolist() == [[3, 2, 1, 4], [7, 6, 5, 8]]
    assert change_tn(rows, [0, 9]).tolist() == [[1, 2, 0, 4], [5, 6, 9, 8]]


def test_random_changes_really_change_the_counts():
    rng = np.random.default_rng(0)
    for _ in range(200):
        c = rng.integers(0, 30, size=(3, 4))
        for ch in ("I2", "I3", "I4", "I5", "I6"):
            assert not np.array_equal(CHANGES[ch].apply(c, rng), c) or not c.any(), ch
        k = CHANGES["I7"].draw(c, rng)
        assert k["k1"] != k["k2"]


def test_as_counts_accepts_the_package_types():
    assert as_counts(BinaryCounts(tp=1, fp=2, tn=3, fn=4)).tolist() == [[1, 2, 3, 4]]
    cm = ConfusionMatrix.from_counts([[5, 1], [2, 7]], rows="true")  # class 0: tp 5, fn 1, fp 2, tn 7
    assert as_counts(cm).tolist() == [[5, 2, 7, 1], [7, 1, 5, 2]]


@pytest.mark.parametrize("bad, message", [
    ([1, 2, 3], "four columns"),
    ([1, -2, 3, 4], "non-negative whole"),
    ([1, 2.5, 3, 4], "non-negative whole"),
    ("abcd", "numbers"),
])
def test_bad_counts(bad, message):
    with pytest.raises(InputError, match=message):
        as_counts(bad)


def test_bad_change_parameters():
    with pytest.raises(InputError, match="k1"):
        scale(C, 0.5)
    with pytest.raises(InputError, match="new tn"):
        change_tn(C, -1)


def _indicator_counts(truth, pred, axis):
    tp = (truth & pred).sum(axis=axis)
    fp = (~truth & pred).sum(axis=axis)
    tn = (~truth & ~pred).sum(axis=axis)
    fn = (truth & ~pred).sum(axis=axis)
    return np.column_stack([tp, fp, tn, fn])


@pytest.mark.parametrize("seed", range(6))
def test_multilabel_measures_match_sklearn(seed):
    rng = np.random.default_rng(seed)
    truth = rng.random((40, 5)) < 0.4
    pred = np.where(rng.random((40, 5)) < 0.8, truth, ~truth)
    truth[:, 0] = pred[:, 0] = True  # every sample has a label, so per-sample F is defined
    per_sample, per_label = _indicator_counts(truth, pred, 1), _indicator_counts(truth, pred, 0)
    assert MEASURES["Exact Match Ratio"](per_sample) == pytest.approx(accuracy_score(truth, pred))
    assert MEASURES["Labelling Fscore"](per_sample) == pytest.approx(f1_score(truth, pred, average="samples"))
    assert MEASURES["Retrieval Fscore"](per_label) == pytest.approx(f1_score(truth, pred, average="macro"))
    assert MEASURES["Hamming Loss"](per_sample) == pytest.approx(hamming_loss(truth, pred))


@pytest.mark.parametrize("seed", range(6))
def test_multiclass_measures_match_sklearn(seed):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 4, size=300)
    p = np.where(rng.random(300) < 0.6, y, rng.integers(0, 4, size=300))
    c = as_counts(ConfusionMatrix.from_predictions(y, p))
    for name, sk in [("Precision_M", precision_score(y, p, average="macro")),
                     ("Recall_M", recall_score(y, p, average="macro")),
                     ("Fscore_M", 2 * precision_score(y, p, average="macro") * recall_score(y, p, average="macro")
                      / (precision_score(y, p, average="macro") + recall_score(y, p, average="macro"))),
                     ("Precision_mu", precision_score(y, p, average="micro")),
                     ("Fscore_mu", f1_score(y, p, average="micro"))]:
        assert MEASURES[name](c) == pytest.approx(sk), name
    accuracy_per_class = [np.mean((y == k) == (p == k)) for k in range(4)]
    assert MEASURES["Average Accuracy"](c) == pytest.approx(np.mean(accuracy_per_class))
    assert MEASURES["Error Rate"](c) == pytest.approx(1 - np.mean(accuracy_per_class))


@pytest.mark.parametrize("k, seed", [(3, 0), (9, 1), (12, 2)])
def test_macro_measures_are_the_6_4_3_macro_averages_bit_for_bit(k, seed):
    """Average Accuracy, Precision_M and Recall_M are ConfusionMatrix.average(..., "macro") of the same matrix to the
    bit, undefined with the same code and class (absent and never-predicted classes among k = 12)."""
    rng = np.random.default_rng(seed)
    for _ in range(40):
        y = rng.integers(0, k, 200)
        p = np.where(rng.random(200) < 0.5, y, rng.integers(0, k, 200))
        p[p == rng.integers(0, k)] = 0  # a class never predicted: its precision is undefined
        cm = ConfusionMatrix.from_predictions(y, p, labels=range(k))
        for name, measure in (("Average Accuracy", "binary_accuracy"), ("Precision_M", "precision"),
                              ("Recall_M", "recall")):
            got, expected = MEASURES[name](as_counts(cm)), cm.average(measure, "macro")
            assert got == expected and getattr(got, "params", None) == getattr(expected, "params", None), name
    undefined = MEASURES["Precision_M"]([[1, 1, 1, 1], [0, 0, 5, 5]])
    assert (undefined.code, undefined.params["label"]) == ("average_needs_every_class", 1)


def test_binary_auc_is_balanced_accuracy_and_undefined_propagates():
    assert MEASURES["AUC"](C) == pytest.approx((10 / 17 + 50 / 53) / 2)
    assert isinstance(MEASURES["Precision"]([0, 0, 5, 5]), Undefined)
    assert isinstance(MEASURES["Precision_M"]([[1, 1, 1, 1], [0, 0, 5, 5]]), Undefined)


# Invariance derived by algebra from each formula (Table 2-4 of the paper), independent of the code:
# e.g. precision tp/(tp+fp) ignores tn and fn (I2, I4), survives k·(tp, fp) (I6, I7); F1 2tp/(2tp+fp+fn)
# ignores tn only; Hamming (fp+fn)/(tp+fp+tn+fn) survives swapping tp and tn; exact match depends only on
# whether fp + fn is zero, which scaling, swaps of tp/tn and changes of tp or tn never alter.
ALGEBRA = {
    "Accuracy": {"I1", "I6", "I1*"},
    "Precision": {"I2", "I4", "I6", "I7"},
    "Recall": {"I2", "I5", "I6", "I8"},
    "Fscore": {"I2", "I6"},
    "Specificity": {"I3", "I4", "I6", "I8"},
    "AUC": {"I6", "I8", "I1*"},
    "Average Accuracy": {"I1", "I6", "I1*"},
    "Error Rate": {"I1", "I6", "I1*"},
    "Precision_mu": {"I2", "I4", "I6", "I7"},
    "Recall_M": {"I2", "I5", "I6", "I8"},
    "Fscore_M": {"I2", "I6"},
    "Exact Match Ratio": {"I1", "I2", "I3", "I6", "I7", "I8", "I1*"},
    "Labelling Fscore": {"I2", "I6"},
    "Retrieval Fscore": {"I2", "I6"},
    "Hamming Loss": {"I1", "I6", "I1*"},
}


@pytest.fixture(scope="module")
def table():
    return invariance_table(list(ALGEBRA), n_trials=60, seed=1)


def test_numerical_table_matches_algebra(table):
    for name, expected in ALGEBRA.items():
        got = {ch for ch in table.changes if table.invariant[name, ch]}
        assert got == expected, name
        assert all(table.changed[name, ch][1] > 0 for ch in table.changes), name


def test_differences_from_the_paper(table):
    diffs = {(name, ch) for name, ch, _, _ in table.differences()}
    assert diffs == {("Exact Match Ratio", ch) for ch in ("I1", "I2", "I3", "I4", "I5", "I6", "I7", "I8")} | {
        ("Retrieval Fscore", "I2"), ("Hamming Loss", "I2"), ("Hamming Loss", "I3")}


def test_paper_claims_transcribed_from_section_5():
    # section 5: only precision is invariant under I7; only exact match ratio is not invariant under I6
    assert [g for g, s in PAPER_INVARIANT.items() if "I7" in s] == ["Precision_G"]
    assert [g for g, s in PAPER_INVARIANT.items() if "I6" not in s] == ["Exact Match Ratio"]
    # number of marks per row of Table 7: 2, 4, 4, 2, 4, 2, 2, 2, 1, 4
    assert [len(s) for s in PAPER_INVARIANT.values()] == [2, 4, 4, 2, 4, 2, 2, 2, 1, 4]


def test_table_is_reproducible_and_rows_render(table):
    again = invariance_table(list(ALGEBRA), n_trials=60, seed=1)
    assert again.changed == table.changed
    row = table.rows()[0]
    assert row[0] == "Accuracy" and row[1:] == ["+", "−", "−", "−", "−", "+", "−", "−", "+"]


def test_table_bad_arguments():
    with pytest.raises(InputError, match="unknown measure 'Kappa'"):
        invariance_table(["Kappa"])
    with pytest.raises(InputError, match="unknown change"):
        invariance_table(changes=("I9",))
    with pytest.raises(InputError, match="n_trials"):
        invariance_table(n_trials=0)


# ---------------------------------------------------------------- the buttons (iso4213_nb.widgets.invariance)
def test_lab_buttons_change_counts_as_the_paper_defines():
    from iso4213_nb.widgets.invariance import InvarianceLab

    lab = InvarianceLab((10, 3, 50, 7), step=5, factor=3)
    lab.buttons["I2"].click()
    assert (lab.counts.tp, lab.counts.fp, lab.counts.tn, lab.counts.fn) == (10, 3, 55, 7)
    changed = lab.changed()
    assert changed["precision"] is False and changed["recall"] is False and changed["f1"] is False
    assert changed["specificity"] is True and changed["binary_accuracy"] is True
    assert "I2: change of true negatives" in lab.table_html.value
    lab.apply("I7")  # tp, fp x3
    assert (lab.counts.tp, lab.counts.fp, lab.counts.tn, lab.counts.fn) == (30, 9, 55, 7)
    assert lab.changed()["precision"] is False and lab.changed()["recall"] is True
    lab.reset_button.click()
    assert lab.counts == BinaryCounts(10, 3, 50, 7) and lab.changed() == {}


def test_lab_shows_paper_statement_and_undefined():
    from iso4213_nb.widgets.invariance import InvarianceLab

    lab = InvarianceLab(BinaryCounts(tp=0, fp=0, tn=5, fn=4))
    assert "undefined" in lab.table_html.value  # precision with no predicted positives
    lab.apply("I1")
    row = [r for r in lab.table_html.value.split("<tr>") if r.startswith("<td>binary accuracy")][0]
    assert "invariant" in row  # the paper: accuracy is invariant under I1
    with pytest.raises(InputError, match="unknown change"):
        lab.apply("I9")


def test_paper_rows_show_the_paper_marks(table):
    paper = {row[0]: row[1:] for row in table.rows(paper=True)}
    assert paper["Precision"] == ["−", "+", "−", "+", "−", "+", "+", "−", ""]  # I1* is not in the paper
    assert paper["Exact Match Ratio"] == ["−", "−", "−", "+", "+", "−", "−", "−", ""]
