"""Words for the errors of :mod:`iso4213_nb.inputs.matrix` (reading a confusion matrix of counts) (6.2; beyond TS 4213: one-line errors)."""

from ..i18n import N_

TEMPLATES = {
    "matrix.too_many_classes": N_("{file}: the matrix has {count:,} classes, more than the limit of {limit:,} "
                                  "(raise it with --max-classes)"),
    "matrix.too_few_columns": N_("{file}: a confusion matrix needs labels in the first row and at least two columns "
                                 "of counts; found {columns} column(s)"),
    "matrix.not_square": N_("{file}: the matrix must be square, got {rows} rows and {columns} columns of counts"),
    "matrix.empty_label": N_("{place}, column {column}: empty label"),
    "matrix.labels_differ": N_("{file}: the labels of the first column ({rows}) differ from those of the first row "
                               "({columns}); both must list the same classes in the same order"),
    "matrix.repeated_label": N_("{file}: label {label} appears more than once"),
    "matrix.not_a_count": N_("{place}, column {column}: {text} is not a whole number of samples"),
    "matrix.negative_count": N_("{place}, column {column}: negative count {text}"),
    "matrix.total_too_large": N_("{place}, column {column}: counts this large ({text}) cannot be computed exactly; "
                                 "the total must stay below 2^53"),
}
