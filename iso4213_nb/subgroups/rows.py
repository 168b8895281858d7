"""Measures per subgroup, the largest gap between subgroups and a test of heterogeneity (5.3.2 bias; data and codes).

Clause 5.3.2 asks whether the data and the model treat groups of the
population alike.  For one group attribute (sex, site, scanner, age band …)
:func:`subgroup_analysis` computes, per value of the attribute:

* the headline measures of clause 6 with n: for a binary task (``positive``
  given) accuracy (6.2.3, 6.3.3), recall, specificity and precision (6.2.4,
  6.3.4), F1 (6.2.5, 6.3.4) and balanced accuracy (the mean of recall and
  specificity, scikit-learn's ``balanced_accuracy_score``); for a multi-class
  task accuracy (6.4.2) and macro recall (6.4.3; the mean over the classes
  present in the group: a class with no member in the group has no recall,
  undefined rather than 0, and is left out); with scores, AUROC (6.3.6; for
  multi-class the macro one-vs-rest AUROC over the classes with members and
  non-members in the group, scikit-learn's ``multi_class="ovr"``);
* an interval for each (7.8): Wilson's score interval for the proportions
  (accuracy, recall, specificity, precision), DeLong's for a binary AUROC
  (needs two positives and two negatives), and the percentile bootstrap for
  F1, balanced accuracy, macro recall and multi-class AUROC, which are not
  simple proportions.  A measure with a zero denominator is Undefined with a
  reason code, and so is its interval;
* the **largest gap** between the groups (highest − lowest value among the
  groups where the measure is defined), an estimate with no interval: a
  percentile bootstrap of a maximum minus a minimum sits above 0 even when the
  groups do not differ at all, so its interval excluded 0 almost always under
  no difference (tests/test_subgroups.py measures this).  Whether the groups
  differ is a test's question (below, and :mod:`.permutation`);
* a **heterogeneity test** for each proportion measure (7.5): Pearson's
  chi-squared on the groups × (numerator, denominator − numerator) table,
  and every pair of groups compared by chi-squared (Fisher's exact test, 7.7,
  when an expected count is below 5), the pairwise p-values adjusted by
  Holm's step-down method (7.10.2) at α = 1 − confidence level (pairs are
  compared for up to :data:`MAX_PAIRWISE_GROUPS` groups);
* **warnings** (codes) for groups too small for their intervals to mean much,
  by a two-part rule: ``small_group`` when a group has fewer than
  :data:`MIN_GROUP_SIZE` (30) samples, because the 95 % Wilson interval of a
  proportion near 1/2 is then wider than ±0.17, more than most gaps worth
  finding; ``small_cell`` when a cell of the group's confusion counts (TP, FP,
  TN, FN; per class the true members for multi-class) holds fewer than
  :data:`~iso4213_nb.stats.contingency.MIN_EXPECTED` (5) samples, so the
  ratios built on that cell rest on a handful of samples.  (The chi-squared
  tests' own rule is on *expected* counts, :func:`~iso4213_nb.stats.contingency.chi_squared`.)

**Too small for an interval**: a group's bootstrap interval is Undefined with
the code ``degenerate_bootstrap`` (params ``value``) when every resample gives
the same value (:func:`~iso4213_nb.subgroups.counts.constant_under_resampling`
decides it from the group's counts), the rule ``metrics`` applies
(:mod:`iso4213_nb.stats.bootstrap`): [v, v] would claim a certainty the data
do not have.  A simulation in
tests/test_subgroups.py shows why this is the rule and not a minimum size:
in groups of 10 from a good model, the former [v, v] intervals brought the
coverage of the 95 % F1 interval down to about 0.4, while the intervals left
cover the true F1 at least as often as nominal; groups of 30 still give
[v, v] in about a fifth of draws.  Wilson's interval is given at every size;
DeLong's needs two positives and two negatives.

Weights are scikit-learn's ``sample_weight`` (a row of weight w counts as w
rows).  With whole-number weights the weighted counts are counts of repeated
rows, so Wilson, DeLong and chi-squared apply to them; with fractional
weights those have no count to stand on and are Undefined
(``fractional_weights``), while estimates and bootstrap intervals remain.

Everything the groups' counts determine is computed by
:func:`iso4213_nb.subgroups.counts.analysis_of_counts`; this module adds what
needs the rows (bootstrap and DeLong intervals, the AUROC from scores).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..core.checks import as_finite_array, as_labels, as_scores, as_threshold, listed, plain, same_length
from ..measures import stacked
from ..measures.curves import BinaryScores
from ..core.undefined import ratio
from ..core.errors import InputError
from ..stats.resampling import label_codes, multiplicity_blocks, sample_weights, whole_weights
from ..stats.bootstrap import check_resamples, interval_bounds
from ..stats.intervals import proportion_ci
from ..stats.results import ConfidenceInterval, check_level, undefined
from ..stats.roc import tie_groups, auroc_ci
from .counts import (BINARY_MEASURES, MULTICLASS_MEASURES, RESERVED, SubgroupAnalysis, analysis_of_counts, binary_measures,
                     group_interval, multiclass_measures)

#: The rates :meth:`GroupThresholds.rates_at` gives per group, in the order a table shows them.
GROUP_RATES = ("recall", "precision", "false_positive_rate", "miss_rate")


def auroc_of_weights(positive_sorted: np.ndarray, weights: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """AUROC (6.3.6) of each row of ``weights`` (rows × m), samples sorted by score, tie groups starting at ``starts``.

    With P_g, N_g the weights of positives and negatives in tie group g
    (ascending scores) and C_g = N_1 + … + N_g:
    AUROC = Σ_g P_g (C_g − N_g/2) / (ΣP ΣN), the Mann–Whitney form with ties
    counted half; NaN where a row has no positive or no negative weight.
    """
    pos = np.add.reduceat(weights * positive_sorted, starts, axis=1)
    neg = np.add.reduceat(weights * ~positive_sorted, starts, axis=1)
    wins = np.sum(pos * np.cumsum(neg, axis=1), axis=1) - 0.5 * np.sum(pos * neg, axis=1)
    return ratio(wins, pos.sum(axis=1) * neg.sum(axis=1), code="one_class")


def group_codes(group: np.ndarray, order=None) -> tuple[list, np.ndarray]:
    """The group values and each row's code, its position among them (5.3.2).

    ``order`` None: the values sorted (``np.unique``).  Otherwise ``order`` lists every value of ``group`` exactly
    once, in the order the results show them and the seeded bootstrap and permutation draws take them, so that the
    same groups under other names (a translation) give the same intervals when listed in corresponding order.
    """
    if order is None:
        values, codes = np.unique(group, return_inverse=True)
        return values.tolist(), codes
    values, present = list(as_labels(order, "order").tolist()), np.unique(group).tolist()
    if len(set(values)) != len(values) or set(values) != set(present):
        raise InputError("subgroups.bad_order", name="order", values=listed(present))
    return values, label_codes(group, {value: g for g, value in enumerate(values)})


class _Data:
    """The checked inputs: labels, group codes, weights, counting columns per row and the bootstrap strata."""

    def __init__(self, y_true, y_pred, groups, labels, positive, scores, sample_weight, order=None):
        truth = as_labels(y_true, "y_true")
        pred = as_labels(y_pred, "y_pred")
        group = as_labels(groups, "groups")
        self.n = same_length(y_true=truth, y_pred=pred, groups=group)
        self.labels = list(as_labels(labels, "labels").tolist())
        if len(set(self.labels)) != len(self.labels) or len(self.labels) < 2:
            raise InputError("subgroups.too_few_labels", labels="labels")
        index = {label: j for j, label in enumerate(self.labels)}
        for name, values in (("y_true", truth), ("y_pred", pred)):
            unknown = [v for v in np.unique(values).tolist() if v not in index]
            if unknown:
                raise InputError("subgroups.unknown_label", name=name, label=plain(unknown[0]), labels="labels")
        self.values, self.group = group_codes(group, order)
        keys = [str(v) for v in self.values]
        clash = [k for k in keys if k in RESERVED]
        if clash:
            raise InputError("subgroups.reserved_name", name=repr(clash[0]))
        if len(set(keys)) != len(keys):
            raise InputError("subgroups.same_text")
        self.w = sample_weights(sample_weight, self.n)
        self.whole = whole_weights(self.w)
        self.true_code, pred_code = label_codes(truth, index), label_codes(pred, index)
        k = len(self.labels)
        self.strata = self.group * k + self.true_code
        self.binary = positive is not None
        if self.binary:
            if positive not in index:
                raise InputError("subgroups.unknown_positive", label=plain(positive), labels="labels")
            actual, predicted = self.true_code == index[positive], pred_code == index[positive]
            self.columns = {"tp": actual & predicted, "fp": ~actual & predicted, "tn": ~actual & ~predicted,
                            "fn": actual & ~predicted}
            self.actual = actual
        else:
            onehot = np.zeros((self.n, k), dtype=bool)
            onehot[np.arange(self.n), self.true_code] = True
            correct = self.true_code == pred_code
            self.columns = {"correct": correct, "total": np.ones(self.n, dtype=bool),
                            "tp": onehot & correct[:, None], "members": onehot}
        self.scores = None if scores is None else self._scores(scores, k)

    def _scores(self, scores, k):
        if self.binary:
            s = as_scores(scores, "scores")
            same_length(y_true=self.true_code, scores=s)
            return s[:, None]
        matrix = as_finite_array(scores, "scores", ndim=2, what="scores")
        if matrix.shape != (self.n, k):
            raise InputError("subgroups.score_shape", n=self.n, k=k, rows=matrix.shape[0], columns=matrix.shape[1])
        return matrix

    def members(self, g: int) -> np.ndarray:
        return np.flatnonzero(self.group == g)

    def size(self, g: int) -> int:
        """Rows of group ``g`` (whatever their weights)."""
        return int(np.sum(self.group == g))

    def counts(self, rows: np.ndarray, weights: np.ndarray) -> dict:
        """Weighted counts of group rows ``rows`` under weights (resamples × len(rows)): name → array (resamples, ...)."""
        return {name: weights @ column[rows].astype(float) for name, column in self.columns.items()}

    def measures(self, counts: dict) -> dict:
        return binary_measures(counts) if self.binary else multiclass_measures(counts)

    def auroc_parts(self, rows: np.ndarray) -> list:
        """Per score column that has both classes among ``rows``: (order, positive mask sorted, tie-group starts)."""
        parts = []
        truths = [self.actual[rows]] if self.binary else [self.true_code[rows] == j for j in range(len(self.labels))]
        for j, truth in enumerate(truths):
            if truth.all() or not truth.any():
                continue
            s = self.scores[rows, j]
            order = np.argsort(s, kind="stable")
            parts.append((order, truth[order], tie_groups(s[order])[0]))
        return parts

    def auroc(self, parts: list, weights: np.ndarray) -> np.ndarray:
        """AUROC (macro over the usable classes for multi-class) of each row of ``weights``; NaN without a usable class."""
        if not parts:
            return np.full(len(weights), np.nan)
        values = np.stack([auroc_of_weights(pos, weights[:, order], starts) for order, pos, starts in parts])
        return stacked.mean_of_defined(values.T)


def _delong(data: _Data, rows: np.ndarray, estimate, level: float) -> ConfidenceInterval:
    if not isinstance(estimate, float):
        return group_interval(estimate, level, "delong", "auroc")
    if not data.whole:
        return group_interval(estimate, level, "delong", "auroc", reason=undefined("fractional_weights"))
    repeat = data.w[rows].astype(np.int64)
    truth, s = np.repeat(data.actual[rows], repeat), np.repeat(data.scores[rows, 0], repeat)
    positives, negatives = int(truth.sum()), int((~truth).sum())
    if min(positives, negatives) < 2:
        return group_interval(estimate, level, "delong", "auroc",
                         reason=undefined("delong_too_few", positives=positives, negatives=negatives))
    ci = auroc_ci(truth, s, confidence_level=level, method="delong", positive=True)
    return replace(ci, estimate=estimate)


def _percentile(distribution: np.ndarray, estimate, level: float, measure: str, n_resamples: int, seed: int
                ) -> ConfidenceInterval:
    """The percentile interval of one group's bootstrap values, or Undefined bounds by the rules of the module docstring."""
    defined = distribution[~np.isnan(distribution)]
    details = {"seed": seed, "n_resamples": n_resamples, "n_undefined": int(len(distribution) - len(defined)),
               "stratified": True}
    if not isinstance(estimate, float):
        return group_interval(estimate, level, "percentile", measure, **details)
    if len(defined) < 10:
        return group_interval(estimate, level, "percentile", measure, **details,
                         reason=undefined("too_few_defined_resamples", defined=len(defined)))
    if defined.min() == defined.max():
        return group_interval(estimate, level, "percentile", measure, **details,
                         reason=undefined("degenerate_bootstrap", value=float(defined[0])))
    low, high = interval_bounds(defined, estimate, level, "percentile")
    return ConfidenceInterval(low, high, level, "percentile", estimate=estimate, of=measure, details=details)


