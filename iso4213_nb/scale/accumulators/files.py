"""Partial results as portable files: a documented, versioned JSON format (never pickle).

A state file lets shards evaluated on different machines be assessed together
without moving their predictions: each machine writes the states of its
shard, and whoever holds all the files merges them.  The layout is::

    {"format": "iso4213-nb-state", "version": 4,
     "source": {"version": 1,
                "input": {"name": "shard-eu.csv", "sha256": "...", "size": 3573, "format": "csv", "rows": 240},
                "settings": {...the models and options every shard of a merge must share...}},
     "states": {"<name>": {"kind": "ScoreCounts", "config": {...}, "arrays": {...}}}}

``config`` holds the column names, the positive label, the binning and the
class labels (JSON numbers or strings exactly as the data had them);
``arrays`` holds each count array as ``{"dtype": "<i8", "shape": [...],
"base64": "..."}``: the little-endian bytes, so counts and float sums
round-trip bit for bit.

:func:`read_states` refuses, in one line naming the file, anything but
JSON of this ``format`` and a ``version`` from 1 to :data:`VERSION` that
``state.schema.json`` (beside this module) accepts and :mod:`.file_checks`
finds meaningful.  Whoever merges files (``metrics --states``, ``report
--states``) also refuses the same file, or two files of the same shard (the
same ``source.input.sha256``), given twice.

Versions: 1 held unweighted counts; 2 adds the ``weight`` column of sample
weights (float64 sums, ``<f8`` arrays), the rows and ``fractional`` flag of
confusion counts, :class:`~.classes.ClassScoreCounts`, :class:`~.counts.GroupedStates`
(any state per subgroup value), and the rows and log
loss of :class:`~.scores.CalibrationBins`.  Version 3 adds
:class:`~.labels.LabelSetCounts` (a multi-label model, 6.5), whose entry also holds
``ranking``: its per-label score states.  Version 4 makes the ``ranks`` of
:class:`~.classes.ClassScoreCounts` a (true class × rank) table, so that merged
files give top-k accuracy's bootstrap interval (a file of version 2 or 3
holds its column sums: top-k accuracy without the interval).  A version-1
file reads as before: its states are unweighted, its calibration bins have no
log loss; files of versions 2 and 3 read as before (``tests/data/state_files`` holds files that
the code of versions 1 and 2 wrote).  DeLong's second pass is not stored: it needs the
merged first pass of every shard, so it runs where the shards' predictions are.
"""

from __future__ import annotations

import base64
import json
import os
from dataclasses import fields
from functools import lru_cache
from pathlib import Path

import jsonschema
import numpy as np

from ...core.errors import InputError
from .bootstrap import PoissonBootstrap
from .classes import ClassScoreCounts
from .counts import ConfusionCounts, GroupedCounts, GroupedStates, PairedOutcomes
from .file_checks import Damaged, check_state, check_totals
from .file_schema import json_path, schema_problem
from .labels import LabelSetCounts
from .scores import BinnedScoreCounts, CalibrationBins, ScoreCounts

FORMAT = "iso4213-nb-state"
VERSION = 4
SCHEMA = Path(__file__).with_name("state.schema.json")
KINDS = {cls.__name__: cls for cls in (ConfusionCounts, GroupedCounts, PairedOutcomes, ScoreCounts,
                                       BinnedScoreCounts, CalibrationBins, PoissonBootstrap, ClassScoreCounts,
                                       GroupedStates, LabelSetCounts)}


def _array_to_json(array: np.ndarray) -> dict:
    little = np.ascontiguousarray(array, dtype=array.dtype.newbyteorder("<"))
    return {"dtype": little.dtype.str, "shape": list(little.shape),
            "base64": base64.b64encode(little.tobytes()).decode("ascii")}


def _array_from_json(entry: dict) -> np.ndarray:
    try:
        dtype = np.dtype(entry["dtype"])
        if dtype.kind not in "iuf":
            raise TypeError(dtype)
        data = base64.b64decode(entry["base64"], validate=True)
        return np.frombuffer(data, dtype=dtype).reshape(entry["shape"]).astype(dtype.newbyteorder("="))
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError("accumulators.damaged_array", detail=type(exc).__name__) from None


def _plain(value):
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def state_to_json(state) -> dict:
    """The JSON form of one state (see the module docstring).

    Beyond TS 4213: state files of the chunked evaluation of clause 6.
    """
    kind = type(state).__name__
    if kind not in KINDS:
        raise InputError("accumulators.not_storable", kind=kind)
    if isinstance(state, GroupedCounts):
        return {"kind": kind, "config": {"group": state.group, "true": state.true, "pred": state.pred,
                                         "weight": state.weight},
                "parts": [{"value": _plain(value), "state": state_to_json(part)}
                          for value, part in state.finalize().items()]}
    if isinstance(state, GroupedStates):
        return {"kind": kind, "config": {"group": state.group}, "template": state_to_json(state.template),
                "parts": [{"value": _plain(value), "state": state_to_json(part)}
                          for value, part in state.finalize().items()]}
    if isinstance(state, PoissonBootstrap):
        return {"kind": kind, "config": {"key": state.key, "seed": state.seed},
                "replicates": [state_to_json(s) for s in state.states]}
    if hasattr(state, "to_entry"):  # a state with nested states writes itself (LabelSetCounts)
        return {"kind": kind, **state.to_entry(state_to_json, _array_to_json)}
    config, arrays = {}, {}
    for f in fields(state):
        value = getattr(state, f.name)
        if isinstance(value, np.ndarray):
            arrays[f.name] = _array_to_json(value)
        else:
            config[f.name] = _plain(value)
    return {"kind": kind, "config": config, "arrays": arrays}


