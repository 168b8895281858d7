"""Every task the README documents, on every path that supports it, end to end (clause 8; issue 24, point 5).

A report is built for each task (binary labels and scores, several models, multi-class scores, multi-label
labels and labels with scores, sample weights, subgroups) on each path: the whole file in memory,
``--chunk-rows``, state files (``iso4213-nb state`` on two shards, then ``report --states``) and
``--engine dask`` (one local cluster of one worker for the whole module).  Each ``report.json`` is validated
against the schema and passed through ``verify``; then the numbers of every path are compared with those of
the whole file: counts exactly, floats to 1e-12.  What a path gives by design in another way is skipped only
where ``streaming.not_given`` names it, or where the interval says it came from another method (the Poisson
bootstrap of the Brier score and log loss over rows read in chunks).  A path that does not support a task
(a multi-label file in chunks, on Dask or in state files) must say so in one line and exit 2.

JSON only (``--format json``: no kernel, no page), except one HTML and PDF build of the multi-label report
whose notebook failed (``KeyError: 'intervals'``).
"""

from __future__ import annotations

import json

import numpy as np
import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq
import pytest

from iso4213_nb.cli import main
from iso4213_nb.report.build import make_report
from iso4213_nb.report.schema import schema_errors
from iso4213_nb.report.verify import _leaves, verify_report
from iso4213_nb.scale.accumulators.engine import dask_session
from state_shards import state_files
from test_streamed_report_gaps import COVERS, _silent_gaps
from test_streaming_weighted import _close

N = 200
#: Rows per chunk, per shard of the state files, per Parquet row group: each path cuts the rows its own way.
CHUNK_ROWS, FIRST_SHARD, ROW_GROUP = 70, 90, 60
#: Few resamples: the paths must agree for any number, and the matrix must stay fast.
RESAMPLES = 40
#: Keys measured or stamped rather than computed, and the streamed report's own account of itself.
NOT_COMPARED = ("generated_utc", "environment", "streaming", "input.predictions")


def _noisy(rng, y, right=0.8):
    return np.where(rng.random(y.shape) < right, y, 1 - y)


def _score(rng, y, lift=0.3):
    return np.round(np.clip(lift * y + 0.7 * rng.random(y.shape), 0, 1), 3)


def _binary(rng):
    y = rng.integers(0, 2, N)
    return {"y_true": y, "m_pred": _noisy(rng, y), "m_score": _score(rng, y)}


def _models(rng):
    y = rng.integers(0, 2, N)
    return {"y_true": y, "a_score": _score(rng, y), "b_score": _score(rng, y, 0.4), "c_pred": _noisy(rng, y, 0.7)}


def _multiclass(rng):
    y = rng.integers(0, 3, N)
    logits = rng.normal(size=(N, 3)) + 1.5 * np.eye(3)[y]
    proba = np.round(np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True), 6)
    return {"y_true": y, **{f"m_score_{c}": proba[:, c] for c in range(3)}}


def _multilabel(rng):
    y = rng.integers(0, 2, (N, 2))
    pred = _noisy(rng, y)
    return {"y_true_a": y[:, 0], "y_true_b": y[:, 1], "m_pred_a": pred[:, 0], "m_pred_b": pred[:, 1]}


def _multilabel_scores(rng):
    columns = _multilabel(rng)
    y = np.column_stack([columns["y_true_a"], columns["y_true_b"]])
    score = _score(rng, y, 0.4)
    return {**columns, "m_score_a": score[:, 0], "m_score_b": score[:, 1]}


def _weights(rng):
    y = rng.integers(0, 2, N)
    return {"y_true": y, "m_score": _score(rng, y), "weight": np.round(rng.random(N) * 3, 3)}


def _subgroups(rng):
    y = rng.integers(0, 2, N)
    return {"y_true": y, "m_score": _score(rng, y), "group_site": rng.choice(["north", "south"], N)}


#: The README's tasks: the columns of a small predictions file of each.
TASKS = {"binary": _binary, "several models": _models, "multi-class scores": _multiclass,
         "multi-label": _multilabel, "multi-label with scores": _multilabel_scores, "weights": _weights,
         "subgroups": _subgroups}
MULTILABEL = ("multi-label", "multi-label with scores")


def _files(folder, task) -> tuple[str, str]:
    """The task's predictions as CSV and as Parquet with several row groups (for Dask)."""
    folder.mkdir(parents=True, exist_ok=True)
    table = pa.table(TASKS[task](np.random.default_rng(sorted(TASKS).index(task))))
    csv_path, parquet_path = folder / "p.csv", folder / "p.parquet"
    pacsv.write_csv(table, csv_path, pacsv.WriteOptions(quoting_style="none"))
    pq.write_table(table, parquet_path, row_group_size=ROW_GROUP)
    return str(csv_path), str(parquet_path)


