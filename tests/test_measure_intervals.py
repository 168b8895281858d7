"""An interval on every measure of ``metrics --json`` (7.8): methods per measure, options, undefined cases."""

import ast
import json
import warnings
from pathlib import Path

import numpy as np
import pytest
from sklearn.metrics import balanced_accuracy_score, cohen_kappa_score, f1_score, matthews_corrcoef

import iso4213_nb
from iso4213_nb.cli import main
from iso4213_nb.measures.curves import BinaryScores
from iso4213_nb.core.errors import InputError
from iso4213_nb.stats.measure_intervals import (SCORE_MEASURES, IntervalSettings, areas_of_counts, matrix_intervals,
                                          parse_ci_method, score_bootstrap_intervals)
from iso4213_nb.stats import proportion_ci

A1_TRUE_ROWS = "true\\pred,A,B,C\nA,400,23,13\nB,150,3800,355\nC,14,144,65\n"


def leaves(tree, path=()):
    for key, value in tree.items():
        if isinstance(value, dict) and "method" not in value:
            yield from leaves(value, path + (key,))
        else:
            yield path + (key,), value


def numbers(tree, path=()):
    for key, value in tree.items():
        if isinstance(value, dict):
            yield from numbers(value, path + (key,))
        elif isinstance(value, (int, float)) and not isinstance(value, bool) \
                and key not in ("tp", "fp", "tn", "fn", "support", "n", "positive"):
            yield path + (key,), value


def binary_file(tmp_path, n=120, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    s = np.clip(0.5 * y + rng.normal(0.25, 0.25, n), 0, 1)
    path = tmp_path / "p.csv"
    path.write_text("y_true,y_pred,score\n" + "".join(f"{t},{int(v >= 0.5)},{v:.4f}\n" for t, v in zip(y, s)))
    return path, y, s


def test_every_measure_of_metrics_json_has_an_interval(tmp_path, capsys):
    path, y, s = binary_file(tmp_path)
    assert main(["metrics", "--predictions", str(path), "--json", "--bootstrap", "200"]) == 0
    out = json.loads(capsys.readouterr().out)
    intervals = out["intervals"]
    for path_, value in numbers({k: v for k, v in out.items() if k not in ("intervals", "labels")}):
        entry = intervals
        for key in path_:
            entry = entry[key]
        assert entry["estimate"] == pytest.approx(value), path_
        assert set(entry) >= {"estimate", "low", "high", "confidence_level", "method"}
    pred = (s >= 0.5).astype(int)
    assert intervals["matthews_correlation"]["estimate"] == pytest.approx(matthews_corrcoef(y, pred))
    assert intervals["per_class"]["1"]["f1"]["estimate"] == pytest.approx(f1_score(y, pred))
    assert intervals["auroc"]["method"] == "delong" and intervals["accuracy"]["method"] == "wilson"
    assert intervals["cohen_kappa"]["method"] == "bca" and intervals["cohen_kappa"]["n_resamples"] == 200
    assert {"lift", "fbeta"} <= set(intervals)


def test_options_choose_method_level_resamples_and_seed(tmp_path, capsys):
    path, y, s = binary_file(tmp_path)
    argv = ["metrics", "--predictions", str(path), "--json", "--ci-method", "clopper-pearson,percentile",
            "--confidence-level", "0.9", "--bootstrap", "300", "--seed", "4"]
    assert main(argv) == 0
    first = json.loads(capsys.readouterr().out)["intervals"]
    assert main(argv) == 0
    again = json.loads(capsys.readouterr().out)["intervals"]
    assert first == again
    acc = first["accuracy"]
    correct = int(round(acc["estimate"] * len(y)))
    expected = proportion_ci(correct, len(y), method="clopper-pearson", confidence_level=0.9)
    assert (acc["low"], acc["high"], acc["method"]) == (expected.low, expected.high, "clopper-pearson")
    kappa = first["cohen_kappa"]
    assert (kappa["method"], kappa["confidence_level"], kappa["seed"], kappa["n_resamples"]) == \
        ("percentile", 0.9, 4, 300)


def test_matrix_input_gets_intervals_too(tmp_path, capsys):
    path = tmp_path / "m.csv"
    path.write_text(A1_TRUE_ROWS)
    assert main(["metrics", "--matrix", str(path), "--rows", "true", "--json", "--bootstrap", "100"]) == 0
    intervals = json.loads(capsys.readouterr().out)["intervals"]
    assert intervals["averages"]["macro"]["f1"]["estimate"] == pytest.approx(0.6390, abs=5e-5)
    low, high = intervals["averages"]["macro"]["f1"]["low"], intervals["averages"]["macro"]["f1"]["high"]
    assert low < 0.639 < high and high - low < 0.05


def test_readable_output_lists_intervals_and_says_why_one_is_missing(tmp_path, capsys):
    path = tmp_path / "p.csv"
    path.write_text("y_true,y_pred\n" + "0,0\n" * 10 + "1,0\n" * 5)  # nothing predicted positive
    assert main(["metrics", "--predictions", str(path), "--bootstrap", "50"]) == 0
    text = capsys.readouterr().out
    assert "Wilson score" in text and "bootstrap BCa" in text
    assert "precision of class 1" in text
    line = next(l for l in text.splitlines() if l.startswith("precision of class 1"))
    assert "denominator of this proportion is 0" in line


@pytest.mark.parametrize("text, expected", [("clopper-pearson", ("clopper-pearson", "bca")),
                                            ("percentile", ("wilson", "percentile")),
                                            ("BCA, wilson", ("wilson", "bca"))])
def test_ci_method_parsing(text, expected):
    assert parse_ci_method(text) == expected


@pytest.mark.parametrize("text", ["wald", "wilson,clopper-pearson", "", "bca,percentile"])
def test_bad_ci_method_is_a_one_line_error(text, tmp_path, capsys):
    with pytest.raises(InputError):
        parse_ci_method(text)
    path, _, _ = binary_file(tmp_path)
    with pytest.raises(SystemExit) as stop:
        main(["metrics", "--predictions", str(path), "--ci-method", text])
    assert stop.value.code == 2
    assert len(capsys.readouterr().err.strip().splitlines()) <= 2  # argparse: usage line + the error


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_areas_of_counts_equal_binary_scores_also_with_empty_scores(seed):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, 80)
    s = np.round(rng.random(80), 1)  # ties
    scores = BinaryScores(y, s)
    thresholds, pos, neg = scores.counts_by_score()
    order = np.argsort(thresholds)[::-1]
    pos, neg = pos[order], neg[order]
    expected = [getattr(scores, name)() for name in SCORE_MEASURES]
    assert areas_of_counts(np.concatenate([pos, neg])[None])[0] == pytest.approx(expected)
    padded = np.concatenate([[0], pos, [0], [0], neg, [0]])  # scores with no sample, as in a resample
    assert areas_of_counts(padded[None])[0] == pytest.approx(expected)


