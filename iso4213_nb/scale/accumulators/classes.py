"""The class-score state of a multi-class model: exact one-vs-rest, micro and one-vs-one AUROC, top-k, log loss, Brier.

For each class-score column j the state holds, per distinct score, the
number (or the sum of sample weights) of rows of each true class with that
score: a table of (distinct scores) × k counts.  Every curve of 6.4's
one-vs-rest reading depends on the scores only through such counts (column
j, class j positive, every other class negative), and so do the pooled
(micro) curve of all n × k (indicator, score) pairs and Hand & Till's
pairwise AUROCs A(j|l) (column j, class j positive, class l negative), so all
of them are exact.  Top-k accuracy is a sum over rows of whether the true
class ranks among the k highest: a table of (true class × rank of the true
class) counts, which also holds every cell the in-memory bootstrap of top-k
accuracy draws from (:func:`iso4213_nb.scale.streamed_bootstrap.top_k_intervals`);
log loss and the Brier score are sums over rows.  Memory: 8 (k + 1) bytes per distinct score
per column, plus 8 k² bytes, whatever the number of rows.

Beyond TS 4213 where :mod:`iso4213_nb.measures.multiclass_scores` is; its functions
give the same values on all the rows at once (counts exactly, sums to
floating rounding).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

import numpy as np

from ...core.errors import InputError
from ...core.probability_rows import probability_problems
from ...measures.multiclass_scores import (
    ScoreAssessment,
    class_auroc,
    class_average_precision,
    class_average,
    true_class_ranks,
    undefined_value,
    log_loss_terms,
    squared_errors,
)
from .base import Chunk, column, counted, sample_weights
from .scores import merge_counts, merge_tables, score_column, binary_scores

#: A first offending row not yet found.
_NONE = np.inf


def _rank_sums(ranks: np.ndarray) -> np.ndarray:
    """Rows (or weight) whose true class ranks 0, 1, … k − 1, from a k × k table or its column sums (older files)."""
    return ranks if ranks.ndim == 1 else ranks.sum(axis=0)


def _merge_ranks(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Two rank tables summed; with a state of an older file, their column sums (all such a file knows)."""
    return a + b if a.ndim == b.ndim else _rank_sums(a) + _rank_sums(b)


