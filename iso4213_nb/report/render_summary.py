"""The report's one-page summary and its contents list in words and HTML (clause 8).

:func:`summary` renders ``report["summary"]`` (:mod:`iso4213_nb.report.summary`)
in the active language; :func:`contents` leaves the place of the contents list,
which :func:`iso4213_nb.report.export.to_html` fills with a link to every section
heading of the finished page (:func:`fill_contents`), so the list can name no
section the page lacks.  User text is escaped, as in :mod:`.render`.
"""

from __future__ import annotations

import html
import re

from ..figures.tables import html_table
from ..words.i18n import _, level_percent, number
from ..measures.registry import MEASURES
from ..words.measures import label as measure_label, name as measure_name
from ..words.readings import adjustment_name
from ..words.reasons import words as reason_words
from . import words
from .not_given_words import measure_words
from .render import STYLE, escaped, wrap

#: At most this many tests are listed on the summary page; the others are counted and left to section 7.
MAX_TESTS = 8
#: The ``id`` of the summary's heading and of the contents list (links and tests point at them).
SUMMARY_ID, CONTENTS_ID = "summary", "contents"
#: Where :func:`fill_contents` puts the links: after the list's heading, so that heading is not listed.
CONTENTS_PLACE = '<ul data-contents="pending"></ul>'

SUMMARY_STYLE = """<style>
.iso-summary table { margin: 0.3em 0 0.6em; }
.iso-summary td.value { white-space: nowrap; }
.iso-summary ul.warnings { margin: 0.2em 0; padding-left: 1.2em; }
.iso-opening { display: flex; flex-wrap: wrap; align-items: flex-start; gap: 0 2.5em; }
.iso-opening .iso-summary { flex: 1 1 44em; min-width: 0; }
.iso-contents { flex: 0 1 22em; font-size: 0.88em; }
.iso-contents h2 { margin-top: 0.6em; }
.iso-contents ul, .iso-contents ul ul { list-style: none !important; margin: 0.2em 0 0.6em; padding-left: 0; }
.iso-contents ul ul { padding-left: 1.4em; margin: 0; }
.iso-contents li { margin: 0.1em 0; }
@media print {
  .iso-opening { display: block; }
  .iso-summary { font-size: 0.86em; }
  .iso-contents { break-before: page; page-break-before: always; break-after: page; page-break-after: always;
                  font-size: 0.92em; }
  .iso-contents a { color: inherit; text-decoration: none; }
}
</style>"""


def _cell(entry: dict) -> str:
    value = number(entry["estimate"])
    if entry["low"] is not None and entry["high"] is not None:
        return f"{value} [{number(entry['low'])}, {number(entry['high'])}]"
    return value


def _measure(key: str, task: str) -> str:
    text = measure_label(key)
    return _("{measure}, macro average").format(measure=text) if key == "auroc" and task == "multiclass" else text


def headline_table(report: dict) -> str:
    """Headline measures in rows, models in columns: each value with its interval (clause 6, 7.8)."""
    s = report["summary"]
    names = list(s["models"])
    keys = list(dict.fromkeys(e["measure"] for name in names for e in s["models"][name]["headline"]))
    level = _("{percent} % interval").format(percent=level_percent(s["confidence_level"]))
    head = "".join(f"<th>{escaped(h)}</th>" for h in [_("measure"), *names])
    rows = []
    for key in keys:
        cells = []
        for name in names:
            entry = next((e for e in s["models"][name]["headline"] if e["measure"] == key), None)
            cells.append('<td></td>' if entry is None else
                         f'<td class="value" data-model="{escaped(name)}" data-measure="{escaped(key)}">'
                         f"{escaped(_cell(entry))}</td>")
        rows.append(f"<tr><td>{escaped(_measure(key, s['task']))}</td>{''.join(cells)}</tr>")
    caption = _("Headline measures: value [{level}]").format(level=level)
    return (f"<table><caption>{escaped(caption)}</caption><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>")


def _decision(test: dict) -> str:
    return {True: _("significant"), False: _("not significant")}.get(test["rejected"], _("undefined"))


def comparisons_text(report: dict) -> str:
    """The tests with their decisions, α and adjustment; at most :data:`MAX_TESTS` rows (clause 7, 7.10)."""
    comp = report["summary"]["comparisons"]
    if not comp["tests"]:
        return f"<p>{escaped(words.statement(report['comparisons']))}</p>"
    lead = _("{tests} test(s) at α = {alpha}, p-values adjusted together ({method}): {significant} "
             "significant.").format(
        tests=len(comp["tests"]), alpha=number(comp["alpha"], 2), significant=comp["significant"],
        method=adjustment_name(comp["adjustment"]))
    rows = []
    for test in comp["tests"][:MAX_TESTS]:
        entry = report["comparisons"]["tests"][int(test["source"].rsplit("[", 1)[1].rstrip("]"))]
        what = words.measure(test["measure"]) + ("" if test["label"] is None else f" ({test['label']})")
        rows.append([_(" vs ").join(test["models"]), what, words.test_name(entry), number(test["pvalue"]),
                     number(test["adjusted_pvalue"]), _decision(test)])
    table = html_table(rows, [_("models"), _("compares"), _("test"), _("p-value"), _("adjusted p"), _("decision")])
    more = len(comp["tests"]) - MAX_TESTS
    rest = _("… and {n} more tests in section 7.").format(n=more)
    rest = f"<p>{escaped(rest)}</p>" if more > 0 else ""
    return f"<p>{escaped(lead)}</p>{table}{rest}"


