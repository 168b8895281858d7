"""Intervals of the measures of class scores (7.8): top-k accuracy, Brier score and log loss, paired across models.

Each of these measures (Annex C's top-k accuracy; beyond TS 4213, Brier 1950 and the log loss) is the mean
over the test samples of a per-sample value (definitions and tie rule of
:mod:`iso4213_nb.measures.multiclass_scores`).  The bootstrap resamples the samples within each true class
(stratified, as every bootstrap of the report) and recomputes the means; the bounds are percentile or BCa
(``settings.bootstrap``).  A mean depends on the samples only
through how many of them carry each distinct row of values, so a resample is
drawn as multinomial counts of those rows
(:func:`iso4213_nb.stats.bootstrap.counts_bootstrap_cis`), and every model's
values sit in the same row: one draw serves all models, so they are measured
on the same resampled test sets (paired across models).

Two draws, both seeded by ``settings.seed``:

* top-k: a row is (true class, rank of the true class under each model, capped
  at the largest k); there are at most n such rows and usually a few dozen, so
  this draw always runs;
* Brier score and log loss: a row is (true class, both values under each
  model); with continuous probabilities nearly every sample is its own row, so
  this draw obeys the budget of the score bootstraps
  (:meth:`~iso4213_nb.stats.measure_intervals.IntervalSettings.over_budget`): beyond
  it the intervals are Undefined with code ``"bootstrap_budget"``.

A model whose scores are not probabilities has an undefined Brier score and
log loss; their intervals carry the measure's own reason code
(``not_probabilities``, ``rows_not_normalised``).  Sample weights are refused:
this bootstrap draws unweighted samples.  Results are data and codes, no words.
"""

from __future__ import annotations

import numpy as np

from .measure_intervals import IntervalSettings
from ..measures.multiclass_scores import checked_inputs, true_class_ranks, brier_score, brier_terms, log_loss, log_loss_terms
from .bootstrap import counts_bootstrap_cis
from .results import ConfidenceInterval
from ..core.probability_rows import probability_problems
from ..core.undefined import is_undefined
from ..core.weights import refuse

#: Measures of probabilities bootstrapped together, in the order of their columns (and of a Poisson state's sums).
PROBABILITY_MEASURES = ("brier", "log_loss")


