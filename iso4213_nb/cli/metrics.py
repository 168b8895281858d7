"""``iso4213-nb metrics``: every clause-6 measure of a confusion matrix or of a file of predictions.

Two inputs, one of them required::

    iso4213-nb metrics --matrix FILE --rows {true,predicted} [--json]
    iso4213-nb metrics --predictions FILE [--y-true COL] [--y-pred COL] [--score COL]
                       [--positive LABEL] [--threshold T] [--json]

and the interval options ``--ci-method``, ``--confidence-level``,
``--bootstrap N`` and ``--seed`` (:mod:`iso4213_nb.cli._intervals`): every
measure gets a confidence interval (7.8), chosen per measure by
:mod:`iso4213_nb.stats.measure_intervals`; ``--json`` puts them under
``intervals``, keyed like the measures (``intervals.per_class.<label>.recall``).

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

``--json`` prints the dict of :func:`iso4213_nb.measures.assessment.assess`; otherwise
readable tables in per cent.  Bad input: one line on stderr, exit status 2.
"""

from __future__ import annotations

import json
import sys

from ..words import readings
from ..measures.assessment import assess, assess_matrix
from ..measures.confusion import AVERAGED, AVERAGES, NORMALIZE_BY, ConfusionMatrix
from ..core.errors import InputError
from ..words.i18n import N_, _, number, significant, with_decimal_sign
from ..inputs import MULTICLASS, MULTILABEL, add_reading_options, read_matrix, read_predictions, reading_options
from ..inputs.table import quote
from ..measures.multiclass_scores import TOP_K, assess_scores
from ..report.not_given_words import MEASURES, REASONS
from ..measures.multilabel_summary import summarize
from ..report.render_tasks import ML_MEASURES
from ..words.intervals import interval_text, method_name
from ..words.measures import label as measure_label, name as measure_name
from ..stats.class_score_intervals import class_score_intervals
from ..stats.measure_intervals import intervals_json, matrix_intervals, score_intervals
from ._intervals import add_interval_options, interval_settings
from ..figures.tables import text_table
from ..core.undefined import is_undefined
from . import _poisson, _streaming

#: The areas under the curves printed after the summary (keys of the registry).
AREAS = ("auroc", "average_precision", "auprc_trapezoid", "gain_area")
PER_CLASS_COLUMNS = ("tp", "tn", "fp", "fn", "accuracy", "binary_accuracy", "precision", "recall", "specificity", "f1")
#: Column and row names of the printed tables: in English the keys themselves, as the tables always printed
#: them; in Russian the terms of ПНСТ 835-2023 (Tables A.3 and A.4).
COLUMN_NAMES = {"tp": N_("tp"), "tn": N_("tn"), "fp": N_("fp"), "fn": N_("fn"), "accuracy": N_("accuracy"),
                "binary_accuracy": N_("binary_accuracy"), "precision": N_("precision"), "recall": N_("recall"),
                "specificity": N_("specificity"), "f1": N_("f1"), "auroc": N_("auroc"),
                "average_precision": N_("average_precision"), "macro": N_("macro"), "weighted": N_("weighted"),
                "micro": N_("micro")}


#: The per-label columns of the multi-label table, as it always printed them in English.
_ML_COLUMNS = {"precision": N_("precision"), "recall": N_("recall"), "f1": N_("f1"), "auroc": N_("auroc"),
               "average_precision": N_("average precision")}


def _name(key: str) -> str:
    """A column or row name of the printed tables in the active language."""
    return _(COLUMN_NAMES[key]) if key in COLUMN_NAMES else key


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
    if args.rows is not None:
        raise InputError(_("--rows applies only to --matrix"))
    if args.threshold is not None and args.y_pred is not None:
        raise InputError(_("give --y-pred or --threshold, not both"))
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
        raise InputError(_("{file} holds {count} models ({models}); metrics assesses one: name its columns with "
                           "--y-pred and/or --score").format(file=pred.source.name, count=number(len(pred.models)),
                                                             models=", ".join(pred.models)))
    model = next(iter(pred.models.values()))
    if args.threshold is not None and model.scores is None:
        raise InputError(_("--threshold needs a score column; {file} has no scores").format(file=pred.source.name))
    if args.positive is not None and model.scores is None:
        raise InputError(_("--positive applies to scores; {file} has no scores").format(file=pred.source.name))
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
    matrix = _matrix_of(result, y_true, y_pred)
    intervals = matrix_intervals(matrix.matrix(rows="true"), matrix.labels, settings, positive=positive)
    if scores is not None and "auroc" in result:
        intervals.update(score_intervals(y_true, scores, positive, settings))
    return intervals_json(intervals)


