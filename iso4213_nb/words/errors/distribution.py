"""Words for the errors of :mod:`iso4213_nb.measures.distribution`: class distributions and their divergence (6.2.7, 6.4.4; beyond TS 4213: one-line errors).

``name``, ``first`` and ``second`` are argument names; ``unknown`` and ``labels`` the user's labels, quoted.
"""

from ..i18n import N_

TEMPLATES = {
    "distribution.not_numeric": N_("{name} must be numeric, got values of type {dtype}"),
    "distribution.not_finite_non_negative": N_("{name} must be finite and non-negative"),
    "distribution.all_zero": N_("{name} are all zero, so they define no distribution"),
    "distribution.class_counts_differ": N_("the two distributions have {first} and {second} classes"),
    "distribution.labels_for_classes": N_("{count} labels given for {classes} classes"),
    "distribution.unknown_labels": N_("label(s) {unknown} are not among labels {labels}"),
    "distribution.label_columns_differ": N_("{first} has {first_count} label columns, {second} has {second_count}"),
}
