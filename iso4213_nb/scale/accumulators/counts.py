"""Count states: label pairs (6.2.2), per subgroup (5.3.2), correctness patterns of several models (7.9)."""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field

import numpy as np
from scipy.special import chdtrc

from ...measures.confusion import ConfusionMatrix
from ...core.checks import same_length
from ...core.errors import InputError
from ...core.undefined import Undefined
from .base import Chunk, column, counted, is_fractional, row_weights, sample_weights


def _python(values) -> tuple:
    return tuple(v.item() if isinstance(v, np.generic) else v for v in values)


def _sorted_union(a: tuple, b: tuple) -> tuple:
    try:
        return tuple(sorted(set(a) | set(b)))
    except TypeError:
        raise InputError("accumulators.mixed_label_kinds") from None


def _widen(labels: tuple, counts: np.ndarray, into: tuple) -> np.ndarray:
    """``counts`` (indexed by ``labels`` on every axis) placed in a zero table indexed by ``into``."""
    where = {label: i for i, label in enumerate(into)}
    index = np.array([where[label] for label in labels], dtype=np.int64)
    out = np.zeros((len(into),) * counts.ndim, dtype=counts.dtype)
    out[np.ix_(*([index] * counts.ndim))] = counts
    return out


#: Largest label for which integer labels are counted by one bincount (no sort): label codes of a streaming reader.
SMALL_INTEGER = 4096


def _small_integer_table(t: np.ndarray, p: np.ndarray, w) -> tuple[np.ndarray, np.ndarray] | None:
    """``(labels, counts)`` of non-negative integer labels below :data:`SMALL_INTEGER` by one bincount, else None."""
    if t.dtype.kind not in "iu" or p.dtype.kind not in "iu":
        return None
    low, high = min(t.min(), p.min()), max(t.max(), p.max())
    if low < 0 or high >= SMALL_INTEGER:
        return None
    k = int(high) + 1
    if p is t:  # a column against itself (the truth's own counts): its counts on the diagonal
        table = np.diag(counted(np.bincount(t, weights=w, minlength=k), w))
    else:
        table = counted(np.bincount(t.astype(np.int64) * k + p, weights=w, minlength=k * k), w).reshape(k, k)
    if w is None:  # every row counts once in its cell, so a label is present where its row or column is not empty
        present = (table.sum(axis=0) + table.sum(axis=1)) > 0
    else:  # a label seen only in rows of weight 0 is present too
        present = (np.bincount(t, minlength=k) + np.bincount(p, minlength=k)) > 0
    return np.flatnonzero(present).astype(np.result_type(t.dtype, p.dtype)), table[np.ix_(present, present)]


@dataclass
class ConfusionCounts:
    """Counts of (true label, predicted label) pairs; finalizes to a :class:`~iso4213_nb.measures.confusion.ConfusionMatrix`.

    The labels are the sorted union of every label seen in either column, as
    :meth:`ConfusionMatrix.from_predictions` infers them.  Holds k² int64
    counts, whatever the number of rows; with a ``weight`` column of sample
    weights, k² float64 sums of weights (scikit-learn's ``sample_weight``; a
    label seen only in rows of weight 0 is kept, as in memory).  ``rows``
    counts the rows read and ``fractional`` says whether a weight was not a
    whole number (then count-based intervals have no counts to stand on).

    Clause 6.2.2.
    """

    true: str = "y_true"
    pred: str = "y_pred"
    labels: tuple = ()
    counts: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), dtype=np.int64))
    weight: str | None = None
    rows: int = 0
    fractional: bool = False

    @classmethod
    def zero(cls, true: str = "y_true", pred: str = "y_pred", weight: str | None = None) -> "ConfusionCounts":
        """No rows yet; reads true labels from column ``true``, predictions from ``pred``, sample weights from ``weight``."""
        counts = np.zeros((0, 0), dtype=np.int64 if weight is None else np.float64)
        return cls(true, pred, counts=counts, weight=weight)

    def update(self, chunk: Chunk, weights=None) -> "ConfusionCounts":
        t, p = column(chunk, self.true), column(chunk, self.pred)
        same_length(**{repr(self.true): t, repr(self.pred): p})
        w = sample_weights(chunk, self.weight, weights, len(t))
        if len(t) == 0:
            return self
        self.rows += len(t)
        self.fractional = self.fractional or is_fractional(chunk, self.weight)
        table = _small_integer_table(t, p, w)
        if table is not None:
            labels, table = table
        else:
            try:
                labels, codes = np.unique(np.concatenate([t, p]), return_inverse=True)
            except TypeError:
                raise InputError("accumulators.text_and_numbers", true=repr(self.true), pred=repr(self.pred)) from None
            k = len(labels)
            flat = codes[: len(t)] * k + codes[len(t):]
            table = counted(np.bincount(flat, weights=w, minlength=k * k), w).reshape(k, k)
        merged = self.merge(ConfusionCounts(self.true, self.pred, _python(labels), table, self.weight))
        self.labels, self.counts = merged.labels, merged.counts
        return self

    def merge(self, other: "ConfusionCounts") -> "ConfusionCounts":
        if (self.true, self.pred, self.weight) != (other.true, other.pred, other.weight):
            raise InputError("accumulators.merge_other_columns")
        labels = _sorted_union(self.labels, other.labels)
        counts = _widen(self.labels, self.counts, labels) + _widen(other.labels, other.counts, labels)
        return ConfusionCounts(self.true, self.pred, labels, counts, self.weight, self.rows + other.rows,
                               self.fractional or other.fractional)

    def relabel(self, mapping) -> "ConfusionCounts":
        """The same counts under new labels, ``mapping[old label] -> new label``; labels mapped to one add up.

        Lets a streaming reader count label codes and name them at the end
        (:func:`iso4213_nb.scale.streaming.shard_states`), and turn text labels into
        integers once every part is merged.
        """
        new = [mapping[label] for label in self.labels]
        labels = _sorted_union(tuple(new), ())
        where = {label: i for i, label in enumerate(labels)}
        index = np.array([where[label] for label in new], dtype=np.int64)
        counts = np.zeros((len(labels), len(labels)), dtype=self.counts.dtype)
        np.add.at(counts, (index[:, None], index[None, :]), self.counts)
        return dataclasses.replace(self, labels=labels, counts=counts)

    def finalize(self) -> ConfusionMatrix:
        """The confusion matrix of every row added (rows = true classes); weighted (float cells) with a weight column."""
        if len(self.labels) < 2:
            raise InputError("accumulators.one_class", count=len(self.labels))
        if self.counts.dtype.kind == "f":
            return ConfusionMatrix(self.counts.copy(), list(self.labels))
        return ConfusionMatrix.from_counts(self.counts, list(self.labels), rows="true")


