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
from ..words.i18n import undefined_word
from ..core.undefined import Undefined


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
