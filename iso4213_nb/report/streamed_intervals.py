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
  :mod:`iso4213_nb.streamed_bootstrap`), and the Brier score and log loss of a
  binary model whose scores are probabilities, read as (1 − score, score) as in memory;
* in ``streaming.not_given``, the entry ``bootstrap_intervals`` is replaced by
  ``class_score_intervals`` (reason ``no_replicates``) for the models whose
  Brier score and log loss had no replicates (merged state files).

With a weight column nothing is added (the intervals count unweighted
samples), as in memory.  Data and reason codes only.
"""

from __future__ import annotations

from .. import streamed_bootstrap as sb
from ..measure_intervals import IntervalSettings, interval_json
from .uncertainty import counts_intervals, settings_json


def extend(report: dict, assessed, states: dict, settings: IntervalSettings) -> dict:
    """Add the keys of the module docstring to ``report`` (in place) and return it (clause 8, 7.8)."""
    if assessed.weighted:
        return report
    report["interval_settings"] = settings_json(settings)
    report["confidence_level"] = settings.confidence_level
    without = []
    for name, model in assessed.models.items():
        flat = {key: interval_json(ci) for key, ci in counts_intervals(model.matrix, assessed.positive,
                                                                         settings).items()}
        if model.scores is not None:
            flat.update(sb.entries(sb.score_area_intervals(model.scores, settings)))
        state = states.get(f"poisson.{name}")
        if name not in assessed.class_scores and state is not None and _probabilities(model.scores):
            estimates = {key: float(state.moments[1, j]) for j, key in enumerate(sb.PROBABILITY_MEASURES)}
            flat.update(sb.entries(sb.probability_intervals(state, estimates, settings, assessed.settings.resampling)))
        if name in assessed.class_scores:
            if state is None:
                without.append(name)
            else:
                measures = assessed.class_scores[name]
                found = sb.class_score_intervals(state, {"brier": measures.brier, "log_loss": measures.log_loss},
                                                 tuple(measures.top_k_accuracy), settings,
                                                 assessed.settings.resampling)
                flat.update({f"top_{k}_accuracy": sb.interval_entry(ci) for k, ci in found["top_k_accuracy"].items()})
                flat.update({key: sb.interval_entry(found[key]) for key in sb.PROBABILITY_MEASURES})
        report["models"][name]["intervals"].update(sb.with_key_check(flat, states))  # --row-key: checked or not
    missing = report["streaming"]["not_given"]
    missing[:] = [entry for entry in missing if entry["measure"] != "bootstrap_intervals"]
    if without:
        missing.append({"measure": "class_score_intervals", "models": without, "reason": "no_replicates"})
    return report


def _probabilities(scores) -> bool:
    """True when every score of a binary model lies in [0, 1] (its exact or binned thresholds) (7.8)."""
    if scores is None:
        return False
    thresholds = scores.counts_by_score()[0]
    return bool(len(thresholds)) and 0 <= thresholds.min() and thresholds.max() <= 1
