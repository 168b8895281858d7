"""Exercises of notebook 12, subgroups (5.3.2)."""

from __future__ import annotations

import numpy as np

from ...core.errors import InputError
from ...core.undefined import Undefined
from ...subgroups.rows import GroupThresholds, subgroup_analysis
from ...subgroups.rows import recall_gap as largest_recall_gap
from ...words.i18n import N_, number
from ..items import DOWN, SAME, UP, ChoiceItem, Option, PredictItem, Slider
from . import define


@define("12.1", "choice")
def recall_gap(*, y_true, predicted, groups, labels, positive):
    """12.1 (5.3.2, 7.5): the recall gap between two groups and the χ² test of a difference; what follows?

    The arguments are those of :func:`iso4213_nb.subgroups.rows.subgroup_analysis` (labels, predictions, the group
    of each sample, the label order and the positive label).  Written for a gap the test does not confirm
    (p ≥ 0.05); another case raises an :class:`InputError`.
    """
    result = subgroup_analysis(y_true, predicted, groups, labels=labels, positive=positive)
    gap, test = result.largest_gap["recall"], result.heterogeneity["recall"]
    if test.pvalue < 0.05:
        raise InputError("items.gap_confirmed", pvalue=test.pvalue)
    y, g = np.asarray(y_true), np.asarray(groups)
    high, low = gap.between
    values = {"gap": number(gap.estimate, 4), "p": number(test.pvalue, 4), "low": low, "high": high,
              "share": number(round(100 * test.pvalue), 0), "n_low": int(np.sum((g == low) & (y == positive))),
              "n_high": int(np.sum((g == high) & (y == positive)))}
    answer = N_("The data do not show that recall differs between the groups; a gap this size is common by chance.")
    return ChoiceItem(
        N_("At threshold 0.5 recall is {gap} higher in the {high} group than in the {low} group, and the χ² test of "
           "a difference in recall between the groups gives p = {p}. What do you conclude?"),
        options=(
            Option(answer, N_("With no difference at all between the groups, a gap at least this large would still "
                              "turn up in about {share} % of test sets like this one.")),
            Option(N_("The model finds malignant tumours less well in the {low} group."),
                   N_("The point estimates differ, but with {n_low} and {n_high} malignant tumours a gap of {gap} is "
                      "well within what chance produces; more data would be needed to claim it.")),
            Option(N_("Recall is the same in the two groups."),
                   N_("Not showing a difference is not showing equality: with these counts the test has little "
                      "power, and each group's own interval of recall shows how large a difference is still "
                      "possible.")),
        ),
        answer=answer, values=values,
        hints=(N_("p says how often a gap like this appears when the groups do not differ at all"),))


@define("12.2", "predict")
def recall_gap_when_lowered(*, y_true, scores, groups, positive):
    """12.2 (5.3.2, 6.3.4): predict the largest recall gap between the groups (``groups``, one value per sample) when
    the threshold on ``scores`` falls from 0.5 to 0.3 (``y_true`` the labels, ``positive`` the positive one), and see
    what the false alarms cost in each group."""
    thresholds = GroupThresholds(y_true, scores, groups, positive=positive)

    def gap_at(t):
        gap, _between = largest_recall_gap(thresholds.recall_at(t))
        return Undefined(code="fewer_than_two_groups") if np.isnan(gap) else gap

    start, target = 0.5, 0.3
    before, after = thresholds.counts_at(start), thresholds.counts_at(target)
    _gap, (high, low) = largest_recall_gap(thresholds.recall_at(start))

    def fpr(c):
        return c.fp / (c.fp + c.tn) if c.fp + c.tn else float("nan")

    costly = max(before, key=lambda v: fpr(after[v]) - fpr(before[v]))
    return PredictItem(
        N_("At threshold 0.5 recall is highest in the {high} group and lowest in the {low} group. Lower the threshold "
           "to 0.3 to find more malignant tumours: will the largest recall gap between the groups go up, go down or "
           "stay the same?"),
        measure=N_("largest recall gap"),
        slider=Slider(N_("threshold"), 0.05, 0.95, 0.01, start=start, target=target),
        value_at=gap_at,
        why=N_("The gap was {before} at {start} and is {after} at {target}: the {low} group's true positives went from "
               "{tp0} to {tp1}, but {missed} of its malignant tumours still score below {target}. The price is paid "
               "in false alarms: the {costly} group's false positive rate rose from {fpr0} to {fpr1}. A lower "
               "threshold closes a gap only as far as the weaker group's positives score above it."),
        options=(
            Option(UP, N_("Every group's recall can only rise as the threshold falls; the gap widens only if the "
                          "best-served group gains more than the worst-served one.")),
            Option(DOWN, N_("The gap narrows when the worst-served group finds some of its missed positives and the "
                            "best-served one gains less.")),
            Option(SAME, N_("The gap stays only if no missed positive of the two groups scores between the two "
                            "thresholds."))),
        values={"high": high, "low": low, "tp0": before[low].tp, "tp1": after[low].tp, "missed": after[low].fn,
                "costly": costly, "fpr0": number(fpr(before[costly]), 4), "fpr1": number(fpr(after[costly]), 4)})
