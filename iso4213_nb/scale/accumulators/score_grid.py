"""Counting scores written with few decimals: (distinct score, positives, negatives) tables without a sort.

Scores read from a file are usually written with a fixed number of decimals
(``0.123456``), so each is ``k / 10^d`` for a whole number ``k``.  When every
score of a chunk and of the state so far is exactly that float (the one a
correctly rounded division gives, which is also the one the text parses to),
the positives and negatives per distinct score are two ``bincount`` calls over
the range of ``k`` and the state merges in by adding dense arrays: no sort, no
merge of sorted runs.  The tables are then those of
:func:`~.scores.merge_counts` bit for bit (the scores are rebuilt from ``k``
only where they equal the floats read, ``-0.0`` included); anything else
(more decimals than :data:`MAX_DECIMALS`, a range wider than
:func:`grid_limit`, a ``k`` beyond 2^53) returns None and the caller sorts.

Beyond TS 4213: mergeable states for the curves of 6.3.6–6.3.9 (the counts per
distinct score are those of :class:`~iso4213_nb.measures.curves.BinaryScores`).
"""

from __future__ import annotations

import numpy as np

#: Most decimals tried: scores with more are sorted (continuous floats rarely sit on a decimal grid).
MAX_DECIMALS = 9
#: Whole numbers up to 2^53 are exact as float64, so ``k / 10^d`` is the correctly rounded quotient.
EXACT = 2 ** 53
#: Scores inspected to guess the decimals before the whole chunk is checked.
SAMPLE = 1024


def grid_limit(size: int) -> int:
    """Widest range of ``k`` counted densely when a chunk's rows and the state's distinct scores number ``size``.

    Four places per row or state entry: the dense arrays (17 bytes a place) then cost time and memory of the
    order of the sort they replace, and a small chunk (one subgroup's rows) with a wide range is sorted
    (beyond TS 4213: mergeable states).
    """
    return 4 * size


def decimals(values: np.ndarray) -> tuple[int, np.ndarray] | None:
    """``(d, k)`` with ``values == k / 10^d`` exactly (int64 ``k``, the fewest decimals ``d``), or None.

    Beyond TS 4213: mergeable states (scores written with a fixed number of decimals).
    """
    sample = values[:SAMPLE]
    for d in range(MAX_DECIMALS + 1):
        if _whole(sample, d) is not None and (k := _whole(values, d)) is not None:
            return d, k
    return None


def _whole(values: np.ndarray, d: int) -> np.ndarray | None:
    """``k`` (int64) with ``k / 10^d`` bitwise equal to ``values``, or None."""
    scale = 10.0 ** d
    k = np.rint(values * scale)
    if len(k) and not np.abs(k).max() < EXACT:
        return None
    k = k.astype(np.int64)
    if not np.array_equal((k / scale).view(np.int64), values.view(np.int64)):
        return None
    return k


def merged(scores: np.ndarray, positives: np.ndarray, negatives: np.ndarray, values: np.ndarray,
           mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The (scores, positives, negatives) table of a state with the rows ``values`` (``mask``: positive) added, or None.

    ``scores`` (sorted, distinct) with int64 ``positives`` and ``negatives`` is the state so far; ``values``
    are one chunk's float64 scores, each row counted once.  None when the scores are not all on one decimal
    grid of a range narrow enough (:func:`grid_limit`); the caller then sorts (:func:`~.scores.merge_counts`).

    Beyond TS 4213: mergeable states for the curves of 6.3.6–6.3.9.
    """
    found = decimals(values) if len(values) else None
    if found is None:
        return None
    d, k = found
    if len(scores):
        held = _whole(scores, d)
        if held is None:  # the state needs more decimals than this chunk: try the chunk at the state's
            state = decimals(scores)
            if state is None or state[0] < d or (k := _whole(values, state[0])) is None:
                return None
            d, held = state
    else:
        held = np.zeros(0, dtype=np.int64)
    low = min(int(k.min()), int(held.min())) if len(held) else int(k.min())
    high = max(int(k.max()), int(held.max())) if len(held) else int(k.max())
    span = high - low + 1
    if span > grid_limit(len(values) + len(scores)):
        return None
    k -= low
    held -= low
    pos = np.bincount(k[mask], minlength=span)
    neg = np.bincount(k, minlength=span) - pos
    pos[held] += positives
    neg[held] += negatives
    occupied = (pos + neg) > 0
    occupied[held] = True  # a state's score stays even with no count (as a sorted merge keeps it)
    places = np.flatnonzero(occupied)
    return (places + low) / 10.0 ** d, pos[places], neg[places]
