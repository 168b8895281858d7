"""HTML fragments of a report, built from the dict of :func:`iso4213_nb.report.content.build`.

The report notebook displays these fragments; each takes the report dict
(or a part of it) and returns a string of HTML.  Every value that comes from
the user (title, class labels, model and file names, checklist answers) is
escaped (:func:`escaped`, or :func:`iso4213_nb.figures.tables.html_table` for
every cell) and sits inside a :func:`wrap` block that MathJax never typesets.
Words and numbers are in the active language (:mod:`iso4213_nb.words.i18n`,
:mod:`.words`), so one ``report.json`` renders in any catalogued language.
"""

from __future__ import annotations

import html

from ..controls.checklist import REPORT_ITEMS
from ..measures.registry import clause
from ..words.i18n import N_, _, level_percent, number, significant
from ..words.intervals import method_name
from ..words.measures import average_name, label as measure_label, name as measure_name
from ..figures.tables import html_frame, html_table
from . import words

STYLE = """<style>
.iso-report table { border-collapse: collapse; margin: 0.5em 0 1em; font-size: 0.92em; }
.iso-report th, .iso-report td { border: 1px solid #bbb; padding: 0.2em 0.5em; text-align: left !important; }
.iso-report caption { font-weight: bold; text-align: left; padding: 0.3em 0; }
.iso-report .status-filled { color: #1a6e1a; font-weight: bold; }
.iso-report .status-automatic { color: #1f4e8c; font-weight: bold; }
.iso-report .status-missing { color: #b00020; font-weight: bold; }
.iso-report p.reading { max-width: 60em; }
@page { size: A4; margin: 12mm; }
@media print {
  .iso-report table { page-break-inside: avoid; max-width: 100%; font-size: 0.8em; }
  .iso-report th, .iso-report td { padding: 0.15em 0.3em; }
  .iso-report th { overflow-wrap: anywhere; }
  .jp-OutputArea-output, .jp-OutputArea-child, .jp-RenderedHTMLCommon { overflow: visible !important; }
  .jp-OutputPrompt, .jp-InputPrompt { display: none !important; }
}
</style>"""

_STATUS_CLASS = {"filled": "status-filled", "filled automatically": "status-automatic", "missing": "status-missing"}


def wrap(body: str) -> str:
    """``body`` (HTML) in the report's style, where MathJax typesets nothing: user text stays as typed (clause 8)."""
    return f'<div class="iso-report tex2jax_ignore">{body}</div>'


def escaped(value) -> str:
    """``value`` as text, escaped for HTML (clause 8: user text in the report)."""
    return html.escape(str(value))


def mathtext_safe(value) -> str:
    """``value`` (user text: a model or class name) as a matplotlib label, its dollar signs escaped so that matplotlib
    never reads it as mathtext (clause 8: user text in the report)."""
    return str(value).replace("$", r"\$")


def yes_no(value) -> str:
    """A test's decision or a yes/no cell in words: yes, no, or undefined for None (clause 8)."""
    return _("undefined") if value is None else (_("yes") if value else _("no"))


def header(report: dict, *, with_title: bool = True) -> str:
    """Title (unless ``with_title`` is false: :func:`.render_summary.opening` shows it), input files, date and tool
    version."""
    inp = report["input"]
    source = _("the bundled demo") if inp["demo"] else _("the user's predictions file")
    rows = [
        [_("predictions file"), f"{inp['predictions']} ({source})"],
        [_("meta file (--meta)"), inp["meta"] or _("none given")],
        [_("test samples"), number(inp["n"])],
        [_("classes (samples)"), ", ".join(f"{k} ({number(v)})" for k, v in inp["class_counts"].items())],
        [_("positive class"), _("not applicable (multi-class)") if inp["positive"] is None else str(inp["positive"])],
        [_("models"), ", ".join(inp["models"])],
        [_("generated (UTC)"), report["generated_utc"]],
        [_("tool"), f"{report['tool']['name']} {report['tool']['version']}, {report['tool']['standard']}"],
    ]
    title = f"<h1>{escaped(words.title(report))}</h1>" if with_title else ""
    return STYLE + wrap(title + html_table(rows, [_("input"), _("value")], caption=_("Report input")))


def report_item_rows() -> tuple[list[list[str]], list[str]]:
    """``(rows, header)``: each reporting item of clause 8 (:data:`iso4213_nb.controls.checklist.REPORT_ITEMS`),
    what it states and who fills it, the report from predictions or timings or the assessor, in the active
    language (clause 8)."""
    rows = [[words.item_text(item.id), words.status("computed") if item.computed else _("assessor")]
            for item in REPORT_ITEMS]
    return rows, [_("what it states"), _("who fills it")]