def test_score_bootstrap_over_budget_is_undefined_with_its_reason():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 500)
    scores = BinaryScores(y, rng.random(500))
    skipped = score_bootstrap_intervals(scores, IntervalSettings(n_resamples=100, budget=1000))["average_precision"]
    assert skipped.low.code == "bootstrap_budget" and skipped.estimate == pytest.approx(scores.average_precision())
    done = score_bootstrap_intervals(scores, IntervalSettings(n_resamples=100, budget=None))
    for name in SCORE_MEASURES:
        assert done[name].low < getattr(scores, name)() < done[name].high


def test_matrix_intervals_with_an_absent_class_stay_defined_where_they_can():
    M = np.array([[5, 1, 0], [2, 7, 0], [0, 0, 0]])
    out = matrix_intervals(M, ["a", "b", "c"], IntervalSettings(n_resamples=50))
    assert out["per_class"]["c"]["recall"].low.code == "no_trials"
    assert out["cohen_kappa"].low < out["cohen_kappa"].estimate < out["cohen_kappa"].high


def test_operating_readings_over_budget_keep_their_exact_estimates_and_say_why():
    from iso4213_nb.measures import roc_regions
    from iso4213_nb.stats.operating_intervals import operating_intervals
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 400)
    scores = BinaryScores(y, rng.random(400) + y)
    skipped = operating_intervals(scores, IntervalSettings(n_resamples=100, budget=1000))
    entry = skipped["sensitivity_at_specificity"][0]
    assert entry["reason"]["code"] == "bootstrap_budget" and entry["low"] is None
    assert entry["estimate"] == pytest.approx(roc_regions.sensitivity_at_specificity(scores, entry["at"]))
    done = operating_intervals(scores, IntervalSettings(n_resamples=100, budget=None))
    assert done["sensitivity_at_specificity"][0]["estimate"] == pytest.approx(entry["estimate"])
    assert skipped["partial_auroc"]["area"]["estimate"] == pytest.approx(done["partial_auroc"]["area"]["estimate"])


