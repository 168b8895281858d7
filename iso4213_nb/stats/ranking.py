"""Ranking several models over folds or data sets (clause 7 for more than two models; Demšar 2006).

From a table with one row per data set (or fold) and one column per model:

* the Friedman test (:func:`iso4213_nb.stats.friedman`) and its F form of
  Iman & Davenport (1980), F = (n − 1) χ² / (n (k − 1) − χ²) with k − 1 and
  (k − 1)(n − 1) degrees of freedom, which Demšar recommends as less
  conservative;
* post-hoc comparisons of every pair: Nemenyi's test (critical difference
  CD = q_α √(k(k + 1)/(6n)) of the mean ranks) and Demšar's z-test,
  z = (R̄_i − R̄_j) / √(k(k + 1)/(6n)), with Holm's adjustment (7.10.2);
* the groups a critical-difference diagram joins with a bar: maximal runs of
  models, in order of mean rank, whose mean ranks lie within CD of each other.

The result is data (:class:`Ranking`); :mod:`iso4213_nb.figures.ranking` draws the diagram.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations

import numpy as np
from scipy import stats as sps

from ..core.checks import plain
from ..core.errors import InputError
from . import adjust_pvalues, friedman


@dataclass(frozen=True)
class Ranking:
    """Mean ranks of k models over n data sets with the tests that compare them (clause 7; beyond TS 4213: Demšar 2006).

    Attributes
    ----------
    names : model names, in column order; mean_ranks : rank 1 = best, ties share the mean rank.
    n : number of data sets (rows); alpha : level of the post-hoc decisions and the diagram.
    friedman_statistic, friedman_pvalue : χ²_F with k − 1 df.
    iman_davenport_statistic, iman_davenport_pvalue, iman_davenport_df : F_F, its p-value and
        (k − 1, (k − 1)(n − 1)); F_F is infinite (p = 0) when every data set ranks the models alike.
    critical_difference : Nemenyi's CD at ``alpha``.
    nemenyi_pvalues, holm_pvalues : k × k symmetric matrices of pairwise p-values (1 on the diagonal);
        ``holm_pvalues`` are Demšar's z-test p-values adjusted by Holm over all pairs.
    groups : tuples of names joined by one bar in the diagram (mean ranks within CD), best first.
    """

    names: tuple
    mean_ranks: np.ndarray
    n: int
    alpha: float
    friedman_statistic: float
    friedman_pvalue: float
    iman_davenport_statistic: float
    iman_davenport_pvalue: float
    iman_davenport_df: tuple
    critical_difference: float
    nemenyi_pvalues: np.ndarray
    holm_pvalues: np.ndarray
    groups: tuple

    def order(self) -> list[str]:
        """Model names from best (lowest mean rank) to worst."""
        return [self.names[i] for i in np.argsort(self.mean_ranks, kind="stable")]


def _groups(names: list, ranks: np.ndarray, cd: float) -> tuple:
    order = np.argsort(ranks, kind="stable")
    runs = []
    for start in range(len(order)):
        end = start
        while end + 1 < len(order) and ranks[order[end + 1]] - ranks[order[start]] <= cd:
            end += 1
        if end > start and not any(s <= start and end <= e for s, e in runs):
            runs.append((start, end))
    return tuple(tuple(names[order[i]] for i in range(s, e + 1)) for s, e in runs)


def rank_models(scores, names=None, *, alpha: float = 0.05, higher_is_better: bool = True) -> Ranking:
    """Rank k ≥ 3 models over n data sets: Friedman, Iman–Davenport, Nemenyi and Holm post-hoc, diagram groups.

    Parameters
    ----------
    scores : n × k table, one row per data set or fold, one column per model.
    names : the k model names (default "model 1", ...).
    higher_is_better : False for losses and error rates.

    Clause 7; beyond TS 4213: Demšar 2006.
    """
    if not 0 < float(alpha) < 1:
        raise InputError("ranking.not_a_level", name="alpha", value=plain(alpha))
    result = friedman(scores, posthoc="nemenyi", alpha=alpha, names=names, higher_is_better=higher_is_better)
    labels = list(result.mean_ranks)
    ranks = np.array([result.mean_ranks[name] for name in labels])
    k = len(labels)
    n = int(np.asarray(scores, dtype=float).shape[0])
    chi2 = float(result.statistic)
    df = (k - 1, (k - 1) * (n - 1))
    room = n * (k - 1) - chi2
    if room <= 1e-12 * n * (k - 1):
        f_stat, f_p = math.inf, 0.0
    else:
        f_stat = (n - 1) * chi2 / room
        f_p = float(sps.f.sf(f_stat, *df))
    index = {name: i for i, name in enumerate(labels)}
    nemenyi = np.ones((k, k))
    for row in result.pairwise:
        i, j = index[row["a"]], index[row["b"]]
        nemenyi[i, j] = nemenyi[j, i] = row["pvalue"]
    se = math.sqrt(k * (k + 1) / (6 * n))
    pairs = list(combinations(range(k), 2))
    raw = [float(2 * sps.norm.sf(abs(ranks[i] - ranks[j]) / se)) for i, j in pairs]
    adjusted = adjust_pvalues(raw, "holm", alpha).adjusted
    holm = np.ones((k, k))
    for (i, j), p in zip(pairs, adjusted):
        holm[i, j] = holm[j, i] = float(p)
    cd = float(result.critical_difference)
    return Ranking(tuple(labels), ranks, n, float(alpha), chi2, float(result.pvalue), f_stat, f_p, df, cd, nemenyi,
                   holm, _groups(labels, ranks, cd))
