"""What a state file must mean, beyond its schema: checks run on every state as it is read.

``state.schema.json`` says which fields a state has and of which JSON types;
it cannot say that the distinct scores of a :class:`~.scores.ScoreCounts` are
strictly increasing (an edited file whose scores are not gives a wrong AUROC,
silently), that counts are finite and not negative, or that arrays agree in
length with each other and with the labels.  :func:`check_state` checks those,
for every kind of :data:`~.files.KINDS`, with vectorised numpy (a state of a
100 M-row shard with few distinct scores checks in microseconds).

A problem raises :class:`Damaged`, which :func:`~.files.read_states` puts on
one line with the file and the state's name.

Beyond TS 4213: state files of the chunked evaluation of clause 6.
"""

from __future__ import annotations

from dataclasses import fields

import numpy as np

from ...core.errors import InputError
from .bootstrap import PoissonBootstrap
from .classes import ClassScoreCounts
from .counts import ConfusionCounts, GroupedCounts, GroupedStates, PairedOutcomes
from .labels import LabelSetCounts
from .scores import BinnedScoreCounts, CalibrationBins, ScoreCounts


class Damaged(Exception):
    """A state that does not mean what its kind must: ``where`` in the state (``replicates[3]``, ``parts[0].state``;
    empty for the state itself), ``error`` (an InputError) what is wrong.

    Beyond TS 4213: state files of the chunked evaluation of clause 6.
    """

    def __init__(self, where: str, error: InputError):
        super().__init__(where, error)
        self.where, self.error = where, error


def _finite(where: str, name: str, array: np.ndarray) -> None:
    if array.dtype.kind == "f":
        bad = ~np.isfinite(array)
        if bad.any():
            raise Damaged(where, InputError("state_file.not_finite", array=repr(name),
                                            index=int(np.flatnonzero(bad.ravel())[0])))


def _not_negative(where: str, name: str, array: np.ndarray) -> None:
    _finite(where, name, array)
    bad = array < 0
    if bad.any():
        first = int(np.flatnonzero(bad.ravel())[0])
        raise Damaged(where, InputError("state_file.negative", array=repr(name), index=first,
                                        value=array.ravel()[first].item()))


def _increasing(where: str, name: str, values: np.ndarray) -> None:
    _finite(where, name, values)
    bad = values[1:] <= values[:-1]
    if bad.any():
        i = int(np.flatnonzero(bad)[0]) + 1
        raise Damaged(where, InputError("state_file.not_increasing", array=repr(name), index=i,
                                        value=values[i].item(), previous=values[i - 1].item()))


def _shaped(where: str, name: str, array: np.ndarray, expected: tuple) -> None:
    if array.shape != expected:
        raise Damaged(where, InputError("state_file.shape", array=repr(name), shape=list(array.shape),
                                        expected=list(expected)))


def _counts(where: str, state, names: tuple) -> None:
    """Count arrays: not negative, finite, whole (int64) without a weight column, float sums of weights with one."""
    weighted = getattr(state, "weight", None) is not None
    for name in names:
        array = getattr(state, name)
        _not_negative(where, name, array)
        if array.dtype.kind == "f" and not weighted:
            raise Damaged(where, InputError("state_file.sums_without_weight", array=repr(name)))


def _labels(where: str, labels: tuple) -> None:
    """Labels distinct and in sorted order: merges index counts by the sorted union of labels."""
    try:
        ordered = list(labels) == sorted(set(labels))
    except TypeError:
        ordered = False
    if not ordered:
        raise Damaged(where, InputError("state_file.labels_order", labels=list(labels)))


def _confusion(state: ConfusionCounts, where: str) -> None:
    _labels(where, state.labels)
    k = len(state.labels)
    _shaped(where, "counts", state.counts, (k, k))
    _counts(where, state, ("counts",))


def _paired(state: PairedOutcomes, where: str) -> None:
    _shaped(where, "patterns", state.patterns, (2 ** len(state.preds),))
    _counts(where, state, ("patterns",))


def _score_counts(state: ScoreCounts, where: str) -> None:
    lengths = [len(state.scores), len(state.positives), len(state.negatives)]
    if len(set(lengths)) > 1:
        raise Damaged(where, InputError("state_file.lengths_differ", arrays=["scores", "positives", "negatives"],
                                        lengths=lengths))
    _increasing(where, "scores", state.scores)
    _counts(where, state, ("positives", "negatives"))


