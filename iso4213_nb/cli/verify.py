"""``iso4213-nb verify``: check a report folder's files and recompute its numbers."""

from __future__ import annotations

import argparse

DESCRIPTION = """\
Check a report folder written by 'iso4213-nb report', item by item: every
file against the SHA-256 recorded in its manifest.json (and no file the
manifest does not list), report.json against its JSON Schema, and every
number of report.json recomputed from the predictions the report was built
from (predictions.parquet in the folder, or the original file given with
--predictions, whose SHA-256 must match the one recorded).  Exit status 0
when everything matches, 1 with the list of differences otherwise, 2 when
DIR is not a report folder.
"""

#: Words for each status code of :mod:`iso4213_nb.report.verify`.
WORDS = {"ok": "ok", "changed": "CHANGED", "missing": "MISSING", "extra": "EXTRA", "differs": "DIFFERS",
         "invalid": "INVALID"}


def register(subparsers) -> None:
    """Add the ``verify`` sub-command (clause 8)."""
    parser = subparsers.add_parser("verify", help="check a report folder's hashes and recompute its numbers",
                                   description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", metavar="DIR", help="the report folder")
    parser.add_argument("--predictions", metavar="FILE",
                        help="the original predictions file (- for standard input) to recompute from")
    parser.set_defaults(func=run)


def describe(check) -> str:
    """One line for one check (a passing group gives its size) (clause 8)."""
    noun = {"file": "file", "input": "input", "schema": "schema", "number": "value"}[check.kind]
    if check.status == "ok":
        return f"{noun} {check.item}" + (f" ({check.count} {noun}s)" if check.count > 1 else "")
    if check.kind == "file":
        return {"changed": f"file {check.item}: its SHA-256 differs from the one in manifest.json",
                "missing": f"file {check.item}: listed in manifest.json but not in the folder",
                "extra": f"file {check.item}: in the folder but not listed in manifest.json"}[check.status]
    if check.kind == "input":
        return (f"input {check.item}: SHA-256 {check.found} differs from {check.recorded}, "
                "the input the report was built from")
    if check.kind == "schema":
        return f"{check.item}: {check.found}"
    if check.status == "missing":
        return f"value {check.item}: recomputed as {check.found}, absent from report.json"
    if check.status == "extra":
        return f"value {check.item}: report.json has {check.recorded}, which the recomputation does not produce"
    return f"value {check.item}: report.json has {check.recorded}, recomputed {check.found}"


def run(args) -> int:
    """Print one line per check (passing ones grouped) and a summary; 0 when all match, 1 otherwise (clause 8)."""
    from ..report.verify import verify_report

    result = verify_report(args.folder, args.predictions)
    for check in result.checks:
        print(f"{WORDS[check.status]:8} {describe(check)}")
    differences = result.differences
    counted = sum(c.count for c in result.checks)
    source = f" (numbers recomputed from {result.source})" if result.source else ""
    if differences:
        print(f"verify {args.folder}: {len(differences)} difference(s) in {counted} checks{source}")
        return 1
    print(f"verify {args.folder}: all {counted} checks match{source}")
    return 0