def status_rows(items: list[dict]) -> tuple[list[list[str]], list[str]]:
    """``(rows, header)`` of ``report.json``'s ``items``: each item's clause, what it states and its status
    (filled / filled automatically / missing) in the active language (clause 8)."""
    rows = [[item["clause"], words.item_text(item["id"]), words.status(item["status"])] for item in items]
    return rows, [_("clause"), _("item"), _("status")]


def status_table(report: dict) -> str:
    """Every reported item with its clause and status (filled / filled automatically / missing)."""
    rows, header = status_rows(report["items"])
    body = "".join(f"<tr><td>{escaped(clause_)}</td><td>{escaped(text)}</td>"
                   f'<td class="{_STATUS_CLASS[item["status"]]}" data-item="{escaped(item["id"])}">'
                   f"{escaped(status)}</td></tr>" for item, (clause_, text, status) in zip(report["items"], rows))
    return wrap(html_frame(header, body, _("Clause 8 and the other reporting requirements, item by item")))


def answers(report: dict, sections: tuple[str, ...]) -> str:
    """The checklist answers of the given sections, each marked missing when the meta file leaves it out."""
    rows = [[f"{entry['clause']}", words.prompt(entry["key"]), entry["answer"] or words.status(entry["status"])]
            for entry in report["checklist"] if entry["key"].split(".", 1)[0] in sections]
    return wrap(html_table(rows, [_("clause"), _("asks for"), _("answer (from --meta)")]))


def operating_point_rows(points: list[dict]) -> tuple[list[list[str]], list[str]]:
    """``(rows, header)`` of the operating points of one model (:func:`iso4213_nb.report.content.operating_points`):
    name, how the threshold is chosen, threshold, TP, FP, TN, FN, TPR, FPR in the active language (clause 8, 6.3.6)."""
    rows = [[words.point_name(p), words.rule(p), "" if p["threshold"] is None else number(p["threshold"]),
             number(p["tp"]), number(p["fp"]), number(p["tn"]), number(p["fn"]), number(p["tpr"]),
             number(p["fpr"])]
            for p in points]
    return rows, [_("operating point"), _("how it is chosen"), _("threshold"), "TP", "FP", "TN", "FN", "TPR", "FPR"]


def operating_points(report: dict, model: str) -> str:
    """True/false positive counts at the representative operating points of one model."""
    return wrap(html_table(*operating_point_rows(report["models"][model]["operating_points"]),
                           caption=_("Counts at operating points: {model}").format(model=model)))


def _ci(interval: dict | None) -> str:
    if interval is None or interval["low"] is None:  # undefined; the reason is in the intervals table
        return _("undefined")
    return f"[{number(interval['low'])}, {number(interval['high'])}]"


def measures(report: dict, model: str) -> str:
    """The clause-6 measures of one model, with 95 % intervals where the report computes them."""
    m = report["models"][model]
    a, intervals = m["assessment"], m["intervals"]
    accuracy = intervals.get("accuracy")  # none for a weighted file: the interval has no weighted form
    rows = [[measure_label("accuracy"), number(a["accuracy"]), _ci(accuracy),
             method_name(accuracy["method"]) if accuracy else ""],
            [measure_label("cohen_kappa"), number(a["cohen_kappa"]), "", ""]]
    beyond = ["balanced_accuracy_adjusted"]
    if len(a["labels"]) > 2:  # with two classes both weighted kappas equal Cohen's kappa
        beyond += ["cohen_kappa_linear", "cohen_kappa_quadratic"]
    rows += [[measure_label(key), number(a[key]), "", ""] for key in beyond if key in a]
    for key in ("auroc", "average_precision", "auprc_trapezoid"):
        if key in a:
            interval = intervals.get(key)
            rows.append([measure_label(key), number(a[key]),
                         _ci(interval) if interval else "", method_name(interval["method"]) if interval else ""])
    if report["input"]["positive"] is not None:
        positive = str(report["input"]["positive"])
        per = next(v for k, v in a["per_class"].items() if str(k) == positive)
        for key in ("recall", "specificity", "precision", "f1"):
            interval = intervals.get(key)
            rows.append([_("{measure} of class {label} ({clause})").format(
                             measure=measure_name(key), label=positive, clause=clause(key)),
                         number(per.get(key)), _ci(interval) if key in intervals else "",
                         method_name(interval["method"]) if interval else ""])
    level = _("{percent} % interval").format(percent=level_percent(report["confidence_level"]))
    table = html_table(rows, [_("measure"), _("value"), level, _("method")],
                       caption=_("Clause-6 measures: {model}").format(model=model))
    return wrap(table + per_class(report, model))


