"""The accumulator protocol and what every state shares: columns, weights, merging (run over parts in :mod:`.engine`)."""

from __future__ import annotations

from functools import reduce
from typing import Iterable, Mapping, Protocol, TypeVar, runtime_checkable

import numpy as np

from ...core.errors import InputError
from ...core.weights import as_weights

State = TypeVar("State", bound="Accumulator")
Chunk = Mapping[str, np.ndarray]


@runtime_checkable
class Accumulator(Protocol):
    """A mergeable partial result (see the package docstring for the contract).

    Beyond TS 4213: chunked (map-reduce) evaluation of clause 6 for data larger than memory.
    """

    def update(self: State, chunk: Chunk, weights: np.ndarray | None = None) -> State:
        """Add the rows of ``chunk`` (each counted ``weights[i]`` times, default once); returns the state."""

    def merge(self: State, other: State) -> State:
        """A new state holding the rows of both."""

    def finalize(self):
        """The result of all rows added so far."""


def column(chunk: Chunk, name: str) -> np.ndarray:
    """Column ``name`` of a chunk as a 1-D array; a missing column is an :class:`InputError` naming it.

    Beyond TS 4213: chunked (map-reduce) evaluation of clause 6 for data larger than memory.
    """
    try:
        values = chunk[name]
    except KeyError:
        raise InputError("accumulators.no_column", name=repr(name), columns=[str(c) for c in chunk]) from None
    values = np.asarray(values)
    if values.ndim != 1:
        raise InputError("accumulators.column_not_one_dimensional", name=repr(name))
    return values


def row_weights(weights, n: int) -> np.ndarray | None:
    """Whole, non-negative weights of ``n`` rows as int64 (None stays None: every row counts once).

    Whole weights keep every state a table of exact integer counts; they are
    what resampling (:class:`~.bootstrap.PoissonBootstrap`) produces.

    Beyond TS 4213: chunked (map-reduce) evaluation of clause 6 for data larger than memory.
    """
    if weights is None:
        return None
    w = np.asarray(weights)
    if w.shape != (n,):
        raise InputError("accumulators.weights_shape", rows=n, shape=w.shape)
    if w.dtype.kind not in "iu":
        if w.dtype.kind != "f" or not np.all(np.isfinite(w)) or not np.all(w == np.round(w)):
            raise InputError("accumulators.weights_not_whole")
    if (w < 0).any():
        raise InputError("accumulators.weights_negative")
    return w.astype(np.int64)


def sample_weights(chunk: Chunk, name: str | None, multiplicities, n: int) -> np.ndarray | None:
    """The weight of each of ``n`` rows: column ``name`` of sample weights times whole ``multiplicities``.

    Sample weights have scikit-learn's ``sample_weight`` meaning (a row of
    weight w counts as w rows) and may be fractional: a state that reads them
    holds float64 sums of weights instead of int64 counts.  Without a weight
    column the result is :func:`row_weights` of ``multiplicities`` (None: every
    row counts once).

    Beyond TS 4213: chunked (map-reduce) evaluation of clause 6 for data larger than memory.
    """
    whole = row_weights(multiplicities, n)
    if name is None:
        return whole
    w = as_weights(column(chunk, name), n, repr(name), some=False) if n else np.zeros(0)
    return w if whole is None else w * whole


def is_fractional(chunk: Chunk, name: str | None) -> bool:
    """True when column ``name`` holds a sample weight that is not a whole number (False without one).

    Beyond TS 4213: chunked (map-reduce) evaluation of clause 6 for data larger than memory.
    """
    if name is None:
        return False
    w = column(chunk, name)
    return w.dtype.kind == "f" and not np.all(w == np.round(w))


def counted(table: np.ndarray, weights: np.ndarray | None) -> np.ndarray:
    """A table made by ``np.bincount``: int64 counts for no or whole weights, float64 sums for sample weights.

    Beyond TS 4213: chunked (map-reduce) evaluation of clause 6 for data larger than memory.
    """
    return table if weights is not None and weights.dtype.kind == "f" else table.astype(np.int64)


def merge_all(states: Iterable[State]) -> State:
    """Merge any number of states (at least one) into one.

    Beyond TS 4213: chunked (map-reduce) evaluation of clause 6 for data larger than memory.
    """
    states = list(states)
    if not states:
        raise InputError("accumulators.nothing_to_merge")
    return reduce(lambda a, b: a.merge(b), states)

