"""``iso4213-nb adjust --method {bonferroni,holm,bh,by,hochberg} [--alpha A] P1 P2 ... [--json]``.

Adjusts a family of p-values for multiple comparisons (7.10) and says which
hypotheses are rejected, in the order given.  The rule printed in 7.10.2
(titled Bonferroni) is Holm's method (``--method holm``).
"""

from __future__ import annotations

import json

from ..stats import adjust_pvalues
from ..stats.multiplicity import METHODS
from ..tables import format_value, text_table


def register(subparsers) -> None:
    parser = subparsers.add_parser("adjust", help="adjust p-values for multiple comparisons (7.10)",
                                   description=__doc__.splitlines()[0].strip("`: "))
    parser.add_argument("--method", required=True, choices=METHODS,
                        help="holm is the rule printed in 7.10.2; bh and by control the false discovery rate")
    parser.add_argument("--alpha", type=float, default=0.05, help="error rate to control (default 0.05)")
    parser.add_argument("pvalues", nargs="+", type=float, metavar="P", help="p-values, one per hypothesis")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(func=run)


def run(args) -> int:
    result = adjust_pvalues(args.pvalues, args.method, args.alpha)
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
        return 0
    rows = [[i + 1, format_value(p, 4), format_value(adj, 4), "yes" if rej else "no"]
            for i, (p, adj, rej) in enumerate(zip(result.pvalues, result.adjusted, result.rejected))]
    print(text_table(rows, ["hypothesis", "p", f"adjusted ({args.method})", f"rejected at {args.alpha:g}"]))
    print("\n" + result.reading)
    return 0
