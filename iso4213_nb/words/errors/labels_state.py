"""Words for the errors of the multi-label state :mod:`iso4213_nb.scale.accumulators.labels` (6.5; beyond TS 4213: mergeable counts)."""

from ..i18n import N_

TEMPLATES = {
    "labels_state.columns_differ": N_("a multi-label state needs one true, one predicted (and, with scores, one score) "
                                      "column per label: {labels} labels, {truths} true, {preds} predicted and "
                                      "{scores} score columns"),
    "labels_state.not_mergeable": N_("only multi-label states of the same columns and labels can be merged"),
    "labels_state.no_samples": N_("the multi-label state holds no samples (no rows, or every weight is 0)"),
    "labels_state.damaged": N_("the counts of a multi-label state do not match its labels"),
}