@pytest.fixture(scope="module")
def dask_cluster():
    """One local cluster of one worker for every ``--engine dask`` of the module (the command uses the open one)."""
    pytest.importorskip("distributed")
    with dask_session(None, workers=1):
        yield


def _report(argv: list[str], out) -> dict:
    """report.json of ``report ARGV --format json`` (checked by :func:`_checked`); json alone writes no page."""
    assert main(["--quiet", "report", *argv, "--out", str(out), "--format", "json",
                 "--bootstrap", str(RESAMPLES)]) == 0
    assert not (out / "report.html").exists() and not (out / "report.ipynb").exists()
    return _checked(out)


def _metrics(capsys, argv: list[str]) -> dict:
    """The JSON of ``metrics ARGV --json`` without the ``source`` a streamed path adds (it names the input)."""
    capsys.readouterr()
    assert main(["--quiet", "metrics", *argv, "--json", "--bootstrap", str(RESAMPLES)]) == 0
    out = json.loads(capsys.readouterr().out)
    out.pop("source", None)  # the whole file in memory has none
    return out


def _checked(folder) -> dict:
    """report.json of ``folder``, after the schema and ``verify`` passed."""
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    assert schema_errors(report) == []
    verified = verify_report(folder)
    assert verified.ok, verified.differences
    return report


def _refused(capsys, argv: list[str]) -> str:
    """The one line a command prints when it refuses, after checking exit status 2 and that nothing else came."""
    capsys.readouterr()
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    return err


def _method_differs(path: str, whole: dict, other: dict) -> bool:
    """True for a leaf of an interval that the other path computed by another method (a Poisson bootstrap of rows)."""
    parts = path.split(".")
    if len(parts) < 5 or parts[0] != "models" or parts[2] != "intervals":
        return False
    mine, theirs = (r["models"][parts[1]]["intervals"].get(parts[3], {}) for r in (whole, other))
    return mine.get("method") != theirs.get("method") and str(theirs.get("method")).startswith("poisson_")


def _given_otherwise(path: str, theirs, not_given: list[dict]) -> bool:
    """True for a leaf (``theirs`` on the other path) that ``streaming.not_given`` says this path does not give."""
    named = {entry["measure"] for entry in not_given}
    if "delong_test" in named and path.startswith("comparisons."):
        return True  # fewer tests, so other Holm-adjusted p-values; the McNemar tests are compared on their own
    if "subgroup_bootstrap_intervals" in named and ".subgroups." in path and theirs is None:
        return True  # a bound of a bootstrap or DeLong interval per subgroup, null with its reason code
    return any(path.startswith(prefix) for entry in not_given if entry["measure"] in COVERS
               for model in entry["models"] for prefix in COVERS[entry["measure"]](model))


def _same_numbers(whole: dict, other: dict) -> int:
    """Compare every leaf both reports have (counts exactly, floats to 1e-12); returns how many were compared.

    Leaves only the whole file has must be named in ``streaming.not_given`` (:func:`_silent_gaps`).
    """
    assert _silent_gaps(whole, other) == []
    not_given = other["streaming"]["not_given"]
    mine, theirs = dict(_leaves(whole, "")), dict(_leaves(other, ""))
    compared = 0
    no_delong = any(entry["measure"] == "delong_test" for entry in not_given)
    for path in sorted(mine.keys() & theirs.keys()):
        if (path.startswith(NOT_COMPARED) or _method_differs(path, whole, other)
                or _given_otherwise(path, theirs[path], not_given)
                # without DeLong's test the summary counts fewer tests and Holm adjusts fewer p-values (checked below)
                or (no_delong and path.startswith("summary.comparisons"))):
            continue
        _close(mine[path], theirs[path], path)
        compared += 1
    if no_delong:
        tests = [[{k: v for k, v in t.items() if k not in ("adjusted_pvalue", "rejected")}
                  for t in r["comparisons"]["tests"] if t["measure"] == "accuracy"] for r in (whole, other)]
        _close(*tests, "comparisons.tests (McNemar)")
    return compared


def _same_metrics(whole: dict, other: dict) -> None:
    """``metrics`` of one path against the whole file's: every leaf equal (1e-12), except the intervals the other path
    computed by the Poisson bootstrap or names under ``intervals_not_given``."""
    named = {entry["measure"].removesuffix("_interval") for entry in other.pop("intervals_not_given", [])}
    for measure in named:  # a multi-class model's Brier score and log loss from merged state files
        assert whole["intervals"]["class_scores"].pop(measure)["method"] == "bca"
    mine, theirs = dict(_leaves(whole, "")), dict(_leaves(other, ""))
    poisson = {path.rsplit(".", 1)[0] for path, value in theirs.items()
               if path.endswith(".method") and str(value).startswith("poisson_")}
    assert {path for path in mine.keys() ^ theirs.keys() if path.rsplit(".", 1)[0] not in poisson} == set()
    for path in mine:
        if path.rsplit(".", 1)[0] not in poisson:
            _close(mine[path], theirs[path], path)


