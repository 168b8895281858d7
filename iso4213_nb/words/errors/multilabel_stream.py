"""Words for the errors of :mod:`iso4213_nb.scale.streaming_labels`: multi-label files in chunks, on Dask, in state files (6.5; beyond TS 4213)."""

from ..i18n import N_

TEMPLATES = {
    "multilabel_stream.bins": N_("{file}: --bins counts the scores of a binary task; the scores of a multi-label "
                                 "file are counted exactly: leave --bins out"),
    "multilabel_stream.not_here": N_("{files}: state files of a multi-label file; metrics reads them, this command "
                                     "does not (it reads multi-label predictions whole)"),
}