def _merge_parts(a: dict, b: dict) -> dict:
    """Two ``{group value: state}`` mappings as one, states of a value in both merged."""
    parts = dict(a)
    for value, part in b.items():
        parts[value] = parts[value].merge(part) if value in parts else part
    return parts


def _sorted_parts(parts: dict) -> dict:
    """``parts`` in the sorted order of their group values (as text when they do not compare)."""
    try:
        keys = sorted(parts)
    except TypeError:
        keys = sorted(parts, key=str)
    return {value: parts[value] for value in keys}


@dataclass
class GroupedCounts:
    """One :class:`ConfusionCounts` per value of a subgroup column (bias, 5.3.2)."""

    group: str
    true: str = "y_true"
    pred: str = "y_pred"
    parts: dict = field(default_factory=dict)
    weight: str | None = None

    @classmethod
    def zero(cls, group: str, true: str = "y_true", pred: str = "y_pred", weight: str | None = None
             ) -> "GroupedCounts":
        """No rows yet; ``weight`` names a column of sample weights (each part then holds sums of weights)."""
        return cls(group, true, pred, weight=weight)

    def update(self, chunk: Chunk, weights=None) -> "GroupedCounts":
        g = column(chunk, self.group)
        w = row_weights(weights, len(g))
        names = [self.true, self.pred, *([self.weight] if self.weight else [])]
        arrays = {name: column(chunk, name) for name in names}
        values, codes = np.unique(g, return_inverse=True)
        for i, value in enumerate(_python(values)):
            rows = codes == i
            part = ConfusionCounts.zero(self.true, self.pred, self.weight).update(
                {name: a[rows] for name, a in arrays.items()}, None if w is None else w[rows])
            self.parts[value] = self.parts[value].merge(part) if value in self.parts else part
        return self

    def merge(self, other: "GroupedCounts") -> "GroupedCounts":
        if (self.group, self.true, self.pred, self.weight) != (other.group, other.true, other.pred, other.weight):
            raise InputError("accumulators.merge_other_columns")
        return GroupedCounts(self.group, self.true, self.pred, _merge_parts(self.parts, other.parts), self.weight)

    def relabel(self, mapping) -> "GroupedCounts":
        """The same counts under new labels: :meth:`ConfusionCounts.relabel` of each part."""
        return dataclasses.replace(self, parts={v: part.relabel(mapping) for v, part in self.parts.items()})

    def finalize(self) -> dict:
        """``{group value: ConfusionCounts}`` in sorted order (a group with one class cannot form a matrix)."""
        return _sorted_parts(self.parts)


