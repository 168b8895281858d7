"""Words for the errors of :mod:`iso4213_nb.core.checks`: arrays, labels, scores and matrices as given (beyond TS 4213: one-line errors).

``name`` is always the caller's name for the argument (``y_true``, ``scores``); ``checks.length_of`` and the
``checks.shape_*`` codes are phrases that other messages of this module nest (a length, a shape in words).
"""

from ..i18n import N_

TEMPLATES = {
    "checks.not_an_array": N_("{name} cannot be read as an array: {detail}"),
    "checks.not_one_dimensional": N_("{name} must be one-dimensional, got shape {shape}"),
    "checks.empty": N_("{name} is empty"),
    "checks.not_one_of": N_("{name} must be one of {choices}, got {value}"),
    "checks.non_finite_labels": N_("{name} contains NaN or infinite labels"),
    "checks.missing_labels": N_("{name} contains missing labels (None or NaN)"),
    "checks.not_numeric": N_("{name} must be numeric, got {kind_word}"),
    "checks.non_finite_scores": N_("{name} contains {count} NaN or infinite value(s), the first is value number {index}"),
    "checks.not_probabilities": N_("{name} must be probabilities in [0, 1], got values from {low:g} to {high:g}"),
    "checks.not_a_finite_number": N_("{name} must be a finite number, got {value}"),
    "checks.length_mismatch": N_("length mismatch: {lengths}"),
    "checks.length_of": N_("{name} has {length}"),
    "checks.shape_number": N_("a single number"),
    "checks.shape_list": N_("a list of {count} values"),
    "checks.shape_array": N_("a {shape} array"),
    "checks.beyond_float_range": N_("{name} holds a number beyond the range of a 64-bit float (about 1.8e308)"),
    "checks.not_rectangular": N_("{name} must be a rectangular array of numbers only"),
    "checks.not_one_dimensional_array": N_("{name} must be one-dimensional, got {got}"),
    "checks.not_two_dimensional_array": N_("{name} must be two-dimensional, got {got}"),
    "checks.non_finite_entry": N_("{name} contains NaN or infinite {what_word}, the first at entry {entry}"),
    "checks.non_finite_cell": N_("{name} contains NaN or infinite {what_word}, the first at row {row}, column {column}"),
    "checks.not_square": N_("{name} must be square, got {rows} rows and {columns} columns"),
    "checks.one_class": N_("{name} must have at least two classes, got {count}"),
    "checks.too_small_table": N_("{name} needs at least 2 rows and 2 columns, got a {rows}×{columns} array"),
    "checks.wrong_table_shape": N_("{name} must be {expected_rows}×{expected_columns}, got a {rows}×{columns} array"),
    "checks.negative_count": N_("{name} contains negative counts, the first {value:g} at row {row}, column {column}"),
    "checks.fractional_count": N_("{name} contains non-integer counts, the first {value:g} at row {row}, column {column}"),
    "checks.huge_count": N_("{name} holds a count of {value:.4g} at row {row}, column {column}; counts must stay below "
                            "2**53 (about {limit:.4g}) to be exact"),
    "checks.huge_total": N_("the counts of {name} add up to {total:.4g}; the total must stay below 2**53 "
                            "(about {limit:.4g}) to be exact"),
    "checks.not_an_indicator_matrix": N_("{name} must be a two-dimensional indicator matrix (samples × labels), "
                                         "got shape {shape}"),
    "checks.empty_matrix": N_("{name} is empty, got shape {shape}"),
    "checks.not_zero_one": N_("{name} must hold only 0 and 1 (label absent / present)"),
}

#: What the entries of an array are (``what_word``), and what kind of values a non-numeric array holds (``kind_word``).
WORDS = {
    "values": N_("values"),
    "counts": N_("counts"),
    "fractions": N_("fractions"),
    "scores": N_("scores"),
    "text": N_("text"),
    "bytes": N_("bytes"),
    "objects": N_("Python objects"),
    "dates": N_("dates"),
    "durations": N_("durations"),
    "other": N_("values that are not numbers"),
}
