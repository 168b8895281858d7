"""The cells the calibration bootstrap resamples instead of rows (beyond TS 4213: Efron & Tibshirani 1993).

Both expected calibration errors of :mod:`iso4213_nb.measures.calibration`
depend on the rows only through how many rows hold each (probability,
outcome, true class, weight): rows that agree on all four are
interchangeable.  Drawing n rows within each true class and counting them
per such **cell** is a multinomial draw of the cell counts with
probabilities proportional to their sizes, so resampling the cells
(:func:`~iso4213_nb.stats.bootstrap.multinomial_resamples`) is the row
bootstrap itself, in distribution, at a cost of one entry per cell instead
of one per row.

With unit weights and more than :data:`MAX_CELLS` cells (continuous
probabilities on a large test set), neighbouring cells are pooled into
**groups**: consecutive probabilities of the same outcome and true class
inside one equal-width bin, about n / :data:`MAX_CELLS` rows each.  A
group's count is still drawn exactly; the sum of the probabilities of the M
rows drawn from it is drawn from the normal distribution with the mean and
variance the row bootstrap gives it (M times the group's mean and variance),
and an equal-mass edge that falls inside a group splits it as if its rows were
spread evenly.  Measured at 1 M rows of continuous probabilities (1000
resamples): the mean of the equal-mass ECE's bootstrap distribution lies 0.03
of its standard deviation from that with 131 072 groups, against 0.4 with
4 096 groups, hence :data:`MAX_CELLS`; the equal-width ECE is not affected.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: Above this many cells, cells of unit weight are pooled into about this many groups.
MAX_CELLS = 2 ** 15


@dataclass(frozen=True, eq=False)
class CalibrationCells:
    """Resampling cells of a calibration bootstrap, ascending in probability (beyond TS 4213: Efron & Tibshirani 1993).

    Attributes
    ----------
    p : mean probability of each cell's rows (the probability itself when not grouped).
    y : outcome of each cell (0.0 or 1.0).
    weight : weight of each of the cell's rows (1.0 when grouped).
    rows : number of rows in each cell (int64).
    spread : standard deviation of the probabilities within each cell (0 when not grouped).
    strata : for each true class, the indices of its cells.
    grouped : whether cells were pooled into groups (see the module docstring).
    """

    p: np.ndarray
    y: np.ndarray
    weight: np.ndarray
    rows: np.ndarray
    spread: np.ndarray
    strata: list
    grouped: bool


def calibration_cells(sp: np.ndarray, sy: np.ndarray, sw: np.ndarray, strata: np.ndarray,
                      width_edges: np.ndarray) -> CalibrationCells:
    """The cells of rows sorted by probability (beyond TS 4213: Efron & Tibshirani 1993).

    Parameters
    ----------
    sp, sy, sw, strata : probabilities (ascending), outcomes (0/1 floats), weights and true-class codes (int,
        from 0) of the rows, in the order of ``sp``.
    width_edges : the equal-width bin edges (B + 1), so that no group straddles a bin.

    Returns
    -------
    CalibrationCells: one cell per distinct (probability, outcome, class, weight), or, with unit weights
    and more than :data:`MAX_CELLS` of them, groups of neighbouring cells.
    """
    new_run = np.r_[True, sp[1:] != sp[:-1]]
    run = np.cumsum(new_run) - 1
    run_p = sp[new_run]
    kinds = 2 * (int(strata.max()) + 1)
    kind = 2 * strata.astype(np.int64) + sy.astype(np.int64)
    unit = bool(np.all(sw == 1))
    if unit:
        code, rows = np.unique(run * kinds + kind, return_counts=True)
        weight, tail = np.ones(len(code)), code
    else:
        weights, weight_code = np.unique(sw, return_inverse=True)
        code, rows = np.unique((run * kinds + kind) * len(weights) + weight_code.ravel(), return_counts=True)
        weight, tail = weights[code % len(weights)], code // len(weights)
    cell_kind = tail % kinds
    p = run_p[tail // kinds]
    if not unit or len(code) <= MAX_CELLS:
        return CalibrationCells(p, (cell_kind % 2).astype(float), weight, rows, np.zeros(len(code)),
                                _members(cell_kind // 2), False)
    return _grouped(p, rows, cell_kind, kinds, width_edges)


def _members(stratum: np.ndarray) -> list:
    return [np.flatnonzero(stratum == s) for s in np.unique(stratum)]


def _grouped(p, rows, cell_kind, kinds, width_edges) -> CalibrationCells:
    """Pool cells (ascending ``p``) of one kind and equal-width bin into runs of about n / MAX_CELLS rows."""
    n_bins = len(width_edges) - 1
    target = -(-int(rows.sum()) // MAX_CELLS)
    column = np.searchsorted(width_edges[1:-1], p, side="left") * kinds + cell_kind  # (bin, kind) of each cell
    order = np.argsort(column, kind="stable")  # cells of one column stay in ascending p
    before = np.cumsum(rows[order]) - rows[order]
    starts = np.searchsorted(column[order], np.arange(n_bins * kinds), side="left")
    within = before - before[starts[column[order]]]
    pooled = column[order] * (len(p) + 1) + within // target  # (bin, kind, chunk) of each cell, in this order
    first = np.flatnonzero(np.r_[True, pooled[1:] != pooled[:-1]])  # groups are contiguous in this order
    ids, ordered_rows, ordered_p = pooled[first], rows[order], p[order]
    count = np.add.reduceat(ordered_rows, first)
    sum_p = np.add.reduceat(ordered_rows * ordered_p, first)
    sum_pp = np.add.reduceat(ordered_rows * ordered_p ** 2, first)
    mean = np.clip(sum_p / count, ordered_p[first], np.maximum.reduceat(ordered_p, first))  # inside its bin
    spread = np.sqrt(np.maximum(sum_pp / count - mean ** 2, 0.0))
    group_kind = (ids // (len(p) + 1)) % kinds
    by_p = np.argsort(mean, kind="stable")
    return CalibrationCells(mean[by_p], (group_kind[by_p] % 2).astype(float), np.ones(len(ids)), count[by_p], spread[by_p], _members(group_kind[by_p] // 2),
                            True)
