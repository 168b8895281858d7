"""Words for the errors of :mod:`iso4213_nb.core.weights` (sample weights) (beyond TS 4213: scikit-learn's sample_weight, one-line errors)."""

from ..i18n import N_

TEMPLATES = {
    "weights.not_numeric": N_("{name} must be numeric"),
    "weights.length_mismatch": N_("length mismatch: {name} has {length}, the data have {n}"),
    "weights.not_finite": N_("{name} contains NaN or infinite weights, the first is weight number {number}"),
    "weights.negative": N_("{name} contains negative weights, the first {value:g} is weight number {number}"),
    "weights.all_zero": N_("{name} is zero everywhere: no sample counts"),
    "weights.zero_total": N_("the weights add up to zero: no sample counts"),
    "weights.no_weighted_form": N_("{what_word} has no weighted form: {reason_word}; leave sample_weight out"),
}

#: What :func:`~iso4213_nb.core.weights.refuse` refuses weights for, and why; the keys are the words as the callers name them.
WORDS = {
    "DeLong's test": N_("DeLong's test"),
    "its variance counts unweighted positives and negatives": N_("its variance counts unweighted positives and "
                                                                 "negatives"),
    "this AUROC interval": N_("this AUROC interval"),
    "DeLong's variance and this count-based bootstrap are unweighted": N_("DeLong's variance and this count-based "
                                                                          "bootstrap are unweighted"),
    "McNemar's test": N_("McNemar's test"),
    "its exact form is a binomial test on whole counts of discordant samples": N_(
        "its exact form is a binomial test on whole counts of discordant samples"),
    "the bootstrap of top-k accuracy, Brier score and log loss": N_("the bootstrap of top-k accuracy, Brier score and "
                                                                    "log loss"),
    "it draws unweighted samples": N_("it draws unweighted samples"),
}
