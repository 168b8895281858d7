"""Words for the errors of :mod:`iso4213_nb.measures.counts`: the four counts and the F-measures' weights (6.2; beyond TS 4213: one-line errors).

``name``, ``first`` and ``second`` are the names of the counts or arguments (``tp``, ``beta``).
"""

from ..i18n import N_

TEMPLATES = {
    "measures.not_a_count": N_("{name} must be a non-negative whole count, got {value}"),
    "measures.not_a_weight": N_("{name} must be a finite, non-negative total weight, got {value:g}"),
    "measures.not_positive": N_("{name} must be positive, got {value}"),
    "measures.not_both_positive": N_("{first} and {second} must be positive, got {first}={first_value}, "
                                     "{second}={second_value}"),
}
