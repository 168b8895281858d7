"""Words for the errors of :mod:`iso4213_nb.scale.accumulators`: columns of a chunk, weights, merges and state files (beyond TS 4213: one-line errors)."""

from ..i18n import N_

TEMPLATES = {
    # base: the columns and weights of a chunk
    "accumulators.no_column": N_("the data have no column {name}; columns are: {columns}"),
    "accumulators.column_not_one_dimensional": N_("column {name} must be one-dimensional"),
    "accumulators.weights_shape": N_("weights must hold one value per row ({rows}), got shape {shape}"),
    "accumulators.weights_not_whole": N_("the weights of an accumulator must be whole numbers (resampling "
                                         "multiplicities)"),
    "accumulators.weights_negative": N_("weights must be non-negative"),
    "accumulators.nothing_to_merge": N_("nothing to merge: no partial results were given"),
    "accumulators.merge_other_columns": N_("only states of the same columns can be merged"),
    # counts
    "accumulators.mixed_label_kinds": N_("the parts hold labels of different kinds (text in one, whole numbers in "
                                         "another); read every part with the same label typing"),
    "accumulators.text_and_numbers": N_("columns {true} and {pred} mix text and numbers"),
    "accumulators.one_class": N_("a confusion matrix needs at least two classes; the data hold {count}"),
    "accumulators.paired_models": N_("paired outcomes take 2 to {most} models, got {count}"),
    # class scores
    "accumulators.class_score_columns": N_("class scores need two or more columns, got {count}"),
    "accumulators.class_score_labels": N_("{columns} class-score columns need {columns} labels, got {count}"),
    "accumulators.no_class_score_samples": N_("no samples: class scores need at least one"),
    # scores
    "accumulators.scores_not_numeric": N_("column {name} must hold numeric scores"),
    "accumulators.scores_not_finite": N_("column {name} holds NaN or infinite scores"),
    "accumulators.merge_other_scores": N_("only states of the same columns and positive class can be merged"),
    "accumulators.too_few_bins": N_("bins must be a whole number of at least {least}, got {bins}"),
    "accumulators.binned_range": N_("the binned range needs finite low < high, got {low} and {high}"),
    "accumulators.score_outside_bins": N_("column {name} has a score ({score:g}) outside the binned range "
                                          "[{low:g}, {high:g}]"),
    "accumulators.merge_other_bins": N_("only states of the same columns and the same bins can be merged"),
    "accumulators.not_probabilities": N_("column {name} must hold probabilities in [0, 1] for calibration"),
    "accumulators.no_calibration_samples": N_("no samples: calibration needs at least one"),
    # state files
    "accumulators.damaged_array": N_("an array is damaged or not of numbers ({detail})"),
    "accumulators.not_storable": N_("a {kind} cannot be stored in a state file"),
    "accumulators.unknown_kind": N_("unknown kind of state {kind}; known: {known}"),
    "accumulators.damaged_entry": N_("a {kind} entry lacks or mistypes a field ({detail})"),
    "accumulators.in_state": N_("{path}: state {name}: {error}"),
    "accumulators.not_json": N_("{path}: not a state file (not JSON)"),
    "accumulators.too_deep": N_("{path}: not a state file (its JSON is nested deeper than any state file is)"),
    "accumulators.foreign_format": N_("{path}: not a state file of iso4213-nb (format is not {format})"),
    "accumulators.state_file_version": N_("{path}: state file version {version}; this iso4213-nb reads versions 1 "
                                          "to {newest}"),
}
