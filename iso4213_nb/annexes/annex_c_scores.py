"""Annex C's top-1 / top-5 columns recomputed from a file of class scores (a small generated example).

Table C.1 prints accuracy, top-1 error and top-5 error as published, with no
way to check them.  Given the scores each model gave each class of each
test image, they are recomputed in one line:
top-k accuracy is the share of images whose true class is among the k
highest scores, and top-k error is 1 minus it (so accuracy + top-1 error is
exactly 1, the check Annex C's rows fail or pass).

The example is generated (:func:`generate`), saved in the predictions-file
layout of issue 11 and read back through :mod:`iso4213_nb.inputs`.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.csv as pacsv

from ..core.errors import InputError
from ..inputs import label_columns, read_table, score_column
from ..measures.multiclass_scores import top_k_accuracies

SCORE_MARK = "_score_"
#: The generated models and how strongly their scores point at the true class (larger is better).
MODELS = {"small_net": 1.6, "large_net": 2.6}


def generate(n_images: int = 400, n_classes: int = 10, seed: int = 0) -> tuple[np.ndarray, dict, list]:
    """Softmax scores of the :data:`MODELS` on ``n_images`` images of ``n_classes`` classes (Annex C example data).

    Returns ``(y_true, {model: n × k scores}, labels)``; labels are
    ``"class_00"``, ``"class_01"``, …, the scores of each row add up to 1.
    """
    rng = np.random.default_rng(seed)
    labels = [f"class_{j:02d}" for j in range(n_classes)]
    codes = rng.integers(0, n_classes, n_images)
    models = {}
    for name, signal in MODELS.items():
        logits = rng.normal(size=(n_images, n_classes)) + signal * np.eye(n_classes)[codes]
        scores = np.exp(logits - logits.max(axis=1, keepdims=True))
        models[name] = scores / scores.sum(axis=1, keepdims=True)
    return np.asarray(labels)[codes], models, labels


def write_scores(path, y_true, models: dict, labels: list) -> Path:
    """Write ``y_true`` and the models' scores as CSV, columns ``<model>_score_<class>`` (Annex C example)."""
    columns = {"y_true": pa.array(np.asarray(y_true).astype(str))}
    for name, scores in models.items():
        for j, label in enumerate(labels):
            columns[f"{name}{SCORE_MARK}{label}"] = pa.array(np.asarray(scores)[:, j])
    path = Path(path)
    pacsv.write_csv(pa.table(columns), path)
    return path


def read_scores(path) -> tuple[np.ndarray, dict, list]:
    """Read a file laid out as :func:`write_scores` through the input layer (Annex C example).

    Returns ``(y_true, {model: scores}, labels)``.

    The classes are those named in the score columns, in the order of the
    file's columns; every model must score the same classes.
    """
    table = read_table(path)
    table.require(["y_true"])
    y_true = label_columns(table, ["y_true"])["y_true"][0]
    columns: dict[str, list[str]] = {}
    for name in table.names:
        if SCORE_MARK in name:
            model, _ = name.split(SCORE_MARK, 1)
            columns.setdefault(model, []).append(name)
    if not columns:
        raise InputError("annexes.no_score_columns", path=str(path), mark=SCORE_MARK)
    labels = [name.split(SCORE_MARK, 1)[1] for name in next(iter(columns.values()))]
    for model, names in columns.items():
        if [name.split(SCORE_MARK, 1)[1] for name in names] != labels:
            raise InputError("annexes.other_classes", path=str(path), model=model)
    models = {model: np.column_stack([score_column(table, name) for name in names])
              for model, names in columns.items()}
    return y_true, models, labels


def top_k_table(y_true, models: dict, labels: list) -> list[dict]:
    """Per model: top-1 and top-5 accuracy and error (Annex C, Table C.1's columns), as fractions.

    ``{"model", "top1_accuracy", "top1_error", "top5_accuracy", "top5_error"}``
    per row, computed by :func:`iso4213_nb.measures.multiclass_scores.top_k_accuracies`.
    """
    rows = []
    for name, scores in models.items():
        top = top_k_accuracies(y_true, scores, labels, (1, 5))
        rows.append({"model": name, "top1_accuracy": top[1], "top1_error": 1 - top[1],
                     "top5_accuracy": top[5], "top5_error": 1 - top[5]})
    return rows
