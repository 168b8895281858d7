"""Exercises of the Annex A notebook (6.4.2, 6.4.3)."""

from __future__ import annotations

import numpy as np

from ...measures import counts as measures
from ...measures.confusion import ConfusionMatrix
from ...words.i18n import N_, number
from ..items import DOWN, SAME, UP, ChoiceItem, NumberItem, Option, PredictItem, Slider
from . import define


@define("A.1", "number")
def balanced_accuracy_of_c(*, matrix):
    """A.1 (6.4.2, 6.3.3): balanced accuracy of class C of ``matrix`` (Table A.1), in percent."""
    class_c = matrix.binary("C")
    return NumberItem(
        N_("Balanced accuracy of class C, in percent?"), 100 * measures.balanced_accuracy(class_c),
        kind="percentage", tolerance=0.05,
        hints=(N_("(recall + specificity) / 2, both in the C column of Table A.3"),),
        mistakes=((100 * measures.binary_accuracy(class_c),
                   N_("That is the binary accuracy, (TP + TN) / N, which the many true negatives of C push up.")),
                  (100 * measures.recall(class_c), N_("That is the recall alone; average it with the specificity."))))


@define("A.2", "predict")
def specificity_of_b_when_its_errors_are_corrected(*, matrix):
    """A.2 (6.2.4, 6.4.3): predict class B's specificity when k of the samples truly B but predicted C are
    corrected to B (the slider: k, up to 300), in ``matrix`` (Table A.1)."""
    counts = matrix.matrix(rows="predicted")
    labels = list(matrix.labels)
    b, c = labels.index("B"), labels.index("C")

    def corrected(k):
        moved = np.array(counts)
        moved[c, b] -= int(round(k))
        moved[b, b] += int(round(k))
        return ConfusionMatrix.from_counts(moved, labels, rows="predicted")

    target = min(300, int(counts[c, b]))
    return PredictItem(
        N_("{wrong} samples that are truly B are predicted as C. Correct {target} of them to B: will the "
           "specificity of class B go up, go down or stay the same?"),
        measure=N_("specificity of class B"),
        slider=Slider(N_("B samples corrected"), 0, int(counts[c, b]), 1, start=0, target=target),
        value_at=lambda k: corrected(k).per_class("specificity")["B"],
        why=N_("The specificity of B was {before} and is {after}: its negatives are the samples truly A or C, and "
               "none of them moved. The corrections show up elsewhere: the recall of B rose from {recall0} to "
               "{recall1}, the precision of C from {precision0} to {precision1}."),
        options=(
            Option(UP, N_("The model got better, but specificity of B counts only the samples that are not B: "
                          "TN / (TN + FP) of B has not changed.")),
            Option(DOWN, N_("More samples are predicted as B, but all of them are truly B: none is a false "
                            "positive of B.")),
            Option(SAME, N_("The corrected samples are truly B: they move from FN to TP of B and leave its TN and "
                            "FP alone."))),
        values={"wrong": int(counts[c, b]), "target": target,
                "recall0": number(matrix.per_class("recall")["B"], 4),
                "recall1": number(corrected(target).per_class("recall")["B"], 4),
                "precision0": number(matrix.per_class("precision")["C"], 4),
                "precision1": number(corrected(target).per_class("precision")["C"], 4)})


@define("A.3", "choice")
def weighted_below_macro_specificity(*, matrix):
    """A.3 (6.4.3): why Table A.4's weighted specificity lies below its macro specificity, for ``matrix``."""
    support = dict(zip(matrix.labels, matrix.support.tolist()))
    specificity = matrix.per_class("specificity")
    right = N_("Class B carries most of the weight, and its specificity is the lowest of the three.")
    return ChoiceItem(
        N_("In Table A.4 the weighted specificity ({weighted} %) lies below the macro specificity ({macro} %). "
           "Why?"),
        options=(
            Option(right, N_("Weighting by the true class sizes gives B {share} % of the weight ({n_b} of {n}). "
                             "B's negatives are only the A and C samples, and {fp_b} of them are called B, so its "
                             "specificity is {spec_b} %, against {spec_a} % and {spec_c} % for A and C.")),
            Option(N_("The annex computed the weighted average wrongly."),
                   N_("The toolkit reproduces the printed value from the printed counts; nothing is wrong, the two "
                      "averages weigh the classes differently.")),
            Option(N_("A weighted average always lies below the macro average."),
                   N_("It depends on which class is weighted up: for precision it is the other way round here "
                      "({weighted_precision} % against {macro_precision} %)."))),
        answer=right, hints=(N_("which class has most of the samples, and what is its specificity?"),),
        values={"weighted": number(100 * matrix.average("specificity", "weighted"), 2),
                "macro": number(100 * matrix.average("specificity", "macro"), 2),
                "share": number(100 * support["B"] / matrix.n, 2), "n_b": support["B"], "n": matrix.n,
                "fp_b": matrix.binary("B")["fp"], "spec_a": number(100 * specificity["A"], 2),
                "spec_b": number(100 * specificity["B"], 2), "spec_c": number(100 * specificity["C"], 2),
                "weighted_precision": number(100 * matrix.average("precision", "weighted"), 2),
                "macro_precision": number(100 * matrix.average("precision", "macro"), 2)})
