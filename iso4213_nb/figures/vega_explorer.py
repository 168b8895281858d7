"""A threshold explorer that runs in the page: no kernel, no network (6.2.2, 6.2.4, 6.2.5, 6.3.3, 6.3.6, 6.3.7).

The exported report and the book show it where no Python runs.  Everything
is computed here, once: the thresholds the slider offers and the exact
counts at each (:func:`explorer_data`).  The page embeds them as JSON and a
small script shipped beside this module (``vega_explorer.js``, inlined into
the page) answers a slider move with a lookup: it updates the confusion
matrix and the measures in HTML tables and moves the operating point on the
ROC and precision–recall curves, drawn by Vega-Lite from a specification
built here with Altair (:func:`explorer_spec`).

A sample is predicted positive when ``score >= threshold``.

Which thresholds the slider offers
----------------------------------
Every threshold with its own counts is a candidate: each distinct score,
plus one just above the largest score, where no sample is predicted positive
(:func:`iso4213_nb.measures.operating_points.candidate_thresholds`).  With at most
``max_positions`` candidates the slider offers all of them.  With more, it
offers ``max_positions`` of them spread evenly along the ROC curve (equal
steps of TPR + FPR, so rare positives still get fine steps), always
including both ends and the named thresholds (``marks``, ``start``).  The
counts at every offered position are exact, and the page says how many
positions there are; the curves are drawn through the same points.

A named threshold that is not itself a distinct score (0.5, say) is offered
under its own value: it has the same counts as the smallest distinct score
at or above it, so nothing is approximated.

The page contract (for tests and screen readers): each explorer is a
``<div class="iso4213-explorer" data-model="NAME">``, its slider an
``<input type="range" name="threshold">``, and the live numbers are table
cells with ``data-measure`` = tp, fp, fn, tn, recall, precision,
specificity, f1 or accuracy, in tables carrying ``data-threshold``.  Model
names are user text: they are HTML-escaped, and the JSON block escapes
``<``, ``>`` and ``&`` so that no name can close the script element.
"""

from __future__ import annotations

import hashlib
import html
import json
from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal
from importlib import resources
from typing import Mapping

import numpy as np

from ..measures import counts as measures
from ..core.checks import as_threshold
from ..measures.curves import BinaryScores
from ..core.errors import InputError
from ..words.i18n import _, decimal_sign, number, with_decimal_sign
from ..measures.counts import BinaryCounts
from ..measures.operating_points import candidate_thresholds
from ..measures.registry import MEASURES as REGISTRY
from ..words import reasons
from ..words.measures import name as measure_name

#: Most slider positions offered; every candidate threshold is offered when there are no more than this.
MAX_POSITIONS = 1001
#: The size of each of the two charts, in CSS pixels.
CHART_WIDTH, CHART_HEIGHT = 230, 210
#: The Vega signal that holds the slider position; the charts' operating point follows it.
POSITION_SIGNAL = "position"

#: The measures of the page, in table order: (key of the page's script, key of the registry, function of the counts).
MEASURES = (
    ("recall", "recall", measures.recall),
    ("precision", "precision", measures.precision),
    ("specificity", "specificity", measures.specificity),
    ("f1", "f1", measures.f1),
    ("accuracy", "binary_accuracy", measures.binary_accuracy),
)
DECIMALS = 4
#: Reason codes the page's script shows when a measure of its table has no value (those of ``measures.counts``).
_REASONS = ("no_positives", "no_predicted_positives", "no_negatives", "no_actual_or_predicted_positives", "no_samples")

STYLE = """<style>
.iso4213-explorer { border: 1px solid #ccc; border-radius: 4px; padding: 0.4em 0.8em 0.6em; margin: 0.6em 0 1.2em;
  max-width: 80em; line-height: 1.35; break-inside: avoid; page-break-inside: avoid; }
.iso4213-explorer p { margin: 0.2em 0; }
.iso4213-explorer .iso4213-explorer-controls { display: flex; flex-wrap: wrap; align-items: center; gap: 0.3em 0.8em; }
.iso4213-explorer input[type=range] { width: 26em; max-width: 100%; margin: 0; }
.iso4213-explorer output { font-variant-numeric: tabular-nums; }
.iso4213-explorer .iso4213-explorer-note { font-size: 0.85em; color: #444; max-width: 60em; }
.iso4213-explorer .iso4213-explorer-body { display: flex; flex-wrap: wrap; align-items: flex-start; gap: 0.4em 1.2em;
  margin-top: 0.3em; }
.iso4213-explorer .iso4213-explorer-charts { min-height: 2em; }
.iso4213-explorer table { border-collapse: collapse; margin: 0 0 0.5em !important; font-size: 0.85em; }
.iso4213-explorer caption { text-align: left; font-weight: bold; padding: 0 0 0.15em !important; }
.iso4213-explorer th, .iso4213-explorer td { border: 1px solid #bbb; padding: 0.1em 0.45em !important;
  line-height: 1.3 !important; text-align: left !important; }
.iso4213-explorer td[data-measure] { text-align: right !important; font-variant-numeric: tabular-nums; min-width: 4.5em; }
.iso4213-explorer td.iso4213-explorer-formula { color: #555; }
</style>"""


