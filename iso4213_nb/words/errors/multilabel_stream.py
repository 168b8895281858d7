"""Words for the errors of :mod:`iso4213_nb.scale.streaming_labels`: multi-label files in chunks, on Dask, in state files (6.5; beyond TS 4213)."""

from ..i18n import N_

TEMPLATES = {
    "multilabel_stream.models": N_("{file} holds {count} models ({models}); metrics assesses one: keep the "
                                   "y_pred_<label> / score_<label> columns of one model, or compare two with "
                                   "iso4213-nb compare --a MODEL --b MODEL"),
    "multilabel_stream.threshold": N_("--threshold applies to a model given by scores only; {file} gives labels"),
    "multilabel_stream.positive": N_("{file}: a positive class applies to binary tasks; this file is multi-label "
                                     "({y_true}_<label> columns)"),
    "multilabel_stream.bins": N_("{file}: --bins counts the scores of a binary task; the scores of a multi-label "
                                 "file are counted exactly: leave --bins out"),
    "multilabel_stream.columns_differ": N_("{file}: its columns differ from those of the first file of the data set"),
    "multilabel_stream.damaged_settings": N_("{where}: the state file does not say which models and labels it holds"),
    "multilabel_stream.not_here": N_("{files}: state files of a multi-label file; metrics reads them, this command "
                                     "does not (it reads multi-label predictions whole)"),
}
