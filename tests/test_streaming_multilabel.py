"""Multi-label files (6.5) beyond one machine's memory (issue 12): the state, chunks, Dask, state files, all against the whole file."""

import itertools
import json

import jsonschema
import numpy as np
import pytest
from sklearn.metrics import f1_score, hamming_loss, jaccard_score, roc_auc_score

from parquet_parts import parquet_folder
from iso4213_nb.scale.accumulators import LabelSetCounts, merge_all, read_states, write_states
from iso4213_nb.scale.accumulators.files import SCHEMA
from iso4213_nb.cli import main
from iso4213_nb.core.errors import InputError
from iso4213_nb.measures.multilabel_summary import summarize

LABELS = ["a", "b", "c", "always", "never"]


def _data(seed=0, n=600):
    """Indicators, scores of 2 decimals (ties) and weights; label ``always`` is in every sample, ``never`` in none
    and never predicted."""
    rng = np.random.default_rng(seed)
    truth = (rng.random((n, len(LABELS))) < 0.35).astype(np.int8)
    truth[:, 3], truth[:, 4] = 1, 0
    scores = np.round(np.clip(0.3 * truth + 0.7 * rng.random(truth.shape), 0, 1), 2)
    pred = (scores >= 0.45).astype(np.int8)
    pred[:, 4] = 0
    weights = np.round(rng.random(n) * 3, 3)
    return truth, pred, scores, weights


def _chunk(truth, pred, scores, weights) -> dict:
    return {**{f"t{j}": truth[:, j] for j in range(truth.shape[1])}, **{f"p{j}": pred[:, j] for j in range(truth.shape[1])},
            **{f"s{j}": scores[:, j] for j in range(truth.shape[1])}, "w": weights}


def _zero(k, with_scores, weight):
    return LabelSetCounts.zero([f"t{j}" for j in range(k)], [f"p{j}" for j in range(k)], LABELS[:k],
                               [f"s{j}" for j in range(k)] if with_scores else (), weight)


def _assert_equal(got, expected, path="result"):
    """Counts and structure exactly, floats to 1e-12, undefined (None) where the other is."""
    if isinstance(expected, dict):
        assert list(got) == list(expected), path
        for key in expected:
            _assert_equal(got[key], expected[key], f"{path}.{key}")
    elif isinstance(expected, float) and not isinstance(got, int):
        assert got == pytest.approx(expected, rel=1e-12, abs=1e-12), path
    else:
        assert got == expected and type(got) is type(expected), path


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("with_scores", [False, True])
def test_merged_states_equal_summarize_whatever_the_chunking_and_merge_order(weighted, with_scores):
    truth, pred, scores, weights = _data()
    chunk = _chunk(truth, pred, scores, weights)
    weight = "w" if weighted else None
    expected = summarize(truth, pred, scores if with_scores else None, labels=LABELS,
                         sample_weight=weights if weighted else None)
    rng = np.random.default_rng(1)
    for cuts in ([], [1, 2, 300], sorted(rng.choice(np.arange(1, 600), 9, replace=False))):
        bounds = [0, *cuts, 600]
        parts = [_zero(5, with_scores, weight).update({k: v[lo:hi] for k, v in chunk.items()})
                 for lo, hi in zip(bounds[:-1], bounds[1:])]
        rng.shuffle(parts)
        _assert_equal(merge_all(parts).finalize(), expected)
    streamed = _zero(5, with_scores, weight)
    for lo in range(0, 600, 128):  # one state updated chunk by chunk, as the streaming reader does
        streamed.update({k: v[lo:lo + 128] for k, v in chunk.items()})
    _assert_equal(streamed.finalize(), expected)
    codes = {"per_label.never.recall: no_positives", "per_label.never.precision: no_predicted_positives",
             "per_label.never.f1: empty_union"}
    assert codes <= set(expected["undefined"])
    assert ("per_label.always.auroc: one_class" in expected["undefined"]) == with_scores