def ranking_text(report: dict) -> str:
    """The ranking's decision in one sentence, or that there is none (clause 7)."""
    rk = report["summary"]["ranking"]
    if not rk["applies"]:
        return ""
    groups = "; ".join(", ".join(g) for g in rk["groups"] if len(g) > 1)
    if rk["differ"] is None:
        text = _("Ranking by {measure}: the Friedman test has no p-value.").format(measure=words.measure(rk["measure"]))
    elif rk["differ"]:
        text = _("Ranking by {measure}: the Friedman test finds the models differ (p = {p}, α = {alpha}).").format(
            measure=words.measure(rk["measure"]), p=number(rk["friedman_pvalue"]), alpha=number(rk["alpha"], 2))
    else:
        text = _("Ranking by {measure}: the Friedman test finds no difference between the models (p = {p}, "
                 "α = {alpha}).").format(measure=words.measure(rk["measure"]), p=number(rk["friedman_pvalue"]),
                                         alpha=number(rk["alpha"], 2))
    if groups:
        text += " " + _("Not told apart by the post-hoc test: {groups}.").format(groups=groups)
    return f"<p>{escaped(text)}</p>"


def items_text(report: dict) -> str:
    """How many reported items are filled, filled automatically and missing, the missing ones named (clause 8)."""
    it = report["summary"]["items"]
    total = it["filled"] + it["automatic"] + len(it["missing"])
    text = _("Reported items: {total}; filled {filled}, filled automatically {automatic}, missing {missing}.").format(
        total=total, filled=it["filled"], automatic=it["automatic"], missing=len(it["missing"]))
    if it["missing"]:
        text += " " + _("Missing: {items}.").format(items="; ".join(
            f"{words.item_text(m['id'])} ({m['clause']})" for m in it["missing"]))
    return f"<p>{escaped(text)}</p>"


_TOP_K = re.compile(r"top_(\d+)_accuracy")


def _interval_name(key: str) -> str:
    """The name of an interval's key of ``models.<m>.intervals`` (a registry measure or a top-k accuracy)."""
    if key in MEASURES:
        return measure_name(key)
    top = _TOP_K.fullmatch(key)
    return _("top-{k} accuracy (Annex C)").format(k=top.group(1)) if top else key


def _reason(reason) -> str:
    if isinstance(reason, dict) and reason.get("code"):
        return reason_words(reason["code"], {k: v for k, v in reason.items() if k != "code"})
    return _("reason not recorded")


def warning_lines(report: dict) -> list[str]:
    """One line per warning of the summary; undefined values are counted per model and reason (clause 8, 7.8)."""
    lines, undefined = [], {}
    for w in report["summary"]["warnings"]:
        code = w["code"]
        if code == "undefined_value":
            undefined.setdefault((w["model"], _reason(w["reason"])), []).append(w["where"])
        elif code == "undefined_interval":
            lines.append(_("{model}: no interval for {measure}: {reason}.").format(
                model=w["model"], measure=_interval_name(w["where"]), reason=_reason(w["reason"])))
        elif code == "interval_substituted":
            lines.append(_("{model}, {measure}: interval by another method: {reason}.").format(
                model=w["model"], measure=_interval_name(w["where"]), reason=_reason(w["reason"])))
        elif code == "resamples_undefined":
            lines.append(_("{model}, {measure}: {reason}.").format(
                model=w["model"], measure=_interval_name(w["where"]), reason=reason_words(code, w)))
        elif code == "test_undefined":
            lines.append(_("{models}: the test on {measure} has no p-value.").format(
                models=_(" vs ").join(w["models"]), measure=words.measure(w["measure"])))
        elif code == "small_group" and w["kind"] == "small_cell":
            lines.append(_("{model}: value {value} of {attribute} has counts below {minimum} ({cells}); its tests "
                           "are approximate.").format(
                model=w["model"], value=w["value"], attribute=w["attribute"], minimum=number(w["minimum"]),
                cells=", ".join(f"{k} {number(v, 0)}" for k, v in (w["cells"] or {}).items())))
        elif code == "small_group":
            lines.append(_("{model}: value {value} of {attribute} has only {n} samples; its measures say "
                           "little.").format(
                model=w["model"], value=w["value"], attribute=w["attribute"], n=w["n"]))
        elif code == "weighted":
            lines.append(_("Every number is weighted by the file's weight column; intervals are given only where a "
                           "weighted form exists."))
        elif code == "labels_from_scores":
            lines.append(_("{model}: labels derived from its scores at the threshold {threshold}.").format(
                model=w["model"], threshold=number(w["threshold"])))
        elif code == "labels_from_argmax":
            lines.append(_("{model}: labels are the classes with the highest score (arg-max).").format(
                model=w["model"]))
        elif code == "streamed":
            lines.append(_("Computed from counts read in pieces, not from the rows in memory: see how this report "
                           "was computed."))
        elif code == "not_given":
            lines.append(_("{models}: {measure} not given, or only approximately (see how this report was "
                           "computed).").format(models=", ".join(w["models"]), measure=measure_words(w["measure"])))
        elif code == "binned_auroc":
            lines.append(_("{model}: AUROC from {bins} bins of scores, within {bound} of the exact value.").format(
                model=w["model"], bins=w["bins"], bound=number(w["bound"])))
    lines += [_("{model}: {n} value(s) undefined: {reason}.").format(model=model, n=len(where), reason=reason)
              for (model, reason), where in undefined.items()]
    return lines


