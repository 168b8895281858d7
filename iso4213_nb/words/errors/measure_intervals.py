"""Words for the errors of :mod:`iso4213_nb.stats.measure_intervals`: the interval options of the measures (7.8; beyond TS 4213: one-line errors).

``proportion`` and ``bootstrap`` are method names, ``option`` a command-line option, as the user types them.
"""

from ..i18n import N_

TEMPLATES = {
    "measure_intervals.bad_seed": N_("the seed must be a non-negative whole number, got {value}"),
    "measure_intervals.ci_method_choice": N_("{option} takes one proportion method ({proportion}) and/or one bootstrap "
                                             "method ({bootstrap}), comma-separated; got {value}"),
    "measure_intervals.positive_absent": N_("positive class {label} is not among the labels {labels}"),
}
