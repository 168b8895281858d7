"""Exercises of notebook 04, multi-class measures (6.4)."""

from __future__ import annotations

import numpy as np

from ...measures.confusion import ConfusionMatrix
from ...words.i18n import N_, number
from ..items import DOWN, SAME, UP, ChoiceItem, NumberItem, Option, PredictItem, Slider
from . import define


@define("04.1", "number")
def macro_recall_never_predicted(*, matrix):
    """04.1 (6.4.3): macro-averaged recall of ``matrix`` (a :class:`ConfusionMatrix` in which one class is never
    predicted)."""
    return NumberItem(
        N_("Macro-averaged recall of the matrix in which cultivar 3 is never predicted?"),
        matrix.average("recall", "macro"),
        hints=(N_("recall of a class = diagonal cell / number of samples truly in the class"),
               N_("cultivar 3 has true samples but none of them is found: its recall is a real 0")),
        mistakes=((matrix.average("recall", "weighted"),
                   N_("That is the weighted (and micro) recall, which equals accuracy; macro weighs each class "
                      "alike.")),
                  (matrix.average("precision", "macro"),
                   N_("Recall divides by the samples truly in the class; cultivar 3 has some, so its recall "
                      "exists."))))


@define("04.2", "number")
def micro_precision_never_predicted(*, matrix):
    """04.2 (6.4.3): micro-averaged precision of the same ``matrix``: defined although one class's precision is
    not."""
    return NumberItem(
        N_("Micro-averaged precision of the same matrix?"),
        matrix.average("precision", "micro"),
        hints=(N_("micro adds up TP and FP over the three one-vs-rest splits before dividing"),
               N_("in single-label data, every sample is predicted as exactly one class")),
        mistakes=((matrix.average("precision", "macro"),
                   N_("Macro precision is undefined, but micro pools the counts first, and the pooled TP + FP is "
                      "not 0.")),
                  (matrix.average("recall", "macro"), N_("That is the macro recall of exercise 04.1."))))


def _first_of_rare(y_true, rare, kept):
    """The samples of every class but ``rare``, and the first ``kept`` samples of ``rare`` in test order."""
    return (y_true != rare) | (np.cumsum(y_true == rare) <= kept)


@define("04.3", "predict")
def macro_precision_as_a_class_becomes_rare(*, y_true, y_pred, labels):
    """04.3 (6.4.3): predict whether macro precision changes when the last class of ``labels`` keeps only its first
    5 test samples (the slider: how many are kept), the predictions ``y_pred`` of the others unchanged."""
    y_true, y_pred = np.asarray(y_true), np.asarray(y_pred)
    rare = labels[-1]
    total = int(np.sum(y_true == rare))

    def matrix(kept):
        keep = _first_of_rare(y_true, rare, int(round(kept)))
        return ConfusionMatrix.from_predictions(y_true[keep], y_pred[keep], labels=labels)

    before, after = (matrix(kept).binary(rare) for kept in (total, 5))
    return PredictItem(
        N_("Keep every test wine of the other cultivars but fewer and fewer of {rare} ({total} now). Will the "
           "macro-averaged precision go up, go down or stay the same when only 5 are kept?"),
        measure=N_("macro-averaged precision"),
        slider=Slider(N_("wines of the rare cultivar kept"), 1, total, 1, start=total, target=5),
        value_at=lambda kept: matrix(kept).average("precision", "macro"),
        why=N_("Macro precision was {before} with {start} wines of {rare} and is {after} with {target}: the {fp} "
               "wines of other cultivars called {rare} all stay, while its correctly found wines fall from {tp0} "
               "to {tp1}, so its precision drops from {p0} to {p1}, and the macro average gives it a third of the "
               "weight however few wines it has."),
        options=(
            Option(UP, N_("Fewer wines of {rare} means fewer chances to misclassify them, but precision asks "
                          "about the wines called {rare}, and the false alarms from other cultivars stay.")),
            Option(DOWN, N_("The wines wrongly called {rare} do not leave with its own wines: its precision "
                            "falls, and macro counts each class alike.")),
            Option(SAME, N_("The model and its predictions are the same, but precision depends on how many "
                            "wines of each kind sit among those called {rare}."))),
        values={"rare": rare, "total": total, "fp": before["fp"], "tp0": before["tp"], "tp1": after["tp"],
                "p0": number(before["tp"] / (before["tp"] + before["fp"]), 4),
                "p1": number(after["tp"] / (after["tp"] + after["fp"]), 4)})


@define("04.4", "choice")
def macro_against_weighted(*, y_true, y_pred, labels):
    """04.4 (6.4.3): on a test set with one rare class macro F1 is far below weighted F1; which reading is right?

    ``y_true`` and ``y_pred`` are the labels of the skewed test set, ``labels`` its classes.
    """
    matrix = ConfusionMatrix.from_predictions(y_true, y_pred, labels=labels)
    support = dict(zip(matrix.labels, matrix.support.tolist()))
    rare = min(support, key=support.get)
    f1 = matrix.per_class("f1")
    right = N_("The rare class is classified worst; macro gives it a third of the weight, weighted only its share "
               "of the wines.")
    return ChoiceItem(
        N_("On the skewed test set macro F1 is {macro} and weighted F1 is {weighted}. What explains the gap?"),
        options=(
            Option(right, N_("F1 of {rare} is {f1_rare}, against {f1_others} for the other cultivars. Macro "
                             "weighs each class 1/3; weighted gives {rare} {n_rare} of {n} wines' worth of "
                             "weight.")),
            Option(N_("The weighted average is inflated by the many easy true negatives."),
                   N_("F1 = 2·TP / (2·TP + FP + FN) has no TN in it; the two averages take the same per-class F1 "
                      "values and differ only in how they weigh the classes.")),
            Option(N_("The macro average is wrong here, because it ignores how many wines each class has."),
                   N_("Neither is wrong: macro answers how well a typical class is served, weighted how well a "
                      "typical wine is. The report states which question it answers and why (6.4.3)."))),
        answer=right,
        hints=(N_("compare the F1 of each cultivar in the skewed set, and the weight each average gives it"),),
        values={"macro": number(matrix.average("f1", "macro"), 4),
                "weighted": number(matrix.average("f1", "weighted"), 4), "rare": rare,
                "f1_rare": number(f1[rare], 4),
                "f1_others": " / ".join(number(f1[label], 4) for label in matrix.labels if label != rare),
                "n_rare": support[rare], "n": matrix.n})
