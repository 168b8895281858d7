"""Assessing a multi-label predictions file (6.5) from mergeable states: chunks, Dask, state files.

The multi-label counterpart of :mod:`iso4213_nb.scale.streaming`.  A shard of a
multi-label file holds one state per model, ``multilabel.<model>``: a
:class:`~iso4213_nb.scale.accumulators.LabelSetCounts` over the columns that
:func:`columns` names in each chunk (``true.<j>``, ``pred.<model>.<j>``,
``score.<model>.<j>`` for label j, ``weight``).  A model with scores and no
indicators predicts label j iff its score is at least the threshold, as the
whole-file reader derives it.  Merged, the state of a model gives exactly the
dict of :func:`iso4213_nb.measures.multilabel_summary.summarize` on every row, so
``metrics`` in chunks, on Dask, or from state files prints what it prints for
the whole file.

Beyond TS 4213: chunked (map-reduce) evaluation of clause 6.5.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from . import streaming
from .accumulators import LabelSetCounts, run_local
from ..core.errors import InputError
from ..inputs import MULTILABEL
from ..inputs.chunks import PredictionChunks
from ..inputs.columns import zero_weights

#: The ``task`` of a multi-label state file's settings (a single-label one has none).
TASK = MULTILABEL


@dataclass(frozen=True)
class LabelSettings:
    """What the states of a multi-label shard depend on; only shards with equal settings merge.

    Attributes
    ----------
    models : ``((name, has indicators, has scores), ...)`` in column order.
    labels : the label names, typed and sorted as the whole-file reader's.
    threshold : a model with scores only predicts label j iff its score is at least this.
    weighted : the file has a ``weight`` column (the states sum weights).

    Beyond TS 4213: chunked evaluation of 6.5.
    """

    models: tuple
    labels: tuple
    threshold: float = 0.5
    weighted: bool = False

    def to_json(self) -> dict:
        """The settings as JSON (stored in a state file's ``source``), marked ``"task": "multilabel"`` (6.5; beyond TS 4213: chunked evaluation)."""
        return {"task": TASK, "models": [list(m) for m in self.models], "labels": list(self.labels),
                "threshold": self.threshold, "weighted": self.weighted}

    @classmethod
    def from_json(cls, data: dict, where: str) -> "LabelSettings":
        """Settings from :meth:`to_json`; an :class:`InputError` naming ``where`` when damaged (6.5; beyond TS 4213: chunked evaluation)."""
        try:
            return cls(tuple((str(n), bool(p), bool(s)) for n, p, s in data["models"]), tuple(data["labels"]),
                       float(data["threshold"]), bool(data["weighted"]))
        except (KeyError, TypeError, ValueError):
            raise InputError("streaming.no_settings", path=where) from None

    @classmethod
    def of(cls, chunks: PredictionChunks, threshold: float) -> "LabelSettings":
        """The settings of a multi-label file opened in chunks (6.5; beyond TS 4213: chunked evaluation)."""
        layout = chunks.label_layout
        models = tuple((name, "pred" in kinds, "score" in kinds) for name, kinds in layout.models.items())
        return cls(models, tuple(layout.labels), float(threshold), layout.header.weight is not None)


def settings_from_json(data: dict, where: str):
    """:class:`LabelSettings` or :class:`~iso4213_nb.scale.streaming.Settings`, as a state file's ``task`` says (6.5; beyond TS 4213: chunked evaluation)."""
    if data.get("task") == TASK:
        return LabelSettings.from_json(data, where)
    return streaming.Settings.from_json(data, where)


def settings_of(chunks: PredictionChunks, positive, threshold: float, args) -> LabelSettings:
    """The settings of a multi-label file opened in chunks, refusing what applies to single-label tasks only (6.5; beyond TS 4213: chunked evaluation).

    ``positive`` (``--positive``) and ``args.bins`` (``--bins``) are refused in one line.
    """
    if positive is not None:
        raise InputError("predictions.positive_multilabel", file=chunks.name, y_true=chunks.y_true)
    if getattr(args, "bins", None) is not None:
        raise InputError("multilabel_stream.bins", file=chunks.name)
    return LabelSettings.of(chunks, threshold)


def zeros(settings: LabelSettings) -> dict:
    """The empty states of a multi-label shard: ``multilabel.<model>`` per model (6.5; beyond TS 4213: chunked evaluation)."""
    k = len(settings.labels)
    weight = "weight" if settings.weighted else None
    return {f"multilabel.{name}": LabelSetCounts.zero(
        [f"true.{j}" for j in range(k)], [f"pred.{name}.{j}" for j in range(k)], settings.labels,
        [f"score.{name}.{j}" for j in range(k)] if has_scores else (), weight)
        for name, _, has_scores in settings.models}


def columns(chunk, settings: LabelSettings) -> dict:
    """The arrays the states of :func:`zeros` read from one :class:`~iso4213_nb.inputs.label_chunks.LabelChunk` (6.5; beyond TS 4213: chunked evaluation)."""
    out = {f"true.{j}": values for j, values in enumerate(chunk.truth)}
    if chunk.weight is not None:
        out["weight"] = chunk.weight
    for name, has_pred, has_scores in settings.models:
        scores = chunk.scores.get(name, [])
        preds = chunk.pred[name] if has_pred else [(s >= settings.threshold).astype(np.int8) for s in scores]
        out.update({f"pred.{name}.{j}": values for j, values in enumerate(preds)})
        out.update({f"score.{name}.{j}": values for j, values in enumerate(scores)})
    return out


def shard_states(chunks: PredictionChunks, settings, progress=None) -> dict:
    """Every state of one pass over ``chunks``; ``progress(rows)`` is called per chunk (6.5; beyond TS 4213: chunked evaluation).

    Single-label settings (:class:`~iso4213_nb.scale.streaming.Settings`) go to
    :func:`iso4213_nb.scale.streaming.shard_states`, so a caller need not tell the tasks apart.
    """
    if not isinstance(settings, LabelSettings):
        return streaming.shard_states(chunks, settings, progress=progress)
    return run_local(zeros(settings), chunks, functools.partial(columns, settings=settings), progress=progress)


def part_states(part: tuple, settings, options: dict) -> dict:
    """The states of one row group ``part = (file, group)`` of a Parquet data set (one Dask task); single-label settings go to :func:`iso4213_nb.scale.streaming.part_states` (6.5; beyond TS 4213: chunked evaluation)."""
    if not isinstance(settings, LabelSettings):
        return streaming.part_states(part, settings, options)
    file, group = part
    with PredictionChunks(file, row_group=group, **options) as chunks:
        if chunks.label_layout is None or LabelSettings.of(chunks, settings.threshold) != settings:
            raise InputError("streaming.columns_differ", file=file)
        return shard_states(chunks, settings)


def parquet_states(parts: list, settings, options: dict, *, scheduler: str | None = None, workers: int = 2) -> dict:
    """The merged states of every part, single- or multi-label, as a Dask reduction (:func:`~iso4213_nb.scale.accumulators.engine.reduce_dask`) (6.5; beyond TS 4213: chunked evaluation)."""
    from .accumulators.engine import reduce_dask

    return reduce_dask(parts, functools.partial(part_states, settings=settings, options=options),
                       scheduler=scheduler, workers=workers)


def rows(states: dict) -> int:
    """The rows a shard's states were made of, single-label (its ``truth`` counts) or multi-label (6.5; beyond TS 4213: chunked evaluation)."""
    if "truth" in states:
        return int(states["truth"].counts.trace())
    return int(next(iter(states.values())).rows)


def summary(states: dict, settings: LabelSettings, file: str, *, threshold_given: bool = False) -> dict:
    """The dict ``metrics`` prints for the one model of a multi-label file, from merged states (6.5; beyond TS 4213).

    Raises :class:`InputError` with the whole-file path's words for several
    models, a ``--threshold`` for a model given by indicators, or weights that are all 0.
    """
    if len(settings.models) != 1:
        raise InputError("metrics.multilabel_models", file=file, count=len(settings.models),
                         models=[name for name, _, _ in settings.models])
    name, has_pred, _ = settings.models[0]
    if threshold_given and has_pred:
        raise InputError("metrics.threshold_on_labels", file=file)
    state = states[f"multilabel.{name}"]
    if settings.weighted and state.rows and not state.pair_counts.any():
        raise zero_weights(file, "weight")
    return {"task": MULTILABEL, "model": name,
            "predicted_from": "labels" if has_pred else f"scores >= {settings.threshold:g}", **state.finalize()}
