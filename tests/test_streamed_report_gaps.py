"""What a report built from counts gives, against the in-memory report of the same predictions (clause 8; issue 12).

Every key of the in-memory report's content is either in the streamed content (read in chunks, or merged
from state files) or named in ``streaming.not_given`` with a reason code: nothing is left out silently.
The operating points with their intervals come from the exact score counts and equal the in-memory ones
number for number; merged state files give top-k accuracy's interval (only the Brier score and log loss need
the rows' Poisson replicates).
"""

from __future__ import annotations

import base64
import json

import numpy as np
import pytest

from iso4213_nb.scale import streaming
from iso4213_nb.cli import _streaming, main
from iso4213_nb.words.i18n import using
from iso4213_nb.inputs import read_predictions
from iso4213_nb.stats.measure_intervals import IntervalSettings
from iso4213_nb.report import content, streamed_intervals, uncertainty
from iso4213_nb.report.schema import schema_errors
from iso4213_nb.report.streamed import build_content, streaming_html
from state_shards import state_files
from test_streaming import _csv as csv_file
from test_streaming_weighted import _close

SETTINGS = IntervalSettings(n_resamples=60, budget=None)

#: The keys (paths) of the in-memory content that each entry of ``streaming.not_given`` stands for.
COVERS = {
    "calibration": lambda m: [f"models.{m}.calibration"],
    "brier_interval": lambda m: [f"models.{m}.intervals.brier"],
    "log_loss_interval": lambda m: [f"models.{m}.intervals.log_loss"],
    "top_k_accuracy_interval": lambda m: [f"models.{m}.intervals.top_"],
    "operating_intervals": lambda m: [f"models.{m}.operating_intervals"],
    "auroc_interval": lambda m: [f"models.{m}.intervals.auroc"],
    "ranking": lambda m: ["ranking.", "summary.ranking."],  # the summary copies the ranking it has
}


def _paths(tree, prefix="") -> set[str]:
    """Every key path of a report's content, down to (not into) an interval entry or a list."""
    out = set()
    for key, value in tree.items():
        path = f"{prefix}.{key}" if prefix else str(key)
        out.add(path)
        if isinstance(value, dict) and not {"low", "high"} <= value.keys():
            out |= _paths(value, path)
    return out


def _silent_gaps(whole: dict, streamed: dict) -> list[str]:
    """Paths of ``whole`` that ``streamed`` neither has nor names in ``streaming.not_given``."""
    named = [prefix for entry in streamed["streaming"]["not_given"] if entry["measure"] in COVERS
             for model in entry["models"] for prefix in COVERS[entry["measure"]](model)]
    return sorted(path for path in _paths(whole) - _paths(streamed)
                  if path not in ("environment.cpu_model",) and not any(path.startswith(p) for p in named))


def _in_memory(path: str) -> dict:
    pred = read_predictions(path)
    return uncertainty.extend(content.build(pred, {}, title="t", meta_name=None, demo=False), uncertainty.Rows(pred),
                              SETTINGS)


def _streamed(assessed, states, source, chunks=None) -> dict:
    report = build_content(assessed, states, source, answers={}, title="t", meta_name=None, how={"how": "-"},
                           chunks=chunks)
    uncertainty.extend(report, streamed_intervals.States(assessed, states), SETTINGS)
    assert schema_errors(report) == []
    return report


def _chunked(path: str, rows: int) -> dict:
    args = type("Args", (), {"engine": None, "scheduler": None, "chunk_rows": rows, "bins": None})()
    states, settings, source, chunks = _streaming.collect(args, path)
    with chunks:
        return _streamed(streaming.assess_states(states, settings, source.name), states, source, chunks)


def _merged(paths: list[str]) -> dict:
    states, settings, source = _streaming.load(paths)
    return _streamed(streaming.assess_states(states, settings, source.name), states, source)


def _binary(path, seed: int, models: int, n: int = 240) -> str:
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    columns = {"y_true": y, "group_site": rng.choice(["north", "south"], n)}
    for j in range(models):
        columns[f"m{j}_score"] = np.round(np.clip((0.2 + 0.1 * j) * y + 0.7 * rng.random(n), 0, 1), 3)
    return str(csv_file(path, list(columns), zip(*columns.values())))


def _multiclass(path, seed: int, n: int = 240) -> str:
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 3, n)
    logits = rng.normal(size=(n, 3)) + 1.5 * np.eye(3)[y]
    proba = np.round(np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True), 6)
    columns = {"y_true": y, **{f"m_score_{c}": proba[:, c] for c in range(3)}}
    return str(csv_file(path, list(columns), zip(*columns.values())))


