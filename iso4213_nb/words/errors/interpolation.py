"""Words for the errors of :mod:`iso4213_nb.measures.interpolation`: reading a correlation (beyond TS 4213: one-line errors)."""

from ..i18n import N_

TEMPLATES = {
    "interpolation.not_a_correlation": N_("a correlation lies in [-1, 1], got {value}"),
}
