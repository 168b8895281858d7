"""Words for the errors of :mod:`iso4213_nb.subgroups.counts` (subgroups from merged counts, 5.3.2; beyond TS 4213: one-line errors)."""

from ..i18n import N_

TEMPLATES = {
    "subgroup_counts.unknown_label": N_("a subgroup holds the label {label}, which is not among the labels"),
}
