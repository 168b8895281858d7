"""A state file is checked when it is read (issue 12, point 4): its schema, what its states must mean, no shard twice.

Every damaged file below read without complaint before these checks (or failed
later with a line that named no file); an edited ScoreCounts gave a wrong AUROC
silently.  State files written by the code of versions 1 and 2 still read, and
give the numbers of the whole predictions file.
"""

from __future__ import annotations

import base64
import json
import shutil
from pathlib import Path

import jsonschema
import numpy as np
import pytest

from iso4213_nb.scale.accumulators import (BinnedScoreCounts, CalibrationBins, ClassScoreCounts, ConfusionCounts,
                                     GroupedCounts, GroupedStates, LabelSetCounts, PairedOutcomes, PoissonBootstrap,
                                     ScoreCounts, read_states, write_states)
from iso4213_nb.scale.accumulators.file_checks import CHECKS
from iso4213_nb.scale.accumulators.files import KINDS, SCHEMA
from iso4213_nb.cli import main
from iso4213_nb.core.errors import InputError
from test_streaming import _close, _json

OLD = Path(__file__).parent / "data" / "state_files"


def _data(n=60):
    rng = np.random.default_rng(12)
    binary = rng.integers(0, 2, n)
    p = rng.dirichlet(np.ones(3), n)
    return {"y_true": rng.integers(0, 3, n), "y_pred": rng.integers(0, 3, n), "binary": binary,
            "a": np.round(rng.random(n), 1), "a_pred": rng.integers(0, 2, n), "b_pred": rng.integers(0, 2, n),
            "group": rng.choice(["north", "south"], n), "row": np.arange(n), "class": rng.integers(0, 3, n),
            "p0": p[:, 0], "p1": p[:, 1], "p2": p[:, 2], "t0": binary == 1, "t1": rng.random(n) < 0.5,
            "q0": rng.random(n) < 0.5, "q1": rng.random(n) < 0.5}


def _states() -> dict:
    """One state of every kind a state file holds, filled with rows."""
    zero = {"confusion": ConfusionCounts.zero(), "grouped": GroupedCounts.zero("group"),
            "paired": PairedOutcomes.zero(["a_pred", "b_pred"], true="binary"),
            "scores": ScoreCounts.zero("a", true="binary"), "binned": BinnedScoreCounts.zero("a", 4, true="binary"),
            "calibration": CalibrationBins.zero("a", 5, true="binary"),
            "bootstrap": PoissonBootstrap.zero(ConfusionCounts.zero("y_true", "y_pred"), replicates=3, seed=2),
            "classes": ClassScoreCounts.zero(["p0", "p1", "p2"], true="class"),
            "group_scores": GroupedStates.zero("group", ScoreCounts.zero("a", true="binary")),
            "label_sets": LabelSetCounts.zero(["t0", "t1"], ["q0", "q1"], ["u", "v"], scores=["a", "p0"])}
    data = _data()
    return {name: state.update(data) for name, state in zero.items()}


@pytest.fixture(scope="module")
def document(tmp_path_factory) -> dict:
    path = write_states(tmp_path_factory.mktemp("good") / "good.state", _states())
    return json.loads(path.read_text())


def _read(tmp_path, document) -> None:
    path = tmp_path / "bad.state"
    path.write_text(json.dumps(document))
    read_states(path)


def _refused(tmp_path, document) -> str:
    """The one line that reading ``document`` from bad.state gives."""
    with pytest.raises(InputError) as error:
        _read(tmp_path, document)
    line = str(error.value)
    assert "\n" not in line and line.startswith(str(tmp_path / "bad.state") + ": "), line
    return line[len(str(tmp_path / "bad.state")) + 2:]


def test_every_kind_a_file_holds_is_checked_and_an_undamaged_file_reads(tmp_path, document):
    assert set(CHECKS) == set(KINDS.values())
    jsonschema.validate(document, json.loads(SCHEMA.read_text()))
    assert {entry["kind"] for entry in document["states"].values()} == set(KINDS)
    _read(tmp_path, document)


def _edit(document, *steps, value=None, delete=False):
    doc = json.loads(json.dumps(document))
    place = doc
    for step in steps[:-1]:
        place = place[step]
    if delete:
        del place[steps[-1]]
    else:
        place[steps[-1]] = value
    return doc


