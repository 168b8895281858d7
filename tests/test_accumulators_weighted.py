"""Sample weights, class scores and calibration bins merge exactly: any split, any merge order, the in-memory answer."""

import itertools

import numpy as np
import pytest

from iso4213_nb.scale.accumulators import (CalibrationBins, ClassScoreCounts, ConfusionCounts, GroupedCounts, GroupedStates,
                                     ScoreCounts)
from iso4213_nb.measures.assessment import assess
from iso4213_nb.measures.calibration import calibration
from iso4213_nb.measures.confusion import ConfusionMatrix
from iso4213_nb.measures.multiclass_scores import assess_scores
from iso4213_nb.core.undefined import is_undefined


def _data(seed, n=300, k=4):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    logits = rng.normal(size=(n, k)) + 1.5 * np.eye(k)[y]
    proba = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    proba = np.round(proba, 2)  # ties within and across columns, rows off 1 by rounding only
    binary = (rng.random(n) < 0.4).astype(np.int64)
    score = np.round(np.clip(binary * 0.3 + rng.random(n) * 0.7, 0, 1), 2)
    data = {"y_true": y, "y_pred": np.where(rng.random(n) < 0.7, y, rng.integers(0, k, n)), "binary": binary,
            "score": score, "above": (score >= 0.5).astype(np.int64), "weight": rng.gamma(2.0, 0.7, n),
            "row": np.arange(n, dtype=np.int64)}
    data["weight"][rng.random(n) < 0.05] = 0.0  # a weight of 0 keeps its label, as in memory
    for j in range(k):
        data[f"p{j}"] = proba[:, j]
    return data, proba


def _merged(zero, data, cuts, order):
    """Each chunk in its own state, merged in the given order of the parts."""
    bounds = [0, *cuts, len(data["row"])]
    parts = [zero().update({name: v[lo:hi] for name, v in data.items()}) for lo, hi in zip(bounds[:-1], bounds[1:])]
    parts = [parts[i] for i in order]
    state = parts[0]
    for i, part in enumerate(parts[1:]):
        state = part.merge(state) if i % 2 else state.merge(part)  # merged from either side
    return state


SPLITS = [((), (0,)), ((17, 150), (2, 0, 1)), ((1, 2, 299), (3, 1, 0, 2))]


@pytest.mark.parametrize("cuts, order", SPLITS)
def test_weighted_counts_and_scores_equal_the_weighted_in_memory_path(cuts, order):
    data, _ = _data(1)
    whole = assess(data["binary"], data["above"], data["score"], positive=1, sample_weight=data["weight"])
    counts = _merged(lambda: ConfusionCounts.zero("binary", "above", weight="weight"), data, cuts, order)
    scores = _merged(lambda: ScoreCounts.zero("score", true="binary", weight="weight"), data, cuts, order)
    matrix, curves = counts.finalize(), scores.finalize()
    assert matrix.weighted and curves.weighted
    assert counts.rows == 300 and counts.fractional
    in_memory = ConfusionMatrix.from_predictions(data["binary"], data["above"], sample_weight=data["weight"])
    assert np.allclose(matrix.matrix(rows="true"), in_memory.matrix(rows="true"), rtol=0, atol=1e-12)
    assert matrix.labels == in_memory.labels
    for area in ("auroc", "average_precision", "auprc_trapezoid", "gain_area"):
        assert getattr(curves, area)() == pytest.approx(whole[area], abs=1e-12)


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("cuts, order", SPLITS)
def test_class_score_counts_equal_assess_scores(cuts, order, weighted):
    data, proba = _data(2)
    labels = ["ant", "bee", "cat", "dog"]
    weight = data["weight"] if weighted else None
    whole = assess_scores(np.array(labels)[data["y_true"]], proba, labels, top_k=(1, 2, 3), sample_weight=weight)
    state = _merged(lambda: ClassScoreCounts.zero([f"p{j}" for j in range(4)], weight="weight" if weighted else None),
                    data, cuts, order)
    streamed = state.finalize(labels, top_k=(1, 2, 3))
    expected, got = whole.to_dict(), streamed.to_dict()
    for key in ("top_k_accuracy", "auroc"):
        for name, value in expected[key].items():
            assert got[key][name] == pytest.approx(value, abs=1e-12), (key, name)
    for label, values in expected["per_class"].items():
        for name, value in values.items():
            assert got["per_class"][label][name] == pytest.approx(value, abs=1e-12)
    for key in ("log_loss", "brier"):
        assert got[key] == pytest.approx(expected[key], abs=1e-12)
    assert state.counts.dtype.kind == ("f" if weighted else "i")


def test_class_scores_that_are_not_probabilities_name_the_first_row_as_in_memory():
    data, proba = _data(3, n=60, k=3)
    proba[[41, 17], [2, 0]] = [1.5, 0.9]  # row 18 adds up to more than 1; row 42 is not a probability
    for j in range(3):
        data[f"p{j}"] = proba[:, j]
    whole = assess_scores(data["y_true"], proba, [0, 1, 2])
    for cuts, order in (((30,), (1, 0)), ((10, 20, 45), (3, 2, 1, 0))):
        streamed = _merged(lambda: ClassScoreCounts.zero(["p0", "p1", "p2"]), data, cuts, order).finalize([0, 1, 2])
        for key in ("log_loss", "brier"):
            assert is_undefined(getattr(streamed, key))
            assert getattr(streamed, key) == getattr(whole, key)
            assert getattr(streamed, key).params == {"row": 42, "column": 3, "value": 1.5}


