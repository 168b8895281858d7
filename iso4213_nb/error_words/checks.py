"""Words for the errors of :mod:`iso4213_nb._checks`: arrays, labels, scores and matrices as given (beyond TS 4213: one-line errors)."""

from ..i18n import N_

TEMPLATES = {
    "checks.not_an_array": N_("{name} cannot be read as an array: {detail}"),
    "checks.not_one_dimensional": N_("{name} must be one-dimensional, got shape {shape}"),
    "checks.empty": N_("{name} is empty"),
}