@pytest.mark.parametrize("steps, value, delete, expected", [
    (("states", "scores", "config", "true"), None, True, "at $.states.scores.config: the field 'true' is missing"),
    (("states", "confusion", "config", "colour"), "red", False,
     "at $.states.confusion.config: unexpected field 'colour'; the fields here are fractional, labels, pred, rows, "
     "true, weight"),
    (("states", "binned", "config", "bins"), 1, False, "at $.states.binned.config.bins: 1 is below the least allowed "
                                                       "value, 2"),
    (("states", "paired", "arrays", "patterns", "shape"), "4", False,
     "at $.states.paired.arrays.patterns.shape: '4' is not of JSON type array"),
    (("states", "bootstrap", "replicates"), [], False,
     "at $.states.bootstrap.replicates: 0 items, fewer than the 2 needed"),
    (("states", "grouped", "parts", 0, "state", "kind"), "ScoreCounts", False,
     "at $.states.grouped.parts[0].state.kind: 'ScoreCounts' is not one of ConfusionCounts"),
    (("states", "scores", "arrays", "scores", "dtype"), "<f4", False,
     "at $.states.scores.arrays.scores.dtype: an array is damaged or not of numbers: its dtype is '<f4'"),
    (("states", "classes", "kind"), "Pickle", False, "at $.states.classes.kind: unknown kind of state 'Pickle'"),
])
def test_a_file_off_its_schema_is_one_line_naming_the_place_and_the_problem(tmp_path, document, steps, value, delete,
                                                                           expected):
    assert _refused(tmp_path, _edit(document, *steps, value=value, delete=delete)).startswith(expected)


@pytest.mark.parametrize("version, name, kind", [(1, "classes", "ClassScoreCounts"), (1, "group_scores", "GroupedStates"),
                                                (2, "label_sets", "LabelSetCounts")])
def test_a_file_holds_only_the_kinds_of_its_version(tmp_path, document, version, name, kind):
    older = {**document, "version": version, "states": {name: document["states"][name]}}
    assert _refused(tmp_path, older).startswith(f"at $.states.{name}.kind: {kind!r} is not one of ConfusionCounts, ")


def _array(entry: dict, name: str) -> np.ndarray:
    a = entry["arrays"][name]
    return np.frombuffer(base64.b64decode(a["base64"]), dtype=a["dtype"]).reshape(a["shape"]).copy()


def _put(entry: dict, name: str, array: np.ndarray) -> None:
    array = np.ascontiguousarray(array, dtype=np.dtype(array.dtype).newbyteorder("<"))
    entry["arrays"][name] = {"dtype": array.dtype.str, "shape": list(array.shape),
                             "base64": base64.b64encode(array.tobytes()).decode("ascii")}


def _swap(name):
    """Swap the first two entries of array ``name``."""
    def edit(e):
        a = _array(e, name)
        a[[0, 1]] = a[[1, 0]]
        _put(e, name, a)
    return edit


def _set(name, index, value):
    def edit(e):
        a = _array(e, name)
        a.flat[index] = value
        _put(e, name, a)
    return edit


def _cut(name):
    return lambda e: _put(e, name, _array(e, name)[:-1])


def _as_float(name):
    return lambda e: _put(e, name, _array(e, name).astype(np.float64))


def _config(key, value):
    return lambda e: e["config"].__setitem__(key, value)