def _binned(state: BinnedScoreCounts, where: str) -> None:
    if not (np.isfinite(state.low) and np.isfinite(state.high) and state.low < state.high):
        raise Damaged(where, InputError("accumulators.binned_range", low=state.low, high=state.high))
    for name in ("positives", "negatives"):
        _shaped(where, name, getattr(state, name), (state.bins,))
    _counts(where, state, ("positives", "negatives"))


def _calibration(state: CalibrationBins, where: str) -> None:
    _shaped(where, "sums", state.sums, (state.bins, 5))
    _not_negative(where, "sums", state.sums)  # Σw, Σwp, Σwy, Σwp², Σwpy of p in [0, 1], y in {0, 1}, w ≥ 0
    if state.rows is not None:
        _shaped(where, "rows", state.rows, (state.bins,))
        _not_negative(where, "rows", state.rows)
    if state.loss is not None:
        _shaped(where, "loss", state.loss, (1,))
        _not_negative(where, "loss", state.loss)


def _class_scores(state: ClassScoreCounts, where: str) -> None:
    k, offsets = state.k, state.offsets
    _shaped(where, "offsets", offsets, (k + 1,))
    if offsets[0] != 0 or offsets[-1] != len(state.distinct) or (np.diff(offsets) < 0).any():
        raise Damaged(where, InputError("state_file.offsets", offsets=offsets.tolist(), count=len(state.distinct),
                                        columns=k))
    _finite(where, "distinct", state.distinct)
    steps = np.diff(state.distinct) > 0
    inside = np.ones(len(steps), dtype=bool)
    inside[offsets[1:-1][(offsets[1:-1] > 0) & (offsets[1:-1] < len(state.distinct))] - 1] = False
    if not steps[inside].all():  # strictly increasing within each column's run
        i = int(np.flatnonzero(inside & ~steps)[0]) + 1
        raise Damaged(where, InputError("state_file.not_increasing", array=repr("distinct"), index=i,
                                        value=state.distinct[i].item(), previous=state.distinct[i - 1].item()))
    _shaped(where, "counts", state.counts, (len(state.distinct), k))
    _shaped(where, "ranks", state.ranks, (k, k) if state.ranks.ndim == 2 else (k,))
    _shaped(where, "sums", state.sums, (3,))
    _counts(where, state, ("counts", "ranks"))
    _not_negative(where, "sums", state.sums)
    for name, size in (("outside", 3), ("unnormalised", 2)):
        record = getattr(state, name)
        _shaped(where, name, record, (size,))
        row = record[0]  # inf: no such row yet; else a row number
        if np.isnan(record).any() or not (np.isposinf(row) or (row >= 0 and row == np.floor(row))) \
                or not np.isfinite(record[1:]).all():
            raise Damaged(where, InputError("state_file.first_row", array=repr(name), values=record.tolist()))


def _label_sets(state: LabelSetCounts, where: str) -> None:
    _counts(where, state, ("cells", "pair_counts"))
    _not_negative(where, "present", state.present)
    width = len(state.labels)
    _increasing(where, "pairs", state.pairs)
    union, inter = np.divmod(state.pairs, width + 1)
    bad = (state.pairs < 0) | (union > width) | (inter > union)
    if bad.any():
        raise Damaged(where, InputError("state_file.pair_code", code=int(state.pairs[np.argmax(bad)]), labels=width))
    for j, (part, true, score) in enumerate(zip(state.ranking, state.truths, state.scores)):
        step = f"ranking[{j}]"
        if (part.true, part.score, part.weight) != (true, score, state.weight):
            raise Damaged(_join(where, step), InputError("state_file.part_columns"))
        check_state(part, _join(where, step))


def _join(where: str, step: str) -> str:
    return f"{where}.{step}" if where else step


