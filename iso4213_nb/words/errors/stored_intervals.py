"""Words for the errors of :mod:`iso4213_nb.stats.stored_intervals`: intervals precomputed for the live widgets (clause 7)."""

from ..i18n import N_

TEMPLATES = {
    "stored_intervals.single_class": N_("y_true needs both classes for these intervals"),
    "stored_intervals.auroc_method": N_("AUROC's interval here is DeLong's, got {method}"),
    "stored_intervals.unknown_measure": N_("unknown measure {measure}; choose one of {measures}"),
    "stored_intervals.specificities_range": N_("specificities must lie between 0 and 1"),
    "stored_intervals.not_on_grid": N_("specificity {specificity} is not on the stored grid "
                                       "({points} points from {low:g} to {high:g})"),
}
