"""Exercises of notebook 03, the threshold explorer (6.3)."""

from __future__ import annotations

import numpy as np

from ...measures import counts as measures
from ...measures.curves import BinaryScores
from ...words.i18n import N_, number
from ..items import DOWN, SAME, UP, ChoiceItem, Option, PredictItem, Slider
from . import define


@define("03.1", "choice")
def equal_recall(*, y_true, scores):
    """03.1 (6.3.2, 6.2.3): both models have the same recall at 0.5; which reading of that is right?

    ``y_true`` holds 0/1 labels (1 = malignant), ``scores`` maps the two models' names (in the notebook's language)
    to their scores, logistic regression first, naive Bayes second.
    """
    y = np.asarray(y_true)
    first, second = (np.asarray(s) for s in scores.values())
    lr, nb = (BinaryScores(y, s).counts_at(0.5) for s in (first, second))
    only_one = int(np.sum(((first >= 0.5) != (second >= 0.5)) & (y == 1)))
    values = {"tp": lr.tp, "positives": lr.tp + lr.fn, "fp_lr": lr.fp, "fp_nb": nb.fp, "only_one": only_one,
              "p_lr": number(measures.precision(lr), 4), "p_nb": number(measures.precision(nb), 4)}
    return ChoiceItem(
        N_("At threshold 0.5 logistic regression and naive Bayes have the same recall. What does that tell you?"),
        options=(
            Option(N_("They find equally many malignant tumours; their false alarms can still differ."),
                   N_("Recall counts only the malignant tumours: {tp} of {positives} for both. The benign tumours "
                      "flagged are another count: {fp_lr} and {fp_nb}.")),
            Option(N_("The two models are equally good at this threshold."),
                   N_("One measure at one threshold is not the whole model: precision differs ({p_lr} against "
                      "{p_nb}), and so do the curves over all thresholds.")),
            Option(N_("The two models flag the very same tumours."),
                   N_("Equal counts need not be the same tumours: {only_one} malignant tumours are found by one model "
                      "and missed by the other.")),
        ),
        answer=N_("They find equally many malignant tumours; their false alarms can still differ."),
        hints=(N_("recall = TP / (TP + FN): which tumours appear in it, and which do not?"),),
        values=values)


@define("03.2", "predict")
def precision_when_raised(*, y_true, scores):
    """03.2 (6.2.2, 6.3.2): predict whether naive Bayes's precision rises when the threshold goes from 0.5 to 0.7.

    ``y_true`` holds 0/1 labels (1 = malignant), ``scores`` maps the models' names to scores, naive Bayes second.
    """
    model = BinaryScores(y_true, list(scores.values())[1])
    before, after = model.counts_at(0.5), model.counts_at(0.7)
    return PredictItem(
        N_("Naive Bayes at threshold 0.5: will its precision go up, go down or stay the same when the threshold "
           "rises to 0.7?"),
        measure=N_("precision"),
        slider=Slider(N_("threshold"), 0.05, 0.95, 0.05, start=0.5, target=0.7),
        value_at=lambda t: measures.precision(model.counts_at(t)),
        why=N_("Precision was {before} at {start} and is {after} at {target}: TP fell from {tp0} to {tp1} but FP "
               "only from {fp0} to {fp1}. Precision need not rise with the threshold; it depends on which tumours "
               "leave the flagged set."),
        options=(
            Option(UP, N_("Fewer false alarms usually means higher precision, but here the malignant tumours "
                          "leave the flagged set faster than the benign ones.")),
            Option(DOWN, N_("Raising the threshold removes both kinds of flagged tumours; precision falls when the "
                            "true positives go faster.")),
            Option(SAME, N_("Precision stays only if TP and FP fall in the same proportion.")),
        ),
        values={"tp0": before.tp, "tp1": after.tp, "fp0": before.fp, "fp1": after.fp})
