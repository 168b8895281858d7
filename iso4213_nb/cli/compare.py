"""``iso4213-nb compare --predictions FILE --y-true COL --a COL --b COL [--test mcnemar|delong] [--json]``.

Compares two models scored on the same samples (clause 7): McNemar's test
(7.9) on two columns of predicted labels, or DeLong's test of two AUROCs on
two columns of scores.  Prints the statistic, p-value, effect size with its
confidence interval, and the plain-language reading.  The file is read by
:mod:`iso4213_nb.inputs` (``--sep``, ``--decimal``, ``--sheet``,
``--max-classes``; ``-`` for standard input).

A multi-label file (``y_true_<label>`` columns) is compared without
``--y-true``: ``--a`` and ``--b`` name two models, McNemar's test runs on
each label, and the p-values are adjusted together by Holm's method (the
rule 7.10.2 prints).
"""

from __future__ import annotations

import json

from ..inputs import add_reading_options, reading_options
from ..core.errors import InputError
from ..core.undefined import is_undefined
from ..words.i18n import _, level_percent, number
from . import _streaming
from ._types import open_unit

# The readers, the tests and the words of the output are imported where they are used, so that the parser
# (``iso4213-nb compare --help``) loads neither numpy, scipy nor pyarrow (issue 27 point 4).

EXACT = {"auto": None, "exact": True, "chi2": False}


