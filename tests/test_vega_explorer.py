"""The kernel-free explorer's embedded data: exact counts at every offered threshold, undefined, escaping.

The expected counts come from :class:`ConfusionMatrix` and from numpy on the
raw scores at each threshold the page offers, not from ``BinaryScores``.
"""

import html
import json
import re
from html.parser import HTMLParser

import numpy as np
import pytest

from iso4213_nb.measures import counts as measures
from iso4213_nb.measures.confusion import ConfusionMatrix
from iso4213_nb.measures.curves import BinaryScores
from iso4213_nb.core.errors import InputError
from iso4213_nb.figures.vega_explorer import (MAX_POSITIONS, explorer_data, explorer_html, explorer_spec,
                                              explorers_html)
from iso4213_nb.report import export

HOSTILE = "<script>alert(1)</script>"
MEASURE_KEYS = ("tp", "fp", "fn", "tn", "recall", "precision", "specificity", "f1", "accuracy")


class _Page(HTMLParser):
    """Explorer divs, data-measure cells, tables with data-threshold, sliders and script bodies of a fragment."""

    def __init__(self, text):
        super().__init__()
        self.explorers, self.cells, self.tables, self.sliders, self.scripts = [], {}, [], [], []
        self._cell = self._script = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "div" and "iso4213-explorer" in (attrs.get("class") or "").split():
            self.explorers.append(attrs)
        if tag == "td" and "data-measure" in attrs:
            self._cell = attrs["data-measure"]
            self.cells[self._cell] = ""
        if tag == "table" and "data-threshold" in attrs:
            self.tables.append(attrs["data-threshold"])
        if tag == "input":
            self.sliders.append(attrs)
        if tag == "script":
            self._script = attrs
            self.scripts.append([attrs, ""])

    def handle_endtag(self, tag):
        if tag == "td":
            self._cell = None
        if tag == "script":
            self._script = None

    def handle_data(self, data):
        if self._cell is not None:
            self.cells[self._cell] += data
        if self._script is not None:
            self.scripts[-1][1] += data


def _counts_from_numpy(y, s, threshold):
    predicted = s >= threshold
    positive = y == 1
    return (int(np.sum(predicted & positive)), int(np.sum(predicted & ~positive)),
            int(np.sum(~predicted & positive)), int(np.sum(~predicted & ~positive)))


def _check_every_position(y, s, data):
    for i, t in enumerate(data.thresholds):
        expected = _counts_from_numpy(y, s, t)
        c = data.counts(i)
        assert (c.tp, c.fp, c.fn, c.tn) == expected, f"position {i}, threshold {t!r}"
        cm = ConfusionMatrix.from_predictions(y, (s >= t).astype(int), labels=[0, 1]).binary(1)
        assert (cm.tp, cm.fp, cm.fn, cm.tn) == expected


@pytest.mark.parametrize("seed", range(5))
def test_small_inputs_offer_every_threshold_with_exact_counts(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(5, 300))
    y = rng.integers(0, 2, n)
    s = np.round(rng.random(n), int(rng.integers(1, 4)))  # coarse rounding: many ties
    data = explorer_data(BinaryScores(y, s))
    assert data.offered == data.distinct == len(np.unique(s)) + 1
    assert np.all(np.diff(data.thresholds) > 0)
    _check_every_position(y, s, data)
    assert data.counts(data.offered - 1).tp + data.counts(data.offered - 1).fp == 0  # above every score
    assert data.counts(0).tn + data.counts(0).fn == 0  # the lowest score: everything positive


@pytest.mark.parametrize("seed", range(3))
def test_large_inputs_are_decimated_but_exact_at_each_offered_threshold(seed):
    rng = np.random.default_rng(100 + seed)
    n = 20_000
    y = (rng.random(n) < 0.03).astype(int)  # rare positives
    s = rng.normal(size=n) + 1.5 * y
    marks = {"threshold 0.5": 0.5, "zero": 0.0}
    data = explorer_data(BinaryScores(y, s), marks=marks, max_positions=200)
    assert data.distinct == n + 1 and data.offered <= 200
    assert np.all(np.diff(data.thresholds) > 0)
    _check_every_position(y, s, data)
    assert set(data.marks.values()) == set(marks)
    for position, name in data.marks.items():
        assert data.thresholds[position] == marks[name]  # offered under its own value, not snapped
    page = explorer_html("large", BinaryScores(y, s), marks=marks, max_positions=200)
    assert f"The slider offers {data.offered} of the {n + 1} thresholds that give different counts" in page
    assert f"exact at each of these {data.offered} positions" in page
    # Spread along the ROC curve: no step of TPR + FPR longer than the target spacing plus one sample.
    arc = data.tp / y.sum() + data.fp / (n - y.sum())
    spacing = 2 / (200 - len(marks) - 3)
    assert np.max(np.abs(np.diff(arc))) <= spacing + 1 / y.sum() + 1 / (n - y.sum()) + 1e-12


