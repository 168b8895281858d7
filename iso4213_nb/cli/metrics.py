"""``iso4213-nb metrics``: every clause-6 measure of a confusion matrix or of a file of predictions.

Two inputs, one of them required::

    iso4213-nb metrics --matrix FILE.csv --rows {true,predicted} [--json]
    iso4213-nb metrics --predictions FILE.csv [--y-true COL] [--y-pred COL] [--score COL]
                       [--positive LABEL] [--threshold T] [--json]

The matrix file has the layout of Table A.1 (labels in the first row and first
column); ``--rows`` says what its rows hold, since TS 4213 (6.2.2) puts the
predicted classes there and most software the true ones.  A predictions file
needs a ``y_true`` column and a ``y_pred`` column, a ``score`` column, or
both; without ``y_pred`` the labels are ``score >= T`` (T = 0.5 by default,
which requires probabilities in [0, 1]).

``--json`` prints the dict of :func:`iso4213_nb.assessment.assess`; otherwise
readable tables in per cent.  Bad input: one line on stderr, exit status 2.
"""

from __future__ import annotations

import json
import sys

import numpy as np

from ..assessment import assess, assess_matrix
from ..confusion import AVERAGED, AVERAGES, ConfusionMatrix
from ..errors import InputError
from ..io import read_matrix, read_table, require_columns
from ..tables import format_value, text_table

DEFAULTS = {"y_true": "y_true", "y_pred": "y_pred", "score": "score"}
AREAS = {"auroc": "AUROC, area under the ROC curve (6.3.6)",
         "average_precision": "average precision, step-sum area under the PR curve (6.3.7)",
         "auprc_trapezoid": "AUPRC by the trapezoid rule (6.3.7)",
         "gain_area": "area under the cumulative response (gain) curve (6.3.8)"}
PER_CLASS_COLUMNS = ("tp", "tn", "fp", "fn", "accuracy", "binary_accuracy", "precision", "recall", "specificity", "f1")


