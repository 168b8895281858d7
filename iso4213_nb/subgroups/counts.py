"""Measures per subgroup from per-group counts: the one subgroup core, in memory and streamed (5.3.2).

:func:`analysis_of_counts` turns each group's counts into a :class:`SubgroupAnalysis` by the rules of
:mod:`iso4213_nb.subgroups.rows`' docstring; :func:`~iso4213_nb.subgroups.rows.subgroup_analysis` calls it
with the counts of the rows in memory (and adds what needs the rows), :func:`subgroups_from_counts` with
merged counts (:class:`~iso4213_nb.scale.accumulators.GroupedCounts` of chunks, Dask or state files, and
with scores each group's exact score counts, which give its AUROC).

From merged counts what needs the rows is Undefined with the reason code ``needs_rows``: the bootstrap
intervals, which resample rows within each group and class, and DeLong's interval of a group's AUROC,
which needs each row's placement value.  A group whose every resample would give its own value
(:func:`constant_under_resampling`) gets ``degenerate_bootstrap`` instead, as in memory.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import combinations

import numpy as np

from ..core.errors import InputError
from ..core.undefined import ratio
from ..measures import counts as kernel, stacked
from ..stats.bootstrap import check_resamples
from ..stats.contingency import MIN_EXPECTED, chi_squared, fisher_exact
from ..stats.intervals import proportion_ci
from ..stats.multiplicity import adjust_pvalues
from ..stats.results import (ConfidenceInterval, TestResult, check_level, interval_json, json_value, undefined,
                             undefined_fields)
from .permutation import gap_permutation_tests

#: A group with fewer samples than this gets a ``small_group`` warning (see the module docstring).
MIN_GROUP_SIZE = 30
#: Above this many groups the pairwise comparisons are skipped (20 groups are already 190 pairs per measure, and
#: Holm's adjustment over so many leaves little power); the test across all groups still runs.
MAX_PAIRWISE_GROUPS = 20
#: Keys of :meth:`SubgroupAnalysis.to_dict` that a group value may not take.
RESERVED = ("largest_gap", "heterogeneity", "warnings")
BINARY_MEASURES = ("accuracy", "recall", "specificity", "precision", "f1", "balanced_accuracy")
MULTICLASS_MEASURES = ("accuracy", "macro_recall")
#: Details of a permutation test that :meth:`LargestGap.to_dict` writes.
PERMUTATION_DETAILS = ("n_permutations", "seed", "null", "n_undefined")
#: Measures whose largest gap gets the permutation test of :mod:`.permutation` (their own test across groups).
PERMUTED = ("f1", "balanced_accuracy", "macro_recall")
#: Measures that are proportions of counts: Wilson intervals and chi-squared heterogeneity tests.
PROPORTION_MEASURES = ("accuracy", "recall", "specificity", "precision")
#: The kernel of each binary measure (:mod:`iso4213_nb.measures.counts`), applied to arrays of group counts.
_BINARY_KERNEL = {"accuracy": kernel.binary_accuracy, "recall": kernel.recall, "specificity": kernel.specificity,
                  "precision": kernel.precision, "f1": kernel.f1, "balanced_accuracy": kernel.balanced_accuracy}
#: Why a measure of a group is undefined.
_UNDEFINED = {"accuracy": "no_samples", "recall": "no_positives", "specificity": "no_negatives",
              "precision": "no_predicted_positives", "f1": "no_positives_and_no_predicted_positives",
              "balanced_accuracy": "no_positives_or_no_negatives", "macro_recall": "no_samples",
              "auroc": "one_class"}


def binary_measures(counts: dict) -> dict:
    """The binary headline measures from weighted counts ``tp``, ``fp``, ``tn``, ``fn`` (arrays of any one shape).

    Accuracy (6.3.3), recall, specificity, precision (6.3.4), F1 (6.2.5) and balanced accuracy: the kernels
    of :mod:`iso4213_nb.measures.counts` (:data:`_BINARY_KERNEL`), NaN where a denominator is 0.
    """
    c = {key: np.asarray(counts[key], dtype=float) for key in kernel.FIELDS}
    return {name: measure(c) for name, measure in _BINARY_KERNEL.items()}


def multiclass_measures(counts: dict) -> dict:
    """Accuracy (6.4.2) and macro recall (6.4.3) from weighted counts ``correct``, ``total``, ``tp`` and ``members``.

    ``tp`` and ``members`` have the classes on their last axis; macro recall is
    the mean of tp/members over the classes with members (NaN when none has), as
    :func:`iso4213_nb.measures.stacked.balanced_accuracy` takes it.
    """
    macro = stacked.mean_of_defined(ratio(np.asarray(counts["tp"]), counts["members"], code="no_positives"))
    return {"accuracy": ratio(np.asarray(counts["correct"]), counts["total"], code="no_samples"), "macro_recall": macro}


@dataclass(frozen=True, eq=False)
class SubgroupAnalysis:
    """Measures per value of one group attribute, their largest gaps and heterogeneity tests (5.3.2; data, no words).

    Attributes
    ----------
    values, task, measures : the group values (sorted) as given; ``"binary"`` or ``"multiclass"``; the measures.
    n : dict value → number of samples.
    results : dict value → dict measure → ConfidenceInterval (``estimate``
        may be Undefined; ``method`` ``"wilson"``, ``"delong"`` or ``"percentile"``).
    largest_gap : dict measure → :class:`LargestGap` (an estimate and the two groups; no interval).
    heterogeneity : dict measure → TestResult (chi-squared across groups, details
        ``values`` = the groups tested, ``pairwise`` = list of pair dicts).
    warnings : list of dicts with ``code`` (``"small_group"`` or ``"small_cell"``), ``value``, ``n`` and the numbers.
    """

    values: list
    task: str
    measures: tuple
    n: dict
    results: dict = field(repr=False)
    largest_gap: dict = field(repr=False)
    heterogeneity: dict = field(repr=False)
    warnings: list = field(repr=False)

    def to_dict(self) -> dict:
        """The report.json form (5.3.2; clause 8): per group value (as text) its n and intervals
        (:func:`~iso4213_nb.stats.results.interval_json`), then ``largest_gap``, ``heterogeneity`` and ``warnings``."""
        out = {}
        for value in self.values:
            out[str(value)] = {"n": self.n[value],
                               **{m: interval_json(ci) for m, ci in self.results[value].items()}}
        out["largest_gap"] = {m: ci.to_dict() for m, ci in self.largest_gap.items()}
        out["heterogeneity"] = {m: test.to_dict() for m, test in self.heterogeneity.items()}
        out["warnings"] = [json_value({**w, "value": str(w["value"])}) for w in self.warnings]
        return out


@dataclass(frozen=True, eq=False)
class LargestGap:
    """Highest minus lowest value of one measure over the groups where it is defined (5.3.2): an estimate, no interval.

    The module docstring says why there is no interval; whether the groups
    differ is asked by a test whose null hypothesis is "no difference": the
    chi-squared test across groups for a proportion (its pairs in
    :attr:`SubgroupAnalysis.heterogeneity`), the permutation test of the gap
    (:mod:`.permutation`) for F1, balanced accuracy and macro recall.

    Attributes
    ----------
    of : the measure.
    estimate : float, or Undefined (``fewer_than_two_groups``).
    between : [highest group, lowest group] as text; [] when undefined.
    test : ``"chi_squared"``, ``"permutation"``, or None (AUROC: no test is given).
    pvalue : the test's p-value (float or Undefined with its reason), None without a test.
    details : the test's details (``n_permutations``, ``seed`` … for the permutation test).
    """

    of: str
    estimate: object
    between: list
    test: str | None = None
    pvalue: object = None
    details: dict = field(default_factory=dict, repr=False)

    def with_test(self, result: TestResult) -> "LargestGap":
        """This gap with the p-value and details of ``result`` (chi-squared across groups or permutation; 7.5)."""
        details = {k: v for k, v in result.details.items() if k not in ("pairwise", "values", "expected")}
        return replace(self, test=result.test if result.test == "permutation" else "chi_squared",
                       pvalue=result.pvalue, details=details)

    def to_dict(self) -> dict:
        """The report.json form (5.3.2; clause 8): ``of``, ``estimate``, ``between``, ``test``, ``pvalue``, the test's details, ``undefined``, ``reasons``."""
        fields = [("of", self.of), ("estimate", self.estimate), ("between", self.between), ("test", self.test),
                  ("pvalue", self.pvalue)]
        if self.test == "permutation":  # the same keys from merged counts, null there (needs_rows)
            fields += [(key, self.details.get(key)) for key in PERMUTATION_DETAILS]
        out = {key: json_value(value) for key, value in fields}
        out["undefined"], out["reasons"] = undefined_fields(fields)
        return out