@pytest.mark.parametrize("case", ["binary, one model, subgroups", "binary, three models", "multi-class"])
def test_every_in_memory_key_is_given_or_named_in_chunks_and_from_state_files(tmp_path, capsys, case):
    if case == "multi-class":
        path = _multiclass(tmp_path / "p.csv", 3)
    else:
        path = _binary(tmp_path / "p.csv", 2, 1 if case.startswith("binary, one") else 3)
    whole = _in_memory(path)
    chunked, merged = _chunked(path, 37), _merged(state_files(tmp_path, path, 99))
    capsys.readouterr()
    assert _silent_gaps(whole, chunked) == []
    assert _silent_gaps(whole, merged) == []
    named = {e["measure"] for e in merged["streaming"]["not_given"]}
    assert ("ranking" in named) == (case == "binary, three models")
    assert whole["ranking"]["applies"] == (case == "binary, three models")  # the gap is real, not a test artefact
    if case == "multi-class":  # merged counts hold top-k accuracy's cells; only the Poisson measures need the rows
        assert {"brier_interval", "log_loss_interval"} <= named and "top_k_accuracy_interval" not in named
        want = {key: v for key, v in whole["models"]["m"]["intervals"].items() if key.startswith("top_")}
        assert len(want) == 2 and {key: merged["models"]["m"]["intervals"][key] for key in want} == want


def test_operating_points_with_intervals_from_counts_equal_the_in_memory_ones(tmp_path, capsys):
    path = _binary(tmp_path / "p.csv", 5, 2, n=300)
    whole = _in_memory(path)
    for streamed in (_chunked(path, 41), _merged(state_files(tmp_path, path, 99))):
        for name in ("m0", "m1"):
            ours = streamed["models"][name]["operating_intervals"]
            assert ours["sensitivity_at_specificity"] and ours["bands"]["roc"]
            _close(ours, whole["models"][name]["operating_intervals"])
        assert streamed["ranking"] == whole["ranking"]  # two models: why there is none, as in memory
    capsys.readouterr()


def test_a_version_3_state_file_gives_top_k_accuracy_and_names_its_interval(tmp_path, capsys):
    """A file written before the (true class × rank) table keeps its top-k accuracy; its interval is named."""
    path = _multiclass(tmp_path / "p.csv", 4)
    assert main(["state", "--predictions", path, "--out", str(tmp_path / "new.state")]) == 0
    document = json.loads((tmp_path / "new.state").read_text())
    entry = document["states"]["classes.m"]["arrays"]["ranks"]
    table = np.frombuffer(base64.b64decode(entry["base64"]), "<i8").reshape(entry["shape"])
    old = table.sum(axis=0).astype("<i8")  # what version 3 wrote: the column sums
    entry.update(shape=[3], base64=base64.b64encode(old.tobytes()).decode())
    document["version"] = 3
    (tmp_path / "old.state").write_text(json.dumps(document))
    report = _merged([str(tmp_path / "old.state")])
    whole = _in_memory(path)
    assert report["models"]["m"]["top_k_accuracy"] == whole["models"]["m"]["top_k_accuracy"]
    missing = {e["measure"]: e["reason"] for e in report["streaming"]["not_given"]}
    assert missing["top_k_accuracy_interval"] == "old_state_file"
    assert _silent_gaps(whole, report) == []
    assert main(["metrics", "--states", str(tmp_path / "old.state")]) == 0
    out = capsys.readouterr().out
    assert "not given: intervals of top-k accuracy; a state file of version 3 or older" in out
    assert "not given: interval of the Brier score, interval of the log loss; state files hold counts" in out


def test_the_page_names_what_is_not_given_in_the_readers_language(tmp_path, capsys):
    path = _binary(tmp_path / "p.csv", 6, 3)
    report = _merged(state_files(tmp_path, path, 99))
    capsys.readouterr()
    page = streaming_html(report)
    assert "ranking of the models" in page and "calibration" in page and "splits the rows into disjoint folds" in page
    with using("ru"):
        russian = streaming_html(report)
    assert "ranking" not in russian and "calibration" not in russian and "delong_test" not in russian


@pytest.mark.parametrize("lang, title", [("en", "Assessment report"), ("ru", "Отчет об оценке")])
def test_a_page_from_counts_is_in_the_readers_language_like_the_in_memory_page(tmp_path, capsys, lang, title):
    path = _binary(tmp_path / "p.csv", 7, 1)
    for how, extra in (("whole", []), ("chunks", ["--chunk-rows", "100"])):
        out = tmp_path / how
        assert main(["--lang", lang, "report", "--predictions", path, "--out", str(out), "--format", "html",
                     *extra]) == 0
        page = (out / "report.html").read_text(encoding="utf-8")
        assert f'<html lang="{lang}">' in page and f"<title>{title}</title>" in page, how
    capsys.readouterr()
