"""Exercises of the basics of testing (before clause 7: 7.1, 7.8, 7.9)."""

from __future__ import annotations

import numpy as np

from ...stats import contingency, planning
from ...stats.intervals import proportion_ci
from ...words.i18n import N_, number
from ..items import DOWN, SAME, UP, ChoiceItem, Option, PredictItem, Slider
from . import define


def _mcnemar(y_true, pred_a, pred_b):
    return contingency.mcnemar(contingency.mcnemar_table(y_true, pred_a, pred_b))


@define("08P.1", "choice")
def null_hypothesis(*, y_true, pred_a, pred_b):
    """08P.1 (7.9): which statement is the null hypothesis of comparing two models' accuracy on one test set."""
    result = _mcnemar(y_true, pred_a, pred_b)
    right = N_("the two models are equally accurate")
    return ChoiceItem(
        N_("The null hypothesis of comparing the two models' accuracy is…"),
        options=(
            Option(right, N_("The test assumes no difference and asks how surprising the data are under that "
                             "assumption.")),
            Option(N_("the logistic regression is more accurate"),
                   N_("That is what one hopes to show; the test assumes the opposite and looks for evidence "
                      "against it.")),
            Option(N_("the two models predict every sample alike"),
                   N_("Equal accuracy allows different errors: the {discordant} disagreements do not contradict it by "
                      "themselves.")),
            Option(N_("the test set is representative"),
                   N_("That is an assumption every test needs (5.3), not the hypothesis it tests.")),
        ),
        answer=right, hints=(N_("it is the statement of no difference"),),
        values={"discordant": result.details["b"] + result.details["c"]})


@define("08P.2", "choice")
def reading_p(*, y_true, pred_a, pred_b):
    """08P.2 (7.9): which sentence reads the McNemar p-value of the two models correctly."""
    p = number(_mcnemar(y_true, pred_a, pred_b).pvalue, 4)
    right = N_("if the models were equally accurate, a split this lopsided or more would occur with probability {p}")
    return ChoiceItem(
        N_("McNemar's test gives p = {p} for this comparison. Which sentence reads it correctly?"),
        options=(
            Option(right, N_("A p-value is a probability of data, computed as if the null hypothesis were true.")),
            Option(N_("the models are equally accurate with probability {p}"),
                   N_("The p-value assumes the null hypothesis; it cannot also be the probability of it.")),
            Option(N_("the logistic regression is better with probability 1 − {p}"),
                   N_("1 − p is not the probability of the alternative; this test gives no such probability.")),
            Option(N_("the difference in accuracy is large"),
                   N_("A p-value mixes the size of a difference with the number of samples; the effect size says "
                      "how large it is.")),
        ),
        answer=right, hints=(N_("a p-value is computed assuming the null hypothesis is true"),), values={"p": p})


@define("08P.3", "choice")
def decision_at_alpha(*, y_true, pred_a, pred_b, alpha):
    """08P.3 (7.9): the decision of the McNemar test at a significance level ``alpha`` fixed in the plan."""
    p = _mcnemar(y_true, pred_a, pred_b).pvalue
    reject, keep = N_("reject the null hypothesis"), N_("do not reject the null hypothesis")
    proof = N_("conclude that the models are equally accurate")
    return ChoiceItem(
        N_("The plan fixed α = {alpha}. McNemar's test gives p = {p}. What does the assessor conclude?"),
        options=(
            Option(reject, N_("Rejected when p ≤ α: here p = {p} against α = {alpha}.")),
            Option(keep, N_("Not rejected when p > α: here p = {p} against α = {alpha}.")),
            Option(proof, N_("A test never shows equality: not rejecting may only mean too few samples (see power).")),
        ),
        answer=reject if p <= alpha else keep, hints=(N_("compare p with α"),),
        values={"p": number(p, 4), "alpha": number(alpha, 2)})


@define("08P.4", "predict")
def interval_at_level(*, y_true, pred):
    """08P.4 (7.8): predict how the width of the Wilson interval of accuracy moves when the level falls."""
    correct, n = int(np.sum(np.asarray(pred) == np.asarray(y_true))), len(y_true)

    def width(level):
        ci = proportion_ci(correct, n, method="wilson", confidence_level=round(level, 2))
        return ci.high - ci.low
    return PredictItem(
        N_("The 95 % Wilson interval of the logistic regression's accuracy is printed above. Lower the level to 80 %: "
           "does the interval's width go up, go down or stay the same?"),
        measure=N_("width of the Wilson interval"),
        slider=Slider(N_("confidence level"), 0.8, 0.99, 0.01, start=0.95, target=0.8),
        value_at=width,
        why=N_("The width was {before} at {start} and is {after} at {target}: a rule allowed to miss the true value "
               "more often can use a shorter range. The estimate itself does not move."),
        options=(Option(UP, N_("A higher level needs a wider interval; 80 % is lower than 95 %.")),
                 Option(DOWN, N_("A lower level accepts missing the truth more often, so the range can shrink.")),
                 Option(SAME, N_("The estimate stays the same; the range around it depends on the level."))))


@define("08P.5", "predict")
def power_of_the_test_set(*, n_have):
    """08P.5 (7.9; Connor 1987): predict the power of McNemar's test with ``n_have`` pairs for p10 = 0.06,
    p01 = 0.02 at α = 0.05, then move the test set size to it."""
    return PredictItem(
        N_("Suppose 6 % of samples are right for model A alone and 2 % for model B alone. Predict the power of a "
           "McNemar test at α = 0.05 with {n} test samples, then move the slider to {n}."),
        measure=N_("power"),
        slider=Slider(N_("test samples"), 20, 1000, 4, start=100, target=n_have),
        value_at=lambda n: planning.mcnemar_power(0.06, 0.02, int(round(n)), alpha=0.05),
        why=N_("Power is {after} with {target} samples (it was {before} with {start}): a real difference of 4 accuracy "
               "points would be missed in about {missed} of such studies. The planning widget gives the samples "
               "for 80 %."),
        tolerance=0.1, values={"n": n_have,
                               "missed": number(1 - planning.mcnemar_power(0.06, 0.02, n_have, alpha=0.05), 2)})


@define("08P.6", "choice")
def effect_against_p():
    """08P.6 (7.1): a tiny difference with a tiny p-value against a large one with a larger p-value."""
    right = N_("neither alone: B's difference is large but uncertain, A's is certain but tiny")
    return ChoiceItem(
        N_("Report A: accuracy difference +0.002, p = 0.001, two million samples. Report B: +0.04, p = 0.08, 200 "
           "samples. Which gives better grounds to expect a difference that matters in practice?"),
        options=(
            Option(N_("A, because its p-value is smaller"),
                   N_("A's p-value is small because of two million samples; 0.2 accuracy points may matter to "
                      "no one.")),
            Option(N_("B, because its difference is larger"),
                   N_("B's difference comes with p = 0.08 on 200 samples: its interval reaches below 0.")),
            Option(right, N_("Read each effect size next to its interval: A's is precise and small, B's large and "
                             "uncertain; a larger test set would settle B.")),
        ),
        answer=right, hints=(N_("read each effect size next to its uncertainty"),))