def _multilabel(pred, args) -> dict:
    """Every clause-6.5 measure of the one model of a multi-label file (:mod:`iso4213_nb.measures.multilabel_summary`)."""
    if len(pred.models) != 1:
        raise InputError(_("{file} holds {count} models ({models}); metrics assesses one: keep the "
                           "y_pred_<label> / score_<label> columns of one model, or compare two with iso4213-nb "
                           "compare --a MODEL --b MODEL").format(file=pred.source.name,
                                                                count=number(len(pred.models)),
                                                                models=", ".join(pred.models)))
    if args.threshold is not None and next(iter(pred.models.values())).derived_at is None:
        raise InputError(_("--threshold applies to a model given by scores only; {file} gives labels").format(
            file=pred.source.name))
    model = next(iter(pred.models.values()))
    result = summarize(pred.y_true_matrix, model.pred_matrix, model.score_matrix_ml, labels=pred.label_names,
                       sample_weight=pred.weight)
    return {"task": MULTILABEL, "model": model.name, "predicted_from": "labels" if model.derived_at is None
            else f"scores >= {model.derived_at:g}", **result}


def _source(predicted_from: str) -> str:
    """Where the predictions came from (``labels`` or ``scores >= t``), in words."""
    if predicted_from == "labels":
        return _("labels")
    if predicted_from.startswith("scores >= "):
        return _("scores >= {threshold}").format(threshold=with_decimal_sign(predicted_from[len("scores >= "):]))
    return predicted_from


def render_multilabel(result: dict) -> str:
    """The readable form of a multi-label assessment (6.5): the data-set measures, then one row per label."""
    lines = [_("samples: {n}    labels: {k}    predictions: {source}{weighted}").format(
        n=result["n"], k=len(result["labels"]), source=_source(result["predicted_from"]),
        weighted=_("    weighted by the weight column") if result["weighted"] else "")]
    for key in ML_MEASURES:
        lines.append(f"{measure_label(key)}: {number(result[key], 4)}")
    kl = result["kl_divergence"]
    lines.append(_("KL divergence of the label shares (nats): predicted vs true {a} (6.5.5), true vs predicted {b}")
                 .format(a=number(kl["pred_vs_true"], 4), b=number(kl["true_vs_pred"], 4)))
    ranked = any("auroc" in v for v in result["per_label"].values())
    names = ["precision", "recall", "f1"] + (["auroc", "average_precision"] if ranked else [])
    rows = [[label, v["tp"], v["fp"], v["fn"]] + [number(v[n], 4) for n in names]
            for label, v in result["per_label"].items()]
    rows += [[_("{method} average").format(method=_name(m)), "", "", ""] + [number(v[n], 4) for n in names[:3]]
             + [""] * (len(names) - 3) for m, v in result["averages"].items()]
    lines += ["", _("per label (6.5.1 applies 6.2 to each label):"),
              text_table(rows, [_("label"), "TP", "FP", "FN"] + [_(_ML_COLUMNS[n]) for n in names])]
    if result["undefined"]:
        lines += ["", _("undefined (reason codes):")] + [f"  {entry}" for entry in result["undefined"]]
    return "\n".join(lines)


def render_class_scores(scores: dict, from_argmax: bool) -> str:
    """Top-k accuracy (Annex C), AUROC averages, per-class AUROC and AP (6.3.6, 6.3.7, 6.4), log loss and Brier score."""
    lines = [_("class scores (one column per class){argmax}:").format(
        argmax=_("; labels are their arg-max") if from_argmax else "")]
    lines.append("  " + "    ".join(_("top-{k} accuracy {value} %").format(k=k, value=_pct(v))
                                    for k, v in scores["top_k_accuracy"].items()))
    auroc = scores["auroc"]
    lines.append("  " + _("AUROC (6.3.6, 6.4.3): macro {macro}, weighted {weighted}, micro {micro}, one-vs-one "
                          "(Hand & Till) {ovo}").format(**{k: number(auroc[k], 4) for k in auroc}))
    lines.append("  " + _("log loss {log_loss}    Brier score {brier} (scikit-learn's definitions)").format(
        log_loss=number(scores["log_loss"], 4), brier=number(scores["brier"], 4)))
    rows = [[label, number(v["auroc"], 4), number(v["average_precision"], 4)]
            for label, v in scores["per_class"].items()]
    lines.append(text_table(rows, [_("class"), _("AUROC (one vs rest)"), measure_name("average_precision")]))
    return "\n".join(lines)


