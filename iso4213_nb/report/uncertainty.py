"""The report's uncertainty, one assembly for rows in memory and for merged states (clause 8, 7.8).

:func:`extend` adds to the dict of :func:`iso4213_nb.report.content.build` (rows in memory) or of
:func:`iso4213_nb.report.streamed.build_content` (merged states: chunks, Dask, state files); keys are only
added, never renamed:

* ``interval_settings`` — the methods, level, resamples and seed used;
  ``confidence_level`` follows the chosen level;
* ``models.<m>.intervals.<measure>`` — the proportions (Wilson or
  Clopper–Pearson), AUROC (DeLong) and F1, F2, F0.5, MCC, Cohen's kappa,
  balanced accuracy, lift, average precision, trapezoid AUPRC and gain area
  (bootstrap) of :mod:`iso4213_nb.stats.measure_intervals`; for a multi-class task
  kappa, MCC, balanced accuracy and the macro, weighted and micro F1;
* ``models.<m>.intervals.top_<k>_accuracy``, ``brier``, ``log_loss`` — for a
  multi-class model with class scores, and the Brier score and log loss of a
  binary model whose scores are probabilities;
* ``models.<m>.operating_intervals`` — for a model with exact binary scores, Se at fixed
  Sp and Sp at fixed Se, the partial AUROC (raw and McClish) and the pointwise
  ROC and PR bands (:mod:`iso4213_nb.stats.operating_intervals`);
* ``ranking`` — for three or more models on the same samples (:func:`ranking`), or why there is none;
* in a report from merged states, ``streaming.not_given`` names what is still left out, with its reason code.

The data come through :class:`IntervalSource` (:class:`Rows`, or merged states:
:class:`iso4213_nb.report.streamed_intervals.States`), so the keys, the JSON shape and what is not given come
from here alone.  With a weight column or a multi-label file only ``interval_settings`` and ``ranking`` (its
reason) are added: the bootstraps resample unweighted single labels.  Words: :mod:`.render_uncertainty`.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

from ..stats.bayesian import signed_rank
from ..stats.class_score_intervals import PROBABILITY_MEASURES, class_score_intervals, model_matrices
from ..measures.confusion import AVERAGES, ConfusionMatrix
from ..measures.curves import BinaryScores
from ..inputs import MULTILABEL, Predictions
from ..stats.measure_intervals import IntervalSettings, area_intervals, intervals_json, matrix_intervals
from ..stats.operating_intervals import operating_intervals
from ..stats.ranking import rank_models
from ..stats.results import ConfidenceInterval
from ..stats.roc import delong_interval_of_counts, placements_of

#: Disjoint test folds the ranking splits the samples into (fewer when the smallest class is smaller).
RANKING_FOLDS = 10
#: Level of the ranking's post-hoc decisions and of its critical difference.
RANKING_ALPHA = 0.05
#: Half-width of the region of practical equivalence of the Bayesian comparison, in the measure's units.
ROPE = 0.01
#: File names of the critical-difference diagram written beside the report.
CD_FIGURES = ("critical_difference.png", "critical_difference.svg")


def settings_json(settings: IntervalSettings) -> dict:
    """The settings as recorded in report.json (7.8)."""
    return {"proportion_method": settings.proportion, "bootstrap_method": settings.bootstrap,
            "confidence_level": settings.confidence_level, "n_resamples": settings.n_resamples,
            "seed": settings.seed, "score_budget": settings.budget}


def too_few_to_rank(names: list) -> dict | None:
    """The ranking's entry for fewer than three models (code ``fewer_than_three_models``), else None (clause 7)."""
    return {"applies": False, "reason": {"code": "fewer_than_three_models", "models": len(names)}} \
        if len(names) < 3 else None


def settings_from_json(recorded: dict) -> IntervalSettings:
    """The settings :func:`settings_json` recorded, for ``verify`` to recompute the intervals exactly (7.8)."""
    return IntervalSettings(proportion=recorded["proportion_method"], bootstrap=recorded["bootstrap_method"],
                            confidence_level=recorded["confidence_level"], n_resamples=recorded["n_resamples"],
                            seed=recorded["seed"], budget=recorded["score_budget"])


