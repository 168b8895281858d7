"""Exercises of the Annex B notebook (6.3.6)."""

from __future__ import annotations

from ...measures import counts as measures
from ...words.i18n import N_, number
from ..items import DOWN, SAME, UP, ChoiceItem, NumberItem, Option, PredictItem, Slider
from . import define


@define("B.1", "number")
def precision_at_07(*, scored):
    """B.1 (6.2.4): precision at threshold 0,7 of ``scored`` (the reconstructed Annex B data, a BinaryScores)."""
    at_07 = scored.counts_at(0.7)
    return NumberItem(
        N_("Precision at threshold 0,7 on the reconstructed data?"), measures.precision(at_07),
        hints=(N_("precision = TP / (TP + FP): TP and FP are the numerators of TP/P and FP/N at 0,7"),),
        mistakes=((measures.recall(at_07), N_("That is the TP rate the annex prints (recall); precision divides by "
                                              "the predicted positives.")),))


@define("B.2", "predict")
def auroc_as_the_threshold_moves(*, scored):
    """B.2 (6.3.6): predict the AUROC of ``scored`` when the explorer's threshold moves from 0,9 to 0,3."""
    before, after = scored.counts_at(0.9), scored.counts_at(0.3)
    return PredictItem(
        N_("Move the threshold from 0,9 to 0,3: the TP rate and the FP rate both rise. Will the AUROC go up, go "
           "down or stay the same?"),
        measure=N_("AUROC"),
        slider=Slider(N_("threshold"), 0.01, 0.99, 0.01, start=0.9, target=0.3),
        value_at=lambda t: scored.auroc(),
        why=N_("The AUROC was {before} and is {after}: it is the area under the whole curve, over every threshold, "
               "so no single threshold moves it. The operating point moved along the curve: TP {tp0} → {tp1}, "
               "FP {fp0} → {fp1}."),
        options=(
            Option(UP, N_("More positives are found, but the area is computed over all thresholds at once; "
                          "moving the operating point does not change the curve.")),
            Option(DOWN, N_("More false alarms, but the curve already holds every threshold; choosing one moves a "
                            "point along it, not the curve.")),
            Option(SAME, N_("The AUROC summarises the ranking of the scores; the threshold only picks a point on "
                            "the curve."))),
        values={"tp0": before.tp, "tp1": after.tp, "fp0": before.fp, "fp1": after.fp})


@define("B.3", "choice")
def five_point_area(*, comparison):
    """B.3 (6.3.6): what the area of Figure B.7's five-point curve says, given ``comparison`` (the dict of
    :func:`iso4213_nb.annexes.annex_b.curve_comparison`)."""
    right = N_("It is the area of a polygon through five points; the data's AUROC can lie anywhere in a range "
               "around it.")
    return ChoiceItem(
        N_("The five-point curve of Figure B.7 has area {five}; the reconstructed data's full ROC curve has AUROC "
           "{auroc}. Which reading is right?"),
        options=(
            Option(right, N_("Inside each band between two published thresholds the order of positives and "
                             "negatives is not printed; any data set with these counts has an AUROC from {low} to "
                             "{high}.")),
            Option(N_("The five-point area is the true AUROC; the full curve is wrong."),
                   N_("The full curve uses every threshold of the data; joining five points by straight lines "
                      "assumes the samples inside each band are mixed evenly, which is one choice among many.")),
            Option(N_("The two differ only by the rounding of the printed rates."),
                   N_("Rounding moves the five-point area only from {five} to {printed}; the rest of the gap comes "
                      "from the thresholds the figure leaves out."))),
        answer=right, hints=(N_("what does a straight line between two operating points assume about the samples "
                                "between them?"),),
        values={"five": number(comparison["five_points_exact"], 4), "auroc": number(comparison["auroc"], 4),
                "low": number(comparison["auroc_min"], 4), "high": number(comparison["auroc_max"], 4),
                "printed": number(comparison["five_points_printed"], 4)})
