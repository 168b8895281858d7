"""``iso4213-nb metrics``: every clause-6 measure of a confusion matrix or of a file of predictions.

``--matrix FILE --rows {true,predicted}`` reads a matrix laid out as Table A.1 (labels in the first row and
column); ``--rows`` says what its rows hold, since TS 4213 (6.2.2) puts the predicted classes there and most
software the true ones.  ``--predictions FILE`` reads one model of the schema of
:mod:`iso4213_nb.inputs.predictions` (``y_true`` and ``y_pred``, ``score`` or both; other columns are
ignored); without ``y_pred`` the labels are ``score >= T`` (``--threshold``, 0.5 by default, which requires
probabilities in [0, 1]).  Every measure gets a confidence interval (7.8), chosen per measure by
:mod:`iso4213_nb.stats.measure_intervals` (options of :mod:`._intervals`); ``--json`` prints the dict of
:func:`iso4213_nb.measures.assessment.assess` with the intervals under ``intervals``, keyed like the
measures (``intervals.per_class.<label>.recall``), otherwise readable tables in per cent.
"""

from __future__ import annotations

import json
import sys

from ..core.errors import InputError
from ..words.i18n import _
from ..inputs import add_reading_options, reading_options
from ._intervals import add_interval_options, interval_settings
from . import _poisson, _streaming

# The measures, the readers and the words of the output are imported where the command runs, so that its parser
# (``iso4213-nb metrics --help``) loads neither numpy, scipy nor pyarrow (issue 27 point 4).

#: ``--normalize``'s choices: :data:`iso4213_nb.measures.confusion.NORMALIZE_BY`, which loads numpy
#: (tests/test_cli_global_options.py holds the two equal).
NORMALIZE_BY = ("true", "predicted", "all")


def register(subparsers) -> None:
    """Add the ``metrics`` sub-command (clause 6)."""
    parser = subparsers.add_parser(
        "metrics", description="All clause-6 measures (ISO/IEC TS 4213:2022) of a confusion matrix or a file of predictions.")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--matrix", metavar="FILE", help="confusion matrix laid out as Table A.1 (- for stdin)")
    source.add_argument("--predictions", metavar="FILE", help="one row per sample with a header row (- for stdin)")
    source.add_argument("--states", nargs="+", metavar="FILE.state",
                        help=_("merge state files written by 'iso4213-nb state' (one model)"))
    parser.add_argument("--rows", choices=("true", "predicted"),
                        help="with --matrix (required): do the rows hold the true or the predicted classes?")
    parser.add_argument("--y-true", metavar="COL", help="column of true labels (default y_true)")
    parser.add_argument("--y-pred", metavar="COL", help="column of predicted labels (default y_pred)")
    parser.add_argument("--score", metavar="COL", help="column of scores, binary problems (default score)")
    parser.add_argument("--positive", metavar="LABEL", help="label of the positive class, as written in the file")
    parser.add_argument("--threshold", metavar="T", type=float,
                        help="predict positive when score >= T (only without a y_pred column)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--normalize", choices=NORMALIZE_BY,
                        help="also print the confusion matrix divided by each true class's total, each predicted "
                             "class's total or n (true classes in rows); --json always holds all three")
    add_reading_options(parser)
    _streaming.add_options(parser, states=False, budget=True)
    _poisson.add_options(parser)
    add_interval_options(parser)
    parser.set_defaults(func=run)


def _from_predictions(args) -> dict:
    from ..inputs import MULTICLASS, MULTILABEL, read_predictions
    from ..measures.assessment import assess
    from ..measures.multiclass_scores import TOP_K, assess_scores
    from ..stats.class_score_intervals import class_score_intervals
    from ..stats.measure_intervals import intervals_json

    columns = {"y_pred": args.y_pred, "score": args.score}
    if args.y_pred is None and args.score is None:
        columns = {}  # the schema's one model: y_pred and/or score
    pred = read_predictions(args.predictions, positive=args.positive, y_true=args.y_true or "y_true",
                            strict=False, positive_required=False, allow_predicted_only=True,
                            threshold=0.5 if args.threshold is None else args.threshold,
                            key=args.row_key, **columns, **reading_options(args))  # a key: checked, not needed
    if pred.task == MULTILABEL:
        return _multilabel(pred, args)
    if len(pred.models) != 1:
        raise InputError("metrics.models", file=pred.source.name, count=len(pred.models), models=list(pred.models))
    model = next(iter(pred.models.values()))
    if args.threshold is not None and model.scores is None:
        raise InputError("metrics.threshold_without_scores", file=pred.source.name)
    if args.positive is not None and model.scores is None:
        raise InputError("metrics.positive_without_scores", file=pred.source.name)
    given = model.derived_at is None and args.threshold is None
    result = assess(pred.y_true, model.pred if given else None, model.scores, positive=pred.positive,
                    threshold=args.threshold, sample_weight=pred.weight)
    result["task"], result["weighted"] = pred.task, pred.weight is not None
    if pred.task == MULTICLASS and model.score_matrix is not None:
        top_k = tuple(k for k in TOP_K if k < len(pred.labels))
        result["class_scores"] = assess_scores(pred.y_true, model.score_matrix, pred.labels, top_k=top_k,
                                               sample_weight=pred.weight).to_dict()
        result["labels_from_argmax"] = model.labels_from_argmax
    if pred.weight is not None:
        result["intervals_skipped"] = "weighted_input"
        return result
    labels = model.pred if given else None
    positive = result.get("positive", pred.positive if len(result["labels"]) == 2 else None)
    settings = interval_settings(args)
    result["intervals"] = _intervals(settings, result, pred.y_true, labels, model.scores, positive)
    if "class_scores" in result:  # top-k accuracy, Brier score, log loss: keyed like result["class_scores"]
        found = class_score_intervals(pred.y_true, {model.name: model.score_matrix}, pred.labels, settings, top_k=top_k)
        result["intervals"]["class_scores"] = intervals_json(found[model.name])
    return result


