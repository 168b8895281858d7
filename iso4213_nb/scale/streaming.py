"""Assessing a predictions file from mergeable states: bounded memory, any number of shards (beyond TS 4213).

The measures of clause 6 depend on the rows only through counts, so a file
read in chunks (:class:`~iso4213_nb.inputs.chunks.PredictionChunks`), the row
groups of a Parquet data set spread over Dask workers, or shards assessed on
different machines and saved as state files all give the numbers of the
in-memory path exactly.  For one shard, :func:`shard_states` holds:

``truth``          counts of (true label, true label): the classes and their counts
``labels.<m>``     counts of (true label, predicted label) of model m (6.2.2)
``derived.<m>``    for a model with scores only: counts of (is positive, score ≥ threshold)
``scores.<m>``     exact counts per distinct score (6.3.6–6.3.9), or per bin with ``bins``
``paired``         with two models or more: which models are right on each row (McNemar, 7.9)
``classes.<m>``    a multi-class model's class scores: counts per distinct score and class (6.4)
``group.<g>.<m>``  per value of subgroup attribute g, model m's counts as ``labels.<m>`` / ``derived.<m>`` (5.3.2)
``gscores.<g>.<m>`` per value of g, model m's exact score counts (``scores.<m>`` or ``classes.<m>``): its AUROC

With a ``weight`` column every state of a model (not ``truth`` nor
``paired``) holds sums of sample weights, as the weighted in-memory path.
A model with two class-score columns (a binary task) is read as a model with
the positive class's column as its score, as the whole-file reader does.

Label codes of one shard become label texts at its end (:func:`shard_states`);
texts become integers only after every shard is merged (:func:`assess_states`),
with the whole-file rule of :func:`~iso4213_nb.inputs.chunks.typed_labels`.

What the states cannot give, holding no rows: DeLong's test of two models (a
second pass, :mod:`.streamed_delong`), the subgroups' bootstrap intervals (the
measures' come from the merged counts or a Poisson bootstrap,
:mod:`.streamed_bootstrap`), with ``bins`` a subgroup's AUROC, and calibration's
equal-mass bins (quantiles of the rows; the equal-width part is
:class:`~iso4213_nb.scale.accumulators.CalibrationBins`).  :data:`NEED_ROWS`
holds the reason codes the report gives for what needs the rows (the measures' row bootstrap too).
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass

import numpy as np

from .accumulators import (BinnedScoreCounts, ClassScoreCounts, ConfusionCounts, GroupedCounts, GroupedStates,
                           PairedOutcomes, ScoreCounts, merge_all, run_local)
from . import streamed_bootstrap
from ..measures import stacked
from ..measures.assessment import AREAS, Collector, assess_matrix
from ..measures.confusion import ConfusionMatrix
from ..measures.curves import BinaryScores
from ..core.errors import InputError
from ..inputs import resolve_positive
from ..inputs.layout import schema_column
from ..inputs.predictions import check_classes
from ..inputs.chunks import PredictionChunk, PredictionChunks, check_class_columns, typed_labels
from ..inputs.columns import zero_weights
from ..measures.multiclass_scores import TOP_K

#: The positive class assumed while streaming when none is named: label 1 of labels 0 and 1 (as the whole-file reader).
DEFAULT_POSITIVE_TEXT = "1"
#: Measures that need the rows themselves, with the reason code of each (words are added by the caller).
NEED_ROWS = {"delong_test": "second_pass", "bootstrap_intervals": "rows",
             "subgroup_bootstrap_intervals": "subgroup_rows"}
#: The areas a binned state gives only approximately; the AUROC's bound is stated, the others have none.
BINNED_AREAS = AREAS


@dataclass(frozen=True)
class Settings:
    """What the states of a shard depend on; only shards with equal settings merge (beyond TS 4213: mergeable counts).

    Attributes
    ----------
    models : ``((name, has labels, has scores), ...)`` in column order.
    positive : the positive class as written (text), or None for the default rule (1 of labels 0/1).
    threshold : a model with scores only predicts positive iff ``score >= threshold``.
    bins, low, high : with ``bins``, scores are counted in that many equal bins of [low, high].
    weighted : the file has a ``weight`` column (every model's state sums weights).
    groups : the subgroup attributes (``group_<name>`` without the prefix, or a ``--group`` column).
    classes : ``((model, (class-score columns...), labels from arg-max), ...)`` for models with
        ``<model>_score_<class>`` columns, in the order of ``class_texts``.
    class_texts : the classes those columns name, as text, in the whole-file reader's order.

    A model's ``has labels`` is true when its labels are counted from label codes: given by a
    label column, or the arg-max of its class scores.
    """

    models: tuple
    positive: str | None = None
    threshold: float = 0.5
    bins: int | None = None
    low: float = 0.0
    high: float = 1.0
    weighted: bool = False
    groups: tuple = ()
    classes: tuple = ()
    class_texts: tuple = ()
    #: a :class:`~iso4213_nb.scale.streamed_bootstrap.Resampling` when the run gives bootstrap intervals (not stored in state files)
    resampling: object = dataclasses.field(default=None, compare=False)

    @property
    def multiclass(self) -> dict:
        """Model → class-score columns, for models with three or more classes (beyond TS 4213: mergeable counts)."""
        return {model: cols for model, cols, _ in self.classes if len(cols) > 2}

    @property
    def argmax(self) -> list[str]:
        """Models whose labels are the arg-max of their class scores (6.4; beyond TS 4213: mergeable counts)."""
        return [model for model, _, argmax in self.classes if argmax]

    @property
    def scored(self) -> list[str]:
        """Names of the models with scores (beyond TS 4213: mergeable counts)."""
        return [name for name, _, has_scores in self.models if has_scores]

    def to_json(self) -> dict:
        """The settings as JSON (stored in a state file's ``source``) (beyond TS 4213: mergeable counts)."""
        return {"models": [list(m) for m in self.models], "positive": self.positive, "threshold": self.threshold,
                "bins": self.bins, "low": self.low, "high": self.high, "weighted": self.weighted,
                "groups": list(self.groups), "classes": [[m, list(c), a] for m, c, a in self.classes],
                "class_texts": list(self.class_texts)}

    @classmethod
    def from_json(cls, data: dict, where: str) -> "Settings":
        """Settings from :meth:`to_json`; an :class:`InputError` naming ``where`` when damaged (beyond TS 4213: mergeable counts)."""
        try:
            return cls(tuple((str(n), bool(p), bool(s)) for n, p, s in data["models"]), data["positive"],
                       float(data["threshold"]), data["bins"], float(data["low"]), float(data["high"]),
                       bool(data.get("weighted", False)), tuple(map(str, data.get("groups", ()))),
                       tuple((str(m), tuple(map(str, c)), bool(a)) for m, c, a in data.get("classes", ())),
                       tuple(map(str, data.get("class_texts", ()))))
        except (KeyError, TypeError, ValueError):
            raise InputError("streaming.no_settings", path=where) from None

    @classmethod
    def of(cls, chunks: PredictionChunks, *, positive=None, threshold: float = 0.5, bins: int | None = None,
           low: float = 0.0, high: float = 1.0) -> "Settings":
        """The settings of a predictions file opened in chunks (beyond TS 4213: mergeable counts)."""
        binary = len(chunks.class_texts) == 2
        models = tuple((name, "_pred" in cols or (name in chunks.class_columns and not binary),
                        "_score" in cols or (name in chunks.class_columns and binary))
                       for name, cols in chunks.models.items())
        classes = tuple((m, tuple(cols), "_pred" not in chunks.models[m]) for m, cols in chunks.class_columns.items())
        return cls(models, None if positive is None else str(positive), float(threshold),
                   None if bins is None else int(bins), float(low), float(high), chunks.weight is not None,
                   tuple(chunks.groups), classes, tuple(chunks.class_texts))


def _score_zero(name: str, weight: str | None) -> ScoreCounts:
    return ScoreCounts.zero(f"score.{name}", positive=1, true="positive", weight=weight)


def _class_zero(name: str, k: int, weight: str | None) -> ClassScoreCounts:
    return ClassScoreCounts.zero([f"class.{name}.{j}" for j in range(k)], true="class_index", row="row", weight=weight)


def zeros(settings: Settings) -> dict:
    """The empty states of a shard (names in the module docstring) (beyond TS 4213: mergeable counts)."""
    weight = "weight" if settings.weighted else None
    states = {"truth": ConfusionCounts.zero("y_true", "y_true")}
    for name, has_pred, has_scores in settings.models:
        true, pred = ("y_true", f"pred.{name}") if has_pred else ("positive", f"above.{name}")
        states[f"labels.{name}" if has_pred else f"derived.{name}"] = ConfusionCounts.zero(true, pred, weight)
        for group in settings.groups:
            states[f"group.{group}.{name}"] = GroupedCounts.zero(f"group.{group}", true, pred, weight)
        if has_scores:
            states[f"scores.{name}"] = (
                _score_zero(name, weight) if settings.bins is None else
                BinnedScoreCounts.zero(f"score.{name}", settings.bins, positive=1, true="positive",
                                       low=settings.low, high=settings.high, weight=weight))
    for name, cols in settings.multiclass.items():
        states[f"classes.{name}"] = _class_zero(name, len(cols), weight)
    for group in settings.groups:  # each group value starts from a copy of an empty state
        for name in settings.scored if settings.bins is None else []:
            states[f"gscores.{group}.{name}"] = GroupedStates.zero(f"group.{group}", _score_zero(name, weight))
        for name, cols in settings.multiclass.items():
            states[f"gscores.{group}.{name}"] = GroupedStates.zero(f"group.{group}",
                                                                   _class_zero(name, len(cols), weight))
    states.update(streamed_bootstrap.zeros(settings.resampling, {name: [f"class.{name}.{j}" for j in range(len(cols))]
                                                                  for name, cols in settings.multiclass.items()},
                                           settings.scored))
    if len(settings.models) > 1:
        states["paired"] = PairedOutcomes.zero([f"right.{name}" for name, _, _ in settings.models], true="one")
    return states


def class_codes(chunks: PredictionChunks, settings: Settings) -> tuple[np.ndarray, np.ndarray]:
    """``(code of each class, class index of each label code so far)``: −1 for a label with no class-score column (beyond TS 4213: mergeable counts)."""
    codes = np.array([chunks.codes.code(text) for text in settings.class_texts], dtype=np.int64)
    index = np.full(len(chunks.codes.texts), -1, dtype=np.int64)
    index[codes] = np.arange(len(codes))
    return codes, index


def columns(chunk: PredictionChunk, settings: Settings, positive_code: int, classes=None) -> dict:
    """The arrays the states of :func:`zeros` read from one chunk; ``classes`` is :func:`class_codes` (beyond TS 4213: mergeable counts)."""
    out = {"y_true": chunk.y_true, "one": np.ones(len(chunk), dtype=np.int8)}
    is_positive = (chunk.y_true == positive_code).astype(np.int8)
    if settings.scored:
        out["positive"] = is_positive
    if chunk.weight is not None:
        out["weight"] = chunk.weight
    for group, values in chunk.groups.items():
        out[f"group.{group}"] = values
    scores, pred = dict(chunk.scores), dict(chunk.pred)
    if chunk.classes:
        codes, index = classes
        out["row"] = chunk.start + np.arange(len(chunk), dtype=np.int64)
        out["class_index"] = index[chunk.y_true]
        positive = settings.class_texts.index(settings.positive or DEFAULT_POSITIVE_TEXT) \
            if (settings.positive or DEFAULT_POSITIVE_TEXT) in settings.class_texts else 1
        for name, matrix in chunk.classes.items():
            if matrix.shape[1] == 2:
                scores[name] = matrix[:, positive]
                continue
            for j in range(matrix.shape[1]):
                out[f"class.{name}.{j}"] = matrix[:, j]
            if name not in pred:
                pred[name] = codes[np.argmax(matrix, axis=1)]
    for name, has_pred, has_scores in settings.models:
        if has_scores:
            out[f"score.{name}"] = scores[name]
        if has_pred:
            out[f"pred.{name}"] = pred[name]
            right = pred[name] == chunk.y_true
        else:
            above = (scores[name] >= settings.threshold).astype(np.int8)
            out[f"above.{name}"] = above
            right = above == is_positive
        out[f"right.{name}"] = right.astype(np.int8)
    out.update(streamed_bootstrap.columns(settings.resampling, chunk, out, settings.scored))
    return out


def chunk_columns(chunk: PredictionChunk, chunks: PredictionChunks, settings: Settings, positive_code: int) -> dict:
    """:func:`columns` of one chunk of ``chunks``, with the class codes read so far: the ``read_part`` of
    :func:`~iso4213_nb.scale.accumulators.run_local` over a file's chunks (beyond TS 4213: mergeable counts)."""
    return columns(chunk, settings, positive_code, class_codes(chunks, settings) if chunk.classes else None)


def shard_states(chunks: PredictionChunks, settings: Settings, progress=None) -> dict:
    """Every state of one pass over ``chunks``, its labels as text; ``progress(rows)`` is called per chunk (beyond TS 4213: mergeable counts)."""
    positive_code = chunks.codes.code(settings.positive or DEFAULT_POSITIVE_TEXT)
    read = functools.partial(chunk_columns, chunks=chunks, settings=settings, positive_code=positive_code)
    try:
        states = run_local(zeros(settings), chunks, read, progress=progress)
    except InputError as exc:  # a score beyond --bins-range, named by its model rather than the state's column key
        if exc.code != "accumulators.score_outside_bins":
            raise
        column = exc.params["name"].strip("'\"")  # the state's key of the scores: score.<model>
        raise InputError("streaming.score_outside_bins", file=chunks.name, model=repr(column.removeprefix("score.")),
                         **{k: exc.params[k] for k in ("score", "low", "high")}) from None
    if getattr(chunks, "key_runs", None) is not None:  # --row-key: its keys, checked once each, merge across parts
        states[streamed_bootstrap.KEY_RUNS] = chunks.key_runs
    texts = dict(enumerate(chunks.codes.texts))
    for name, state in states.items():
        if name == "truth" or name.startswith("labels.") or (name.startswith("group.") and state.true == "y_true"):
            states[name] = state.relabel(texts)
    return states


def part_states(part: tuple, settings: Settings, options: dict) -> dict:
    """The states of one row group ``part = (file, group)`` of a Parquet data set (one Dask task) (beyond TS 4213: mergeable counts)."""
    file, group = part
    if settings.resampling is not None:  # row keys count from the file's first row in the data set
        settings = dataclasses.replace(settings, resampling=streamed_bootstrap.for_file(settings.resampling, file))
    with PredictionChunks(file, row_group=group, **options) as chunks:
        these = Settings.of(chunks)
        if (these.models, these.weighted, these.groups, these.classes) != (settings.models, settings.weighted,
                                                                            settings.groups, settings.classes):
            raise InputError("streaming.columns_differ", file=file)
        return shard_states(chunks, settings)


def merge_shards(shards: list[dict]) -> dict:
    """States of several shards (same settings) merged name by name; independent of their order (beyond TS 4213: mergeable counts)."""
    names = list(shards[0])
    for shard in shards[1:]:
        if list(shard) != names:
            raise InputError("streaming.shards_differ")
    return {name: merge_all(shard[name] for shard in shards) for name in names}


@dataclass(frozen=True)
class ModelCounts:
    """One model's merged results: its confusion matrix and, with scores, its curves (beyond TS 4213: mergeable counts).

    ``scores`` is exact (:class:`~iso4213_nb.measures.curves.BinaryScores`) or, in
    binned mode, ``binned`` holds the :class:`~iso4213_nb.scale.accumulators.BinnedScores`
    (with the AUROC's worst-case error) and ``scores`` its curves at the bin edges.
    """

    matrix: ConfusionMatrix
    scores: BinaryScores | None
    binned: object | None
    derived_at: float | None


@dataclass(frozen=True)
class Assessed:
    """Merged states made into results: the classes, the positive class, every model's counts, paired outcomes (beyond TS 4213: mergeable counts)."""

    n: int
    labels: list
    class_counts: dict
    positive: object
    models: dict
    paired: PairedOutcomes | None
    predicted_only: dict
    settings: Settings
    class_scores: dict = dataclasses.field(default_factory=dict)
    groups: dict = dataclasses.field(default_factory=dict)
    group_aurocs: dict = dataclasses.field(default_factory=dict)

    @property
    def weighted(self) -> bool:
        """True when the counts are sums of sample weights (a ``weight`` column) (beyond TS 4213: mergeable counts)."""
        return self.settings.weighted


def assess_states(states: dict, settings: Settings, file: str, *, positive_required: bool = True,
                  y_true: str = "y_true", score_columns: dict | None = None) -> Assessed:
    """Type the labels of merged states and check what the whole-file reader checks (beyond TS 4213: mergeable counts).

    ``file`` and ``y_true`` (the column of the true labels) name the input in
    messages, and a scored model's column is the layout's (``score``, ``<model>_score``) unless
    ``score_columns`` (model → column: ``metrics --score``) names it.  Raises :class:`InputError` for a single class, scores on more
    than two classes, a positive class that is not a class, or
    (``positive_required``) a binary task without one, with the whole-file
    reader's codes (:func:`~iso4213_nb.inputs.predictions.check_classes`).
    """
    truth = states["truth"]
    given = [states[f"labels.{name}"] for name, has_pred, _ in settings.models if has_pred]
    texts = {label for state in (truth, *given) for label in state.labels}
    mapping = typed_labels(sorted(texts))
    truth = truth.relabel(mapping)
    labels = list(truth.labels)
    if not labels:
        raise InputError("streaming.no_class", file=file, y_true=y_true)
    if settings.classes:
        check_class_columns({m: cols for m, cols, _ in settings.classes}, labels, file, y_true)
    layout = {name: schema_column(name, "score") for name in settings.scored}  # a state keeps the models' names
    check_classes(labels, file, y_true, settings.positive, {**layout, **(score_columns or {})})
    binary = len(labels) == 2
    positive = (resolve_positive(settings.positive, labels, file, required=positive_required or bool(settings.scored))
                if binary else None)
    derived = {0: next(label for label in labels if label != positive), 1: positive}  # a model's score >= threshold
    models, predicted_only = {}, {}
    for name, has_pred, has_scores in settings.models:
        if has_pred:
            counts = states[f"labels.{name}"].relabel(mapping)
            predicted_only[name] = [label for label in counts.labels if label not in set(labels)]
        else:
            counts = states[f"derived.{name}"].relabel(derived)
        scores = binned = None
        if has_scores:
            state = dataclasses.replace(states[f"scores.{name}"], positive=positive)
            if settings.bins is None:
                scores = state.finalize()
            else:
                binned = state.finalize()
                scores = binned.scores
        if settings.weighted and not counts.counts.any():
            raise zero_weights(file, "weight")
        models[name] = ModelCounts(counts.finalize(), scores, binned, None if has_pred else settings.threshold)
    top_k = tuple(k for k in TOP_K if k < len(labels))
    class_scores = {name: states[f"classes.{name}"].finalize(labels, top_k) for name in settings.multiclass}
    groups = {group: {name: {value: part.relabel(mapping if has_pred else derived)
                             for value, part in states[f"group.{group}.{name}"].finalize().items()}
                      for name, has_pred, _ in settings.models} for group in settings.groups}
    group_aurocs = {group: {name: {value: group_auroc(state, positive, labels)
                                   for value, state in states[f"gscores.{group}.{name}"].finalize().items()}
                            for name, *_ in settings.models if f"gscores.{group}.{name}" in states}
                    for group in settings.groups}
    n = int(np.trace(truth.counts))
    return Assessed(n, labels, {label: int(c) for label, c in zip(labels, np.diag(truth.counts))}, positive, models,
                    states.get("paired"), predicted_only, settings,
                    class_scores, groups, group_aurocs)


def group_auroc(state, positive, labels: list) -> float:
    """One subgroup's AUROC as :mod:`iso4213_nb.subgroups.rows` defines it, from its exact score state (6.3.6, 5.3.2).

    Binary: the AUROC of the group's scores (NaN with one class).  Multi-class:
    the mean one-vs-rest AUROC over the classes with members and non-members in
    the group (NaN when none has).
    """
    if isinstance(state, ScoreCounts):
        scores = dataclasses.replace(state, positive=positive)
        if not (scores.positives.any() and scores.negatives.any()):
            return float("nan")
        return float(scores.finalize().auroc())
    values = [curve.auroc() for curve in state.one_vs_rest(labels).values() if curve.positives and curve.negatives]
    return float(stacked.mean_of_defined(np.array([values]))[0]) if values else float("nan")


def metrics(assessed: Assessed, name: str) -> dict:
    """The dict of :func:`iso4213_nb.measures.assessment.assess` for one model, from its merged counts (beyond TS 4213: mergeable counts).

    In binned mode the areas are those of the binned curves and the dict gains
    ``binned``: the number of bins, their range, the approximate areas and the
    AUROC's worst-case error bound.
    """
    model = assessed.models[name]
    result = assess_matrix(model.matrix)
    if model.scores is None:
        return result
    keep = Collector()
    keep.undefined = result.pop("undefined")
    result["positive"] = assessed.positive
    result["predicted_from"] = ("y_pred" if model.derived_at is None
                                else f"scores >= {model.derived_at:g}")
    for area in BINNED_AREAS:
        result[area] = keep(area, getattr(model.scores, area)())
    result["undefined"] = keep.undefined
    if model.binned is not None:
        result["binned"] = {"bins": model.binned.bins, "low": model.binned.low, "high": model.binned.high,
                            "approximate": list(BINNED_AREAS), "auroc_error_bound": model.binned.auroc_error_bound}
    return result

