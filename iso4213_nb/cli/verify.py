"""``iso4213-nb verify``: check a report folder's files and recompute its numbers."""

from __future__ import annotations

import argparse

from ..words.i18n import N_, _

DESCRIPTION = """\
Check a report folder written by 'iso4213-nb report', item by item: every
file against the SHA-256 recorded in its manifest.json (and no file the
manifest does not list), report.json against its JSON Schema, and every
number of report.json recomputed from the predictions the report was built
from (predictions.parquet in the folder, or the original file given with
--predictions, whose SHA-256 must match the one recorded).  A manifest
entry outside the folder (absolute, with "..", or a link to elsewhere) is
refused unread; values that could not be recomputed are named as such,
never counted as matching.  Exit status 0
when everything matches, 1 with the list of differences otherwise, 2 when
DIR is not a report folder.
"""

#: Words for each status code of :mod:`iso4213_nb.report.verify`.
WORDS = {"ok": N_("ok"), "changed": N_("CHANGED"), "missing": N_("MISSING"), "extra": N_("EXTRA"),
         "differs": N_("DIFFERS"), "invalid": N_("INVALID"), "outside": N_("REFUSED"),
         "not_recomputed": N_("NOT RECOMPUTED")}
#: Why values were not recomputed (reason codes of :mod:`iso4213_nb.report.verify`).
_NOT_RECOMPUTED = {"from_report": N_("taken from report.json itself by the recomputation, so not checked"),
                   "no_rows": N_("the report was made from state files, which keep no rows to recompute from; "
                                 "covered by the file hashes only")}
_NOUNS = {"file": N_("file"), "input": N_("input"), "schema": N_("schema"), "number": N_("value")}
_GROUPS = {"file": N_("{count} files"), "input": N_("{count} inputs"), "schema": N_("{count} schemas"),
           "number": N_("{count} values")}


def register(subparsers) -> None:
    """Add the ``verify`` sub-command (clause 8)."""
    parser = subparsers.add_parser("verify", description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", metavar="DIR", help="the report folder")
    parser.add_argument("--predictions", metavar="FILE",
                        help="the original predictions file (- for standard input) to recompute from")
    parser.set_defaults(func=run)


def describe(check) -> str:
    """One line for one check (a passing group gives its size) (clause 8)."""
    noun = _(_NOUNS[check.kind])
    if check.status == "not_recomputed":
        group = f" ({_(_GROUPS[check.kind]).format(count=check.count)})" if check.count > 1 else ""
        return f"{noun} {check.item}{group}: {_(_NOT_RECOMPUTED[check.found])}"
    if check.status == "ok":
        return f"{noun} {check.item}" + (f" ({_(_GROUPS[check.kind]).format(count=check.count)})"
                                         if check.count > 1 else "")
    if check.kind == "file":
        return {"outside": _("file {item}: listed in manifest.json but outside the report folder; not read"),
                "changed": _("file {item}: its SHA-256 differs from the one in manifest.json"),
                "missing": _("file {item}: listed in manifest.json but not in the folder"),
                "extra": _("file {item}: in the folder but not listed in manifest.json")}[check.status].format(
            item=check.item)
    if check.kind == "input":
        return _("input {item}: SHA-256 {found} differs from {recorded}, the input the report was built from").format(
            item=check.item, found=check.found, recorded=check.recorded)
    if check.kind == "schema":
        return f"{check.item}: {check.found}"
    text = {"missing": _("value {item}: recomputed as {found}, absent from report.json"),
            "extra": _("value {item}: report.json has {recorded}, which the recomputation does not produce")}.get(
        check.status, _("value {item}: report.json has {recorded}, recomputed {found}"))
    return text.format(item=check.item, found=check.found, recorded=check.recorded)


def run(args) -> int:
    """Print one line per check (passing ones grouped) and a summary; 0 when all match, 1 otherwise (clause 8)."""
    from ..report.verify import verify_report

    result = verify_report(args.folder, args.predictions)
    for check in result.checks:
        print(f"{_(WORDS[check.status]):8} {describe(check)}")
    differences = result.differences
    unchecked = result.not_recomputed
    counted = sum(c.count for c in result.checks) - unchecked
    source = _(" (numbers recomputed from {source})").format(source=result.source) if result.source else ""
    if differences:
        print(_("verify {folder}: {differences} difference(s) in {counted} checks{source}").format(
            folder=args.folder, differences=len(differences), counted=counted, source=source))
        return 1
    print(_("verify {folder}: all {counted} checks match{source}").format(folder=args.folder, counted=counted,
                                                                          source=source)
          + (_("; {count} values not recomputed (see above)").format(count=unchecked) if unchecked else ""))
    return 0
