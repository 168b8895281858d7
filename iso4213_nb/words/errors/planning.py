"""Words for the errors of :mod:`iso4213_nb.stats.planning`: sizing a test set (7.8, 7.9; beyond TS 4213: one-line errors).

``name``, ``first`` and ``second`` are argument names; ``limit`` is the largest test set searched.
"""

from ..i18n import N_

TEMPLATES = {
    "planning.not_a_number": N_("{name} must be a whole number, got {value}"),
    "planning.too_small_count": N_("{name} must be a whole number of at least {least}, got {value}"),
    "planning.half_width_unreachable": N_("no test set of up to {limit:,} samples reaches that half-width"),
    "planning.discordance_too_large": N_("{first} + {second} must be below 1, got {total:g}"),
    "planning.no_difference": N_("{first} equals {second}: the models do not differ, so no test set can show "
                                 "a difference"),
    "planning.too_many_pairs": N_("more than {limit:,} pairs would be needed"),
    "planning.power_unreachable": N_("{n} pairs cannot reach power {power:g} at any difference when {share:g} of "
                                     "pairs disagree"),
}