def subgroup_analysis(y_true, y_pred, groups, *, labels, positive=None, scores=None, sample_weight=None,
                      confidence_level: float = 0.95, n_bootstrap: int = 1000, seed: int = 0, order=None
                      ) -> SubgroupAnalysis:
    """Every headline measure per subgroup, the largest gaps and heterogeneity tests (5.3.2; 6.2–6.4, 7.5, 7.8, 7.10).

    Parameters
    ----------
    y_true, y_pred : true and predicted labels, each one of ``labels``.
    groups : one group attribute, a value per sample (text or numbers; no missing values).
    labels : every class.
    positive : the positive class for a binary task; None for multi-class measures.
    scores : optional; binary: the score of ``positive`` per sample; multi-class:
        an (n, k) matrix, column j for ``labels[j]``.  Adds ``"auroc"``.
    sample_weight : non-negative weights (scikit-learn's meaning), or None.
    confidence_level, n_bootstrap, seed : the intervals, the seeded bootstrap, and as many shuffles of the
        permutation tests of the largest gaps (F1, balanced accuracy, macro recall).
    order : optional; every group value once, in the order of the results and of the seeded draws (default:
        sorted).  Groups renamed (translated) and listed in corresponding order give the same intervals and tests.

    Returns
    -------
    SubgroupAnalysis (see the module docstring for every rule).
    """
    level = check_level(confidence_level)
    n_bootstrap = check_resamples(n_bootstrap, "n_bootstrap")
    data = _Data(y_true, y_pred, groups, labels, positive, scores, sample_weight, order)
    measures = (BINARY_MEASURES if data.binary else MULTICLASS_MEASURES) + (() if data.scores is None else ("auroc",))
    members = [data.members(g) for g in range(len(data.values))]
    auroc_parts = [data.auroc_parts(rows) for rows in members] if data.scores is not None else None
    point_counts = [data.counts(rows, data.w[rows][None, :]) for rows in members]
    aurocs = None if auroc_parts is None else [data.auroc(auroc_parts[g], data.w[rows][None, :])
                                               for g, rows in enumerate(members)]
    blocks = []
    for block in multiplicity_blocks(data.strata, n_bootstrap, seed):
        per_group = []
        for g, rows in enumerate(members):
            weights = block[:, rows] * data.w[rows]
            values = data.measures(data.counts(rows, weights))
            if auroc_parts is not None:
                values["auroc"] = data.auroc(auroc_parts[g], weights)
            per_group.append(values)
        blocks.append({m: np.stack([values[m] for values in per_group], axis=1) for m in measures})
    draws = {m: np.concatenate([block[m] for block in blocks]) for m in measures}

    def from_rows(g: int, measure: str, estimate) -> ConfidenceInterval:
        if measure == "auroc" and data.binary:
            return _delong(data, members[g], estimate, level)
        return _percentile(draws[measure][:, g], estimate, level, measure, n_bootstrap, seed)

    return analysis_of_counts(data, point_counts, data.scores is not None, level, from_rows, aurocs=aurocs,
                              n_permutations=n_bootstrap, seed=seed, unweighted=bool(np.all(data.w == 1)))


