"""The predictions file: the true labels and each model's outputs, one row per test sample.

One schema for every command:

* ``y_true``: the true label of each sample;
* one model: ``y_pred`` (its predicted label) and/or ``score`` (its score for
  the positive class, binary tasks only, larger meaning more likely positive);
  the model is called ``model``;
* several models: ``<name>_pred`` and/or ``<name>_score`` per model;
* multi-class scores (6.4): ``<name>_score_<class>`` (``score_<class>`` for
  the one model), one column per class, the model's score or probability for
  that class; without ``<name>_pred`` the labels are the arg-max;
* multi-label (6.5): ``y_true_<label>`` instead of ``y_true``, and per model
  ``<name>_pred_<label>`` and/or ``<name>_score_<label>`` (``y_pred_<label>``,
  ``score_<label>`` for the one model), 0/1 indicators and scores per label;
* ``group_<name>``: a subgroup attribute (several allowed; ``groups=`` reads
  any other column as one, the command line's ``--group``);
* ``weight``: a non-negative sample weight (scikit-learn's ``sample_weight``).

The task is inferred from the columns (:mod:`.layout`, which also lists the
mixtures refused).  ``y_true``, ``y_pred`` and ``score`` can be other columns
(``y_true=``, ``y_pred=``, ``score=``: the command line's ``--y-true``,
``--y-pred``, ``--score``); naming ``y_pred`` or ``score`` reads that one model
and nothing else.  With ``strict=True`` (the report) every other column is an
error, so that a typo cannot silently drop a model; ``strict=False``
(``metrics``) ignores other columns.  When a model has scores but no labels,
its labels are derived at a threshold (predicted positive iff ``score >=
threshold``; per label for multi-label) or, for class scores, by the arg-max.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..core.checks import as_threshold
from ..core.errors import InputError
from .columns import (MAX_CLASSES, group_column, indicator_column, int64_labels, label_columns,
                      match_label, score_column, weight_column)
from .layout import (BINARY, MULTICLASS, MULTILABEL, ONE_MODEL, SUFFIXES, TASKS, Header, check_others,
                     resolve_classes, resolve_multilabel, schema_column, split_header)
from .keys import check_keys, without_key
from .source import InputSource, display_name
from .table import quote, read_table

__all__ = ["BINARY", "MULTICLASS", "MULTILABEL", "ONE_MODEL", "SUFFIXES", "TASKS", "Model", "Predictions",
           "read_predictions", "resolve_positive"]


@dataclass
class Model:
    """One model's outputs on the test set (5.1, step 4: reading the models' outputs).

    Attributes
    ----------
    name : the column prefix (``model`` for ``y_pred`` / ``score``).
    pred : predicted labels (given, derived from scores at ``derived_at``, or the arg-max of
        ``score_matrix``); None for a multi-label task.
    scores : scores for the positive class of a binary task, when the file has them (``<model>_score``,
        or the positive class's ``<model>_score_<class>``).
    derived_at : the threshold the labels were derived at, or None when the file gave them.
    score_matrix : class scores, float64 n × k, column j the score of ``Predictions.labels[j]``
        (``<model>_score_<class>``).
    labels_from_argmax : True when ``pred`` is the arg-max of ``score_matrix`` (no ``<model>_pred``; ties
        go to the first class of ``labels``, as numpy's argmax).
    pred_matrix : multi-label: int8 n × L indicators in ``Predictions.label_names`` order (given, or
        ``score >= derived_at``).
    score_matrix_ml : multi-label: float64 n × L scores per label.
    """

    name: str
    pred: np.ndarray | None
    scores: np.ndarray | None = None
    derived_at: float | None = None
    score_matrix: np.ndarray | None = None
    labels_from_argmax: bool = False
    pred_matrix: np.ndarray | None = None
    score_matrix_ml: np.ndarray | None = None


@dataclass
class Predictions:
    """A checked predictions file (5.1, step 4: reading the models' outputs).

    Attributes
    ----------
    source : what was read (name as typed, SHA-256, size, format).
    y_true : int64 when every label is a canonical integer, else text; None for a multi-label task (see
        ``y_true_matrix``).
    labels : the classes of ``y_true`` and the declared ones, sorted, as Python values; for a multi-label
        task the label names.
    positive : the positive class of a binary task; None for multi-class and multi-label (and for a binary
        task without scores when ``positive_required=False``).
    models : name → :class:`Model`, in column order.
    task : ``"binary"``, ``"multiclass"`` or ``"multilabel"``, inferred from the columns.
    groups : subgroup attribute (``group_<name>`` without the prefix, or a ``--group`` column's own name)
        → values as text.
    weight : float64 sample weights (finite, non-negative, not all 0), or None.
    label_names : multi-label: the labels of the ``y_true_<label>`` columns, sorted; empty otherwise.
    y_true_matrix : multi-label: int8 n × L indicators in ``label_names`` order.
    """

    source: InputSource
    y_true: np.ndarray | None
    labels: list
    positive: object
    models: dict[str, Model] = field(default_factory=dict)
    task: str = BINARY
    groups: dict[str, np.ndarray] = field(default_factory=dict)
    weight: np.ndarray | None = None
    label_names: list = field(default_factory=list)
    y_true_matrix: np.ndarray | None = None

    @property
    def binary(self) -> bool:
        """True when the task is binary (exactly two classes)."""
        return self.task == BINARY

    @property
    def n(self) -> int:
        """Number of samples N (rows; the N of clause 6)."""
        return len(self.y_true) if self.y_true is not None else len(self.y_true_matrix)


def chunk_schema(names: list[str], y_true: str, y_pred: str | None, score: str | None, strict: bool,
                 file: str, groups=()) -> Header:
    """The header of a file read in chunks: labels, scores, class scores, subgroups and weights (not multi-label)
    (beyond TS 4213: the input layer).

    The chunked reader's schema: its accumulators hold every single-label column of the whole-file reader;
    multi-label indicators (``y_true_<label>``) are read by :mod:`.label_chunks` when the caller asks for them
    (``metrics``, ``state``) and refused in one line otherwise rather than assessed without them.
    """
    header = split_header(names, file, y_true=y_true, y_pred=y_pred, score=score, groups=groups, strict=strict)
    if header.truth:
        raise InputError("predictions.chunks_single_label", file=file, columns=[quote(c) for c in header.truth.values()])
    if strict:
        check_others(header, file, y_true)
    if not header.models and not header.suffixed:
        raise _no_models(file, y_true, names)
    return header


def _no_models(file: str, y_true: str, names: list[str]) -> InputError:
    return InputError("predictions.no_models", file=file, y_true=y_true, columns=names, score="score")


def resolve_positive(positive, labels: list, file: str, *, required: bool = True):
    """The positive label of a binary task: ``positive`` as written, or 1 for labels 0 and 1 (5.1, step 4: reading the models' outputs)."""
    if positive is not None:
        return match_label(positive, labels, "positive_class")
    if [str(label) for label in labels] == ["0", "1"]:  # also text "0"/"1" beside labels beyond 64 bits
        return labels[1]
    if not required:
        return None
    raise InputError("predictions.positive_needed", file=file, labels=list(labels))


def check_classes(labels: list, file: str, y_true: str, positive, scored: dict[str, str]) -> None:
    """What the classes of ``y_true`` allow, on every path (5.1, step 4: reading the models' outputs; 6.3, 6.4).

    An assessment needs two or more classes; a model with one score per row (``scored``: each such model's name →
    its score column, which the error names) and a positive class (``positive``, not None) apply to binary tasks
    only.  Raises :class:`InputError` naming ``file`` and ``y_true``.
    """
    if len(labels) < 2:
        raise InputError("predictions.single_class", file=file, y_true=y_true, label=labels[0])
    if scored and len(labels) != 2:
        name, column = next(iter(scored.items()))
        raise InputError("predictions.binary_score_multiclass", file=file, column=quote(column), y_true=y_true,
                         count=len(labels), one=schema_column(name, "score"))
    if positive is not None and len(labels) != 2:
        raise InputError("predictions.positive_multiclass", file=file, y_true=y_true, count=len(labels))


def typed_names(texts: list[str]) -> list:
    """Label names from column suffixes, typed as label columns are: integers only when every one is canonical (beyond TS 4213: the input layer)."""
    integers = int64_labels(texts)
    return list(texts) if integers is None else integers


def sorted_labels(header: Header, file: str) -> tuple[list, list[str]]:
    """The labels of a multi-label header's ``y_true_<label>`` columns, typed (:func:`typed_names`) and sorted, and
    their suffix texts in that order; a single such column is an error (6.5; shared with :mod:`.label_chunks`)."""
    names = list(header.truth)
    typed = typed_names(names)
    order = sorted(range(len(typed)), key=typed.__getitem__)
    texts = [names[i] for i in order]
    if len(texts) < 2:
        raise InputError("predictions.one_indicator", file=file, column=header.truth[texts[0]])
    return [typed[i] for i in order], texts


def read_predictions(source, *, positive=None, threshold: float = 0.5, sep: str | None = None, decimal: str = ".",
                     max_classes: int = MAX_CLASSES, sheet: str | None = None, y_true: str = "y_true",
                     y_pred: str | None = None, score: str | None = None, strict: bool = True,
                     positive_required: bool = True, allow_predicted_only: bool = False, groups=(),
                     classes=None, stdin=None, key: str | None = None) -> Predictions:
    """Read and check a predictions file once (layout in the module docstring) (5.1, step 4: reading the models' outputs).

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
    groups : further columns read as subgroup attributes (``group_<name>`` always are).
    classes : every class of a single-label task, as written (``--classes``),
        when some never occur in ``y_true`` but have score columns; ``y_true``
        must hold declared classes only.
    stdin : the binary stream ``"-"`` reads (default ``sys.stdin.buffer``).
    key : a row key column (``--row-key``), left out of the layout and checked as the
        chunked reader checks it (whole numbers, each naming one row; :func:`.keys.check_keys`);
        the in-memory bootstrap resamples rows and does not use it.

    Raises
    ------
    InputError (one line naming file, line and column) for an unreadable or
    empty file, missing or unknown columns, no model, empty cells, scores that
    are not finite numbers, weights that are negative, indicators other than
    0/1, predicted labels that are not classes of ``y_true``, a file whose
    columns mix layouts (:mod:`.layout`), fewer than two classes, too many
    classes, or an unknown positive class.
    """
    if decimal not in (".", ","):
        raise InputError("chunks.bad_decimal", value=quote(decimal))
    threshold = as_threshold(threshold)
    found: list[Header] = []
    file = display_name(source)

    def choose(names: list[str]) -> list[str]:
        names = without_key(names, key, file, y_true=y_true, y_pred=y_pred, score=score, groups=groups)
        header = split_header(names, file, y_true=y_true, y_pred=y_pred, score=score, groups=groups, strict=strict)
        if strict:
            check_others(header, file, y_true)
        if not header.models and not header.suffixed and header.y_true is not None:
            raise _no_models(file, y_true, names)
        found.append(header)
        return header.columns + ([key] if key else [])

    table = read_table(source, columns=choose, sep=sep, sheet=sheet, stdin=stdin)
    file, header = table.source.name, found[0]
    if key:
        check_keys(table, key)
    weight = weight_column(table, header.weight, decimal) if header.weight else None
    group_values = {name: group_column(table, column, max_classes) for name, column in header.groups.items()}
    if header.y_true is None:
        if positive is not None:
            raise InputError("predictions.positive_multilabel", file=file, y_true=y_true)
        if classes:
            raise InputError("predictions.classes_multilabel", file=file)
        pred = _multilabel(table, header, threshold, decimal, strict)
    else:
        pred = _single_label(table, header, positive=positive, threshold=threshold, decimal=decimal,
                             max_classes=max_classes, strict=strict, positive_required=positive_required,
                             allow_predicted_only=allow_predicted_only, classes=classes)
    pred.groups, pred.weight = group_values, weight
    return pred


def _declared(classes, labels: list, file: str, y_true: str) -> list:
    """The declared classes typed like ``labels``; every class of ``y_true`` must be among them."""
    texts = list(dict.fromkeys(str(c).strip() for c in classes))
    if len(texts) < 2:
        raise InputError("predictions.too_few_declared")
    typed = typed_names(texts)
    if any(isinstance(label, str) for label in labels) and not all(isinstance(t, str) for t in typed):
        typed = texts
    undeclared = [label for label in labels if str(label) not in texts]
    if undeclared:
        raise InputError("predictions.undeclared", file=file, y_true=y_true, classes=undeclared[:5], declared=texts[:20])
    return sorted(typed)


def _single_label(table, header: Header, *, positive, threshold, decimal, max_classes, strict, positive_required,
                  allow_predicted_only, classes) -> Predictions:
    file, y_true = table.source.name, header.y_true
    pred_columns = [cols["_pred"] for cols in header.models.values() if "_pred" in cols]
    typed = label_columns(table, [y_true, *pred_columns], max_classes)
    truth, labels = typed[y_true]
    if classes:
        labels = _declared(classes, labels, file, y_true)
    class_scores = resolve_classes(header, labels, file, strict=strict, declared=bool(classes))
    if not header.models:
        raise _no_models(file, y_true, table.names)
    check_classes(labels, file, y_true, positive,
                  {name: cols["_score"] for name, cols in header.models.items() if "_score" in cols})
    binary = len(labels) == 2
    has_scores = any("_score" in cols for cols in header.models.values()) or bool(class_scores)
    pos = resolve_positive(positive, labels, file, required=positive_required or has_scores) if binary else None
    if not allow_predicted_only:
        for column in pred_columns:
            check_known(table, column, typed[column], labels, y_true)
    models: dict[str, Model] = {}
    dtype = truth.dtype
    for name, cols in header.models.items():
        matrix = (np.column_stack([score_column(table, c, decimal) for c in class_scores[name]])
                  if name in class_scores else None)
        scores = score_column(table, cols["_score"], decimal) if "_score" in cols else None
        if binary and matrix is not None:
            scores = matrix[:, labels.index(pos)]
        if "_pred" in cols:
            models[name] = Model(name, typed[cols["_pred"]][0], scores, score_matrix=matrix)
        elif matrix is not None and not binary:
            lookup = np.asarray(labels, dtype=dtype if dtype.kind != "U" else object)
            models[name] = Model(name, lookup[np.argmax(matrix, axis=1)].astype(dtype, copy=False), None,
                                 score_matrix=matrix, labels_from_argmax=True)
        else:
            negative = next(label for label in labels if label != pos)
            models[name] = Model(name, np.where(scores >= threshold, np.asarray(pos, dtype=dtype),
                                                np.asarray(negative, dtype=dtype)),
                                 scores, float(threshold), score_matrix=matrix)
    task = BINARY if binary else MULTICLASS
    return Predictions(table.source, truth, labels, pos, models, task=task)


def _multilabel(table, header: Header, threshold: float, decimal: str, strict: bool) -> Predictions:
    file = table.source.name
    names, texts = sorted_labels(header, file)
    columns = resolve_multilabel(header, texts, file, strict=strict)
    truth = np.column_stack([indicator_column(table, header.truth[t]) for t in texts])
    models = {}
    for name, kinds in columns.items():
        scores = np.column_stack([score_column(table, c, decimal) for c in kinds["score"]]) if "score" in kinds else None
        if "pred" in kinds:
            models[name] = Model(name, None, pred_matrix=np.column_stack([indicator_column(table, c)
                                                                          for c in kinds["pred"]]),
                                 score_matrix_ml=scores)
        else:
            models[name] = Model(name, None, derived_at=float(threshold), score_matrix_ml=scores,
                                 pred_matrix=(scores >= threshold).astype(np.int8))
    return Predictions(table.source, None, names, None, models, task=MULTILABEL, label_names=names,
                       y_true_matrix=truth)


def check_known(table, column: str, typed: tuple[np.ndarray, list], labels: list, y_true: str) -> None:
    """Every label of ``column`` is a class of ``y_true`` (5.1, step 4: reading the models' outputs).

    ``typed``: the column's values and its sorted distinct labels (:func:`~.columns.label_columns`).  Raises
    :class:`InputError` naming the first label that is not a class and the first row that holds it.
    """
    values, seen = typed
    known = set(labels)
    others = [v for v in seen if v not in known]
    if others:
        row = int(np.argmax(values == np.asarray(others[0], dtype=values.dtype)))
        raise InputError("predictions.unknown_label", place=table.where(row), column=quote(column), label=others[0],
                         y_true=y_true, labels=labels[:20])