def test_pairwise_auroc_of_an_absent_class_is_undefined_as_in_memory():
    data, proba = _data(4, n=80, k=3)
    data["y_true"][data["y_true"] == 1] = 0
    whole = assess_scores(data["y_true"], proba, [0, 1, 2])
    streamed = ClassScoreCounts.zero(["p0", "p1", "p2"]).update(data).finalize([0, 1, 2])
    assert streamed.auroc["ovo"] == whole.auroc["ovo"] and is_undefined(streamed.auroc["ovo"])
    assert streamed.auroc["micro"] == pytest.approx(whole.auroc["micro"], abs=1e-12)


@pytest.mark.parametrize("cuts, order", SPLITS)
def test_weighted_calibration_bins_equal_the_equal_width_part_of_calibration(cuts, order):
    data, _ = _data(5)
    whole = calibration(data["binary"], data["score"], positive=1, n_bins=7, sample_weight=data["weight"],
                        n_bootstrap=10)
    state = _merged(lambda: CalibrationBins.zero("score", 7, true="binary", weight="weight"), data, cuts, order)
    streamed = state.finalize()
    table = whole.bins["equal_width"]
    assert streamed.count.tolist() == table.counts.tolist()
    for got, expected in ((streamed.weight, table.weights), (streamed.mean_predicted, table.mean_predicted),
                          (streamed.observed, table.observed_frequency)):
        assert np.allclose(got, expected, rtol=0, atol=1e-12, equal_nan=True)
    assert streamed.expected_calibration_error == pytest.approx(whole.ece.estimate, abs=1e-12)
    assert streamed.brier == pytest.approx(whole.brier, abs=1e-12)
    assert streamed.log_loss == pytest.approx(whole.log_loss, abs=1e-12)
    for name, value in streamed.decomposition.items():
        assert value == pytest.approx(getattr(whole, name), abs=1e-12), name


def test_every_partition_of_weighted_grouped_counts_merges_to_the_same_counts():
    data, _ = _data(6, n=40)
    data["group"] = np.array(["n", "s", "e", "w"])[np.arange(40) % 4]
    reference = GroupedCounts.zero("group", weight="weight").update(data).finalize()
    for cuts in itertools.combinations(range(5, 40, 9), 2):
        for order in itertools.permutations(range(3)):
            merged = _merged(lambda: GroupedCounts.zero("group", weight="weight"), data, cuts, order).finalize()
            assert list(merged) == list(reference)
            for value, part in merged.items():
                assert part.labels == reference[value].labels and part.rows == reference[value].rows
                assert np.allclose(part.counts, reference[value].counts, rtol=1e-15, atol=0)
    scores = lambda: GroupedStates.zero("group", ScoreCounts.zero("score", true="binary", weight="weight"))  # noqa: E731
    whole = scores().update(data).finalize()
    for cuts, order in SPLITS[1:]:
        merged = _merged(scores, data, [c % 40 for c in cuts], order).finalize()
        assert list(merged) == list(whole)
        for value, part in merged.items():
            assert part.finalize().auroc() == pytest.approx(whole[value].finalize().auroc(), abs=1e-12)


def test_version_2_state_files_carry_weights_and_class_scores_and_version_1_files_still_read(tmp_path):
    import json

    import jsonschema

    from iso4213_nb.scale.accumulators import read_states, write_states
    from iso4213_nb.scale.accumulators.files import SCHEMA, state_to_json
    from iso4213_nb.core.errors import InputError

    data, _ = _data(7, n=50, k=3)
    data["group"] = np.array(["n", "s"])[np.arange(50) % 2]
    states = {"counts": ConfusionCounts.zero(weight="weight"), "scores": ScoreCounts.zero("score", true="binary",
                                                                                         weight="weight"),
              "groups": GroupedCounts.zero("group", weight="weight"),
              "classes": ClassScoreCounts.zero(["p0", "p1", "p2"], weight="weight"),
              "group_scores": GroupedStates.zero("group", ScoreCounts.zero("score", true="binary", weight="weight")),
              "calibration": CalibrationBins.zero("score", 5, true="binary", weight="weight")}
    states = {name: state.update(data) for name, state in states.items()}
    path = write_states(tmp_path / "v2.state", states)
    document = json.loads(path.read_text())
    assert document["version"] == 4
    jsonschema.validate(document, json.loads(SCHEMA.read_text()))
    back, _ = read_states(path)
    for name, state in states.items():
        assert state_to_json(back[name]) == state_to_json(state)
    assert back["classes"].finalize([0, 1, 2]).to_dict() == states["classes"].finalize([0, 1, 2]).to_dict()

    old = {"format": "iso4213-nb-state", "version": 1, "source": {}, "states": {
        name: state_to_json(state) for name, state in
        {"counts": ConfusionCounts.zero().update(data), "calibration": CalibrationBins.zero("score", 5, true="binary")
         .update(data)}.items()}}
    for entry in old["states"].values():  # what version 1 wrote: no weights, rows or log loss
        for key in ("weight", "rows", "fractional"):
            entry["config"].pop(key, None)
        for key in ("rows", "loss"):
            entry.get("arrays", {}).pop(key, None)
    (tmp_path / "v1.state").write_text(json.dumps(old))
    jsonschema.validate(old, json.loads(SCHEMA.read_text()))
    v1, _ = read_states(tmp_path / "v1.state")
    assert v1["counts"].finalize().matrix(rows="true").sum() == 50
    reliability = v1["calibration"].finalize()
    assert reliability.count.sum() == 50 and np.isnan(reliability.log_loss)
    (tmp_path / "v5.state").write_text(json.dumps({**old, "version": 5}))
    with pytest.raises(InputError, match=r"^\S+v5.state: state file version 5; this iso4213-nb reads versions 1 to 4$"):
        read_states(tmp_path / "v5.state")
