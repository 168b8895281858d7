"""Words for the errors of :mod:`iso4213_nb.measures.multilabel` (multi-label measures, 6.5; beyond TS 4213: one-line errors)."""

from ..i18n import N_

TEMPLATES = {
    "multilabel.shapes_differ": N_("y_true has shape {truth}, y_pred has shape {pred}; they must match"),
    "multilabel.bad_empty": N_("{name} must lie in [0, 1], got {value}"),
    "multilabel.label_count": N_("{count} labels given for {columns} label columns"),
}
