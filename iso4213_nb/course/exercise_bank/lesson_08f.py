"""Exercises of the further tests of clause 7."""

from __future__ import annotations

from ...stats import bayesian
from ...words.i18n import N_
from ..items import DOWN, SAME, UP, ChoiceItem, Option, PredictItem, Slider
from . import define


@define("08F.1", "choice")
def k_fold():
    """08F.1 (7.2): the test for two models compared on the folds of one k-fold cross-validation."""
    right = N_("the corrected resampled t-test")
    return ChoiceItem(
        N_("A paper compares two models by 10-fold cross-validation with a paired t-test on the ten fold accuracies "
           "(p = 0.002). Which test should it have used?"),
        options=(
            Option(N_("the paired t-test, as it did"),
                   N_("The folds share most of their training data, so the differences are correlated and its "
                      "p-value is too small (7.2).")),
            Option(right, N_("It widens the variance for the overlap of the training sets; 5×2cv is the other "
                             "remedy 7.2 names.")),
            Option(N_("McNemar's test"), N_("McNemar needs one test set scored once by each model, not ten fold "
                                            "accuracies.")),
            Option(N_("the Wilcoxon signed-rank test"),
                   N_("Wilcoxon ranks independent differences, one per data set; folds are not independent.")),
        ),
        answer=right, hints=(N_("are the ten differences independent?"),))


@define("08F.2", "choice")
def independent_test_sets():
    """08F.2 (7.5, 7.7): the test for two models each scored on its own independent test set."""
    right = N_("chi-squared (Fisher's exact test if an expected count is below 5)")
    return ChoiceItem(
        N_("Two hospitals each tested a different model on their own patients (400 and 350), each prediction right "
           "or wrong. Which test asks whether the two accuracies differ?"),
        options=(
            Option(N_("McNemar's test"), N_("McNemar needs pairs: the same samples predicted by both models.")),
            Option(right, N_("The samples are independent: a 2×2 table of hospital by right/wrong (7.5, 7.7).")),
            Option(N_("DeLong's test"), N_("DeLong's covariance comes from one set of samples scored by both "
                                           "models.")),
            Option(N_("the corrected resampled t-test"),
                   N_("That corrects for folds sharing training data; here there are no folds.")),
        ),
        answer=right, hints=(N_("is any patient in both test sets?"),))


@define("08F.3", "predict")
def rope_widens(*, fold_a, fold_b):
    """08F.3 (beyond TS 4213: Benavoli et al. 2017): predict how the ROPE probability moves as the ROPE widens."""
    return PredictItem(
        N_("The correlated Bayesian t-test of the ten folds gives a probability that the two models are practically "
           "equivalent. Widen the ROPE from ±0.01 to ±0.03: does that probability go up, go down or stay the same?"),
        measure=N_("probability of the ROPE"),
        slider=Slider(N_("ROPE half-width ±"), 0.0, 0.05, 0.0025, start=0.01, target=0.03),
        value_at=lambda r: bayesian.correlated_ttest(fold_a, fold_b, r).equivalent,
        why=N_("P(rope) was {before} at ±{start} and is {after} at ±{target}: a wider region of practical "
               "equivalence holds more of the posterior. What counts as practically equal is decided before the "
               "data, never by moving the slider."),
        options=(Option(UP, N_("A wider region can only hold more of the posterior probability.")),
                 Option(DOWN, N_("The posterior does not change; the region does, and it only grows.")),
                 Option(SAME, N_("It stays only if no posterior probability lies between ±0.01 and ±0.03."))))