def register(subparsers) -> None:
    """Add the ``compare`` sub-command and its options (7.9, 6.3.6)."""
    parser = subparsers.add_parser("compare", description=__doc__.splitlines()[0].strip("`.: "))
    parser.add_argument("--predictions", required=True, metavar="FILE",
                        help="a table with a header row: the true labels and one column per model (- for stdin)")
    parser.add_argument("--y-true", metavar="COL",
                        help="column of true labels (omit it for a multi-label file: --a and --b then name models, "
                             "compared label by label with Holm's adjustment)")
    parser.add_argument("--a", required=True, metavar="COL", help="column of model A (labels, or scores for delong)")
    parser.add_argument("--b", required=True, metavar="COL", help="column of model B")
    parser.add_argument("--test", choices=["mcnemar", "delong"], default="mcnemar",
                        help="mcnemar: predicted labels (7.9); delong: scores, AUROC (default mcnemar)")
    parser.add_argument("--exact", choices=sorted(EXACT), default="auto",
                        help="McNemar form: auto (exact when b + c < 25), exact binomial, or chi2")
    parser.add_argument("--no-correction", action="store_true", help="McNemar chi2 form without continuity correction")
    parser.add_argument("--positive", metavar="LABEL",
                        help="positive class for delong, as written in the file (default 1 for labels 0/1)")
    parser.add_argument("--confidence-level", type=open_unit, default=0.95, metavar="L",
                        help="level of the confidence interval (default 0.95)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    add_reading_options(parser)
    _streaming.add_options(parser, states=False, bins=False, budget=True)
    parser.set_defaults(func=run)


def _mcnemar_inputs(table, args, max_classes: int):
    """True labels and the two models' labels; scores, or labels y_true never has, are errors."""
    from ..inputs import label_columns
    from ..inputs.columns import is_numeric_text
    from ..inputs.predictions import check_known
    from ..inputs.table import quote

    for name in (args.a, args.b):
        if name != args.y_true and is_numeric_text(table, name):
            raise InputError(_("{file}: column {column} holds scores (numbers that are not whole), not labels; "
                               "McNemar's test (7.9) compares predicted labels, DeLong's test (--test delong) "
                               "compares scores").format(file=table.source.name, column=quote(name)))
    typed = label_columns(table, list(dict.fromkeys([args.y_true, args.a, args.b])), max_classes)
    y, labels = typed[args.y_true]
    for name in (args.a, args.b):
        check_known(table, name, typed[name], labels, args.y_true)
    return y, typed[args.a][0], typed[args.b][0]


def _per_label(args) -> int:
    """A multi-label file: McNemar's test per label between models --a and --b, Holm-adjusted together."""
    from ..figures.tables import text_table
    from ..inputs import BINARY, MULTILABEL, read_predictions
    from ..inputs.table import quote
    from ..measures.multilabel_summary import per_label_mcnemar
    from ..stats import adjust_pvalues
    from ..words import readings

    if args.test != "mcnemar":
        raise InputError(_("a multi-label file is compared with McNemar's test per label; --test delong needs "
                           "--y-true and two score columns"))
    pred = read_predictions(args.predictions, strict=False, **reading_options(args))
    if pred.task == BINARY:
        raise InputError(_("{file} is a binary file; name its true labels with --y-true and the two models' columns "
                           "with --a and --b").format(file=pred.source.name))
    if pred.task != MULTILABEL:
        raise InputError(_("{file} is a multiclass file; name its true labels with --y-true and the two models' "
                           "columns with --a and --b").format(file=pred.source.name))
    for name in (args.a, args.b):
        if name not in pred.models:
            raise InputError(_("{file} has no model {name}; models are: {models}").format(
                file=pred.source.name, name=quote(name), models=", ".join(pred.models)))
    found = per_label_mcnemar(pred.y_true_matrix, pred.models[args.a].pred_matrix, pred.models[args.b].pred_matrix,
                              pred.label_names)
    adjusted = adjust_pvalues([r.pvalue for _, _, r in found], "holm")
    tests = [{"label": label, "table": table.tolist(), **r.to_dict(args.confidence_level),
              "adjusted_pvalue": float(p), "rejected": bool(rejected), "reading": readings.reading(r)}
             for (label, table, r), p, rejected in zip(found, adjusted.adjusted, adjusted.rejected)]
    if args.json:
        print(json.dumps({"a": args.a, "b": args.b, "task": MULTILABEL, "adjustment": "holm", "tests": tests},
                         ensure_ascii=False, indent=2, default=str))
        return 0
    rows = [[str(t["label"]), str(t["table"]), number(t["statistic"], 4), number(t["pvalue"], 4),
             number(t["adjusted_pvalue"], 4), _("yes") if t["rejected"] else _("no")] for t in tests]
    print(text_table(rows, [_("label"), _("table [[a, b], [c, d]]"), _("statistic"), _("p-value"),
                            _("adjusted p (Holm)"), _("significant at 0.05")]))
    print("\n" + _("McNemar's test (7.9) per label, A = {a}, B = {b}; {m} p-values adjusted together by Holm's "
                   "method, the rule 7.10.2 prints.").format(a=args.a, b=args.b, m=len(tests)))
    return 0


def run(args) -> int:
    """Run ``iso4213-nb compare`` with the parsed ``args``; returns the exit status (7.9, 6.3.6)."""
    from ..inputs import label_columns, read_table, resolve_positive, score_column
    from ..inputs.table import quote
    from ..stats import delong_test, mcnemar, mcnemar_table

    if args.y_true is not None:  # a multi-label file is compared label by label, from the whole file only
        _streaming.auto_stream(args, "compare")
    if args.test == "mcnemar" and args.positive is not None:
        raise InputError(_("--positive applies to --test delong"))
    if _streaming.wanted(args):
        from ._compare_streamed import streamed_result

        result, extra = streamed_result(args, EXACT[args.exact])
        return _print(args, result, extra)
    if args.y_true is None:
        return _per_label(args)
    options = reading_options(args)
    max_classes = options.pop("max_classes")
    decimal = options.pop("decimal")
    table = read_table(args.predictions, columns=[args.y_true, args.a, args.b], **options)
    if args.test == "mcnemar":
        y, a, b = _mcnemar_inputs(table, args, max_classes)
        counts = mcnemar_table(y, a, b)
        result = mcnemar(counts, exact=EXACT[args.exact], correction=not args.no_correction)
        extra = {"table": counts.tolist()}
    else:
        y, labels = label_columns(table, [args.y_true], max_classes)[args.y_true]
        if len(labels) != 2:
            raise InputError("delong.two_classes", file=table.source.name, column=quote(args.y_true), count=len(labels))
        positive = resolve_positive(args.positive, labels, table.source.name)
        a, b = (score_column(table, name, decimal) for name in (args.a, args.b))
        result = delong_test(y, a, b, positive=positive)
        extra = {}
    return _print(args, result, extra)


def _print(args, result, extra: dict) -> int:
    from ..figures.tables import text_table
    from ..words import readings

    out = result.to_dict(args.confidence_level)
    out.update({"name": readings.name(result), "effect_size_name": readings.effect_size_name(result),
                "reading": readings.reading(result), "a": args.a, "b": args.b, **extra})
    if getattr(args, "memory", None):  # read in chunks because of the memory budget (_streaming.auto_stream)
        out["memory"] = args.memory
    if args.json:
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0
    low, high = result.confidence_interval(args.confidence_level)
    interval = number(low) if is_undefined(low) else _("{low} to {high}").format(low=number(low, 4),
                                                                                 high=number(high, 4))
    level = f"{level_percent(args.confidence_level)}%"
    rows = [[_("test"), readings.name(result)], [_("statistic"), number(result.statistic, 4)],
            [_("p-value"), number(result.pvalue, 4)],
            [readings.effect_size_name(result), number(result.effect_size, 4)],
            [_("{level} interval of {quantity}").format(level=level, quantity=readings.quantity(result.interval_of)),
             interval]]
    if args.test == "mcnemar":
        rows.insert(1, [_("table [[a, b], [c, d]]"), str(extra["table"])])
    else:
        rows.insert(1, ["AUROC A, B", _("{a}, {b}").format(a=number(result.auc_a, 4), b=number(result.auc_b, 4))])
    print(text_table(rows, ["", f"A = {args.a}, B = {args.b}"]))
    print("\n" + readings.reading(result))
    if "memory" in out:
        print("\n" + _streaming.budget_sentence(args))
    return 0