# (state, path to the entry inside it, edit, expected problem): every kind of files.KINDS, and what each check guards
DAMAGE = [
    ("scores", (), _swap("scores"), "state 'scores': array 'scores' is not strictly increasing: 0 at index 1 "
                                       "follows 0.1"),
    ("scores", (), _set("scores", 3, np.nan), "state 'scores': array 'scores' holds NaN or an infinite value (at "
                                              "index 3)"),
    ("scores", (), _set("scores", -1, np.inf), "state 'scores': array 'scores' holds NaN or an infinite value"),
    ("scores", (), _set("negatives", 2, -1), "state 'scores': array 'negatives' holds a negative count (-1 at index 2)"),
    ("scores", (), _cut("positives"), "state 'scores': arrays scores, positives, negatives differ in length (11, 10, "
                                      "11)"),
    ("scores", (), _as_float("positives"), "state 'scores': array 'positives' holds sums of weights, but the state "
                                           "names no weight column"),
    ("confusion", (), _config("labels", [2, 1, 0]), "state 'confusion': the labels 2, 1, 0 are not distinct and in "
                                                    "sorted order"),
    ("confusion", (), _config("labels", [0, 1]), "state 'confusion': array 'counts' has shape 3, 3; the state's "
                                                 "configuration needs 2, 2"),
    ("confusion", (), _set("counts", 4, -3), "state 'confusion': array 'counts' holds a negative count (-3 at index 4)"),
    ("grouped", ("parts", 1, "state"), _set("counts", 0, -1),
     "state 'grouped', at parts[1].state: array 'counts' holds a negative count"),
    ("grouped", ("parts", 0, "state"), _config("pred", "other"),
     "state 'grouped', at parts[0].state: this state reads other columns or settings than the state that holds it"),
    ("grouped", (), lambda e: e["parts"].append(e["parts"][0]),
     "state 'grouped': the group value 'north' has two parts; each value has one"),
    ("group_scores", (), lambda e: e["parts"][1].__setitem__("value", "north"),
     "state 'group_scores': the group value 'north' has two parts"),
    ("paired", (), _cut("patterns"), "state 'paired': array 'patterns' has shape 3; the state's configuration needs 4"),
    ("binned", (), _config("low", 2.0), "state 'binned': the binned range needs finite low < high, got 2 and 1"),
    ("binned", (), _cut("negatives"), "state 'binned': array 'negatives' has shape 3; the state's configuration "
                                      "needs 4"),
    ("calibration", (), _set("sums", 7, -0.5), "state 'calibration': array 'sums' holds a negative count (-0.5 at "
                                               "index 7)"),
    ("calibration", (), _config("bins", 4), "state 'calibration': array 'sums' has shape 5, 5; the state's "
                                            "configuration needs 4, 5"),
    ("calibration", (), _set("loss", 0, np.nan), "state 'calibration': array 'loss' holds NaN or an infinite value"),
    ("bootstrap", ("replicates", 2), lambda e: (_config("labels", [0, 1])(e), _put(e, "counts", np.zeros((2, 2), int))),
     "state 'bootstrap', at replicates[2]: the arrays of this replicate have shapes 2, 2, those of the first 3, 3"),
    ("bootstrap", ("replicates", 1), _config("true", "binary"),
     "state 'bootstrap', at replicates[1]: this state reads other columns or settings"),
    ("classes", (), _swap("distinct"), "state 'classes': array 'distinct' is not strictly increasing"),
    ("classes", (), _set("offsets", 1, 999), "state 'classes': the offsets"),
    ("classes", (), _set("outside", 0, np.nan), "state 'classes': array 'outside' (nan, 0, 0) does not start with a "
                                                "row number or inf"),
    ("classes", (), _cut("ranks"), "state 'classes': array 'ranks' has shape 2, 3; the state's configuration needs 3, 3"),
    ("group_scores", ("parts", 1, "state"), _swap("scores"),
     "state 'group_scores', at parts[1].state: array 'scores' is not strictly increasing"),
    ("label_sets", (), _set("pairs", -1, 99), "state 'label_sets': the code 99 is no (union, intersection) pair of 2 "
                                              "labels"),
    ("label_sets", (), _set("cells", 0, -2), "state 'label_sets': array 'cells' holds a negative count"),
    ("label_sets", ("ranking", 0), _swap("scores"),
     "state 'label_sets', at ranking[0]: array 'scores' is not strictly increasing"),
]


@pytest.mark.parametrize("name, inside, edit, expected", DAMAGE, ids=[f"{d[0]}-{i}" for i, d in enumerate(DAMAGE)])
def test_a_state_that_cannot_mean_what_its_kind_must_is_one_line_naming_file_state_and_problem(
        tmp_path, document, name, inside, edit, expected):
    doc = json.loads(json.dumps(document))
    entry = doc["states"][name]
    for step in inside:
        entry = entry[step]
    edit(entry)
    jsonschema.validate(doc, json.loads(SCHEMA.read_text()))  # the schema cannot see it
    assert _refused(tmp_path, doc).startswith(expected)


def test_scores_out_of_order_would_have_given_a_wrong_auroc(tmp_path, document):
    """What the ordering check guards: DeLong's AUROC interval walks the distinct scores in the order stored."""
    from iso4213_nb.scale.accumulators.files import state_from_json
    from iso4213_nb.scale.streamed_delong import auroc_interval

    right = auroc_interval(state_from_json(document["states"]["scores"]), 0.95)
    entry = json.loads(json.dumps(document["states"]["scores"]))
    order = np.random.default_rng(1).permutation(len(_array(entry, "scores")))
    for key in ("scores", "positives", "negatives"):
        _put(entry, key, _array(entry, key)[order])
    assert auroc_interval(state_from_json(entry), 0.95).estimate != pytest.approx(right.estimate, abs=0.01)
    assert "not strictly increasing" in _refused(tmp_path, {**document, "states": {"scores": entry}})


@pytest.mark.parametrize("state, predictions, version", [("v1-binary", "binary", 1), ("v2-binary", "binary", 2),
                                                        ("v2-weighted", "weighted", 2)])
def test_state_files_written_by_versions_1_and_2_read_and_give_the_numbers_of_the_whole_file(
        capsys, state, predictions, version):
    path = OLD / f"{state}.state"
    assert json.loads(path.read_text())["version"] == version  # as the old code wrote it (see the folder's README)
    merged = _json(capsys, ["metrics", "--states", str(path)])
    whole = _json(capsys, ["metrics", "--predictions", str(OLD / f"{predictions}.csv")])
    assert "intervals_not_given" not in merged  # binary files: every interval comes from the counts
    assert merged["n"] == whole["n"] and merged["per_class"] == whole["per_class"]  # counts exactly
    assert _close(merged, whole)


