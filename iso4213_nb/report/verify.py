"""Checking a report folder against its audit trail (``iso4213-nb verify``).

:func:`verify_report` checks, item by item,

1. every file listed in ``manifest.json`` against its recorded SHA-256, and
   that the folder holds no file the manifest does not list;
2. the input: by default the parsed predictions the report was built from
   (``predictions.parquet`` in the folder, covered by step 1); with
   ``predictions=FILE`` the original file, whose SHA-256 must equal the one
   recorded when the report was built;
3. ``report.json`` against the schema that ships with the package;
4. every value of ``report.json`` that follows from the predictions and the
   checklist answers, recomputed from that input with the current code
   (:func:`iso4213_nb.report.content.build`) and compared exactly.  What was
   measured rather than computed (the test environment, inference timings, the
   time of writing) cannot be recomputed and is covered by the file hashes only.

A manifest entry that is absolute or leads out of the folder (``../x``,
``/etc/hostname``, a link to elsewhere) is refused without reading the file it
names: a folder received from someone else must not make ``verify`` confirm
guesses about other files of the machine.  Values that are not recomputed
(:data:`TAKEN_FROM_REPORT`, and every value of a report made from state files)
are said to be so, never counted as matching.  A tampered manifest is not
detectable from inside the folder: keep the manifest's own SHA-256 elsewhere.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from ..core.errors import InputError
from . import content, summary, uncertainty
from .manifest import NOT_LISTED, read_manifest, sha256_file
from .parsed import read_parsed
from .schema import schema_errors

#: Status codes of a check.
OK, CHANGED, MISSING, EXTRA, DIFFERS, INVALID = "ok", "changed", "missing", "extra", "differs", "invalid"
#: A manifest entry outside the folder (not read), and a value that was not recomputed (with a reason code).
OUTSIDE, NOT_RECOMPUTED_STATUS = "outside", "not_recomputed"
#: Why values were not recomputed: the recomputation takes them from report.json itself; the report keeps no rows.
FROM_REPORT, NO_ROWS = "from_report", "no_rows"
#: JSON paths (indices removed) of report.json that the recomputation takes from report.json itself.
TAKEN_FROM_REPORT = re.compile(r"checklist\.answer|title|input\.(meta|demo|top_k)|interval_settings(\..*)?")
#: Keys of report.json that were measured or stamped, not computed from the input.
NOT_RECOMPUTED = ("generated_utc", "environment", "inference")


@dataclass
class Check:
    """One verified item (clause 8).

    ``kind``: ``"file"``, ``"input"``, ``"schema"`` or ``"number"``; ``item``: a relative file path, a JSON
    path such as ``models.a.assessment.accuracy``, or for passing checks a group of them (``assets/``,
    ``models.a.assessment``) with ``count`` members; ``status``: :data:`OK`, :data:`CHANGED` (hash differs),
    :data:`MISSING`, :data:`EXTRA` (not in the manifest), :data:`DIFFERS` (recomputed value differs),
    :data:`INVALID` (unreadable or against the schema), :data:`OUTSIDE` (not read) or
    :data:`NOT_RECOMPUTED_STATUS` (neither a match nor a difference), put in words by the command line;
    ``recorded``, ``found``: for a difference, the recorded and the recomputed (or actual) value; for an invalid
    item, ``found`` holds the reason; for values not recomputed, the reason code (:data:`FROM_REPORT`,
    :data:`NO_ROWS`).
    """

    kind: str
    item: str
    status: str
    recorded: object = None
    found: object = None
    count: int = 1


@dataclass
class Verification:
    """All checks of one report folder, in the order made (clause 8)."""

    folder: Path
    checks: list[Check] = field(default_factory=list)
    source: str = ""

    @property
    def differences(self) -> list[Check]:
        """The checks that failed."""
        return [c for c in self.checks if c.status not in (OK, NOT_RECOMPUTED_STATUS)]

    @property
    def not_recomputed(self) -> int:
        """How many values were neither confirmed nor found to differ."""
        return sum(c.count for c in self.checks if c.status == NOT_RECOMPUTED_STATUS)

    @property
    def ok(self) -> bool:
        """True when every check passed."""
        return not self.differences


def _walk_files(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*")
                  if (p.is_file() or p.is_symlink()) and p.relative_to(folder).as_posix() not in NOT_LISTED)


def _group_key(check: Check) -> str:
    """Files group by their top folder; values by ``models.<name>.<section>`` or ``<section>.<key>``, without indices."""
    if check.kind == "file":
        parts = check.item.split("/")
        return parts[0] + "/" if len(parts) > 1 else check.item
    parts = re.sub(r"\[\d+\]", "", check.item).split(".")
    return ".".join(parts[:3 if parts[0] == "models" else 2])


def _group_ok(checks: list[Check]) -> list[Check]:
    """Collapse passing (or not recomputed) checks with the same :func:`_group_key` and status into one record with a
    count (first-seen order)."""
    grouped: list[Check] = []
    groups: dict[tuple, Check] = {}
    for check in checks:
        if check.status not in (OK, NOT_RECOMPUTED_STATUS):
            grouped.append(check)
            continue
        key = (_group_key(check), check.status, check.found if check.status != OK else None)
        if key in groups:
            groups[key].count += check.count
        else:
            groups[key] = Check(check.kind, key[0], check.status, found=key[2], count=check.count)
            grouped.append(groups[key])
    return grouped


def in_folder(folder: Path, rel: str) -> Path | None:
    """The file that manifest entry ``rel`` names inside ``folder``, or None when the entry is absolute, climbs out
    (``..``) or leads out through a symbolic link (clause 8; beyond TS 4213: SHA-256 manifest)."""
    pure = PurePosixPath(rel)
    if not rel or pure.is_absolute() or ".." in pure.parts or "\\" in rel or ":" in pure.parts[0]:
        return None
    path = folder / pure
    root = folder.resolve()
    return path if path.resolve().is_relative_to(root) else None


def check_files(folder: Path, manifest: dict) -> list[Check]:
    """Each listed file against its SHA-256 (missing, changed, ok), then every file the manifest does not list
    (clause 8)."""
    listed = manifest["files"]
    checks = []
    for rel, entry in listed.items():
        path = in_folder(folder, rel)
        if path is None:
            checks.append(Check("file", rel, OUTSIDE))
        elif not path.is_file():
            checks.append(Check("file", rel, MISSING))
        else:
            digest = sha256_file(path)
            checks.append(Check("file", rel, OK if digest == entry["sha256"] else CHANGED, entry["sha256"], digest))
    checks += [Check("file", rel, EXTRA) for rel in _walk_files(folder) if rel not in listed]
    return _group_ok(checks)


def _leaves(value, path: str):
    """(json path, leaf value) pairs of a JSON value, depth first."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _leaves(item, f"{path}[{i}]")
    else:
        yield path, value


