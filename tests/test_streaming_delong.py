"""DeLong beyond one machine's memory (issue 12): one AUROC's interval from the counts, two models' test in two passes.

Every streamed DeLong number is checked against the in-memory path on the same file (to 1e-12), on
several chunkings and Dask partitionings (the synchronous scheduler runs the same task graph in this
process; what a worker process receives is checked through pickle), and the single-AUROC
variance against a direct O(m·n) computation of the placement values, independent of the package.
"""

import functools
import json
import pickle

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from sklearn.metrics import roc_auc_score

from iso4213_nb.scale import streaming
from iso4213_nb.scale.accumulators import BinnedScoreCounts, DeLongPlacements, ScoreCounts
from iso4213_nb.scale.accumulators.delong import score_placements
from iso4213_nb.cli import _streaming, main
from iso4213_nb.inputs import read_predictions
from iso4213_nb.stats import auroc_ci, delong_test
from iso4213_nb.stats.roc import placements_of
from iso4213_nb.scale.streamed_delong import _part_pass, auroc_interval, dask_rows, pair_zeros
from state_shards import state_files

SYNC = ["--engine", "dask", "--scheduler", "synchronous"]


def _data(seed: int, n: int = 3000, decimals: int = 3):
    """Truth and two correlated models' scores with many ties (rounded), as arrays."""
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    common = rng.random(n)
    a = np.round(np.clip(0.3 * y + 0.4 * common + 0.3 * rng.random(n), 0, 1), decimals)
    b = np.round(np.clip(0.2 * y + 0.4 * common + 0.4 * rng.random(n), 0, 1), decimals)
    return y, a, b


def _write(tmp_path, y, a, b, rows_per_group: int = 1000, files: int = 1) -> tuple[str, str]:
    """The same rows as a CSV file and as a Parquet folder of ``files`` files in row groups of ``rows_per_group``."""
    csv = tmp_path / "p.csv"
    csv.write_text("y_true,a_score,b_score\n" + "".join(f"{t},{float(x)!r},{float(z)!r}\n" for t, x, z in zip(y, a, b)))
    folder = tmp_path / "ds"
    folder.mkdir()
    bounds = np.linspace(0, len(y), files + 1).astype(int)
    for i, (lo, hi) in enumerate(zip(bounds[:-1], bounds[1:])):
        table = pa.table({"y_true": y[lo:hi], "a_score": a[lo:hi], "b_score": b[lo:hi]})
        pq.write_table(table, folder / f"part-{i}.parquet", row_group_size=rows_per_group)
    return str(csv), str(folder)


def _run(capsys, argv: list, as_json: bool = True):
    assert main(argv + (["--json"] if as_json else [])) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    return json.loads(out) if as_json else out


