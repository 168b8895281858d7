"""Exercises of notebook 11, the glossary (the false friend «точность», Sokolova & Lapalme's "AUC")."""

from __future__ import annotations

from ...measures import counts as measures
from ...words import glossary
from ...words.i18n import N_, number
from ..items import DOWN, SAME, UP, ChoiceItem, NumberItem, Option, PredictItem, Slider
from . import define


@define("11.1", "number")
def the_false_friend(*, counts):
    """11.1 (3.2, 6.2.4): the value of «точность» (ПНСТ 835-2023's word for precision) at ``counts``."""
    return NumberItem(
        N_("«точность» of tp = {tp}, fp = {fp}, tn = {tn}, fn = {fn}?"), glossary.term("точность")(counts),
        hints=(N_("the word is a false friend: look at the function the glossary gives for it"),),
        mistakes=((measures.binary_accuracy(counts),
                   N_("That is accuracy, «доля правильных исходов» in ПНСТ 835-2023; «точность» names another "
                      "measure.")),),
        values={"tp": counts.tp, "fp": counts.fp, "tn": counts.tn, "fn": counts.fn})


@define("11.2", "predict")
def the_false_friend_with_more_negatives(*, counts):
    """11.2 (6.2.3, 6.2.4): predict «точность» when correctly rejected negatives are added to ``counts`` (the
    slider: tn), while «доля правильных исходов» rises."""
    def at(tn):
        return measures.BinaryCounts(tp=counts.tp, fp=counts.fp, tn=int(round(tn)), fn=counts.fn)

    target = counts.tn + 60
    return PredictItem(
        N_("Add 60 negatives that the model rejects correctly (tn from {tn} to {target}). Will the «точность» of "
           "your colleague go up, go down or stay the same?"),
        measure=N_("«точность»"),
        slider=Slider(N_("true negatives (tn)"), counts.tn, target, 1, start=counts.tn, target=target),
        value_at=lambda tn: glossary.term("точность")(at(tn)),
        why=N_("«точность» was {before} and is {after}: it is precision, TP / (TP + FP), with no TN in it. The "
               "accuracy, «доля правильных исходов», rose from {accuracy0} to {accuracy1}."),
        options=(
            Option(UP, N_("More correct decisions raise the accuracy, but «точность» is not accuracy in "
                          "ПНСТ 835-2023.")),
            Option(DOWN, N_("Nothing in TP or FP changed, and «точность» uses only those two counts.")),
            Option(SAME, N_("«точность» is precision: the added negatives are neither TP nor FP."))),
        values={"tn": counts.tn, "target": target,
                "accuracy0": number(measures.binary_accuracy(counts), 4),
                "accuracy1": number(measures.binary_accuracy(at(target)), 4)})


@define("11.3", "choice")
def sokolova_auc(*, counts):
    """11.3 (6.3.6; Sokolova & Lapalme 2009): a paper reports "AUC" for a classifier that gives labels only; what
    is it, at ``counts``?"""
    right = N_("(recall + specificity) / 2 at its one threshold: balanced accuracy")
    return ChoiceItem(
        N_("A paper using Sokolova & Lapalme's names reports AUC = {auc} for a classifier that outputs labels only "
           "(tp = {tp}, fp = {fp}, tn = {tn}, fn = {fn}). What is that number?"),
        options=(
            Option(right, N_("With labels only there is one operating point; Sokolova & Lapalme's AUC is the mean "
                             "of recall ({recall}) and specificity ({specificity}) there.")),
            Option(N_("the area under the ROC curve of 6.3.6"),
                   N_("A ROC curve needs scores to move a threshold over; labels give a single point, and "
                      "the name AUC is reused for another quantity.")),
            Option(N_("the accuracy"),
                   N_("Accuracy is {accuracy} here: it weighs the classes by their sizes; this AUC gives each of "
                      "the two rates half the weight."))),
        answer=right, hints=(N_("look up AUC in the glossary box: which function does Sokolova & Lapalme's entry "
                                "call?"),),
        values={"tp": counts.tp, "fp": counts.fp, "tn": counts.tn, "fn": counts.fn,
                "auc": number(measures.balanced_accuracy(counts), 4), "recall": number(measures.recall(counts), 4),
                "specificity": number(measures.specificity(counts), 4),
                "accuracy": number(measures.binary_accuracy(counts), 4)})
