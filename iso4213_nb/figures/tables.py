"""Text and HTML tables of measures (presentation layer).

Values are formatted by :func:`format_value`: undefined measures print as
``undefined``, percentages and the decimal comma of the printed standards
(90,61 rather than 90.61) are options.  :func:`html_table` escapes every
cell, header and caption, so labels taken from a user's file cannot inject
markup.
"""

from __future__ import annotations

import html
import math
from numbers import Integral, Real

from ..core.errors import InputError
from ..measures import counts as measures
from ..measures.confusion import AVERAGED, AVERAGES, ConfusionMatrix
from ..words.i18n import N_, _, number, pgettext, significant, undefined_word
from ..words.measures import name as measure_name
from ..core.undefined import Undefined

#: The names of the three averages over classes (6.4.3), as column heads.
AVERAGE_NAMES = {"macro": N_("macro"), "weighted": N_("weighted"), "micro": N_("micro")}


def format_value(value, decimals: int = 2, percent: bool = False, decimal_comma: bool = False) -> str:
    """One table cell as text (Tables A.2–A.4).

    Parameters
    ----------
    value : a number, an :class:`Undefined`, or anything else (printed with ``str``).
    decimals : digits after the decimal separator for non-integer numbers.
    percent : multiply by 100 (a fraction 0.9061 prints as 90.61).
    decimal_comma : use a comma as decimal separator, as the standards print.

    Integers print without decimals (counts stay counts) unless ``percent``
    is set; ``Undefined``, ``None`` and NaN print as ``undefined``.
    """
    if value is None or isinstance(value, Undefined):
        return undefined_word()
    if isinstance(value, bool) or not isinstance(value, Real):
        return str(value)
    if isinstance(value, Integral) and not percent:
        return str(int(value))
    number = float(value)
    if math.isnan(number):
        return undefined_word()
    if percent:
        number *= 100
    text = f"{number:.{decimals}f}"
    return text.replace(".", ",") if decimal_comma else text


def _cells(rows: list[list], header: list[str], fmt: dict) -> tuple[list[str], list[list[str]]]:
    head = [str(h) for h in header]
    body = [[c if isinstance(c, str) else format_value(c, **fmt) for c in row] for row in rows]
    for i, row in enumerate(body, start=1):
        if len(row) != len(head):
            raise InputError("tables.ragged_row", row=i, cells=len(row), width=len(head))
    return head, body


def _looks_numeric(cell: str) -> bool:
    if cell in ("undefined", undefined_word()):
        return True
    try:
        float(cell.replace(",", "."))
    except ValueError:
        return False
    return True


def text_table(rows: list[list], header: list[str], **fmt) -> str:
    """A plain-text table with aligned columns: text left-aligned, numbers (and "undefined") right-aligned.

    ``rows`` is a list of rows of cells; non-string cells go through
    :func:`format_value` with the keyword arguments ``fmt`` (``decimals``,
    ``percent``, ``decimal_comma``).

    Tables A.2–A.4.
    """
    head, body = _cells(rows, header, fmt)
    numeric = [all(_looks_numeric(row[j]) for row in body) for j in range(len(head))]
    widths = [max(len(r[j]) for r in [head, *body]) for j in range(len(head))]

    def line(cells):
        return "  ".join(c.rjust(w) if num else c.ljust(w) for c, w, num in zip(cells, widths, numeric)).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(head), rule, *(line(r) for r in body)])


def html_table(rows: list[list], header: list[str], caption: str | None = None, **fmt) -> str:
    """An HTML ``<table>``; every cell, header and the caption are escaped with :func:`html.escape` (Tables A.2–A.4)."""
    head, body = _cells(rows, header, fmt)
    return html_frame(head, "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>"
                                    for row in body), caption)


def html_frame(header: list[str], body: str, caption: str | None = None, attributes: str = "") -> str:
    """An HTML ``<table>`` (with ``attributes``, e.g. ``" class='x'"``) of ``body``, its rows already written as HTML,
    under the escaped ``header`` cells and the escaped ``caption`` if one is given (Tables A.2–A.4)."""
    caption_html = "" if caption is None else f"<caption>{html.escape(str(caption))}</caption>"
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    return f"<table{attributes}>{caption_html}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _percent(value) -> str:
    return number(value if isinstance(value, Undefined) else 100 * value, 2)


def class_count_rows(cm: ConfusionMatrix) -> tuple[list[list], list[str]]:
    """``(rows, header)``: each class against the rest, its TP, FP, FN and TN, one row per class (6.4.2, 6.2.1)."""
    rows = [[str(label), *(cm.binary(label)[key] for key in ("tp", "fp", "fn", "tn"))] for label in cm.labels]
    return rows, [_("class"), "TP", "FP", "FN", "TN"]


