"""Words for the errors of the Poisson bootstrap (:mod:`iso4213_nb.scale.accumulators.bootstrap`, its streamed states and the row key) (beyond TS 4213: one-line errors)."""

from ..i18n import N_

TEMPLATES = {
    "poisson.key_not_whole": N_("the row key column {name} must hold whole numbers (for example the row number in "
                                "the whole data set), so that each row keeps its resampling weights wherever it is "
                                "read"),
    "poisson.replicates": N_("replicates must be a whole number of at least 2, got {value}"),
    "poisson.own_weights": N_("the Poisson bootstrap sets its own weights"),
    "poisson.merge_mismatch": N_("only bootstraps with the same key, seed and number of replicates can be merged"),
    "poisson.key_cell": N_("{where}, column {name}: {text} is not a whole number; a row key (--row-key) numbers "
                           "each row once"),
    "poisson.key_missing": N_("{where}, column {name}: empty cell; a row key (--row-key) numbers each row once"),
    "poisson.key_column": N_("{file}: there is no column {name} to use as the row key (--row-key)"),
    "poisson.duplicate_key": N_("the row key {name} holds {key} twice; a row key (--row-key) names each row once, "
                                "or the rows it names share their resampling weights"),
    "poisson.duplicate_key_at": N_("{where}, column {name}: the row key {key} names an earlier row too; a row key "
                                   "(--row-key) names each row once, or the rows it names share their resampling "
                                   "weights"),
    "poisson.duplicate_key_parts": N_("the row key {name} holds {key} in two parts of the data set; a row key "
                                      "(--row-key) names each row once, or the rows it names share their "
                                      "resampling weights"),
    "poisson.key_has_role": N_("{file}: the row key (--row-key) {name} is {role_word}; the row key must be a "
                               "column of its own"),
}

WORDS = {
    "key_is_true": N_("the column of true labels"),
    "key_is_pred": N_("a model's column of predicted labels"),
    "key_is_score": N_("a model's score column"),
    "key_is_class_score": N_("a model's class-score column"),
    "key_is_group": N_("a subgroup column"),
    "key_is_weight": N_("the weight column"),
}
