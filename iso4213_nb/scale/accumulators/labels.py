"""A mergeable multi-label state: every measure of 6.5, per label and over the data set, from counts.

Every measure of :func:`iso4213_nb.measures.multilabel_summary.summarize` depends on
the rows only through:

* per label, the counts tp, fp, fn, tn (6.5.1 applies 6.2 to each label);
  their sums give the micro averages, tp + fn and tp + fp the label shares of
  the KL divergence (6.5.5);
* per sample, the sizes of the union and intersection of its true and
  predicted label sets, counted by pair (:func:`~iso4213_nb.measures.multilabel.set_pairs`),
  which give all four data-set measures (:func:`~iso4213_nb.measures.multilabel.set_measures`);
* with scores, per label the exact score counts of
  :class:`~.scores.ScoreCounts` (AUROC, average precision: 6.3.6, 6.3.7), and
  how many rows have the label and how many do not (a label every row has, or none, has no ranking).

Counts are int64 without sample weights, so :meth:`LabelSetCounts.finalize`
is then exactly that of all rows at once, whatever the chunking and the order
of merges; with a ``weight`` column they are float64 sums of weights, equal up
to floating rounding.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ...core.checks import as_indicator, same_length
from ...core.errors import InputError
from ...measures.multilabel import label_cells, set_pairs, sum_by_code
from ...measures.multilabel_summary import assemble, data_set_measures, ranking_of
from .base import Chunk, column, counted, row_weights, sample_weights
from .scores import ScoreCounts


@dataclass
class LabelSetCounts:
    """One multi-label model's counts (6.5): per label tp, fp, fn, tn; per (union, intersection) pair its samples.

    Attributes
    ----------
    truths, preds : the ``y_true_<label>`` and the model's indicator columns, in ``labels`` order.
    labels : the label names (JSON numbers or strings).
    scores : the model's score columns in ``labels`` order, or ``()`` without scores.
    weight : the column of sample weights, or None (every row counts once).
    rows : rows read.
    cells : L × 4 counts (sums of weights with ``weight``): tp, fp, fn, tn of each label.
    present : L × 2 int64, the rows that truly have each label and those that do not, whatever their
        sample weight (as in memory, a label in every row or in none has no ranking); a row of
        multiplicity 0 (``weights``) is not counted.
    pairs : sorted codes ``union · (L + 1) + intersection`` of the pairs met.
    pair_counts : samples (sums of weights) of each pair.
    ranking : one :class:`~.scores.ScoreCounts` per label (empty without scores).
    """

    truths: tuple
    preds: tuple
    labels: tuple
    scores: tuple = ()
    weight: str | None = None
    rows: int = 0
    cells: np.ndarray = field(default_factory=lambda: np.zeros((0, 4), dtype=np.int64))
    present: np.ndarray = field(default_factory=lambda: np.zeros((0, 2), dtype=np.int64))
    pairs: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    pair_counts: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    ranking: list = field(default_factory=list)

    @classmethod
    def zero(cls, truths, preds, labels, scores=(), weight: str | None = None) -> "LabelSetCounts":
        """No rows yet: read true indicators from ``truths``, predicted ones from ``preds``, scores from ``scores``."""
        truths, preds, labels, scores = tuple(truths), tuple(preds), tuple(labels), tuple(scores)
        if not (len(truths) == len(preds) == len(labels) >= 1) or (scores and len(scores) != len(labels)):
            raise InputError("labels_state.columns_differ", labels=len(labels), truths=len(truths),
                             preds=len(preds), scores=len(scores))
        dtype = np.int64 if weight is None else np.float64
        state = cls(truths, preds, labels, scores, weight, 0, np.zeros((len(labels), 4), dtype=dtype),
                    np.zeros((len(labels), 2), dtype=np.int64), np.zeros(0, dtype=np.int64), np.zeros(0, dtype=dtype))
        state.ranking = state.zero_ranking()
        return state

    def _matrix(self, chunk: Chunk, names: tuple, what: str) -> np.ndarray:
        arrays = [column(chunk, name) for name in names]
        same_length(**{repr(name): a for name, a in zip(names, arrays)})
        return as_indicator(np.column_stack(arrays), what)

    def update(self, chunk: Chunk, weights=None) -> "LabelSetCounts":
        t, p = self._matrix(chunk, self.truths, "y_true"), self._matrix(chunk, self.preds, "y_pred")
        same_length(**{repr(self.truths[0]): t, repr(self.preds[0]): p})
        w = sample_weights(chunk, self.weight, weights, len(t))
        drawn = t if weights is None else t[row_weights(weights, len(t)) > 0]
        present = np.stack([np.count_nonzero(drawn, axis=0), np.count_nonzero(~drawn, axis=0)], axis=1)
        cells = label_cells(t, p, w)
        pairs = set_pairs(t, p, None if w is None else counted(w, w))
        part = LabelSetCounts(self.truths, self.preds, self.labels, self.scores, self.weight, len(t),
                              cells.astype(self.cells.dtype), present.astype(np.int64), *pairs,
                              [state.update(chunk, weights) for state in self.zero_ranking()])
        merged = self.merge(part)
        self.__dict__.update(merged.__dict__)
        return self

    def zero_ranking(self) -> list:
        """Empty score states of the labels (none without scores)."""
        return [ScoreCounts.zero(s, positive=1, true=t, weight=self.weight) for t, s in zip(self.truths, self.scores)]

    def merge(self, other: "LabelSetCounts") -> "LabelSetCounts":
        if (self.truths, self.preds, self.labels, self.scores, self.weight) != (
                other.truths, other.preds, other.labels, other.scores, other.weight):
            raise InputError("labels_state.not_mergeable")
        pairs = sum_by_code(np.concatenate([self.pairs, other.pairs]),
                             np.concatenate([self.pair_counts, other.pair_counts]))
        ranking = [a.merge(b) for a, b in zip(self.ranking, other.ranking)]
        return LabelSetCounts(self.truths, self.preds, self.labels, self.scores, self.weight, self.rows + other.rows,
                              self.cells + other.cells, self.present + other.present, *pairs, ranking)

    def _ranking(self, j: int) -> dict:
        if not self.present[j].all():
            return ranking_of(None)
        return ranking_of(self.ranking[j].finalize())

    def finalize(self) -> dict:
        """The dict of :func:`~iso4213_nb.measures.multilabel_summary.summarize` on every row added (6.5).

        Raises :class:`InputError` before any row is added, or when every weight is 0.
        """
        if self.rows == 0 or not self.pair_counts.any():
            raise InputError("labels_state.no_samples")
        return assemble(data_set_measures(self.pairs, self.pair_counts, self.cells), tuple(self.cells.T),
                        list(self.labels), self.rows, self.weight is not None, self._ranking if self.scores else None)

    #: The count arrays of a state file entry, with the shape of each for L labels.
    ARRAYS = {"cells": lambda k: (k, 4), "present": lambda k: (k, 2), "pairs": None, "pair_counts": None}

    def to_entry(self, state_json, array_json) -> dict:
        """The JSON form of this state (:mod:`.files`): its columns, its counts, its score states."""
        config = {"truths": list(self.truths), "preds": list(self.preds), "labels": list(self.labels),
                  "scores": list(self.scores), "weight": self.weight, "rows": int(self.rows)}
        return {"config": config, "arrays": {name: array_json(getattr(self, name)) for name in self.ARRAYS},
                "ranking": [state_json(state) for state in self.ranking]}

    @classmethod
    def from_entry(cls, entry: dict, state_json, array_json) -> "LabelSetCounts":
        """A state from :meth:`to_entry`; counts of the wrong shape are an :class:`InputError` (the reader adds the file and state)."""
        config = entry["config"]
        arrays = {name: array_json(entry["arrays"][name]) for name in cls.ARRAYS}
        state = cls(tuple(config["truths"]), tuple(config["preds"]), tuple(config["labels"]),
                    tuple(config["scores"]), config["weight"], int(config["rows"]), **arrays,
                    ranking=[state_json(part) for part in entry["ranking"]])
        k = len(state.labels)
        shapes = [shape(k) == arrays[name].shape for name, shape in cls.ARRAYS.items() if shape is not None]
        if not all(shapes) or len(state.pairs) != len(state.pair_counts) or len(state.ranking) != len(state.scores):
            raise InputError("labels_state.damaged")
        return state