def opening(report: dict) -> str:
    """The first screen of the report: its title, then the summary beside the contents list (clause 8)."""
    return STYLE + SUMMARY_STYLE + wrap(f'<h1>{escaped(words.title(report))}</h1>'
                                        f'<div class="iso-opening">{summary(report)}{contents()}</div>')


def summary(report: dict) -> str:
    """The summary section: headline measures, comparisons and ranking, reported items, warnings (clause 8)."""
    s = report["summary"]
    if s["task"] == "binary":
        task = _("Binary task, positive class {positive}; {n} test samples.").format(
            positive=report["input"]["positive"], n=number(report["input"]["n"]))
    elif s["task"] == "multiclass":
        task = _("Multi-class task, {k} classes; {n} test samples.").format(
            k=len(report["input"]["labels"]), n=number(report["input"]["n"]))
    else:
        task = _("Multi-label task; {n} test samples.").format(n=number(report["input"]["n"]))
    lines = warning_lines(report)
    if lines:
        notes = ("<p><b>" + escaped(_("Read the numbers with these warnings:")) + '</b></p><ul class="warnings">'
                 + "".join(f"<li>{escaped(line)}</li>" for line in lines) + "</ul>")
    else:
        text = _("No warning: every value and interval is defined and computed from the rows.")
        notes = f"<p>{escaped(text)}</p>"
    heading = _("Summary")
    body = (f'<h2 id="{SUMMARY_ID}">{escaped(heading)}</h2><p>{escaped(task)}</p>' + headline_table(report)
            + comparisons_text(report) + ranking_text(report) + items_text(report) + notes)
    return f'<section class="iso-summary">{body}</section>'


def contents() -> str:
    """The contents list's heading and the place of its links, filled by :func:`fill_contents` once the page is
    exported (clause 8)."""
    heading = _("Contents")
    return f'<nav class="iso-report iso-contents" id="{CONTENTS_ID}"><h2>{escaped(heading)}</h2>{CONTENTS_PLACE}</nav>'


_HEADING = re.compile(r"<h([23])([^>]*)>(.*?)</h\1>", re.S)
_ID = re.compile(r'\bid="([^"]*)"')
_TAGS = re.compile(r"<[^>]+>")
_ANCHOR_LINK = re.compile(r'<a class="anchor-link"[^>]*>.*?</a>', re.S)


def fill_contents(page: str) -> str:
    """``page`` (the exported HTML) with the list placed by :func:`contents` filled: a link to every ``h2`` and
    ``h3`` heading after it, each given an ``id`` where it has none; ``page`` unchanged without the place
    (clause 8)."""
    at = page.find(CONTENTS_PLACE)
    if at < 0:
        return page
    head, tail = page[:at], page[at + len(CONTENTS_PLACE):]
    entries, used = [], set(_ID.findall(page))

    def anchor(match: re.Match) -> str:
        level, attributes, inner = match.group(1), match.group(2), match.group(3)
        found = _ID.search(attributes)
        if found is None:
            ident = f"section-{len(entries) + 1}"
            while ident in used:
                ident += "-"
            used.add(ident)
            attributes += f' id="{ident}"'
        else:
            ident = found.group(1)
        text = html.unescape(_TAGS.sub("", _ANCHOR_LINK.sub("", inner))).strip()
        entries.append((int(level), ident, text))
        return f"<h{level}{attributes}>{inner}</h{level}>"

    tail = _HEADING.sub(anchor, tail)
    items, open_sub = [], False
    for level, ident, text in entries:
        link = f'<a href="#{html.escape(ident)}">{html.escape(text)}</a>'
        if level == 3 and items:
            items.append(("" if open_sub else "<ul>") + f"<li>{link}</li>")
            open_sub = True
        else:
            items.append(("</ul></li>" if open_sub else ("</li>" if items else "")) + f"<li>{link}")
            open_sub = False
    listed = "".join(items) + ("</ul></li>" if open_sub else ("</li>" if items else ""))
    return head + f"<ul>{listed}</ul>" + tail
