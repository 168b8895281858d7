"""A permutation test of the largest gap between groups, for measures that are not proportions (5.3.2; 7.1).

Beyond TS 4213: the permutation test (Good 2005, *Permutation, Parametric and
Bootstrap Tests of Hypotheses*, ch. 3).  F1, balanced accuracy and macro
recall have no chi-squared test across groups, so the question "do the groups
differ at all?" is asked of their largest gap (highest minus lowest group
value) directly:

* null hypothesis: within each true class, what the model predicts does not
  depend on the group (every group has the same recall and specificity, or
  per-class recalls).  Under it the group labels of the rows of one true
  class are exchangeable, so they are shuffled within each true class; every
  group keeps its size and its class counts, and so its prevalence;
* statistic: the largest gap over the groups where the measure is defined;
* p-value: (1 + the number of shuffles whose gap is at least the observed
  one) / (1 + the number of shuffles with a gap), never 0.

Since class counts stay put, a gap that comes only from different
prevalences (F1 depends on prevalence) is not taken for a difference.  With
weights other than 1 the rows cannot be exchanged as they stand (a weight of 3
is three rows that a shuffle would split), and the test is Undefined with
``weighted_rows``.

A shuffle needs no rows.  Within one true class, the rows of each outcome
(predicted positive or not; right or wrong) are dealt out to the groups at
random, so group after group takes a hypergeometric share of what is left:
the shuffled counts are drawn directly, for every shuffle at once, from each
group's counts.  The cost does not grow with the number of rows, and merged
counts (:mod:`.counts`) give the same test, draw for draw, as the rows.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from ..stats.results import TestResult, undefined


def _dealt(outcome: np.ndarray, sizes: np.ndarray, rng: np.random.Generator, shuffles: int) -> np.ndarray:
    """Shuffled counts (shuffles × groups) of one outcome among one class's rows, dealt group by group.

    ``outcome`` and ``sizes`` are per group: how many of the class's rows have the outcome, and how many there are.
    """
    good, bad = np.full(shuffles, int(outcome.sum())), np.full(shuffles, int(sizes.sum() - outcome.sum()))
    out = np.zeros((shuffles, len(sizes)))
    for g, size in enumerate(sizes.astype(np.int64)):
        taken = rng.hypergeometric(good, bad, int(size)) if size else np.zeros(shuffles, dtype=np.int64)
        out[:, g] = taken
        good, bad = good - taken, bad - (size - taken)
    return out


def _gaps(values: np.ndarray) -> np.ndarray:
    """Highest minus lowest non-NaN value per row of ``values`` (shuffles × groups); NaN with fewer than two."""
    defined = ~np.isnan(values)
    high = np.where(defined, values, -np.inf).max(axis=1)
    low = np.where(defined, values, np.inf).min(axis=1)
    return np.where(defined.sum(axis=1) >= 2, high - low, np.nan)


def shuffled_counts(point_counts: list, binary: bool, rng: np.random.Generator, shuffles: int) -> dict:
    """The groups' counts after ``shuffles`` shuffles within true classes (module docstring), in the form of
    :mod:`iso4213_nb.subgroups.rows` with a leading axis of shuffles (5.3.2; beyond TS 4213: Good 2005).

    ``point_counts`` are the groups' counts (each array with a leading axis of 1, whole numbers).
    """
    def per_group(name):
        return np.array([np.rint(c[name][0]) for c in point_counts])
    if binary:
        tp, fp, tn, fn = (per_group(name) for name in ("tp", "fp", "tn", "fn"))
        tp_s, fp_s = _dealt(tp, tp + fn, rng, shuffles), _dealt(fp, fp + tn, rng, shuffles)
        return {"tp": tp_s, "fn": (tp + fn) - tp_s, "fp": fp_s, "tn": (fp + tn) - fp_s}
    tp, members = per_group("tp"), per_group("members")  # groups × classes
    tp_s = np.stack([_dealt(tp[:, j], members[:, j], rng, shuffles) for j in range(tp.shape[1])], axis=-1)
    members_s = np.broadcast_to(members, tp_s.shape)
    return {"correct": tp_s.sum(axis=-1), "total": members_s.sum(axis=-1), "tp": tp_s, "members": members_s}


def gap_permutation_tests(point_counts: list, binary: bool, measures_of: Callable[[dict], dict], observed: dict,
                          unit_weights: bool, n_permutations: int, seed: int) -> dict:
    """Measure → :class:`~iso4213_nb.stats.results.TestResult` (``test="permutation"``) of its largest gap (5.3.2; beyond TS 4213: Good 2005).

    Parameters
    ----------
    point_counts : per group, its counts in the form of :mod:`iso4213_nb.subgroups.rows`.
    binary : the task; measures_of : counts → measure → array (shuffles × groups).
    observed : measure → the observed largest gap (float), or Undefined (then so is the test).
    unit_weights : every row weighs 1 (else the tests are Undefined, ``weighted_rows``).
    n_permutations, seed : the number of shuffles and the seed of :func:`numpy.random.default_rng`.

    Returns
    -------
    dict measure → TestResult with ``statistic`` the observed gap, ``pvalue``, details
    ``n_permutations``, ``n_undefined`` (shuffles with fewer than two defined groups), ``seed``, ``null``.
    """
    details = {"n_permutations": n_permutations, "seed": seed, "null": "groups_exchangeable_within_true_class"}
    reason = None if unit_weights else undefined("weighted_rows")
    out = {m: TestResult("permutation", reason if reason is not None else gap, reason if reason is not None else gap,
                         details=dict(details)) for m, gap in observed.items()}
    wanted = [m for m, gap in observed.items() if reason is None and isinstance(gap, float)]
    if not wanted:
        return out
    values = measures_of(shuffled_counts(point_counts, binary, np.random.default_rng(seed), n_permutations))
    for m in wanted:
        gaps = _gaps(values[m])
        ok = ~np.isnan(gaps)
        pvalue = (1 + int(np.sum(gaps[ok] >= observed[m] - 1e-12))) / (1 + int(ok.sum()))
        out[m] = TestResult("permutation", observed[m], float(pvalue),
                            details={**details, "n_undefined": int(np.sum(~ok))})
    return out