def placements_by_model(pred: Predictions) -> dict:
    """DeLong's :class:`~iso4213_nb.stats.roc.Placements` of every scored model of a binary file, computed once (6.3.6).

    A report reads them for each model's AUROC interval and for DeLong's test of every pair
    (:func:`iso4213_nb.report.content.build`, :func:`extend`), so one sort per model serves all.
    Models with fewer than two positives or negatives are left out (DeLong's variance needs two of each).
    """
    if not pred.binary or pred.weight is not None:
        return {}
    truth = pred.y_true == pred.positive
    if min(int(truth.sum()), int((~truth).sum())) < 2:
        return {}
    return {name: placements_of(pred.y_true, model.scores, pred.positive)
            for name, model in pred.models.items() if model.scores is not None}


def counts_intervals(cm: ConfusionMatrix, positive, settings: IntervalSettings) -> dict:
    """The count-based intervals of one model's confusion matrix, flat as in ``intervals`` (7.8).

    ``positive``: the positive class of a binary task (its recall, specificity, precision, F1, F2, F0.5
    and lift), or None (the macro, weighted and micro F1).  ConfidenceInterval objects.
    """
    found = matrix_intervals(cm.matrix(rows="true"), cm.labels, settings, positive=positive)
    flat = {key: found[key] for key in ("accuracy", "cohen_kappa", "matthews_correlation", "balanced_accuracy")}
    if positive is not None:
        mine = found["per_class"][str(positive)]
        flat.update({key: mine[key] for key in ("recall", "specificity", "precision", "f1")})
        flat.update({"f2": found["fbeta"]["2"], "f0_5": found["fbeta"]["0.5"], "lift": found["lift"]})
    else:
        flat.update({f"{method}_f1": found["averages"][method]["f1"] for method in AVERAGES})
    return flat


def _folds(y_true: np.ndarray, k: int, seed: int) -> np.ndarray:
    """Fold number of each sample: each class shuffled (seeded) and dealt round-robin, so every fold keeps its share."""
    rng = np.random.default_rng([seed, 2])
    fold = np.empty(len(y_true), dtype=np.int64)
    _, codes = np.unique(y_true, return_inverse=True)
    start = 0
    for c in range(int(codes.max()) + 1):
        members = rng.permutation(np.flatnonzero(codes == c))
        fold[members] = (start + np.arange(len(members))) % k
        start += len(members)
    return fold


def _fold_scores(pred: Predictions, fold: np.ndarray, k: int, measure: str) -> np.ndarray:
    table = np.empty((k, len(pred.models)))
    for j, model in enumerate(pred.models.values()):
        for f in range(k):
            inside = fold == f
            if measure == "auroc":
                table[f, j] = float(BinaryScores(pred.y_true[inside], model.scores[inside],
                                                 positive=pred.positive).auroc())
            else:
                table[f, j] = float(np.mean(pred.y_true[inside] == model.pred[inside]))
    return table


