"""Words for the errors of :mod:`iso4213_nb.measures.invariance`: counts and changes of the invariance study (beyond TS 4213: Sokolova & Lapalme 2009; one-line errors).

``name`` is an argument's name or a count's (``tp``); ``fields`` the four counts' names; ``choices``, ``last``,
``known`` the accepted values as the user types them.
"""

from ..i18n import N_

TEMPLATES = {
    "invariance.not_numbers": N_("{name} must be numbers: {fields}"),
    "invariance.not_four_columns": N_("{name} must have four columns {fields}, got shape {shape}"),
    "invariance.not_whole_counts": N_("{name} must be non-negative whole numbers"),
    "invariance.bad_new_count": N_("new {name} must be a non-negative whole number, got {value}"),
    "invariance.bad_factor": N_("{name} must be a whole number of at least 1 (counts stay whole), got {value}"),
    "invariance.task_choice": N_("{name} must be {choices} or {last}, got {value}"),
    "invariance.unknown_measure": N_("unknown measure {measure}; known: {known}"),
    "invariance.unknown_change": N_("unknown change {change}; known: {known}"),
    "invariance.not_positive_whole": N_("{name} must be a positive whole number, got {value}"),
}
