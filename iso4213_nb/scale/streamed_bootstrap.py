"""Bootstrap intervals of a streamed assessment (chunks or Dask): from merged counts, or by a Poisson bootstrap (7.8).

Which interval each score measure gets, without the rows in memory:

* average precision, trapezoid AUPRC, gain area (6.3.7, 6.3.8): the in-memory
  bootstrap draws counts of positives and negatives per distinct score
  (:func:`~iso4213_nb.stats.measure_intervals.score_bootstrap_intervals`); the merged
  exact score state holds exactly those counts, so the interval is the
  in-memory one, number for number (same cells, same seed, same budget).
  In binned mode (``--bins``) it is the bootstrap of the binned areas.
* top-k accuracy (Annex C): the in-memory bootstrap draws counts of rows per
  (true class, rank of the true class); :class:`~.accumulators.PoissonClassScores`
  keeps that table, so the interval is again the in-memory one.
* Brier score and log loss: each row has its own value, so there is no small
  table to draw from.  A Poisson bootstrap gives each row a Poisson(1) weight
  per replicate fixed by its row key and the seed
  (:mod:`~iso4213_nb.scale.accumulators.bootstrap`), so the replicates do not depend
  on the chunking, the partitions or the engine.  Each replicate's value is
  the class-stratified mean Σ_c (n_c / n) · (Σ_c w·v) / (Σ_c w), which keeps
  every class at its share of the test set as the in-memory stratified
  bootstrap does; the two bootstraps differ by Monte-Carlo error only.
  Method codes ``poisson_percentile`` and ``poisson_bca``: BCa's bias
  correction comes from the replicates, its acceleration from the exact
  leave-one-row-out jackknife of the mean, which depends on the rows only
  through their second and third central moments (kept in the state), so BCa
  is as honest here as in memory.

The row key is the row's position in the whole input (the chunk reader knows
each chunk's first row; on Dask each file's first row comes from the Parquet
metadata of the files before it), or a column of whole numbers the user names
(``--row-key``), which keeps the weights also when the rows are re-ordered or
re-partitioned.

Memory and work: replicates that would not fit in ``memory`` are never
allocated (code ``bootstrap_memory``); the work is one weight per row and
replicate (at most 20 ns of CPU on one core), and with the default number of
resamples the bootstrap stops beyond the score budget of weights (code
``poisson_budget``), as the in-memory bootstrap does; naming the resamples lifts it.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import numpy as np

from .accumulators.poisson_scores import BYTES_PER_CLASS, PoissonClassScores
from ..stats.class_score_intervals import PROBABILITY_MEASURES, mean_intervals
from ..stats.measure_intervals import IntervalSettings
from ..stats.bootstrap import bootstrap_result
from ..stats.results import ConfidenceInterval, undefined
from ..core.undefined import is_undefined, ratio
from ..inputs.options import BOOTSTRAP_MEMORY

#: Memory for the replicates of the Poisson bootstrap unless ``--bootstrap-memory`` says otherwise.
DEFAULT_MEMORY = BOOTSTRAP_MEMORY
#: The interval method codes of the Poisson bootstrap, by the method asked for.
POISSON_METHODS = {"percentile": "poisson_percentile", "bca": "poisson_bca"}
#: Column of row keys the Poisson states read from a chunk.
KEY = "poisson.key"
#: Prefix of the column 1 − score of a binary scored model, and the column of its class index (1: positive).
COMPLEMENT, BINARY_TRUE = "poisson.complement.", "positive"
#: The state of the row keys seen (``--row-key``: :class:`~iso4213_nb.scale.accumulators.key_runs.KeyRuns`).
KEY_RUNS = "rowkeys"
#: Why :func:`class_score_intervals` leaves a measure out: its reason code.
NOT_GIVEN_REASONS = {"top_k_accuracy": "old_state_file", "brier": "no_replicates", "log_loss": "no_replicates"}


@dataclass(frozen=True)
class Resampling:
    """How a streamed run resamples: replicates, seed, row key, memory and work limits, row offset (7.8).

    Attributes
    ----------
    replicates, seed : as :class:`~iso4213_nb.stats.measure_intervals.IntervalSettings` (``n_resamples``, ``seed``).
    key : a column of whole-number row keys, or None for the row's position in the whole input.
    memory : bytes the replicates may hold.
    limit : rows × replicates the bootstrap may weigh (inf: no limit).
    offsets : ``((file, first row), ...)`` of a Parquet data set's files, for the Dask engine;
    offset : the first row of the file being read (set per Dask task by :func:`for_file`).
    binary : also resample the binary scored models (their Brier score and log loss, as the report gives).
    """

    replicates: int
    seed: int
    key: str | None = None
    memory: int = DEFAULT_MEMORY
    limit: float = math.inf
    offsets: tuple = ()
    offset: int = 0
    binary: bool = False

    def bytes_needed(self, k: int) -> int:
        """Bytes of the replicates of one model with ``k`` classes (7.8)."""
        return self.replicates * BYTES_PER_CLASS * k

    def fits(self, k: int) -> bool:
        """True when the replicates of a ``k``-class model fit in ``memory`` (7.8)."""
        return self.bytes_needed(k) <= self.memory


def resampling_of(settings: IntervalSettings, *, key: str | None = None, memory: int = DEFAULT_MEMORY,
                  binary: bool = False) -> Resampling:
    """The :class:`Resampling` of interval settings: their resamples and seed; their budget bounds the weights (7.8)."""
    limit = math.inf if settings.budget is None else float(settings.budget)
    return Resampling(settings.n_resamples, settings.seed, key, int(memory), limit, binary=binary)


def with_offsets(resampling: Resampling, files: list) -> Resampling:
    """``resampling`` with the first row of each Parquet file of a data set, read from the files' metadata (7.8)."""
    import pyarrow.parquet as pq

    offsets, first = [], 0
    for file in files:
        offsets.append((str(file), first))
        first += pq.ParquetFile(file).metadata.num_rows
    return dataclasses.replace(resampling, offsets=tuple(offsets))