@dataclass(frozen=True)
class ExplorerData:
    """The slider positions of one explorer and the exact counts at each (6.3).

    Attributes
    ----------
    thresholds : float array, ascending: the threshold of each slider position, left to right.
    tp, fp : int arrays: true and false positives (``score >= threshold``) at each position.
    positives, negatives : int: actual positives and negatives.
    distinct : int: number of thresholds with their own counts (distinct scores plus one above the largest).
    start : int: the position the slider starts at.
    marks : dict ``{position: name}`` of the named thresholds.
    labels : tuple of ``(words, value)`` pairs: how the page words each position, ``words`` a key of
        :func:`words`.  ``("threshold", value)``: the shortest decimal with the position's counts
        (:func:`short_threshold`; a named threshold's own value), with a decimal point; ``thresholds`` keeps every
        digit.  ``("threshold_above", value)``: the position just above the highest score (no sample positive),
        worded as "above" that score, not as the float just past it (``1.0000000000000002``).
    """

    thresholds: np.ndarray
    tp: np.ndarray
    fp: np.ndarray
    positives: int
    negatives: int
    distinct: int
    start: int
    marks: dict
    labels: tuple = ()

    @property
    def offered(self) -> int:
        """Number of slider positions."""
        return len(self.thresholds)

    def counts(self, position: int) -> BinaryCounts:
        """TP, FP, TN, FN at a slider position."""
        tp, fp = int(self.tp[position]), int(self.fp[position])
        return BinaryCounts(tp=tp, fp=fp, tn=self.negatives - fp, fn=self.positives - tp)

    def to_json(self) -> dict:
        """What the page embeds: plain lists, thresholds written as Python's shortest round-trip repr, ``labels``
        as ``[words, value]`` pairs."""
        return {"thresholds": [float(t) for t in self.thresholds], "tp": self.tp.tolist(), "fp": self.fp.tolist(),
                "positives": self.positives, "negatives": self.negatives, "distinct": self.distinct,
                "start": self.start, "marks": {str(k): v for k, v in self.marks.items()},
                "labels": [list(label) for label in self.labels]}


def short_threshold(low: float, high: float) -> str:
    """The shortest decimal ``t`` with ``low < t <= high``, written with a decimal point (beyond TS 4213: display).

    Every threshold in that interval predicts the same samples positive as ``high`` when ``low`` is the next
    lower score (``score >= t``, 6.2.2), so the page can show ``0.2812`` where the score is
    ``0.28119733408961587`` without changing a count.  ``low`` may be ``-inf``; ``high`` is finite.
    """
    exact = Decimal(repr(float(high)))
    below = Decimal(repr(float(low))) if np.isfinite(low) else None
    for places in range(0, 18):
        step = Decimal(1).scaleb(-places)
        candidate = exact.quantize(step, rounding=ROUND_FLOOR)
        if below is None or candidate > below:
            return format(candidate.normalize() if candidate != 0 else Decimal(0), "f")
    return repr(float(high))


def _candidate_index(ascending: np.ndarray, threshold: float) -> int:
    """Index, among the descending candidates, of the one whose counts hold at ``threshold``.

    That is the smallest candidate >= threshold; above every candidate, index 0 (no sample positive).
    """
    return max(len(ascending) - 1 - int(np.searchsorted(ascending, threshold, side="left")), 0)


