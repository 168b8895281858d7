"""Words for the errors of DeLong's streamed passes, :mod:`iso4213_nb.scale.accumulators.delong` (6.3.6, 7.8; beyond TS 4213: one-line errors)."""

from ..i18n import N_

TEMPLATES = {
    "delong.weighted_counts": N_("DeLong's variance counts unweighted positives and negatives; these counts are sums "
                                 "of sample weights"),
    "delong.two_classes": N_("{file}: DeLong's test needs two classes; column {column} has {count}"),
    "delong.too_few": N_("DeLong's variance needs at least two positives and two negatives, got {positives} and "
                         "{negatives}"),
    "delong.unseen_score": N_("column {name} has a score the first pass did not see: both passes must read the "
                              "same rows"),
    "delong.different_truth": N_("both models' first-pass states must use the same truth column and positive class"),
    "delong.no_weights": N_("DeLong's placement values take no resampling weights"),
    "delong.different_columns": N_("only states of the same columns can be merged"),
}
