"""Words for the errors of :mod:`iso4213_nb.stats`: the significance tests, intervals and corrections of clause 7."""

from ..i18n import N_

TEMPLATES = {
    # stats/_input.py: samples, groups, tables and labels as the tests take them
    "stats.too_few_pairs": N_("{name_a} and {name_b} need at least {minimum} pairs, got {count}"),
    "stats.too_few_groups": N_("at least two groups are needed, got {count}"),
    "stats.group_too_small": N_("{name} has {count} value(s); at least {minimum} are needed"),
    "stats.matrix_too_small": N_("{name} needs at least {min_rows} rows and {min_cols} columns, "
                                 "got {rows} rows and {columns} columns"),
    "stats.positive_not_named": N_("y_true has the labels {labels}; name the one that is the positive class"),
    "stats.positive_not_a_label": N_("the positive class {positive} is not among the labels of y_true ({labels})"),
    "stats.single_class": N_("y_true holds a single class; the test needs both positives and negatives"),
    # stats/bootstrap.py, stats/roc.py
    "stats.too_few_resamples": N_("{name} must be a whole number of at least 10, got {value}"),
    "stats.bootstrap_method": N_("the bootstrap method must be one of {methods}; got {method}"),
    "stats.proportion_method": N_("the proportion method must be one of {methods}; got {method}"),
    "stats.statistic_not_a_number": N_("the statistic must return a number, got {type}"),
    "stats.ragged_data": N_("{name} cannot be read as an array (ragged rows?)"),
    "stats.no_data": N_("bootstrap_ci needs at least one data array"),
    "stats.strata_shape": N_("{name} must name the stratum of each of the {cells} cells, got shape {shape}"),
    "stats.counts_not_whole": N_("{name} must be a non-empty list of whole non-negative numbers"),
    # stats/contingency.py
    "stats.empty_row": N_("row {index} of the table is all zeros, so its expected counts are zero"),
    "stats.empty_column": N_("column {index} of the table is all zeros, so its expected counts are zero"),
    "stats.empty_table": N_("the table holds no counts"),
    "stats.empty_mcnemar_table": N_("the McNemar table holds no counts"),
    "stats.correct_not_binary": N_("{name} must hold only 0 and 1 (1 = the model is right on the sample)"),
    # stats/cv.py
    "stats.differences_not_numbers": N_("{name} must be an array of numbers"),
    "stats.differences_not_five_by_two": N_("{name} must be a 5×2 array (five repetitions of two folds), got {shape}"),
    "stats.differences_single_number": N_("{name} must be a 5×2 array (five repetitions of two folds), got a single number"),
    "stats.five_by_two_zero_variance": N_("the two fold differences are equal in every repetition, "
                                          "so the 5×2cv variance is zero"),
    "stats.too_few_differences": N_("{name} needs at least two values, got {count}"),
    "stats.sample_count": N_("{name} must be a positive whole number of samples, got {value}"),
    "stats.differences_equal": N_("the differences are all equal ({value:g}), so their variance is zero "
                                  "and t is undefined"),
    "stats.unknown_scorer": N_("scoring {scoring} is not a scikit-learn scorer name"),
    "stats.length_mismatch": N_("length mismatch: X has {rows} rows, y has {labels}"),
    "stats.cannot_split": N_("cannot split the data in two halves: {detail}"),
    # stats/groups.py
    "stats.anova_too_few_values": N_("ANOVA needs at least one group with two or more values"),
    "stats.anova_constant_groups": N_("every group is constant, so the within-group variance is zero "
                                      "and F is undefined"),
    "stats.all_values_equal": N_("all values are equal, so there is nothing to rank"),
    "stats.friedman_too_few_models": N_("the Friedman test needs at least three models (columns), got {count}; "
                                        "use {test} for two"),
    "stats.posthoc": N_("{name} must be {first} or {second}, got {value}"),
    "stats.names_for_models": N_("{names} names given for {models} models"),
    "stats.friedman_all_tied": N_("every data set gives all models the same score, so there is nothing to rank"),
    # stats/intervals.py, stats/multiplicity.py, stats/roc.py, stats/weighted.py
    "stats.not_a_count": N_("{name} must be a non-negative whole count, got {value}"),
    "stats.proportion_of_nothing": N_("n is 0: a proportion of nothing has no interval"),
    "stats.successes_exceed_n": N_("successes ({successes}) exceeds n ({n})"),
    "stats.number_of_tests": N_("m, the number of tests, must be a whole number of at least 1, got {value}"),
    "stats.pvalue_range": N_("p-values must lie in [0, 1], got {value:g}"),
    "stats.delong_too_few": N_("DeLong's variance needs at least two positives and two negatives, "
                               "got {positives} and {negatives}"),
    "stats.hits_not_binary": N_("{name} must hold only 0 and 1 (or booleans): one per sample of the denominator"),
    "stats.weights_missing": N_("sample_weight is missing: without weights use {call}"),
    # stats/paired.py
    "stats.pair_differences_equal": N_("the differences a − b are all equal ({mean:g}), so their variance is zero "
                                       "and t is undefined"),
    "stats.pairs_all_equal": N_("a and b are equal in every pair; the signed-rank test has nothing to rank"),
    # stats/results.py
    "stats.level_not_a_number": N_("{name} must be a number between 0 and 1, got {value}"),
    "stats.level_range": N_("{name} must lie strictly between 0 and 1, got {value}"),
    "stats.no_interval": N_("the {test} test gives no confidence interval"),
}