def per_sample_values(codes: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """Brier and log-loss terms of each sample (n × 2) (beyond TS 4213; :mod:`iso4213_nb.measures.multiclass_scores`).

    ``codes``: the column of each true class; ``matrix``: n × k probabilities (trusted).
    Their means are :func:`~iso4213_nb.measures.multiclass_scores.brier_score` and
    :func:`~iso4213_nb.measures.multiclass_scores.log_loss`.
    """
    return np.column_stack([brier_terms(codes, matrix), log_loss_terms(codes, matrix)])


def _cells(codes: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The distinct rows of (true class, values), in ascending order column by column: their counts, their class
    and their values.

    Each column's values become their ranks among its distinct values (one sort of numbers per column), and the
    ranks one whole number per row in mixed radix, whose order is that of the rows: the distinct rows and counts
    of ``np.unique(table, axis=0)`` without its sort of rows as records (about 15 times slower at 1 M rows).
    """
    table = np.column_stack([codes, values])
    key, span = np.zeros(len(table), dtype=np.int64), 1
    for column in table.T:
        distinct, rank = np.unique(column, return_inverse=True)
        span *= len(distinct)
        if span >= 2 ** 62:  # too many combinations for one whole number: sort the rows as records
            distinct_rows, counts = np.unique(table, axis=0, return_counts=True)
            return counts, distinct_rows[:, 0].astype(np.int64), distinct_rows[:, 1:]
        key = key * len(distinct) + rank.ravel()
    _, first, counts = np.unique(key, return_index=True, return_counts=True)
    return counts, table[first, 0].astype(np.int64), table[first, 1:]


def mean_intervals(cells: tuple, names: list[str], settings: IntervalSettings) -> list[ConfidenceInterval]:
    """Stratified bootstrap intervals of the column means of the values of ``cells`` (:func:`_cells`), one draw for all (beyond TS 4213: bootstrap intervals)."""
    counts, strata, cell_values = cells

    def means(block: np.ndarray) -> np.ndarray:
        return block @ cell_values / block.sum(axis=1, keepdims=True)

    return counts_bootstrap_cis(means, counts, names, strata=strata, **settings.bootstrap_options())


def _without_interval(estimate, reason, settings: IntervalSettings) -> ConfidenceInterval:
    return ConfidenceInterval(reason, reason, settings.confidence_level, settings.bootstrap, estimate=estimate,
                              of="statistic")


def class_score_intervals(y_true, score_matrices: dict, labels, settings: IntervalSettings = IntervalSettings(), *,
                          top_k=(1, 2, 3, 4, 5), probabilities: bool = True,
                          sample_weight=None) -> dict[str, dict]:
    """Bootstrap intervals of top-k accuracy, Brier score and log loss of every model, paired (7.8; Annex C).

    Parameters
    ----------
    y_true : n true labels; score_matrices : ``{model: n × k scores}``, columns in ``labels`` order;
    labels : the k class labels.
    top_k : the k of the top-k accuracies (may be empty, e.g. for a binary model).
    probabilities : False leaves out the Brier score and log loss.
    settings : method, level, resamples, seed and budget (:class:`~iso4213_nb.stats.measure_intervals.IntervalSettings`).

    Returns
    -------
    ``{model: {"top_k_accuracy": {k: ConfidenceInterval}, "brier": ..., "log_loss": ...}}``;
    each interval's details hold ``n_resamples``, ``seed`` and ``n_undefined`` (module docstring).
    ``sample_weight`` is refused (an :class:`~iso4213_nb.core.errors.InputError`).
    """
    refuse(sample_weight, "the bootstrap of top-k accuracy, Brier score and log loss", "it draws unweighted samples")
    ks = tuple(int(k) for k in top_k)
    checked = {name: checked_inputs(y_true, matrix, labels, None) for name, matrix in score_matrices.items()}
    if not checked:
        return {}
    codes = next(iter(checked.values()))[0]
    out: dict[str, dict] = {name: {} for name in checked}
    if ks:
        cap = max(ks)
        ranks = np.column_stack([np.minimum(true_class_ranks(codes, matrix), cap) for _, matrix, _, _ in checked.values()])
        hits = np.concatenate([ranks[:, [j]] < np.array(ks) for j in range(len(checked))], axis=1).astype(float)
        found = iter(mean_intervals(_cells(codes, hits), [f"{name}: top-{k}" for name in checked for k in ks],
                                     settings))
        for name in checked:
            out[name]["top_k_accuracy"] = {k: next(found) for k in ks}
    if probabilities:
        _probability_intervals(y_true, checked, labels, settings, out)
    return out


def _probability_intervals(y_true, checked: dict, labels, settings: IntervalSettings, out: dict) -> None:
    """Add the Brier score and log loss intervals of every model to ``out`` (one paired draw, within the budget)."""
    estimates = {name: {"brier": brier_score(y_true, matrix, labels), "log_loss": log_loss(y_true, matrix, labels)}
                 for name, (_, matrix, _, _) in checked.items()}
    usable = [name for name in checked if not is_undefined(estimates[name]["brier"])]
    for name in checked:
        if name not in usable:  # not probabilities: the measure's own reason
            out[name].update({m: _without_interval(v, v, settings) for m, v in estimates[name].items()})
    if not usable:
        return
    codes = checked[usable[0]][0]
    values = np.column_stack([per_sample_values(codes, checked[name][1]) for name in usable])
    cells = _cells(codes, values)
    reason = settings.over_budget(len(cells[0]))
    if reason is not None:
        for name in usable:
            out[name].update({m: _without_interval(v, reason, settings) for m, v in estimates[name].items()})
        return
    found = iter(mean_intervals(cells, [f"{name}: {m}" for name in usable for m in PROBABILITY_MEASURES], settings))
    for name in usable:
        out[name].update({m: next(found) for m in PROBABILITY_MEASURES})


def model_matrices(y_true, models: dict, labels, positive=None) -> tuple[dict, list]:
    """The score matrices this module bootstraps, and their labels, from a file's models (7.8; Annex C top-k).

    ``models``: name -> (n × k class scores, or None) for a multi-class task; for a binary task
    (``positive`` given) name -> the positive class's scores, kept only where every score lies in
    [0, 1] (a probability, whose Brier score and log loss the report gives), as the two columns
    (1 − p, p) under the labels (negative, positive).
    """
    if positive is None:
        return {name: m for name, m in models.items() if m is not None}, list(labels)
    negative = next(label for label in labels if str(label) != str(positive))
    kept = {name: np.column_stack([1 - s, s]) for name, s in models.items()
            if s is not None and not probability_problems(s)}
    return kept, [negative, positive]