def test_whole_multiplicities_count_a_row_that_many_times():
    """The protocol's ``weights`` (a Poisson bootstrap's multiplicities): a row of multiplicity k counts as k rows."""
    truth, pred, scores, weights = _data(9, n=150)
    times = np.random.default_rng(3).poisson(1.0, 150)
    chunk = _chunk(truth, pred, scores, weights)
    got = _zero(5, True, "w").update(chunk, times).finalize()
    repeated = summarize(*(np.repeat(a, times, axis=0) for a in (truth, pred, scores)), labels=LABELS,
                         sample_weight=np.repeat(weights, times))
    assert got.pop("n") == 150 and repeated.pop("n") == times.sum()
    _assert_equal(got, repeated)
    times[truth[:, 0] == 1] = 0  # label a drawn in no row: no ranking, as for the rows repeated
    got = _zero(5, True, None).update(chunk, times).finalize()
    assert "per_label.a.auroc: one_class" in got["undefined"]
    assert got["undefined"] == summarize(*(np.repeat(a, times, axis=0) for a in (truth, pred, scores)),
                                         labels=LABELS)["undefined"]


def test_the_state_agrees_with_scikit_learn():
    """An independent check of the merged counts: scikit-learn on the rows (labels with both classes)."""
    truth, pred, scores, weights = _data(2)
    parts = [_zero(5, True, "w").update({k: v[lo:lo + 97] for k, v in _chunk(truth, pred, scores, weights).items()})
             for lo in range(0, 600, 97)]
    got = merge_all(parts).finalize()
    assert got["hamming_loss"] == pytest.approx(hamming_loss(truth, pred, sample_weight=weights), abs=1e-12)
    assert got["jaccard_samples"] == pytest.approx(jaccard_score(truth, pred, average="samples", zero_division=1,
                                                                 sample_weight=weights), abs=1e-12)
    assert got["averages"]["micro"]["f1"] == pytest.approx(f1_score(truth, pred, average="micro",
                                                                    sample_weight=weights), abs=1e-12)
    for j, label in enumerate(LABELS[:3]):
        assert got["per_label"][label]["auroc"] == pytest.approx(
            roc_auc_score(truth[:, j], scores[:, j], sample_weight=weights), abs=1e-12)


@pytest.mark.parametrize("empty", ["pred", "true", "both"])
@pytest.mark.parametrize("weighted", [False, True])
def test_no_label_on_a_side_gives_the_in_memory_summary_with_kl_undefined(empty, weighted):
    """No predicted (or no true) label at all: the label shares of 6.5.5 do not exist, every other measure does."""
    truth, pred, scores, weights = _data(6, n=80)
    if empty in ("pred", "both"):
        pred = np.zeros_like(pred)
    if empty in ("true", "both"):
        truth = np.zeros_like(truth)
    state = _zero(5, True, "w" if weighted else None).update(_chunk(truth, pred, scores, weights))
    whole = summarize(truth, pred, scores=scores, labels=LABELS, sample_weight=weights if weighted else None)
    _assert_equal(state.finalize(), whole)
    assert whole["kl_divergence"] == {"true_vs_pred": None, "pred_vs_true": None}


def test_metrics_on_a_file_with_no_predicted_label_keeps_every_other_measure(tmp_path, capsys):
    truth, pred, scores, weights = _data(7, n=90)
    path = _csv(tmp_path / "none.csv", _columns(truth, np.zeros_like(pred), scores, None))
    whole = _json(capsys, ["metrics", "--predictions", path])
    assert whole["kl_divergence"] == {"true_vs_pred": None, "pred_vs_true": None}
    assert whole["hamming_loss"] == pytest.approx(truth.mean(), abs=1e-12)
    _assert_equal(_json(capsys, ["metrics", "--predictions", path, "--chunk-rows", "16"]), whole)


def test_a_state_file_holds_the_label_state_exactly(tmp_path):
    truth, pred, scores, weights = _data(3, n=200)
    state = _zero(5, True, "w").update(_chunk(truth, pred, scores, weights))
    path = write_states(tmp_path / "ml.state", {"m": state})
    document = json.loads(path.read_text())
    assert document["version"] == 4
    jsonschema.validate(document, json.loads(SCHEMA.read_text()))
    back = read_states(path)[0]["m"]
    _assert_equal(back.finalize(), state.finalize())
    document["states"]["m"]["arrays"]["cells"] = document["states"]["m"]["arrays"]["present"]
    path.write_text(json.dumps(document))
    with pytest.raises(InputError, match="ml.state: state 'm': the counts of a multi-label state do not match"):
        read_states(path)
    with pytest.raises(InputError, match="only multi-label states of the same columns"):
        state.merge(_zero(5, False, "w"))


