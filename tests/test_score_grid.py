"""Scores with few decimals are counted without a sort (issue 27 point 4), into the very tables a sort gives."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from iso4213_nb.measures.curves import BinaryScores
from iso4213_nb.scale.accumulators import ScoreCounts, score_grid
from iso4213_nb.scale.accumulators import scores as scores_module


def _sorted_table(chunks):
    """(scores, positives, negatives) by the sort path only: each chunk's runs merged in turn."""
    table = np.zeros(0), np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    for values, mask in chunks:
        table = scores_module.merge_counts(*table, *scores_module._counts_by_value(values, mask, None))
    return table


def _chunks(seed: int, decimals: list[int], rows: int = 400):
    rng = np.random.default_rng(seed)
    out = []
    for d in decimals:
        low = rng.choice([0.0, -3.0, 1e6])
        values = np.round(low + rng.random(rows) * rng.choice([1.0, 10.0]), d) if d >= 0 else rng.normal(size=rows)
        out.append((values, rng.random(rows) < 0.4))
    return out


@settings(max_examples=60, deadline=None, database=None)
@given(seed=st.integers(0, 10_000), decimals=st.lists(st.integers(-1, 11), min_size=1, max_size=4))
def test_grid_tables_are_the_sorted_tables_bit_for_bit(seed, decimals):
    # -1 stands for continuous normal floats (no decimal grid); 10 and 11 decimals are beyond MAX_DECIMALS
    chunks = _chunks(seed, decimals)
    state = ScoreCounts.zero("s")
    for values, mask in chunks:
        state.update({"y_true": mask.astype(np.int64), "s": values})
    for got, want in zip((state.scores, state.positives, state.negatives), _sorted_table(chunks)):
        assert got.dtype == want.dtype
        assert np.array_equal(got.view(np.uint8), want.view(np.uint8))
    every = np.concatenate([v for v, _ in chunks])
    truth = np.concatenate([m for _, m in chunks])
    whole, merged = BinaryScores(truth, every), state.finalize()
    assert merged.auroc() == whole.auroc() and merged.average_precision() == whole.average_precision()


def test_six_decimal_scores_are_counted_without_a_sort(monkeypatch):
    rng = np.random.default_rng(3)  # 6 decimals on [0, 1]: 10^6 + 1 places, fewer than 4 per row of a chunk
    y = (rng.random(600_000) < 0.3).astype(np.int64)
    s = np.round(np.clip(0.25 * y + 0.75 * rng.random(600_000), 0, 1), 6)

    def refuse(*args):
        raise AssertionError("sorted although the scores have six decimals")

    expected = _sorted_table([(s[:300_000], y[:300_000] == 1), (s[300_000:], y[300_000:] == 1)])
    monkeypatch.setattr(scores_module, "_counts_by_value", refuse)
    state = ScoreCounts.zero("s").update({"y_true": y[:300_000], "s": s[:300_000]})
    state.update({"y_true": y[300_000:], "s": s[300_000:]})
    assert all(np.array_equal(a, b) for a, b in zip((state.scores, state.positives, state.negatives), expected))


@pytest.mark.parametrize("values", [np.array([0.5, -0.0, 0.25]),  # -0.0 is kept as written, so it is sorted
                                    np.array([0.1, 0.2, 1e-12]),  # more decimals than MAX_DECIMALS
                                    np.array([0.1, 0.2, 2.0 ** 60])])  # k beyond 2^53
def test_scores_off_the_grid_are_left_to_the_sort(values):
    mask = np.array([True, False, True])
    assert score_grid.merged(np.zeros(0), np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), values,
                             mask) is None


def test_a_range_wider_than_the_limit_is_sorted():
    empty = np.zeros(0), np.zeros(0, np.int64), np.zeros(0, np.int64)
    mask = np.array([True, False, True])
    assert score_grid.merged(*empty, np.array([0.0, 0.5, 1.0]), mask) is not None  # one decimal: k in 0..10
    assert score_grid.merged(*empty, np.array([0.0, 0.5, 2.0]), mask) is None  # k in 0..20: wider than 4 × 3


def test_a_few_rows_against_a_large_state_are_sorted():
    # one subgroup's few rows: a range of a million places would cost more than sorting them
    state = ScoreCounts.zero("s").update({"y_true": np.array([1, 0]), "s": np.array([0.0, 1.0])})
    assert score_grid.merged(state.scores, state.positives, state.negatives, np.array([0.123456, 0.5]),
                             np.array([True, False])) is None
