"""``iso4213-nb compare --predictions FILE.csv --y-true COL --a COL --b COL [--test mcnemar|delong] [--json]``.

Compares two models scored on the same samples (clause 7): McNemar's test
(7.9) on two columns of predicted labels, or DeLong's test of two AUROCs on
two columns of scores.  Prints the statistic, p-value, effect size with its
confidence interval, and the plain-language reading.
"""

from __future__ import annotations

import json

import numpy as np

from ..errors import InputError
from ..io import read_table, require_columns
from ..stats import delong_test, mcnemar, mcnemar_table
from ..tables import format_value, text_table
from ..undefined import is_undefined

EXACT = {"auto": None, "exact": True, "chi2": False}


def register(subparsers) -> None:
    parser = subparsers.add_parser("compare", help="compare two models on the same samples (McNemar, DeLong)",
                                   description=__doc__.splitlines()[0].strip("`: "))
    parser.add_argument("--predictions", required=True, metavar="FILE.csv",
                        help="CSV with a header row: the true labels and one column per model")
    parser.add_argument("--y-true", required=True, metavar="COL", help="column of true labels")
    parser.add_argument("--a", required=True, metavar="COL", help="column of model A (labels, or scores for delong)")
    parser.add_argument("--b", required=True, metavar="COL", help="column of model B")
    parser.add_argument("--test", choices=["mcnemar", "delong"], default="mcnemar",
                        help="mcnemar: predicted labels (7.9); delong: scores, AUROC (default mcnemar)")
    parser.add_argument("--exact", choices=sorted(EXACT), default="auto",
                        help="McNemar form: auto (exact when b + c < 25), exact binomial, or chi2")
    parser.add_argument("--no-correction", action="store_true", help="McNemar chi2 form without continuity correction")
    parser.add_argument("--positive", metavar="LABEL", help="positive class for delong when labels are not 0/1")
    parser.add_argument("--confidence-level", type=float, default=0.95, metavar="L",
                        help="level of the confidence interval (default 0.95)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(func=run)


def _positive(column: np.ndarray, label: str | None):
    if label is None or column.dtype.kind not in "iuf":
        return label
    try:
        number = float(label)
    except ValueError:
        raise InputError(f"--positive {label!r} is not among the numeric labels of the y-true column") from None
    return int(number) if number.is_integer() else number


def run(args) -> int:
    table = read_table(args.predictions)
    require_columns(table, [args.y_true, args.a, args.b], args.predictions)
    y, a, b = table[args.y_true], table[args.a], table[args.b]
    if args.test == "mcnemar":
        counts = mcnemar_table(y, a, b)
        result = mcnemar(counts, exact=EXACT[args.exact], correction=not args.no_correction)
        extra = {"table": counts.tolist()}
    else:
        for name, column in ((args.a, a), (args.b, b)):
            if column.dtype.kind not in "iuf":
                raise InputError(f"{args.predictions}: column {name!r} must hold numeric scores for delong")
        result = delong_test(y, a, b, positive=_positive(y, args.positive))
        extra = {}
    out = result.to_dict(args.confidence_level)
    out.update({"a": args.a, "b": args.b, **extra})
    if args.json:
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0
    low, high = result.confidence_interval(args.confidence_level)
    interval = "undefined" if is_undefined(low) else f"{format_value(low, 4)} to {format_value(high, 4)}"
    rows = [["test", result.name], ["statistic", format_value(result.statistic, 4)],
            ["p-value", format_value(result.pvalue, 4)],
            [result.effect_size_name, format_value(result.effect_size, 4)],
            [f"{args.confidence_level:.0%} interval of {result.interval_of}", interval]]
    if args.test == "mcnemar":
        rows.insert(1, ["table [[a, b], [c, d]]", str(extra["table"])])
    else:
        rows.insert(1, ["AUROC A, B", f"{format_value(result.auc_a, 4)}, {format_value(result.auc_b, 4)}"])
    print(text_table(rows, ["", f"A = {args.a}, B = {args.b}"]))
    print("\n" + result.reading)
    return 0