@pytest.mark.parametrize("seed", range(4))
def test_shown_thresholds_are_the_shortest_decimals_with_the_same_counts(seed):
    rng = np.random.default_rng(200 + seed)
    n = int(rng.integers(20, 400))
    y = rng.integers(0, 2, n)
    s = rng.random(n) if seed % 2 else rng.normal(size=n)  # full-precision scores: 16-17 digits each
    marks = {"half": 0.5}
    data = explorer_data(BinaryScores(y, s), marks=marks, max_positions=60 if seed > 1 else MAX_POSITIONS)
    named = set(data.marks)
    # One field says how each position is worded: "above" the highest score at the last position only (nothing
    # predicted positive), no label computed there that the page would not show.
    assert [words for words, _value in data.labels] == ["threshold"] * (data.offered - 1) + ["threshold_above"]
    assert data.labels[-1][1] == repr(float(s.max()))
    assert _counts_from_numpy(y, s, data.thresholds[-1])[:2] == (0, 0)
    for i, (t, (_words, label)) in enumerate(zip(data.thresholds[:-1], data.labels[:-1])):
        assert _counts_from_numpy(y, s, float(label)) == _counts_from_numpy(y, s, t), (i, t, label)
        if i in named:
            assert label == "0.5"
            continue
        assert len(label) < len(repr(float(t))) or label == repr(float(t)), (t, label)
        if "." in label:  # one decimal fewer, rounded down, changes the counts: nothing shorter would do
            places = len(label.split(".")[1]) - 1
            shorter = np.floor(float(label) * 10 ** places) / 10 ** places
            assert _counts_from_numpy(y, s, shorter) != _counts_from_numpy(y, s, t), (t, label, shorter)
    assert json.loads(json.dumps(data.to_json()))["labels"] == [list(label) for label in data.labels]


def test_start_and_marks_on_the_same_counts_share_one_position():
    y = np.array([0, 0, 1, 1, 0, 1])
    s = np.array([0.1, 0.3, 0.35, 0.6, 0.7, 0.9])
    data = explorer_data(BinaryScores(y, s), marks={"a": 0.55, "b": 0.6}, start=0.5)
    position = data.start
    assert data.thresholds[position] == 0.5  # the start's own value, counts of score >= 0.5
    assert data.marks[position] == "a, b"
    assert (data.counts(position).tp, data.counts(position).fp) == (2, 1)


def test_default_start_is_the_youden_optimal_position():
    y = np.array([0, 0, 1, 1, 0, 1, 1, 0])
    s = np.array([0.1, 0.2, 0.8, 0.7, 0.75, 0.9, 0.3, 0.05])
    data = explorer_data(BinaryScores(y, s))
    j = [data.counts(i).tp / 4 - data.counts(i).fp / 4 for i in range(data.offered)]
    assert j[data.start] == max(j)


def test_bad_thresholds_are_one_line_errors():
    scores = BinaryScores([0, 1, 1], [0.2, 0.4, 0.9])
    with pytest.raises(InputError, match="finite"):
        explorer_data(scores, marks={"x": float("nan")})
    with pytest.raises(InputError, match="must be a finite number"):
        explorer_data(scores, start="high")
    with pytest.raises(InputError, match="max_positions"):
        explorer_data(scores, marks={"a": 0.1, "b": 0.2}, max_positions=3)
    assert MAX_POSITIONS >= 1000


def _fragment_numbers(fragment):
    page = _Page(fragment)
    return page, {key: page.cells[key] for key in MEASURE_KEYS}