def _columns(truth, pred, scores, weights, *, kinds=("pred",), model="y"):
    """The columns of a multi-label predictions file: y_true_<label>, <model>_pred_<label> / _score_<label>, weight."""
    names = {"pred": f"{model}_pred" if model != "y" else "y_pred", "score": f"{model}_score" if model != "y" else "score"}
    columns = {f"y_true_{label}": truth[:, j] for j, label in enumerate(LABELS)}
    for kind in kinds:
        values = pred if kind == "pred" else scores
        columns.update({f"{names[kind]}_{label}": values[:, j] for j, label in enumerate(LABELS)})
    if weights is not None:
        columns["weight"] = weights
    return columns


def _csv(path, columns: dict) -> str:
    n = len(next(iter(columns.values())))
    path.write_text(",".join(columns) + "\n" + "".join(",".join(str(v[i]) for v in columns.values()) + "\n"
                                                        for i in range(n)))
    return str(path)


def _json(capsys, argv) -> dict:
    assert main(argv + ["--json"]) == 0, capsys.readouterr().err
    out = json.loads(capsys.readouterr().out)
    out.pop("source", None)
    return out


def _text(capsys, argv) -> str:
    assert main(argv) == 0, capsys.readouterr().err
    return capsys.readouterr().out


@pytest.mark.parametrize("kinds, weighted, options", [
    (("pred",), True, []), (("pred", "score"), False, []), (("score",), True, ["--threshold", "0.6"])])
def test_metrics_in_chunks_print_what_the_whole_file_prints(tmp_path, capsys, kinds, weighted, options):
    truth, pred, scores, weights = _data(4, n=120)
    weights = np.round(weights * 4) / 4  # quarters: every sum of weights is exact, in any order
    path = _csv(tmp_path / "ml.csv", _columns(truth, pred, scores, weights if weighted else None, kinds=kinds))
    argv = ["metrics", "--predictions", path, *options]
    whole, table = _json(capsys, argv), _text(capsys, argv)
    for rows in ("1", "16", "100000"):
        _assert_equal(_json(capsys, argv + ["--chunk-rows", rows]), whole)
    assert _text(capsys, argv + ["--chunk-rows", "16"]) == table
    assert whole["weighted"] == weighted and ("auroc" in whole["per_label"]["a"]) == ("score" in kinds)


@pytest.mark.parametrize("rows, files", [(1000, 1), (37, 3)])
def test_dask_engine_and_state_files_equal_the_whole_file(tmp_path, capsys, rows, files):
    truth, pred, scores, weights = _data(5, n=240)
    columns = _columns(truth, pred, scores, weights, kinds=("pred", "score"), model="m")
    folder = parquet_folder(tmp_path / "ds", columns, files=files, rows_per_group=rows)
    whole = _json(capsys, ["metrics", "--predictions", _csv(tmp_path / "whole.csv", columns)])
    assert whole["model"] == "m" and whole["weighted"]
    argv = ["metrics", "--predictions", folder]
    _assert_equal(_json(capsys, argv + ["--engine", "dask", "--scheduler", "synchronous"]), whole)
    shards = []
    for i in range(files):
        shards.append(str(tmp_path / f"{i}.state"))
        assert main(["state", "--predictions", str(tmp_path / "ds" / f"part-{i}.parquet"), "--out", shards[-1],
                     "--chunk-rows", "50"]) == 0
    capsys.readouterr()
    for order in itertools.permutations(shards):
        _assert_equal(_json(capsys, ["metrics", "--states", *order]), whole)


def _error(capsys, argv) -> str:
    assert main(argv) == 2
    message = capsys.readouterr().err.strip()
    assert len(message.splitlines()) == 1
    return message