def _first(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Of two ``[row, ...]`` records of a first offending row, the earlier one (row ``inf``: none)."""
    return a if a[0] <= b[0] else b


@dataclass
class ClassScoreCounts:
    """Counts per distinct score and true class for each of k class-score columns, plus top-k and loss sums (6.4).

    ``true`` is a column of class indices 0 … k − 1 in the order of
    ``scores`` (the class-score columns); a row with index −1 (a label with no
    score column, which the input layer refuses) is skipped.  ``row`` is a
    column of row numbers in the whole data set, so that the first row whose
    scores are not probabilities is named as the in-memory path names it.

    Arrays: ``distinct`` (the distinct scores of every column, one after the
    other; column j's are ``distinct[offsets[j]:offsets[j + 1]]``),
    ``counts`` (one row per entry of ``distinct``, one column per true class),
    ``ranks`` (k × k: rows, or weight, of true class c whose true class ranks
    0, 1, … k − 1 among the k scores; a state file of version 3 or older holds
    only the k column sums, which give top-k accuracy but not its interval),
    ``sums`` (Σw, Σw·(−ln p_true clipped), Σw·Σ_j (p_j − y_j)²), and
    ``outside`` / ``unnormalised``: the first row with a score outside
    [0, 1] (row, column, value) and with a row total off 1 (row, total).
    """

    true: str
    scores: tuple
    row: str
    weight: str | None = None
    distinct: np.ndarray = field(default_factory=lambda: np.zeros(0))
    offsets: np.ndarray = field(default_factory=lambda: np.zeros(1, dtype=np.int64))
    counts: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), dtype=np.int64))
    ranks: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    sums: np.ndarray = field(default_factory=lambda: np.zeros(3))
    outside: np.ndarray = field(default_factory=lambda: np.array([_NONE, 0.0, 0.0]))
    unnormalised: np.ndarray = field(default_factory=lambda: np.array([_NONE, 0.0]))

    @classmethod
    def zero(cls, scores, true: str = "y_true", row: str = "row", weight: str | None = None) -> "ClassScoreCounts":
        """No rows yet: ``scores`` names the k ≥ 2 class-score columns in class order (6.4)."""
        scores = tuple(scores)
        if len(scores) < 2:
            raise InputError("accumulators.class_score_columns", count=len(scores))
        k = len(scores)
        dtype = np.int64 if weight is None else np.float64
        return cls(true, scores, row, weight, np.zeros(0), np.zeros(k + 1, dtype=np.int64),
                   np.zeros((0, k), dtype=dtype), np.zeros((k, k), dtype=dtype))

    @property
    def k(self) -> int:
        """The number of classes (6.4)."""
        return len(self.scores)

    def column_counts(self, j: int) -> tuple[np.ndarray, np.ndarray]:
        """``(distinct scores, counts per true class)`` of class-score column ``j`` (6.4)."""
        lo, hi = self.offsets[j], self.offsets[j + 1]
        return self.distinct[lo:hi], self.counts[lo:hi]

    def update(self, chunk: Chunk, weights=None) -> "ClassScoreCounts":
        codes = column(chunk, self.true).astype(np.int64)
        matrix = np.column_stack([score_column(chunk, name) for name in self.scores])
        rows = column(chunk, self.row)
        w = sample_weights(chunk, self.weight, weights, len(codes))
        if len(codes) == 0:
            return self
        self._check_probabilities(matrix, rows)
        keep = codes >= 0
        if not keep.all():
            codes, matrix, w = codes[keep], matrix[keep], None if w is None else w[keep]
        ones = np.ones(len(codes)) if w is None else w
        k = self.k
        tables = []
        for j in range(k):
            distinct, inverse = np.unique(matrix[:, j], return_inverse=True)
            table = counted(np.bincount(inverse * k + codes, weights=w, minlength=len(distinct) * k), w)
            tables.append((distinct, table.reshape(len(distinct), k)))
        ranks = counted(np.bincount(codes * k + true_class_ranks(codes, matrix), weights=w, minlength=k * k), w).reshape(k, k)
        loss, brier = log_loss_terms(codes, matrix), squared_errors(codes, matrix)  # Brier halved for k = 2 at the end
        part = ClassScoreCounts(self.true, self.scores, self.row, self.weight,
                                np.concatenate([t[0] for t in tables]),
                                np.concatenate([[0], np.cumsum([len(t[0]) for t in tables])]).astype(np.int64),
                                np.concatenate([t[1] for t in tables]), ranks,
                                np.array([ones.sum(), np.dot(ones, loss), np.dot(ones, brier)]),
                                self.outside, self.unnormalised)
        self.__dict__.update(self.merge(part).__dict__)
        return self

    def _check_probabilities(self, matrix: np.ndarray, rows: np.ndarray) -> None:
        """Remember the first row whose scores are not probabilities, as ``multiclass_scores`` names it."""
        outside, unnormalised = probability_problems(matrix)
        if outside is not None:
            i, j, value = outside
            self.outside = _first(self.outside, np.array([float(rows[i]), float(j), value]))
        if unnormalised is not None:
            i, total = unnormalised
            self.unnormalised = _first(self.unnormalised, np.array([float(rows[i]), total]))

    def merge(self, other: "ClassScoreCounts") -> "ClassScoreCounts":
        if (self.true, self.scores, self.row, self.weight) != (other.true, other.scores, other.row, other.weight):
            raise InputError("accumulators.merge_other_columns")
        distinct, tables = [], []
        for j in range(self.k):
            scores, table = merge_tables(*self.column_counts(j), *other.column_counts(j))
            distinct.append(scores)
            tables.append(table)
        return ClassScoreCounts(self.true, self.scores, self.row, self.weight, np.concatenate(distinct),
                                np.concatenate([[0], np.cumsum([len(d) for d in distinct])]).astype(np.int64),
                                np.concatenate(tables), _merge_ranks(self.ranks, other.ranks), self.sums + other.sums,
                                _first(self.outside, other.outside), _first(self.unnormalised, other.unnormalised))

    def class_ranks(self) -> np.ndarray | None:
        """The (true class × rank of the true class) table, or None when a state file of version 3 or older gave
        only its column sums (6.4; the cells of top-k accuracy's bootstrap, 7.8)."""
        return self.ranks if self.ranks.ndim == 2 else None

    def support(self) -> np.ndarray:
        """Rows (or weight) of each true class (6.4)."""
        return self.column_counts(0)[1].sum(axis=0)

    def one_vs_rest(self, labels) -> dict:
        """``{label: BinaryScores}``: column j with class j positive, every other class negative (6.3.6, 6.4)."""
        out = {}
        for j, label in enumerate(labels):
            scores, table = self.column_counts(j)
            out[label] = binary_scores(scores, table[:, j], table.sum(axis=1) - table[:, j], label)
        return out

    def micro(self) -> object:
        """The :class:`~iso4213_nb.measures.curves.BinaryScores` of every (class indicator, score) pair pooled (6.4)."""
        pooled = (np.zeros(0), np.zeros(0, dtype=self.counts.dtype), np.zeros(0, dtype=self.counts.dtype))
        for j in range(self.k):
            scores, table = self.column_counts(j)
            pooled = merge_counts(*pooled, scores, table[:, j], table.sum(axis=1) - table[:, j])
        return binary_scores(*pooled, "micro")

    def _pairwise(self, labels: list, support: np.ndarray) -> list:
        """Hand & Till's Â(j, l) = (A(j|l) + A(l|j)) / 2 for every pair j < l (columns j and l, classes j and l only)."""
        values = []
        for j, l in combinations(range(self.k), 2):
            absent = next((c for c in (j, l) if support[c] == 0), None)
            if absent is not None:
                values.append(undefined_value("absent_class", label=labels[absent]))
                continue
            (s_j, t_j), (s_l, t_l) = self.column_counts(j), self.column_counts(l)
            a_jl = binary_scores(s_j, t_j[:, j], t_j[:, l], labels[j]).auroc()
            a_lj = binary_scores(s_l, t_l[:, l], t_l[:, j], labels[l]).auroc()
            values.append((a_jl + a_lj) / 2)
        return values

    def _loss(self, which: int) -> object:
        if np.isfinite(self.outside[0]):
            row, j, value = self.outside
            return undefined_value("not_probabilities", row=int(row) + 1, column=int(j) + 1, value=float(value))
        if np.isfinite(self.unnormalised[0]):
            return undefined_value("rows_not_normalised", row=int(self.unnormalised[0]) + 1,
                              total=float(self.unnormalised[1]))
        return float(self.sums[which] / self.sums[0])

    def finalize(self, labels=None, top_k=(1, 2, 3, 4, 5)) -> ScoreAssessment:
        """Every measure of :func:`iso4213_nb.measures.multiclass_scores.assess_scores`; ``labels`` name the classes in column order."""
        labels = list(range(self.k)) if labels is None else list(labels)
        if len(labels) != self.k:
            raise InputError("accumulators.class_score_labels", columns=self.k, count=len(labels))
        if self.sums[0] == 0:
            raise InputError("accumulators.no_class_score_samples")
        curves = self.one_vs_rest(labels)
        per_class = {label: {"auroc": class_auroc(b), "average_precision": class_average_precision(b)}
                     for label, b in curves.items()}
        aurocs = [per_class[label]["auroc"] for label in labels]
        support = self.support().astype(float)
        auroc = {"macro": class_average(aurocs, np.ones(self.k)), "weighted": class_average(aurocs, support),
                 "micro": class_auroc(self.micro())}
        pairs = self._pairwise(labels, support)
        auroc["ovo"] = class_average(pairs, np.ones(len(pairs)))
        share = np.cumsum(_rank_sums(self.ranks)) / self.ranks.sum()
        top = {j: float(share[min(j, self.k) - 1]) for j in top_k}
        brier = self._loss(2)
        if isinstance(brier, float) and self.k == 2:
            brier *= 0.5
        return ScoreAssessment(labels=tuple(labels), top_k_accuracy=top, auroc=auroc, per_class=per_class,
                               log_loss=self._loss(1), brier=brier, curves=curves)
