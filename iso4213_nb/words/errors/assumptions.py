"""Words for :class:`~iso4213_nb.stats.assumptions.AssumptionWarning`: input that a test accepts but whose assumptions it
breaks (clause 7).  A warning is words like an error: the computation warns with a code and its parameters, and
:func:`iso4213_nb.words.errors.describe` renders it in the active language when it is shown."""

from ..i18n import N_

TEMPLATES = {
    # stats/paired.py: a t-test on the folds of one k-fold cross-validation (7.2)
    "assumptions.kfold_ttest": N_("these look like k-fold results; 7.2 advises against the t-test on them because the "
                                  "folds share training data, so the differences are not independent and the p-value "
                                  "is too small. Use the 5×2cv tests or the corrected resampled t-test, or pass "
                                  "{argument} if each pair comes from an independent test set."),
}
