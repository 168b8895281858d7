"""Exercises of the capstone (notebook 13): questions that need the clause-8 report of a supplied file.

Each item takes the data the learner reported on: ``y_true`` (0/1, 1 = malignant) and ``scores`` (model → score of
malignant), from :func:`iso4213_nb.demos.capstone.predictions`, and for 13.3 the ``meta`` file given to the report.
"""

from __future__ import annotations

import numpy as np

from ...controls import checklist
from ...core.errors import InputError
from ...demos.capstone import SETTINGS_SECTION
from ...words.i18n import N_
from ..items import ChoiceItem, NumberItem, Option
from . import define

_NAMES = {"logistic_regression": N_("logistic regression"), "random_forest": N_("random forest"),
          "naive_bayes": N_("naive Bayes")}
_COST_FN = 20
#: The clause-8 items a learner chooses from in 13.3, in words.
_ITEMS = {"bias": N_("bias"), "ground_truth_reliability": N_("reliability of the true labels"),
          "environment": N_("environment"), "operating_points": N_("operating points")}


def low_fpr_point(y_true, scores, limit: float = 0.1) -> dict:
    """The operating point the report calls *FPR ≤ 0.1*: the lowest threshold (a score value) whose false positive
    rate is at most ``limit``, with its counts (clause 8: counts at representative operating points; 6.3.6).
    """
    y, s = np.asarray(y_true), np.asarray(scores, dtype=float)
    for threshold in np.unique(s):
        flagged = s >= threshold
        fp = int(np.sum(flagged & (y == 0)))
        if fp <= limit * np.sum(y == 0):
            tp = int(np.sum(flagged & (y == 1)))
            return {"threshold": float(threshold), "tp": tp, "fp": fp, "fn": int(np.sum(y == 1)) - tp}
    raise InputError("items.no_operating_point", limit=limit)


@define("13.1", "choice")
def which_model(*, y_true, scores):
    """13.1 (clause 8, 6.3.6): at the report's *FPR ≤ 0.1* points, with a missed cancer costing 20 false alarms,
    which model costs least?  ``scores`` maps the demo's model keys to scores."""
    points = {m: low_fpr_point(y_true, s) for m, s in scores.items()}
    cost = {m: _COST_FN * p["fn"] + p["fp"] for m, p in points.items()}
    best = min(cost, key=cost.get)
    reason = N_("At its FPR ≤ 0.1 point it misses {fn} and flags {fp} benign tumours: cost 20 · {fn} + {fp} = {cost}.")
    options = tuple(Option(_NAMES[m], reason, values={"fn": points[m]["fn"], "fp": points[m]["fp"], "cost": cost[m]})
                    for m in scores)
    return ChoiceItem(
        N_("Missing a malignant tumour costs as much as 20 false alarms. Using the report's operating points at "
           "FPR ≤ 0.1, which model would you deploy?"),
        options=options, answer=_NAMES[best],
        hints=(N_("in each model's table of operating points, take the row FPR ≤ 0.1 and compute 20 · FN + FP"),),
        values={})


@define("13.2", "number")
def which_threshold(*, y_true, scores):
    """13.2 (clause 8): the threshold of the cheapest model's *FPR ≤ 0.1* point, as the report prints it."""
    points = {m: low_fpr_point(y_true, s) for m, s in scores.items()}
    best = min(points, key=lambda m: _COST_FN * points[m]["fn"] + points[m]["fp"])
    youden_like = {m: p["threshold"] for m, p in points.items() if m != best}
    return NumberItem(
        N_("The model of 13.1 is deployed at its FPR ≤ 0.1 point. Which threshold goes into the deployment's "
           "configuration?"), points[best]["threshold"], kind="number", tolerance=0.0005, decimals=6,
        hints=(N_("the threshold column of the report's table of operating points, row FPR ≤ 0.1"),),
        mistakes=tuple((t, N_("That is the threshold of another model: a threshold belongs to one model's "
                              "scores.")) for t in youden_like.values()) + (
            (0.5, N_("0.5 is the default, not the operating point the cost argument chose.")),))


@define("13.3", "choice")
def missing_item(*, meta):
    """13.3 (clause 8): which clause-8 item does the report of ``meta`` leave missing, and why does it matter?"""
    status = checklist.report_status(checklist.load(meta, extra_keys=(SETTINGS_SECTION,)))
    # the report writes the environment (5.3.11) itself, from the machine it runs on
    missing = [key for key, value in status.items() if value == "missing" and key != "environment"]
    why = {
        "bias": N_("Bias: nobody says whether some patients (age, site, scanner) are served worse; the report "
                   "cannot show it from the predictions alone, and a screening model that misses more cancers in "
                   "one group harms that group."),
        "ground_truth_reliability": N_("How far the labels can be trusted: if they were noisy, every measure "
                                       "inherits the noise."),
        "environment": N_("The environment is filled by the report itself, from the machine it ran on."),
        "operating_points": N_("The operating points are computed from the predictions; they are never missing "
                               "when scores are given."),
    }
    if len(missing) != 1 or missing[0] not in why:
        raise InputError("items.capstone_meta", path=str(meta), choices=sorted(why), missing=missing)
    return ChoiceItem(
        N_("Besides the inference cost (the file holds no timings), the report marks one clause-8 item as missing. "
           "Which one, and why does it matter for this model?"),
        options=tuple(Option(_ITEMS[key], text) for key, text in why.items()), answer=_ITEMS[missing[0]],
        hints=(N_("look at the status column of the report's list of clause-8 items"),),
        values={})