def register(subparsers) -> None:
    """Add the ``metrics`` sub-command."""
    parser = subparsers.add_parser(
        "metrics", help="all clause-6 measures of a confusion matrix or a predictions file",
        description="All clause-6 measures (ISO/IEC TS 4213:2022) of a confusion matrix or a CSV file of predictions.")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--matrix", metavar="FILE.csv", help="confusion matrix laid out as Table A.1")
    source.add_argument("--predictions", metavar="FILE.csv", help="one row per sample with a header row")
    parser.add_argument("--rows", choices=("true", "predicted"),
                        help="with --matrix (required): do the rows hold the true or the predicted classes?")
    parser.add_argument("--y-true", metavar="COL", help="column of true labels (default y_true)")
    parser.add_argument("--y-pred", metavar="COL", help="column of predicted labels (default y_pred)")
    parser.add_argument("--score", metavar="COL", help="column of scores, binary problems (default score)")
    parser.add_argument("--positive", metavar="LABEL", help="label of the positive class for scores")
    parser.add_argument("--threshold", metavar="T", type=float,
                        help="predict positive when score >= T (only without a y_pred column)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def _column(table: dict, path: str, name: str) -> np.ndarray:
    values = table[name]
    missing = (values == "") if values.dtype.kind == "U" else (np.isnan(values) if values.dtype.kind == "f"
                                                               else np.zeros(len(values), bool))
    if missing.any():
        raise InputError(f"{path}: column {name!r} has a missing or NaN value in row {int(np.argmax(missing)) + 2}")
    return values


def _from_predictions(args) -> dict:
    if args.rows is not None:
        raise InputError("--rows applies only to --matrix")
    path = args.predictions
    table = read_table(path)
    names = {key: getattr(args, key) or default for key, default in DEFAULTS.items()}
    require_columns(table, [names["y_true"]], path)
    for key, option in (("y_pred", "--y-pred"), ("score", "--score")):
        if getattr(args, key) is not None:
            require_columns(table, [names[key]], path)
    has_pred, has_score = names["y_pred"] in table, names["score"] in table
    if not has_pred and not has_score:
        raise InputError(f"{path} has neither a column {names['y_pred']!r} nor {names['score']!r}; "
                         f"columns are: {', '.join(table)}")
    if args.threshold is not None and not has_score:
        raise InputError(f"--threshold needs a score column; {path} has no column {names['score']!r}")
    if args.positive is not None and not has_score:
        raise InputError(f"--positive applies to scores; {path} has no column {names['score']!r}")
    use_pred = has_pred and args.threshold is None
    if args.threshold is not None and args.y_pred is not None:
        raise InputError("give --y-pred or --threshold, not both")
    return assess(_column(table, path, names["y_true"]),
                  _column(table, path, names["y_pred"]) if use_pred else None,
                  _column(table, path, names["score"]) if has_score else None,
                  positive=args.positive, threshold=args.threshold)


def _from_matrix(args) -> dict:
    if args.rows is None:
        raise InputError("--matrix needs --rows true or --rows predicted (what the rows of the file hold); "
                         "TS 4213 Table A.1 has predicted classes in rows")
    for option in ("y_true", "y_pred", "score", "positive", "threshold"):
        if getattr(args, option) is not None:
            raise InputError(f"--{option.replace('_', '-')} applies only to --predictions")
    labels, counts = read_matrix(args.matrix)
    return assess_matrix(ConfusionMatrix.from_counts(counts, labels, rows=args.rows))


def _pct(value) -> str:
    return format_value(value, percent=True)


def render(result: dict) -> str:
    """The readable form of an assessment: summary lines and two tables, measures in per cent."""
    lines = [f"samples: {result['n']}    classes: {len(result['labels'])}"]
    if "predicted_from" in result:
        lines.append(f"positive class: {result['positive']!r}    predictions: {result['predicted_from']}")
    lines.append(f"accuracy: {_pct(result['accuracy'])} %    Cohen's kappa: {format_value(result['cohen_kappa'], 4)}"
                 f"    MCC: {format_value(result['matthews_correlation'], 4)}"
                 f"    balanced accuracy: {_pct(result['balanced_accuracy'])} %")
    for name, title in AREAS.items():
        if name in result:
            lines.append(f"{title}: {format_value(result[name], 4)}")
    lines += ["", "per class (counts; measures in %):"]
    rows = [[label] + [entry[c] if c in ("tp", "tn", "fp", "fn") else _pct(entry[c]) for c in PER_CLASS_COLUMNS]
            for label, entry in result["per_class"].items()]
    lines.append(text_table(rows, ["class", *PER_CLASS_COLUMNS]))
    lines += ["", "averages (%):"]
    rows = [[name] + [_pct(result["averages"][m][name]) for m in AVERAGES] for name in AVERAGED]
    lines.append(text_table(rows, ["measure", *AVERAGES]))
    kl = result["kl_divergence"]
    lines += ["", f"KL divergence (nats): true vs predicted {format_value(kl['true_vs_pred'], 4)}, "
                  f"predicted vs true {format_value(kl['pred_vs_true'], 4)}"]
    if result["predicted_only_labels"]:
        lines.append(f"predicted but never true: {result['predicted_only_labels']}")
    if result["undefined"]:
        lines += ["", "undefined:"] + [f"  {entry}" for entry in result["undefined"]]
    return "\n".join(lines)


def run(args) -> int:
    """Assess the given file; print JSON or tables; report predicted-only labels on stderr."""
    result = _from_matrix(args) if args.matrix is not None else _from_predictions(args)
    if result["predicted_only_labels"] and args.predictions is not None:
        print(f"iso4213-nb metrics: note: label(s) {result['predicted_only_labels']} predicted but never in "
              "y_true; their recall is undefined", file=sys.stderr)
    print(json.dumps(result, indent=2, ensure_ascii=False) if args.json else render(result))
    return 0