def ranking(pred: Predictions, settings: IntervalSettings, *, folds: int = RANKING_FOLDS,
            alpha: float = RANKING_ALPHA, rope: float = ROPE) -> dict:
    """Friedman / Iman–Davenport, Nemenyi and Holm over disjoint test folds, and a Bayesian signed-rank statement (clause 7).

    Three or more models scored on the same samples are compared over
    ``folds`` disjoint, class-stratified folds of the test set (seeded by
    ``settings.seed``): the measure (AUROC when every model of a binary task
    has scores, else accuracy) is computed per fold and model, and the
    folds are the blocks of the Friedman test (Demšar 2006).  Disjoint folds
    with fixed models are independent blocks, as the test assumes; bootstrap
    resamples overlap and per-sample 0/1 correctness is almost all ties, so
    neither is used.  The same independence lets the Bayesian signed-rank
    test (Benavoli et al. 2014; :func:`iso4213_nb.stats.bayesian.signed_rank`)
    compare the two best models with a ROPE of ±``rope``.

    Returns ``{"applies": False, "reason": {"code": ...}}`` for fewer than three
    models (code ``fewer_than_three_models``) or fewer than two samples of a class
    per fold (``too_few_samples_for_folds``); otherwise ``applies``, ``measure``,
    ``folds``, ``fold_scores`` (model -> per-fold values), ``names``, ``mean_ranks``,
    ``friedman``, ``iman_davenport``, ``critical_difference``, ``alpha``,
    ``nemenyi_pvalues``, ``holm_pvalues`` (k × k), ``groups`` and ``bayesian``.
    """
    names = list(pred.models)
    if too_few_to_rank(names) is not None:
        return too_few_to_rank(names)
    _, class_counts = np.unique(pred.y_true, return_counts=True)
    k = min(int(folds), int(class_counts.min()))
    if k < 2:
        return {"applies": False, "reason": {"code": "too_few_samples_for_folds", "smallest_class": int(class_counts.min())}}
    measure = "auroc" if pred.binary and all(m.scores is not None for m in pred.models.values()) else "accuracy"
    fold = _folds(pred.y_true, k, settings.seed)
    table = _fold_scores(pred, fold, k, measure)
    result = rank_models(table, names, alpha=alpha)
    order = result.order()
    first, second = order[0], order[1]
    posterior = signed_rank(table[:, names.index(first)], table[:, names.index(second)], rope=rope,
                            seed=settings.seed)
    return {
        "applies": True, "measure": measure, "folds": k, "seed": settings.seed,
        "fold_scores": {name: table[:, j].tolist() for j, name in enumerate(names)},
        "names": list(result.names), "mean_ranks": [float(r) for r in result.mean_ranks],
        "friedman": {"statistic": result.friedman_statistic, "pvalue": result.friedman_pvalue, "df": len(names) - 1},
        "iman_davenport": {"statistic": None if not np.isfinite(result.iman_davenport_statistic)
                           else result.iman_davenport_statistic, "pvalue": result.iman_davenport_pvalue,
                           "df": list(result.iman_davenport_df)},
        "critical_difference": result.critical_difference, "alpha": alpha,
        "nemenyi_pvalues": np.asarray(result.nemenyi_pvalues).tolist(),
        "holm_pvalues": np.asarray(result.holm_pvalues).tolist(),
        "groups": [list(g) for g in result.groups],
        "bayesian": {"method": "signed_rank", "models": [first, second], "rope": rope,
                     "a_better": posterior.a_better, "equivalent": posterior.equivalent,
                     "b_better": posterior.b_better, "mean_difference": posterior.mean_difference},
        "figures": list(CD_FIGURES),
    }


def class_score_keys(found: dict) -> dict:
    """One model's class-score intervals keyed as in ``intervals`` (Annex C, 7.8): ``top_<k>_accuracy``,
    ``brier``, ``log_loss``, from ``{"top_k_accuracy": {k: CI}, "brier": CI, "log_loss": CI}`` (any may lack)."""
    entry = {f"top_{k}_accuracy": ci for k, ci in found.get("top_k_accuracy", {}).items()}
    entry.update({key: found[key] for key in PROBABILITY_MEASURES if key in found})
    return entry


class IntervalSource(Protocol):
    """What :func:`extend` reads of a report's data (7.8): :class:`Rows` in memory, or merged states
    (:class:`iso4213_nb.report.streamed_intervals.States`).

    ``models``: the model names; ``positive``: the positive class of a binary task, else None; ``refused``: the
    code of an input whose rows the bootstraps do not resample (``weighted_input``, ``multilabel``), else None.
    """

    models: list
    positive: object
    refused: str | None

    def matrix(self, name: str) -> ConfusionMatrix:
        """The model's confusion matrix of counts (6.4)."""

    def scores(self, name: str) -> BinaryScores | None:
        """The binary scores of a scored model of a binary task (6.3), exact or binned, else None."""

    def exact(self, name: str) -> bool:
        """True when :meth:`scores` holds every distinct score, as the operating intervals need (6.3.6)."""

    def auroc(self, name: str, scores: BinaryScores, settings: IntervalSettings) -> ConfidenceInterval | None:
        """DeLong's interval of the model's AUROC at ``settings``' level (6.3.6), or None: the report has it."""

    def class_scores(self, settings: IntervalSettings, top_k) -> tuple[dict, list]:
        """``({model: {key: CI}}, [(measure, reason, model), ...])`` (Annex C, 7.8): the class-score intervals of
        :func:`class_score_keys`, and those left out with their reason code (``top_k``: the report's
        ``input.top_k``)."""

    def ranking(self, settings: IntervalSettings) -> dict | None:
        """The ranking of three or more models (:func:`ranking`; clause 7), or None when it needs rows."""


