"""Exercises of the core of clause 7 (statistical significance)."""

from __future__ import annotations

import numpy as np

from ...stats import contingency, multiplicity, planning
from ...words.i18n import N_
from ..items import ChoiceItem, NumberItem, Option, PredictItem, Slider
from . import define


@define("08.1", "number")
def mcnemar_pairs(*, y_true, pred_a, pred_b):
    """08.1 (7.9): how many samples McNemar's test uses, model A (``pred_a``) against model B (``pred_b``)."""
    table = contingency.mcnemar_table(y_true, pred_a, pred_b)
    return NumberItem(
        N_("How many samples does McNemar's test use, logistic regression against the tree?"),
        int(table[0, 1] + table[1, 0]), kind="count",
        hints=(N_("only two cells count: one model right while the other is wrong"),),
        mistakes=((int(np.trace(table)), N_("Those are the samples both models get right or both get wrong: they "
                                            "cannot tell the models apart.")),
                  (len(y_true), N_("That is the whole test set; the test looks only where the models disagree."))))


@define("08.2", "number")
def bh_rejections():
    """08.2 (7.10.3): hypotheses Benjamini–Hochberg rejects at 0.05 among p = 0.01, 0.02, 0.03, 0.045, 0.20."""
    five = [0.01, 0.02, 0.03, 0.045, 0.20]
    return NumberItem(
        N_("Hypotheses rejected by Benjamini–Hochberg at 0.05?"),
        int(multiplicity.adjust_pvalues(five, "bh", alpha=0.05).rejected.sum()), kind="count",
        hints=(N_("sort the p-values; compare the k-th smallest with k · 0.05 / 5"),
               N_("find the largest k that passes; it and every smaller p are rejected")),
        mistakes=((int(multiplicity.adjust_pvalues(five, "holm", alpha=0.05).rejected.sum()),
                   N_("That is what Holm or Bonferroni reject (they bound the chance of any false alarm); BH bounds "
                      "the expected share of false discoveries and rejects more.")),
                  (int((np.array(five) <= 0.05).sum()),
                   N_("That compares every p with 0.05 and ignores that five tests were run."))))


@define("08.3", "predict")
def half_width_at_four_times():
    """08.3 (7.8): predict the half-width of a 95 % Wilson interval around 0.9 at four times the samples that give
    ±0.04, then move the slider there."""
    small = planning.proportion_sample_size(0.9, 0.04).n
    return PredictItem(
        N_("With {n} test samples a 95 % Wilson interval around an accuracy of 0.9 is ±0.04 wide. Predict its "
           "half-width with {four} samples, four times as many, then move the slider to {four}."),
        measure=N_("half-width"),
        slider=Slider(N_("test samples"), 100, 1000, 1, start=small, target=4 * small),
        value_at=lambda n: planning.proportion_half_width(0.9, int(round(n))),
        why=N_("The half-width went from {before} to {after}: it shrinks like 1 / √n, so four times the samples "
               "halve it, and halving it again would take sixteen times."),
        tolerance=0.004, values={"n": small, "four": 4 * small})


@define("08.4", "choice")
def two_models_one_test_set():
    """08.4 (7.9): the test for two models trained once, with predicted labels on one test set."""
    right = N_("McNemar's test")
    return ChoiceItem(
        N_("Two models, trained once each, predict labels for the same 5,000 test images; each prediction is right "
           "or wrong. Which test compares their accuracies?"),
        options=(
            Option(right, N_("The same images are behind both accuracies: the results are paired, and only the "
                             "images where exactly one model is right carry information (7.9).")),
            Option(N_("chi-squared on the two accuracies"),
                   N_("Chi-squared assumes two independent samples; here every image is in both.")),
            Option(N_("DeLong's test"), N_("DeLong compares AUROCs of scores; the question is about labels.")),
            Option(N_("a paired t-test"), N_("One right/wrong pair per image is not a normal difference; McNemar's "
                                             "exact binomial form handles it.")),
        ),
        answer=right, hints=(N_("are the two sets of results paired?"),))


@define("08.5", "choice")
def many_pairwise_tests():
    """08.5 (7.10): 66 pairwise p-values and at most a 5 % chance of any false claim."""
    right = N_("adjust the p-values with Holm's procedure")
    return ChoiceItem(
        N_("Twelve models compared pairwise with McNemar's test give 66 p-values. The team wants at most a 5 % "
           "chance of any false claim. What do they do?"),
        options=(
            Option(N_("compare each p-value with 0.05"),
                   N_("With 66 tests at 0.05, about three false alarms are expected even if no pair differs.")),
            Option(right, N_("Holm bounds the family-wise error, the chance of at least one false claim, and never "
                             "rejects less than Bonferroni (7.10).")),
            Option(N_("adjust the p-values with Benjamini–Hochberg"),
                   N_("BH bounds the expected share of false claims among the claims, not the chance of any.")),
            Option(N_("report only the smallest p-value"),
                   N_("Picking the smallest of 66 without adjustment is the multiple-testing error itself.")),
        ),
        answer=right, hints=(N_("which error is to be controlled: any false claim, or their share?"),))