def _from_matrix(args) -> dict:
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


def _pct(value) -> str:
    """A share as a percentage with two decimals, without the sign: ``85.92`` (``85,92`` in Russian)."""
    return number(value) if value is None or is_undefined(value) else number(100 * float(value), 2)


#: Titles of the normalised matrices (6.2.2; beyond TS 4213: scikit-learn's ``normalize=``).
NORMALIZED_TITLES = {"true": N_("confusion matrix as shares of each true class (rows: true, columns: predicted; %):"),
                     "predicted": N_("confusion matrix as shares of each predicted class (rows: true, columns: "
                                     "predicted; %):"),
                     "all": N_("confusion matrix as shares of all samples (rows: true, columns: predicted; %):")}


def render_normalized(result: dict, by: str) -> str:
    """One normalised confusion matrix of an assessment as a text table in per cent, true classes in rows (6.2.2)."""
    labels = [str(label) for label in result["labels"]]
    rows = [[label] + [_pct(v) for v in row] for label, row in zip(labels, result["normalized"][by])]
    return _(NORMALIZED_TITLES[by]) + "\n" + text_table(rows, [_("true \\ predicted"), *labels])


def render(result: dict, normalize: str | None = None) -> str:
    """The readable form of an assessment: summary lines and two tables, measures in per cent (clause 6).

    ``normalize`` (``"true"``, ``"predicted"`` or ``"all"``) adds that normalised confusion matrix.
    """
    lines = [_("samples: {n}    classes: {k}").format(n=result["n"], k=len(result["labels"]))]
    if "predicted_from" in result:
        lines.append(_("positive class: {positive}    predictions: {source}").format(
            positive=result["positive"], source=_source(result["predicted_from"])))
    lines.append(_("accuracy: {accuracy} %    Cohen's kappa: {kappa}    MCC: {mcc}    balanced accuracy: {balanced} %")
                 .format(accuracy=_pct(result["accuracy"]), kappa=number(result["cohen_kappa"], 4),
                         mcc=number(result["matthews_correlation"], 4), balanced=_pct(result["balanced_accuracy"])))
    lines.append(_("weighted kappa, classes in the order listed: linear {linear}    quadratic {quadratic}    "
                   "chance-adjusted balanced accuracy: {adjusted} %").format(
        linear=number(result["cohen_kappa_linear"], 4), quadratic=number(result["cohen_kappa_quadratic"], 4),
        adjusted=_pct(result["balanced_accuracy_adjusted"])))
    for name in AREAS:
        if name in result:
            lines.append(f"{measure_label(name)}: {number(result[name], 4)}")
    lines += ["", _("per class (counts; measures in %):")]
    rows = [[label] + [entry[c] if c in ("tp", "tn", "fp", "fn") else _pct(entry[c]) for c in PER_CLASS_COLUMNS]
            for label, entry in result["per_class"].items()]
    lines.append(text_table(rows, [_("class"), *map(_name, PER_CLASS_COLUMNS)]))
    if normalize is not None:
        lines += ["", render_normalized(result, normalize)]
    lines += ["", _("averages (%):")]
    rows = [[_name(name)] + [_pct(result["averages"][m][name]) for m in AVERAGES] for name in AVERAGED]
    lines.append(text_table(rows, [_("measure"), *map(_name, AVERAGES)]))
    if "class_scores" in result:
        lines += ["", render_class_scores(result["class_scores"], result["labels_from_argmax"])]
    kl = result["kl_divergence"]
    lines += ["", _("KL divergence (nats): true vs predicted {a}, predicted vs true {b}").format(
        a=number(kl["true_vs_pred"], 4), b=number(kl["pred_vs_true"], 4))]
    if result["predicted_only_labels"]:
        lines.append(_("predicted but never true: {labels}").format(
            labels=", ".join(map(str, result["predicted_only_labels"]))))
    if result["undefined"]:
        lines += ["", _("undefined:")] + [f"  {entry}" for entry in readings.undefined_notes(result)]
    if "intervals" in result:
        lines += ["", render_intervals(result["intervals"])]
        lines += _not_given_lines(result.get("intervals_not_given", []))
    elif result.get("intervals_skipped") == "weighted_input":
        lines += ["", _("no confidence intervals: the Wilson, DeLong and bootstrap intervals here count unweighted "
                        "samples, and this file has a weight column")]
    return "\n".join(lines)