class Rows:
    """Rows in memory as an :class:`IntervalSource` (7.8): in memory is one chunk, and the rows themselves are
    resampled (the Brier score and log loss) and split into folds (the ranking).

    ``placements``: :func:`placements_by_model` when the caller already computed it for ``content.build``.
    """

    def __init__(self, pred: Predictions, placements: dict | None = None):
        self.pred = pred
        self.placements = placements_by_model(pred) if placements is None else placements
        self.models = list(pred.models)
        self.positive = pred.positive if pred.binary else None
        self.refused = ("multilabel" if pred.task == MULTILABEL else
                        "weighted_input" if pred.weight is not None else None)

    def matrix(self, name: str) -> ConfusionMatrix:
        """The model's confusion matrix of its rows (6.4)."""
        return ConfusionMatrix.from_predictions(self.pred.y_true, self.pred.models[name].pred, labels=self.pred.labels)

    def scores(self, name: str) -> BinaryScores | None:
        """The model's :class:`BinaryScores` when it has scores on a binary task (6.3)."""
        scores = self.pred.models[name].scores
        return BinaryScores(self.pred.y_true, scores, positive=self.pred.positive) \
            if self.pred.binary and scores is not None else None

    def exact(self, name: str) -> bool:
        """Always: rows hold every score (6.3.6)."""
        return True

    def auroc(self, name: str, scores: BinaryScores, settings: IntervalSettings) -> ConfidenceInterval:
        """DeLong's interval from the model's placements (6.3.6;
        :func:`~iso4213_nb.stats.roc.delong_interval_of_counts`)."""
        return delong_interval_of_counts(*scores.counts_by_score(), settings.confidence_level, self.placements.get(name))

    def class_scores(self, settings: IntervalSettings, top_k) -> tuple[dict, list]:
        """One stratified row bootstrap paired across the models (Annex C, 7.8;
        :func:`iso4213_nb.stats.class_score_intervals.class_score_intervals`): top-k accuracy (``top_k``), Brier
        score and log loss of multi-class class scores, and of binary scores that are probabilities; none left out."""
        pred = self.pred
        if pred.binary:
            found, labels = model_matrices(pred.y_true, {n: m.scores for n, m in pred.models.items()}, pred.labels,
                                           positive=pred.positive)
            top_k = ()
        else:
            found, labels = model_matrices(pred.y_true, {n: m.score_matrix for n, m in pred.models.items()},
                                           pred.labels)
        found = class_score_intervals(pred.y_true, found, labels, settings, top_k=top_k)
        return {name: class_score_keys(measures) for name, measures in found.items()}, []

    def ranking(self, settings: IntervalSettings) -> dict:
        """:func:`ranking` over folds of the rows (clause 7)."""
        return ranking(self.pred, settings)


def extend(report: dict, source: IntervalSource, settings: IntervalSettings = IntervalSettings()) -> dict:
    """Add the keys of the module docstring to ``report`` (in place) from ``source`` and return it (clause 8, 7.8)."""
    report["interval_settings"] = settings_json(settings)
    report["confidence_level"] = settings.confidence_level
    not_given = report.get("streaming", {}).get("not_given")  # only a report from merged states lists them
    if source.refused is not None:
        report["ranking"] = {"applies": False, "reason": {"code": source.refused}}
        for entry in not_given or []:
            if entry["measure"] == "bootstrap_intervals":
                entry["reason"] = "weighted"  # merged states of a multi-label file make no report
        return report
    scored, missing = source.class_scores(settings, report["input"].get("top_k", ()))
    for name in source.models:
        flat = {**scored.get(name, {}), **counts_intervals(source.matrix(name), source.positive, settings)}
        scores = source.scores(name)
        if scores is not None:
            auroc = source.auroc(name, scores, settings)
            flat.update({"auroc": auroc} if auroc is not None else {})
            flat.update(area_intervals(scores, settings))
        entry = report["models"][name]
        entry["intervals"].update(intervals_json(flat))
        if scores is not None and source.exact(name):
            entry["operating_intervals"] = operating_intervals(scores, settings)
    report["ranking"] = too_few_to_rank(source.models) or source.ranking(settings)
    if not_given is not None:
        without: dict = {}
        for measure, reason, name in missing:
            without.setdefault((measure, reason), []).append(name)
        not_given[:] = [entry for entry in not_given if entry["measure"] != "bootstrap_intervals"]
        not_given += [{"measure": measure, "models": models, "reason": reason}
                      for (measure, reason), models in without.items()]
    if report["ranking"] is None:
        report["ranking"] = {"applies": False, "reason": {"code": "needs_rows"}}
        not_given.append({"measure": "ranking", "models": source.models, "reason": "ranking_rows"})
    return report
