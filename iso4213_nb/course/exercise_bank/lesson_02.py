"""Exercises of notebook 02, binary measures (6.2, 6.3)."""

from __future__ import annotations

from ...measures import counts as measures
from ...measures.curves import BinaryScores
from ...words.i18n import N_
from ..items import DOWN, SAME, UP, ChoiceItem, NumberItem, Option, PredictItem, Slider
from . import define


@define("02.1", "number")
def f2_at_04(*, y_true, scores):
    """02.1 (6.2.6): F2 of the model at threshold 0.4 (``scores`` of the one model of notebook 02)."""
    model = BinaryScores(y_true, scores)
    at = model.counts_at(0.4)
    return NumberItem(
        N_("F2 of the model at threshold 0.4?"), measures.fbeta(at, 2),
        hints=(N_("F2 = 5·TP / (5·TP + 4·FN + FP), with the counts printed for 0.4"),),
        mistakes=((measures.f1(at), N_("That is F1; F2 counts each false negative four times.")),
                  (measures.fbeta(at, 0.5), N_("That is F0.5, which favours precision; F2 favours recall.")),
                  (measures.fbeta(model.counts_at(0.5), 2),
                   N_("That is F2 at threshold 0.5, printed above; use the counts at 0.4."))))


@define("02.2", "choice")
def precision_of_nothing(*, y_true, scores):
    """02.2 (6.2.4): at 0.95 no tumour is called malignant; what is the precision there?"""
    at = BinaryScores(y_true, scores).counts_at(0.95)
    right = N_("undefined: no tumour is called malignant, so TP + FP = 0")
    return ChoiceItem(
        N_("At threshold 0.95 the model calls {flagged} tumours malignant. What is its precision there?"),
        options=(
            Option(right, N_("Precision divides by the tumours called malignant; with none, the share does not "
                             "exist, and a report says so instead of printing a number.")),
            Option(N_("0, because no malignant tumour is found"),
                   N_("Finding none is recall = 0 ({fn} malignant tumours missed); precision asks about the "
                      "flagged tumours, and there are none.")),
            Option(N_("1, because the model makes no false alarm"),
                   N_("No false alarm, but no alarm at all: 0 of 0 is not 100 %.")),
        ),
        answer=right, hints=(N_("precision = TP / (TP + FP): what is TP + FP here?"),),
        values={"flagged": at.tp + at.fp, "fn": at.fn})


@define("02.3", "predict")
def f1_when_lowered(*, y_true, scores):
    """02.3 (6.2.5): predict whether F1 rises when the threshold falls from 0.5 to 0.3, then check in the explorer."""
    model = BinaryScores(y_true, scores)
    before, after = model.counts_at(0.5), model.counts_at(0.3)
    return PredictItem(
        N_("At threshold 0.5 the model finds {tp0} of {positives} malignant tumours with {fp0} false alarms. Lower the "
           "threshold to 0.3: does F1 go up, go down or stay the same?"),
        measure=N_("F1"),
        slider=Slider(N_("threshold"), 0.05, 0.95, 0.05, start=0.5, target=0.3),
        value_at=lambda t: measures.f1(model.counts_at(t)),
        why=N_("F1 was {before} at {start} and is {after} at {target}: TP rose from {tp0} to {tp1}, FN fell from {fn0} "
               "to {fn1}, and FP rose from {fp0} to {fp1}. F1 = 2·TP / (2·TP + FP + FN) gains from the found tumours "
               "more than it loses to the new false alarms here; at other thresholds it need not."),
        options=(Option(UP, N_("More malignant tumours are found and FN falls; F1 rises when that outweighs the "
                               "extra false alarms.")),
                 Option(DOWN, N_("Lowering the threshold adds false alarms, but it also turns missed tumours into "
                                 "found ones; F1 falls only if the false alarms dominate.")),
                 Option(SAME, N_("F1 stays only if the gain in TP exactly balances the change in FP + FN."))),
        values={"tp0": before.tp, "tp1": after.tp, "fp0": before.fp, "fp1": after.fp, "fn0": before.fn,
                "fn1": after.fn, "positives": before.tp + before.fn})
