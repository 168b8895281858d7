"""The row keys seen so far, as sorted disjoint runs: an exact, mergeable check that no key names two rows (7.8).

The Poisson bootstrap (:mod:`.bootstrap`) gives each row weights fixed by its
key and the seed, so two rows with one key draw the same weights in every
replicate: the resamples are no longer independent rows, and the interval
narrows or widens without a word.  :class:`KeyRuns` keeps every key seen as
runs ``[lo, hi]`` of consecutive whole numbers, sorted and disjoint (row ids
are usually contiguous, so a billion rows numbered 0 … n − 1 are one run of
16 bytes).  A new key inside a run, or two parts whose runs overlap, is a
duplicate, found exactly whatever the chunking, the partitioning or the order
of the merges.

Memory: :data:`BYTES_PER_RUN` per run.  Beyond ``limit`` runs (keys so
scattered that their runs would outgrow the memory allowed) the state stops
checking, drops its runs and says so (``finalize()`` gives the reason code
``key_check_memory``); it never claims a check it did not make.

Beyond TS 4213: the Poisson bootstrap's row keys (Chamandy et al. 2012).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ...core.errors import InputError
from .base import Chunk, column

#: Bytes a run holds: its first and last key, int64 each.
BYTES_PER_RUN = 16
_EMPTY = np.zeros(0, dtype=np.int64)


def _runs(lo: np.ndarray, hi: np.ndarray) -> tuple[np.ndarray, np.ndarray, int | None]:
    """Runs ``[lo, hi]`` (any order, each lo ≤ hi) coalesced into sorted disjoint runs, and a key two runs share.

    Returns ``(lo, hi, duplicate)``: ``duplicate`` is a key that lies in two of
    the runs given (the first in key order), or None when they are disjoint;
    adjacent runs (``hi + 1 == lo``) are joined.
    """
    if len(lo) == 0:
        return _EMPTY, _EMPTY, None
    order = np.argsort(lo, kind="stable")
    lo, hi = lo[order], hi[order]
    reach = np.maximum.accumulate(hi)  # the largest key of the runs so far
    overlap = lo[1:] <= reach[:-1]
    duplicate = int(lo[1:][np.argmax(overlap)]) if overlap.any() else None
    # a new run starts where the key after the reach so far is neither inside nor next to it (no overflow:
    # lo > reach leaves lo − 1 within int64)
    starts = np.concatenate([[True], (lo[1:] > reach[:-1]) & (lo[1:] - 1 != reach[:-1])])
    first = np.flatnonzero(starts)
    last = np.concatenate([first[1:], [len(lo)]]) - 1
    return lo[first], reach[last], duplicate


@dataclass
class KeyRuns:
    """The row keys seen, as sorted disjoint runs; a duplicate key is an :class:`InputError` (module docstring).

    Attributes
    ----------
    key : the column of int64 row keys that :meth:`update` reads.
    limit : the most runs held; beyond it checking stops (``stopped``) and the runs are dropped.
    lo, hi : the first and last key of each run, sorted, disjoint and not adjacent.
    stopped : True once the runs outgrew ``limit``: duplicates are no longer checked.

    Beyond TS 4213: the Poisson bootstrap's row keys (Chamandy et al. 2012).
    """

    key: str
    limit: int
    lo: np.ndarray = field(default_factory=lambda: _EMPTY)
    hi: np.ndarray = field(default_factory=lambda: _EMPTY)
    stopped: bool = False

    @classmethod
    def zero(cls, key: str, memory: int) -> "KeyRuns":
        """No key seen; at most ``memory`` bytes of runs (at least one run) (beyond TS 4213: Poisson bootstrap)."""
        return cls(key, max(1, int(memory) // BYTES_PER_RUN))

    @property
    def nbytes(self) -> int:
        """Bytes the runs hold (beyond TS 4213: Poisson bootstrap)."""
        return BYTES_PER_RUN * len(self.lo)

    def first_duplicate(self, keys) -> int | None:
        """Add ``keys`` (one chunk's, in row order); the index of the first row whose key was seen before, else None.

        A key is "seen before" when an earlier row of this chunk or any row
        already added holds it.  On a duplicate nothing is added.  Beyond
        :attr:`limit` runs the state stops checking (and returns None from then on).

        Beyond TS 4213: the Poisson bootstrap's row keys (Chamandy et al. 2012).
        """
        keys = np.asarray(keys, dtype=np.int64)
        if self.stopped or len(keys) == 0:
            return None
        order = np.argsort(keys, kind="stable")
        ordered = keys[order]
        repeated = order[1:][ordered[1:] == ordered[:-1]]  # the later row of each equal pair (stable sort)
        found = [int(repeated.min())] if len(repeated) else []
        if len(self.lo):
            run = np.searchsorted(self.lo, keys, side="right") - 1
            inside = (run >= 0) & (keys <= self.hi[np.maximum(run, 0)])
            if inside.any():
                found.append(int(np.argmax(inside)))
        if found:
            return min(found)
        steps = np.flatnonzero(np.diff(ordered) != 1) + 1  # sorted distinct keys: a run ends where the step is not 1
        lo, hi = ordered[np.concatenate([[0], steps])], ordered[np.concatenate([steps - 1, [len(ordered) - 1]])]
        self._keep(*_runs(np.concatenate([self.lo, lo]), np.concatenate([self.hi, hi]))[:2])
        return None

    def _keep(self, lo: np.ndarray, hi: np.ndarray) -> None:
        if len(lo) > self.limit:
            self.lo, self.hi, self.stopped = _EMPTY, _EMPTY, True
        else:
            self.lo, self.hi = lo, hi

    def update(self, chunk: Chunk, weights=None) -> "KeyRuns":
        """Add the keys of ``chunk``; a key seen before is an :class:`InputError` naming it (beyond TS 4213: Poisson bootstrap)."""
        keys = column(chunk, self.key)
        row = self.first_duplicate(keys)
        if row is not None:
            raise InputError("poisson.duplicate_key", name=repr(self.key), key=int(keys[row]))
        return self

    def merge(self, other: "KeyRuns") -> "KeyRuns":
        """The keys of both parts; a key in both is an :class:`InputError` naming it (beyond TS 4213: Poisson bootstrap)."""
        if self.key != other.key:
            raise InputError("poisson.merge_mismatch")
        merged = KeyRuns(self.key, min(self.limit, other.limit), stopped=self.stopped or other.stopped)
        if merged.stopped:
            return merged
        lo, hi, duplicate = _runs(np.concatenate([self.lo, other.lo]), np.concatenate([self.hi, other.hi]))
        if duplicate is not None:
            raise InputError("poisson.duplicate_key_parts", name=repr(self.key), key=duplicate)
        merged._keep(lo, hi)
        return merged

    def finalize(self) -> dict:
        """``{"code": "keys_unique", "runs": n}`` when every key was checked, else
        ``{"code": "key_check_memory", "budget": bytes}`` (beyond TS 4213: Poisson bootstrap)."""
        if self.stopped:
            return {"code": "key_check_memory", "budget": self.limit * BYTES_PER_RUN}
        return {"code": "keys_unique", "runs": len(self.lo)}
