"""An editable confusion matrix whose Tables A.2–A.4 follow every edit (Annex A, 6.4.2, 6.4.3).

The grid starts as Table A.1.  A toggle switches the display between the
annex's layout (predicted classes in rows, 6.2.2) and the software layout
(true classes in rows); toggling transposes the *display* only, the matrix is
unchanged.  Every edit recomputes Tables A.2–A.4: each cell shows ✓ when it
still equals the printed value and the printed value in brackets when not,
and a note lists every measure the edit made undefined (e.g. precision of a
class that is never predicted).

Each cell is a text box that takes a whole number of samples ≥ 0.  Anything
else ("2.7", "-5", "12a") is refused with a visible one-line message naming
the cell and what was typed, and the cell goes back to its count: nothing is
rounded, truncated or clipped silently.

State is reachable from Python for tests and notebooks: ``editor.cells[i][j]``
(the displayed grid of text boxes; set ``.value = "12"``), ``editor.message`` (the refusal line), ``editor.rows`` (``"predicted"`` or
``"true"``, settable), ``editor.matrix`` (a ConfusionMatrix), ``editor.undefined``
and ``editor.tables_html``.
"""

from __future__ import annotations

import html
import re

import ipywidgets as widgets

from ..annexes import annex_a
from ..measures.confusion import ConfusionMatrix
from ..core.errors import InputError
from ..words import readings
from ..figures.annex_tables import annex_a_rows, item_words
from ..words.i18n import N_, _, number
from ..figures.tables import format_value, html_table
from ._callbacks import GuardedCallbacks, Shown

_COUNT = re.compile(r"\s*(\d{1,12})\s*")
MAX_COUNT = 10**9

ROWS_OPTIONS = ((N_("rows = predicted (Table A.1, 6.2.2)"), "predicted"), (N_("rows = true (software)"), "true"))
#: What the displayed rows hold, and what the columns then hold, as a heading word with the class label.
_HEADS = {"predicted": (N_("predicted {label}"), N_("actual {label}")), "true": (N_("true {label}"),
                                                                              N_("predicted {label}"))}
_CORNERS = {"predicted": N_("predicted ↓ / actual →"), "true": N_("true ↓ / predicted →")}


