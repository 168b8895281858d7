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

from ..core.lazy import exports

from .options import MAX_CLASSES, add_reading_options, reading_options

#: Where each other public name lives; imported on first use, so that a command's parser (which needs only the
#: reading options) loads neither numpy nor pyarrow.
_LAZY = {**dict.fromkeys(("label_columns", "match_label", "score_column"), ".columns"),
         **dict.fromkeys(("CountMatrix", "read_matrix"), ".matrix"),
         **dict.fromkeys(("BINARY", "MULTICLASS", "MULTILABEL", "TASKS"), ".layout"),
         **dict.fromkeys(("Model", "Predictions", "read_predictions", "resolve_positive"), ".predictions"),
         **dict.fromkeys(("STDIN", "InputSource"), ".source"),
         **dict.fromkeys(("Table", "read_table"), ".table")}

__all__ = sorted([*_LAZY, "MAX_CLASSES", "add_reading_options", "reading_options"])


__getattr__ = exports(__name__, _LAZY)
