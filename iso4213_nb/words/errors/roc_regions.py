"""Words for the errors of :mod:`iso4213_nb.measures.roc_regions`: reading and bounding regions of the ROC curve (6.3.6, 6.3.7; beyond TS 4213: one-line errors).

``name`` is an argument's name; ``choices`` the accepted values as the user types them.
"""

from ..i18n import N_

TEMPLATES = {
    "roc_regions.not_a_number": N_("{name} must be a number between 0 and 1, got {value}"),
    "roc_regions.not_in_unit_interval": N_("{name} must lie between 0 and 1, got {value}"),
    "roc_regions.empty_range": N_("the range is empty: both ends are {value}"),
    "roc_regions.too_few_resamples": N_("{name} must be a whole number of at least 2, got {value}"),
    "roc_regions.one_class": N_("a bootstrap of the ROC curve needs both classes"),
    "roc_regions.not_a_level": N_("{name} must lie strictly between 0 and 1, got {value}"),
}