def largest_gap(values: list, point: list, measure: str) -> LargestGap:
    """The :class:`LargestGap` of ``measure`` (no test yet) from each group's estimate (float or Undefined) (5.3.2)."""
    defined = [g for g, estimates in enumerate(point) if isinstance(estimates[measure], float)]
    if len(defined) < 2:
        return LargestGap(measure, undefined("fewer_than_two_groups", groups=len(defined)), [])
    estimates = np.array([point[g][measure] for g in defined])
    high, low = defined[int(np.argmax(estimates))], defined[int(np.argmin(estimates))]
    return LargestGap(measure, float(estimates.max() - estimates.min()), [str(values[high]), str(values[low])])


def constant_under_resampling(counts: dict, measure: str) -> bool:
    """Whether every resample within true classes gives one group's ``measure`` its own value (7.8; module docstring).

    ``counts`` are the group's counts in this module's form (binary ``tp``,
    ``fp``, ``tn``, ``fn``; multi-class ``tp`` and ``members`` per class, each
    with a leading axis of 1).  Resampling keeps each class's size, so the
    counts, and every measure of them, stay put when each class's rows agree:
    binary, the positives all predicted alike (TP = 0 or FN = 0) and the
    negatives all alike (FP = 0 or TN = 0); F1 = 2TP/(TP + P + FP) needs only
    the first when TP = 0 (it is then 0 on every resample).  Multi-class macro
    recall: each class's members all right or all wrong.  Other measures
    (AUROC) return False: their resamples are looked at instead.
    """
    if measure == "macro_recall":
        tp, members = counts["tp"][0], counts["members"][0]
        return bool(np.all((tp == 0) | (tp == members)))
    if measure not in ("f1", "balanced_accuracy"):
        return False
    tp, fp, tn, fn = (float(counts[key][0]) for key in kernel.FIELDS)
    positives_alike, negatives_alike = tp == 0 or fn == 0, fp == 0 or tn == 0
    if measure == "f1":
        return positives_alike and (negatives_alike or tp == 0)
    return positives_alike and negatives_alike