def _same(a, b) -> bool:
    """Exact equality of JSON leaves; ``1`` and ``1.0`` differ in type but not in value."""
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    return a == b and type(a) is type(b)


def compare_numbers(recorded: dict, recomputed: dict) -> list[Check]:
    """Every leaf of ``recomputed`` against the same path in ``recorded``; extra recorded leaves are differences.

    Passing leaves are grouped (:func:`_group_key`) (clause 8).
    """
    old = dict(_leaves(recorded, ""))
    new = dict(_leaves(recomputed, ""))
    checks = []
    for path, value in new.items():
        if path not in old:
            checks.append(Check("number", path, MISSING, None, value))
        elif TAKEN_FROM_REPORT.fullmatch(re.sub(r"\[\d+\]", "", path)):
            checks.append(Check("number", path, NOT_RECOMPUTED_STATUS, found=FROM_REPORT))
        else:
            checks.append(Check("number", path, OK if _same(old[path], value) else DIFFERS, old[path], value))
    checks += [Check("number", path, EXTRA, value, None) for path, value in old.items() if path not in new]
    return _group_ok(checks)


def recompute(report: dict, pred) -> dict:
    """``report.json`` as the current code computes it from ``pred`` and the report's own checklist answers (clause 8).

    The keys of :data:`NOT_RECOMPUTED` are left out, and so is the input's name.
    """
    answers = {entry["key"]: entry["answer"] for entry in report.get("checklist", []) if entry.get("answer")}
    placements = uncertainty.placements_by_model(pred)
    fresh = content.build(pred, answers, title=report["title"], meta_name=report["input"]["meta"],
                          demo=report["input"]["demo"], environment=report["environment"],
                          inference=report["inference"], top_k=report["input"].get("top_k", ()), placements=placements)
    if "interval_settings" in report:  # seeded, so the bootstrap intervals recompute exactly
        uncertainty.extend(fresh, uncertainty.Rows(pred, placements),
                           uncertainty.settings_from_json(report["interval_settings"]))
    summary.attach(fresh)
    return _recorded(json.loads(json.dumps(fresh, default=content.json_default, allow_nan=False)))


