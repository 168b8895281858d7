"""``iso4213-nb metrics``: every clause-6 measure of a confusion matrix or of a file of predictions.

Two inputs, one of them required::

    iso4213-nb metrics --matrix FILE --rows {true,predicted} [--json]
    iso4213-nb metrics --predictions FILE [--y-true COL] [--y-pred COL] [--score COL]
                       [--positive LABEL] [--threshold T] [--json]

plus the reading options of :mod:`iso4213_nb.inputs` (``--sep``,
``--decimal``, ``--sheet``, ``--max-classes``); FILE may be ``-`` for
standard input.  The matrix file has the layout of Table A.1 (labels in the
first row and first column); ``--rows`` says what its rows hold, since
TS 4213 (6.2.2) puts the predicted classes there and most software the true
ones.  A predictions file follows the schema of
:mod:`iso4213_nb.inputs.predictions` for one model: ``y_true`` and
``y_pred``, ``score`` or both (other columns are ignored); without ``y_pred``
the labels are ``score >= T`` (T = 0.5 by default, which requires
probabilities in [0, 1]).

``--json`` prints the dict of :func:`iso4213_nb.assessment.assess`; otherwise
readable tables in per cent.  Bad input: one line on stderr, exit status 2.
"""

from __future__ import annotations

import json
import sys

from .. import readings
from ..assessment import assess, assess_matrix
from ..confusion import AVERAGED, AVERAGES, ConfusionMatrix
from ..errors import InputError
from ..inputs import add_reading_options, read_matrix, read_predictions, reading_options
from ..tables import format_value, text_table

AREAS = {"auroc": "AUROC, area under the ROC curve (6.3.6)",
         "average_precision": "average precision, step-sum area under the PR curve (6.3.7)",
         "auprc_trapezoid": "AUPRC by the trapezoid rule (6.3.7)",
         "gain_area": "area under the cumulative response (gain) curve (6.3.8)"}
PER_CLASS_COLUMNS = ("tp", "tn", "fp", "fn", "accuracy", "binary_accuracy", "precision", "recall", "specificity", "f1")


def register(subparsers) -> None:
    """Add the ``metrics`` sub-command."""
    parser = subparsers.add_parser(
        "metrics", help="all clause-6 measures of a confusion matrix or a predictions file",
        description="All clause-6 measures (ISO/IEC TS 4213:2022) of a confusion matrix or a file of predictions.")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--matrix", metavar="FILE", help="confusion matrix laid out as Table A.1 (- for stdin)")
    source.add_argument("--predictions", metavar="FILE", help="one row per sample with a header row (- for stdin)")
    parser.add_argument("--rows", choices=("true", "predicted"),
                        help="with --matrix (required): do the rows hold the true or the predicted classes?")
    parser.add_argument("--y-true", metavar="COL", help="column of true labels (default y_true)")
    parser.add_argument("--y-pred", metavar="COL", help="column of predicted labels (default y_pred)")
    parser.add_argument("--score", metavar="COL", help="column of scores, binary problems (default score)")
    parser.add_argument("--positive", metavar="LABEL", help="label of the positive class, as written in the file")
    parser.add_argument("--threshold", metavar="T", type=float,
                        help="predict positive when score >= T (only without a y_pred column)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_reading_options(parser)
    parser.set_defaults(func=run)


def _from_predictions(args) -> dict:
    if args.rows is not None:
        raise InputError("--rows applies only to --matrix")
    if args.threshold is not None and args.y_pred is not None:
        raise InputError("give --y-pred or --threshold, not both")
    columns = {"y_pred": args.y_pred, "score": args.score}
    if args.y_pred is None and args.score is None:
        columns = {}  # the schema's one model: y_pred and/or score
    pred = read_predictions(args.predictions, positive=args.positive, y_true=args.y_true or "y_true",
                            strict=False, positive_required=False, allow_predicted_only=True,
                            threshold=0.5 if args.threshold is None else args.threshold,
                            **columns, **reading_options(args))
    if len(pred.models) != 1:
        raise InputError(f"{pred.source.name} holds {len(pred.models)} models ({', '.join(pred.models)}); "
                         "metrics assesses one: name its columns with --y-pred and/or --score")
    model = next(iter(pred.models.values()))
    if args.threshold is not None and model.scores is None:
        raise InputError(f"--threshold needs a score column; {pred.source.name} has no scores")
    if args.positive is not None and model.scores is None:
        raise InputError(f"--positive applies to scores; {pred.source.name} has no scores")
    given = model.derived_at is None and args.threshold is None
    return assess(pred.y_true, model.pred if given else None, model.scores, positive=pred.positive,
                  threshold=args.threshold)


def _from_matrix(args) -> dict:
    if args.rows is None:
        raise InputError("--matrix needs --rows true or --rows predicted (what the rows of the file hold); "
                         "TS 4213 Table A.1 has predicted classes in rows")
    for option in ("y_true", "y_pred", "score", "positive", "threshold"):
        if getattr(args, option) is not None:
            raise InputError(f"--{option.replace('_', '-')} applies only to --predictions")
    matrix = read_matrix(args.matrix, **reading_options(args))
    return assess_matrix(ConfusionMatrix.from_counts(matrix.counts, matrix.labels, rows=args.rows))


def _pct(value) -> str:
    return format_value(value, percent=True)


def render(result: dict) -> str:
    """The readable form of an assessment: summary lines and two tables, measures in per cent."""
    lines = [f"samples: {result['n']}    classes: {len(result['labels'])}"]
    if "predicted_from" in result:
        lines.append(f"positive class: {result['positive']}    predictions: {result['predicted_from']}")
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
        lines.append(f"predicted but never true: {', '.join(map(str, result['predicted_only_labels']))}")
    if result["undefined"]:
        lines += ["", "undefined:"] + [f"  {entry}" for entry in readings.undefined_notes(result)]
    return "\n".join(lines)


def run(args) -> int:
    """Assess the given file; print JSON or tables; report predicted-only labels on stderr."""
    result = _from_matrix(args) if args.matrix is not None else _from_predictions(args)
    if result["predicted_only_labels"] and args.predictions is not None:
        print(f"iso4213-nb metrics: note: label(s) {', '.join(map(str, result['predicted_only_labels']))} "
              "predicted but never in y_true; their recall is undefined", file=sys.stderr)
    print(json.dumps(result, indent=2, ensure_ascii=False) if args.json else render(result))
    return 0