def state_from_json(entry: dict):
    """A state from its JSON form; a damaged entry is an :class:`InputError` (:func:`read_states` adds the file and state).

    Beyond TS 4213: state files of the chunked evaluation of clause 6.
    """
    kind = entry.get("kind") if isinstance(entry, dict) else None
    if kind not in KINDS:
        raise InputError("accumulators.unknown_kind", kind=repr(kind), known=sorted(KINDS))
    cls, config = KINDS[kind], entry.get("config", {})
    try:
        if cls is GroupedCounts:
            parts = _parts_of(entry)
            return GroupedCounts(config["group"], config["true"], config["pred"], parts, config.get("weight"))
        if cls is GroupedStates:
            parts = _parts_of(entry)
            return GroupedStates(config["group"], state_from_json(entry["template"]), parts)
        if cls is PoissonBootstrap:
            return PoissonBootstrap(config["key"], int(config["seed"]),
                                    [state_from_json(s) for s in entry["replicates"]])
        if hasattr(cls, "from_entry"):
            return cls.from_entry(entry, state_from_json, _array_from_json)
        arrays = {name: _array_from_json(a) for name, a in entry.get("arrays", {}).items()}
        values = {**config, **arrays}
        if "labels" in values:
            values["labels"] = tuple(values["labels"])
        for name in ("preds", "scores"):
            if name in config:
                values[name] = tuple(values[name])
        return cls(**values)
    except (KeyError, TypeError) as exc:
        raise InputError("accumulators.damaged_entry", kind=kind, detail=str(exc)) from None


def _parts_of(entry: dict) -> dict:
    """``{group value: state}`` of a grouped entry; a value given twice would lose a part silently, so it is refused."""
    parts = {}
    for part in entry["parts"]:
        if part["value"] in parts:
            raise InputError("state_file.group_value_twice", value=repr(part["value"]))
        parts[part["value"]] = state_from_json(part["state"])
    return parts


def write_states(path, states: dict, source: dict | None = None) -> Path:
    """Write ``{name: state}`` (and free ``source`` metadata) to ``path`` as a state file; returns the path.

    Beyond TS 4213: state files of the chunked evaluation of clause 6.
    """
    document = {"format": FORMAT, "version": VERSION, "source": source or {},
                "states": {name: state_to_json(state) for name, state in states.items()}}
    path = Path(path)
    partial = path.with_name(path.name + ".partial")  # a stop half-way leaves the old file, never half a state
    partial.write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    os.replace(partial, path)
    return path


def is_state_file(path) -> bool:
    """True when ``path`` starts as a state file of this format does (so that writing over it loses no user data).

    Beyond TS 4213: state files of the chunked evaluation of clause 6.
    """
    try:
        with open(path, "rb") as handle:
            head = handle.read(4096)
    except OSError:
        return False
    return head.lstrip().startswith(b"{") and f'"format": "{FORMAT}"'.encode() in head


def read_states(path) -> tuple[dict, dict]:
    """``(states, source)`` of a state file; one-line :class:`InputError` for anything else.

    The file is checked against ``state.schema.json``, then each state for
    what the schema cannot say (:mod:`.file_checks`); an error names the file,
    the place of the bad entry and what is wrong.

    Beyond TS 4213: state files of the chunked evaluation of clause 6.
    """
    path = Path(path)
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError("source.no_such_file", file=path) from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise InputError("accumulators.not_json", path=path) from None
    except RecursionError:  # "[" a hundred thousand times: Python's parser recurses once per level
        raise InputError("accumulators.too_deep", path=path) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise InputError("accumulators.foreign_format", path=path, format=repr(FORMAT))
    version = document.get("version")
    if not isinstance(version, int) or version > VERSION or version < 1:
        raise InputError("accumulators.state_file_version", path=path, version=repr(version), newest=VERSION)
    schema_error = next(_validator().iter_errors(document), None)
    if schema_error is not None:
        raise InputError("state_file.schema", path=path, where=json_path(schema_error.absolute_path),
                         error=schema_problem(schema_error, KINDS)) from None
    states = {name: _state_in_file(entry, path, name) for name, entry in document["states"].items()}
    try:
        check_totals(states)
    except Damaged as exc:
        raise InputError("state_file.damaged", path=path, error=exc.error) from None
    return states, document.get("source") or {}


@lru_cache(maxsize=1)
def _validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))


def _state_in_file(entry, path: Path, name: str):
    try:
        state = state_from_json(entry)
        check_state(state)
    except InputError as exc:
        raise InputError("accumulators.in_state", path=path, name=repr(name), error=exc) from None
    except Damaged as exc:
        if not exc.where:
            raise InputError("accumulators.in_state", path=path, name=repr(name), error=exc.error) from None
        raise InputError("state_file.in_part", path=path, name=repr(name), where=exc.where, error=exc.error) from None
    return state