def per_class(report: dict, model: str) -> str:
    """Per-class measures and their averages (6.4.2, 6.4.3)."""
    a = report["models"][model]["assessment"]
    names = ["precision", "recall", "specificity", "f1", "binary_accuracy"]
    rows = [[str(label)] + [number(values.get(n)) for n in names] for label, values in a["per_class"].items()]
    for method, values in a["averages"].items():
        rows.append([average_name(method)] + [number(values.get(n)) for n in names])
    table = html_table(rows, [_("class")] + [measure_name(n) for n in names],
                       caption=_("Per-class measures and averages (6.4.2, 6.4.3): {model}").format(model=model))
    notes = "".join(f"<li>{escaped(u)}</li>" for u in words.undefined_notes(a))
    why = _("Undefined values and why:")
    return table + (f"<p>{escaped(why)}</p><ul>{notes}</ul>" if notes else "")


def confusion(report: dict, model: str) -> str:
    """The confusion matrix of one model, true classes in rows, and its rows as shares of each true class."""
    cm = report["models"][model]["confusion_matrix"]
    header = [""] + [_("predicted {label}").format(label=label) for label in cm["labels"]]
    rows = [[_("true {label}").format(label=label)] + [number(c) for c in row]
            for label, row in zip(cm["labels"], cm["counts"])]
    table = html_table(rows, header, caption=_("Confusion matrix, true classes in rows: {model}").format(model=model))
    shares = report["models"][model]["assessment"].get("normalized", {}).get("true")
    if shares is not None:
        rows = [[_("true {label}").format(label=label)] + [number(v) for v in row]
                for label, row in zip(cm["labels"], shares)]
        table += html_table(rows, header, caption=_("The same matrix as shares of each true class (each row adds up "
                                                    "to 1; beyond TS 4213): {model}").format(model=model))
    return wrap(table)


def comparison_rows(tests: list[dict], names: dict | None = None) -> tuple[list[list[str]], list[str]]:
    """``(rows, header)`` of the significance tests of ``report.json``'s ``comparisons``: the two models, what they
    compare, the test, its statistic, p-value, Holm-adjusted p-value and whether it is significant, in the active
    language (clause 8, 7.10).  A model is shown as ``names`` (its name in the file → a name for the reader) gives
    it, else as the file names it."""
    names = names or {}
    rows = [[_(" vs ").join(names.get(m, m) for m in t["models"]), words.measure(t["measure"]), words.test_name(t),
             number(t["statistic"]), number(t["pvalue"]), number(t["adjusted_pvalue"]), yes_no(t["rejected"])]
            for t in tests]
    return rows, [_("models"), _("compares"), _("test"), _("statistic"), _("p-value"), _("adjusted p (Holm)"),
                  _("significant")]


def comparisons(report: dict) -> str:
    """Pairwise significance tests with their adjusted p-values and readings."""
    comp = report["comparisons"]
    versus = _(" vs ")
    parts = [f"<p>{escaped(words.statement(comp))}</p>"]
    if comp["tests"]:
        parts.append(html_table(*comparison_rows(comp["tests"]), caption=_("Clause-7 comparisons between models")))
        parts += [f'<p class="reading"><b>{escaped(versus.join(t["models"]))}, {escaped(words.test_name(t))}:</b> '
                  f"{escaped(words.test_reading(t))}</p>" for t in comp["tests"]]
    return wrap("".join(parts))


def environment(report: dict) -> str:
    """The captured test environment and the meta file's own statement of it."""
    env = report["environment"]
    parts = []
    if env:
        parts.append(html_table(words.environment_rows(env), [_("component"), _("version or value")],
                                caption=_("Captured automatically on the machine that built the report")))
    return wrap("".join(parts)) + answers(report, ("environment", "acceleration"))


#: Columns of the inference table: key of the timing summary, and its heading.
INFERENCE_COLUMNS = (("samples", N_("samples")), ("mean_latency_s", N_("mean latency (s)")),
                     ("p50_latency_s", N_("median latency (s)")), ("p95_latency_s", N_("95th percentile (s)")),
                     ("max_latency_s", N_("max latency (s)")), ("throughput_per_s", N_("throughput (samples/s)")),
                     ("outputs_match_predictions", N_("outputs equal the file's labels")))


def _timing(value) -> str:
    """A cell of the inference table: yes or no, a count, or a time or rate to four significant digits (a
    throughput of 5052 samples/s, a latency of 0.0001234 s; six decimals printed 5051.539340 and 0.000123)."""
    if isinstance(value, bool):
        return yes_no(value)
    return number(value) if isinstance(value, int) else significant(value, 4)


def inference(report: dict) -> str:
    """Inference duration per model, or why it is missing."""
    inf = report["inference"]
    if not inf:
        return wrap("<p>" + escaped(_("Missing: the report was built from stored predictions, with no model to time. "
                                     "Supply the inference duration measured where the model runs.")) + "</p>")
    rows = [[name] + [_timing(values[key]) for key, _title in INFERENCE_COLUMNS] for name, values in inf["models"].items()]
    table = html_table(rows, [_("model")] + [_(title) for _key, title in INFERENCE_COLUMNS],
                       caption=_("Inference duration"))
    return wrap(f"<p>{escaped(words.inference_description(inf))}</p>" + table)