def for_file(resampling: Resampling, file) -> Resampling:
    """``resampling`` set to read rows of ``file``, whose first row is at its offset in the data set (7.8)."""
    return dataclasses.replace(resampling, offset=dict(resampling.offsets).get(str(file), 0))


def zeros(resampling: Resampling | None, multiclass: dict, scored: list) -> dict:
    """``{"poisson.<model>": PoissonClassScores}`` of every model with class probabilities (7.8).

    ``multiclass``: model → its class-score column names; ``scored``: the models of a binary
    task with one score column, read as the two columns (1 − score, score) of the negative and
    the positive class, as the in-memory report reads them.  A model whose replicates would not
    fit in memory gets the exact parts only (``replicates=0``).
    """
    if resampling is None:
        return {}
    scored = scored if resampling.binary else []
    columns = {**{name: [f"{COMPLEMENT}{name}", f"score.{name}"] for name in scored}, **multiclass}
    return {f"poisson.{name}": PoissonClassScores.zero(
        cols, true=BINARY_TRUE if name in scored else "class_index", key=KEY, seed=resampling.seed,
        replicates=resampling.replicates if resampling.fits(len(cols)) else 0, limit=resampling.limit)
        for name, cols in columns.items()}


def columns(resampling: Resampling | None, chunk, arrays: dict, scored: list) -> dict:
    """What the states of :func:`zeros` read from a chunk besides ``arrays`` (the streaming columns) (7.8).

    The row keys: column ``resampling.key`` of the chunk, else the position in the whole input
    (``resampling.offset`` + the chunk's first row in its file + 0, 1, …); and for each binary
    scored model 1 − score, and the class index 0 (negative) or 1 (positive).
    """
    if resampling is None:
        return {}
    out = {KEY: chunk.key if resampling.key is not None else
           resampling.offset + chunk.start + np.arange(len(chunk), dtype=np.int64)}
    for name in scored if resampling.binary else []:
        out[f"{COMPLEMENT}{name}"] = 1 - arrays[f"score.{name}"]
        out[BINARY_TRUE] = arrays["positive"]
    return out


def top_k_intervals(ranks: np.ndarray, top_k, settings: IntervalSettings) -> dict:
    """The in-memory bootstrap intervals of top-k accuracy from the (true class × rank) counts (Annex C, 7.8).

    The cells are those of :func:`iso4213_nb.stats.class_score_intervals.class_score_intervals`: each
    (true class, rank capped at the largest k) with rows, ordered as it orders them (class, then
    the hits of k = 1, 2, … ascending: rank descending), so the same seed draws the same resamples.
    """
    ks = tuple(int(k) for k in top_k)
    if not ks:
        return {}
    cap = max(ks)
    capped = np.column_stack([ranks[:, :cap], ranks[:, cap:].sum(axis=1)])[:, ::-1]  # rank cap, cap − 1, …, 0
    rank_of = np.arange(cap, -1, -1)
    classes, cells = np.nonzero(capped)
    hits = (rank_of[cells][:, None] < np.array(ks)).astype(float)
    found = mean_intervals((capped[classes, cells], classes.astype(np.int64), hits), [f"top-{k}" for k in ks],
                            settings)
    return dict(zip(ks, found))


def _replicate_means(state: PoissonClassScores) -> np.ndarray:
    """Class-stratified means of the Brier and log-loss terms in each replicate (replicates × 2; nan where a class drew no row)."""
    n_c = state.classes.astype(float)
    present = n_c > 0
    weight = state.sums[:, present, 0]
    class_means = ratio(state.sums[:, present, 1:], weight[:, :, None], code="no_samples")
    shares = n_c[present] / n_c.sum()
    return np.einsum("c,rcm->rm", shares, class_means)