def explorer_data(scores: BinaryScores, *, marks: Mapping[str, float] | None = None, start: float | None = None,
                  max_positions: int = MAX_POSITIONS) -> ExplorerData:
    """The slider positions of an explorer and the exact counts at each (rules in the module docstring).

    Parameters
    ----------
    scores : the model's :class:`~iso4213_nb.measures.curves.BinaryScores`.
    marks : named thresholds ``{name: threshold}`` (the report's operating points, say); each is offered
        under its own value.  Named thresholds with the same counts share one position: the first
        given (``start`` before ``marks``) lends it its value, and the names are listed together.
    start : the threshold the slider starts at (offered under its own value); default the first mark,
        else the offered position with the largest Youden J = TPR − FPR (6.3.6).
    max_positions : most positions offered (at least 2 plus the number of named thresholds).

    Returns
    -------
    ExplorerData, positions in ascending order of threshold.
    """
    named = [(str(name), as_threshold(t, _("threshold of mark {name}").format(name=repr(name))))
             for name, t in (marks or {}).items()]
    if start is not None:
        named.insert(0, (None, as_threshold(start, "start")))  # None: the start has no name of its own
    if max_positions < 2 + len(named):
        raise InputError(_("max_positions must be at least {least}, got {value}").format(
            least=number(2 + len(named)), value=max_positions))
    candidates = candidate_thresholds(scores)  # descending; index 0 predicts no sample positive
    tps = np.concatenate([[0], np.asarray(scores.tps, dtype=np.int64)])
    fps = np.concatenate([[0], np.asarray(scores.fps, dtype=np.int64)])
    ascending = candidates[::-1]
    # The first named threshold to land on a candidate gives the position its value; all names are kept.
    value_at, names_at = {}, {}
    for name, t in named:
        index = _candidate_index(ascending, t)
        value_at.setdefault(index, t)
        if name is not None:
            names_at.setdefault(index, []).append(name)
    last = len(candidates) - 1
    if len(candidates) <= max_positions:
        chosen = np.arange(len(candidates))
    else:
        arc = (tps / scores.positives if scores.positives else 0) + (fps / scores.negatives if scores.negatives else 0)
        targets = np.linspace(0.0, float(arc[-1]), max_positions - len(value_at) - 2)
        chosen = np.searchsorted(arc, targets, side="left")
        chosen = np.unique(np.concatenate([chosen, [0, last], list(value_at)]).astype(np.int64))
    chosen = chosen[::-1]  # ascending threshold, as the slider runs left to right
    thresholds = candidates[chosen].astype(float)
    position_of = {int(index): position for position, index in enumerate(chosen)}
    for index, t in value_at.items():
        thresholds[position_of[index]] = t
    marks_out = {position_of[index]: ", ".join(names) for index, names in names_at.items()}
    tp, fp = tps[chosen], fps[chosen]
    # Shown: the named value where one was given; above every score, "above" the highest score; else the shortest
    # decimal with the counts of that candidate (above the next lower distinct score; the lowest has none below).
    named_positions = {position_of[index] for index in value_at}

    def label(position, index):
        if index == 0 and thresholds[position] == candidates[0]:
            return "threshold_above", repr(float(candidates[1]))
        if position in named_positions:
            return "threshold", repr(float(thresholds[position]))
        return "threshold", short_threshold(candidates[index + 1] if index < last else -np.inf, candidates[index])

    labels = tuple(label(position, int(index)) for position, index in enumerate(chosen))
    if named:
        start_position = position_of[_candidate_index(ascending, named[0][1])]
    else:
        tpr = tp / scores.positives if scores.positives else np.zeros(len(tp))
        fpr = fp / scores.negatives if scores.negatives else np.zeros(len(fp))
        j = tpr - fpr
        start_position = int(np.flatnonzero(j == j.max())[-1])  # ties: the highest threshold
    return ExplorerData(thresholds=thresholds, tp=tp, fp=fp, positives=int(scores.positives),
                        negatives=int(scores.negatives), distinct=len(candidates), start=int(start_position),
                        marks=dict(sorted(marks_out.items())), labels=labels)


