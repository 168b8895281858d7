"""HTML fragments of a report, built from the dict of :func:`iso4213_nb.report.content.build`.

The report notebook displays these fragments; each takes the report dict
(or a part of it) and returns a string of HTML.  Every value that comes from
the user (title, class labels, model and file names, checklist answers) goes
through :func:`html.escape` or :func:`iso4213_nb.tables.html_table`, which
escapes every cell.  User text sits inside ``tex2jax_ignore`` blocks so that
MathJax never typesets it.
"""

from __future__ import annotations

import html

from ..tables import format_value, html_table

STYLE = """<style>
.iso-report table { border-collapse: collapse; margin: 0.5em 0 1em; font-size: 0.92em; }
.iso-report th, .iso-report td { border: 1px solid #bbb; padding: 0.2em 0.5em; text-align: left !important; }
.iso-report caption { font-weight: bold; text-align: left; padding: 0.3em 0; }
.iso-report .status-filled { color: #1a6e1a; font-weight: bold; }
.iso-report .status-automatic { color: #1f4e8c; font-weight: bold; }
.iso-report .status-missing { color: #b00020; font-weight: bold; }
.iso-report p.reading { max-width: 60em; }
@media print { .iso-report table { page-break-inside: avoid; } }
</style>"""

_STATUS_CLASS = {"filled": "status-filled", "filled automatically": "status-automatic", "missing": "status-missing"}


def _wrap(body: str) -> str:
    return f'<div class="iso-report tex2jax_ignore">{body}</div>'


def _text(value) -> str:
    return html.escape(str(value))


def _number(value, decimals: int = 4) -> str:
    return format_value(value, decimals=decimals)


def header(report: dict) -> str:
    """Title, input files, date and tool version."""
    inp = report["input"]
    source = "the bundled demo" if inp["demo"] else "the user's predictions file"
    rows = [
        ["predictions file", f"{inp['predictions']} ({source})"],
        ["meta file (--meta)", inp["meta"] or "none given"],
        ["test samples", str(inp["n"])],
        ["classes (samples)", ", ".join(f"{k} ({v})" for k, v in inp["class_counts"].items())],
        ["positive class", "not applicable (multi-class)" if inp["positive"] is None else str(inp["positive"])],
        ["models", ", ".join(inp["models"])],
        ["generated (UTC)", report["generated_utc"]],
        ["tool", f"{report['tool']['name']} {report['tool']['version']}, {report['tool']['standard']}"],
    ]
    return STYLE + _wrap(f"<h1>{_text(report['title'])}</h1>" + html_table(rows, ["input", "value"], caption="Report input"))


def status_table(report: dict) -> str:
    """Every reported item with its clause and status (filled / filled automatically / missing)."""
    parts = ["<table><caption>Clause 8 and the other reporting requirements, item by item</caption>",
             "<thead><tr><th>clause</th><th>item</th><th>status</th></tr></thead><tbody>"]
    for item in report["items"]:
        css = _STATUS_CLASS[item["status"]]
        parts.append(f"<tr><td>{_text(item['clause'])}</td><td>{_text(item['text'])}</td>"
                     f'<td class="{css}" data-item="{_text(item["id"])}">{_text(item["status"])}</td></tr>')
    parts.append("</tbody></table>")
    return _wrap("".join(parts))


def answers(report: dict, sections: tuple[str, ...]) -> str:
    """The checklist answers of the given sections, each marked missing when the meta file leaves it out."""
    rows = []
    for entry in report["checklist"]:
        if entry["key"].split(".", 1)[0] in sections:
            rows.append([f"{entry['clause']}", entry["prompt"], entry["answer"] or "missing"])
    return _wrap(html_table(rows, ["clause", "asks for", "answer (from --meta)"]))


def operating_points(report: dict, model: str) -> str:
    """True/false positive counts at the representative operating points of one model."""
    rows = [[p["name"] if p.get("label") is None else f"class {p['label']} vs rest", p["rule"],
             "" if p["threshold"] is None else _number(p["threshold"]),
             p["tp"], p["fp"], p["tn"], p["fn"], _number(p["tpr"]), _number(p["fpr"])]
            for p in report["models"][model]["operating_points"]]
    header = ["operating point", "how it is chosen", "threshold", "TP", "FP", "TN", "FN", "TPR", "FPR"]
    return _wrap(html_table(rows, header, caption=f"Counts at operating points: {model}"))


def _ci(interval: dict | None) -> str:
    if interval is None or interval["low"] is None:  # undefined; the reason is in the intervals table (5.1)
        return "undefined"
    return f"[{_number(interval['low'])}, {_number(interval['high'])}]"


