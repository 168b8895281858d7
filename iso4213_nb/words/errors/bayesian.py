"""Words for the errors of :mod:`iso4213_nb.stats.bayesian`: the Bayesian comparisons of two models (beyond TS 4213)."""

from ..i18n import N_

TEMPLATES = {
    "bayesian.not_numbers": N_("the scores of both models must be numbers"),
    "bayesian.shapes": N_("the two models need one score each per fold or data set, got {shape_a} and {shape_b}"),
    "bayesian.too_few_scores": N_("at least two paired scores are needed, got {count}"),
    "bayesian.not_finite": N_("the scores contain NaN or infinite values"),
    "bayesian.rope_not_a_number": N_("{name} must be a number, got {value}"),
    "bayesian.rope_negative": N_("{name} must be zero or positive, got {value}"),
    "bayesian.runs": N_("{name} must be a whole number that divides the {count} scores, got {value}"),
    "bayesian.test_fraction": N_("the test fraction must lie strictly between 0 and 1, got {value:g}"),
    "bayesian.n_samples": N_("n_samples must be a positive whole number, got {value}"),
    "bayesian.prior": N_("{name} must be positive, got {value}"),
}
