"""Words for what a report or ``metrics`` built from counts does not give: the measures and the reasons (clause 8).

The computation (:mod:`.streamed`, :mod:`.streamed_intervals`, :mod:`iso4213_nb.cli._poisson`) lists
``{"measure": code, "reason": code}``; these tables turn the codes into words in the reader's language.
Kept apart from :mod:`.streamed` so that ``metrics`` can say them without loading the report's machinery.
"""

from __future__ import annotations

from ..words.i18n import N_

#: Why a measure is not given, or not exactly, by reason code.
REASONS = {
    "second_pass": N_("needs each row's placement values under both models, known only once every score is "
                      "counted; state files hold counts only, and the rows they came from were not read again"),
    "rows": N_("a bootstrap resamples rows; the report's intervals are Wilson intervals from counts instead"),
    "binned_approximate": N_("computed from scores counted in bins: approximate"),
    "binned_no_placements": N_("binned scores have no exact placement values"),
    "weighted": N_("the intervals count unweighted samples, and this file has a weight column (as in memory)"),
    "no_replicates": N_("state files hold counts, not the Poisson bootstrap's replicates that the Brier score "
                        "and log loss need; read the predictions with --chunk-rows or --engine dask for them"),
    "calibration_rows": N_("the calibration section (reliability bins of equal width and of equal mass, ECE, "
                           "Murphy's decomposition) is computed from the rows in memory, not yet from counts"),
    "ranking_rows": N_("the ranking splits the rows into disjoint folds and computes each model's measure on each "
                       "fold; the rows are not kept"),
    "binned_operating": N_("binned scores: a bootstrap of the operating points would resample bins, not scores"),
    "old_state_file": N_("a state file of version 3 or older holds the ranks of the true class without its class; "
                         "write the states again with this version for it"),
    "subgroup_rows": N_("per subgroup, the bootstrap intervals (F1, balanced accuracy, macro recall) "
                        "resample rows and DeLong's interval of the AUROC needs each row's placement value; the "
                        "measures, the AUROC, Wilson intervals and the heterogeneity tests come from the counts"),
}


#: Names of the measures ``streaming.not_given`` lists, for the page.
MEASURES = {
    "delong_test": N_("DeLong's test of two AUROCs"), "auroc_interval": N_("DeLong's interval of the AUROC"),
    "auroc": N_("AUROC"), "average_precision": N_("average precision"),
    "auprc_trapezoid": N_("area under the PR curve (trapezoids)"), "gain_area": N_("area under the gain curve"),
    "bootstrap_intervals": N_("bootstrap intervals"),
    "subgroup_bootstrap_intervals": N_("bootstrap intervals per subgroup"),
    "brier_interval": N_("interval of the Brier score"), "log_loss_interval": N_("interval of the log loss"),
    "top_k_accuracy_interval": N_("intervals of top-k accuracy"), "calibration": N_("calibration"),
    "ranking": N_("ranking of the models"),
    "operating_intervals": N_("operating points with intervals, partial AUROC and curve bands"),
}
