"""Rows of probabilities exported with few decimals still count as probabilities (log loss, Brier, calibration)."""

from __future__ import annotations

from decimal import Decimal

import numpy as np
import pytest

from iso4213_nb.measures import multiclass_scores as ms
from iso4213_nb.measures.calibration import multiclass_calibration
from iso4213_nb.core.probability_rows import (MAX_ROUNDING_TOLERANCE, PROBABILITY_SUM_TOLERANCE, row_sum_tolerance,
                                         rows_off_one, written_decimals)


def _rounded(rng, n, k, decimals):
    return np.round(rng.dirichlet(np.ones(k), size=n), decimals)


def _decimals_by_text(value: float) -> int:
    """Decimals of ``value`` read off its shortest decimal text (independent of the arithmetic under test)."""
    exponent = Decimal(repr(float(value))).normalize().as_tuple().exponent
    return max(0, -exponent)


@pytest.mark.parametrize("k, decimals", [(3, 2), (10, 3), (20, 3), (5, 4), (50, 6)])
def test_rounded_probabilities_pass_and_their_decimals_are_read(k, decimals):
    rng = np.random.default_rng(k * 10 + decimals)
    matrix = _rounded(rng, 2_000, k, decimals)
    expected = np.array([max(_decimals_by_text(v) for v in row) for row in matrix])
    assert np.array_equal(written_decimals(matrix), expected)
    gaps = np.abs(matrix.sum(axis=1) - 1)
    if decimals <= 3:
        assert gaps.max() > PROBABILITY_SUM_TOLERANCE or k == 3  # the old fixed allowance would refuse these files
    assert not rows_off_one(matrix).any()


def test_full_precision_rows_keep_the_tight_allowance_and_coarse_rows_the_cap():
    rng = np.random.default_rng(7)
    matrix = rng.dirichlet(np.ones(4), size=50)
    matrix[10] *= 1.002  # off by 2e-3 at full precision: not probabilities
    off = rows_off_one(matrix)
    assert off.tolist() == [i == 10 for i in range(50)]
    assert row_sum_tolerance(matrix[:1])[0] == PROBABILITY_SUM_TOLERANCE
    coarse = np.full((1, 100), 0.01)  # 100 classes at 2 decimals: k/2 · 10^-2 = 0.5, capped at 5 %
    assert row_sum_tolerance(coarse)[0] == MAX_ROUNDING_TOLERANCE
    assert rows_off_one(np.array([[0.6, 0.6], [0.5, 0.5], [0.33, 0.66], [0.5, 0.45]])).tolist() == [True, False, False, True]


def test_three_decimal_export_gives_log_loss_and_brier_equal_to_their_definitions():
    rng = np.random.default_rng(3)
    labels = list(range(10))
    matrix = _rounded(rng, 500, 10, 3)
    assert np.abs(matrix.sum(axis=1) - 1).max() > PROBABILITY_SUM_TOLERANCE
    y = rng.integers(0, 10, 500)
    result = ms.assess_scores(y, matrix, labels)
    onehot = np.eye(10)[y]
    p_true = np.clip(matrix[np.arange(500), y], np.finfo(float).eps, 1 - np.finfo(float).eps)
    assert result.log_loss == pytest.approx(-np.mean(np.log(p_true)), rel=1e-12)
    assert result.brier == pytest.approx(np.mean(np.sum((matrix - onehot) ** 2, axis=1)), rel=1e-12)
    calibration = multiclass_calibration(y, matrix, labels, n_bootstrap=20)
    assert calibration is not None


def test_one_rule_names_the_first_score_outside_and_the_first_row_off_one():
    from iso4213_nb.core.probability_rows import probability_problems

    assert not probability_problems(np.array([0.0, 0.5, 1.0]))
    assert probability_problems(np.array([0.2, 1.5, -0.1])).outside == (1, 0, 1.5)
    matrix = np.array([[0.5, 0.5], [0.3, 0.3], [0.2, 1.2], [0.9, 0.3]])
    problems = probability_problems(matrix)
    assert problems.outside == (2, 1, 1.2)
    assert problems.unnormalised == (1, pytest.approx(0.6))
    assert not probability_problems(_rounded(np.random.default_rng(3), 500, 10, 3))


@pytest.mark.parametrize("seed", range(4))
def test_every_user_of_the_rule_decides_alike(seed):
    """multiclass_scores (undefined Brier), calibration (refusal) and the streamed class-score state agree."""
    from iso4213_nb.core.errors import InputError
    from iso4213_nb.core.probability_rows import probability_problems
    from iso4213_nb.scale.accumulators.classes import ClassScoreCounts

    rng = np.random.default_rng(seed)
    matrix = _rounded(rng, 60, 3, 2)
    matrix[rng.integers(60)] *= (1.0, 1.3)[seed % 2]
    y = rng.integers(0, 3, 60)
    problems = probability_problems(matrix)
    brier = ms.brier_score(y, matrix, [0, 1, 2])
    assert (getattr(brier, "code", None) is not None) == bool(problems)
    refused = False
    try:
        multiclass_calibration(y, matrix, [0, 1, 2], n_bootstrap=20)
    except InputError:
        refused = True
    assert refused == bool(problems)
    chunk = {"y_true": y, "row": np.arange(1, 61), **{f"s{j}": matrix[:, j] for j in range(3)}}
    state = ClassScoreCounts.zero([f"s{j}" for j in range(3)]).update(chunk)
    assert np.isfinite(state.unnormalised[0]) == (problems.unnormalised is not None)
