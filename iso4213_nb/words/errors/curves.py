"""Words for the errors of :mod:`iso4213_nb.measures.curves`: binary scores, the positive class and thresholds (6.3; beyond TS 4213: one-line errors).

``name`` and ``option`` are argument names; ``label``, ``labels`` and ``unknown`` are the user's labels, quoted.
"""

from ..i18n import N_

TEMPLATES = {
    "curves.positive_needed": N_("say which label is the positive class ({option}=...); y_true has labels {labels}"),
    "curves.positive_absent": N_("positive label {label} does not occur in y_true; its labels are {labels}"),
    "curves.bad_counts": N_("{name} must hold whole, non-negative counts below 2**53"),
    "curves.repeated_scores": N_("{name} must be distinct: give each score once with its counts"),
    "curves.no_samples": N_("the counts are all zero: there are no samples"),
    "curves.not_a_number": N_("{name} must be a number, got {value}"),
    "curves.threshold_nan": N_("{name} is NaN"),
}
