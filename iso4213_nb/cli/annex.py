"""``iso4213-nb annex {A,B,C,D} [--json] [--check]``: reproduce an informative annex of TS 4213.

Prints the annex's tables recomputed from its raw input, then every printed
number beside its reproduction.  ``--check`` exits with status 1 when a
printed number is not reproduced and no erratum of the document explains it.
A mismatch that is the document's own (a :class:`~iso4213_nb.annexes.Check`
with a note, such as Annex C's AlexNet row, whose printed accuracy and top-1
error add up to 100,8 %) is reported but does not fail the check: otherwise
the check would be red for ever and hide a real regression.
"""

from __future__ import annotations

import json

from ..annexes import annex
from ..words.i18n import N_, _
from ..figures.tables import text_table

EXIT_MISMATCH = 1

TITLES = {
    "A": N_("Annex A: multi-class results from the confusion matrix of Table A.1"),
    "B": N_("Annex B: operating points of the ROC example, and the smallest data set that produces them"),
    "C": N_("Annex C: Table C.1 (benchmark summary) as printed, with a consistency audit"),
    "D": N_("Annex D: CSMF accuracy, worked example"),
}


def register(subparsers) -> None:
    """Add the ``annex`` sub-command and its options (Annexes A–D)."""
    parser = subparsers.add_parser("annex", description="Reproduce an informative annex of ISO/IEC TS 4213 and compare "
                                               "every printed number with the reproduction.")
    parser.add_argument("letter", choices=["A", "B", "C", "D"], type=str.upper, help="which annex")
    parser.add_argument("--json", action="store_true", help="print the reproduction as JSON")
    parser.add_argument("--check", action="store_true",
                        help="exit with status 1 if a printed number is not reproduced "
                             "(errata of the document itself are reported, not failed)")
    parser.add_argument("--decimal-point", action="store_true",
                        help="print 90.61 rather than the standard's 90,61 in computed tables")
    parser.set_defaults(func=run)


def _sections(letter: str, decimal_comma: bool) -> list[tuple[str, tuple]]:
    from ..figures import annex_tables  # loads matplotlib through the figures package: only when printing
    if letter == "A":
        cm = annex("A").matrix()
        return [(_("Table A.1 (rows = predicted, columns = actual)"), annex_tables.table_a1_rows(cm))] + [
            (_("Table {name} (computed; ✓ = as printed)").format(name=name),
             annex_tables.annex_a_rows(name, cm, decimal_comma=decimal_comma))
            for name in ("A.2", "A.3", "A.4")]
    if letter == "B":
        return [(_("Table B.1 as printed against the published rates; the search; the curves"),
                 annex_tables.annex_b_facts_rows(decimal_comma)),
                (_("Published operating points and the reconstruction"), annex_tables.annex_b_rows(decimal_comma))]
    if letter == "C":
        return [(_("Table C.1 as printed"), annex_tables.annex_c_rows()),
                (_("Audit"), annex_tables.annex_c_audit_rows())]
    return [(_("Worked example (rows = true cause)"), annex_tables.annex_d_rows(decimal_comma))]


def run(args) -> int:
    """Run ``iso4213-nb annex`` with the parsed ``args``; returns the exit status (Annexes A–D)."""
    module = annex(args.letter)
    checks = module.checks()
    failed = [c for c in checks if not c.matches]
    unexplained = [c for c in failed if not c.note]
    if args.json:
        print(json.dumps(module.to_json(), ensure_ascii=False, indent=2))
    else:
        print(_(TITLES[args.letter]))
        for title, (rows, header) in _sections(args.letter, not args.decimal_point):
            print(f"\n{title}\n{text_table(rows, header)}")
        from ..figures.annex_tables import checks_rows

        print("\n" + _("Printed numbers against the reproduction") + f"\n{text_table(*checks_rows(checks))}")
        errata = len(failed) - len(unexplained)
        summary = _("{reproduced} of {checks} printed numbers reproduced").format(reproduced=len(checks) - len(failed),
                                                                              checks=len(checks))
        if errata:
            summary += _("; {errata} not reproducible because the printed document contradicts itself (see notes)"
                         ).format(errata=errata)
        print("\n" + summary)
    return EXIT_MISMATCH if args.check and unexplained else 0