def _close(a, b) -> bool:
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_close(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and isinstance(b, float):
        return abs(a - b) <= 1e-12
    return a == b


def _direct_variance(y, s) -> tuple[float, float]:
    """AUROC and DeLong's variance from every positive–negative pair (O(m·n), DeLong et al. 1988, eq. 2–4)."""
    pos, neg = s[y == 1], s[y == 0]
    kernel = (pos[:, None] > neg[None, :]) + 0.5 * (pos[:, None] == neg[None, :])
    v10, v01 = kernel.mean(axis=1), kernel.mean(axis=0)
    return kernel.mean(), np.var(v10, ddof=1) / len(pos) + np.var(v01, ddof=1) / len(neg)


@pytest.mark.parametrize("seed, n, decimals", [(0, 50, 1), (1, 400, 2), (2, 1500, 3), (3, 900, 12), (4, 6, 0)])
def test_single_auroc_variance_from_counts_equals_the_pairwise_computation(seed, n, decimals):
    rng = np.random.default_rng(seed)
    y = np.concatenate([[0, 0, 1, 1], rng.integers(0, 2, n - 4)])
    s = np.round(rng.normal(size=n) + 0.8 * y, decimals)
    halves = np.array_split(rng.permutation(n), 3)  # counted in three parts, merged
    parts = [ScoreCounts.zero("s").update({"y_true": y[i], "s": s[i]}) for i in halves]
    placements = score_placements(parts[2].merge(parts[0]).merge(parts[1]))
    auc, variance = placements.auc, placements.variance()
    want_auc, want_variance = _direct_variance(y, s)
    assert auc == pytest.approx(roc_auc_score(y, s), abs=1e-12) and auc == pytest.approx(want_auc, abs=1e-12)
    assert variance == pytest.approx(want_variance, rel=1e-10, abs=1e-15)


@pytest.mark.parametrize("seed, n, decimals", [(0, 40, 1), (1, 700, 2), (2, 2500, 3), (3, 300, 0)])
def test_streamed_and_in_memory_delong_are_one_computation_bit_for_bit(seed, n, decimals):
    """The placement values, each AUROC's variance and interval, and DeLong's test of two models computed from
    counts merged out of order equal the in-memory ones exactly, not to rounding: both paths take DeLong's
    moments from the same runs of tied scores, so a second computation of them on either path fails here.
    (The pair sums of a second pass over several chunks add in another order; over one chunk they are equal.)"""
    y, a, b = _data(seed, n, decimals)
    rng = np.random.default_rng(seed)
    parts = np.array_split(rng.permutation(n), 3)
    rows = {"y_true": y, "a": a, "b": b}
    first = {}
    for name, scores in (("a", a), ("b", b)):
        counts = [ScoreCounts.zero(name).update({"y_true": y[i], name: scores[i]}) for i in parts]
        first[name] = counts[2].merge(counts[0]).merge(counts[1])
        streamed, memory = score_placements(first[name]), placements_of(y, scores, 1)
        for attribute in ("scores", "v10", "v01"):
            np.testing.assert_array_equal(getattr(streamed, attribute), getattr(memory, attribute))
        assert (streamed.auc, streamed.variance()) == (memory.auc, memory.variance())
        interval, whole = auroc_interval(first[name], 0.9), auroc_ci(y, scores, confidence_level=0.9)
        assert (interval.estimate, interval.low, interval.high) == (whole.estimate, whole.low, whole.high)
    test = DeLongPlacements.zero(first["a"], first["b"]).update(rows).finalize()
    whole = delong_test(y, a, b)
    assert (test.statistic, test.pvalue, test.standard_error, test.correlation) == (
        whole.statistic, whole.pvalue, whole.standard_error, whole.correlation)


@pytest.mark.parametrize("y, s, code", [
    ([0, 0, 1, 1, 1], [0.1, 0.2, 0.3, 0.4, 0.5], "delong_degenerate"),  # perfect separation: the exact pairs bound
    ([0, 0, 1, 1, 1], [0.5, 0.4, 0.3, 0.2, 0.1], "delong_degenerate"),  # reversed
    ([0, 0, 1, 1, 1], [0.3] * 5, "delong_degenerate"),  # every score tied: no bound
    ([0, 1, 1, 1, 1], [0.1, 0.2, 0.3, 0.4, 0.5], "delong_too_few"),
])
def test_degenerate_aurocs_read_in_chunks_say_what_the_whole_file_says(tmp_path, capsys, y, s, code):
    path = tmp_path / "d.csv"
    path.write_text("y_true,score\n" + "".join(f"{t},{x}\n" for t, x in zip(y, s)))
    whole = _run(capsys, ["metrics", *FAST, "--predictions", str(path)])["intervals"]["auroc"]
    for chunk in ("2", "100"):
        streamed = _run(capsys, ["metrics", *FAST, "--predictions", str(path), "--chunk-rows", chunk])
        assert streamed["intervals"]["auroc"] == whole and whole["reason"]["code"] == code


#: Dask partitionings of the same rows: (rows per row group, files).
PARTITIONINGS = [(2000, 1), (257, 3), (61, 4)]
#: Few bootstrap resamples: the count-based intervals are not what these tests are about, and they cost time.
FAST = ["--bootstrap", "20"]
METRICS = ["metrics", "--score", "a_score", *FAST, "--predictions"]
COMPARE = ["compare", "--y-true", "y_true", "--a", "a_score", "--b", "b_score", "--test", "delong", "--predictions"]


@pytest.fixture(scope="module")
def dataset(tmp_path_factory):
    """Two thousand rows as one CSV file and as Parquet folders of every partitioning, with the whole-file results."""
    y, a, b = _data(5, n=2000)
    folders = {}
    for rows, files in PARTITIONINGS:
        csv, folders[rows, files] = _write(tmp_path_factory.mktemp(f"p{rows}"), y, a, b, rows, files)
    return {"y": y, "a": a, "b": b, "csv": csv, "folders": folders, "whole": {}}


def _whole(capsys, dataset, argv: list) -> dict:
    """The in-memory JSON of ``argv`` on the CSV file, computed once per module."""
    key = tuple(argv)
    if key not in dataset["whole"]:
        dataset["whole"][key] = _run(capsys, argv + [dataset["csv"]])
    return dataset["whole"][key]


@pytest.mark.parametrize("reading", [["--chunk-rows", "7"], ["--chunk-rows", "500"], ["--chunk-rows"],
                                     *(["dask", *p] for p in PARTITIONINGS)])
def test_metrics_streamed_give_the_in_memory_delong_interval(dataset, capsys, reading):
    source = dataset["folders"][tuple(reading[1:])] if reading[0] == "dask" else dataset["csv"]
    options = SYNC if reading[0] == "dask" else reading
    whole = _whole(capsys, dataset, METRICS)
    streamed = _run(capsys, METRICS + [source, *options])
    assert _close(streamed["intervals"]["auroc"], whole["intervals"]["auroc"])
    assert "auroc" not in streamed.get("intervals_not_given", [])
    assert streamed["intervals"]["auroc"]["low"] < streamed["auroc"] < streamed["intervals"]["auroc"]["high"]


def test_the_readable_table_shows_the_in_memory_interval(dataset, capsys):
    whole = _run(capsys, METRICS + [dataset["csv"]], as_json=False).splitlines()
    line = [row for row in whole if row.startswith("AUROC ") and not row.startswith("AUROC (6.3.6)")]
    assert len(line) == 1 and "DeLong" in line[0]
    assert line[0] in _run(capsys, METRICS + [dataset["csv"], "--chunk-rows", "300"], as_json=False).splitlines()


@pytest.mark.parametrize("partitioning", PARTITIONINGS)
def test_compare_on_dask_gives_the_test_of_the_in_memory_path(dataset, capsys, partitioning):
    in_memory = _whole(capsys, dataset, COMPARE)
    on_dask = _run(capsys, COMPARE + [dataset["folders"][partitioning], *SYNC])
    assert _close(on_dask, in_memory)
    direct = delong_test(dataset["y"], dataset["a"], dataset["b"], positive=1)
    assert on_dask["statistic"] == pytest.approx(direct.statistic, rel=1e-10)
    assert on_dask["pvalue"] == pytest.approx(direct.pvalue, rel=1e-9, abs=1e-300)
    assert on_dask["standard_error"] == pytest.approx(direct.details["standard_error"], rel=1e-12)


@pytest.mark.parametrize("chunk", ["7", "333"])
def test_compare_in_chunks_gives_the_test_of_the_in_memory_path(dataset, capsys, chunk):
    assert _close(_run(capsys, COMPARE + [dataset["csv"], "--chunk-rows", chunk]), _whole(capsys, dataset, COMPARE))


def _report_content(path, chunks):
    from iso4213_nb.report.streamed import build_content

    on_dask = chunks is None
    args = type("Args", (), {"engine": "dask" if on_dask else None, "scheduler": "synchronous" if on_dask else None,
                             "workers": 1, "chunk_rows": chunks, "bins": None})()
    states, settings, source, opened = _streaming.collect(args, path)
    assessed = streaming.assess_states(states, settings, source.name)
    rows = opened if opened is not None else dask_rows(path, _streaming.chunk_options(args), "synchronous", 1)
    try:
        return build_content(assessed, states, source, answers={}, title="t", meta_name=None, how={"how": "-"},
                             chunks=rows)
    finally:
        if opened is not None:
            opened.close()


def test_streamed_reports_give_the_auroc_intervals_and_delong_test_on_both_engines(tmp_path):
    from iso4213_nb.report import content

    y, a, b = _data(7, n=2000)
    csv, folder = _write(tmp_path, y, a, b, 150, 2)
    whole = content.build(read_predictions(csv), {}, title="t", meta_name=None, demo=False)
    expected = [t for t in whole["comparisons"]["tests"] if t["measure"] == "auroc"]
    assert len(expected) == 1
    for report in (_report_content(folder, None), _report_content(csv, 211)):
        for name in ("a", "b"):
            assert _close(report["models"][name]["intervals"]["auroc"], whole["models"][name]["intervals"]["auroc"])
        assert _close([t for t in report["comparisons"]["tests"] if t["measure"] == "auroc"], expected)
        assert _close(report["comparisons"], whole["comparisons"])  # Holm's correction over the same p-values
        assert {e["measure"] for e in report["streaming"]["not_given"]} == {"calibration", "bootstrap_intervals"}


def test_state_files_give_the_interval_and_name_the_test_as_needing_the_rows(tmp_path, capsys):
    y, a, b = _data(8, n=900)
    csv, _ = _write(tmp_path, y, a, b)
    states = state_files(tmp_path, csv, 399)
    capsys.readouterr()
    merged, settings, source = _streaming.load(states[::-1])
    assessed = streaming.assess_states(merged, settings, source.name)
    from iso4213_nb.report.streamed import build_content

    report = build_content(assessed, merged, source, answers={}, title="t", meta_name=None, how={"how": "-"})
    for name, scores in (("a", a), ("b", b)):
        want = auroc_ci(y, scores, positive=1)
        got = report["models"][name]["intervals"]["auroc"]
        assert got["low"] == pytest.approx(want.low, abs=1e-12) and got["high"] == pytest.approx(want.high, abs=1e-12)
    missing = {e["measure"]: e["reason"] for e in report["streaming"]["not_given"]}
    assert missing["delong_test"] == "second_pass" and "auroc_interval" not in missing


def test_binned_scores_refuse_the_delong_interval_and_say_why(tmp_path, capsys):
    y, a, b = _data(9, n=1000, decimals=9)
    csv, _ = _write(tmp_path, y, a, b)
    argv = ["metrics", "--predictions", csv, "--score", "a_score", "--chunk-rows", "300", "--bins", "50"]
    out = _run(capsys, argv)
    interval = out["intervals"]["auroc"]
    assert interval["low"] is None and interval["high"] is None
    assert interval["reason"] == {"code": "binned_no_placements", "bins": 50}
    assert interval["estimate"] == out["auroc"]
    line = next(row for row in _run(capsys, argv, as_json=False).splitlines()
                if row.startswith("AUROC ") and not row.startswith("AUROC (6.3.6)"))
    assert "50 bins (--bins)" in line and "DeLong's variance is unknown" in line
    counts = BinnedScoreCounts.zero("a_score", 50).update({"y_true": y, "a_score": a})
    assert auroc_interval(counts).details == {} and auroc_interval(counts).low.code == "binned_no_placements"


def test_a_worker_receives_the_placements_and_its_task_by_pickle(dataset):
    """What a Dask worker process gets (the task and the shared placement values) survives pickling and gives the
    same sums; the synchronous scheduler of the other tests runs the same graph without pickling it."""
    args = type("Args", (), {"engine": "dask", "scheduler": "synchronous", "workers": 1, "chunk_rows": None,
                             "bins": None})()
    folder = dataset["folders"][PARTITIONINGS[1]]
    states, settings, source, _ = _streaming.collect(args, folder)
    assessed = streaming.assess_states(states, settings, source.name)
    zeros = pair_zeros(states, [("a", "b")])
    rows = dask_rows(folder, _streaming.chunk_options(args), "synchronous", 1)
    task = functools.partial(_part_pass, settings=settings, options=rows.options, positive=str(assessed.positive))
    shipped_task, shipped_zeros = pickle.loads(pickle.dumps((task, zeros)))
    here, there = task(rows.parts[0], zeros), shipped_task(rows.parts[0], shipped_zeros)
    assert np.array_equal(here[("a", "b")].sums, there[("a", "b")].sums) and there[("a", "b")].sums[0, 0] > 0


def test_mcnemar_on_dask_equals_the_whole_file_now_that_compare_runs_there(tmp_path, capsys):
    rng = np.random.default_rng(11)
    y = rng.integers(0, 2, 500)
    table = pa.table({"y_true": y, "a_pred": np.where(rng.random(500) < 0.8, y, 1 - y), "b_pred": rng.integers(0, 2, 500)})
    pq.write_table(table, tmp_path / "m.parquet", row_group_size=90)
    argv = ["compare", "--y-true", "y_true", "--a", "a_pred", "--b", "b_pred", "--test", "mcnemar", "--predictions",
            str(tmp_path / "m.parquet")]
    assert _run(capsys, argv + SYNC) == _run(capsys, argv)
