"""Words for the errors of :mod:`iso4213_nb.figures.tables` (printed tables; beyond TS 4213: one-line errors)."""

from ..i18n import N_

TEMPLATES = {
    "tables.ragged_row": N_("table row {row} has {cells} cells, the header has {width}"),
}
