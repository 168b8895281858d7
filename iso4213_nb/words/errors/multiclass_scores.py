"""Words for the errors of :mod:`iso4213_nb.measures.multiclass_scores`: a matrix of class scores (6.4, Annex C; beyond TS 4213: one-line errors).

``name`` and ``scores`` are argument names; ``unknown`` and ``labels`` the user's labels, quoted.
"""

from ..i18n import N_

TEMPLATES = {
    "multiclass_scores.labels_needed": N_("{name} must be the list of class labels in the column order of {scores}"),
    "multiclass_scores.too_few_labels": N_("at least two labels are needed, got {count}"),
    "multiclass_scores.duplicates": N_("{name} contains duplicates"),
    "multiclass_scores.columns_per_label": N_("{name} must have one column per label: {labels} labels, got {columns} columns"),
    "multiclass_scores.no_rows": N_("{name} has no rows"),
    "multiclass_scores.unknown_labels": N_("{name} has label(s) {unknown} not among labels {labels}"),
    "multiclass_scores.no_k": N_("{name} is empty: give at least one k"),
    "multiclass_scores.bad_k": N_("{name} must hold whole numbers of at least 1, got {value}"),
}