def _accel(state: PoissonClassScores, j: int):
    """BCa's acceleration of the mean of term ``j``: the exact leave-one-row-out jackknife, a = M3 / (6 M2^1.5)."""
    def accel_of():
        m2, m3 = state.moments[2, j], state.moments[3, j]
        return (float(m3 / (6 * m2 ** 1.5)) if m2 > 0 else 0.0), "exact"
    return accel_of


def _poisson_interval(ci: ConfidenceInterval, key: str | None, runs) -> ConfidenceInterval:
    details = {**ci.details, "row_key": key or "position", "stratified": True}
    if runs is not None:  # --row-key: whether every key was checked to name one row
        details["row_key_check"] = runs.finalize()
    return dataclasses.replace(ci, method=POISSON_METHODS[ci.method], details=details)


def probability_intervals(state: PoissonClassScores, estimates: dict, settings: IntervalSettings,
                          resampling: Resampling, runs=None) -> dict:
    """Poisson-bootstrap intervals of the Brier score and log loss of one model (module docstring; 7.8).

    ``estimates``: the measures of the merged exact state (``brier``, ``log_loss``: floats or
    Undefined).  An undefined measure keeps its own reason; a bootstrap not run gives code
    ``bootstrap_memory`` (params ``bytes``, ``budget``, ``n_resamples``) or ``poisson_budget``
    (``rows``, ``n_resamples``, ``budget``).  ``runs``: the merged
    :class:`~.accumulators.key_runs.KeyRuns` of ``--row-key`` (state :data:`KEY_RUNS`), whose check each
    interval states as ``row_key_check`` (:meth:`~.accumulators.key_runs.KeyRuns.finalize`); None without a key.
    """
    def without(estimate, reason) -> ConfidenceInterval:
        return _poisson_interval(ConfidenceInterval(reason, reason, settings.confidence_level, settings.bootstrap,
                                                    estimate=estimate, of="statistic"), resampling.key, runs)

    reason = None
    if state.sums is None and not state.stopped:
        reason = undefined("bootstrap_memory", bytes=resampling.bytes_needed(state.k), budget=resampling.memory,
                           n_resamples=resampling.replicates)
    elif state.stopped:
        reason = undefined("poisson_budget", rows=state.rows, n_resamples=resampling.replicates,
                           budget=int(resampling.limit))
    out = {}
    values = None if reason is not None else _replicate_means(state)
    for j, name in enumerate(PROBABILITY_MEASURES):
        estimate = estimates[name]
        if is_undefined(estimate) or reason is not None:
            out[name] = without(estimate, estimate if is_undefined(estimate) else reason)
            continue
        details = {"statistic_name": name, "n": state.rows, "seed": resampling.seed,
                   "n_resamples": resampling.replicates}
        ci = bootstrap_result(float(estimate), values[:, j], settings.confidence_level, settings.bootstrap, _accel(state, j),
                     details)
        out[name] = _poisson_interval(ci, resampling.key, runs)
    return out


def class_score_intervals(assessed, states: dict, name: str, settings: IntervalSettings) -> tuple[dict, list]:
    """The intervals of the class scores of multi-class model ``name``, and what is not given (7.8; Annex C).

    ``assessed`` is the :class:`~iso4213_nb.scale.streaming.Assessed` of the merged ``states`` (by name), with
    ``name`` among its ``class_scores``.  Returns ``({"top_k_accuracy": {k: CI}, "brier": CI, "log_loss": CI},
    not_given)``: top-k (the model's own k) from the (true class × rank) table of the merged counts (chunks, Dask
    or state files alike), the Brier score and log loss from its Poisson state (absent from merged state files,
    which hold no replicates), each stating the ``--row-key`` check (:data:`KEY_RUNS`; :func:`probability_intervals`).
    ``not_given`` names ``top_k_accuracy`` (a state file of version 3 or older) and ``brier`` and ``log_loss``
    (no replicates) where they are left out.
    """
    measures = assessed.class_scores[name]
    state = states.get(f"poisson.{name}")
    top_k, estimates = tuple(measures.top_k_accuracy), {"brier": measures.brier, "log_loss": measures.log_loss}
    found, missing = {}, []
    ranks = states[f"classes.{name}"].class_ranks()
    if ranks is None:
        missing.append("top_k_accuracy")
    else:
        found["top_k_accuracy"] = top_k_intervals(ranks, top_k, settings)
    if state is None:
        missing += list(PROBABILITY_MEASURES)
    else:
        found.update(probability_intervals(state, estimates, settings, assessed.settings.resampling,
                                           states.get(KEY_RUNS)))
    return found, missing