def explorer_spec(prevalence: float | None, start: int = 0) -> dict:
    """The Vega-Lite specification of the two charts: ROC (6.3.6) and precision–recall (6.3.7).

    Built with Altair.  Its data is the named dataset ``curve`` (one row per
    slider position: ``k``, ``fpr``, ``tpr``, ``recall``, ``precision``),
    which the page's script fills from the embedded counts; the operating
    point is the row whose ``k`` equals the signal ``position``; numbers on the axes are written in the
    active language (:func:`number_locale`).  Dashed:
    chance (the diagonal; precision equal to the ``prevalence``).  The
    ``$schema`` address is dropped: the page names no external URL.
    """
    import altair as alt

    position = alt.param(name=POSITION_SIGNAL, value=int(start))
    curve = alt.Chart(alt.NamedData(name="curve"))
    unit = alt.Scale(domain=[0, 1], nice=False)
    chance = dict(strokeDash=[4, 4], color="#999", strokeWidth=1)

    def panel(x, y, x_title, y_title, title, name, chance_layer):
        axes = dict(x=alt.X(f"{x}:Q", scale=unit, title=x_title), y=alt.Y(f"{y}:Q", scale=unit, title=y_title))
        line = curve.mark_line(strokeWidth=1.8, color="#1f77b4").encode(**axes, order="k:Q")
        point = (curve.mark_point(filled=True, size=110, color="#d62728", stroke="black", strokeWidth=1, opacity=1)
                 .encode(**axes).transform_filter(f"datum.k == {POSITION_SIGNAL}").properties(name=name))
        layers = [line, point] if chance_layer is None else [chance_layer, line, point]
        return alt.layer(*layers).properties(width=CHART_WIDTH, height=CHART_HEIGHT, title=title)

    one_row = alt.Data(values=[{}])
    roc_chance = alt.Chart(one_row).mark_rule(**chance).encode(
        x=alt.datum(0), y=alt.datum(0), x2=alt.datum(1), y2=alt.datum(1))
    pr_chance = None
    if prevalence is not None:
        pr_chance = alt.Chart(one_row).mark_rule(**chance).encode(
            x=alt.datum(0), x2=alt.datum(1), y=alt.datum(float(prevalence)))
    charts = alt.hconcat(
        panel("fpr", "tpr", _("false positive rate"), _("true positive rate (recall)"), _("ROC curve (6.3.6)"),
              "roc_point", roc_chance),
        panel("recall", "precision", _("recall"), _("precision"), _("Precision–recall curve (6.3.7)"), "pr_point",
              pr_chance),
    ).add_params(position).configure_title(fontSize=12).configure_axis(titleFontSize=11, labelFontSize=10, aria=False)
    spec = charts.to_dict()
    spec.pop("$schema", None)
    spec.setdefault("config", {})["locale"] = {"number": number_locale()}
    # the charts' name for a screen reader in its words (Vega's default reads "Vega visualization"; its axis
    # descriptions, in English only, are left out: the slider and the two tables say the same)
    spec["description"] = _("ROC and precision–recall curves of the model, with its operating point at the "
                            "slider's threshold")
    return spec


def number_locale() -> dict:
    """The d3 number locale of the active language, so the charts' axes write numbers as the tables do (0,5 in
    Russian); beyond TS 4213: presentation only."""
    sign = decimal_sign()
    return {"decimal": sign, "thousands": "\u00a0" if sign == "," else ",", "grouping": [3], "currency": ["", ""]}


def _script() -> str:
    return (resources.files("iso4213_nb") / "figures" / "vega_explorer.js").read_text(encoding="utf-8")


def _json_for_html(value) -> str:
    """JSON that can sit inside a ``<script>`` element: ``<``, ``>`` and ``&`` are written as escapes."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def words() -> dict:
    """The words and decimal sign the page's script writes on every slider move (6.2.4, 6.3.6), in the active language."""
    return {"threshold": _("threshold {value}"), "threshold_above": _("threshold above {value}"),
            "above": _(", above every score: no sample is predicted positive"),
            "marked": _(" (marked: {marks})"), "undefined": _("undefined"),
            "decimal": decimal_sign(), "chart": _("chart"),
            **{code: reasons.words(code) for code in _REASONS},
            "no_charts": _("The curves need the Vega libraries, which the exported report and the book load from "
                           "their own files; here only the numbers follow the slider."),
            "chart_error": _("The curves could not be drawn: {error}")}


def describe_threshold(data: ExplorerData, position: int) -> str:
    """The words the page shows for a slider position (the script writes the same for every move) (6.3)."""
    key, value = data.labels[position]
    said = words()
    text = said[key].format(value=with_decimal_sign(value))
    if position == data.offered - 1 and data.tp[position] + data.fp[position] == 0:
        text += said["above"]
    if position in data.marks:
        text += said["marked"].format(marks=data.marks[position])
    return text


def _note(data: ExplorerData) -> str:
    if data.offered == data.distinct:
        which = _("all {distinct} thresholds that give different counts (every distinct score and one above the "
                  "largest)").format(distinct=data.distinct)
    else:
        which = _("{offered} of the {distinct} thresholds that give different counts, spread evenly along the ROC "
                  "curve, plus both ends and the named thresholds; the curves are drawn through these points").format(
            offered=data.offered, distinct=data.distinct)
    return _("The slider offers {which}. The counts and measures are exact at each of these {offered} positions. A "
             "sample is predicted positive when its score is at or above the threshold; a measure whose denominator "
             "is zero shows as undefined.").format(which=which, offered=data.offered)