def test_weighted_kappas_and_adjusted_balanced_accuracy_have_bootstrap_intervals_on_many_classes(tmp_path, capsys):
    from iso4213_nb.measures import stacked

    rng = np.random.default_rng(5)
    y = rng.integers(0, 4, 150)
    p = np.where(rng.random(150) < 0.6, y, rng.integers(0, 4, 150))
    path = tmp_path / "mc.csv"
    path.write_text("y_true,y_pred\n" + "".join(f"{a},{b}\n" for a, b in zip(y, p)))
    assert main(["metrics", "--predictions", str(path), "--json", "--bootstrap", "200"]) == 0
    out = json.loads(capsys.readouterr().out)
    for name in ("balanced_accuracy_adjusted", "cohen_kappa_linear", "cohen_kappa_quadratic"):
        interval = out["intervals"][name]
        assert interval["estimate"] == pytest.approx(out[name]) and interval["low"] < out[name] < interval["high"]
    # the vectorised forms the bootstrap evaluates (ConfusionMatrix's only formulas) agree with scikit-learn's
    # kappas and adjusted balanced accuracy, undefined cases included
    blocks = rng.integers(0, 6, (300, 4, 4))
    blocks[::5, 1, :] = 0
    blocks[::9] = np.diag([4, 0, 0, 0])
    for M, linear, quadratic, adjusted in zip(blocks, stacked.weighted_kappa(blocks, "linear"),
                                              stacked.weighted_kappa(blocks, "quadratic"),
                                              stacked.balanced_accuracy_adjusted(blocks)):
        y, p = np.repeat(np.arange(16) // 4, M.ravel()), np.repeat(np.arange(16) % 4, M.ravel())
        with np.errstate(invalid="ignore"), warnings.catch_warnings():  # scikit-learn's 0/0 where kappa has none
            warnings.simplefilter("ignore")
            expected = [cohen_kappa_score(y, p, labels=[0, 1, 2, 3], weights=w) for w in ("linear", "quadratic")]
            expected.append(balanced_accuracy_score(y, p, adjusted=True))
        np.testing.assert_allclose([linear, quadratic, adjusted], expected, rtol=1e-12, atol=1e-15, equal_nan=True)


def test_interval_json_is_one_shape_for_every_bootstrap_in_memory_or_poisson():
    """One function gives the JSON of every interval: a Poisson bootstrap's (chunks, Dask) keeps its resamples,
    seed and row key as an in-memory bootstrap keeps its resamples and seed; a Wilson interval has none."""
    import dataclasses

    from iso4213_nb.stats.results import interval_json

    rng = np.random.default_rng(7)
    y = rng.integers(0, 2, 60)
    s = np.clip(y * 0.3 + rng.random(60) * 0.7, 0, 1)
    boot = score_bootstrap_intervals(BinaryScores(y, s, 1), IntervalSettings(n_resamples=50, seed=3))["average_precision"]
    assert {k: interval_json(boot)[k] for k in ("n_resamples", "seed", "n_undefined")} == {
        "n_resamples": 50, "seed": 3, "n_undefined": boot.details["n_undefined"]}
    poisson = dataclasses.replace(boot, method="poisson_" + boot.method,
                                  details={**boot.details, "row_key": "position"})
    assert interval_json(poisson) == {**interval_json(boot), "method": "poisson_" + boot.method,
                                      "row_key": "position"}
    wilson = proportion_ci(7, 10, method="wilson")
    assert set(interval_json(wilson)) == {"estimate", "low", "high", "confidence_level", "method"}


def test_report_auroc_interval_has_the_shape_of_interval_json_with_its_reason(tmp_path):
    """The report's AUROC interval (in memory) is :func:`interval_json` of DeLong's interval: a perfectly
    separated model's exact bound says why DeLong's does not apply, as ``metrics --json`` says."""
    from iso4213_nb.inputs import read_predictions
    from iso4213_nb.report import content
    from iso4213_nb.stats import auroc_ci
    from iso4213_nb.stats.results import interval_json

    y = np.array([0] * 7 + [1] * 5)
    s = np.r_[np.linspace(0, 0.4, 7), np.linspace(0.6, 1, 5)]
    path = tmp_path / "p.csv"
    path.write_text("y_true,m_score\n" + "".join(f"{a},{b}\n" for a, b in zip(y, s)))
    report = content.build(read_predictions(path), {}, title=None, meta_name=None, demo=False)
    auroc = report["models"]["m"]["intervals"]["auroc"]
    assert auroc == interval_json(auroc_ci(y, s))
    assert auroc["reason"]["code"] == "delong_degenerate"


def test_interval_json_is_imported_from_its_owner():
    """Every module takes :func:`~iso4213_nb.stats.results.interval_json` from ``stats.results``, where it is defined,
    not through a module that happens to import it (issue 24, point 4: one path to the one shape)."""
    package = Path(iso4213_nb.__file__).parent
    found = sorted(f"{path.relative_to(package)}: from {node.module}" for path in package.rglob("*.py")
                   for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                   if isinstance(node, ast.ImportFrom) and any(a.name == "interval_json" for a in node.names)
                   and node.module not in ("results", "stats.results"))
    assert found == []


#: The keys of :func:`iso4213_nb.stats.results.interval_json`: always, and where they apply.
INTERVAL_KEYS = {"estimate", "low", "high", "confidence_level", "method"}
OPTIONAL_INTERVAL_KEYS = {"reason", "n_resamples", "seed", "n_undefined", "row_key", "row_key_check"}


def _interval_objects(tree, path=""):
    """``(path, dict)`` of every interval anywhere in ``tree``: a dict with bounds (``low`` and ``high``, or
    ``bounds``) and a level (``confidence_level`` or ``level``).  Ranges without a level (a partial AUROC's focus,
    a binned score range) and pointwise bands (lists) are not intervals of one quantity."""
    if isinstance(tree, dict):
        if ({"low", "high"} <= tree.keys() or "bounds" in tree) and tree.keys() & {"confidence_level", "level"}:
            yield path, tree
        for key, value in tree.items():
            yield from _interval_objects(value, f"{path}.{key}")
    elif isinstance(tree, list):
        for i, value in enumerate(tree):
            yield from _interval_objects(value, f"{path}[{i}]")


def _shape_problems(report: dict) -> tuple[list, set]:
    """Intervals of ``report`` not in the one shape, and where (indices and names dropped) intervals were found.

    An operating interval keeps the point it is read at (``at``) beside the interval's keys."""
    import re

    problems, found = [], set()
    for path, entry in _interval_objects(report):
        keys = set(entry) - ({"at"} if ".operating_intervals." in path else set())
        if not (INTERVAL_KEYS <= keys <= INTERVAL_KEYS | OPTIONAL_INTERVAL_KEYS):
            problems.append((path, sorted(keys - INTERVAL_KEYS - OPTIONAL_INTERVAL_KEYS), sorted(INTERVAL_KEYS - keys)))
        found.add(re.sub(r"\.models\.[^.]+", ".models.*", re.sub(r"\[\d+\]", "[]", path)))
    return problems, found


def test_interval_json_is_one_shape_in_every_report_json_in_memory_or_from_counts(tmp_path):
    """Every interval anywhere in report.json — a measure's, an operating point's, a subgroup's, a test's of two
    models, a calibration error's — has the keys of interval_json (issue 24, point 4): tests wrote {of, level,
    method, bounds}, subgroups and calibration the whole of ConfidenceInterval.to_dict()."""
    import pyarrow as pa
    import pyarrow.csv as pacsv

    from iso4213_nb.report.schema import schema_errors

    rng = np.random.default_rng(24)
    y = rng.integers(0, 2, 240)
    columns = {"y_true": y, "group_site": rng.choice(["north", "south"], 240)}
    for name, lift in (("a", 0.3), ("b", 0.45)):
        columns[f"{name}_score"] = np.round(np.clip(lift * y + 0.7 * rng.random(240), 0, 1), 3)
    path = tmp_path / "p.csv"
    pacsv.write_csv(pa.table(columns), path, pacsv.WriteOptions(quoting_style="none"))
    found = set()
    for folder, options in (("whole", []), ("chunks", ["--chunk-rows", "70"])):
        assert main(["--quiet", "report", "--predictions", str(path), *options, "--out", str(tmp_path / folder),
                     "--format", "json", "--bootstrap", "40"]) == 0
        report = json.loads((tmp_path / folder / "report.json").read_text(encoding="utf-8"))
        assert schema_errors(report) == []
        problems, where = _shape_problems(report)
        assert problems == [], folder
        found |= where
    for expected in (".models.*.intervals.auroc", ".models.*.intervals.brier",
                     ".models.*.operating_intervals.sensitivity_at_specificity[]",
                     ".models.*.subgroups.site.north.f1", ".models.*.calibration.ece",
                     ".comparisons.tests[].confidence_interval"):
        assert expected in found, expected  # the walk reached every kind of interval


def test_ci_method_error_lists_the_owners_codes_in_the_owners_order():
    """--ci-method's message reads the method lists of stats.intervals and stats.bootstrap (issue 24 point 2)."""
    with pytest.raises(InputError) as caught:
        parse_ci_method("wald")
    assert str(caught.value) == ("--ci-method takes one proportion method (wilson, clopper-pearson) and/or one bootstrap "
                                 "method (percentile, bca), comma-separated; got 'wald'")
