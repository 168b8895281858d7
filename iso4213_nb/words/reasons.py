"""The one registry of reason codes: why a value is undefined, why an interval is missing, why an item is not given.

The computation returns codes and their numbers (``Undefined(code=..., params=...)``, an interval's
``{"code": ..., **params}``, a report's ``{"measure": ..., "reason": code}``); :data:`WORDS` holds the
words of every code once, in English marked for the catalogue (its Russian in
``locale/ru/LC_MESSAGES/iso4213_nb.po``), and :func:`words` puts a code and its numbers into a sentence
of the active language.  A code whose words depend on its cause maps to a dict keyed by the
``cause`` parameter (``one_class`` of the true labels, of a subgroup, of the labels or the predictions);
without a cause, the first sentence whose fields the parameters fill.  ``tests/test_reason_words.py`` reads the package's source and holds every code it
can produce to an entry here.  Clause 6 (undefined measures), 7.8 (intervals), clause 8 (the report).
"""

from __future__ import annotations

import string

from ..measures.registry import MEASURES
from .i18n import N_, _, number, significant
from .measures import average_name, name as measure_name

#: Words of every reason code: a sentence with ``{parameter}`` fields, or ``{cause: sentence}``.
WORDS = {
    "zero_variance": {
        "identical_placements": (N_("the AUROC difference has zero estimated variance and is 0: every sample has the "
                                 "same placement value under both models, so there is no difference to test")),
        "degenerate_aurocs": (N_("the AUROC difference has zero estimated variance although the AUROCs differ "
                              "(A = {auc_a}, B = {auc_b}): each model places every positive above the "
                              "same share of the negatives, as a perfect separation or scores all tied do, so the "
                              "normal approximation has no spread to use")),
        "constant_shift": (N_("the AUROC difference has zero estimated variance although the AUROCs differ "
                           "(A = {auc_a}, B = {auc_b}): every sample's placement value moves by the same "
                           "amount from one model to the other, so the normal approximation has no spread to use")),
    },
    "zero_auroc_variance": N_("an AUROC estimate has zero variance"),
    "no_discordant_pairs": N_("no discordant pairs (b + c = 0), so the chi-squared statistic is 0/0"),
    "zero_standard_error": (N_("no discordant pair, or every sample one that favours the same model, so the paired "
                            "difference has a standard error of 0 and its Wald interval no width")),
    "unbounded_b_over_c": N_("no sample that only B gets right (c = 0), so b / c is unbounded"),
    "unbounded_odds_ratio": N_("b · c = 0 while a · d > 0, so the odds ratio ad / bc is unbounded"),
    "zero_over_zero_odds_ratio": N_("a · d = b · c = 0, so the odds ratio ad / bc is 0/0"),
    "zero_cell": N_("a cell of the table is zero, so Woolf's interval of the odds ratio is undefined"),
    "no_disagreement": N_("every sample is right for all models or for none, so Q is 0/0"),
    # clause 6: measures of iso4213_nb.measures.counts, .confusion, .curves and .distribution
    "no_samples": N_("no samples"),
    "no_predicted_positives": N_("no predicted positives (TP + FP = 0)"),
    "no_predicted_negatives": N_("no predicted negatives (TN + FN = 0)"),
    "no_positives": {"class": N_("class {label} never occurs in the true labels"),
                     "counts": N_("no actual positives (TP + FN = 0)")},
    "no_negatives": {"class": N_("every sample belongs to class {label}"),
                     "counts": N_("no actual negatives (TN + FP = 0)")},
    "no_actual_or_predicted_positives": N_("no actual and no predicted positives (TP + FP + FN = 0)"),
    "unbounded_lr_plus": N_("no false positives (FP = 0), so LR+ is unbounded"),
    "unbounded_lr_minus": N_("no true negatives (TN = 0), so LR− is unbounded"),
    "unbounded_diagnostic_odds_ratio": N_("FP · FN = 0, so the odds ratio is unbounded"),
    "empty_margin": N_("a row or column of the 2×2 matrix is empty, so MCC has a zero denominator"),
    "chance_agreement_one": N_("chance agreement is 1 (both raters use a single class)"),
    "average_needs_every_class": N_("{average} {measure} needs every class; for class {label}: {cause}"),
    "infinite_divergence": N_("class {label} has {first} share {share} but {second} share 0, so the divergence "
                              "is infinite"),
    "one_class": {
        "true": N_("the test set holds a single class, so the curve and its areas are undefined"),
        "group": N_("the group holds a single class, so no ranking can be judged"),
        "true_or_predicted": N_("all true or all predicted labels are one class"),
        "adjusted": N_("only one class occurs in the true labels, so chance and perfect prediction coincide"),
    },
    "empty_denominator": N_("its denominator is 0"),
    "empty_union": N_("no true and no predicted labels at all, so the union is empty"),
    "no_true_labels": N_("no sample carries any label in the truth, so the true label shares are 0/0"),
    "no_predicted_labels": N_("no label is predicted for any sample, so the predicted label shares are 0/0"),
    "correct_not_given": N_("the number of correct inferences was not given"),
    "zero_macro_precision_and_recall": N_("macro precision and macro recall are both 0"),
    "chance_fills_range": N_("the chance diagonal fills this range, so McClish's standardisation divides by 0"),
    "below_chance_in_range": N_("the curve lies below the chance diagonal in this range, where McClish's "
                                "standardisation is not defined"),
    "typed_undefined": N_("typed as undefined"),
    "zero_duration": N_("the timed period has zero length on this clock"),
    "no_inferences": N_("no inferences"),
    "no_correct_inferences": N_("no correct inferences"),
    "zero_energy": N_("zero energy recorded"),
    "zero_weights": N_("every predicted weight is 0"),
    "absent_class": N_("class {label} has no sample, so its pairs have no AUROC"),
    "no_true_positives": N_("no true positives (TP = 0): the identity divides by the precision, which is 0"),
    "undefined_label": N_("the measure is undefined for a label, so its macro average is undefined"),
    "fewer_than_three_models": N_("A ranking of models needs three or more models; this report has {k}, and section 7 "
                                  "compares them in pairs."),
    "too_few_samples_for_folds": N_("The smallest class has too few samples to split the test set into folds that "
                                    "each hold every class, so no ranking is made."),
    "constant_values": {
        "actual": N_("the actual values are all equal, so the correlation has a zero denominator"),
        "predicted": N_("the predicted values are all equal, so the correlation has a zero denominator"),
    },
    # 7.8: why an interval has no bounds (iso4213_nb.stats.measure_intervals, .bootstrap, iso4213_nb.report.uncertainty)
    "undefined_estimate": N_("the measure itself is undefined on these data (a zero denominator), so it has no "
                             "interval"),
    "mostly_undefined_resamples": N_("the measure is undefined on {k} of {n} bootstrap resamples; an interval from "
                                     "the rest would be biased"),
    "resamples_undefined": N_("the measure is undefined on {k} of {n} bootstrap resamples, left out of the interval"),
    "bootstrap_budget": N_("not computed: the bootstrap would draw {n} resamples of {cells} score counts, beyond the "
                           "default budget of {budget} counts; ask for it with --bootstrap N"),
    "bootstrap_memory": N_("not computed: {n} Poisson bootstrap replicates would hold {mib} MiB, beyond "
                           "--bootstrap-memory ({budget} MiB); ask for fewer with --bootstrap N or allow more memory"),
    "poisson_budget": N_("not computed: the Poisson bootstrap would weigh each of {rows} rows {n} times, beyond the "
                         "default budget of {budget} weights; ask for it with --bootstrap N (fewer resamples cost "
                         "less)"),
    "degenerate_bootstrap": N_("every bootstrap resample gives the same value ({value}), so the bootstrap cannot show "
                               "the uncertainty here (a perfect or perfectly wrong model, or very few samples); read "
                               "the proportion intervals instead"),
    "no_trials": N_("the denominator of this proportion is 0, so it has no interval"),
    "delong_too_few": N_("DeLong's variance needs at least two positives and two negatives; there are {p} and {n}"),
    "binned_no_placements": {
        "bins": N_("scores counted in {bins} bins (--bins) have no known order within a bin, so DeLong's variance is "
                   "unknown"),
        "state": N_("binned scores have no exact placement values"),
    },
    "delong_full_auroc_only": N_("DeLong's variance is derived for the whole AUROC only (pROC refuses it for partial "
                                 "areas too), so the partial AUROC gets a stratified bootstrap percentile interval "
                                 "instead"),
    "delong_degenerate": {
        "separated": N_("the classes are perfectly separated, so DeLong's variance is 0 and its interval would have "
                        "zero width (pROC prints one); the bound shown instead is exact: the Clopper–Pearson interval "
                        "of {pairs} disjoint positive–negative pairs, all ordered correctly"),
        "all_tied": N_("every score is tied, so DeLong's variance is 0 and AUC ± 0 would claim a certainty the data "
                       "do not give; no interval is given"),
    },
    "weighted_input": N_("the file has a weight column: the bootstrap intervals (F1, MCC, kappa, top-k accuracy, "
                         "Brier score, log loss and the others) resample unweighted samples, and Wilson's and "
                         "DeLong's intervals count them, so none is given for weighted measures"),
    "not_probabilities": {
        "cell": N_("the score in row {row}, column {column} is {value}, outside [0, 1]"),
        "scores": N_("the scores are not probabilities (each in [0, 1], each row adding up to 1), so the "
                     "Brier score and log loss are undefined and have no interval"),
    },
    "rows_not_normalised": {
        "row": N_("the scores of row {row} add up to {total}, not 1"),
        "scores": N_("the scores are not probabilities (each in [0, 1], each row adding up to 1), so the "
                     "Brier score and log loss are undefined and have no interval"),
    },
    # 5.3.2: subgroups (iso4213_nb.subgroups.rows and .counts)
    "no_positives_and_no_predicted_positives": N_("the group has no positives and nothing predicted positive"),
    "no_positives_or_no_negatives": N_("the group lacks positives or negatives"),
    "fractional_weights": N_("fractional weights give no counts for this interval"),
    "too_few_defined_resamples": N_("too few resamples where the measure is defined"),
    "fewer_than_two_groups": N_("fewer than two groups have this measure"),
    "same_proportion_everywhere": N_("every group has the same proportion (all 0 or all 1)"),
    "too_many_groups": N_("more than {maximum} groups"),
    "needs_rows": N_("it resamples or ranks the rows, which merged counts do not hold"),
    "weighted_rows": N_("rows with weights other than 1 cannot be shuffled as they stand"),
    # clause 8: what a report or metrics built from counts does not give (iso4213_nb.report.streamed, cli)
    "second_pass": N_("needs each row's placement values under both models, known only once every score is "
                      "counted; state files hold counts only, and the rows they came from were not read again"),
    "rows": N_("a bootstrap resamples rows; the report's intervals are Wilson intervals from counts instead"),
    "binned_approximate": N_("computed from scores counted in bins: approximate"),
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

_SHARE_NAMES = {"true": N_("true"), "predicted": N_("predicted")}


def _param(key: str, value):
    """A reason's parameter in words: numbers in the active language's format, codes translated."""
    if key == "cause" and value in WORDS:
        return words(value)
    if key in ("first", "second"):
        return _(_SHARE_NAMES.get(value, value))
    if key == "average":
        return average_name(value, short=True)
    if key == "measure" and value in MEASURES:
        return measure_name(value)
    if key == "label":
        return repr(value.item() if hasattr(value, "item") else value)
    if key in ("share", "value", "total") and isinstance(value, float):
        return significant(value, 4)
    if isinstance(value, float):
        return number(value, 4)
    return value


def _fields(text: str) -> set[str]:
    return {field for _literal, field, _spec, _conversion in string.Formatter().parse(text) if field}


def _derived(code: str, params: dict) -> dict:
    """The numbers a sentence shows that are computed from a code's parameters (MiB from bytes, pairs from counts)."""
    if code in ("mostly_undefined_resamples", "resamples_undefined"):
        return {"k": params.get("n_undefined"), "n": params.get("n_resamples")}
    if code in ("bootstrap_budget", "poisson_budget"):
        return {"n": params.get("n_resamples")}
    if code == "bootstrap_memory":
        return {"n": params.get("n_resamples"), "mib": number(params.get("bytes", 0) / 2 ** 20, 1),
                "budget": number(params.get("budget", 0) / 2 ** 20, 1)}
    if code == "degenerate_bootstrap":
        return {"value": number(params.get("value", float("nan")), 4)}
    if code == "fewer_than_three_models":
        return {"k": params.get("models")}
    if code == "delong_too_few":
        return {"p": params.get("positives"), "n": params.get("negatives")}
    if code == "delong_degenerate":
        return {"pairs": min(params.get("positives", 0), params.get("negatives", 0))}
    return {}


def words(code: str, params: dict | None = None) -> str:
    """The sentence of reason ``code`` with its ``params``, in the active language; an unknown code is shown as it is.

    Clause 6 (undefined values), 7.8 (missing intervals), clause 8 (items not given).
    """
    params = dict(params or {})
    text = WORDS.get(code)
    if isinstance(text, dict):
        text = text.get(params.get("cause")) or next(
            (t for t in text.values() if _fields(t) <= set(params) | set(_derived(code, params))),
            next(iter(text.values())))
    if text is None:
        return str(code)
    shown = {key: _param(key, value) for key, value in params.items()}
    shown.update(_derived(code, params))
    return _(text).format(**shown)


def of(value) -> str:
    """Why an :class:`~iso4213_nb.core.undefined.Undefined` has no value, in words (clause 6)."""
    if value.code is None:
        return value._text
    return words(value.code, value.params)
