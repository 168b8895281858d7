"""The accumulator protocol and the two ways of running it over parts."""

from __future__ import annotations

from functools import reduce
from typing import Iterable, Mapping, Protocol, TypeVar, runtime_checkable

import numpy as np

from ..errors import InputError

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
        raise InputError(f"the data have no column {name!r}; columns are: {', '.join(map(str, chunk))}") from None
    values = np.asarray(values)
    if values.ndim != 1:
        raise InputError(f"column {name!r} must be one-dimensional")
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
        raise InputError(f"weights must hold one value per row ({n}), got shape {w.shape}")
    if w.dtype.kind not in "iu":
        if w.dtype.kind != "f" or not np.all(np.isfinite(w)) or not np.all(w == np.round(w)):
            raise InputError("the weights of an accumulator must be whole numbers (resampling multiplicities)")
    if (w < 0).any():
        raise InputError("weights must be non-negative")
    return w.astype(np.int64)


def merge_all(states: Iterable[State]) -> State:
    """Merge any number of states (at least one) into one.

    Beyond TS 4213: chunked (map-reduce) evaluation of clause 6 for data larger than memory.
    """
    states = list(states)
    if not states:
        raise InputError("nothing to merge: no partial results were given")
    return reduce(lambda a, b: a.merge(b), states)


def accumulate(zero: State, chunks: Iterable[Chunk]) -> State:
    """``zero`` updated with every chunk in turn (the streaming, in-process engine).

    Beyond TS 4213: chunked (map-reduce) evaluation of clause 6 for data larger than memory.
    """
    for chunk in chunks:
        zero = zero.update(chunk)
    return zero
