"""Words for the errors of :mod:`iso4213_nb.inputs.predictions` (a predictions file: truth, models, classes) (5.1, step 4; 6.3–6.5; beyond TS 4213: one-line errors)."""

from ..i18n import N_

TEMPLATES = {
    "predictions.chunks_single_label": N_("{file}: in chunks (--chunk-rows, --engine, --states) only metrics and state "
                                          "read multi-label files; here columns {columns} (multi-label indicators) "
                                          "need the whole-file reader: leave those options out"),
    "predictions.no_models": N_("{file} has no model columns; expected y_pred and/or {score}, or <model>_pred and/or "
                                "<model>_score (<model>_score_<class> for multi-class scores), besides {y_true}; "
                                "columns are: {columns}"),
    "predictions.positive_needed": N_("{file}: name the positive class with --positive (a report also takes "
                                      "report.positive from its meta file); labels are: {labels}"),
    "predictions.positive_multilabel": N_("{file}: a positive class applies to binary tasks; this file is "
                                          "multi-label ({y_true}_<label> columns)"),
    "predictions.classes_multilabel": N_("{file}: declared classes apply to single-label tasks; this file is "
                                         "multi-label"),
    "predictions.too_few_declared": N_("--classes names two or more classes"),
    "predictions.undeclared": N_("{file}: {y_true} holds class(es) {classes} that --classes does not declare; "
                                 "declared: {declared}"),
    "predictions.single_class": N_("{file}: {y_true} holds a single class ({label}); an assessment needs two or "
                                   "more"),
    "predictions.binary_score_multiclass": N_("{file}: column {column} gives scores, but {y_true} has {count} "
                                              "classes; a multi-class model gives one score column per class, "
                                              "{one}_<class>"),
    "predictions.positive_multiclass": N_("{file}: a positive class applies to binary tasks; {y_true} has {count} "
                                          "classes"),
    "predictions.one_indicator": N_("{file}: one y_true_<label> column ({column}) is a binary task; give y_true for "
                                    "it, or two or more labels"),
    "predictions.unknown_label": N_("{place}, column {column}: label {label} is not a class of {y_true}; {y_true} "
                                    "labels are: {labels}"),
}