class GroupThresholds:
    """Per-group counts at any decision threshold, for a slider (6.3.2 per subgroup, 5.3.2).

    Each group's scores are sorted once (:class:`~iso4213_nb.measures.curves.BinaryScores`);
    :meth:`counts_at` is then a binary search per group, no pass over the data.

    Parameters
    ----------
    y_true, scores, groups : labels, scores of ``positive`` and group values per sample.
    positive : the positive class.
    order : the group values in the order to list them (:func:`group_codes`); None: sorted.
    """

    def __init__(self, y_true, scores, groups, *, positive, order=None):
        truth = as_labels(y_true, "y_true")
        s = as_scores(scores, "scores")
        group = as_labels(groups, "groups")
        same_length(y_true=truth, scores=s, groups=group)
        if positive not in set(truth.tolist()):
            raise InputError("subgroups.positive_not_in_truth", label=plain(positive))
        self.values, codes = group_codes(group, order)
        actual = truth == positive
        self.scores = {v: BinaryScores(actual[codes == g], s[codes == g]) for g, v in enumerate(self.values)}
        self.low, self.high = float(s.min()), float(s.max())

    def counts_at(self, threshold: float) -> dict:
        """Group value → :class:`~iso4213_nb.measures.counts.BinaryCounts` when ``score >= threshold`` is positive (6.3.2)."""
        t = as_threshold(threshold)
        return {v: scores.counts_at(t) for v, scores in self.scores.items()}

    def recall_at(self, threshold: float) -> dict:
        """Group value → recall TP / (TP + FN) (6.3.4) at ``threshold``; NaN for a group without positives."""
        return {v: c.tp / (c.tp + c.fn) if c.tp + c.fn else float("nan") for v, c in self.counts_at(threshold).items()}

    def recall_intervals_at(self, threshold: float, confidence_level: float = 0.95) -> dict:
        """Group value → recall (6.3.4) at ``threshold`` with Wilson's interval (7.8); Undefined without positives."""
        return {v: rates["recall"] for v, rates in self.rates_at(threshold, confidence_level).items()}

    def rates_at(self, threshold: float, confidence_level: float = 0.95) -> dict:
        """Group value → {measure: ConfidenceInterval} at ``threshold`` for each of :data:`GROUP_RATES` (5.3.2, 7.8).

        Recall TP/(TP + FN) and precision TP/(TP + FP) (6.3.4), the false
        positive rate FP/(FP + TN) (3.2.12) and the miss rate FN/(FN + TP)
        (beyond TS 4213: TR 24029-1), each with Wilson's interval; Undefined
        (``no_positives``, ``no_predicted_positives``, ``no_negatives``) at a zero
        denominator.  Precision, FPR and FNR are the three rates of Chouldechova's
        (2017) identity (:mod:`iso4213_nb.subgroups.error_rates`).
        """
        level = check_level(confidence_level)
        out = {}
        for v, c in self.counts_at(threshold).items():
            parts = {"recall": (c.tp, c.tp + c.fn, "no_positives"),
                     "precision": (c.tp, c.tp + c.fp, "no_predicted_positives"),
                     "false_positive_rate": (c.fp, c.fp + c.tn, "no_negatives"),
                     "miss_rate": (c.fn, c.fn + c.tp, "no_positives")}
            out[v] = {m: replace(proportion_ci(x, d, "wilson", level), of=m) if d else
                      group_interval(undefined(code), level, "wilson", m) for m, (x, d, code) in parts.items()}
        return out


def recall_gap(recalls: dict) -> tuple[float, list]:
    """Highest minus lowest of the defined recalls and the two groups [highest, lowest] (5.3.2); NaN, [] with fewer than two."""
    defined = {v: r for v, r in recalls.items() if not np.isnan(r)}
    if len(defined) < 2:
        return float("nan"), []
    high, low = max(defined, key=defined.get), min(defined, key=defined.get)
    return defined[high] - defined[low], [high, low]

