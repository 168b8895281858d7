"""Exercises of notebook 10, choosing a measure (invariance, Sokolova & Lapalme 2009)."""

from __future__ import annotations

from ...measures import counts as measures
from ...measures.counts import BinaryCounts
from ...measures.invariance import scale_rows
from ...words.i18n import N_
from ..items import DOWN, SAME, UP, ChoiceItem, NumberItem, Option, PredictItem, Slider
from . import define

_TEST = BinaryCounts(tp=30, fp=5, tn=60, fn=10)


def _deployed(factor: float) -> BinaryCounts:
    return BinaryCounts(*scale_rows(_TEST, 1, factor)[0])


@define("10.1", "number")
def precision_in_deployment():
    """10.1 (6.2.4): precision when the negatives of tp 30, fp 5, tn 60, fn 10 are ten times as many."""
    return NumberItem(
        N_("Precision in deployment, with ten times as many negatives?"), measures.precision(_deployed(10)),
        hints=(N_("which counts grow tenfold, and which stay?"), N_("TP stays 30; FP becomes ten times 5")),
        mistakes=((measures.precision(_TEST), N_("That is the precision on the test set: FP grows with the "
                                                 "negatives.")),
                  (measures.recall(_deployed(10)), N_("That is recall, which does not move; precision divides by "
                                                      "TP + FP."))))


@define("10.2", "choice")
def survives_balance():
    """10.2 (6.2.4, 6.3.3; beyond TS 4213: invariance I8 of Sokolova & Lapalme 2009): the measure that keeps its
    value when the negatives are scaled."""
    right = N_("balanced accuracy")
    return ChoiceItem(
        N_("A buyer will use the model where negatives are far more common than in your test set. Which measure "
           "reads the same there as on the test set?"),
        options=(
            Option(N_("precision"), N_("Precision divides by TP + FP, and FP grows with the negatives.")),
            Option(N_("F1"), N_("F1 contains FP, which grows with the negatives.")),
            Option(N_("binary accuracy"), N_("Accuracy weighs each class by its count, so it drifts towards the "
                                             "specificity.")),
            Option(right, N_("It averages recall and specificity, each a rate within one class, so the balance of "
                             "the classes does not enter (invariance I8).")),
        ),
        answer=right, hints=(N_("a measure that uses each class only through a rate within that class does not see "
                                "the balance"),))


@define("10.3", "predict")
def precision_as_negatives_grow():
    """10.3 (6.2.4, invariance I8): predict precision as the negatives of the test counts are scaled up."""
    return PredictItem(
        N_("Test counts tp 30, fp 5, tn 60, fn 10. Scale the negatives (fp and tn) up to three times: does precision "
           "go up, go down or stay the same?"),
        measure=N_("precision"),
        slider=Slider(N_("factor on the negatives"), 1, 10, 1, start=1, target=3),
        value_at=lambda k: measures.precision(_deployed(k)),
        why=N_("Precision was {before} at factor {start} and is {after} at {target}: TP stays, FP grows with the "
               "negatives. A measure read on a test set with another class balance does not carry over."),
        options=(Option(UP, N_("More negatives bring more false alarms, never fewer.")),
                 Option(DOWN, N_("FP grows with the negatives while TP stays, so TP / (TP + FP) falls.")),
                 Option(SAME, N_("That is recall or specificity, rates within one class; precision mixes the "
                                 "classes."))))