@pytest.mark.slow
@pytest.mark.parametrize("task", [t for t in TASKS if t not in MULTILABEL])
def test_every_path_gives_the_numbers_of_the_whole_file(tmp_path, capsys, dask_cluster, task):
    csv_path, parquet_path = _files(tmp_path / "in", task)
    whole = _report(["--predictions", csv_path], tmp_path / "whole")
    states = state_files(tmp_path, csv_path, FIRST_SHARD)
    options = {"chunks": ["--predictions", csv_path, "--chunk-rows", str(CHUNK_ROWS)], "states": ["--states", *states],
               "dask": ["--predictions", parquet_path, "--engine", "dask"]}
    for name, argv in options.items():
        report = _report(argv, tmp_path / name)
        assert report["input"]["task"] == whole["input"]["task"], name
        assert _same_numbers(whole, report) > 200, name
    if task == "several models":  # metrics assesses one model, on every path
        for argv in (["--predictions", csv_path], *options.values()):
            capsys.readouterr()
            assert main(["metrics", *argv]) == 2
            assert "holds 3 models (a, b, c); metrics assesses one" in capsys.readouterr().err
    else:
        alone = _metrics(capsys, ["--predictions", csv_path])
        for name, argv in options.items():
            _same_metrics(json.loads(json.dumps(alone)), _metrics(capsys, argv))
    line = _refused(capsys, ["verify", str(tmp_path / "chunks"), "--predictions", csv_path])
    assert "was built from counts" in line and "leave --predictions out" in line


def _multilabel_matches_scikit_learn(report: dict, csv_path: str, scored: bool) -> None:
    """The multi-label model of ``report`` against scikit-learn on the file's columns (6.5)."""
    from sklearn.metrics import f1_score, hamming_loss, jaccard_score, roc_auc_score

    table = pacsv.read_csv(csv_path)
    y, pred = (np.column_stack([table[f"{kind}_{label}"].to_numpy() for label in "ab"])
               for kind in ("y_true", "m_pred"))
    model = report["models"]["m"]
    found = model["multilabel"]
    assert report["input"]["task"] == "multilabel" and model["has_scores"] == scored
    assert found["hamming_loss"] == pytest.approx(hamming_loss(y, pred), abs=1e-12)
    # an empty true and predicted set counts 1, exactly right (measures.multilabel.jaccard_samples)
    assert found["jaccard_samples"] == pytest.approx(jaccard_score(y, pred, average="samples", zero_division=1),
                                                     abs=1e-12)
    assert found["averages"]["micro"]["f1"] == pytest.approx(f1_score(y, pred, average="micro"), abs=1e-12)
    for j, label in enumerate("ab"):
        entry = found["per_label"][label]
        assert entry["tp"] + entry["fp"] + entry["tn"] + entry["fn"] == N
        assert entry["f1"] == pytest.approx(f1_score(y[:, j], pred[:, j]), abs=1e-12)
        if scored:
            score = table[f"m_score_{label}"].to_numpy()
            assert entry["auroc"] == pytest.approx(roc_auc_score(y[:, j], score), abs=1e-12)
        else:
            assert "auroc" not in entry


@pytest.mark.slow
def test_a_multi_label_report_with_scores_builds_as_html_and_pdf(tmp_path):
    """The report notebook stopped at the interval table, which a multi-label model does not have."""
    csv_path, _ = _files(tmp_path / "in", "multi-label with scores")
    folder = make_report(csv_path, out=tmp_path / "report", formats=("html", "pdf"))
    report = _checked(folder)
    _multilabel_matches_scikit_learn(report, csv_path, scored=True)
    page = (folder / "report.html").read_text(encoding="utf-8")
    assert "Traceback" not in page and "KeyError" not in page
    assert "Multi-label" in page and "Hamming" in page
    assert (folder / "report.pdf").read_bytes().startswith(b"%PDF")


