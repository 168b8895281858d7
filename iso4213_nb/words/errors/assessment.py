"""Words for the errors of :mod:`iso4213_nb.measures.assessment`: one call from labels or scores to the clause-6 measures."""

from ..i18n import N_

TEMPLATES = {
    "assessment.binary_scores_many_labels": N_("scores describe a binary problem, but y_true has {count} labels: {labels}"),
    "assessment.negative_unknown": N_("y_true holds only the positive label {positive}, so the negative label is "
                                      "unknown; pass {argument}=[...] with both"),
    "assessment.nothing_to_assess": N_("nothing to assess: give predicted labels (y_pred), scores, or both"),
    "assessment.threshold_without_scores": N_("a threshold applies only to scores without predicted labels (y_pred)"),
    "assessment.threshold_nan": N_("threshold is NaN"),
}
