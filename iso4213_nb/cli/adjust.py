"""``iso4213-nb adjust --method {bonferroni,holm,bh,by,hochberg} [--alpha A] P1 P2 ... [--json]``.

Adjusts a family of p-values for multiple comparisons (7.10) and says which
hypotheses are rejected, in the order given.  The rule printed in 7.10.2
(titled Bonferroni) is Holm's method (``--method holm``).
"""

from __future__ import annotations

import argparse
import json

from ..words import i18n
from ..words.i18n import _, significant
from ._types import number, open_unit

#: ``--method``'s choices: :data:`iso4213_nb.stats.multiplicity.METHODS`, which loads numpy
#: (tests/test_cli_global_options.py holds the two equal).
METHODS = ("bonferroni", "holm", "hochberg", "bh", "by")


def register(subparsers) -> None:
    """Add the ``adjust`` sub-command and its options (7.10)."""
    parser = subparsers.add_parser("adjust", description=__doc__.splitlines()[0].strip("`.: "))
    parser.add_argument("--method", required=True, choices=METHODS,
                        help="holm is the rule printed in 7.10.2; bh and by control the false discovery rate")
    parser.add_argument("--alpha", type=open_unit, default=0.05,
                        help="error rate to control, strictly between 0 and 1 (default 0.05)")
    parser.add_argument("pvalues", nargs="+", type=_pvalue, metavar="P", help="p-values in [0, 1], one per hypothesis")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(func=run)


def _pvalue(text: str) -> float:
    """One p-value in [0, 1]."""
    value = number(text)
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(_("a p-value must lie in [0, 1], got {text}").format(text=text))
    return value


def run(args) -> int:
    """Run ``iso4213-nb adjust`` with the parsed ``args``; returns the exit status (7.10)."""
    from ..figures.tables import text_table  # numpy and scipy: imported here so that the parser loads neither
    from ..stats import adjust_pvalues
    from ..words import readings

    result = adjust_pvalues(args.pvalues, args.method, args.alpha)
    if args.json:
        print(json.dumps({**result.to_dict(), "reading": readings.reading(result)}, ensure_ascii=False, indent=2))
        return 0
    rows = [[i + 1, i18n.number(p, 4), i18n.number(adj, 4), _("yes") if rej else _("no")]
            for i, (p, adj, rej) in enumerate(zip(result.pvalues, result.adjusted, result.rejected))]
    print(text_table(rows, [_("hypothesis"), "p", _("adjusted ({method})").format(method=readings.adjustment_name(args.method)),
                            _("rejected at {alpha}").format(alpha=significant(args.alpha, 6))]))
    print("\n" + readings.reading(result))
    return 0
