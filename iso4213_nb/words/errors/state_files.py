"""Words for a state file that does not follow its schema or does not mean what its kind must (beyond TS 4213: one-line errors)."""

from ..i18n import N_

TEMPLATES = {
    # where: files.read_states and cli/_streaming.load
    "state_file.schema": N_("{path}: at {where}: {error}"),
    "state_file.damaged": N_("{path}: {error}"),
    "state_file.in_part": N_("{path}: state {name}, at {where}: {error}"),
    "state_file.same_file_twice": N_("{path} and {other} are the same state file; give each shard once"),
    "state_file.same_shard_twice": N_("{path} and {other} were both made from the same predictions (SHA-256 "
                                      "{sha256}); merging both would count that shard twice"),
    # the schema (file_schema.py)
    "state_file.array_dtype": N_("an array is damaged or not of numbers: its dtype is {dtype}, not one of {allowed}"),
    "state_file.not_allowed": N_("{value} is not one of {allowed}"),
    "state_file.missing_field": N_("the field {field} is missing"),
    "state_file.unexpected_field": N_("unexpected field {field}; the fields here are {known}"),
    "state_file.wrong_type": N_("{value} is not of JSON type {expected}"),
    "state_file.below_minimum": N_("{value} is below the least allowed value, {limit}"),
    "state_file.too_few_items": N_("{count} items, fewer than the {limit} needed"),
    "state_file.too_many_items": N_("{count} items, more than the {limit} allowed"),
    "state_file.schema_other": N_("the file does not follow its schema ({detail})"),
    # what the schema cannot say (file_checks.py)
    "state_file.not_finite": N_("array {array} holds NaN or an infinite value (at index {index})"),
    "state_file.negative": N_("array {array} holds a negative count ({value} at index {index})"),
    "state_file.not_increasing": N_("array {array} is not strictly increasing: {value} at index {index} follows "
                                    "{previous}"),
    "state_file.shape": N_("array {array} has shape {shape}; the state's configuration needs {expected}"),
    "state_file.lengths_differ": N_("arrays {arrays} differ in length ({lengths})"),
    "state_file.sums_without_weight": N_("array {array} holds sums of weights, but the state names no weight column"),
    "state_file.labels_order": N_("the labels {labels} are not distinct and in sorted order"),
    "state_file.offsets": N_("the offsets {offsets} do not split {count} distinct scores into {columns} columns"),
    "state_file.first_row": N_("array {array} ({values}) does not start with a row number or inf"),
    "state_file.pair_code": N_("the code {code} is no (union, intersection) pair of {labels} labels"),
    "state_file.group_value_twice": N_("the group value {value} has two parts; each value has one"),
    "state_file.totals_differ": N_("its confusion matrices count different numbers of rows ({totals}); every one "
                                   "of a shard counts the same rows"),
    "state_file.too_large": N_("state {name} holds more than 2^62 counts; merged, they would overflow 64-bit "
                               "integers"),
    "state_file.overflow": N_("state {name} of {files} holds more than 2^62 counts in all; merged, they would "
                              "overflow 64-bit integers"),
    "state_file.part_columns": N_("this state reads other columns or settings than the state that holds it"),
    "state_file.replicate_shape": N_("the arrays of this replicate have shapes {shapes}, those of the first {first}"),
}
