"""Exercises of the capstone (notebook 13): questions that need the clause-8 report of a supplied file.

Each item takes the data the learner reported on: ``y_true`` (0/1, 1 = malignant) and ``scores`` (model → score of
malignant), from :func:`iso4213_nb.demos.capstone.predictions`, and for 13.3 the ``meta`` file given to the report.
"""

from __future__ import annotations

import numpy as np

from ...controls import checklist
from ...core.errors import InputError
from ...demos.capstone import SETTINGS_SECTION
from ...words.i18n import N_, _, number
from ..items import DOWN, SAME, UP, ChoiceItem, NumberItem, Option, PredictItem, Slider
from . import define

_NAMES = {"logistic_regression": N_("logistic regression"), "random_forest": N_("random forest"),
          "naive_bayes": N_("naive Bayes")}
_COST_FN = 20
#: The clinic's stricter limit on the false positive rate that 13.4 asks about.
_STRICTER = 0.08
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


def _cost(point: dict) -> int:
    """The clinic's cost of an operating point: a missed malignant tumour counts as :data:`_COST_FN` false alarms."""
    return _COST_FN * point["fn"] + point["fp"]


def _cheapest(y_true, scores) -> tuple[dict, str]:
    """Each model's *FPR ≤ 0.1* point, and the model whose point costs least."""
    points = {m: low_fpr_point(y_true, s) for m, s in scores.items()}
    return points, min(points, key=lambda m: _cost(points[m]))


@define("13.1", "choice")
def which_model(*, y_true, scores):
    """13.1 (clause 8, 6.3.6): at the report's *FPR ≤ 0.1* points, with a missed cancer costing 20 false alarms,
    which model costs least?  ``scores`` maps the demo's model keys to scores."""
    points, best = _cheapest(y_true, scores)
    cost = {m: _cost(p) for m, p in points.items()}
    reason = N_("At its FPR ≤ 0.1 point it misses {fn} and flags {fp} benign tumours: cost 20 · {fn} + {fp} = {cost}.")
    options = tuple(Option(_NAMES[m], reason, values={"fn": points[m]["fn"], "fp": points[m]["fp"], "cost": cost[m]})
                    for m in scores)
    return ChoiceItem(
        N_("Missing a malignant tumour costs as much as 20 false alarms. Using the report's operating points at "
           "FPR ≤ 0.1, which model would you deploy?"),
        options=options, answer=_NAMES[best],
        hints=(N_("in each model's table of operating points, take the row FPR ≤ 0.1 and compute 20 · FN + FP"),))


@define("13.2", "number")
def which_threshold(*, y_true, scores):
    """13.2 (clause 8): the threshold of the cheapest model's *FPR ≤ 0.1* point, as the report prints it."""
    points, best = _cheapest(y_true, scores)
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
        hints=(N_("look at the status column of the report's list of clause-8 items"),))


@define("13.4", "predict")
def cost_under_a_stricter_limit(*, y_true, scores):
    """13.4 (clause 8, 6.3.6): predict the cost 20 · FN + FP of the model of 13.1 at the report's point for a false
    positive rate of at most 0.1 when the clinic tightens the limit to :data:`_STRICTER` (the slider: the limit)."""
    points, best = _cheapest(y_true, scores)
    now, stricter = points[best], low_fpr_point(y_true, scores[best], _STRICTER)
    return PredictItem(
        N_("The clinic considers a stricter limit: a false positive rate of at most {limit} instead of 0.1. At the "
           "lowest threshold within that limit, will the {model}'s cost 20 · FN + FP go up, go down or stay the "
           "same?"),
        measure=N_("cost 20 · FN + FP"),
        slider=Slider(N_("largest false positive rate allowed"), 0.02, 0.2, 0.01, start=0.1, target=_STRICTER),
        value_at=lambda limit: _cost(low_fpr_point(y_true, scores[best], limit)),
        why=N_("The cost was {before} at the limit {start} and is {after} at {target}: the threshold rose from {t0} to "
               "{t1}, FN went from {fn0} to {fn1} and FP from {fp0} to {fp1}. The report's row FPR ≤ 0.1 spends the "
               "whole allowance of false alarms to find as many malignant tumours as it can; the last false alarms "
               "need not buy any. Look at the thresholds next to a report's operating point before deploying it."),
        options=(
            Option(UP, N_("A stricter limit raises the threshold; the cost rises only if malignant tumours are lost "
                          "on the way, each worth 20 false alarms.")),
            Option(DOWN, N_("The cost falls when the benign biopsies that drop below the new threshold are not "
                            "accompanied by a malignant one.")),
            Option(SAME, N_("The cost stays only if the threshold moves past no biopsy at all, or past false alarms "
                            "and misses that cancel out."))),
        values={"limit": number(_STRICTER, 2), "model": _(_NAMES[best]), "t0": number(now["threshold"], 4),
                "t1": number(stricter["threshold"], 4), "fn0": now["fn"], "fn1": stricter["fn"], "fp0": now["fp"],
                "fp1": stricter["fp"]})
