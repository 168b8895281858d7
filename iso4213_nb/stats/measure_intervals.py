"""A confidence interval on every clause-6 measure (7.8): which method for which measure, as data.

* Proportions — accuracy, and per class binary accuracy, precision, recall,
  specificity, NPV, false positive / miss / false discovery / false omission
  rates, prevalence — get Wilson's score interval (default) or Clopper–Pearson's.
* AUROC (6.3.6) gets DeLong's interval.
* Every other measure — F1, F_β, Cohen's kappa, MCC, balanced accuracy, the
  likelihood and odds ratios, the macro / weighted / micro averages (6.4.3),
  the KL divergences (6.2.7, 6.4.4), lift at the operating point (6.3.9),
  average precision and the trapezoid AUPRC (6.3.7) and the gain area (6.3.8) — gets a bootstrap interval (BCa by default, or
  percentile), stratified by true class, from
  :func:`iso4213_nb.stats.bootstrap.counts_bootstrap_cis`: the confusion-matrix
  measures share one multinomial draw of the matrix cells; the areas share
  one draw of the positives and negatives at each distinct score.

Cost.  A confusion-matrix bootstrap costs O(resamples × k²) whatever the
number of samples.  A score bootstrap costs O(resamples × distinct scores);
with the default number of resamples it runs only while
resamples × 2 × distinct scores stays within :data:`SCORE_BUDGET`, else the
interval is Undefined with code ``"bootstrap_budget"`` (naming
``n_resamples`` explicitly, ``budget=None``, runs it whatever it costs).

Results are :class:`~iso4213_nb.stats.results.ConfidenceInterval` objects in
dicts shaped like :func:`iso4213_nb.measures.assessment.assess`; no words.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..measures import counts, stacked as sm
from ..measures.confusion import AVERAGED, AVERAGES
from ..measures.curves import BinaryScores
from ..core.checks import given, listed, plain
from ..core.errors import InputError
from .bootstrap import METHODS as BOOTSTRAP_METHODS, check_method, check_resamples, counts_bootstrap_cis
from .intervals import OFFERED_PROPORTION_METHODS as PROPORTION_METHODS, check_proportion_method, proportion_ci
from .results import ConfidenceInterval, check_level, interval_json, undefined
from .roc import delong_interval_of_counts

#: Bootstrap resamples unless asked otherwise: enough for the 2.5 % and 97.5 % quantiles to move by under
#: about a tenth of the interval's width between seeds (Efron & Tibshirani 1993, ch. 19).
DEFAULT_RESAMPLES = 2000
#: Counts drawn by one score bootstrap with the default number of resamples (resamples × 2 × distinct scores).
SCORE_BUDGET = 200_000_000
#: β values of the F_β intervals (F2 favours recall, F0.5 precision; 6.2.6).
BETAS = (2.0, 0.5)


@dataclass(frozen=True)
class IntervalSettings:
    """How intervals are computed: proportion method, bootstrap method, level, resamples, seed (7.8).

    ``budget`` bounds a score bootstrap (:data:`SCORE_BUDGET`); None lifts the bound.
    """

    proportion: str = "wilson"
    bootstrap: str = "bca"
    confidence_level: float = 0.95
    n_resamples: int = DEFAULT_RESAMPLES
    seed: int = 0
    budget: int | None = field(default=SCORE_BUDGET)

    def __post_init__(self):
        check_proportion_method(self.proportion)
        check_method(self.bootstrap)
        check_level(self.confidence_level)
        check_resamples(self.n_resamples)
        if isinstance(self.seed, bool) or not isinstance(self.seed, (int, np.integer)) or self.seed < 0:
            raise InputError("measure_intervals.bad_seed", value=plain(self.seed))

    def bootstrap_options(self) -> dict:
        """Keyword arguments of the bootstrap functions."""
        return {"n_resamples": self.n_resamples, "method": self.bootstrap,
                "confidence_level": self.confidence_level, "seed": self.seed}

    def over_budget(self, cells: int):
        """Undefined with code ``"bootstrap_budget"`` when a draw of ``cells`` counts per resample exceeds the budget, else None."""
        if self.budget is not None and self.n_resamples * cells > self.budget:
            return undefined("bootstrap_budget", cells=int(cells), n_resamples=self.n_resamples, budget=self.budget)
        return None


def parse_ci_method(text: str) -> tuple[str, str]:
    """``--ci-method`` text -> (proportion method, bootstrap method) (7.8).

    A comma-separated list naming at most one proportion method (wilson,
    clopper-pearson) and at most one bootstrap method (percentile, bca); what
    it leaves out keeps its default (wilson, bca).  ``"clopper-pearson"``,
    ``"percentile"`` and ``"clopper-pearson,percentile"`` are all valid.
    """
    words = [w.strip().lower() for w in str(text).split(",") if w.strip()]
    chosen = {"proportion": [w for w in words if w in PROPORTION_METHODS],
              "bootstrap": [w for w in words if w in BOOTSTRAP_METHODS]}
    unknown = [w for w in words if w not in PROPORTION_METHODS + BOOTSTRAP_METHODS]
    if unknown or not words or any(len(v) > 1 for v in chosen.values()):
        raise InputError("measure_intervals.ci_method_choice", option="--ci-method", proportion=list(PROPORTION_METHODS),
                         bootstrap=list(BOOTSTRAP_METHODS), value=repr(text))
    return (chosen["proportion"] or [IntervalSettings.proportion])[0], (chosen["bootstrap"] or [IntervalSettings.bootstrap])[0]


def proportion(successes: int, n: int, settings: IntervalSettings) -> ConfidenceInterval:
    """Wilson or Clopper–Pearson interval of successes / n (7.8); Undefined with code ``"no_trials"`` when n = 0."""
    if n == 0:
        reason = undefined("no_trials")
        return ConfidenceInterval(reason, reason, settings.confidence_level, settings.proportion, estimate=reason,
                                  of="proportion")
    return proportion_ci(int(successes), int(n), method=settings.proportion,
                         confidence_level=settings.confidence_level)


def _terms(c: dict, spec: str) -> int:
    if spec == "n":
        return int(sum(c.values()))
    return int(sum(c[t] for t in spec.split("+")))


def _matrix_statistics(k: int, positive_index: int | None):
    """Names and one vectorised function giving every bootstrapped confusion-matrix measure."""
    bootstrapped = [m for m in counts.PER_CLASS if m not in sm.PROPORTIONS]
    names = ["cohen_kappa", "matthews_correlation", "balanced_accuracy", "balanced_accuracy_adjusted",
             "cohen_kappa_linear", "cohen_kappa_quadratic"]
    names += [f"per_class.{i}.{m}" for i in range(k) for m in bootstrapped]
    names += [f"averages.{a}.{m}" for a in AVERAGES for m in AVERAGED]
    names += ["kl_divergence.true_vs_pred", "kl_divergence.pred_vs_true"]
    if positive_index is not None:
        names += ["lift"] + [f"fbeta.{b:g}" for b in BETAS]

    def statistics(block: np.ndarray) -> np.ndarray:
        M = block.reshape(len(block), k, k)
        c = sm.one_vs_rest(M)
        columns = [sm.cohen_kappa(M), sm.matthews_correlation(M), sm.balanced_accuracy(M),
                   sm.balanced_accuracy_adjusted(M), sm.weighted_kappa(M, "linear"), sm.weighted_kappa(M, "quadratic")]
        per = {m: counts.PER_CLASS[m](c) for m in bootstrapped}
        columns += [per[m][:, i] for i in range(k) for m in bootstrapped]
        columns += [sm.average(M, m, a) for a in AVERAGES for m in AVERAGED]
        columns += [sm.kl_divergence(M, "true_vs_pred"), sm.kl_divergence(M, "pred_vs_true")]
        if positive_index is not None:
            mine = {key: value[:, positive_index] for key, value in c.items()}
            columns += [sm.lift(mine)] + [counts.fbeta(mine, b) for b in BETAS]
        return np.column_stack(columns)

    return names, statistics


def matrix_intervals(matrix, labels, settings: IntervalSettings = IntervalSettings(), positive=None) -> dict:
    """An interval for every measure of :func:`iso4213_nb.measures.assessment.assess_matrix` (7.8).

    Parameters
    ----------
    matrix : k × k counts, true classes in rows.
    labels : the k class labels in matrix order.
    positive : for a binary task, the positive label: adds ``lift`` and ``fbeta`` (β in :data:`BETAS`).

    Returns
    -------
    dict with the keys of ``assess_matrix`` (``accuracy``, ``cohen_kappa``,
    ``matthews_correlation``, ``balanced_accuracy``, ``balanced_accuracy_adjusted``,
    ``cohen_kappa_linear``, ``cohen_kappa_quadratic``, ``per_class[label][measure]``,
    ``averages[method][measure]``, ``kl_divergence[direction]``) plus, with
    ``positive``, ``lift`` and ``fbeta["2"]``, ``fbeta["0.5"]``; every value a ConfidenceInterval.
    """
    M = np.asarray(matrix, dtype=np.int64)
    k = M.shape[0]
    labels = list(labels)
    index = None
    if positive is not None:
        index = next((i for i, label in enumerate(labels) if str(label) == str(positive)), None)
        if index is None:
            raise InputError("measure_intervals.positive_absent", label=given(positive), labels=listed(labels[:10]))
    names, statistics = _matrix_statistics(k, index)
    strata = np.repeat(np.arange(k), k)  # cell (i, j) belongs to true class i
    found = dict(zip(names, counts_bootstrap_cis(statistics, M.ravel(), names, strata=strata,
                                                 **settings.bootstrap_options())))
    out = {"accuracy": proportion(int(np.trace(M)), int(M.sum()), settings),
           "cohen_kappa": found["cohen_kappa"], "matthews_correlation": found["matthews_correlation"],
           "balanced_accuracy": found["balanced_accuracy"], "per_class": {}, "averages": {},
           **{name: found[name] for name in ("balanced_accuracy_adjusted", "cohen_kappa_linear", "cohen_kappa_quadratic")},
           "kl_divergence": {d: found[f"kl_divergence.{d}"] for d in ("true_vs_pred", "pred_vs_true")}}
    one_vs_rest = sm.one_vs_rest(M[None])
    for i, label in enumerate(labels):
        c = {key: value[0, i] for key, value in one_vs_rest.items()}
        entry = {"accuracy": proportion(_terms(c, "tp"), _terms(c, "tp+fn"), settings)}
        for measure in counts.PER_CLASS:
            if measure in sm.PROPORTIONS:
                successes, trials = sm.PROPORTIONS[measure]
                entry[measure] = proportion(_terms(c, successes), _terms(c, trials), settings)
            else:
                entry[measure] = found[f"per_class.{i}.{measure}"]
        out["per_class"][str(label)] = entry
    out["averages"] = {a: {m: found[f"averages.{a}.{m}"] for m in AVERAGED} for a in AVERAGES}
    if index is not None:
        out["lift"] = found["lift"]
        out["fbeta"] = {f"{b:g}": found[f"fbeta.{b:g}"] for b in BETAS}
    return out


#: Score measures bootstrapped together by :func:`score_bootstrap_intervals` (6.3.7, 6.3.8).
SCORE_MEASURES = ("average_precision", "auprc_trapezoid", "gain_area")


def areas_of_counts(block: np.ndarray) -> np.ndarray:
    """Average precision, trapezoid AUPRC and gain area (6.3.7, 6.3.8) of stacked score counts (m × 3).

    Columns of ``block``: positives then negatives at each distinct score, descending.
    AP = Σ_i (TP_i − TP_{i−1}) / P · TP_i / (TP_i + FP_i); the trapezoid AUPRC starts at
    (recall 0, precision 1) and the gain curve at (0, 0), as
    :class:`iso4213_nb.measures.curves.BinaryScores`.  A score with no sample in a resample adds a
    point equal to its predecessor, which adds no area.  nan without positives.
    """
    g = block.shape[1] // 2
    pos, neg = block[:, :g], block[:, g:]
    tps, fps = np.cumsum(pos, axis=1, dtype=float), np.cumsum(neg, axis=1, dtype=float)
    total, n = tps[:, -1:], tps[:, -1:] + fps[:, -1:]
    precision = np.divide(tps, tps + fps, out=np.ones_like(tps), where=(tps + fps) > 0)
    recall = np.divide(tps, total, out=np.full_like(tps, np.nan), where=total > 0)
    ap = (pos * precision).sum(axis=1) / np.where(total[:, 0] > 0, total[:, 0], np.nan)
    start = np.zeros((len(block), 1))
    r = np.hstack([start, recall])
    p = np.hstack([np.ones((len(block), 1)), precision])
    trapezoid = np.sum(np.diff(r, axis=1) * (p[:, 1:] + p[:, :-1]) / 2, axis=1)
    share = np.hstack([start, (tps + fps) / n])
    gain = np.sum(np.diff(share, axis=1) * (r[:, 1:] + r[:, :-1]) / 2, axis=1)
    return np.column_stack([ap, trapezoid, gain])


def score_counts(scores: BinaryScores) -> tuple[np.ndarray, np.ndarray]:
    """The cells of a score bootstrap (6.3.6–6.3.8): positives then negatives at each distinct score, descending,
    and the stratum (0 positive, 1 negative) of each cell, for :func:`~iso4213_nb.stats.bootstrap.counts_bootstrap_cis`."""
    thresholds, pos, neg = scores.counts_by_score()
    order = np.argsort(thresholds)[::-1]
    return np.concatenate([pos[order], neg[order]]), np.repeat([0, 1], len(order))


def score_bootstrap_intervals(scores: BinaryScores, settings: IntervalSettings = IntervalSettings()) -> dict:
    """Bootstrap intervals of the areas of :data:`SCORE_MEASURES`, positives and negatives resampled separately (7.8).

    One multinomial draw of the counts per distinct score serves all three.
    Undefined with code ``"bootstrap_budget"`` (params ``cells``, ``n_resamples``,
    ``budget``) when the draw would exceed ``settings.budget``.
    """
    counts, strata = score_counts(scores)
    reason = settings.over_budget(len(counts))
    if reason is not None:
        return {name: ConfidenceInterval(reason, reason, settings.confidence_level, settings.bootstrap,
                                         estimate=getattr(scores, name)(), of="statistic")
                for name in SCORE_MEASURES}
    found = counts_bootstrap_cis(areas_of_counts, counts, list(SCORE_MEASURES), strata=strata,
                                 **settings.bootstrap_options())
    return dict(zip(SCORE_MEASURES, found))


def area_intervals(scores: BinaryScores, settings: IntervalSettings = IntervalSettings()) -> dict:
    """Bootstrap intervals of :data:`SCORE_MEASURES` of one binary scored model (6.3.7, 6.3.8; 7.8).

    ``scores``: its :class:`BinaryScores`, of rows in memory or of merged exact (or binned) score counts alike.
    Undefined with code ``"one_class"`` without positives or negatives; else :func:`score_bootstrap_intervals`.
    """
    if scores.positives == 0 or scores.negatives == 0:
        reason = undefined("one_class")
        return {name: ConfidenceInterval(reason, reason, settings.confidence_level, settings.bootstrap,
                                         estimate=reason) for name in SCORE_MEASURES}
    return score_bootstrap_intervals(scores, settings)


def score_intervals(y_true, scores, positive, settings: IntervalSettings = IntervalSettings()) -> dict:
    """AUROC (DeLong, :func:`~iso4213_nb.stats.roc.delong_interval_of_counts`; 6.3.6) and the bootstrapped areas
    (:func:`area_intervals`; 6.3.7, 6.3.8) of one binary scored model."""
    binary = BinaryScores(y_true, scores, positive)
    return {"auroc": delong_interval_of_counts(*binary.counts_by_score(), settings.confidence_level),
            **area_intervals(binary, settings)}


def intervals_json(tree) -> dict:
    """:func:`interval_json` applied to every interval of a nested dict (7.8)."""
    if isinstance(tree, ConfidenceInterval):
        return interval_json(tree)
    return {str(key): intervals_json(value) for key, value in tree.items()}
