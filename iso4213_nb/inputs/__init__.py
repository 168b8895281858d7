"""The one input layer: every table a command or the report reads is read, checked and typed here, once.

* :func:`read_predictions` → :class:`Predictions` (true labels and each
  model's labels and scores; the schema is in :mod:`.predictions`);
* :func:`read_matrix` → :class:`CountMatrix` (a confusion matrix laid out as
  Table A.1);
* :func:`read_table` → :class:`Table` (untyped columns) with
  :func:`label_columns` and :func:`score_column` to type them.

Formats: CSV and TSV (delimiter found from the first lines or given; ``.``
or ``,`` as decimal mark; plain, ``.gz``, ``.zst`` or ``.bz2``), Parquet (a
file or a folder of files), Excel ``.xlsx``; ``"-"`` is standard input, read
once.  Every problem raises :class:`~iso4213_nb.core.errors.InputError` with one
line naming the file, the line (the header is line 1) and the column.  Inner
layers receive the typed arrays and do not check them again.
"""

from .columns import MAX_CLASSES, label_columns, match_label, score_column
from .matrix import CountMatrix, read_matrix
from .options import add_reading_options, reading_options
from .layout import BINARY, MULTICLASS, MULTILABEL, TASKS
from .predictions import Model, Predictions, read_predictions, resolve_positive
from .source import STDIN, InputSource
from .table import Table, read_table

__all__ = ["BINARY", "MAX_CLASSES", "MULTICLASS", "MULTILABEL", "STDIN", "TASKS", "CountMatrix", "InputSource", "Model", "Predictions", "Table",
           "add_reading_options", "label_columns", "match_label", "read_matrix", "read_predictions",
           "read_table", "reading_options", "resolve_positive", "score_column"]