@dataclass(frozen=True)
class CochranQ:
    """Cochran's Q (7.9, several models on the same samples) from column totals and Σ R_i².

    Q = (k − 1)(k Σ C_j² − T²) / (k T − Σ R_i²), chi-squared with k − 1 df;
    undefined when every sample is right for all models or for none.
    """

    statistic: float | Undefined
    pvalue: float | Undefined
    df: int


@dataclass
class PairedOutcomes:
    """Which of several models is right on each sample, counted by pattern (2^k patterns for k models).

    From the pattern counts come every pairwise McNemar table (7.9) and
    Cochran's Q, exactly, however the rows were split.  At most 16 models.
    """

    true: str
    preds: tuple
    patterns: np.ndarray

    MAX_MODELS = 16

    @classmethod
    def zero(cls, preds, true: str = "y_true") -> "PairedOutcomes":
        preds = tuple(preds)
        if not 2 <= len(preds) <= cls.MAX_MODELS:
            raise InputError("accumulators.paired_models", most=cls.MAX_MODELS, count=len(preds))
        return cls(true, preds, np.zeros(2 ** len(preds), dtype=np.int64))

    def update(self, chunk: Chunk, weights=None) -> "PairedOutcomes":
        t = column(chunk, self.true)
        w = row_weights(weights, len(t))
        code = np.zeros(len(t), dtype=np.int64)
        for j, name in enumerate(self.preds):
            p = column(chunk, name)
            same_length(**{repr(self.true): t, repr(name): p})
            code |= (p == t).astype(np.int64) << j
        self.patterns = self.patterns + np.bincount(code, weights=w, minlength=len(self.patterns)).astype(np.int64)
        return self

    def merge(self, other: "PairedOutcomes") -> "PairedOutcomes":
        if (self.true, self.preds) != (other.true, other.preds):
            raise InputError("accumulators.merge_other_columns")
        return PairedOutcomes(self.true, self.preds, self.patterns + other.patterns)

    def _right(self, j: int) -> np.ndarray:
        return (np.arange(len(self.patterns)) >> j) & 1 == 1

    def mcnemar_table(self, a: str, b: str) -> np.ndarray:
        """2×2 counts [[both right, a right b wrong], [a wrong b right, both wrong]] (as :func:`stats.mcnemar_table`)."""
        ra, rb = (self._right(self.preds.index(name)) for name in (a, b))
        return np.array([[self.patterns[ra & rb].sum(), self.patterns[ra & ~rb].sum()],
                         [self.patterns[~ra & rb].sum(), self.patterns[~ra & ~rb].sum()]], dtype=np.int64)

    def cochran_q(self) -> CochranQ:
        k = len(self.preds)
        rows = np.array([bin(c).count("1") for c in range(len(self.patterns))])
        columns = np.array([self.patterns[self._right(j)].sum() for j in range(k)], dtype=float)
        total = float(columns.sum())
        denominator = k * total - float(np.dot(self.patterns, rows ** 2))
        if denominator == 0:
            undefined = Undefined(code="no_disagreement")
            return CochranQ(undefined, undefined, k - 1)
        q = (k - 1) * (k * float(np.sum(columns ** 2)) - total ** 2) / denominator
        return CochranQ(q, float(chdtrc(k - 1, q)), k - 1)

    def finalize(self) -> "PairedOutcomes":
        """The state itself: read :meth:`mcnemar_table` and :meth:`cochran_q` from it."""
        return self


@dataclass
class GroupedStates:
    """One copy of any state per value of a subgroup column: the scores of each subgroup (5.3.2).

    ``template`` is the empty state every new group value starts from (a
    :class:`~.scores.ScoreCounts` gives each group's exact curves, a
    :class:`~.classes.ClassScoreCounts` its class-score measures).
    """

    group: str
    template: object
    parts: dict = field(default_factory=dict)

    @classmethod
    def zero(cls, group: str, template) -> "GroupedStates":
        """No rows yet: ``template`` (an empty state) is copied for each group value met."""
        return cls(group, template)

    def update(self, chunk: Chunk, weights=None) -> "GroupedStates":
        g = column(chunk, self.group)
        w = row_weights(weights, len(g))
        values, codes = np.unique(g, return_inverse=True)
        for i, value in enumerate(_python(values)):
            rows = codes == i
            part = copy.deepcopy(self.template).update({name: np.asarray(a)[rows] for name, a in chunk.items()},
                                                       None if w is None else w[rows])
            self.parts[value] = self.parts[value].merge(part) if value in self.parts else part
        return self

    def merge(self, other: "GroupedStates") -> "GroupedStates":
        if self.group != other.group or type(self.template) is not type(other.template):
            raise InputError("accumulators.merge_other_columns")
        return GroupedStates(self.group, self.template, _merge_parts(self.parts, other.parts))

    def finalize(self) -> dict:
        """``{group value: state}`` in sorted order (finalize each state for its results)."""
        return _sorted_parts(self.parts)