def test_page_starts_with_the_package_numbers_at_the_start_threshold():
    rng = np.random.default_rng(7)
    y = rng.integers(0, 2, 200)
    s = rng.random(200)
    scores = BinaryScores(y, s)
    page, cells = _fragment_numbers(explorers_html({"m": scores}, start=0.5))
    c = scores.counts_at(0.5)
    assert [cells[k] for k in ("tp", "fp", "fn", "tn")] == [str(c.tp), str(c.fp), str(c.fn), str(c.tn)]
    for key, function in [("recall", measures.recall), ("precision", measures.precision),
                          ("specificity", measures.specificity), ("f1", measures.f1),
                          ("accuracy", measures.binary_accuracy)]:
        assert cells[key] == f"{function(c):.4f}"
    assert page.tables == ["0.5", "0.5"]
    (slider,) = page.sliders
    assert slider["type"] == "range" and slider["name"] == "threshold"
    data = json.loads(next(body for attrs, body in page.scripts if attrs.get("type") == "application/json"))
    assert data["thresholds"][int(slider["value"])] == 0.5
    assert int(slider["max"]) == len(data["thresholds"]) - 1


def test_undefined_measures_show_as_undefined_never_zero():
    only_positives = BinaryScores(np.ones(5, dtype=int), [0.1, 0.2, 0.3, 0.4, 0.5])
    _, cells = _fragment_numbers(explorer_html("one class", only_positives, start=0.3))
    assert cells["specificity"] == "undefined" and cells["recall"] == "0.6000"
    above = BinaryScores([0, 1, 1, 0], [0.2, 0.4, 0.9, 0.7])
    _, cells = _fragment_numbers(explorer_html("top", above, start=2.0))
    assert cells["precision"] == "undefined" and cells["tp"] == "0" and cells["recall"] == "0.0000"
    assert "no sample is predicted positive" in explorer_html("top", above, start=2.0)


def test_hostile_model_name_is_escaped_everywhere():
    scores = BinaryScores([0, 1, 1, 0], [0.2, 0.4, 0.9, 0.7])
    fragment = explorers_html({HOSTILE: scores, "a&b\"c": scores}, marks={HOSTILE: {HOSTILE: 0.5}})
    page = _Page(fragment)
    assert [e["data-model"] for e in page.explorers] == [HOSTILE, "a&b\"c"]  # escaped in the source, exact once parsed
    assert HOSTILE not in fragment and html.escape(HOSTILE) in fragment
    assert [attrs for attrs, _ in page.scripts] == [{"type": "application/json", "class": "iso4213-explorer-data"}] * 2 \
        + [{}]
    payload = json.loads(page.scripts[0][1])
    assert payload["marks"] == {str(payload["start"]): HOSTILE}  # the name survives the JSON escaping intact
    assert "</" not in page.scripts[0][1]


def test_fragment_names_no_external_address():
    scores = BinaryScores([0, 1, 1, 0, 1], [0.2, 0.4, 0.9, 0.7, 0.1])
    fragment = explorers_html({"m": scores})
    assert not re.search(r"https?://|//cdn", fragment)
    spec = explorer_spec(0.4, 3)
    assert spec["params"] == [{"name": "position", "value": 3}]
    assert "$schema" not in spec


def test_report_page_loads_the_vega_bundle_only_with_an_explorer(tmp_path, monkeypatch):
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells.append(nbformat.v4.new_code_cell("x", outputs=[nbformat.v4.new_output(
        "display_data", data={"text/html": "<p>no explorer</p>"})]))
    assert not export.shows_explorer(nb)
    nb.cells[0].outputs[0]["data"]["text/html"] = explorers_html({"m": BinaryScores([0, 1], [0.3, 0.6])})
    assert export.shows_explorer(nb)
    page = export.to_html(nb, tmp_path).read_text()
    assert f'<script src="{export.VEGA_BUNDLE}"></script>' in page
    assert not re.search(r"https?://", page)
    bundle = (tmp_path / export.VEGA_BUNDLE).read_text()
    assert bundle.splitlines()[1] == "(function (define, module, exports) {"
    assert bundle.rstrip().endswith("}).call(window);") and "sourceMappingURL" not in bundle
    assert (tmp_path / "assets" / "vega" / "LICENSE-vega-lite").is_file()


def test_no_actual_positives_gives_undefined_recall_and_no_pr_chance_line():
    only_negatives = BinaryScores(np.zeros(4, dtype=int), [0.1, 0.2, 0.3, 0.4])
    page, cells = _fragment_numbers(explorer_html("negatives", only_negatives, start=0.25))
    assert cells["recall"] == "undefined" and cells["f1"] == "0.0000" and cells["specificity"] == "0.5000"
    payload = json.loads(page.scripts[0][1])  # json.loads accepts no NaN written by allow_nan=False
    assert payload["positives"] == 0 and len(payload["spec"]["hconcat"][1]["layer"]) == 2
