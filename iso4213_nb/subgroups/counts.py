"""Measures per subgroup from merged counts: the parts of :mod:`iso4213_nb.subgroups.rows` that counts determine (5.3.2).

When the predictions are read in chunks, on Dask or from state files, each
subgroup value keeps only its confusion counts
(:class:`~iso4213_nb.scale.accumulators.GroupedCounts`, sums of sample weights with
a weight column).  From them :func:`subgroups_from_counts` gives, exactly as
:func:`~iso4213_nb.subgroups.rows.subgroup_analysis` gives on all the rows:

* every headline measure per group (accuracy, recall, specificity,
  precision, F1, balanced accuracy; accuracy and macro recall for a
  multi-class task) and the group sizes;
* Wilson's interval for the proportions (7.8; Undefined with
  ``fractional_weights`` for fractional weights, as in memory);
* the heterogeneity tests (7.5, 7.7, 7.10.2): chi-squared across groups and
  the Holm-adjusted pairwise tests, and the permutation tests of the largest
  gaps (:mod:`.permutation`), which need only the counts;
* the largest gap between groups (an estimate, as in memory) and the
  ``small_group`` / ``small_cell`` warnings;
* each group's AUROC, when its exact score counts are given.

What needs the rows is Undefined with the reason code ``needs_rows``: the
bootstrap intervals (F1, balanced accuracy, macro recall) resample rows
within each group and class, and DeLong's interval of a group's AUROC needs
each row's placement value.  A group whose every resample would give the
same value (:func:`~iso4213_nb.subgroups.rows.constant_under_resampling`, read
from its counts) gets ``degenerate_bootstrap`` instead, as in memory: the rows
would give it no interval either.
"""

from __future__ import annotations

import numpy as np

from ..stats.bootstrap import check_resamples
from ..stats.results import check_level, undefined
from ..core.errors import InputError
from .rows import (
    PROPORTION_MEASURES,
    BINARY_MEASURES,
    MULTICLASS_MEASURES,
    PERMUTED,
    RESERVED,
    SubgroupAnalysis,
    group_estimate,
    heterogeneity_test,
    group_interval,
    small_group_warnings,
    group_wilson_interval,
    binary_measures,
    constant_under_resampling,
    largest_gap,
    multiclass_measures,
)
from .permutation import gap_permutation_tests

#: Why a value computed from rows is not given from counts.
NEEDS_ROWS = "needs_rows"


class _Counts:
    """What the count-based helpers of :mod:`iso4213_nb.subgroups.rows` read: group values, task, sizes, weights."""

    def __init__(self, values: list, binary: bool, whole: bool, sizes: list, labels: list):
        self.values, self.binary, self.whole, self.sizes, self.labels = values, binary, whole, sizes, labels

    def size(self, g: int) -> int:
        return self.sizes[g]


def _table(part, labels: list) -> np.ndarray:
    """The part's (true × predicted) counts placed on every label of the task."""
    where = {label: i for i, label in enumerate(labels)}
    unknown = [label for label in part.labels if label not in where]
    if unknown:
        raise InputError("subgroup_counts.unknown_label", label=repr(unknown[0]))
    index = np.array([where[label] for label in part.labels], dtype=np.int64)
    table = np.zeros((len(labels), len(labels)), dtype=np.float64)
    if len(index):
        table[np.ix_(index, index)] = part.counts
    return table


def _point_counts(table: np.ndarray, labels: list, positive) -> dict:
    """One group's counts in the form of :mod:`iso4213_nb.subgroups.rows` (each array with a leading axis of 1)."""
    if positive is not None:
        p = labels.index(positive)
        tp = table[p, p]
        fn, fp = table[p].sum() - tp, table[:, p].sum() - tp
        return {"tp": np.array([tp]), "fp": np.array([fp]), "tn": np.array([table.sum() - tp - fn - fp]),
                "fn": np.array([fn])}
    return {"correct": np.array([np.trace(table)]), "total": np.array([table.sum()]),
            "tp": np.diag(table)[None, :], "members": table.sum(axis=1)[None, :]}