def explorer_html(name, scores: BinaryScores, *, marks: Mapping[str, float] | None = None, start: float | None = None,
                  max_positions: int = MAX_POSITIONS) -> str:
    """One explorer as HTML: the slider, the two tables filled at the start position, the embedded data (6.3).

    The style and the script come once per page fragment, from :func:`explorers_html`.
    Arguments as :func:`explorer_data`; ``name`` is the model's name (user text, escaped).
    """
    data = explorer_data(scores, marks=marks, start=start, max_positions=max_positions)
    prevalence = scores.positives / scores.n if scores.positives else None
    payload = {**data.to_json(), "spec": explorer_spec(prevalence, data.start), "words": words()}
    payload_json = _json_for_html(payload)
    ident = "iso4213-marks-" + hashlib.sha256(f"{name}\0{payload_json}".encode()).hexdigest()[:12]
    shown = html.escape(str(name))
    counts = data.counts(data.start)
    threshold = html.escape(repr(float(data.thresholds[data.start])))
    ticks = "".join(f'<option value="{p}" label="{html.escape(label)}"></option>' for p, label in data.marks.items())
    heads = [html.escape(t) for t in (_("Confusion matrix (6.2.2)"), _("actual positive"), _("actual negative"),
                                      _("predicted positive"), _("predicted negative"))]
    matrix = (f'<table class="iso4213-explorer-matrix" data-threshold="{threshold}">'
              f"<caption>{heads[0]}</caption>"
              f'<tr><td></td><th scope="col">{heads[1]}</th><th scope="col">{heads[2]}</th></tr>'
              f'<tr><th scope="row">{heads[3]}</th><td data-measure="tp">{counts.tp}</td>'
              f'<td data-measure="fp">{counts.fp}</td></tr>'
              f'<tr><th scope="row">{heads[4]}</th><td data-measure="fn">{counts.fn}</td>'
              f'<td data-measure="tn">{counts.tn}</td></tr></table>')
    rows = "".join(f'<tr><th scope="row">{html.escape(measure_name(entry))}</th><td data-measure="{key}">'
                   f'{number(function(counts), DECIMALS)}</td><td class="iso4213-explorer-formula">'
                   f'{html.escape(REGISTRY[entry].formula)}, {REGISTRY[entry].clause}</td></tr>'
                   for key, entry, function in MEASURES)
    caption = html.escape(_("Measures at this threshold"))
    table = (f'<table class="iso4213-explorer-measures" data-threshold="{threshold}">'
             f"<caption>{caption}</caption>{rows}</table>")
    head = html.escape(_("{model}: move the threshold")).format(model=f"<b>{shown}</b>")
    label = html.escape(_("threshold of {model}")).format(model=shown)
    placeholder = html.escape(_("The ROC and precision–recall curves are drawn here by Vega-Lite when the page runs "
                                "its scripts."))
    return (f'<div class="iso4213-explorer tex2jax_ignore" data-model="{shown}">'
            f'<p class="iso4213-explorer-head">{head}</p>'
            '<div class="iso4213-explorer-controls">'
            f'<input type="range" name="threshold" min="0" max="{data.offered - 1}" step="1" value="{data.start}" '
            f'list="{ident}" aria-label="{label}" '
            f'aria-valuetext="{html.escape(describe_threshold(data, data.start))}">'
            f'<datalist id="{ident}">{ticks}</datalist>'
            f'<output aria-live="polite">{html.escape(describe_threshold(data, data.start))}</output></div>'
            f'<p class="iso4213-explorer-note">{html.escape(_note(data))}</p>'
            '<div class="iso4213-explorer-body">'
            f'<div class="iso4213-explorer-charts">{placeholder}</div>'
            f'<div class="iso4213-explorer-tables">{matrix}{table}</div></div>'
            f'<script type="application/json" class="iso4213-explorer-data">{payload_json}</script></div>')


def explorers_html(models: Mapping[str, BinaryScores], *, marks: Mapping[str, Mapping[str, float]] | None = None,
                   start: float | None = None, max_positions: int = MAX_POSITIONS) -> str:
    """One explorer per model, with the style and the script once: the fragment a notebook cell displays (6.3).

    Parameters
    ----------
    models : ``{name: BinaryScores}``.
    marks : ``{name: {mark name: threshold}}``, named thresholds per model (optional).
    start, max_positions : as :func:`explorer_data`, for every model.
    """
    marks = marks or {}
    parts = [explorer_html(name, scores, marks=marks.get(name), start=start, max_positions=max_positions)
             for name, scores in models.items()]
    return STYLE + "".join(parts) + f"<script>{_script()}</script>"
