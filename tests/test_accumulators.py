"""Partial results merge exactly: any split of the rows, any merge order, the in-memory answer."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from sklearn.calibration import calibration_curve
from sklearn.metrics import brier_score_loss

from iso4213_nb.scale.accumulators import (BinnedScoreCounts, CalibrationBins, ConfusionCounts, DeLongPlacements,
                                     GroupedCounts, PairedOutcomes, PoissonBootstrap, ScoreCounts, accumulate,
                                     merge_all, poisson_weights)
from iso4213_nb.measures.confusion import ConfusionMatrix
from iso4213_nb.measures.curves import BinaryScores
from iso4213_nb.core.errors import InputError
from iso4213_nb.stats import cochran_q, delong_test, mcnemar_table


def _data(seed, n=400, classes=3, text=False):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, classes, n)
    pred = np.where(rng.random(n) < 0.7, y, rng.integers(0, classes, n))
    if text:
        names = np.array(["cat", "dog", "emu", "yak"])[:classes]
        y, pred = names[y], names[pred]
    binary = (rng.random(n) < 0.4).astype(np.int64)
    score_a = np.round(np.clip(binary * 0.3 + rng.random(n) * 0.7, 0, 1), 2)  # ties on purpose
    score_b = np.round(np.clip(binary * 0.2 + rng.random(n) * 0.8, 0, 1), 3)
    return {"y_true": y, "y_pred": pred, "binary": binary, "a": score_a, "b": score_b,
            "a_pred": (score_a >= 0.5).astype(np.int64), "b_pred": (score_b >= 0.5).astype(np.int64),
            "c_pred": rng.integers(0, 2, n), "group": rng.choice(np.array(["north", "south", "east"]), n),
            "row": np.arange(n, dtype=np.int64)}


def _chunks(data, cuts):
    n = len(data["row"])
    bounds = [0, *sorted(set(int(c) % (n + 1) for c in cuts)), n]
    return [{k: v[lo:hi] for k, v in data.items()} for lo, hi in zip(bounds[:-1], bounds[1:])]


def _split_merge(zero_factory, data, cuts, order_seed):
    """Each chunk in its own state, then merged in a random order and a random tree shape."""
    parts = [zero_factory().update(chunk) for chunk in _chunks(data, cuts)]
    rng = np.random.default_rng(order_seed)
    rng.shuffle(parts)
    while len(parts) > 1:
        i = int(rng.integers(0, len(parts) - 1))
        parts[i:i + 2] = [parts[i].merge(parts[i + 1])]
    return parts[0]


splits = st.lists(st.integers(0, 10_000), max_size=6)


@settings(max_examples=40, deadline=None, database=None)
@given(seed=st.integers(0, 10_000), cuts=splits, order=st.integers(0, 10_000), text=st.booleans())
def test_confusion_counts_equal_the_in_memory_matrix(seed, cuts, order, text):
    data = _data(seed, text=text)
    merged = _split_merge(ConfusionCounts.zero, data, cuts, order).finalize()
    whole = ConfusionMatrix.from_predictions(data["y_true"], data["y_pred"])
    assert merged.labels == whole.labels
    assert np.array_equal(merged.matrix(rows="true"), whole.matrix(rows="true"))


@settings(max_examples=40, deadline=None, database=None)
@given(seed=st.integers(0, 10_000), cuts=splits, order=st.integers(0, 10_000))
def test_score_counts_give_every_curve_and_area_exactly(seed, cuts, order):
    data = _data(seed)
    merged = _split_merge(lambda: ScoreCounts.zero("a", true="binary"), data, cuts, order).finalize()
    whole = BinaryScores(data["binary"], data["a"])
    for name in ("thresholds", "tps", "fps"):
        assert np.array_equal(getattr(merged, name), getattr(whole, name))
    for curve in ("roc", "pr", "gain", "lift"):
        for got, want in zip(getattr(merged, curve)()[:3], getattr(whole, curve)()[:3]):
            assert np.array_equal(got, want)
    for area in ("auroc", "average_precision", "auprc_trapezoid", "gain_area"):
        assert getattr(merged, area)() == getattr(whole, area)()


def test_score_counts_hold_24_bytes_per_distinct_score_whatever_the_rows():
    rng = np.random.default_rng(1)
    state = ScoreCounts.zero("s")
    for _ in range(5):
        state.update({"y_true": rng.integers(0, 2, 100_000), "s": rng.integers(0, 1001, 100_000) / 1000})
    assert state.nbytes == 24 * 1001


@settings(max_examples=30, deadline=None, database=None)
@given(seed=st.integers(0, 10_000), bins=st.integers(2, 50), cuts=splits)
def test_binned_auroc_lies_within_its_stated_bound_and_counts_at_edges_are_exact(seed, bins, cuts):
    rng = np.random.default_rng(seed)
    y = (rng.random(500) < 0.3).astype(np.int64)
    s = np.clip(y * 0.25 + rng.random(500) * 0.75, 0, 1)
    data = {"y_true": y, "s": s, "row": np.arange(500)}
    binned = _split_merge(lambda: BinnedScoreCounts.zero("s", bins), data, cuts, seed).finalize()
    exact = BinaryScores(y, s)
    assert abs(binned.scores.auroc() - exact.auroc()) <= binned.auroc_error_bound + 1e-15
    for edge in np.linspace(0, 1, bins + 1)[:-1]:
        assert binned.scores.counts_at(edge) == exact.counts_at(edge)


def test_binned_bound_is_reached_by_a_worst_case():
    # every pair of a positive and a negative shares a bin; the exact order puts all positives above
    y = np.array([1, 1, 0, 0])
    s = np.array([0.59, 0.58, 0.52, 0.51])
    binned = BinnedScoreCounts.zero("s", 2).update({"y_true": y, "s": s}).finalize()
    assert binned.scores.auroc() == 0.5 and binned.auroc_error_bound == 0.5
    assert BinaryScores(y, s).auroc() == 1.0


def test_binned_scores_outside_the_range_are_named():
    with pytest.raises(InputError, match=r"outside the binned range \[0, 1\]"):
        BinnedScoreCounts.zero("s", 10).update({"y_true": np.array([0, 1]), "s": np.array([0.5, 1.5])})


@settings(max_examples=30, deadline=None, database=None)
@given(seed=st.integers(0, 10_000), bins=st.integers(1, 20), cuts=splits)
def test_calibration_bins_match_scikit_learn(seed, bins, cuts):
    rng = np.random.default_rng(seed)
    p = np.round(rng.random(300), 2)
    y = (rng.random(300) < p).astype(np.int64)
    data = {"y_true": y, "p": p, "row": np.arange(300)}
    result = _split_merge(lambda: CalibrationBins.zero("p", bins), data, cuts, seed).finalize()
    prob_true, prob_pred = calibration_curve(y, p, n_bins=bins, strategy="uniform")
    occupied = result.count > 0
    np.testing.assert_allclose(result.observed[occupied], prob_true, rtol=0, atol=1e-12)
    np.testing.assert_allclose(result.mean_predicted[occupied], prob_pred, rtol=0, atol=1e-12)
    assert result.brier == pytest.approx(brier_score_loss(y, p), abs=1e-12)


@settings(max_examples=30, deadline=None, database=None)
@given(seed=st.integers(0, 10_000), cuts=splits, order=st.integers(0, 10_000))
def test_paired_outcomes_give_mcnemar_tables_and_cochran_q(seed, cuts, order):
    data = _data(seed)
    data = {**data, "y_true": data["binary"]}
    state = _split_merge(lambda: PairedOutcomes.zero(["a_pred", "b_pred", "c_pred"]), data, cuts, order)
    assert np.array_equal(state.mcnemar_table("a_pred", "c_pred"),
                          mcnemar_table(data["y_true"], data["a_pred"], data["c_pred"]))
    correct = np.column_stack([data[m] == data["y_true"] for m in ("a_pred", "b_pred", "c_pred")]).astype(int)
    want = cochran_q(correct)
    got = state.cochran_q()
    assert got.statistic == pytest.approx(want.statistic, abs=1e-12) and got.df == want.df
    assert got.pvalue == pytest.approx(want.pvalue, abs=1e-12)


@settings(max_examples=20, deadline=None, database=None)
@given(seed=st.integers(0, 10_000), cuts=splits, order=st.integers(0, 10_000))
def test_grouped_counts_equal_each_group_in_memory(seed, cuts, order):
    data = _data(seed)
    groups = _split_merge(lambda: GroupedCounts.zero("group"), data, cuts, order).finalize()
    assert list(groups) == sorted(set(data["group"].tolist()))
    for value, counts in groups.items():
        rows = data["group"] == value
        whole = ConfusionMatrix.from_predictions(data["y_true"][rows], data["y_pred"][rows])
        assert np.array_equal(counts.finalize().matrix(rows="true"), whole.matrix(rows="true"))


@settings(max_examples=25, deadline=None, database=None)
@given(seed=st.integers(0, 10_000), cuts=splits, order=st.integers(0, 10_000))
def test_two_pass_delong_equals_the_in_memory_test(seed, cuts, order):
    data = _data(seed)
    first_a = _split_merge(lambda: ScoreCounts.zero("a", true="binary"), data, cuts, order)
    first_b = _split_merge(lambda: ScoreCounts.zero("b", true="binary"), data, cuts[::-1], order + 1)
    result = _split_merge(lambda: DeLongPlacements.zero(first_a, first_b), data, cuts, order + 2).finalize()
    want = delong_test(data["binary"], data["a"], data["b"])
    assert result.auc_a == pytest.approx(want.auc_a, abs=1e-12)
    assert result.auc_b == pytest.approx(want.auc_b, abs=1e-12)
    assert result.standard_error == pytest.approx(want.standard_error, abs=1e-12)
    assert result.statistic == pytest.approx(want.statistic, abs=1e-9)
    assert result.pvalue == pytest.approx(want.pvalue, abs=1e-12)


def test_second_delong_pass_over_other_rows_is_named():
    data = _data(3)
    first_a = ScoreCounts.zero("a", true="binary").update(data)
    first_b = ScoreCounts.zero("b", true="binary").update(data)
    other = {**data, "a": data["a"] + 0.001}
    with pytest.raises(InputError, match="first pass did not see"):
        DeLongPlacements.zero(first_a, first_b).update(other)


def test_poisson_weights_depend_on_key_seed_and_replicate_only():
    keys = np.arange(200_000)
    w = poisson_weights(keys, seed=11, replicate=4)
    assert np.array_equal(w[1000:2000], poisson_weights(keys[1000:2000], seed=11, replicate=4))
    assert not np.array_equal(w, poisson_weights(keys, seed=12, replicate=4))
    assert not np.array_equal(w, poisson_weights(keys, seed=11, replicate=5))
    # Poisson(1): mean 1, variance 1, P(0) = e^-1
    assert w.mean() == pytest.approx(1, abs=0.01) and w.var() == pytest.approx(1, abs=0.02)
    assert np.mean(w == 0) == pytest.approx(np.exp(-1), abs=0.005)


@settings(max_examples=15, deadline=None, database=None)
@given(seed=st.integers(0, 10_000), cuts=splits, order=st.integers(0, 10_000))
def test_poisson_bootstrap_replicates_do_not_depend_on_the_split(seed, cuts, order):
    data = _data(seed, n=200)
    zero = lambda: PoissonBootstrap.zero(ConfusionCounts.zero(), replicates=5, seed=seed)
    split = _split_merge(zero, data, cuts, order).finalize()
    whole = zero().update(data).finalize()
    for r, (a, b) in enumerate(zip(split, whole)):
        assert a.labels == b.labels and np.array_equal(a.matrix(rows="true"), b.matrix(rows="true"))
        # each replicate is the data with row i repeated w_i times
        w = poisson_weights(data["row"], seed, r)
        repeated = ConfusionMatrix.from_predictions(np.repeat(data["y_true"], w), np.repeat(data["y_pred"], w))
        assert np.array_equal(a.matrix(rows="true"), repeated.matrix(rows="true"))


def test_merge_leaves_both_inputs_unchanged_and_accumulate_streams():
    data = _data(5)
    first, second = _chunks(data, [150])
    a, b = ConfusionCounts.zero().update(first), ConfusionCounts.zero().update(second)
    before = a.counts.copy(), b.counts.copy()
    merged = a.merge(b)
    assert np.array_equal(a.counts, before[0]) and np.array_equal(b.counts, before[1])
    assert np.array_equal(accumulate(ConfusionCounts.zero(), [first, second]).counts, merged.counts)
    assert np.array_equal(merge_all([a, b]).counts, merged.counts)


def test_run_local_is_the_one_loop_its_progress_counts_rows_and_its_zeros_stay_empty():
    """The chunk loop every streamed command runs: it reports each chunk's rows, and the empty states it is
    given stay empty, so one set of zeros serves many runs (as a Dask task's)."""
    data = _data(11)
    chunks = _chunks(data, [70, 200])
    zeros = {"labels": ConfusionCounts.zero()}
    seen = []
    states = run_local(zeros, chunks, lambda chunk: chunk, progress=seen.append)
    assert seen == [70, 130, len(data["y_true"]) - 200]
    whole = ConfusionMatrix.from_predictions(data["y_true"], data["y_pred"])
    assert np.array_equal(states["labels"].finalize().matrix(rows="true"), whole.matrix(rows="true"))
    assert not zeros["labels"].counts.any()


def test_parts_with_text_and_integer_labels_do_not_merge_silently():
    a = ConfusionCounts.zero().update({"y_true": np.array([0, 1]), "y_pred": np.array([1, 1])})
    b = ConfusionCounts.zero().update({"y_true": np.array(["0", "1"]), "y_pred": np.array(["1", "1"])})
    with pytest.raises(InputError, match="different kinds"):
        a.merge(b)


def test_bad_weights_and_missing_columns_are_one_line_errors():
    state = ConfusionCounts.zero()
    with pytest.raises(InputError, match="whole numbers"):
        state.update({"y_true": np.array([0, 1]), "y_pred": np.array([0, 1])}, weights=np.array([0.5, 1.0]))
    with pytest.raises(InputError, match="no column 'y_pred'"):
        state.update({"y_true": np.array([0, 1])})
    with pytest.raises(InputError, match="whole numbers"):
        PoissonBootstrap.zero(ConfusionCounts.zero(), replicates=3, key="id").update(
            {"y_true": np.array([0, 1]), "y_pred": np.array([0, 1]), "id": np.array(["x", "y"])})


def test_binary_scores_from_counts_rejects_bad_counts():
    with pytest.raises(InputError, match="distinct"):
        BinaryScores.from_counts([0.1, 0.1], [1, 0], [0, 1])
    with pytest.raises(InputError, match="whole, non-negative"):
        BinaryScores.from_counts([0.1, 0.2], [1, -1], [0, 1])
    with pytest.raises(InputError, match="all zero"):
        BinaryScores.from_counts([0.1, 0.2], [0, 0], [0, 0])


# ---------------------------------------------------------------- state files and engines
import json  # noqa: E402

import jsonschema  # noqa: E402
import pyarrow as pa  # noqa: E402
import pyarrow.parquet as pq  # noqa: E402

from iso4213_nb.scale.accumulators import (parquet_parts, parquet_reader, read_states, run_dask, run_local,  # noqa: E402
                                     write_states)
from iso4213_nb.scale.accumulators.files import SCHEMA  # noqa: E402


def _all_states():
    return {"confusion": ConfusionCounts.zero(), "groups": GroupedCounts.zero("group"),
            "paired": PairedOutcomes.zero(["a_pred", "b_pred"], true="binary"),
            "scores": ScoreCounts.zero("a", true="binary"), "binned": BinnedScoreCounts.zero("b", 20, true="binary"),
            "calibration": CalibrationBins.zero("a", 10, true="binary"),
            "bootstrap": PoissonBootstrap.zero(ConfusionCounts.zero("binary", "a_pred"), replicates=3, seed=2)}


def _same(a, b):
    """Two states agree: configuration and integer counts exactly, float sums to 1e-12 (their addition order differs)."""
    from iso4213_nb.scale.accumulators.files import _array_from_json, state_to_json

    def compare(x, y):
        if isinstance(x, dict) and "base64" in x:
            u, v = _array_from_json(x), _array_from_json(y)
            if u.dtype.kind == "f":
                return u.shape == v.shape and np.allclose(u, v, rtol=1e-12, atol=1e-12)
            return u.dtype == v.dtype and np.array_equal(u, v)
        if isinstance(x, dict):
            return isinstance(y, dict) and x.keys() == y.keys() and all(compare(x[k], y[k]) for k in x)
        if isinstance(x, list):
            return isinstance(y, list) and len(x) == len(y) and all(map(compare, x, y))
        return x == y
    return compare(state_to_json(a), state_to_json(b))


def test_state_files_round_trip_bit_for_bit_and_follow_their_schema(tmp_path):
    from iso4213_nb.scale.accumulators.files import state_to_json

    data = _data(8, text=True)
    states = {name: s.update(data) for name, s in _all_states().items()}
    path = write_states(tmp_path / "part.state", states, source={"rows": 400})
    document = json.loads(path.read_text())
    jsonschema.validate(document, json.loads(SCHEMA.read_text()))
    back, source = read_states(path)
    assert source == {"rows": 400} and set(back) == set(states)
    for name in states:
        assert state_to_json(back[name]) == state_to_json(states[name])
    assert back["confusion"].finalize().labels == ("cat", "dog", "emu")


def test_merged_state_files_equal_the_whole_data(tmp_path):
    data = _data(9)
    first, second = _chunks(data, [170])
    paths = [write_states(tmp_path / f"{i}.state", {k: s.update(c) for k, s in _all_states().items()})
             for i, c in enumerate((first, second))]
    a, b = (read_states(p)[0] for p in paths)
    whole = {k: s.update(data) for k, s in _all_states().items()}
    for name in whole:
        assert _same(a[name].merge(b[name]), whole[name])


@pytest.mark.parametrize("text, message", [
    ("not json", "not JSON"),
    ('{"format": "other"}', "not a state file of iso4213-nb"),
    ('{"format": "iso4213-nb-state", "version": 99, "states": {}}', "version 99"),
    ('{"format": "iso4213-nb-state", "version": 1, "states": {"x": {"kind": "Pickle"}}}', "unknown kind"),
    ('{"format": "iso4213-nb-state", "version": 1, "states": {"x": {"kind": "ScoreCounts", "config": {}, '
     '"arrays": {"scores": {"dtype": "|O", "shape": [1], "base64": ""}}}}}', "damaged or not of numbers"),
])
def test_foreign_or_damaged_state_files_are_one_line_errors(tmp_path, text, message):
    path = tmp_path / "bad.state"
    path.write_text(text)
    with pytest.raises(InputError, match=message):
        read_states(path)


def _parquet_dataset(folder, data, rows_per_group, files):
    folder.mkdir()
    n = len(data["row"])
    bounds = np.linspace(0, n, files + 1).astype(int)
    for i, (lo, hi) in enumerate(zip(bounds[:-1], bounds[1:])):
        table = pa.table({k: v[lo:hi] for k, v in data.items()})
        pq.write_table(table, folder / f"part-{i}.parquet", row_group_size=rows_per_group)
    return folder


@pytest.mark.slow
def test_dask_and_local_engines_equal_the_in_memory_states_on_any_partitioning(tmp_path):
    data = _data(10, n=3000, text=True)
    whole = {k: s.update(data) for k, s in _all_states().items()}
    columns = list(data)
    layouts = [(1000, 1), (333, 3), (97, 4)]
    for i, (rows, files) in enumerate(layouts):
        parts = parquet_parts(_parquet_dataset(tmp_path / f"d{i}", data, rows, files))
        assert len(parts) > 1
        local = run_local(_all_states(), parts, parquet_reader(columns))
        for name in whole:
            assert _same(local[name], whole[name]), name
    for workers in (1, 2):
        merged = run_dask(_all_states(), parts, parquet_reader(columns), workers=workers)
        for name in whole:
            assert _same(merged[name], whole[name]), (workers, name)


def test_parquet_parts_name_what_is_wrong(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        parquet_parts(tmp_path / "nothing-*.parquet")
    (tmp_path / "fake.parquet").write_text("y_true\n1\n")
    with pytest.raises(InputError, match="not a readable Parquet file"):
        parquet_parts(tmp_path / "fake.parquet")


def test_a_column_against_itself_and_a_label_of_weight_zero_keep_their_places():
    y = np.array([0, 2, 2, 5, 0])
    truth = ConfusionCounts.zero("y_true", "y_true").update({"y_true": y})  # the truth's own counts (streaming)
    assert truth.labels == (0, 2, 5) and np.array_equal(truth.counts, np.diag([2, 2, 1]))
    assert truth.counts.dtype == np.int64
    rows = {"y_true": y, "y_pred": np.array([0, 2, 3, 5, 0]), "w": np.array([1.0, 2.5, 0.0, 1.0, 1.0])}
    weighted = ConfusionCounts.zero(weight="w").update(rows)
    assert weighted.labels == (0, 2, 3, 5)  # 3 is predicted only in a row of weight 0, and kept
    assert np.array_equal(weighted.counts, [[2, 0, 0, 0], [0, 2.5, 0, 0], [0, 0, 0, 0], [0, 0, 0, 1]])
