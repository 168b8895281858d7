"""The predictions file: the true labels and each model's outputs, one row per test sample.

One schema for every command:

* ``y_true``: the true label of each sample;
* one model: ``y_pred`` (its predicted label) and/or ``score`` (its score for
  the positive class, binary tasks only, larger meaning more likely positive);
  the model is called ``model``;
* several models: ``<name>_pred`` and/or ``<name>_score`` per model.

``y_true``, ``y_pred`` and ``score`` can be other columns (``y_true=``,
``y_pred=``, ``score=``: the command line's ``--y-true``, ``--y-pred``,
``--score``); naming ``y_pred`` or ``score`` reads that one model and nothing
else.  With ``strict=True`` (the report) every other column is an error, so
that a typo cannot silently drop a model; ``strict=False`` (``metrics``)
ignores other columns.  When a model has scores but no labels, its labels are
derived at a threshold (predicted positive iff ``score >= threshold``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ..errors import InputError
from .columns import MAX_CLASSES, label_columns, match_label, score_column
from .source import InputSource
from .table import quote, read_table

SUFFIXES = ("_pred", "_score")
#: The name of the one model of a file with ``y_pred`` / ``score`` columns.
ONE_MODEL = "model"


@dataclass
class Model:
    """One model's outputs on the test set.

    Attributes
    ----------
    name : str
        The column prefix (``model`` for ``y_pred`` / ``score``).
    pred : numpy.ndarray
        Predicted labels (given, or derived from scores at ``derived_at``).
    scores : numpy.ndarray or None
        Scores for the positive class, when the file has them.
    derived_at : float or None
        The threshold the labels were derived at, or None when the file gave them.
    """

    name: str
    pred: np.ndarray
    scores: np.ndarray | None = None
    derived_at: float | None = None


@dataclass
class Predictions:
    """A checked predictions file.

    Attributes
    ----------
    source : InputSource
        What was read (name as typed, SHA-256, size, format).
    y_true : numpy.ndarray
        int64 when every label is a canonical integer, else text.
    labels : list
        The classes of ``y_true``, sorted, as Python values.
    positive : label or None
        The positive class of a binary task; None for multi-class (and for a
        binary task without scores when ``positive_required=False``).
    models : dict[str, Model]
        In column order.
    """

    source: InputSource
    y_true: np.ndarray
    labels: list
    positive: object
    models: dict[str, Model] = field(default_factory=dict)

    @property
    def binary(self) -> bool:
        """True when there are exactly two classes."""
        return len(self.labels) == 2


def _schema(names: list[str], y_true: str, y_pred: str | None, score: str | None, strict: bool,
            file: str) -> dict[str, dict[str, str]]:
    """Model name → {"_pred": column, "_score": column} from the header (layout in the module docstring)."""
    if y_pred is not None or score is not None:
        chosen = {"_pred": y_pred, "_score": score}
        return {ONE_MODEL: {k: v for k, v in chosen.items() if v is not None}}
    models: dict[str, dict[str, str]] = {}
    for column in names:
        if column == y_true:
            continue
        if column in ("y_pred", "score"):
            model, suffix = f"{ONE_MODEL} ", "_pred" if column == "y_pred" else "_score"
        elif suffix := next((s for s in SUFFIXES if column.endswith(s) and column != s), None):
            model = column[: -len(suffix)]
        elif strict:
            raise InputError(f"{file}: column {quote(column)} is neither {y_true}, y_pred, score, "
                             "<model>_pred nor <model>_score")
        else:
            continue
        models.setdefault(model, {})[suffix] = column
    if not models:
        raise InputError(f"{file} has no model columns; expected y_pred and/or score, or <model>_pred and/or "
                         f"<model>_score, besides {y_true}; columns are: {', '.join(names)}")
    if f"{ONE_MODEL} " in models and ONE_MODEL in models:
        raise InputError(f"{file}: columns {', '.join(models[ONE_MODEL].values())} clash with y_pred/score, "
                         f"whose model is called {ONE_MODEL}")
    return {name.strip(): cols for name, cols in models.items()}


def resolve_positive(positive, labels: list, file: str, *, required: bool = True):
    """The positive label of a binary task: ``positive`` as written, or 1 for labels 0 and 1."""
    if positive is not None:
        return match_label(positive, labels, "positive class")
    if [str(label) for label in labels] == ["0", "1"]:  # also text "0"/"1" beside labels beyond 64 bits
        return labels[1]
    if not required:
        return None
    raise InputError(f"{file}: name the positive class with --positive (a report also takes report.positive "
                     "from its meta file); "
                     f"labels are: {', '.join(map(str, labels))}")


def read_predictions(source, *, positive=None, threshold: float = 0.5, sep: str | None = None, decimal: str = ".",
                     max_classes: int = MAX_CLASSES, sheet: str | None = None, y_true: str = "y_true",
                     y_pred: str | None = None, score: str | None = None, strict: bool = True,
                     positive_required: bool = True, allow_predicted_only: bool = False, stdin=None) -> Predictions:
    """Read and check a predictions file once (layout in the module docstring).

    Parameters
    ----------
    source : a path, a :class:`~pathlib.Path`, or ``"-"`` for standard input;
        CSV, TSV (also ``.gz``, ``.zst``), Parquet (file or folder) or ``.xlsx``.
    positive : the positive class of a binary task, as written in the file
        (text; an integer is matched by its text); default 1 for labels 0/1.
    threshold : for a model with scores and no labels, predicted positive iff
        ``score >= threshold``; must be finite.
    sep, decimal, sheet : delimiter (default sniffed), decimal mark of scores
        (``.`` or ``,``), sheet of a workbook (default the first).
    max_classes : limit on distinct labels, checked before anything is built.
    y_true, y_pred, score : column names (``y_pred``/``score`` name the one model).
    strict : other columns are an error (True) or ignored (False).
    positive_required : a binary task without ``positive`` and labels other
        than 0/1 is an error only when True or when a model has scores.
    allow_predicted_only : a predicted label that ``y_true`` never has is an
        error (False, the report) or a class of its own (True, ``metrics``).
    stdin : the binary stream ``"-"`` reads (default ``sys.stdin.buffer``).

    Raises
    ------
    InputError (one line naming file, line and column) for an unreadable or
    empty file, missing or unknown columns, no model, empty cells, scores that
    are not finite numbers, predicted labels that are not classes of
    ``y_true``, scores on a multi-class task, fewer than two classes, too many
    classes, or an unknown positive class.
    """
    if decimal not in (".", ","):
        raise InputError(f"the decimal mark is . or , (got {quote(decimal)})")
    if not math.isfinite(threshold):
        raise InputError(f"the threshold must be a finite number, got {threshold}")
    schema: dict[str, dict[str, str]] = {}

    def choose(names: list[str]) -> list[str]:
        if y_true not in names:
            return [y_true]  # read_table names the missing column and lists the others
        schema.update(_schema(names, y_true, y_pred, score, strict, file))
        return [y_true, *(c for cols in schema.values() for c in cols.values())]

    file = "standard input" if str(source) == "-" else str(source)
    table = read_table(source, columns=choose, sep=sep, sheet=sheet, stdin=stdin)
    file = table.source.name
    pred_columns = [cols["_pred"] for cols in schema.values() if "_pred" in cols]
    typed = label_columns(table, [y_true, *pred_columns], max_classes)
    truth, labels = typed[y_true]
    if len(labels) < 2:
        raise InputError(f"{file}: {y_true} holds a single class ({labels[0]}); an assessment needs two or more")
    has_scores = any("_score" in cols for cols in schema.values())
    binary = len(labels) == 2
    if has_scores and not binary:
        column = next(cols["_score"] for cols in schema.values() if "_score" in cols)
        raise InputError(f"{file}: column {quote(column)} gives scores, but {y_true} has {len(labels)} classes; "
                         "scores are read for binary tasks only")
    if positive is not None and not binary:
        raise InputError(f"{file}: a positive class applies to binary tasks; {y_true} has {len(labels)} classes")
    pos = resolve_positive(positive, labels, file, required=positive_required or has_scores) if binary else None
    if not allow_predicted_only:
        for column in pred_columns:
            _check_known(table, column, typed[column], labels, y_true)
    models: dict[str, Model] = {}
    for name, cols in schema.items():
        scores = score_column(table, cols["_score"], decimal) if "_score" in cols else None
        if "_pred" in cols:
            models[name] = Model(name, typed[cols["_pred"]][0], scores)
        else:
            negative = next(label for label in labels if label != pos)
            models[name] = Model(name, np.where(scores >= threshold, np.asarray(pos, dtype=truth.dtype),
                                                np.asarray(negative, dtype=truth.dtype)),
                                 scores, float(threshold))
    return Predictions(table.source, truth, labels, pos, models)


def _check_known(table, column: str, typed: tuple[np.ndarray, list], labels: list, y_true: str) -> None:
    """Every predicted label is a class of y_true; else name the first row with one that is not."""
    values, seen = typed
    known = set(labels)
    others = [v for v in seen if v not in known]
    if others:
        row = int(np.argmax(np.isin(values, np.asarray(others, dtype=values.dtype))))
        raise InputError(f"{table.where(row)}, column {quote(column)}: label {others[0]} is not a class of "
                         f"{y_true}; {y_true} labels are: {', '.join(map(str, labels[:20]))}")
