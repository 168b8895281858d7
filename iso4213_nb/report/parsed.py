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
in the metadata rather than in column names).  The schema metadata
``iso4213-nb`` holds JSON: the labels, the positive class, the models (name,
columns, threshold the labels were derived at) and the input's source
(name, SHA-256, size, format).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from ..errors import InputError
from ..inputs import InputSource, Model, Predictions

PARSED = "predictions.parquet"
_KEY = b"iso4213-nb"


def _plain(value):
    return value.item() if isinstance(value, np.generic) else value


def _column(values: np.ndarray) -> pa.Array:
    """An Arrow array of the same values; numbers without a copy (and without pyarrow importing pandas)."""
    if values.dtype.kind in "iuf":
        values = np.ascontiguousarray(values)
        return pa.Array.from_buffers(pa.from_numpy_dtype(values.dtype), len(values), [None, pa.py_buffer(values)])
    return pa.array(values.astype(str).tolist(), type=pa.large_string())


def write_parsed(pred: Predictions, path: Path) -> Path:
    """Write ``pred`` to the Parquet file ``path`` (layout in the module docstring); returns ``path`` (clause 8)."""
    columns = {"y_true": _column(pred.y_true)}
    models = []
    for i, (name, model) in enumerate(pred.models.items()):
        columns[f"pred.{i}"] = _column(model.pred)
        entry = {"name": name, "pred": f"pred.{i}", "score": None, "derived_at": model.derived_at}
        if model.scores is not None:
            columns[f"score.{i}"] = _column(np.asarray(model.scores, dtype=np.float64))
            entry["score"] = f"score.{i}"
        models.append(entry)
    source = pred.source
    info = {"labels": [_plain(v) for v in pred.labels], "positive": _plain(pred.positive), "models": models,
            "source": {"name": source.file_name, "sha256": source.sha256, "size": source.size, "format": source.format}}
    table = pa.table(columns).replace_schema_metadata({_KEY: json.dumps(info, allow_nan=False).encode()})
    pq.write_table(table, path, compression="zstd")
    return path


def _array(column: pa.ChunkedArray) -> np.ndarray:
    if pa.types.is_large_string(column.type) or pa.types.is_string(column.type):
        return np.asarray(column.to_numpy(zero_copy_only=False), dtype=str)
    return column.to_numpy()


def read_parsed(path) -> Predictions:
    """The :class:`Predictions` stored by :func:`write_parsed`; :class:`InputError` when ``path`` is not such a file.

    Clause 8.
    """
    try:
        table = pq.read_table(path)
        info = json.loads(table.schema.metadata[_KEY])
    except (OSError, KeyError, TypeError, ValueError, pa.ArrowException) as exc:
        raise InputError(f"{path}: not a predictions file written by iso4213-nb ({exc.__class__.__name__})") from None
    models = {}
    for entry in info["models"]:
        scores = None if entry["score"] is None else table[entry["score"]].to_numpy()
        models[entry["name"]] = Model(name=entry["name"], pred=_array(table[entry["pred"]]), scores=scores,
                                      derived_at=entry["derived_at"])
    return Predictions(source=InputSource(**info["source"]), y_true=_array(table["y_true"]), labels=info["labels"],
                       positive=info["positive"], models=models)
