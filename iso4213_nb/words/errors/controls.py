"""Words for the errors of :mod:`iso4213_nb.controls.computed`: the controls of clause 5.3 (baselines, leakage, annotators)."""

from ..i18n import N_

TEMPLATES = {
    "controls.single_class": N_("y_true holds a single class ({label}); a baseline needs at least two"),
    "controls.samples_not_numbers": N_("{name} must be a numeric 2-D array"),
    "controls.samples_shape": N_("{name} must be a non-empty 2-D array (samples × features), got shape {shape}"),
    "controls.copies": N_("{name} must be a whole number of at least 2, got {value}"),
    "controls.noise": N_("{name} must be non-negative, got {value}"),
    "controls.confidence_level": N_("confidence_level must be between 0 and 1, got {value}"),
}
