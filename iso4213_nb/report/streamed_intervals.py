"""Merged states (chunks, Dask, state files) as the :class:`~.uncertainty.IntervalSource` of a report's intervals (7.8).

The count-based intervals, the score areas and the operating intervals are the in-memory draws from the same
counts, so they equal the in-memory ones number for number (in binned mode, ``--bins``, the bootstrap of the
binned areas).  The Brier score and log loss come from a Poisson bootstrap
(:mod:`iso4213_nb.scale.streamed_bootstrap`) instead of a row bootstrap; merged state files hold no replicates
(reason ``no_replicates``), a state file of version 3 or older no top-k counts (``old_state_file``).  There is
no ranking: its folds split the rows (reason ``ranking_rows``).
"""

from __future__ import annotations

from ..core.probability_rows import probability_problems
from ..measures.confusion import ConfusionMatrix
from ..measures.curves import BinaryScores
from ..scale import streamed_bootstrap as sb
from ..stats.measure_intervals import IntervalSettings
from .uncertainty import class_score_keys


class States:
    """Merged states as an :class:`~iso4213_nb.report.uncertainty.IntervalSource` (module docstring; 7.8).

    ``assessed``: the :class:`~iso4213_nb.scale.streaming.Assessed` of ``states``, the merged states by name.
    """

    def __init__(self, assessed, states: dict):
        self.assessed, self.states = assessed, states
        self.models = list(assessed.models)
        self.positive = assessed.positive
        self.refused = "weighted_input" if assessed.weighted else None

    def matrix(self, name: str) -> ConfusionMatrix:
        """The model's merged confusion matrix (6.4)."""
        return self.assessed.models[name].matrix

    def scores(self, name: str) -> BinaryScores | None:
        """The model's merged score counts, exact or binned (6.3), or None without scores."""
        return self.assessed.models[name].scores

    def exact(self, name: str) -> bool:
        """True unless the scores were counted in bins (``--bins``) (6.3.6)."""
        return self.assessed.models[name].binned is None

    def auroc(self, name: str, scores: BinaryScores, settings: IntervalSettings) -> None:
        """None: the report already holds DeLong's interval from the score counts (6.3.6)."""
        return None

    def class_scores(self, settings: IntervalSettings, top_k) -> tuple[dict, list]:
        """Top-k accuracy from counts and the Poisson bootstrap of the Brier score and log loss (Annex C, 7.8);
        each model's own top-k (``top_k`` is their union)."""
        assessed, states = self.assessed, self.states
        found, missing = {}, []
        for name, model in assessed.models.items():
            state, left_out = states.get(f"poisson.{name}"), []
            if name in assessed.class_scores:
                intervals, left_out = sb.class_score_intervals(assessed, states, name, settings)
                found[name] = class_score_keys(intervals)
            elif model.scores is not None and not probability_problems(model.scores.thresholds):
                if state is None:  # merged state files: no replicates
                    left_out = list(sb.PROBABILITY_MEASURES)
                else:
                    estimates = {key: float(state.moments[1, j]) for j, key in enumerate(sb.PROBABILITY_MEASURES)}
                    found[name] = sb.probability_intervals(state, estimates, settings, assessed.settings.resampling,
                                                           states.get(sb.KEY_RUNS))
            missing += [(f"{key}_interval", sb.NOT_GIVEN_REASONS[key], name) for key in left_out]
        return found, missing

    def ranking(self, settings: IntervalSettings) -> None:
        """None: the ranking's folds split rows, which merged states do not hold (clause 7)."""
        return None

