"""The predictions file of a report: true labels and each model's outputs.

Layout (a CSV file with a header row, one row per test sample):

* ``y_true``: the true label of each sample (integers or text);
* ``<model>_pred``: the label model ``<model>`` predicts;
* ``<model>_score``: its score for the positive class (binary tasks only),
  a larger score meaning more likely positive.

A model needs at least one of the two columns.  When a model has scores but
no labels, its labels are derived at a threshold (predicted positive iff
``score >= threshold``) and the report says so.  Every other column name is
an error, so that a typo cannot silently drop a model.
"""

from __future__ import annotations

import hashlib
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .._checks import as_labels, as_scores
from ..errors import InputError
from ..io import read_table, require_columns

SUFFIXES = ("_pred", "_score")


@dataclass(frozen=True)
class InputSource:
    """What was read: a display ``name``, ``sha256`` (hex) of the exact bytes, their ``size`` and ``format``."""

    name: str
    sha256: str
    size: int
    format: str


@dataclass
class Model:
    """One model's outputs on the test set.

    Attributes
    ----------
    name : str
        The column prefix.
    pred : numpy.ndarray
        Predicted labels (given, or derived from scores at ``threshold``).
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
        The file read (name, SHA-256 of its bytes, size, format).
    y_true : numpy.ndarray
    labels : list
        The classes, sorted.
    positive : label or None
        The positive class for binary tasks, None for multi-class.
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


def _plain(value):
    return value.item() if isinstance(value, np.generic) else value


def _model_columns(columns, path) -> dict[str, dict[str, str]]:
    models: dict[str, dict[str, str]] = {}
    for column in columns:
        if column == "y_true":
            continue
        suffix = next((s for s in SUFFIXES if column.endswith(s)), None)
        if suffix is None or column == suffix:
            raise InputError(f"{path}: column {column!r} is neither y_true nor <model>_pred or <model>_score")
        models.setdefault(column[: -len(suffix)], {})[suffix] = column
    if not models:
        raise InputError(f"{path} has no model columns; expected <model>_pred and/or <model>_score besides y_true")
    return models


def _as_positive(positive, labels: list, path):
    """The positive label matched against the labels' type (a YAML or CLI value may be text for an int label)."""
    if positive is None:
        if set(labels) == {0, 1}:
            return 1
        raise InputError(f"{path}: name the positive class (--positive or report.positive in --meta); "
                         f"labels are: {', '.join(map(str, labels))}")
    for label in labels:
        if str(label) == str(positive):
            return label
    raise InputError(f"positive class {positive!r} is not a label of y_true; labels are: {', '.join(map(str, labels))}")


def _match_labels(pred: np.ndarray, labels: list, column: str, filename: str) -> np.ndarray:
    """Predicted labels as the classes of y_true; a label y_true does not have is an error."""
    by_text = {str(label): label for label in labels}
    seen = [str(v) for v in np.unique(pred).tolist()]
    unknown = [v for v in seen if v not in by_text]
    if unknown:
        raise InputError(f"{filename}: column {column} has label(s) {', '.join(unknown[:5])} "
                         f"that y_true does not have; y_true labels are: {', '.join(by_text)}")
    return np.array([by_text[str(v)] for v in pred.tolist()])


def _read_bytes(source) -> tuple[Path, InputSource, tempfile.TemporaryDirectory | None]:
    """The file to parse and its :class:`InputSource`; standard input (``-``) is copied to a temporary file once."""
    if str(source) == "-":
        spool = tempfile.TemporaryDirectory(prefix="iso4213-nb-stdin-")
        path = Path(spool.name) / "standard input"
        with path.open("wb") as handle:
            shutil.copyfileobj(sys.stdin.buffer, handle)
        name = "standard input"
    else:
        spool, path, name = None, Path(source), Path(source).name
    if not path.is_file():
        raise InputError(f"{path}: no such file" if not path.exists() else f"{path}: is not a file")
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return path, InputSource(name, digest.hexdigest(), path.stat().st_size, "csv"), spool


def read_predictions(path, positive=None, threshold: float = 0.5) -> Predictions:
    """Read and check a predictions file (layout in the module docstring).

    Parameters
    ----------
    path : the CSV file, or ``-`` for standard input.
    positive : the positive class for a binary task; default 1 when the labels are {0, 1}.
    threshold : for a model with scores and no labels, predicted positive iff ``score >= threshold``.

    Raises
    ------
    InputError (one line) for a missing or empty file, unknown columns, no
    model, NaN or non-numeric scores, predicted labels that are not classes
    of ``y_true``, scores on a multi-class task, fewer than two classes, or an
    unknown positive class.
    """
    path, source, spool = _read_bytes(path)
    try:
        table = read_table(path)
    finally:
        if spool is not None:
            spool.cleanup()
    require_columns(table, ["y_true"], path.name)
    columns = _model_columns(table, path.name)
    if table["y_true"].dtype.kind == "U" and (table["y_true"] == "").any():
        raise InputError(f"{path.name}: y_true has {int((table['y_true'] == '').sum())} empty cell(s)")
    y_true = as_labels(table["y_true"], f"{path.name}: y_true")
    labels = sorted(_plain(v) for v in np.unique(y_true))
    if len(labels) < 2:
        raise InputError(f"{path.name}: y_true holds a single class ({labels[0]!r}); an assessment needs two or more")
    binary = len(labels) == 2
    pos = _as_positive(positive, labels, path.name) if binary else None
    models: dict[str, Model] = {}
    for name, cols in columns.items():
        scores = None
        if "_score" in cols:
            if not binary:
                raise InputError(f"{path.name}: column {cols['_score']} gives scores, but y_true has "
                                 f"{len(labels)} classes; scores are read for binary tasks only")
            scores = as_scores(table[cols["_score"]], f"{path.name}: column {cols['_score']}")
        if "_pred" in cols:
            column = table[cols["_pred"]]
            if column.dtype.kind == "U" and (column == "").any():
                raise InputError(f"{path.name}: column {cols['_pred']} has {int((column == '').sum())} empty cell(s)")
            pred = as_labels(column, f"{path.name}: column {cols['_pred']}")
            pred = _match_labels(pred, labels, cols["_pred"], path.name)
            models[name] = Model(name, pred, scores)
        else:
            negative = next(l for l in labels if l != pos)
            models[name] = Model(name, np.where(scores >= threshold, pos, negative), scores, float(threshold))
    return Predictions(source, y_true, labels, pos, models)
