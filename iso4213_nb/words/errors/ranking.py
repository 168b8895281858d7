"""Words for the errors of :mod:`iso4213_nb.stats.ranking`: ranking models over data sets (clause 7; beyond TS 4213: one-line errors)."""

from ..i18n import N_

TEMPLATES = {
    "ranking.not_a_level": N_("{name} must lie strictly between 0 and 1, got {value}"),
}
