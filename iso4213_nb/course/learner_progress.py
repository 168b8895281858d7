"""A learner's progress through the course exercises, kept in one local JSON file.

Where: the file named by the environment variable ``ISO4213_PROGRESS``, else
``~/.iso4213-nb/progress.json``.  Never inside the repository (the notebooks
stay clean and shareable): a path there is refused.  Nothing leaves the
machine.

What: for every exercise key of :mod:`iso4213_nb.course.contents`, the number of
attempts, whether it was solved, whether the answer was revealed, and the
last replies with their results and times (UTC)::

    {"format": "iso4213-nb progress", "version": 1,
     "exercises": {"06.3": {"attempts": 2, "solved": true, "revealed": false,
                            "history": [{"at": "2026-11-23T09:40:00Z", "reply": "0", "result": "zero for no value"},
                                        {"at": "...", "reply": "inf", "result": "correct"}]}}}

A file that is not such a record is never overwritten: saving reports why it
could not save, and the exercise keeps working.
"""

from __future__ import annotations

import json
import os
import tempfile
from datetime import datetime, timezone
from pathlib import Path

from ..core.errors import InputError
from .contents import COURSE, exercise
from .exercise_bank import kind_of
from .items import KINDS

ENV_VAR = "ISO4213_PROGRESS"
FORMAT = "iso4213-nb progress"
VERSION = 1
#: Replies kept per exercise (the oldest are dropped).
HISTORY = 20
_CHECKOUT = Path(__file__).resolve().parents[2]


class ProgressError(Exception):
    """The progress file cannot be read or written; the message is one line naming the file.

    Beyond TS 4213: the course's record of exercises.
    """


def record_path() -> Path:
    """The progress file: ``$ISO4213_PROGRESS`` or ``~/.iso4213-nb/progress.json``; refused inside the repository.

    Beyond TS 4213: the course's record of exercises.
    """
    configured = os.environ.get(ENV_VAR, "").strip()
    path = Path(configured).expanduser() if configured else Path.home() / ".iso4213-nb" / "progress.json"
    path = path.resolve()
    if (_CHECKOUT / "notebooks").is_dir() and path.is_relative_to(_CHECKOUT):
        raise ProgressError(f"{path}: the progress file must be outside the repository; set {ENV_VAR} elsewhere")
    return path


def _empty() -> dict:
    return {"format": FORMAT, "version": VERSION, "exercises": {}}


def load(path: Path | None = None) -> dict:
    """The record at ``path`` (default :func:`record_path`); an empty record when the file does not exist yet.

    Beyond TS 4213: the course's record of exercises.
    """
    path = record_path() if path is None else Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return _empty()
    except OSError as error:
        raise ProgressError(f"{path}: cannot read ({error.strerror})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ProgressError(f"{path}: not a progress file (invalid JSON at line {error.lineno}); left untouched") from None
    if not (isinstance(data, dict) and data.get("format") == FORMAT and isinstance(data.get("exercises"), dict)):
        raise ProgressError(f"{path}: not a progress file written by iso4213-nb; left untouched")
    return data


def save_attempt(key: str, reply: str, result: str, *, correct: bool | None, path: Path | None = None,
                 kind: str | None = None) -> Path:
    """Add one reply to exercise ``key``'s entry and write the file atomically; return its path.

    ``correct`` is the verdict (``None`` for a revealed answer, which counts as revealed, not attempted).
    ``kind`` (one of :data:`iso4213_nb.course.items.KINDS`) is stored with the entry; for a prediction
    (``"predict"``) ``correct`` says whether the prediction held, and the entry counts as solved once the learner
    has checked it either way (a prediction that fails teaches as much), with ``held`` recording the outcome.
    Raises :class:`ProgressError` when the file cannot be used.

    Beyond TS 4213: the course's record of exercises.
    """
    exercise(key)
    path = record_path() if path is None else Path(path)
    data = load(path)
    entry = data["exercises"].setdefault(key, {"attempts": 0, "solved": False, "revealed": False, "history": []})
    if kind is not None:
        entry["kind"] = kind
    if correct is None:
        entry["revealed"] = True
    elif kind == "predict":
        entry["attempts"] += 1
        entry["solved"] = True
        entry.setdefault("held", bool(correct))  # the first prediction counts; the learner commits only once
    else:
        entry["attempts"] += 1
        entry["solved"] = entry["solved"] or bool(correct)
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    entry["history"] = (entry["history"] + [{"at": stamp, "reply": str(reply)[:200], "result": result}])[-HISTORY:]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent, prefix=".progress-",
                                         suffix=".tmp", delete=False) as handle:
            json.dump(data, handle, ensure_ascii=False, indent=1)
        os.replace(handle.name, path)
    except OSError as error:
        raise ProgressError(f"{path}: cannot write ({error.strerror})") from None
    return path


