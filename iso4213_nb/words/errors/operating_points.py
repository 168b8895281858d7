"""Words for the errors of :mod:`iso4213_nb.measures.operating_points`: thresholds, prevalence and costs (6.3; beyond TS 4213: one-line errors).

``name``, ``first`` and ``second`` are argument names.
"""

from ..i18n import N_

TEMPLATES = {
    "operating_points.no_positives": N_("{name} has no positive samples; operating points need both classes"),
    "operating_points.no_negatives": N_("{name} has no negative samples; operating points need both classes"),
    "operating_points.bad_prevalence": N_("{name} must be a number strictly between 0 and 1, got {value}"),
    "operating_points.prevalence_needs_both": N_("a prevalence can only be set when the data hold both positives "
                                                 "and negatives"),
    "operating_points.nan_threshold": N_("{name} contain NaN"),
    "operating_points.bad_cost": N_("{name} must be a finite number ≥ 0, got {value}"),
    "operating_points.costs_both_zero": N_("{first} and {second} are both 0; at least one error must cost something"),
}
