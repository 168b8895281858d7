"""Exercises of notebook 05, multi-label measures (6.5)."""

from __future__ import annotations

import numpy as np

from ...measures import multilabel
from ...words.i18n import N_, number, significant
from ..items import DOWN, SAME, UP, ChoiceItem, NumberItem, Option, PredictItem, Slider
from . import define


@define("05.1", "number")
def jaccard_of_the_data_set(*, y_true, y_pred):
    """05.1 (6.5.4): data-set level Jaccard index of the indicator matrices ``y_true`` and ``y_pred``."""
    return NumberItem(
        N_("Data-set level Jaccard index of the three samples?"), multilabel.jaccard_dataset(y_true, y_pred),
        hints=(N_("count the labels in both sets and the labels in either set, over all three samples, then "
                  "divide"),),
        mistakes=((multilabel.jaccard_samples(y_true, y_pred),
                   N_("That is the mean of the per-sample indices; data-set level pools before dividing.")),))


@define("05.2", "number")
def jaccard_of_the_samples(*, y_true, y_pred):
    """05.2 (6.5.4): sample-level Jaccard index (the mean of the per-sample indices) of the same matrices."""
    return NumberItem(
        N_("Sample-level Jaccard index of the three samples?"), multilabel.jaccard_samples(y_true, y_pred),
        hints=(N_("one index per sample: labels in both sets over labels in either set"),
               N_("sample 1: 1/2, sample 2: 1/1")),
        mistakes=((multilabel.jaccard_dataset(y_true, y_pred),
                   N_("That is the data-set level index of exercise 05.1; here average the three per-sample "
                      "indices.")),))


@define("05.3", "choice")
def hamming_beside_exact_match(*, y_true, y_pred):
    """05.3 (6.5.2, 6.5.3): a small Hamming loss beside a much lower exact match ratio; which reading is right?

    ``y_true`` and ``y_pred`` are the N × L indicator matrices of the test set.
    """
    wrong = (np.asarray(y_true) != np.asarray(y_pred)).sum(axis=1)
    imperfect = int(np.sum(wrong > 0))
    right = N_("Both are right: one counts wrong label decisions, the other wholly right samples.")
    return ChoiceItem(
        N_("The model's Hamming loss is {hamming}, its exact match ratio {exact}: {imperfect} of {n} samples have a "
           "wrong label set. A colleague says one of the two numbers must be wrong. What do you answer?"),
        options=(
            Option(right, N_("{imperfect} of {n} samples have a wrong label, {one_wrong} of them in one label only; "
                             "together {decisions} of the {all_decisions} label decisions are wrong ({decisions} / "
                             "{all_decisions} = {hamming}): the Hamming loss counts decisions, the exact match ratio "
                             "whole samples.")),
            Option(N_("The Hamming loss should be 1 minus the exact match ratio."),
                   N_("That holds with one label per sample only. With {labels} labels a sample with one wrong "
                      "label adds 1/{labels} to the Hamming loss but fails the exact match entirely.")),
            Option(N_("The exact match ratio is the honest one; the Hamming loss hides errors."),
                   N_("Nothing is hidden: they answer different questions (how many decisions are wrong, how many "
                      "samples are wholly right), and 6.5 lists both. A report says which one matters for the "
                      "use."))),
        answer=right,
        hints=(N_("count how many of the L labels of an imperfect sample are wrong, on average"),),
        values={"hamming": number(multilabel.hamming_loss(y_true, y_pred), 4),
                "exact": number(multilabel.exact_match_ratio(y_true, y_pred), 4), "imperfect": imperfect,
                "n": len(wrong), "one_wrong": int(np.sum(wrong == 1)), "decisions": int(wrong.sum()),
                "all_decisions": int(np.asarray(y_true).size), "labels": int(np.asarray(y_true).shape[1])})


@define("05.4", "predict")
def kl_when_predictions_move(*, y_true, y_pred, labels):
    """05.4 (6.5.5): predict the label-distribution KL divergence when the predicted label sets of the first k
    samples are handed on, each to the next sample (the slider: k), so that they land on the wrong samples.

    ``y_true`` and ``y_pred`` are the N × L indicator matrices, ``labels`` their label names.
    """
    y_true, y_pred = np.asarray(y_true), np.asarray(y_pred)
    moved_to = min(300, len(y_pred))

    def moved(k):
        shifted = y_pred.copy()
        k = int(round(k))
        shifted[:k] = np.roll(y_pred[:k], 1, axis=0)
        return shifted

    def divergence(k):
        return multilabel.label_distribution_kl(y_true, moved(k), labels)["pred_vs_true"]

    return PredictItem(
        N_("Hand the predicted label set of each of the first {target} samples to the next sample, so that most "
           "of them land on the wrong sample. Will the label-distribution KL divergence D(P‖T) go up, go down or "
           "stay the same?"),
        measure=N_("KL divergence D(P‖T)"),
        slider=Slider(N_("samples whose predictions are handed on"), 0, len(y_pred), 1, start=0, target=moved_to),
        value_at=divergence,
        why=N_("D(P‖T) was {before} and is {after} ({kl} to four significant digits both times): the same label "
               "sets are predicted, only on other samples, so every label is predicted as often as before. The "
               "Hamming loss, which looks at each sample, went from {hamming0} to {hamming1}."),
        options=(
            Option(UP, N_("More wrong labels would raise the Hamming loss; the divergence compares only how often "
                          "each label is predicted overall, and those counts have not changed.")),
            Option(DOWN, N_("Moving predictions between samples cannot bring the two label distributions closer: "
                            "the predicted counts per label stay what they were.")),
            Option(SAME, N_("The divergence sees only the share of each label among all predicted labels, not "
                            "which sample carries it."))),
        values={"target": moved_to, "kl": significant(divergence(0), 4),
                "hamming0": number(multilabel.hamming_loss(y_true, y_pred), 4),
                "hamming1": number(multilabel.hamming_loss(y_true, moved(moved_to)), 4)})
