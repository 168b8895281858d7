"""Words for the errors of :mod:`iso4213_nb.inputs.columns` (typing labels, scores, indicators and weights) (5.1, step 4; beyond TS 4213: one-line errors)."""

from ..i18n import N_

TEMPLATES = {
    "columns.empty_cell": N_("{place}, column {column}: empty cell"),
    "columns.not_labels": N_("{file}: column {column} is of type {type}, neither text nor numbers, so it cannot "
                             "hold labels"),
    "columns.too_many_labels": N_("{file}: column {column} has {count:,} distinct labels, more than the limit of "
                                  "{limit:,} (raise it with --max-classes)"),
    "columns.too_many_labels_together": N_("{file}: columns {columns} have more than {limit:,} distinct labels "
                                           "together, the limit (raise it with --max-classes)"),
    "columns.not_a_label": N_("{what_word} {text} is not a label of y_true; labels are: {labels}"),
    "columns.decimal_point": N_("{place}, column {column}: {text} has a decimal point, but --decimal , was given"),
    "columns.not_a_number": N_("{place}, column {column}: {text} is not a number"),
    "columns.not_a_number_comma": N_("{place}, column {column}: {text} is not a number (for a decimal comma give "
                                     "--decimal ,)"),
    "columns.boolean_scores": N_("{file}: column {column} holds true/false values, not scores"),
    "columns.not_scores": N_("{file}: column {column} holds values that are not numbers, so not scores"),
    "columns.not_finite": N_("{place}, column {column}: {text} is not a finite number"),
    "columns.not_an_indicator": N_("{place}, column {column}: {text} is not 0 or 1 (a label is absent or present)"),
    "columns.negative_weight": N_("{place}, column {column}: weight {text} is negative; a sample weight is 0 or more"),
    "columns.zero_weights": N_("{file}: column {column}: every weight is 0, so no sample counts"),
}

WORDS = {
    "positive_class": N_("positive class"),
}