def summary(path: Path | None = None) -> list[dict]:
    """Per lesson of the course: exercises, how many attempted, solved, and revealed before being solved.

    Returns one dict per lesson in course order, with ``code``, ``title``, ``exercises``, ``attempted``,
    ``solved``, ``revealed``, ``todo`` (the labels of exercises not solved yet), ``kinds`` (how many exercises of
    each kind of :data:`iso4213_nb.course.items.KINDS` the lesson has) and ``predictions``/``held`` (predictions
    checked, and how many of them held).

    Beyond TS 4213: the course's record of exercises.
    """
    done = load(path)["exercises"]
    rows = []
    for lesson in COURSE:
        entries = [done.get(key, {}) for key, _label in lesson.exercises]
        kinds = [_kind(key, e) for (key, _label), e in zip(lesson.exercises, entries)]
        predictions = [e for kind, e in zip(kinds, entries) if kind == "predict"]
        rows.append({
            "code": lesson.code, "title": lesson.title, "exercises": len(entries), **_tally(entries),
            "todo": [label for (_key, label), e in zip(lesson.exercises, entries) if not e.get("solved")],
            "kinds": {kind: kinds.count(kind) for kind in KINDS},
            "predictions": sum(bool(e.get("solved")) for e in predictions),
            "held": sum(bool(e.get("held")) for e in predictions),
        })
    return rows


def _tally(entries) -> dict:
    """How many of the exercise ``entries`` were attempted, solved, and revealed before being solved."""
    return {"attempted": sum(e.get("attempts", 0) > 0 for e in entries),
            "solved": sum(bool(e.get("solved")) for e in entries),
            "revealed": sum(bool(e.get("revealed")) and not e.get("solved") for e in entries)}


def _kind(key: str, entry) -> str:
    """The kind of exercise ``key``: from its definition, else as the record saved it, else a number."""
    saved = entry.get("kind") if isinstance(entry, dict) else None
    return kind_of(key) or (saved if saved in KINDS else "number")


def class_summary(paths) -> list[dict]:
    """A class's progress: for every exercise of the course, how many of the learners' records (``paths``) show it
    attempted, solved, and revealed before being solved.

    Returns one dict per exercise in course order, with ``key``, ``lesson`` (its code), ``label``, ``learners``
    (the number of records), ``attempted``, ``solved``, ``revealed``, ``attempts`` (replies summed over the learners),
    ``kind`` and ``held`` (for a prediction, how many learners' predictions held).  A path that is not a file, or
    not a progress record, raises :class:`~iso4213_nb.core.errors.InputError` naming it.

    Beyond TS 4213: the course's record of exercises.
    """
    records = []
    for path in map(Path, paths):
        if not path.is_file():
            raise InputError("course.no_progress_file", path=str(path))
        try:
            records.append(load(path)["exercises"])
        except ProgressError:
            raise InputError("course.not_a_progress_file", path=str(path)) from None
    rows = []
    for lesson in COURSE:
        for key, label in lesson.exercises:
            entries = [_entry(record.get(key)) for record in records]
            rows.append({
                "key": key, "lesson": lesson.code, "label": label, "learners": len(records), **_tally(entries),
                "attempts": sum(e.get("attempts", 0) for e in entries),
                "kind": _kind(key, next((e for e in entries if e.get("kind")), None)),
                "held": sum(bool(e.get("held")) for e in entries),
            })
    return rows


def _entry(entry) -> dict:
    """One exercise's entry of a record as a dict whose ``attempts`` is a whole number (a hand-edited file may differ)."""
    if not isinstance(entry, dict):
        return {}
    attempts = entry.get("attempts", 0)
    return {**entry, "attempts": attempts if isinstance(attempts, int) and attempts >= 0 else 0}