@pytest.mark.parametrize("command", ["metrics", "report"])
def test_the_same_shard_merged_twice_is_refused_in_one_line_naming_both_files(tmp_path, capsys, command):
    command = [command] + (["--out", str(tmp_path / "never-written")] if command == "report" else [])
    first = OLD / "v2-binary.state"
    copy = shutil.copy(first, tmp_path / "copy.state")
    link = tmp_path / "link.state"
    link.symlink_to(first)
    for files, expected in (([first, first], f"{first} and {first} are the same state file"),
                            ([first, link], f"{first} and {link} are the same state file"),
                            ([first, copy], f"{first} and {copy} were both made from the same predictions (SHA-256 "
                                            f"{json.loads(first.read_text())['source']['input']['sha256']}); merging "
                                            "both would count that shard twice")):
        assert main([*command, "--states", *map(str, files)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and expected in err, err
    assert not (tmp_path / "never-written").exists()
    assert main(["metrics", "--states", str(first), str(OLD / "v1-binary.state")]) == 2  # v1 and v2 of one file too
    assert "made from the same predictions" in capsys.readouterr().err


def _shard_document(tmp_path, rows: str, name: str = "shard") -> dict:
    csv = tmp_path / f"{name}.csv"
    csv.write_text("y_true,y_pred\n" + rows)
    out = tmp_path / f"{name}.state"
    assert main(["state", "--predictions", str(csv), "--out", str(out)]) == 0
    return json.loads(out.read_text())


def test_a_state_whose_truth_and_model_count_different_rows_is_refused(tmp_path, capsys):
    document = _shard_document(tmp_path, "1,1\n0,0\n1,0\n")
    capsys.readouterr()
    for name, total in (("truth", 2), ("labels.model", 200)):
        entry = document["states"][name]
        _put(entry, "counts", np.array([[total // 2, 0], [0, total - total // 2]], dtype=np.int64))
    path = tmp_path / "edited.state"
    path.write_text(json.dumps(document))
    assert main(["metrics", "--states", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and (f"{path}: its confusion matrices count different numbers of rows (truth 2, "
                                     "labels.model 200)") in err


def test_merged_counts_that_would_overflow_name_the_files(tmp_path, capsys):
    paths = []
    for i in range(2):
        document = _shard_document(tmp_path, "0,1\n1,0\n", f"s{i}")
        for entry in document["states"].values():
            _put(entry, "counts", np.array([[2 ** 62, 0], [0, 0]], dtype=np.int64))
        document["source"]["input"]["sha256"] = f"{i}" * 64
        paths.append(tmp_path / f"big{i}.state")
        paths[-1].write_text(json.dumps(document))
    capsys.readouterr()
    for command in (["metrics"], ["report", "--out", str(tmp_path / "never-written")]):
        assert main([*command, "--states", *map(str, paths)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "negative" not in err, err
        assert f"state 'truth' of {paths[0]}, {paths[1]} holds more than 2^62 counts in all; merged, they would " \
               "overflow 64-bit integers" in err
    assert not (tmp_path / "never-written").exists()


def test_a_report_from_state_files_sweeps_the_kernel_folder_of_a_run_that_died(tmp_path, capsys, monkeypatch):
    import subprocess
    import sys
    import tempfile

    from iso4213_nb.report.execute import KERNEL_PREFIX

    # A short folder: under pytest-xdist's long tmp_path the kernel's socket paths would be too long, and the
    # report would keep its kernels in /tmp instead (execute._socket_root), where this test's folder is not.
    temp = Path(tempfile.mkdtemp(prefix="sweep-", dir="/tmp"))
    try:
        monkeypatch.setenv("TMPDIR", str(temp))
        monkeypatch.setattr(tempfile, "tempdir", None)  # gettempdir() reads TMPDIR again
        subprocess.run([sys.executable, "-c", "import pathlib, sys; from iso4213_nb.report.atomic import "
                        f"make_temp_folder; make_temp_folder(pathlib.Path({str(temp)!r}), {KERNEL_PREFIX!r})"],
                       check=True)  # then it ends
        left = [p for p in temp.iterdir() if p.name.startswith(KERNEL_PREFIX)]
        assert len(left) == 1
        document = _shard_document(tmp_path, "0,1\n1,0\n1,1\n")
        path = tmp_path / "one.state"
        path.write_text(json.dumps(document))
        assert main(["report", "--states", str(path), "--out", str(tmp_path / "r"), "--format", "html"]) == 0
        assert not left[0].exists()
    finally:
        shutil.rmtree(temp, ignore_errors=True)