def subgroups_from_counts(parts: dict, *, labels, positive=None, scores: bool = False, aurocs: dict | None = None,
                          confidence_level: float = 0.95, n_permutations: int = 1000, seed: int = 0
                          ) -> SubgroupAnalysis:
    """The count-based part of :func:`~iso4213_nb.subgroups.rows.subgroup_analysis` from each group's counts (5.3.2; 6.2–6.4, 7.5, 7.8, 7.10).

    Parameters
    ----------
    parts : group value → :class:`~iso4213_nb.scale.accumulators.ConfusionCounts` (typed labels,
        ``rows`` and ``fractional`` as merged).
    labels : every class; positive : the positive class of a binary task, None for multi-class.
    scores : the model has scores, so the in-memory analysis would add ``"auroc"``.
    aurocs : group value → the group's AUROC from its exact score counts
        (:func:`iso4213_nb.scale.streaming.group_auroc`; NaN when undefined); without it the
        AUROC is ``needs_rows``.  Its interval needs the rows either way.
    confidence_level : of the intervals and the tests' α = 1 − level.
    n_permutations, seed : the permutation tests of the largest gaps (F1, balanced accuracy, macro recall),
        the same draws as :func:`~iso4213_nb.subgroups.rows.subgroup_analysis` with ``n_bootstrap`` and ``seed``.
    """
    level = check_level(confidence_level)
    n_permutations = check_resamples(n_permutations, "n_permutations")
    labels = list(labels)
    values = list(parts)
    clash = [str(v) for v in values if str(v) in RESERVED]
    if clash:
        raise InputError("subgroups.reserved_name", name=repr(clash[0]))
    data = _Counts(values, positive is not None, not any(p.fractional for p in parts.values()),
                   [int(p.rows) for p in parts.values()], labels)
    measures = (BINARY_MEASURES if data.binary else MULTICLASS_MEASURES) + (("auroc",) if scores else ())
    point_counts = [_point_counts(_table(parts[v], labels), labels, positive) for v in values]
    measure = binary_measures if data.binary else multiclass_measures
    point = []
    for value, counts in zip(values, point_counts):
        computed = measure(counts)
        if aurocs is not None:
            computed["auroc"] = np.array([aurocs[value]])
        point.append({m: group_estimate(float(computed[m][0]), m) if m in computed else undefined(NEEDS_ROWS)
                      for m in measures})
    results = {}
    for g, value in enumerate(values):
        results[value] = {}
        for m in measures:
            estimate = point[g][m]
            if m in PROPORTION_MEASURES:
                results[value][m] = group_wilson_interval(data, point_counts[g], m, estimate, level)
            elif m == "auroc" and data.binary:
                results[value][m] = group_interval(estimate, level, "delong", m, reason=undefined(NEEDS_ROWS))
            else:
                constant = isinstance(estimate, float) and constant_under_resampling(point_counts[g], m)
                reason = undefined("degenerate_bootstrap", value=estimate) if constant else undefined(NEEDS_ROWS)
                results[value][m] = group_interval(estimate, level, "percentile", m, reason=reason)
    tests = {m: heterogeneity_test(data, point_counts, m, level) for m in measures if m in PROPORTION_MEASURES}
    gaps = {m: largest_gap(values, point, m) for m in measures}
    permuted = gap_permutation_tests(point_counts, data.binary, measure,
                                     {m: gaps[m].estimate for m in PERMUTED if m in measures},
                                     all(p.counts.dtype.kind in "iu" for p in parts.values()),  # no weight column
                                     n_permutations, seed)
    gaps = {m: gap.with_test(tests[m]) if m in tests else gap.with_test(permuted[m]) if m in permuted else gap
            for m, gap in gaps.items()}
    return SubgroupAnalysis(values, "binary" if data.binary else "multiclass", measures,
                            dict(zip(values, data.sizes)), results, gaps, tests, small_group_warnings(data, point_counts))

