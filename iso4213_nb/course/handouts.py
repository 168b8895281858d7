"""Printable handouts of the course: a one-page sheet of the measures and an exercise sheet, as HTML and PDF.

``iso4213-nb [--lang ru] course handouts DIR`` writes, in the language of ``--lang``:

* ``measures.<lang>.html`` / ``.pdf``: every measure of :data:`iso4213_nb.measures.registry.MEASURES` with its
  clause of TS 4213 (or the source of one beyond it), symbol, formula and which direction is better, on one
  A4 page in landscape;
* ``exercises.<lang>.html`` / ``.pdf``: the exercises of every notebook in course order, with their kind
  (number, choice, prediction) and room to write, for learners who like paper beside the screen.

The PDFs are printed by the same headless browser as the report (:func:`iso4213_nb.report.export.to_pdf`).
English and Russian files sit side by side; nothing else in ``DIR`` is touched.

Beyond TS 4213: the trainer's kit of the course (the measures' clauses are those of clause 6).
"""

from __future__ import annotations

import html
from pathlib import Path

from ..measures.registry import MEASURES
from ..words.catalogue import formula_has_words
from ..words.i18n import N_, _, current_language
from ..words.measures import name
from .contents import COURSE
from .exercise_bank import kind_of

KIND_WORDS = {"number": N_("number"), "choice": N_("choice"), "predict": N_("prediction")}
_STYLE = """
@page { size: A4 landscape; margin: 7mm; }
body { font: 7pt/1.12 "DejaVu Sans", Arial, sans-serif; margin: 0; color: #111; }
h1 { font-size: 12pt; margin: 0 0 3pt; } h2 { font-size: 10pt; margin: 8pt 0 2pt; break-after: avoid; }
p { margin: 0 0 4pt; } table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 0.4pt solid #bbb; padding: 0.5pt 3pt; text-align: left; vertical-align: top; }
th { background: #eee; } table.measures { table-layout: fixed; } small { color: #444; } .columns { columns: 2; column-gap: 8mm; } td.blank { width: 35%; }
.exercises { font-size: 9pt; } .exercises td { padding: 4pt 3pt; } section { break-inside: avoid; }
"""


_WIDTHS = "<colgroup>" + "".join(f'<col style="width:{w}%">' for w in (26, 20, 13, 33, 8)) + "</colgroup>"


def _page(title: str, body: str) -> str:
    lang = current_language()
    return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
            f"<style>{_STYLE}</style></head><body><h1>{html.escape(title)}</h1>{body}</body></html>")


def measures_sheet() -> str:
    """The one-page sheet of the measures, as a complete HTML page in the active language.

    Beyond TS 4213: the trainer's kit (the measures of clause 6 and their clauses, read from the registry).
    """
    rows = []
    for entry in MEASURES.values():
        where = html.escape(entry.clause) if entry.clause else "<small>" + html.escape(
            _("beyond TS 4213: {source}").format(source=entry.source)) + "</small>"
        formula = _(entry.formula) if formula_has_words(entry.formula) else entry.formula
        better = _("higher") if entry.better == "higher" else _("lower")
        cells = [html.escape(name(entry.key)), where, *map(html.escape, (entry.symbol, formula, better))]
        rows.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
    head = "".join(f"<th>{html.escape(h)}</th>" for h in (
        _("measure"), _("clause"), _("symbol"), _("formula"), _("better")))
    intro = _("TP, FP, FN, TN: the counts of one class against the rest at one threshold; N: all samples. "
              "A measure whose denominator is 0 is undefined, not 0.")
    return _page(_("The measures of ISO/IEC TS 4213, with their clauses"),
                 f"<p>{html.escape(intro)}</p><div class='columns'><table class='measures'>{_WIDTHS}<thead><tr>{head}</tr></thead>"
                 f"<tbody>{''.join(rows)}</tbody></table></div>")


def exercise_sheet() -> str:
    """The exercise sheet: every notebook's exercises with their kind and room for the answer, as HTML.

    Beyond TS 4213: the trainer's kit of the course.
    """
    sections = []
    for lesson in COURSE:
        rows = "".join(
            f"<tr><td>{html.escape(key)}</td><td>{html.escape(_(label))}</td>"
            f"<td>{html.escape(_(KIND_WORDS[kind_of(key) or 'number']))}</td><td class='blank'></td></tr>"
            for key, label in lesson.exercises)
        sections.append(f"<section><h2>{html.escape(lesson.code)} · {html.escape(_(lesson.title))}</h2>"
                        f"<table><tbody>{rows}</tbody></table></section>")
    intro = _("Predict first, then check in the notebook; write down what surprised you.")
    return _page(_("Exercises of the course"), f"<div class='exercises'><p>{html.escape(intro)}</p>"
                                               f"{''.join(sections)}</div>")


def write_handouts(folder, *, pdf: bool = True, browser_path: str | None = None) -> list[Path]:
    """Write both handouts into ``folder`` (created when missing) in the active language; with ``pdf``, print each to
    PDF beside its HTML.  Returns the files written.

    Beyond TS 4213: the trainer's kit of the course.
    """
    from ..report.export import to_pdf

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for stem, page in (("measures", measures_sheet()), ("exercises", exercise_sheet())):
        path = folder / f"{stem}.{current_language()}.html"
        path.write_text(page, encoding="utf-8")
        written.append(path)
        if pdf:
            written.append(to_pdf(path, browser_path=browser_path))
    return written