def group_interval(estimate, level, method, measure, **details) -> ConfidenceInterval:
    """An interval whose bounds are Undefined for the same reason as ``estimate``, or as ``details['reason']`` (5.3.2,
    7.8)."""
    reason = details.pop("reason", None)
    if reason is None:
        reason = estimate
    return ConfidenceInterval(reason, reason, level, method, estimate=estimate, of=measure, details=details)


def group_estimate(value: float, measure: str):
    """A group's value of ``measure``, or undefined with the measure's reason when it is nan (5.3.2)."""
    if not np.isnan(value):
        return float(value)
    return undefined(_UNDEFINED[measure], **({"cause": "group"} if measure == "auroc" else {}))


def _numerator_denominator(counts: dict, measure: str, binary: bool) -> tuple[float, float]:
    """Weighted numerator and denominator of a proportion measure from one group's counts."""
    if not binary:
        return float(counts["correct"][0]), float(counts["total"][0])
    tp, fp, tn, fn = (float(counts[key][0]) for key in kernel.FIELDS)
    return {"accuracy": (tp + tn, tp + fp + tn + fn), "recall": (tp, tp + fn), "specificity": (tn, tn + fp),
            "precision": (tp, tp + fp)}[measure]


def group_wilson_interval(data: Groups, counts: dict, measure: str, estimate, level: float) -> ConfidenceInterval:
    """Wilson's interval of a group's proportion ``measure`` (5.3.2, 7.8); undefined with the estimate, or for
    fractional weights."""
    if not isinstance(estimate, float):
        return group_interval(estimate, level, "wilson", measure)
    if not data.whole:
        return group_interval(estimate, level, "wilson", measure, reason=undefined("fractional_weights"))
    x, d = _numerator_denominator(counts, measure, data.binary)
    return replace(proportion_ci(round(x), round(d), "wilson", level), of=measure)


