"""The intervals of a report built from merged states (chunks, Dask, state files), keyed as in memory (7.8).

:func:`extend` adds to the dict of :func:`.streamed.build_content` what
:func:`.uncertainty.extend` adds in memory, where the states allow it:

* ``interval_settings``, and ``confidence_level`` set to the chosen level;
* ``models.<m>.intervals``: the count-based intervals of the confusion matrix
  (F1, F2, F0.5, MCC, kappa, balanced accuracy, lift, the averaged F1; the same
  draw as in memory, from the merged counts), the score areas (average precision,
  trapezoid AUPRC, gain area) and, for a multi-class model with class scores,
  ``top_<k>_accuracy`` (from counts, as in memory), ``brier`` and ``log_loss``
  (a Poisson bootstrap: method ``poisson_percentile`` or ``poisson_bca``;
  :mod:`iso4213_nb.scale.streamed_bootstrap`), and the Brier score and log loss of a
  binary model whose scores are probabilities, read as (1 − score, score) as in memory;
* ``models.<m>.operating_intervals`` of a scored binary model (exact score
  counts, not binned): its bootstrap draws (score, class) pairs, which the
  counts hold, so it equals the in-memory one number for number;
* ``ranking``: with fewer than three models, why there is none (as in memory);
  with three or more, none, and ``ranking`` in ``streaming.not_given`` (its
  folds split the rows; reason ``ranking_rows``);
* in ``streaming.not_given``, the entry ``bootstrap_intervals`` is replaced by
  what is still left out: ``brier_interval`` and ``log_loss_interval`` (reason
  ``no_replicates``) for the models whose Brier score and log loss had no
  replicates (merged state files), ``top_k_accuracy_interval`` (reason
  ``old_state_file``) for a state file of version 3 or older.

With a weight column only ``interval_settings`` and ``ranking`` (code
``weighted_input``) are added, as in memory (the intervals count unweighted
samples), and ``bootstrap_intervals`` is named with reason ``weighted``.  Data
and reason codes only.
"""

from __future__ import annotations

from ..scale import streamed_bootstrap as sb
from ..stats.measure_intervals import IntervalSettings, interval_json, intervals_json
from ..stats.operating_intervals import operating_intervals
from .uncertainty import counts_intervals, start, too_few_to_rank


def extend(report: dict, assessed, states: dict, settings: IntervalSettings) -> dict:
    """Add the keys of the module docstring to ``report`` (in place) and return it (clause 8, 7.8)."""
    if not start(report, settings, "weighted_input" if assessed.weighted else None):  # as uncertainty.extend
        for entry in report["streaming"]["not_given"]:
            if entry["measure"] == "bootstrap_intervals":
                entry["reason"] = "weighted"
        return report
    without: dict = {}
    for name, model in assessed.models.items():
        flat = intervals_json(counts_intervals(model.matrix, assessed.positive, settings))
        if model.scores is not None:
            flat.update(intervals_json(sb.score_area_intervals(model.scores, settings)))
        state = states.get(f"poisson.{name}")
        missing = []
        if name in assessed.class_scores:
            measures = assessed.class_scores[name]
            found, missing = sb.class_score_intervals(
                states[f"classes.{name}"], state, {"brier": measures.brier, "log_loss": measures.log_loss},
                tuple(measures.top_k_accuracy), settings, assessed.settings.resampling)
            flat.update({f"top_{k}_accuracy": interval_json(ci)
                         for k, ci in found.get("top_k_accuracy", {}).items()})
            flat.update({key: interval_json(found[key]) for key in sb.PROBABILITY_MEASURES if key in found})
        elif _probabilities(model.scores):
            if state is None:  # merged state files: no replicates
                missing = list(sb.PROBABILITY_MEASURES)
            else:
                estimates = {key: float(state.moments[1, j]) for j, key in enumerate(sb.PROBABILITY_MEASURES)}
                flat.update(intervals_json(sb.probability_intervals(state, estimates, settings,
                                                                assessed.settings.resampling)))
        for key in missing:
            without.setdefault((f"{key}_interval", sb.NOT_GIVEN_REASONS[key]), []).append(name)
        report["models"][name]["intervals"].update(sb.with_key_check(flat, states))  # --row-key: checked or not
        if model.scores is not None and model.binned is None and len(assessed.labels) == 2:
            report["models"][name]["operating_intervals"] = operating_intervals(model.scores, settings)
    not_given = report["streaming"]["not_given"]
    not_given[:] = [entry for entry in not_given if entry["measure"] != "bootstrap_intervals"]
    not_given += [{"measure": measure, "models": models, "reason": reason}
                  for (measure, reason), models in without.items()]
    names = list(assessed.models)
    report["ranking"] = too_few_to_rank(names)
    if report["ranking"] is None:
        report["ranking"] = {"applies": False, "reason": {"code": "needs_rows"}}
        not_given.append({"measure": "ranking", "models": names, "reason": "ranking_rows"})
    return report


def _probabilities(scores) -> bool:
    """True when every score of a binary model lies in [0, 1] (its exact or binned thresholds) (7.8)."""
    if scores is None:
        return False
    thresholds = scores.counts_by_score()[0]
    return bool(len(thresholds)) and 0 <= thresholds.min() and thresholds.max() <= 1
