"""Partial results that merge exactly: assessing predictions in pieces (chunks, files, machines).

Every accumulator follows one protocol (:class:`~.base.Accumulator`):

* ``zero(...)`` — the empty state, configured with the column names it reads;
* ``update(chunk)`` — add a chunk, a mapping of column name to a 1-D array of
  typed values (labels, scores, subgroup values, row keys), and return the state;
* ``merge(other)`` — a new state holding both parts; neither input changes;
* ``finalize()`` — the result, equal to what the in-memory path gives on all
  rows at once.

With a ``weight`` column of sample weights (scikit-learn's ``sample_weight``)
a count state holds float64 sums of weights instead of int64 counts.

Merging is associative and commutative.  Count states hold whole counts, so
their results do not depend at all on how the rows were split nor on the
order in which parts were merged; the float sums of :class:`CalibrationBins`
and of DeLong's second pass can change only by floating rounding (about
1e-15 relative) with that order.  This is what
lets a streaming reader or a Dask reduction run the same code
(:mod:`.engine`), and shards assessed on different machines travel as state
files (:mod:`.files`).

States
------
:class:`ConfusionCounts`     counts of (true, predicted) label pairs: every clause-6 measure
:class:`LabelSetCounts`      a multi-label model's per-label counts and label-set sizes: every measure of 6.5
:class:`GroupedCounts`       one :class:`ConfusionCounts` per subgroup value (5.3.2)
:class:`GroupedStates`       one copy of any state per subgroup value: each group's scores (5.3.2)
:class:`PairedOutcomes`      correctness patterns of several models: McNemar tables (7.9), Cochran's Q
:class:`ScoreCounts`         distinct score → positives, negatives: exact ROC/PR/gain/lift (6.3.6–6.3.9)
:class:`ClassScoreCounts`    per class-score column, distinct score → rows of each class: every measure of 6.4's scores
:class:`BinnedScoreCounts`   the same on fixed bins, with the AUROC's worst-case error stated
:class:`CalibrationBins`     equal-width probability bins: reliability table, ECE, exact Brier score
:class:`DeLongPlacements`    second pass of DeLong's test of two AUROCs on the same samples
:class:`PoissonBootstrap`    any of the above under Poisson(1) resampling weights fixed by row key and seed
:class:`PoissonClassScores`  a model's top-k table, and its Brier and log-loss sums per Poisson replicate (7.8)
"""

from ...core.lazy import exports

#: Where each public name lives; imported on first use, so that a module needing one accumulator (the row keys'
#: runs of :mod:`iso4213_nb.inputs.keys`) loads neither jsonschema (state files) nor the Poisson tables.
_LAZY = {**dict.fromkeys(("Accumulator", "merge_all"), ".base"),
         **dict.fromkeys(("PoissonBootstrap", "poisson_weights"), ".bootstrap"),
         "ClassScoreCounts": ".classes",
         **dict.fromkeys(("ConfusionCounts", "GroupedCounts", "GroupedStates", "PairedOutcomes"), ".counts"),
         "DeLongPlacements": ".delong",
         "PoissonClassScores": ".poisson_scores",
         **dict.fromkeys(("accumulate", "parquet_parts", "parquet_reader", "run_dask", "run_local"), ".engine"),
         **dict.fromkeys(("read_states", "write_states"), ".files"),
         "LabelSetCounts": ".labels",
         **dict.fromkeys(("BinnedScoreCounts", "BinnedScores", "CalibrationBins", "ScoreCounts"), ".scores")}

__all__ = sorted(_LAZY)


__getattr__ = exports(__name__, _LAZY)