def _pair_test(table: np.ndarray) -> TestResult:
    """Chi-squared on a 2×2 table of two groups, or Fisher's exact test when an expected count is below 5 (7.5, 7.7)."""
    if (table.sum(axis=0) == 0).any():
        return fisher_exact(table)
    result = chi_squared(table)
    return fisher_exact(table) if result.details["use_fisher"] else result


def heterogeneity_test(data: Groups, point_counts: list, measure: str, level: float) -> TestResult:
    """Chi-squared across the groups with a denominator, plus Holm-adjusted pairwise tests (7.5, 7.10.2)."""
    rows, used = [], []
    for g, counts in enumerate(point_counts):
        x, d = _numerator_denominator(counts, measure, data.binary)
        if d > 0:
            rows.append([x, d - x])
            used.append(str(data.values[g]))
    table = np.array(rows)
    reason = None
    if len(rows) < 2:
        reason = undefined("fewer_than_two_groups", groups=len(rows))
    elif not data.whole:
        reason = undefined("fractional_weights")
    elif (table.sum(axis=0) == 0).any():
        reason = undefined("same_proportion_everywhere", proportion=float(table[0, 0] > 0))
    if reason is not None:
        return TestResult("chi_squared", reason, reason, details={"values": used, "pairwise": []})
    table = np.rint(table).astype(np.int64)
    overall = chi_squared(table)
    if len(rows) > MAX_PAIRWISE_GROUPS:
        return replace(overall, details={**overall.details, "values": used, "pairwise": [],
                                         "pairwise_skipped": undefined("too_many_groups", groups=len(rows),
                                                                       maximum=MAX_PAIRWISE_GROUPS)})
    pairs = list(combinations(range(len(rows)), 2))
    tests = [_pair_test(table[[a, b]]) for a, b in pairs]
    adjusted = adjust_pvalues([t.pvalue for t in tests], "holm", alpha=1 - level)
    pairwise = [{"values": [used[a], used[b]], "test": t.test, "pvalue": t.pvalue,
                 "adjusted_pvalue": float(adj), "rejected": bool(rej)}
                for (a, b), t, adj, rej in zip(pairs, tests, adjusted.adjusted, adjusted.rejected)]
    return replace(overall, details={**overall.details, "values": used, "pairwise": pairwise,
                                     "adjustment": "holm", "alpha": 1 - level})


def small_group_warnings(data: Groups, point_counts: list) -> list:
    """Warnings for groups smaller than :data:`MIN_GROUP_SIZE` and for cells below :data:`MIN_EXPECTED` (5.3.2)."""
    out = []
    for g, counts in enumerate(point_counts):
        value, n = data.values[g], data.size(g)
        if n < MIN_GROUP_SIZE:
            out.append({"code": "small_group", "value": value, "n": n, "minimum": MIN_GROUP_SIZE})
        if data.binary:
            cells = {name: float(counts[name][0]) for name in kernel.FIELDS}
        else:
            cells = {f"members_{label}": float(c) for label, c in zip(data.labels, counts["members"][0]) if c > 0}
        small = {name: c for name, c in cells.items() if c < MIN_EXPECTED}
        if small:
            out.append({"code": "small_cell", "value": value, "n": n, "cells": small, "minimum": MIN_EXPECTED})
    return out


#: Why a value computed from rows is not given from counts.
NEEDS_ROWS = "needs_rows"


