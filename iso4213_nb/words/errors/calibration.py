"""Words for the errors of :mod:`iso4213_nb.measures.calibration`: probabilities and their bins (beyond TS 4213: one-line errors).

``name`` is an argument's name; ``label`` a label the user gave, as they gave it.
"""

from ..i18n import N_

TEMPLATES = {
    "calibration.bad_bins": N_("{name} must be a whole number of at least 1, got {value}"),
    "calibration.positive_absent": N_("the positive class {label} is not among the labels of {name}"),
    "calibration.wrong_shape": N_("{name} must have one row per sample and one column per label ({samples}×{labels}), "
                                  "got {rows}×{columns}"),
    "calibration.not_probabilities": N_("{name} must be probabilities in [0, 1], got values from {low:g} to {high:g}"),
    "calibration.row_sum": N_("row {row} of {name} adds up to {total:g}, not 1: calibration needs probabilities"),
    "calibration.too_few_classes": N_("{name} must list at least two distinct classes"),
    "calibration.unknown_label": N_("{name} holds the label {label}, which is not among labels"),
}