def measures(report: dict, model: str) -> str:
    """The clause-6 measures of one model, with 95 % intervals where the report computes them."""
    m = report["models"][model]
    a, intervals = m["assessment"], m["intervals"]
    accuracy = intervals.get("accuracy")  # none for a weighted file: the interval has no weighted form
    rows = [["accuracy (6.2.3)", _number(a["accuracy"]), _ci(accuracy), accuracy["method"] if accuracy else ""],
            ["Cohen's kappa (5.3.9)", _number(a["cohen_kappa"]), "", ""]]
    for key, clause in (("auroc", "6.3.6"), ("average_precision", "6.3.7"), ("auprc_trapezoid", "6.3.7")):
        if key in a:
            interval = intervals.get(key)
            rows.append([f"{key.replace('_', ' ')} ({clause})", _number(a[key]),
                         _ci(interval) if interval else "", interval["method"] if interval else ""])
    if report["input"]["positive"] is not None:
        positive = str(report["input"]["positive"])
        per = next(v for k, v in a["per_class"].items() if str(k) == positive)
        for key, clause in (("recall", "6.2.4"), ("specificity", "6.2.4"), ("precision", "6.2.4"), ("f1", "6.2.5")):
            interval = intervals.get(key)
            rows.append([f"{key} of class {positive} ({clause})", _number(per.get(key)),
                         _ci(interval) if key in intervals else "", interval["method"] if interval else ""])
    table = html_table(rows, ["measure", "value", f"{round(report['confidence_level'] * 100)} % interval", "method"],
                       caption=f"Clause-6 measures: {model}")
    return _wrap(table + per_class(report, model))


def per_class(report: dict, model: str) -> str:
    """Per-class measures and their averages (6.4.2, 6.4.3)."""
    a = report["models"][model]["assessment"]
    names = ["precision", "recall", "specificity", "f1", "binary_accuracy"]
    rows = [[str(label)] + [_number(values.get(n)) for n in names] for label, values in a["per_class"].items()]
    for method, values in a["averages"].items():
        rows.append([f"{method} average"] + [_number(values.get(n)) for n in names])
    table = html_table(rows, ["class"] + [n.replace("_", " ") for n in names],
                       caption=f"Per-class measures and averages (6.4.2, 6.4.3): {model}")
    notes = "".join(f"<li>{_text(u)}</li>" for u in a.get("undefined", []))
    return table + (f"<p>Undefined values and why:</p><ul>{notes}</ul>" if notes else "")


def confusion(report: dict, model: str) -> str:
    """The confusion matrix of one model, true classes in rows."""
    cm = report["models"][model]["confusion_matrix"]
    rows = [[f"true {label}"] + row for label, row in zip(cm["labels"], cm["counts"])]
    return _wrap(html_table(rows, [""] + [f"predicted {label}" for label in cm["labels"]],
                            caption=f"Confusion matrix, true classes in rows: {model}"))


def comparisons(report: dict) -> str:
    """Pairwise significance tests with their adjusted p-values and readings."""
    comp = report["comparisons"]
    parts = [f"<p>{_text(comp['statement'])}</p>"]
    if comp["tests"]:
        rows = [[" vs ".join(t["models"]), t["measure"], t["name"], _number(t["statistic"]),
                 _number(t["pvalue"]), _number(t["adjusted_pvalue"]),
                 "undefined" if t["rejected"] is None else ("yes" if t["rejected"] else "no")]
                for t in comp["tests"]]
        parts.append(html_table(rows, ["models", "compares", "test", "statistic", "p-value", "adjusted p (Holm)",
                                       "significant"], caption="Clause-7 comparisons between models"))
        parts += [f'<p class="reading"><b>{_text(" vs ".join(t["models"]))}, {_text(t["name"])}:</b> '
                  f"{_text(t['reading'])}</p>" for t in comp["tests"]]
    return _wrap("".join(parts))


def environment(report: dict) -> str:
    """The captured test environment and the meta file's own statement of it."""
    env = report["environment"]
    parts = []
    if env:
        rows = [[key, ", ".join(f"{k} {v}" for k, v in value.items()) if isinstance(value, dict) else str(value)]
                for key, value in env.items()]
        parts.append(html_table(rows, ["component", "version or value"],
                                caption="Captured automatically on the machine that built the report"))
    return _wrap("".join(parts)) + answers(report, ("environment", "acceleration"))


#: Columns of the inference table: key of the timing summary, and its heading.
INFERENCE_COLUMNS = (("samples", "samples"), ("mean_latency_s", "mean latency (s)"),
                     ("p50_latency_s", "median latency (s)"), ("p95_latency_s", "95th percentile (s)"),
                     ("max_latency_s", "max latency (s)"), ("throughput_per_s", "throughput (samples/s)"),
                     ("outputs_match_predictions", "outputs equal the file's labels"))


def inference(report: dict) -> str:
    """Inference duration per model, or why it is missing."""
    inf = report["inference"]
    if not inf:
        return _wrap("<p>Missing: the report was built from stored predictions, with no model to time. "
                     "Supply the inference duration measured where the model runs.</p>")
    rows = [[name] + [_number(values[key], 6) if not isinstance(values[key], bool) else
                      ("yes" if values[key] else "no") for key, _ in INFERENCE_COLUMNS]
            for name, values in inf["models"].items()]
    table = html_table(rows, ["model"] + [title for _, title in INFERENCE_COLUMNS], caption="Inference duration")
    return _wrap(f"<p>{_text(inf['description'])}</p>" + table)
