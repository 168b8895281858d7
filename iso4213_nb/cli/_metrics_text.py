"""How ``iso4213-nb metrics`` prints its results as readable tables, whole file or streamed (clause 6; 7.8 for the
intervals): the summary, the per-class and averaged tables in per cent, the areas, the class scores, the
normalised matrices, the multi-label table (6.5), the intervals and what a streamed run did not give.

Kept apart from :mod:`.metrics` so that the streamed runs (:mod:`._metrics_streamed`, :mod:`._labels_streamed`)
print what the whole-file run prints without importing the command that imports them.
"""

from __future__ import annotations

import sys

from ..core.undefined import is_undefined
from ..figures.tables import text_table
from ..inputs.table import quote
from ..measures.assessment import AREAS
from ..measures.confusion import AVERAGED, AVERAGES
from ..report.not_given_words import measure_words, reason_words
from ..report.render_tasks import ML_MEASURES
from ..words import readings
from ..words.i18n import N_, _, level_percent, number, with_decimal_sign
from ..words.intervals import interval_text, method_name
from ..words.measures import AVERAGE_NAMES, label as measure_label, name as measure_name


PER_CLASS_COLUMNS = ("tp", "tn", "fp", "fn", "accuracy", "binary_accuracy", "precision", "recall", "specificity", "f1")


#: Column and row names of the printed tables: in English the keys themselves, as the tables always printed
#: them; in Russian the terms of ПНСТ 835-2023 (Tables A.3 and A.4).
COLUMN_NAMES = {"tp": N_("tp"), "tn": N_("tn"), "fp": N_("fp"), "fn": N_("fn"), "accuracy": N_("accuracy"),
                "binary_accuracy": N_("binary_accuracy"), "precision": N_("precision"), "recall": N_("recall"),
                "specificity": N_("specificity"), "f1": N_("f1"), "auroc": N_("auroc"),
                "average_precision": N_("average_precision"),
                **{code: short for code, (_name, short) in AVERAGE_NAMES.items()}}


#: The per-label columns of the multi-label table, as it always printed them in English.
_ML_COLUMNS = {"precision": N_("precision"), "recall": N_("recall"), "f1": N_("f1"), "auroc": N_("auroc"),
               "average_precision": N_("average precision")}


def _name(key: str) -> str:
    """A column or row name of the printed tables in the active language."""
    return _(COLUMN_NAMES[key]) if key in COLUMN_NAMES else key


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
        names = ", ".join(measure_words(e["measure"]) for e in not_given if e["reason"] == reason)
        lines.append(_("not given: {measures}; {reason}").format(measures=names, reason=reason_words(reason)))
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
        level=level_percent(level or 0.95))
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
