"""``iso4213-nb checklist {template,check} [FILE] [--json]``.

``template`` prints (or writes to FILE) a blank clause-5 checklist: one
commented question per answer, in the YAML format ``iso4213-nb report --meta``
reads.  ``check FILE`` validates a filled file and lists the unanswered
questions and the status of each clause-8 report item.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..core.errors import InputError
from ..words.i18n import _


def register(subparsers) -> None:
    """Add the ``checklist`` sub-command and its options (clauses 5 and 8)."""
    parser = subparsers.add_parser("checklist", description=__doc__.splitlines()[0].strip("`.: "))
    parser.add_argument("action", choices=("template", "check"),
                        help="template: write a blank file; check: validate a filled one")
    parser.add_argument("file", nargs="?", help="template: where to write (default: print); check: the file to check")
    parser.add_argument("--json", action="store_true", help="check: print JSON")
    parser.set_defaults(func=run)


def run(args) -> int:
    """Run ``iso4213-nb checklist`` with the parsed ``args``; returns the exit status (clauses 5 and 8)."""
    from ..controls import checklist  # numpy and scipy: imported here so that the parser loads neither
    from ..figures.tables import text_table
    from ..report import words
    from ..report.options import SETTINGS

    if args.action == "template":
        if args.file:
            path = Path(args.file)
            if path.exists():
                raise InputError(_("{path} already exists; not overwriting it").format(path=path))
            path.write_text(checklist.template(), encoding="utf-8")
            print(_("wrote {path} ({count} questions)").format(path=path, count=len(checklist.ITEMS)))
        else:
            print(checklist.template(), end="")
        return 0
    if not args.file:
        raise InputError(_("check needs the checklist file to check"))
    answers = checklist.load(args.file, extra_keys=(SETTINGS,))
    missing = checklist.missing(answers)
    status = checklist.report_status(answers)
    if args.json:
        print(json.dumps({"answered": len(checklist.ITEMS) - len(missing), "missing": [it.key for it in missing],
                          "clause_8": status}, ensure_ascii=False, indent=2))
        return 0
    print(text_table([[r.id, words.status(status[r.id]), _(r.text)] for r in checklist.REPORT_ITEMS],
                     [_("clause-8 item"), _("status"), _("what the report states")]))
    print("\n" + _("{answered} of {total} questions answered.").format(answered=len(checklist.ITEMS) - len(missing),
                                                                      total=len(checklist.ITEMS)))
    if missing:
        print(text_table([[it.key, it.clause, _(it.prompt)] for it in missing],
                         [_("unanswered"), _("clause"), _("question")]))
    return 0