def class_measure_rows(cm: ConfusionMatrix, names=AVERAGED) -> tuple[list[list[str]], list[str]]:
    """``(rows, header)``: one row per measure of ``names`` (6.3), one column per class against the rest (6.4.2), in
    percent with two decimals and the active language's decimal sign; an undefined value in words."""
    per_class = {name: cm.per_class(name) for name in names}
    rows = [[measure_name(name), *(_percent(per_class[name][label]) for label in cm.labels)] for name in names]
    return rows, [_("measure (%)"), *map(str, cm.labels)]


def average_rows(cm: ConfusionMatrix, names=AVERAGED) -> tuple[list[list[str]], list[str]]:
    """``(rows, header)``: one row per measure of ``names``, its macro, weighted and micro averages over the
    classes (6.4.3) in percent with two decimals and the active language's decimal sign."""
    rows = [[measure_name(name), *(_percent(cm.average(name, how)) for how in AVERAGES)] for name in names]
    return rows, [_("measure (%)"), *(_(AVERAGE_NAMES[how]) for how in AVERAGES)]


def label_count_rows(per_label: dict) -> tuple[list[list], list[str]]:
    """``(rows, header)``: each label of a multi-label task (``per_label``: label → its
    :class:`~iso4213_nb.measures.counts.BinaryCounts`, as :func:`iso4213_nb.measures.multilabel.per_label_counts`
    gives them) with its TP, FP, FN, TN, precision and recall (6.5.1, 6.2.4, 6.2.5), four decimals."""
    rows = [[str(label), c.tp, c.fp, c.fn, c.tn, number(measures.precision(c), 4), number(measures.recall(c), 4)]
            for label, c in per_label.items()]
    return rows, [_("label"), "TP", "FP", "FN", "TN", measure_name("precision"), measure_name("recall")]


def label_score_rows(per_label: dict, names: dict | None = None) -> tuple[list[list[str]], list[str]]:
    """``(rows, header)``: each label's F1 (6.5.1, 6.2.6) and AUROC (6.3.6) from the ``per_label`` entries of
    :func:`iso4213_nb.measures.multilabel_summary.summarize`, four decimals; a label is shown as ``names`` (its
    name in the file → a name for the reader) gives it, else as it is."""
    names = names or {}
    rows = [[names.get(label, str(label)), number(v["f1"], 4), number(v["auroc"], 4)] for label, v in per_label.items()]
    return rows, [_("label"), measure_name("f1"), "AUROC"]


def counts_measure_rows(columns: dict, names) -> tuple[list[list[str]], list[str]]:
    """``(rows, header)``: one row per measure key of ``names`` (:data:`iso4213_nb.measures.counts.PER_CLASS`), one
    column per entry of ``columns`` (a heading → its :class:`~iso4213_nb.measures.counts.BinaryCounts`), four
    decimals in the active language (6.2, 6.3)."""
    rows = [[measure_name(name), *(number(measures.PER_CLASS[name](c), 4) for c in columns.values())] for name in names]
    return rows, [_("measure"), *columns]


def invariance_difference_rows(table) -> tuple[list[list[str]], list[str]]:
    """``(rows, header)``: each cell where an :class:`~iso4213_nb.measures.invariance.InvarianceTable`'s trials and
    the paper disagree: measure, change, the computed and the paper's verdict, and how many defined trials moved the
    value (beyond TS 4213: Sokolova & Lapalme 2009)."""
    verdict = {True: _("invariant"), False: _("changes")}
    rows = [[name, change, verdict[ours], verdict[theirs],
             _("{moved} of {trials}").format(moved=table.changed[name, change][0], trials=table.changed[name, change][1])]
            for name, change, ours, theirs in table.differences()]
    return rows, [_("measure"), _("change"), pgettext("annex check", "computed"), _("paper"),
                  _("trials that moved the value")]


def timing_rows(runs: dict) -> tuple[list[list], list[str]]:
    """``(rows, header)``: one row per timed run (``runs``: (model name, batch size) → the
    :class:`~iso4213_nb.measures.computational.TimingResult` of ``time_predictions``, all with one latency bound):
    mean and 95th-percentile latency in milliseconds (6.6.2), the samples within the bound and the throughput per
    second that counts only them (6.6.3), in the active language."""
    bound = next(iter(runs.values())).latency_bound
    rows = [[name, batch, number(r.mean_latency * 1000, 3), number(r.percentile(95) * 1000, 3), f"{r.within_bound}/{r.n}",
             number(r.throughput, 0, grouping=False)] for (name, batch), r in runs.items()]
    return rows, [_("model"), _("batch"), _("mean latency (ms)"), _("p95 (ms)"),
                  _("within {bound} ms").format(bound=significant(bound * 1000)), _("throughput (/s)")]