class Groups:
    """The groups as the count-based core reads them (5.3.2): values, task, whole weights, sizes, labels."""

    def __init__(self, values: list, binary: bool, whole: bool, sizes: list, labels: list):
        self.values, self.binary, self.whole, self.sizes, self.labels = values, binary, whole, sizes, labels

    def size(self, g: int) -> int:
        """Rows of group ``g`` (whatever their weights) (5.3.2)."""
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
    data = Groups(values, positive is not None, not any(p.fractional for p in parts.values()),
                  [int(p.rows) for p in parts.values()], labels)
    point_counts = [_point_counts(_table(parts[v], labels), labels, positive) for v in values]
    point_aurocs = None if aurocs is None else [np.array([aurocs[value]]) for value in values]

    def from_counts(g: int, measure: str, estimate) -> ConfidenceInterval:
        if measure == "auroc" and data.binary:
            return group_interval(estimate, level, "delong", measure, reason=undefined(NEEDS_ROWS))
        constant = isinstance(estimate, float) and constant_under_resampling(point_counts[g], measure)
        reason = undefined("degenerate_bootstrap", value=estimate) if constant else undefined(NEEDS_ROWS)
        return group_interval(estimate, level, "percentile", measure, reason=reason)

    return analysis_of_counts(data, point_counts, scores, level, from_counts, aurocs=point_aurocs,
                              n_permutations=n_permutations, seed=seed,
                              unweighted=all(p.counts.dtype.kind in "iu" for p in parts.values()))


def analysis_of_counts(data: Groups, point_counts: list, scores: bool, level: float, interval, *,
                       aurocs: list | None = None, n_permutations: int, seed: int, unweighted: bool
                       ) -> SubgroupAnalysis:
    """The :class:`SubgroupAnalysis` of each group's counts: the one subgroup core (5.3.2; 6.2–6.4, 7.5, 7.8, 7.10).

    Parameters
    ----------
    data : the groups (:class:`Groups`, or anything with its attributes).
    point_counts : each group's counts: binary ``tp``, ``fp``, ``tn``, ``fn``; multi-class ``correct``, ``total``,
        ``tp`` and ``members`` per class; each array with a leading axis of 1 (sums of weights).
    scores : the model has scores, so ``"auroc"`` is among the measures.
    level : the confidence level of the intervals and the tests' α = 1 − level.
    interval : ``(g, measure, estimate) -> ConfidenceInterval`` for the measures that are not proportions
        (bootstrap or DeLong from rows; ``needs_rows`` or ``degenerate_bootstrap`` from merged counts).
    aurocs : each group's AUROC as a 1-element array (NaN when undefined), or None: ``needs_rows``.
    n_permutations, seed, unweighted : the permutation tests of the largest gaps (:mod:`.permutation`);
        ``unweighted``: every row counts once.
    """
    measures = (BINARY_MEASURES if data.binary else MULTICLASS_MEASURES) + (("auroc",) if scores else ())
    measure = binary_measures if data.binary else multiclass_measures
    point = []
    for g, counts in enumerate(point_counts):
        computed = measure(counts)
        if aurocs is not None:
            computed["auroc"] = aurocs[g]
        point.append({m: group_estimate(float(computed[m][0]), m) if m in computed else undefined(NEEDS_ROWS)
                      for m in measures})
    results = {value: {m: group_wilson_interval(data, point_counts[g], m, point[g][m], level)
                       if m in PROPORTION_MEASURES else interval(g, m, point[g][m]) for m in measures}
               for g, value in enumerate(data.values)}
    tests = {m: heterogeneity_test(data, point_counts, m, level) for m in measures if m in PROPORTION_MEASURES}
    gaps = {m: largest_gap(data.values, point, m) for m in measures}
    permuted = gap_permutation_tests(point_counts, data.binary, measure,
                                     {m: gaps[m].estimate for m in PERMUTED if m in measures},
                                     unweighted, n_permutations, seed)
    gaps = {m: gap.with_test(tests[m]) if m in tests else gap.with_test(permuted[m]) if m in permuted else gap
            for m, gap in gaps.items()}
    return SubgroupAnalysis(data.values, "binary" if data.binary else "multiclass", measures,
                            {value: data.size(g) for g, value in enumerate(data.values)}, results, gaps, tests,
                            small_group_warnings(data, point_counts))
