"""The resampling state of a multi-class model's Brier score and log loss (7.8; Annex C).

Three parts, all mergeable:

* ``classes`` (k counts, exact): the rows of each true class, the strata of
  the bootstrap.  (Top-k accuracy needs no resampling state: its bootstrap
  draws from the (true class × rank) table of
  :class:`~.classes.ClassScoreCounts`, which merged state files hold too.)
* ``moments`` (exact up to rounding): rows, mean, and second and third central
  moments of each row's Brier and log-loss terms, merged by Pébay's formulas;
  they give BCa's jackknife acceleration of a mean without the rows.
* ``sums`` (replicates × k × 3): per replicate and true class, Σw, Σw·Brier
  term and Σw·log-loss term, with w the row's Poisson(1) weight, a function of
  its key, the seed and the replicate only (:func:`~.bootstrap.weight_block`):
  the Poisson bootstrap of the two means, whatever chunks or partitions the
  rows come in.  Memory: :data:`BYTES_PER_CLASS` × k bytes per replicate.

``limit`` bounds the work: once rows × replicates would pass it, ``sums`` is
dropped and ``stopped`` set (the rows and the exact parts go on), so the
result says why there is no interval instead of running for hours.
Whether it stops depends on the total number of rows only, not on the chunking.

Beyond TS 4213: Poisson bootstrap, Hanley & MacGibbon 2006; Pébay 2008 for the moments.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...stats.class_score_intervals import per_sample_values
from ...core.errors import InputError
from .base import Chunk, column
from .bootstrap import check_replicates, row_hashes, weight_block
from .scores import score_column

#: Bytes per replicate and class: Σw, Σw·Brier term, Σw·log-loss term as float64.
BYTES_PER_CLASS = 24
#: Weights (replicates × rows) held at once while a chunk is added (float64: 32 MB).
BLOCK_WEIGHTS = 4_000_000


def merge_moments(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Two ``[n, mean, M2, M3]`` records (each 4 × columns) as one: Pébay's (2008) pairwise update.

    Beyond TS 4213: Pébay 2008, formulas for robust one-pass parallel computation of moments.
    """
    na, nb = a[0], b[0]
    n = na + nb
    if not n.any():
        return a.copy()
    delta = b[1] - a[1]
    share = np.divide(nb, n, out=np.zeros_like(n), where=n > 0)
    mean = a[1] + delta * share
    m2 = a[2] + b[2] + delta ** 2 * na * share
    m3 = (a[3] + b[3] + delta ** 3 * na * share * (na - nb) / np.where(n > 0, n, 1)
          + 3 * delta * (na * b[2] - nb * a[2]) / np.where(n > 0, n, 1))
    return np.array([n, mean, m2, m3])


def moments_of(values: np.ndarray) -> np.ndarray:
    """``[n, mean, M2, M3]`` (4 × columns) of the rows of ``values`` (beyond TS 4213: Pébay 2008)."""
    n = len(values)
    if n == 0:
        return np.zeros((4, values.shape[1]))
    mean = values.mean(axis=0)
    d = values - mean
    return np.array([np.full(values.shape[1], float(n)), mean, (d * d).sum(axis=0), (d ** 3).sum(axis=0)])


@dataclass
class PoissonClassScores:
    """Rows per class, exact moments, and Poisson-bootstrap sums of one model's class scores (module docstring).

    ``true``: column of class indices 0 … k − 1 (−1: skipped); ``scores``: the
    k class-score columns; ``key``: column of whole-number row keys.
    ``sums`` is None when the bootstrap was not run: ``stopped`` says the
    work limit was reached; a state made with ``replicates=0`` never runs it.

    Clause 7.8, Annex C; beyond TS 4213: Poisson bootstrap, Hanley & MacGibbon 2006.
    """

    true: str
    scores: tuple
    key: str
    seed: int
    replicates: int
    limit: float = np.inf
    rows: int = 0
    classes: np.ndarray | None = None
    moments: np.ndarray | None = None
    sums: np.ndarray | None = None
    stopped: bool = False

    @classmethod
    def zero(cls, scores, *, true: str = "class_index", key: str = "row", seed: int = 0, replicates: int = 2000,
             limit: float = np.inf) -> "PoissonClassScores":
        """No rows yet; ``replicates=0`` keeps the exact parts only (the bootstrap is not run)."""
        scores = tuple(scores)
        if replicates:
            check_replicates(replicates)
        k = len(scores)
        sums = np.zeros((int(replicates), k, 3)) if replicates else None
        return cls(true, scores, key, int(seed), int(replicates), float(limit), 0, np.zeros(k, dtype=np.int64),
                   np.zeros((4, 2)), sums)

    @property
    def k(self) -> int:
        """The number of classes (6.4)."""
        return len(self.scores)

    @property
    def nbytes(self) -> int:
        """Memory of the replicates: :data:`BYTES_PER_CLASS` × k × replicates (0 when not run)."""
        return 0 if self.sums is None else int(self.sums.nbytes)

    def _over(self, rows: int) -> bool:
        return rows * self.replicates > self.limit

    def update(self, chunk: Chunk, weights=None) -> "PoissonClassScores":
        if weights is not None:
            raise InputError("poisson.own_weights")
        codes = column(chunk, self.true).astype(np.int64)
        keep = codes >= 0
        matrix = np.column_stack([score_column(chunk, name) for name in self.scores])[keep]
        codes = codes[keep]
        if len(codes) == 0:
            return self
        k = self.k
        self.classes = self.classes + np.bincount(codes, minlength=k)
        values = per_sample_values(codes, matrix)
        self.moments = merge_moments(self.moments, moments_of(values))
        self.rows += len(codes)
        if self.sums is not None and self._over(self.rows):
            self.sums, self.stopped = None, True
        if self.sums is not None:
            self._add_replicates(codes, values, column(chunk, self.key)[keep])
        return self

    def _add_replicates(self, codes: np.ndarray, values: np.ndarray, keys: np.ndarray) -> None:
        order = np.argsort(codes, kind="stable")
        bounds = np.searchsorted(codes[order], np.arange(self.k + 1))
        hashes = row_hashes(keys[order], self.seed)
        terms = np.column_stack([np.ones(len(codes)), values[order]])
        block = max(1, BLOCK_WEIGHTS // len(codes))
        for first in range(0, self.replicates, block):
            count = min(block, self.replicates - first)
            w = weight_block(hashes, first, count).astype(np.float64)
            for c in np.flatnonzero(np.diff(bounds)):
                lo, hi = bounds[c], bounds[c + 1]
                self.sums[first:first + count, c] += w[:, lo:hi] @ terms[lo:hi]

    def merge(self, other: "PoissonClassScores") -> "PoissonClassScores":
        if (self.true, self.scores, self.key, self.seed, self.replicates) != (
                other.true, other.scores, other.key, other.seed, other.replicates):
            raise InputError("poisson.merge_mismatch")
        rows = self.rows + other.rows
        stopped = self.stopped or other.stopped or (self.sums is not None and self._over(rows))
        sums = None if stopped or self.sums is None else self.sums + other.sums
        return PoissonClassScores(self.true, self.scores, self.key, self.seed, self.replicates, self.limit, rows,
                                  self.classes + other.classes, merge_moments(self.moments, other.moments), sums, stopped)

    def finalize(self) -> "PoissonClassScores":
        """The state itself: :mod:`iso4213_nb.scale.streamed_bootstrap` reads its parts into intervals."""
        return self