def _recorded(report: dict) -> dict:
    kept = {key: value for key, value in report.items() if key not in NOT_RECOMPUTED}
    if isinstance(kept.get("input"), dict):
        kept["input"] = {key: value for key, value in kept["input"].items() if key != "predictions"}
    return kept


def _field(manifest: dict, *keys):
    """``manifest[keys[0]][keys[1]]...``; :class:`InputError` naming the key when the manifest lacks it."""
    value = manifest
    for key in keys:
        if not isinstance(value, dict) or key not in value:
            raise InputError("report.manifest_field", field=".".join(keys))
        value = value[key]
    return value


def verify_report(folder, predictions=None) -> Verification:
    """Verify report folder ``folder`` (see the module docstring); ``predictions`` is the original input or None.

    Raises :class:`InputError` (one line) when ``folder`` is not a report
    folder of this tool or ``predictions`` cannot be read at all (clause 8).
    """
    from .build import read_input  # the report's one reader of user files

    folder = Path(folder)
    if not folder.is_dir():
        raise InputError("report.no_folder", folder=str(folder))
    manifest = read_manifest(folder)
    result = Verification(folder, check_files(folder, manifest))
    recorded_input = {key: _field(manifest, "inputs", "predictions", key) for key in ("sha256", "parsed")}
    threshold = _field(manifest, "parameters", "threshold")
    report_path = folder / "report.json"
    try:
        report = json.loads(report_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        result.checks.append(Check("schema", "report.json", INVALID, found=exc.__class__.__name__))
        return result
    errors = schema_errors(report)
    result.checks += [Check("schema", f"report.json {where}", INVALID, found=message) for where, message in errors]
    if errors:
        return result
    if recorded_input["parsed"] is None:  # a report from counts (report.streamed) keeps no rows
        if predictions is not None:
            raise InputError("report.verify_counts", folder=str(folder))
        values = sum(1 for _ in _leaves(_recorded(report), ""))
        result.checks.append(Check("number", "report.json", NOT_RECOMPUTED_STATUS, found=NO_ROWS, count=values))
        return result
    if predictions is None:
        parsed = in_folder(folder, recorded_input["parsed"])
        if parsed is None:
            result.checks.append(Check("file", recorded_input["parsed"], OUTSIDE))
            return result
        result.source = recorded_input["parsed"]
        pred = read_parsed(parsed)
    else:
        pred = read_input(predictions, positive=report["input"]["positive"],
                          threshold=threshold, reading=_field(manifest, "parameters", "reading") or {})
        result.source = pred.source.file_name
        result.checks.append(Check("input", pred.source.file_name,
                                   OK if pred.source.sha256 == recorded_input["sha256"] else CHANGED,
                                   recorded_input["sha256"], pred.source.sha256))
    result.checks += compare_numbers(_recorded(report), recompute(report, pred))
    return result