def _matrix_of(result: dict, y_true, y_pred) -> ConfusionMatrix:
    """The confusion matrix assessed: from the labels, or for labels derived from scores from the 2×2 counts."""
    from ..measures.confusion import ConfusionMatrix

    if y_pred is not None:
        return ConfusionMatrix.from_predictions(y_true, y_pred, labels=result["labels"])
    pos = result["per_class"][str(result["positive"])]
    rows = {True: [pos["tp"], pos["fn"]], False: [pos["fp"], pos["tn"]]}  # true positive, true negative
    order = list(result["labels"])  # the labels' own order, so the seeded bootstrap draws as from the labels
    first_is_positive = str(order[0]) == str(result["positive"])
    counts = [rows[True], rows[False]] if first_is_positive else [rows[False][::-1], rows[True][::-1]]
    return ConfusionMatrix.from_counts(counts, order, rows="true")


def _intervals(settings, result: dict, y_true, y_pred, scores, positive) -> dict:
    """JSON intervals of every measure of ``result`` (7.8), keyed like the measures."""
    from ..stats.measure_intervals import intervals_json, matrix_intervals, score_intervals

    matrix = _matrix_of(result, y_true, y_pred)
    intervals = matrix_intervals(matrix.matrix(rows="true"), matrix.labels, settings, positive=positive)
    if scores is not None and "auroc" in result:
        intervals.update(score_intervals(y_true, scores, positive, settings))
    return intervals_json(intervals)


def _multilabel(pred, args) -> dict:
    """Every clause-6.5 measure of the one model of a multi-label file (:mod:`iso4213_nb.measures.multilabel_summary`)."""
    from ..inputs import MULTILABEL
    from ..measures.multilabel_summary import summarize

    if len(pred.models) != 1:
        raise InputError("metrics.multilabel_models", file=pred.source.name, count=len(pred.models),
                         models=list(pred.models))
    if args.threshold is not None and next(iter(pred.models.values())).derived_at is None:
        raise InputError("metrics.threshold_on_labels", file=pred.source.name)
    model = next(iter(pred.models.values()))
    result = summarize(pred.y_true_matrix, model.pred_matrix, model.score_matrix_ml, labels=pred.label_names,
                       sample_weight=pred.weight)
    return {"task": MULTILABEL, "model": model.name, "predicted_from": "labels" if model.derived_at is None
            else f"scores >= {model.derived_at:g}", **result}


def _from_matrix(args) -> dict:
    from ..inputs import read_matrix
    from ..measures.assessment import assess_matrix
    from ..measures.confusion import ConfusionMatrix
    from ..stats.measure_intervals import intervals_json, matrix_intervals

    if args.rows is None:
        raise InputError(_("--matrix needs --rows true or --rows predicted (what the rows of the file hold); "
                           "TS 4213 Table A.1 has predicted classes in rows"))
    for option in ("y_true", "y_pred", "score", "positive", "threshold"):
        if getattr(args, option) is not None:
            raise InputError(_("{option} applies only to --predictions").format(option="--" + option.replace("_", "-")))
    matrix = read_matrix(args.matrix, **reading_options(args))
    cm = ConfusionMatrix.from_counts(matrix.counts, matrix.labels, rows=args.rows)
    result = assess_matrix(cm)
    result["intervals"] = intervals_json(matrix_intervals(cm.matrix(rows="true"), cm.labels, interval_settings(args)))
    return result


def run(args) -> int:
    """Assess the given file; print JSON or tables; report predicted-only labels on stderr (clause 6)."""
    from ..inputs import MULTILABEL
    from ._metrics_text import note_spaced_labels, render, render_multilabel

    _streaming.auto_stream(args, "metrics")
    if args.matrix is None and args.rows is not None:
        raise InputError(_("--rows applies only to --matrix"))
    if args.matrix is None and args.threshold is not None and args.y_pred is not None:
        raise InputError(_("give --y-pred or --threshold, not both"))
    if _streaming.wanted(args):
        from ._metrics_streamed import run_streamed

        return run_streamed(args)
    result = _from_matrix(args) if args.matrix is not None else _from_predictions(args)
    if result.get("task") == MULTILABEL:
        print(json.dumps(result, indent=2, ensure_ascii=False) if args.json else render_multilabel(result))
        return 0
    if args.predictions is not None:
        note_spaced_labels(result["labels"])
    if result["predicted_only_labels"] and args.predictions is not None:
        print("iso4213-nb metrics: " + _("note: label(s) {labels} predicted but never in y_true; their recall is "
                                         "undefined").format(labels=", ".join(map(str, result["predicted_only_labels"]))),
              file=sys.stderr)
    print(json.dumps(result, indent=2, ensure_ascii=False) if args.json else render(result, args.normalize))
    return 0