class ConfusionEditor(GuardedCallbacks, Shown):
    """Grid of counts (start: Table A.1) with live Tables A.2–A.4 and undefined-measure notes.

    Parameters
    ----------
    counts : initial k×k counts, laid out as ``rows`` says; default Table A.1.
    labels : class labels; default A, B, C.
    rows : ``"predicted"`` (default, as Table A.1) or ``"true"``: the initial layout.
    decimal_comma : print 90,61 (default, as the standard) or 90.61.
    """

    def __init__(self, counts=annex_a.TABLE_A1, labels=annex_a.LABELS, rows: str = "predicted", *,
                 decimal_comma: bool = True):
        self._cm = ConfusionMatrix.from_counts(counts, labels=labels, rows=rows)
        self._decimal_comma = decimal_comma
        k = self._cm.k
        self.cells = [[widgets.Text(continuous_update=False, layout=widgets.Layout(width="90px"))
                       for _ in range(k)] for _ in range(k)]
        for i, row in enumerate(self.cells):
            for j, cell in enumerate(row):
                cell.observe(lambda change, i=i, j=j: self._guarded(self._set_cell, i, j, change.new), names="value")
        self._row_heads = [widgets.HTML() for _ in range(k)]
        self._col_heads = [widgets.HTML() for _ in range(k)]
        self._corner = widgets.HTML()
        self.toggle = widgets.ToggleButtons(options=[(_(text), value) for text, value in ROWS_OPTIONS], value=rows)
        self.toggle.observe(lambda change: self._show(), names="value")
        self.reset_button = widgets.Button(description=_("reset to Table A.1"))
        self.reset_button.on_click(lambda _: self.reset())
        grid = widgets.GridBox(
            [self._corner, *self._col_heads] + [w for i in range(k) for w in (self._row_heads[i], *self.cells[i])],
            layout=widgets.Layout(grid_template_columns=f"120px repeat({k}, 100px)"))
        self.output = widgets.HTML()
        self.message = widgets.HTML()
        self.widget = widgets.VBox([widgets.HBox([self.toggle, self.reset_button]), grid, self.message, self.output])
        self._show()

    # ------------------------------------------------------------------ state
    @property
    def rows(self) -> str:
        """What the displayed grid rows hold: ``"predicted"`` or ``"true"``."""
        return self.toggle.value

    @rows.setter
    def rows(self, value: str) -> None:
        self.toggle.value = value

    @property
    def matrix(self) -> ConfusionMatrix:
        """The current counts as a :class:`ConfusionMatrix`."""
        return self._cm

    @property
    def undefined(self) -> list[str]:
        """Cells of Tables A.3 and A.4 that are undefined, with reasons in words."""
        return [f"{item_words(where)}: {readings.reason(value)}" for where, value in annex_a.undefined_values(self._cm)]

    @property
    def tables_html(self) -> str:
        """The HTML now shown below the grid."""
        return self.output.value

    def reset(self) -> None:
        """Back to Table A.1."""
        self._cm = annex_a.matrix()
        self._show()

    # ------------------------------------------------------------------ wiring
    def _show(self) -> None:
        """Fill grid and headers from the matrix in the chosen layout, then the tables."""
        counts = self._cm.matrix(rows=self.rows)
        row_head, col_head = _HEADS[self.rows]
        self._corner.value = f"<i>{html.escape(_(_CORNERS[self.rows]))}</i>"
        for i, label in enumerate(self._cm.labels):
            self._row_heads[i].value = f"<b>{html.escape(_(row_head).format(label=label))}</b>"
            self._col_heads[i].value = f"<b>{html.escape(_(col_head).format(label=label))}</b>"
        for i, row in enumerate(self.cells):
            for j, cell in enumerate(row):
                self._sync(cell, str(int(counts[i, j])))
        self._update_tables()

    def _cell_name(self, i: int, j: int) -> str:
        row_head, col_head = _HEADS[self.rows]
        labels = self._cm.labels
        return _("cell ({row}, {column})").format(row=_(row_head).format(label=labels[i]),
                                                  column=_(col_head).format(label=labels[j]))

    def parse_count(self, i: int, j: int, text: str) -> int:
        """The count typed in displayed cell ``(i, j)``; :class:`InputError` unless a whole number 0 … 10⁹."""
        match = _COUNT.fullmatch(text)
        if match is None or int(match.group(1)) > MAX_COUNT:
            raise InputError(_("{cell}: {text} is not a count; type a whole number from 0 to {most} (the count was "
                               "kept)").format(cell=self._cell_name(i, j), text=repr(text), most=number(MAX_COUNT)))
        return int(match.group(1))

    def _set_cell(self, i: int, j: int, text: str) -> None:
        counts = self._cm.matrix(rows=self.rows).copy()
        try:
            counts[i, j] = self.parse_count(i, j, text)
            self._cm = ConfusionMatrix.from_counts(counts, labels=self._cm.labels, rows=self.rows)
        finally:
            self._show()  # a refused text goes back to the count kept

    def _update_tables(self) -> None:
        accuracy = format_value(self._cm.accuracy(), percent=True, decimal_comma=self._decimal_comma)
        parts = ["<p>" + html.escape(_("n = {n}; overall accuracy (6.2.3) = {accuracy} %").format(
            n=number(self._cm.n), accuracy=accuracy)) + "</p>"]
        for name in ("A.2", "A.3", "A.4"):
            rows, header = annex_a_rows(name, self._cm, decimal_comma=self._decimal_comma)
            parts.append(html_table(rows, header, caption=_("Table {name}").format(name=name)))
        undefined = self.undefined
        if undefined:
            items = "".join(f"<li>{html.escape(text)}</li>" for text in undefined)
            title = html.escape(_("Undefined after this edit:"))
            parts.append(f"<div class='iso4213-undefined'><b>{title}</b><ul>{items}</ul></div>")
        self.output.value = "".join(parts)
