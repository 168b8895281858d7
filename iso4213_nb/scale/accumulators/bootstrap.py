"""The Poisson bootstrap: resampling that does not depend on how the rows are split.

The ordinary bootstrap draws n rows with replacement, which needs all n rows
in one place.  The Poisson bootstrap (Hanley & MacGibbon 2006; Chamandy et al.
2012) gives each row, in each replicate, an independent Poisson(1) weight: the
number of times it is drawn.  For large n the two agree.  Here the weight is a
fixed function of the row's key, the replicate number and the seed (a
SplitMix64 hash turned into a Poisson(1) count by its inverse CDF), so a row
gets the same weights whichever chunk, file or machine it is read in, and the
replicates merge exactly like the states they wrap.
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass

import numpy as np

from ...core.checks import is_whole
from ...core.errors import InputError
from .base import Chunk, column

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
#: Poisson(1) cumulative probabilities P(X <= k), k = 0..24; the chance of a count above 24 is below 1e-25.
_POISSON_CDF = np.cumsum([math.exp(-1) / math.factorial(k) for k in range(25)])
#: The same as 64-bit thresholds: a uniform 64-bit hash u gives the weight #{k : threshold_k <= u}.
_THRESHOLDS = np.array([int(p * 2.0 ** 64) for p in _POISSON_CDF if p * 2.0 ** 64 < 2.0 ** 64], dtype=np.uint64)
_BUCKET_BITS = 16
_BUCKET_SHIFT = np.uint64(64 - _BUCKET_BITS)
_BUCKET_EDGES = np.arange(2 ** _BUCKET_BITS + 1, dtype=object) << (64 - _BUCKET_BITS)
#: Weight at the start of each of the 2**16 buckets of the top 16 bits, and whether a threshold falls inside it
#: (then the full 64 bits decide): one table look-up per weight, exactly the weights of the thresholds.
_BUCKET_WEIGHT = np.searchsorted(_THRESHOLDS, np.array(_BUCKET_EDGES[:-1].tolist(), dtype=np.uint64),
                                 side="right").astype(np.uint8)
_BUCKET_MIXED = _BUCKET_WEIGHT != np.searchsorted(
    _THRESHOLDS, np.array([e - 1 for e in _BUCKET_EDGES[1:].tolist()], dtype=np.uint64), side="right")


def _splitmix64(x: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """SplitMix64's finaliser (Steele, Lea & Flood 2014) on uint64 values; wraps modulo 2**64 by design.

    In place in ``out`` (a uint64 array of x's shape) when given: no temporary arrays.
    """
    z = np.empty_like(x) if out is None else out
    tmp = np.empty_like(z)
    with np.errstate(over="ignore"):
        np.add(x, _GOLDEN, out=z)
        for shift, factor in ((30, 0xBF58476D1CE4E5B9), (27, 0x94D049BB133111EB)):
            np.right_shift(z, np.uint64(shift), out=tmp)
            np.bitwise_xor(z, tmp, out=z)
            np.multiply(z, np.uint64(factor), out=z)
        np.right_shift(z, np.uint64(31), out=tmp)
        np.bitwise_xor(z, tmp, out=z)
    return z


def _keys(values: np.ndarray, name: str) -> np.ndarray:
    if values.dtype.kind not in "iu":
        raise InputError("poisson.key_not_whole", name=repr(name))
    return values.astype(np.int64).view(np.uint64)


def row_hashes(keys, seed: int) -> np.ndarray:
    """The per-row part of the weights (uint64), computed once per chunk for every replicate.

    Beyond TS 4213: Poisson bootstrap, Hanley & MacGibbon 2006.
    """
    k = _keys(np.asarray(keys), "keys")
    base = _splitmix64(np.array([seed], dtype=np.int64).view(np.uint64))[0]
    return _splitmix64(k ^ base)


#: Rows hashed at a time by :func:`weight_block`: a tile small enough to stay in the processor's cache.
_TILE = 1 << 15


def weight_block(hashes: np.ndarray, first: int, count: int) -> np.ndarray:
    """Poisson(1) weights (uint8, ``count`` × rows) of replicates ``first`` … ``first + count − 1``.

    ``hashes`` are :func:`row_hashes`.  Each weight is the inverse Poisson(1)
    CDF of a 64-bit SplitMix64 hash of (row hash, replicate), read from a
    table of its top 16 bits (all 64 bits decide in the few buckets that hold
    a step of the CDF).  Rows go in cache-sized tiles, in place.

    Beyond TS 4213: Poisson bootstrap, Hanley & MacGibbon 2006.
    """
    n = len(hashes)
    weights = np.empty((count, n), dtype=np.uint8)
    width = min(n, _TILE)
    u, mixed_hash, bucket = np.empty(width, np.uint64), np.empty(width, np.uint64), np.empty(width, np.intp)
    for r in range(count):
        with np.errstate(over="ignore"):
            step = np.uint64((first + r) % 2 ** 64) * _GOLDEN
        for lo in range(0, n, _TILE):
            hi = min(n, lo + _TILE)
            m = hi - lo
            with np.errstate(over="ignore"):
                np.add(hashes[lo:hi], step, out=mixed_hash[:m])
            _splitmix64(mixed_hash[:m], out=u[:m])
            np.right_shift(u[:m], _BUCKET_SHIFT, out=mixed_hash[:m])
            bucket[:m] = mixed_hash[:m]
            row = weights[r, lo:hi]
            np.take(_BUCKET_WEIGHT, bucket[:m], out=row)
            mixed = np.take(_BUCKET_MIXED, bucket[:m])
            if mixed.any():
                row[mixed] = np.searchsorted(_THRESHOLDS, u[:m][mixed], side="right")
    return weights


def poisson_weights(keys, seed: int, replicate: int) -> np.ndarray:
    """Poisson(1) resampling weights (int64) of the rows with integer ``keys`` in one ``replicate``.

    The same (key, seed, replicate) always gives the same weight (:func:`weight_block`).

    Beyond TS 4213: Poisson bootstrap, Hanley & MacGibbon 2006.
    """
    return weight_block(row_hashes(keys, seed), int(replicate), 1)[0].astype(np.int64)


def check_replicates(replicates) -> int:
    """``replicates`` as an int of at least 2, else an :class:`InputError` (beyond TS 4213: Poisson bootstrap)."""
    if not is_whole(replicates, 2):
        raise InputError("poisson.replicates", value=replicates)
    return int(replicates)


@dataclass
class PoissonBootstrap:
    """``replicates`` copies of a state, each updated with its own Poisson(1) weights per row.

    ``finalize()`` returns the list of the replicates' results; a statistic of
    each gives the bootstrap distribution, from which an interval follows.

    Beyond TS 4213: Poisson bootstrap, Hanley & MacGibbon 2006.
    """

    key: str
    seed: int
    states: list

    @classmethod
    def zero(cls, state, replicates: int = 200, seed: int = 0, key: str = "row") -> "PoissonBootstrap":
        """Wrap an empty state (any accumulator of this package that takes weights)."""
        return cls(key, int(seed), [copy.deepcopy(state) for _ in range(check_replicates(replicates))])

    def update(self, chunk: Chunk, weights=None) -> "PoissonBootstrap":
        if weights is not None:
            raise InputError("poisson.own_weights")
        hashes = row_hashes(column(chunk, self.key), self.seed)
        for r, state in enumerate(self.states):
            state.update(chunk, weights=weight_block(hashes, r, 1)[0].astype(np.int64))
        return self

    def merge(self, other: "PoissonBootstrap") -> "PoissonBootstrap":
        if (self.key, self.seed, len(self.states)) != (other.key, other.seed, len(other.states)):
            raise InputError("poisson.merge_mismatch")
        return PoissonBootstrap(self.key, self.seed, [a.merge(b) for a, b in zip(self.states, other.states)])

    def finalize(self) -> list:
        return [state.finalize() for state in self.states]
