"""Words for the errors of :mod:`iso4213_nb.inputs.label_chunks`: a multi-label file read in chunks (6.5; beyond TS 4213)."""

from ..i18n import N_

TEMPLATES = {
    "label_chunks.one_label": N_("{file}: one y_true_<label> column ({column}) is a binary task; give y_true for it, "
                                 "or two or more labels"),
}
