"""Sample weights and vectorised stratified resampling, shared by calibration and subgroups (beyond TS 4213).

A bootstrap resample (Efron & Tibshirani 1993) is a vector of multiplicities:
how many times each row was drawn.  Drawing whole blocks of resamples as a
matrix (resamples × rows) turns every weighted sum of a resampled statistic
into a matrix product or a cumulative sum, so no Python loop runs over rows or
over single resamples.  Rows are drawn within strata (class, or group × class),
each stratum keeping its size, as :func:`iso4213_nb.stats.bootstrap_ci` does.

Weights follow scikit-learn's ``sample_weight`` meaning: a row of weight w
counts as w rows, so whole-number weights equal repetition.
"""

from __future__ import annotations

from typing import Iterator

import numpy as np

from ..core.checks import as_scores
from ..core.errors import InputError

#: Matrix entries (resamples × rows) drawn per block; bounds the memory of one block to a few tens of MB.
BLOCK_ENTRIES = 2_000_000


def sample_weights(sample_weight, n: int) -> np.ndarray:
    """Weights of ``n`` rows as float64 (all ones for None); finite, non-negative, not all zero (beyond TS 4213: scikit-learn's sample_weight).

    scikit-learn's ``sample_weight`` meaning: a row of weight w counts as w rows.
    """
    if sample_weight is None:
        return np.ones(n)
    w = as_scores(sample_weight, "sample_weight")
    if len(w) != n:
        raise InputError("resampling.weights_for_samples", name="sample_weight", count=len(w), samples=n)
    if w.min() < 0:
        raise InputError("resampling.negative_weight", name="sample_weight", value=float(w.min()),
                         sample=int(np.argmin(w)) + 1)
    if w.sum() <= 0:
        raise InputError("resampling.zero_total", name="sample_weight")
    return w


def whole_weights(w: np.ndarray) -> bool:
    """True when every weight is a whole number, so that weighted counts are counts of repeated rows (beyond TS 4213: scikit-learn's sample_weight)."""
    return bool(np.all(w == np.round(w)))


def label_codes(values: np.ndarray, index: dict) -> np.ndarray:
    """Position of each label in a label list (``index``: label → position) as int64: the class codes of strata (7.8).

    One dictionary look-up per distinct label, not per row.
    """
    distinct, inverse = np.unique(values, return_inverse=True)
    return np.array([index[v] for v in distinct.tolist()], dtype=np.int64)[inverse.ravel()]


def multiplicity_blocks(strata: np.ndarray, n_resamples: int, seed: int) -> Iterator[np.ndarray]:
    """Blocks of bootstrap multiplicities (int64, resamples × rows), drawn within each stratum (7.8; Efron & Tibshirani 1993).

    ``strata`` holds one integer code per row.  Row i of a block says how many
    times each row was drawn; within a stratum of size m the draws are m
    uniform picks among its members, so every stratum keeps its size.
    Blocks hold at most :data:`BLOCK_ENTRIES` entries; together they hold
    ``n_resamples`` rows; the draws depend only on ``seed`` and the block sizes.
    """
    rng = np.random.default_rng(seed)
    n = len(strata)
    members = [np.flatnonzero(strata == code) for code in np.unique(strata)]
    block = max(1, min(n_resamples, BLOCK_ENTRIES // max(n, 1)))
    done = 0
    while done < n_resamples:
        rows = min(block, n_resamples - done)
        out = np.zeros((rows, n), dtype=np.int64)
        for idx in members:
            m = len(idx)
            draws = rng.integers(0, m, size=(rows, m)) + (np.arange(rows) * m)[:, None]
            out[:, idx] = np.bincount(draws.ravel(), minlength=rows * m).reshape(rows, m)
        done += rows
        yield out