def _same_kind(where: str, first, other) -> None:
    """``other`` can merge with ``first``: same kind and columns (its ``merge`` would refuse it later, without the file)."""
    same = type(first) is type(other)
    if same:
        free = ("labels", "rows", "fractional", "loss") if isinstance(first, ConfusionCounts) else ("rows", "loss")
        config = [f.name for f in fields(first) if f.name not in free
                  and not isinstance(getattr(first, f.name), (np.ndarray, list, dict))]
        same = all(getattr(first, name) == getattr(other, name) for name in config)
    if not same:
        raise Damaged(where, InputError("state_file.part_columns"))


def _parts(state, where: str, template) -> None:
    for i, part in enumerate(state.parts.values()):
        step = _join(where, f"parts[{i}].state")
        _same_kind(step, template, part)
        check_state(part, step)


def _grouped_counts(state: GroupedCounts, where: str) -> None:
    _parts(state, where, ConfusionCounts.zero(state.true, state.pred, state.weight))


def _grouped_states(state: GroupedStates, where: str) -> None:
    check_state(state.template, _join(where, "template"))
    _parts(state, where, state.template)


def _array_shapes(state) -> list:
    return [list(value.shape) for f in fields(state) if isinstance(value := getattr(state, f.name), np.ndarray)]


def _bootstrap(state: PoissonBootstrap, where: str) -> None:
    first = state.states[0]
    shapes = _array_shapes(first)
    for r, replicate in enumerate(state.states):
        step = _join(where, f"replicates[{r}]")
        _same_kind(step, first, replicate)
        these = _array_shapes(replicate)
        if these != shapes:
            raise Damaged(step, InputError("state_file.replicate_shape", shapes=these, first=shapes))
        check_state(replicate, step)


CHECKS = {ConfusionCounts: _confusion, GroupedCounts: _grouped_counts, PairedOutcomes: _paired,
          ScoreCounts: _score_counts, BinnedScoreCounts: _binned, CalibrationBins: _calibration,
          PoissonBootstrap: _bootstrap, ClassScoreCounts: _class_scores, GroupedStates: _grouped_states,
          LabelSetCounts: _label_sets}


#: Most whole counts the states of one name may hold together, over every file merged: merges add counts as
#: 64-bit integers (largest 2^63 - 1), and the measures add them up again; no real shard comes near.
MAX_TOTAL = 2.0 ** 62


def count_total(state) -> float:
    """The sum of every whole-count (int64) array of ``state``, its parts and replicates included, as a float
    (beyond TS 4213: state files of the chunked evaluation of clause 6)."""
    total = 0.0
    for f in fields(state):
        value = getattr(state, f.name)
        if isinstance(value, np.ndarray) and value.dtype == np.int64:
            total += float(value.sum(dtype=np.float64))
        elif isinstance(value, dict):
            total += sum(count_total(v) for v in value.values() if hasattr(v, "__dataclass_fields__"))
        elif isinstance(value, (list, tuple)):
            total += sum(count_total(v) for v in value if hasattr(v, "__dataclass_fields__"))
        elif hasattr(value, "__dataclass_fields__"):
            total += count_total(value)
    return total


def check_totals(states: dict) -> None:
    """Raise :class:`Damaged` unless the confusion matrices of one file with the same weight column total the same
    (the truth's and each model's: a shard has one number of rows, or one sum of weights), and no state's counts
    exceed :data:`MAX_TOTAL`.

    Beyond TS 4213: state files of the chunked evaluation of clause 6.
    """
    by_weight: dict = {}  # the truth counts rows, a weighted model sums weights: compare like with like
    for name, state in states.items():
        if isinstance(state, ConfusionCounts):
            by_weight.setdefault(state.weight, {})[name] = float(state.counts.sum(dtype=np.float64))
    for totals in by_weight.values():
        if not np.allclose(list(totals.values()), next(iter(totals.values())), rtol=1e-9, atol=0):
            raise Damaged("", InputError("state_file.totals_differ",
                                         totals=[f"{n} {t:g}" for n, t in totals.items()]))
    for name, state in states.items():
        if count_total(state) > MAX_TOTAL:
            raise Damaged("", InputError("state_file.too_large", name=repr(name)))


def check_state(state, where: str = "") -> None:
    """Raise :class:`Damaged` unless ``state`` (read from a file) means what its kind must (see the module docstring).

    Beyond TS 4213: state files of the chunked evaluation of clause 6.
    """
    CHECKS[type(state)](state, where)