def test_state_files_of_a_multilabel_file_merge_only_with_their_kind(tmp_path, capsys):
    truth, pred, scores, weights = _data(6, n=60)
    _csv(tmp_path / "ml.csv", _columns(truth, pred, scores, None))
    _csv(tmp_path / "one.csv", {"y_true": truth[:, 0], "y_pred": pred[:, 0]})
    _csv(tmp_path / "other.csv", _columns(truth, pred, scores, None, kinds=("score",)))
    for name in ("ml", "one", "other"):
        assert main(["state", "--predictions", str(tmp_path / f"{name}.csv"), "--out", str(tmp_path / f"{name}.state")]) == 0
    capsys.readouterr()
    assert "differ" in _error(capsys, ["metrics", "--states", str(tmp_path / "ml.state"), str(tmp_path / "one.state")])
    assert "differ" in _error(capsys, ["metrics", "--states", str(tmp_path / "ml.state"), str(tmp_path / "other.state")])
    message = _error(capsys, ["report", "--states", str(tmp_path / "ml.state"), "--out", str(tmp_path / "rep")])
    assert "multi-label" in message and not (tmp_path / "rep").exists()


@pytest.mark.parametrize("case", ["bad_indicator", "bad_score", "two_models", "one_label", "positive", "threshold",
                                  "missing_label_column"])
def test_errors_in_chunks_are_the_whole_file_ones(tmp_path, capsys, case):
    truth, pred, scores, weights = _data(7, n=30)
    columns = _columns(truth, pred, scores, None, kinds=("pred", "score"))
    options = []
    if case == "bad_indicator":
        columns["y_pred_b"] = columns["y_pred_b"].astype(object)
        columns["y_pred_b"][17] = 2
    elif case == "bad_score":
        columns["score_c"] = columns["score_c"].astype(object)
        columns["score_c"][23] = "high"
    elif case == "two_models":
        columns.update({f"other_pred_{label}": pred[:, j] for j, label in enumerate(LABELS)})
    elif case == "one_label":
        columns = {"y_true_a": truth[:, 0], "y_pred_a": pred[:, 0]}
    elif case == "positive":
        options = ["--positive", "1"]
    elif case == "threshold":
        options = ["--threshold", "0.3"]
    else:
        del columns["score_b"]
    path = _csv(tmp_path / "bad.csv", columns)
    whole = _error(capsys, ["metrics", "--predictions", path, *options])
    for rows in ("1", "7"):
        assert _error(capsys, ["metrics", "--predictions", path, *options, "--chunk-rows", rows]) == whole


def test_bins_are_refused_for_a_multilabel_file(tmp_path, capsys):
    truth, pred, scores, _ = _data(8, n=20)
    path = _csv(tmp_path / "ml.csv", _columns(truth, pred, scores, None, kinds=("score",)))
    assert "--bins" in _error(capsys, ["metrics", "--predictions", path, "--bins", "10"])


@pytest.mark.parametrize("argv", [["compare", "--a", "m_pred_a", "--b", "n_pred_a"], ["report", "--out", "{tmp}/never"]])
def test_commands_that_read_multilabel_files_whole_refuse_chunks_in_one_line(tmp_path, capsys, argv):
    path = _csv(tmp_path / "labels.csv", {"y_true_a": [1, 0, 1], "y_true_b": [0, 1, 1], "m_pred_a": [1, 0, 1],
                                          "m_pred_b": [0, 1, 1], "n_pred_a": [1, 1, 0], "n_pred_b": [1, 1, 0]})
    argv = [arg.format(tmp=tmp_path) for arg in argv]
    assert main([argv[0], "--predictions", path, "--chunk-rows", "2", *argv[1:]]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and not (tmp_path / "never").exists()
    if argv[0] == "compare":  # no --y-true: compare, as on the whole-file path, reads a multi-label file whole
        assert "--y-true" in err and "multi-label file label by label, which it reads whole" in err
    else:
        assert "'y_true_a', 'y_true_b'" in err and "only metrics and state" in err


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("seed", range(3))
def test_one_chunk_is_the_whole_file_to_the_last_bit(weighted, seed):
    """In memory is one chunk: summarize and the state share one multi-label core, so their counts and measures
    agree exactly (the rankings, from scores, are the curves' business)."""
    truth, pred, scores, weights = _data(seed, n=997)
    weights = np.random.default_rng(seed).random(997) * 3
    expected = summarize(truth, pred, None, LABELS, weights if weighted else None)
    got = _zero(len(LABELS), False, "w" if weighted else None).update(_chunk(truth, pred, scores, weights)).finalize()
    assert got == expected
