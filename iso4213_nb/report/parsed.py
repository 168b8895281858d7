"""The parsed predictions as a Parquet file: how the report notebook (and ``verify``) get the data.

The predictions are read and checked once, by the input layer, in the
command's process.  The report notebook's kernel must not read the user's
file again (a pipe or standard input can be read only once, and a second
reader could disagree with the first), so :func:`write_parsed` stores the
typed columns exactly as checked in ``predictions.parquet`` inside the report
folder, and :func:`read_parsed` turns it back into the same
:class:`~iso4213_nb.inputs.Predictions`.  The file stays in the
report so that ``iso4213-nb verify`` can recompute every number without the
original input.

Columns: ``y_true``, then ``pred.<i>`` and, for a scored model,
``score.<i>`` for the i-th model (model names are user text, so they are kept
in the metadata rather than in column names); class scores as
``classscore.<i>.<j>`` (class j of the labels); a multi-label task has
``y_true.<j>`` per label instead of ``y_true``, and ``pred.<i>.<j>`` /
``score.<i>.<j>``; subgroups ``group.<k>`` and the weights ``weight``.  The
schema metadata ``iso4213-nb`` holds JSON: the task, the labels (label names
of a multi-label task), the positive class, the models (name, columns,
threshold the labels were derived at, whether they are the arg-max), the
subgroup attributes and the input's source (name, SHA-256, size, format).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from ..core.errors import InputError
from ..inputs import InputSource, Model, Predictions
from .tasks import plain

PARSED = "predictions.parquet"
_KEY = b"iso4213-nb"


def _column(values: np.ndarray) -> pa.Array:
    """An Arrow array of the same values; numbers without a copy (and without pyarrow importing pandas)."""
    if values.dtype.kind in "iuf":
        values = np.ascontiguousarray(values)
        return pa.Array.from_buffers(pa.from_numpy_dtype(values.dtype), len(values), [None, pa.py_buffer(values)])
    return pa.array(values.astype(str).tolist(), type=pa.large_string())


def _matrix(columns: dict, prefix: str, matrix: np.ndarray | None) -> list[str] | None:
    """Store the columns of ``matrix`` as ``<prefix>.<j>``; their names, or None without a matrix."""
    if matrix is None:
        return None
    names = [f"{prefix}.{j}" for j in range(matrix.shape[1])]
    for name, j in zip(names, range(matrix.shape[1])):
        columns[name] = _column(np.ascontiguousarray(matrix[:, j]))
    return names


def write_parsed(pred: Predictions, path: Path) -> Path:
    """Write ``pred`` to the Parquet file ``path`` (layout in the module docstring); returns ``path`` (clause 8)."""
    columns = {}
    if pred.y_true is not None:
        columns["y_true"] = _column(pred.y_true)
    truth = _matrix(columns, "y_true", pred.y_true_matrix)
    models = []
    for i, (name, model) in enumerate(pred.models.items()):
        entry = {"name": name, "pred": None, "score": None, "derived_at": model.derived_at,
                 "labels_from_argmax": model.labels_from_argmax}
        if model.pred is not None:
            columns[f"pred.{i}"] = _column(model.pred)
            entry["pred"] = f"pred.{i}"
        if model.scores is not None:
            columns[f"score.{i}"] = _column(np.asarray(model.scores, dtype=np.float64))
            entry["score"] = f"score.{i}"
        entry["score_matrix"] = _matrix(columns, f"classscore.{i}", model.score_matrix)
        entry["pred_matrix"] = _matrix(columns, f"pred.{i}", model.pred_matrix)
        entry["score_matrix_ml"] = _matrix(columns, f"score.{i}", model.score_matrix_ml)
        models.append(entry)
    groups = [[name, f"group.{k}"] for k, name in enumerate(pred.groups)]
    for (name, column) in groups:
        columns[column] = _column(np.asarray(pred.groups[name]))
    if pred.weight is not None:
        columns["weight"] = _column(np.asarray(pred.weight, dtype=np.float64))
    source = pred.source
    info = {"task": pred.task, "labels": [plain(v) for v in pred.labels], "positive": plain(pred.positive),
            "models": models, "y_true_matrix": truth, "groups": groups, "weight": pred.weight is not None,
            "source": {"name": source.file_name, "sha256": source.sha256, "size": source.size, "format": source.format}}
    table = pa.table(columns).replace_schema_metadata({_KEY: json.dumps(info, allow_nan=False).encode()})
    pq.write_table(table, path, compression="zstd")
    return path


def _array(column: pa.ChunkedArray) -> np.ndarray:
    if pa.types.is_large_string(column.type) or pa.types.is_string(column.type):
        return np.asarray(column.to_numpy(zero_copy_only=False), dtype=str)
    return column.to_numpy()


def _stacked(table: pa.Table, names: list[str] | None, dtype) -> np.ndarray | None:
    return None if names is None else np.column_stack([table[n].to_numpy() for n in names]).astype(dtype, copy=False)


def read_parsed(path) -> Predictions:
    """The :class:`Predictions` stored by :func:`write_parsed`; :class:`InputError` when ``path`` is not such a file
    (clause 8)."""
    try:
        table = pq.read_table(path)
        info = json.loads(table.schema.metadata[_KEY])
    except (OSError, KeyError, TypeError, ValueError, pa.ArrowException) as exc:
        raise InputError("report.not_parsed", path=str(path), detail=exc.__class__.__name__) from None
    models = {}
    for entry in info["models"]:
        scores = None if entry["score"] is None else table[entry["score"]].to_numpy()
        models[entry["name"]] = Model(
            name=entry["name"], pred=None if entry["pred"] is None else _array(table[entry["pred"]]), scores=scores,
            derived_at=entry["derived_at"], labels_from_argmax=entry.get("labels_from_argmax", False),
            score_matrix=_stacked(table, entry.get("score_matrix"), np.float64),
            pred_matrix=_stacked(table, entry.get("pred_matrix"), np.int8),
            score_matrix_ml=_stacked(table, entry.get("score_matrix_ml"), np.float64))
    task = info.get("task", "binary" if len(info["labels"]) == 2 else "multiclass")
    multilabel = task == "multilabel"
    return Predictions(source=InputSource(**info["source"]),
                       y_true=None if multilabel else _array(table["y_true"]), labels=info["labels"],
                       positive=info["positive"], models=models, task=task,
                       groups={name: _array(table[column]) for name, column in info.get("groups", [])},
                       weight=table["weight"].to_numpy() if info.get("weight") else None,
                       label_names=list(info["labels"]) if multilabel else [],
                       y_true_matrix=_stacked(table, info.get("y_true_matrix"), np.int8))