def _not_given_lines(not_given: list) -> list[str]:
    """One line per reason: the intervals left out and why (7.8)."""
    lines = []
    for reason in dict.fromkeys(entry["reason"] for entry in not_given):
        names = ", ".join(_(MEASURES[e["measure"]]) for e in not_given if e["reason"] == reason)
        lines.append(_("not given: {measures}; {reason}").format(measures=names, reason=_(REASONS[reason])))
    return lines


#: Measures of the readable interval table: key path in ``intervals`` and name.
INTERVAL_ROWS = (("accuracy",), ("cohen_kappa",), ("matthews_correlation",), ("balanced_accuracy",),
                 ("averages", "macro", "f1"), ("averages", "weighted", "f1"), ("fbeta", "2"), ("fbeta", "0.5"),
                 ("lift",), ("auroc",), ("average_precision",), ("class_scores", "top_k_accuracy", "1"),
                 ("class_scores", "brier"), ("class_scores", "log_loss"))


def render_intervals(intervals: dict) -> str:
    """The main measures with their intervals, and per class recall, precision and F1 with theirs (7.8)."""
    names = {path: measure_name(key) for path, key in (
        ("accuracy", "accuracy"), ("cohen_kappa", "cohen_kappa"), ("balanced_accuracy", "balanced_accuracy"),
        ("averages.macro.f1", "macro_f1"), ("averages.weighted.f1", "weighted_f1"), ("lift", "lift"),
        ("auroc", "auroc"), ("average_precision", "average_precision"), ("class_scores.brier", "brier"),
        ("class_scores.log_loss", "log_loss"))}
    names.update({"matthews_correlation": _("MCC"), "fbeta.2": _("F2 (positive class)"),
                  "fbeta.0.5": _("F0.5 (positive class)"), "class_scores.top_k_accuracy.1": _("top-1 accuracy")})
    rows = []
    level = None
    for path in INTERVAL_ROWS:
        entry = intervals
        for key in path:
            entry = entry.get(key) if isinstance(entry, dict) else None
        if entry is None:
            continue
        level = entry["confidence_level"]
        rows.append([names[".".join(path)], number(entry["estimate"], 4), interval_text(entry),
                     method_name(entry["method"])])
    for label, per in intervals["per_class"].items():
        for measure in ("recall", "precision", "f1"):
            entry = per[measure]
            rows.append([_("{measure} of class {label}").format(measure=_name(measure), label=label),
                         number(entry["estimate"], 4), interval_text(entry), method_name(entry["method"])])
    title = _("confidence intervals ({level} %; all of them in --json):").format(
        level=significant(100 * (level or 0.95), 6))
    return title + "\n" + text_table(rows, [_("measure"), _("value"), _("interval"), _("method")])


def note_spaced_labels(labels) -> None:
    """Say on stderr which labels differ only in spaces around them (``' 1'`` and ``'1'``, from ``1, 0`` written for
    ``1,0``): labels are compared exactly as written, so they are different classes (5.1, step 4)."""
    texts = [str(label) for label in labels]
    pairs = [f"{quote(t)} / {quote(u)}" for t in texts for u in texts if t != u and t.strip() == u and u == u.strip()]
    if pairs:
        print("iso4213-nb metrics: " + _("note: labels {pairs} differ only in spaces around them and are different "
                                         "classes, since labels are compared exactly as written").format(
            pairs="; ".join(pairs)), file=sys.stderr)


def run(args) -> int:
    """Assess the given file; print JSON or tables; report predicted-only labels on stderr (clause 6)."""
    _streaming.auto_stream(args, "metrics")
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
