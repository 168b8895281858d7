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

from ..errors import InputError
from .base import Chunk, column

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
#: Poisson(1) cumulative probabilities P(X <= k), k = 0..24; the chance of a count above 24 is below 1e-25.
_POISSON_CDF = np.cumsum([math.exp(-1) / math.factorial(k) for k in range(25)])


def _splitmix64(x: np.ndarray) -> np.ndarray:
    """SplitMix64's finaliser (Steele, Lea & Flood 2014) on uint64 values; wraps modulo 2**64 by design."""
    with np.errstate(over="ignore"):
        z = x + _GOLDEN
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return z ^ (z >> np.uint64(31))


def _keys(values: np.ndarray, name: str) -> np.ndarray:
    if values.dtype.kind not in "iu":
        raise InputError(f"the row key column {name!r} must hold whole numbers (for example the row number in the "
                         "whole data set), so that each row keeps its resampling weights wherever it is read")
    return values.astype(np.int64).view(np.uint64)


def poisson_weights(keys, seed: int, replicate: int) -> np.ndarray:
    """Poisson(1) resampling weights (int64) of the rows with integer ``keys`` in one ``replicate``.

    The same (key, seed, replicate) always gives the same weight.

    Beyond TS 4213: Poisson bootstrap, Hanley & MacGibbon 2006.
    """
    k = _keys(np.asarray(keys), "keys")
    base = _splitmix64(np.array([seed], dtype=np.int64).view(np.uint64))[0]
    with np.errstate(over="ignore"):
        mixed = _splitmix64(_splitmix64(k ^ base) + np.uint64(replicate) * _GOLDEN)
    uniform = (mixed >> np.uint64(11)).astype(np.float64) * (1.0 / 2 ** 53)
    return np.searchsorted(_POISSON_CDF, uniform, side="right").astype(np.int64)


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
        if int(replicates) != replicates or replicates < 2:
            raise InputError(f"replicates must be a whole number of at least 2, got {replicates}")
        return cls(key, int(seed), [copy.deepcopy(state) for _ in range(int(replicates))])

    def update(self, chunk: Chunk, weights=None) -> "PoissonBootstrap":
        if weights is not None:
            raise InputError("the Poisson bootstrap sets its own weights")
        keys = column(chunk, self.key)
        for r, state in enumerate(self.states):
            state.update(chunk, weights=poisson_weights(keys, self.seed, r))
        return self

    def merge(self, other: "PoissonBootstrap") -> "PoissonBootstrap":
        if (self.key, self.seed, len(self.states)) != (other.key, other.seed, len(other.states)):
            raise InputError("only bootstraps with the same key, seed and number of replicates can be merged")
        return PoissonBootstrap(self.key, self.seed, [a.merge(b) for a, b in zip(self.states, other.states)])

    def finalize(self) -> list:
        return [state.finalize() for state in self.states]
