"""Words for the errors of :mod:`iso4213_nb.measures.confusion`: building a confusion matrix and reading it (6.2.2; beyond TS 4213: one-line errors).

``name`` is an argument's name; ``true`` and ``predicted`` are the option values of ``rows``, quoted.
"""

from ..i18n import N_

TEMPLATES = {
    "confusion.rows_choice": N_("{name} must be {true} or {predicted} (what the matrix rows hold), got {value}"),
    "confusion.duplicates": N_("{name} contains duplicates"),
    "confusion.too_few_labels": N_("at least two labels are needed, got {count}"),
    "confusion.unknown_labels": N_("{name} has label(s) {unknown} not among labels {labels}"),
    "confusion.one_class_present": N_("only one class present ({label}); a confusion matrix needs two"),
    "confusion.one_class": N_("only one class present; a confusion matrix needs two"),
    "confusion.labels_for_matrix": N_("{count} labels given for a {size}×{size} matrix"),
    "confusion.unknown_label": N_("unknown label {label}; labels are {labels}"),
    "confusion.unknown_measure": N_("unknown measure {measure}; known: {known}"),
}
