"""Exercises of notebook 09, reporting (clause 8)."""

from __future__ import annotations

from ...measures import counts as measures
from ...measures.curves import BinaryScores
from ...report.content import operating_points
from ...words.i18n import N_
from ..items import DOWN, SAME, UP, ChoiceItem, NumberItem, Option, PredictItem, Slider
from . import define


@define("09.1", "number")
def precision_at_the_fpr_point(*, y_true, scores):
    """09.1 (clause 8, 6.2.4): precision at the operating point whose false positive rate stays at most 0.1, from
    its four counts (``y_true`` 0/1 labels, ``scores`` of the model)."""
    row = next(p for p in operating_points(BinaryScores(y_true, scores)) if p["name"] == "fpr_0.1")
    at_row = measures.BinaryCounts(tp=row["tp"], fp=row["fp"], tn=row["tn"], fn=row["fn"])
    return NumberItem(
        N_("Precision at the 'FPR ≤ 0.1' operating point?"), measures.precision(at_row),
        hints=(N_("precision = TP / (TP + FP), with the counts of that row"),),
        mistakes=((row["tpr"], N_("That is the TPR (recall), which divides by the actual positives, TP + FN.")),
                  (measures.specificity(at_row), N_("That is the specificity, 1 − FPR."))))


@define("09.2", "choice")
def item_from_predictions_alone():
    """09.2 (clause 8): which clause-8 item can the toolkit fill from the predictions file alone?"""
    right = N_("the counts at representative operating points")
    return ChoiceItem(
        N_("Which clause-8 item comes from the predictions alone?"),
        options=(
            Option(N_("where the training data come from"),
                   N_("Where the training data come from and what they hold is known to the assessor, not to a "
                      "file of predictions.")),
            Option(N_("what was done about bias"),
                   N_("What was done about bias is a statement about the process; the predictions cannot show "
                      "it.")),
            Option(N_("how far the true labels can be trusted"),
                   N_("How far the labels can be trusted needs knowledge of how they were made, e.g. a second "
                      "annotator (notebook 01).")),
            Option(right, N_("The counts are computed from the labels and scores in the file, at thresholds chosen "
                             "by stated rules."))),
        answer=right, hints=(N_("which item is a number computed from labels and scores?"),))


@define("09.3", "predict")
def recall_up_to_youden(*, y_true, scores):
    """09.3 (6.2.5, clause 8): predict the recall of the model (``scores``, ``y_true`` 0/1) when the threshold rises
    from 0.5 to 0.65, near Youden's point."""
    model = BinaryScores(y_true, scores)
    before, after = model.counts_at(0.5), model.counts_at(0.65)
    return PredictItem(
        N_("At threshold 0.5 the logistic regression finds {tp0} of {positives} malignant samples with {fp0} false "
           "alarms. Raise the threshold to 0.65: will its recall go up, go down or stay the same?"),
        measure=N_("recall"),
        slider=Slider(N_("threshold"), 0.3, 0.9, 0.01, start=0.5, target=0.65),
        value_at=lambda t: measures.recall(model.counts_at(t)),
        why=N_("Recall was {before} at {start} and is {after} at {target}: TP went from {tp0} to {tp1}, while the "
               "false alarms went from {fp0} to {fp1}. A higher threshold can only lose positives, but it loses "
               "none when no malignant sample scores between the two thresholds."),
        options=(
            Option(UP, N_("Raising the threshold never adds a sample to those called malignant, so TP cannot "
                          "grow.")),
            Option(DOWN, N_("Recall falls only if some malignant sample scores between the two thresholds.")),
            Option(SAME, N_("Recall stays when the samples that leave the flagged set are all benign."))),
        values={"tp0": before.tp, "tp1": after.tp, "fp0": before.fp, "fp1": after.fp,
                "positives": before.tp + before.fn})


@define("09.4", "choice")
def which_operating_point(*, y_true, scores):
    """09.4 (clause 8): which of the report's operating points should it recommend (``y_true`` 0/1 labels,
    ``scores`` of the model)?"""
    points = {p["name"]: p for p in operating_points(BinaryScores(y_true, scores))}
    youden, loose = points["youden"], points["fpr_0.1"]
    right = N_("None by itself: the choice depends on what a missed malignancy and a needless biopsy cost.")
    return ChoiceItem(
        N_("The report lists several operating points of the logistic regression. Which one should it recommend "
           "as the result?"),
        options=(
            Option(right, N_("Clause 8 asks for counts at representative points so that the reader can weigh the "
                             "errors: from Youden's point to the 'FPR ≤ 0.1' point, {more} more malignant samples "
                             "are found at the price of {alarms} more false alarms.")),
            Option(N_("Youden's point, because it maximises TPR − FPR."),
                   N_("Youden's J counts a missed malignancy and a false alarm as equally bad (per positive and per "
                      "negative); a hospital rarely does.")),
            Option(N_("Threshold 0.5, because the scores are probabilities."),
                   N_("0.5 is where a calibrated probability gives even odds; it is the best threshold only if both "
                      "errors cost the same."))),
        answer=right, hints=(N_("what would make one error worse than the other?"),),
        values={"more": loose["tp"] - youden["tp"], "alarms": loose["fp"] - youden["fp"]})
