"""Words for the errors of :mod:`iso4213_nb.measures.multilabel_summary` (multi-label summary and comparison, 6.5, 7; beyond TS 4213: one-line errors)."""

from ..i18n import N_

TEMPLATES = {
    "multilabel_summary.paired_shapes_differ": N_("y_true, pred_a and pred_b have shapes {truth}, {a}, {b}; they must "
                                                  "match"),
}
