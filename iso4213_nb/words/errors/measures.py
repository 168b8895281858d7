"""Words for the errors of :mod:`iso4213_nb.measures.counts`: the four counts and the F-measures' weights (6.2; beyond TS 4213: one-line errors).

``name``, ``first`` and ``second`` are the names of the counts or arguments (``tp``, ``beta``).
"""

from ..i18n import N_

TEMPLATES = {
    "measures.not_a_count": N_("{name} must be a non-negative whole count, got {value}"),
    "measures.not_a_weight": N_("{name} must be a finite, non-negative total weight, got {value:g}"),
    "measures.not_non_negative": N_("{name} must be a number of 0 or more (infinity allowed), got {value}"),
    "measures.no_weight_ratio": N_("{first} and {second} must not both be 0 or both be infinite, got "
                                   "{first}={first_value}, {second}={second_value}"),
}