@pytest.mark.slow
@pytest.mark.parametrize("task", MULTILABEL)
def test_a_multi_label_report_builds_and_other_paths_refuse_in_one_line(tmp_path, capsys, dask_cluster, task):
    csv_path, parquet_path = _files(tmp_path / "in", task)
    report = _checked(make_report(csv_path, out=tmp_path / "whole", formats="json"))
    _multilabel_matches_scikit_learn(report, csv_path, scored=task == "multi-label with scores")
    for options in (["--chunk-rows", str(CHUNK_ROWS)], ["--engine", "dask"]):
        source = parquet_path if "dask" in options else csv_path
        line = _refused(capsys, ["report", "--predictions", source, *options, "--out", str(tmp_path / "x")])
        assert "only metrics and state read multi-label files" in line
    shards = state_files(tmp_path, csv_path, FIRST_SHARD)
    line = _refused(capsys, ["report", "--states", *shards, "--out", str(tmp_path / "x")])
    assert "state files of a multi-label file; metrics reads them, this command does not" in line
    assert not (tmp_path / "x").exists()
    assert main(["metrics", "--states", *shards, "--json"]) == 0  # ... and metrics gives the whole file's numbers
    merged = json.loads(capsys.readouterr().out)
    assert main(["metrics", "--predictions", csv_path, "--json"]) == 0
    alone = json.loads(capsys.readouterr().out)
    for result in (merged, alone):
        result.pop("source", None)
    _close(alone, merged)


def test_a_multi_label_file_with_subgroups_is_refused_in_one_line(tmp_path, capsys):
    """Its group column was read and then left out of the report without a word (the bias item stayed missing)."""
    rng = np.random.default_rng(7)
    path = tmp_path / "p.csv"
    pacsv.write_csv(pa.table({**_multilabel(rng), "group_site": rng.choice(["north", "south"], N)}), path,
                    pacsv.WriteOptions(quoting_style="none"))
    line = _refused(capsys, ["report", "--predictions", str(path), "--out", str(tmp_path / "x"), "--format", "json"])
    assert "p.csv is multi-label: the report assesses subgroups (site) for single-label tasks only" in line
    assert not (tmp_path / "x").exists()


def test_a_multi_label_report_of_two_weighted_models_compares_them_label_by_label(tmp_path):
    """Several models and a weight column in one multi-label file (README: compare per label; weighted 6.5)."""
    from sklearn.metrics import hamming_loss
    from statsmodels.stats.contingency_tables import mcnemar

    rng = np.random.default_rng(11)
    y = rng.integers(0, 2, (N, 2))
    a, b, w = _noisy(rng, y, 0.85), _noisy(rng, y, 0.7), np.round(rng.random(N) * 2, 3)
    columns = {f"{kind}_{k}": values[:, j] for kind, values in (("y_true", y), ("a_pred", a), ("b_pred", b))
               for j, k in enumerate("pq")}
    path = tmp_path / "p.csv"
    pacsv.write_csv(pa.table({**columns, "weight": w}), path, pacsv.WriteOptions(quoting_style="none"))
    report = _checked(make_report(str(path), out=tmp_path / "report", formats="json"))
    assert report["input"]["weighted"] and report["input"]["models"] == ["a", "b"]
    for name, pred in (("a", a), ("b", b)):
        found = report["models"][name]["multilabel"]["hamming_loss"]
        assert found == pytest.approx(hamming_loss(y, pred, sample_weight=w), abs=1e-12)
    tests = {t["label"]: t for t in report["comparisons"]["tests"]}
    assert set(tests) == {"p", "q"} and report["comparisons"]["adjustment"]["method"] == "holm"
    for j, label in enumerate("pq"):
        right_a, right_b = a[:, j] == y[:, j], b[:, j] == y[:, j]  # McNemar counts samples, not weights
        table = [[np.sum(right_a & right_b), np.sum(right_a & ~right_b)],
                 [np.sum(~right_a & right_b), np.sum(~right_a & ~right_b)]]
        assert (tests[label]["b"], tests[label]["c"]) == (table[0][1], table[1][0])
        assert tests[label]["pvalue"] == pytest.approx(mcnemar(table, exact=False, correction=True).pvalue, rel=1e-12)


def test_a_weighted_report_in_chunks_says_why_it_has_no_intervals_in_the_readers_language(tmp_path):
    """The page from counts: the default title in words (report.json's title is null, as in memory), and the ranking's
    reason for a weighted file, which the streamed report left out."""
    from iso4213_nb.words.i18n import using

    csv_path, _ = _files(tmp_path / "in", "weights")
    with using("en"):
        assert main(["--quiet", "--lang", "ru", "report", "--predictions", csv_path, "--chunk-rows", str(CHUNK_ROWS),
                     "--out", str(tmp_path / "r"), "--format", "html"]) == 0
    report = _checked(tmp_path / "r")
    assert report["title"] is None and report["ranking"]["reason"]["code"] == "weighted_input"
    page = (tmp_path / "r" / "report.html").read_text(encoding="utf-8")
    assert "<h1>Оценка эффективности классификации" in page
    assert "для файла со столбцом весов их нет" in page
