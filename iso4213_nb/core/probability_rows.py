"""Whether scores are probabilities: the package's one rule (:func:`probability_problems`).

Scores are probabilities when every one lies in [0, 1] and, for a matrix of
class scores, each row adds up to 1, allowing for the rounding of an exported file.

Log loss, the Brier score and multi-class calibration need each row of
scores to be a probability distribution.  Files rarely hold the exact
floats: a model's scores exported with three decimals can add up to
0.998 or 1.004 with nothing wrong.  A row written with d decimals (the most
of any of its k entries) lies at most k/2 · 10^-d from the sum of the
unrounded values, so that much is allowed, with two bounds:

* never less than :data:`PROBABILITY_SUM_TOLERANCE` (float rounding, a
  softmax computed in float32), the allowance of full-precision rows;
* never more than :data:`MAX_ROUNDING_TOLERANCE` (5 %), so that coarse rounding
  of many classes cannot pass rows that are plainly not probabilities.

The decision is made row by row, so reading a file in chunks gives the same
answer as reading it whole.  Beyond TS 4213 (which defines no probability
scores); the measures' clauses are those of their modules.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

#: The allowance of a row written at full precision.
PROBABILITY_SUM_TOLERANCE = 1e-3
#: The largest allowance, whatever the rounding: 5 % of the total.
MAX_ROUNDING_TOLERANCE = 5e-2
#: Added to every allowance for the float arithmetic of the sum itself.
_SUM_SLACK = 1e-9
#: Rows needing more decimals than this are treated as written at full precision.
MAX_DECIMALS = 12


def written_decimals(matrix: np.ndarray) -> np.ndarray:
    """For each row of a 2-D float array: the fewest decimals (0 … :data:`MAX_DECIMALS`) that write every entry
    exactly, or ``MAX_DECIMALS + 1`` for a row at full precision (beyond TS 4213: probability checks)."""
    m = np.asarray(matrix, dtype=np.float64)
    decimals = np.full(len(m), MAX_DECIMALS + 1)
    undecided = np.arange(len(m))
    for d in range(MAX_DECIMALS + 1):
        scaled = m[undecided] * 10.0 ** d
        whole = np.all(np.abs(scaled - np.round(scaled)) <= 1e-9 * np.maximum(1.0, np.abs(scaled)), axis=1)
        decimals[undecided[whole]] = d
        undecided = undecided[~whole]
        if not undecided.size:
            break
    return decimals


def row_sum_tolerance(matrix: np.ndarray) -> np.ndarray:
    """How far each row of ``matrix`` (n × k) may add up away from 1: k/2 · 10^-d for a row written with d decimals,
    bounded by :data:`PROBABILITY_SUM_TOLERANCE` below and :data:`MAX_ROUNDING_TOLERANCE` above (beyond TS 4213: probability checks)."""
    m = np.asarray(matrix, dtype=np.float64)
    rounding = m.shape[1] * 0.5 * 10.0 ** -written_decimals(m).astype(np.float64)
    return np.clip(rounding, PROBABILITY_SUM_TOLERANCE, MAX_ROUNDING_TOLERANCE)


def rows_off_one(matrix: np.ndarray) -> np.ndarray:
    """Boolean mask of the rows of ``matrix`` whose sum is further from 1 than :func:`row_sum_tolerance` allows
    (beyond TS 4213: probability checks)."""
    m = np.asarray(matrix, dtype=np.float64)
    gap = np.abs(m.sum(axis=1) - 1)
    off = gap > PROBABILITY_SUM_TOLERANCE
    if off.any():  # only rows beyond the full-precision allowance need their decimals counted
        rows = np.flatnonzero(off)
        off[rows] = gap[rows] > row_sum_tolerance(m[rows]) + _SUM_SLACK
    return off


class ProbabilityProblems(NamedTuple):
    """What keeps scores from being probabilities, both None (false) when nothing does (beyond TS 4213: probability
    checks): ``outside`` = (row, column, value) of the first score outside [0, 1], ``unnormalised`` = (row, total) of
    the first row :func:`rows_off_one` refuses (0-based)."""

    outside: tuple | None
    unnormalised: tuple | None

    def __bool__(self) -> bool:
        return (self.outside, self.unnormalised) != (None, None)


def probability_problems(scores) -> ProbabilityProblems:
    """The one rule for "are these scores probabilities?" (beyond TS 4213: probability checks): the
    :class:`ProbabilityProblems` of one score per sample (each in [0, 1]) or of an n × k matrix (each in [0, 1], each
    row adding up to 1 within :func:`row_sum_tolerance`); decided entry by entry and row by row, as chunks are."""
    m = np.asarray(scores, dtype=np.float64)
    outside = (m < 0) | (m > 1)
    first = None
    if outside.any():
        index = np.unravel_index(int(np.argmax(outside)), m.shape)
        first = (int(index[0]), int(index[1]) if m.ndim == 2 else 0, float(m[index]))
    if m.ndim != 2:
        return ProbabilityProblems(first, None)
    off = rows_off_one(m)
    row = int(np.argmax(off))
    return ProbabilityProblems(first, (row, float(m.sum(axis=1)[row])) if off.any() else None)
