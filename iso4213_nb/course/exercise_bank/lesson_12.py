"""Exercises of notebook 12, subgroups (5.3.2): reading a gap between groups next to the test of whether the groups
differ at all, instead of reading the gap off the widget."""

from __future__ import annotations

import numpy as np

from ...core.errors import InputError
from ...subgroups.rows import subgroup_analysis
from ...words.i18n import N_, number
from ..items import ChoiceItem, Option
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
