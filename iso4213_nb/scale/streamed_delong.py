"""DeLong from mergeable states: one AUROC's interval from the counts, two AUROCs' test from a second pass (6.3.6, 7.8).

Beyond TS 4213: DeLong, DeLong & Clarke-Pearson (1988) on data read in chunks,
on Dask workers, or merged from state files (:mod:`iso4213_nb.scale.streaming`);
:mod:`.accumulators.delong` says why one AUROC needs only the score counts and
two need each row's placement values under both models.

* One AUROC: :func:`auroc_interval`, wherever the counts come from.
* Two AUROCs on the same samples: :func:`second_pass` reads the rows again, in
  this process or as a Dask reduction over the same Parquet row groups
  (:class:`DaskRows`), whose workers receive the first pass's placement values
  once.  From state files the rows are elsewhere: reason ``second_pass``
  (:data:`iso4213_nb.scale.streaming.NEED_ROWS`).
* Binned scores (``--bins``): a bin mixes scores of unknown order, so the
  placement values are not known; rather than an approximation with no stated
  bound the interval is Undefined with code ``binned_no_placements`` (the
  AUROC itself keeps its stated bound).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from dataclasses import dataclass

from . import streaming
from .accumulators import BinnedScoreCounts, DeLongPlacements, ScoreCounts
from .accumulators.engine import reduce_dask, run_local
from ..inputs.chunks import PredictionChunks
from ..stats.results import ConfidenceInterval, check_level, undefined
from ..stats.roc import delong_interval_of_counts

#: The reason code of a DeLong interval or test refused for binned scores.
BINNED = "binned_no_placements"


def auroc_interval(counts: ScoreCounts | BinnedScoreCounts, confidence_level: float = 0.95) -> ConfidenceInterval:
    """DeLong's interval of one model's AUROC from its merged, unweighted score counts (6.3.6, 7.8).

    The in-memory computation (:func:`iso4213_nb.stats.roc.delong_interval_of_counts`, which says when there
    is none).  Binned counts of both classes give an interval Undefined with code :data:`BINNED` (params
    ``bins``) around the binned AUROC.
    """
    level = check_level(confidence_level)
    if isinstance(counts, BinnedScoreCounts):  # a bin mixes scores of unknown order: no placement values
        one_class = min(int(counts.positives.sum()), int(counts.negatives.sum())) == 0
        reason = undefined("one_class") if one_class else undefined(BINNED, bins=counts.bins)
        return ConfidenceInterval(reason, reason, level, "delong",
                                  estimate=reason if one_class else float(counts.finalize().scores.auroc()))
    return delong_interval_of_counts(counts.scores, counts.positives, counts.negatives, level)


@dataclass(frozen=True)
class DaskRows:
    """Where a Dask second pass reads the rows again: the Parquet ``parts`` of pass one and how to read them.

    ``options`` are the keyword arguments of :class:`~iso4213_nb.inputs.chunks.PredictionChunks`
    pass one used; ``scheduler`` and ``workers`` as in :func:`iso4213_nb.scale.accumulators.engine.reduce_dask`.
    Beyond TS 4213: Dask reduction.
    """

    parts: list
    options: dict
    scheduler: str | None = None
    workers: int = 2


def _read_pass(chunks: PredictionChunks, zeros: dict, settings: streaming.Settings, positive: str,
               progress=None) -> dict:
    """``zeros`` (second-pass states) updated with every chunk of ``chunks`` by the engine's chunk loop
    (:func:`~iso4213_nb.scale.accumulators.engine.run_local`); ``progress(rows)`` per chunk read."""
    read = functools.partial(streaming.chunk_columns, chunks=chunks, settings=settings,
                             positive_code=chunks.codes.code(positive))
    return run_local({key: zero.empty() for key, zero in zeros.items()}, chunks, read, progress=progress)


def _part_pass(part: tuple, zeros: dict, settings: streaming.Settings, options: dict, positive: str) -> dict:
    """The second-pass states of one Parquet row group ``part = (file, group)`` (one Dask task)."""
    file, group = part
    with PredictionChunks(file, row_group=group, **options) as chunks:
        return _read_pass(chunks, zeros, settings, positive)


def second_pass(rows: PredictionChunks | DaskRows, zeros: dict, settings: streaming.Settings, positive,
                progress=None) -> dict:
    """Pass two of DeLong's test (7.8): ``zeros`` (``{key: DeLongPlacements}``) over every row, merged.

    ``rows``: the open chunks of pass one (read again in this process;
    ``progress(rows)`` per chunk) or :class:`DaskRows` (a Dask reduction over
    the same row groups, the placement values sent once per worker).
    ``positive`` is the positive class as typed after pass one.  Both give the
    same sums up to floating rounding.
    """
    if isinstance(rows, DaskRows):
        task = functools.partial(_part_pass, settings=settings, options=rows.options, positive=str(positive))
        return reduce_dask(rows.parts, task, scheduler=rows.scheduler, workers=rows.workers, shared=zeros)
    return _read_pass(rows, zeros, settings, str(positive), progress)


def pair_zeros(states: dict, pairs) -> dict:
    """Empty second-pass states of model pairs ``(a, b)`` from pass one's merged ``scores.<model>`` states (7.8)."""
    first = {name: dataclasses.replace(states[f"scores.{name}"], positive=1) for pair in pairs for name in pair}
    return {(a, b): DeLongPlacements.zero(first[a], first[b]) for a, b in pairs}


def delong_tests(assessed: streaming.Assessed, states: dict, rows) -> dict:
    """``{(a, b): DeLong's test}`` of every pair of scored models from a second pass over ``rows`` (7.8).

    Empty without two scored models, with binned or weighted counts (as in
    memory, DeLong's variance counts unweighted samples), with fewer than two
    positives or negatives, or when ``rows`` is None (state files: the rows are elsewhere).
    """
    scored = assessed.settings.scored
    pairs = list(itertools.combinations(scored, 2))
    if rows is None or not pairs or assessed.settings.bins is not None or assessed.weighted:
        return {}
    counts = states[f"scores.{scored[0]}"]
    if min(int(counts.positives.sum()), int(counts.negatives.sum())) < 2:
        return {}
    placements = second_pass(rows, pair_zeros(states, pairs), assessed.settings, assessed.positive)
    return {pair: placements[pair].finalize() for pair in pairs}


def report_intervals(assessed: streaming.Assessed, states: dict, confidence_level: float) -> dict:
    """``{model: DeLong interval}`` where the in-memory report gives one: every scored model (6.3.6, 7.8).

    As :func:`iso4213_nb.report.content._binary_intervals`: none for weighted
    counts (no weighted form) nor with fewer than two positives or negatives;
    none for binned counts either (the report names them as not given).
    """
    if assessed.weighted or assessed.settings.bins is not None or assessed.positive is None:
        return {}
    out = {}
    for name in assessed.settings.scored:
        counts = states[f"scores.{name}"]
        if min(int(counts.positives.sum()), int(counts.negatives.sum())) >= 2:
            out[name] = auroc_interval(counts, confidence_level)
    return out


def dask_rows(source, options: dict, scheduler: str | None, workers: int) -> DaskRows:
    """The :class:`DaskRows` of a Parquet file, folder or glob, read with ``options`` (beyond TS 4213: Dask reduction)."""
    from .accumulators import parquet_parts

    return DaskRows(parquet_parts(source), dict(options), scheduler, int(workers))

