"""HTML of the report's sections for issue 11: the task, class scores, multi-label, subgroups, calibration.

Each function takes the dict of :func:`iso4213_nb.report.content.build` (as
extended by :mod:`.tasks`) and returns HTML (with the conventions of :mod:`.render`),
or ``""`` when its section does not apply to the file.
"""

from __future__ import annotations

from ..words.i18n import N_, _, number
from ..words.measures import label as measure_label, name as measure_name
from ..figures.tables import html_table
from .render import STYLE, escaped, wrap, yes_no

TASK_WORDS = {"binary": N_("binary (two classes, 6.3)"), "multiclass": N_("multi-class (one of several classes, 6.4)"),
              "multilabel": N_("multi-label (any number of labels per sample, 6.5)")}
AUROC_AVERAGES = (("macro", N_("macro: mean of the one-vs-rest AUROCs")),
                  ("weighted", N_("weighted: one-vs-rest AUROCs weighted by class support")),
                  ("micro", N_("micro: one ROC curve over every (sample, class) pair")),
                  ("ovo", N_("one-vs-one: mean AUROC over pairs of classes (Hand & Till 2001)")))
#: The data-set measures of 6.5 (keys of the registry and of the assessment).
ML_MEASURES = ("hamming_loss", "exact_match_ratio", "jaccard_dataset", "jaccard_samples")
CALIBRATION_ROWS = (("ece", N_("expected calibration error, equal-width bins")),
                    ("ece_equal_mass", N_("expected calibration error, equal-mass bins")),
                    ("brier", None), ("top_label_brier", None),
                    ("brier_reliability", N_("Brier reliability (Murphy), lower is better")),
                    ("brier_resolution", N_("Brier resolution (Murphy), higher is better")),
                    ("brier_uncertainty", N_("Brier uncertainty (Murphy), a property of the data")),
                    ("log_loss", None), ("top_label_log_loss", None))  # None: the registry's label
SKIPPED = {"scores_not_probabilities": N_("its scores are not probabilities (each in [0, 1], and for several classes "
                                       "summing to 1 per sample), so their calibration has no meaning"),
           "no_scores": N_("it has no scores"),
           "needs_rows": N_("a report from counts keeps no rows, and calibration's equal-mass bins and bootstrap "
                         "interval need them")}


def _num(value, decimals: int = 4) -> str:
    return _("undefined") if value is None else number(float(value), decimals)


def _interval(entry) -> str:
    if not isinstance(entry, dict) or entry.get("low") is None or entry.get("high") is None:
        return _("undefined")
    return f"[{_num(entry['low'])}, {_num(entry['high'])}]"


def single_label_models(report: dict) -> list[str]:
    """Names of the models that have the single-label sections (confusion matrix 6.2.2, operating points of clause 8)."""
    return [name for name, model in report["models"].items() if "assessment" in model]


def task_summary(report: dict) -> str:
    """The task inferred from the columns (6.3, 6.4, 6.5), and what the weight and subgroup columns change."""
    inp = report["input"]
    task_words = TASK_WORDS[inp["task"]]
    rows = [[_("task (from the columns)"), _(task_words)],
            [_("sample weights"), _("yes: every count, measure, curve and operating point is a sum of weights "
                                     "(scikit-learn's sample_weight); the Wilson and DeLong intervals of the "
                                     "clause-6 measures have no weighted form and are left out, and the "
                                     "significance tests (clause 7) count samples, unweighted")
             if inp["weighted"] else _("no (every sample counts once)")],
            [_("subgroup attributes"), ", ".join(inp["groups"]) if inp["groups"] else _("none")]]
    argmax = [name for name, m in report["models"].items() if m.get("labels_from_argmax")]
    if argmax:
        rows.append([_("labels from the arg-max of the class scores"), ", ".join(argmax)])
    if inp["top_k"]:
        rows.append([_("top-k accuracies for k ="), ", ".join(str(k) for k in inp["top_k"])])
    return STYLE + wrap(html_table(rows, [_("input"), _("value")], caption=_("Task and optional columns")))


def class_scores(report: dict, model: str) -> str:
    """Top-k accuracy (Annex C), AUROC averages, per-class AUROC and AP (6.3.6, 6.3.7, 6.4), log loss and Brier score of one model."""
    m = report["models"][model]
    if "top_k_accuracy" not in m:
        return ""
    topk = html_table([[f"top-{k}", _num(v)] for k, v in m["top_k_accuracy"].items()],
                      [_("measure"), _("value")],
                      caption=_("Top-k accuracy: the true class among the k highest scores: {model}").format(model=model))
    auroc = html_table([[_(words), _num(m["auroc"].get(key))] for key, words in AUROC_AVERAGES],
                       [_("AUROC average (6.3.6, 6.4.3)"), _("value")],
                       caption=_("Multi-class AUROC: {model}").format(model=model))
    per_class = html_table([[label, _num(v.get("auroc")), _num(v.get("average_precision"))]
                            for label, v in m["per_class"].items()],
                           [_("class"), _("AUROC, one vs rest (6.3.6)"), measure_label("average_precision")],
                           caption=_("Per-class ranking measures: {model}").format(model=model))
    scores = html_table([[measure_label("log_loss"), _num(m.get("log_loss"))],
                         [measure_label("brier"), _num(m.get("brier"))]],
                        [_("measure"), _("value")], caption=_("Probability scores: {model}").format(model=model))
    return wrap(topk + auroc + per_class + scores)


def multilabel(report: dict, model: str) -> str:
    """Every clause-6.5 measure of one model of a multi-label file, per label and averaged."""
    m = report["models"][model].get("multilabel")
    if m is None:
        return ""
    kl = m["kl_divergence"]
    rows = [[measure_label(key), _num(m[key])] for key in ML_MEASURES]
    rows += [[_("KL divergence of the label shares, predicted vs true (6.5.5)"), _num(kl.get("pred_vs_true"))],
             [_("KL divergence of the label shares, true vs predicted"), _num(kl.get("true_vs_pred"))]]
    parts = [html_table(rows, [_("measure"), _("value")], caption=_("Multi-label measures: {model}").format(model=model))]
    ranked = any("auroc" in v for v in m["per_label"].values())
    header = [_("label"), _("TP"), _("FP"), _("FN"), measure_name("precision"), measure_name("recall"), "F1"]
    header += [measure_name("auroc"), measure_name("average_precision")] if ranked else []
    per_label = []
    for label, v in m["per_label"].items():
        row = [label, _num(v["tp"], 0 if isinstance(v["tp"], int) else 2), _num(v["fp"], 0 if isinstance(v["fp"], int) else 2),
               _num(v["fn"], 0 if isinstance(v["fn"], int) else 2), _num(v["precision"]), _num(v["recall"]), _num(v["f1"])]
        per_label.append(row + ([_num(v.get("auroc")), _num(v.get("average_precision"))] if ranked else []))
    for method, values in m["averages"].items():
        per_label.append([_("{method} average").format(method=_(method)), "", "", "", _num(values["precision"]),
                          _num(values["recall"]), _num(values["f1"])] + (["", ""] if ranked else []))
    parts.append(html_table(per_label, header, caption=_("Per label (6.5.1 applies 6.2 to each label): {model}")
                            .format(model=model)))
    if m["undefined"]:
        parts.append("<p>" + escaped(_("Undefined values (reason codes): ")) +
                     escaped("; ".join(m["undefined"])) + "</p>")
    return wrap("".join(parts))


def multilabel_comparisons(report: dict) -> str:
    """Per-label McNemar tests between models, with Holm-adjusted p-values (7.9, 7.10.2)."""
    tests = [t for t in report["comparisons"]["tests"] if "label" in t]
    if not tests:
        return ""
    rows = [[" vs ".join(t["models"]), t["label"], _num(t.get("statistic")), _num(t["pvalue"]),
             _num(t["adjusted_pvalue"]), yes_no(t["rejected"])] for t in tests]
    return wrap(html_table(rows, [_("models"), _("label"), _("statistic"), _("p-value"), _("adjusted p (Holm)"),
                                   _("significant")],
                            caption=_("McNemar's test per label, all p-values adjusted together")))


#: Test code of a largest gap → its name (5.3.2; 7.5; beyond TS 4213: the permutation test).
GAP_TESTS = {"chi_squared": N_("chi-squared across the values"), "permutation": N_("permutation test of the gap")}


def _gap_test(gap: dict) -> str:
    words = GAP_TESTS.get(gap.get("test"))
    return _(words) if words else ""


def _group_interval(entry) -> str:
    """A subgroup measure's interval, or why a group too small for one has none (5.3.2; :mod:`iso4213_nb.subgroups.rows`)."""
    reason = (entry or {}).get("reason") or {}
    if reason.get("code") == "degenerate_bootstrap":
        return _("(no interval: every resample of the group gives the same value)")
    return _interval(entry)


def _gap(gap: dict) -> str:
    between = " – ".join(str(v) for v in gap.get("between", []))
    return f"{_num(gap.get('estimate'))} ({between})" if between else _num(gap.get("estimate"))


def subgroups(report: dict, model: str) -> str:
    """Per subgroup value: n and each measure with its interval; the largest gap, heterogeneity, warnings (5.3.2)."""
    groups = report["models"][model].get("subgroups")
    if not groups:
        return ""
    parts = []
    for attribute, data in groups.items():
        values = {k: v for k, v in data.items() if k not in ("largest_gap", "heterogeneity", "warnings")}
        measures = list(dict.fromkeys(key for v in values.values() for key, x in v.items() if isinstance(x, dict)))
        rows = [[value, _num(v["n"], 0 if float(v["n"]).is_integer() else 2)] +
                [f"{_num((v.get(key) or {}).get('estimate'))} {_group_interval(v.get(key))}" for key in measures]
                for value, v in values.items()]
        parts.append(html_table(rows, [_("value"), "n"] + [_(key.replace("_", " ")) for key in measures],
                                caption=_("Subgroups by {attribute}: {model}").format(attribute=attribute, model=model)))
        gaps = data.get("largest_gap", {})
        rows = [[_(key.replace("_", " ")), _gap(gap), _num(gap.get("pvalue")) if gap.get("test") else "",
                 _gap_test(gap)] for key, gap in gaps.items()]
        if rows:
            parts.append(html_table(rows, [_("measure"), _("largest gap between values (between)"),
                                           _("p-value of no difference"), _("test")],
                                    caption=_("Differences between the values of {attribute}").format(attribute=attribute)))
            parts.append("<p>" + escaped(_("The largest gap is the spread of the estimates and has no interval: a "
                                         "bootstrap of a maximum minus a minimum stays above 0 even when the values "
                                         "do not differ. Whether they differ is the test's answer (a small p-value): "
                                         "chi-squared across the values for a proportion, a permutation test of the "
                                         "gap (group labels shuffled within each true class) for F1, balanced "
                                         "accuracy and macro recall; the AUROC's gap has no test here.")) + "</p>")
        for warning in data.get("warnings", []):
            if warning.get("code") == "small_group":
                parts.append("<p>" + escaped(_("Value {value} of {attribute} has only {n} samples: its intervals are "
                                             "wide and its measures say little.").format(
                    value=warning.get("value"), attribute=attribute, n=warning.get("n"))) + "</p>")
    return wrap("".join(parts))


def calibration(report: dict, model: str) -> str:
    """Calibration of one model's probabilities (beyond TS 4213: calibration), or why it is not computed."""
    m = report["models"][model]
    if "calibration" not in m:
        code = m.get("calibration_skipped")
        if code is None or code == "no_scores":
            return ""
        return wrap("<p>" + escaped(_("{model}: no calibration, because {reason}.").format(
            model=model, reason=_(SKIPPED[code]))) + "</p>")
    c = m["calibration"]
    rows = [[measure_label(key) if words is None else _(words),
             _num(c[key].get("estimate") if isinstance(c[key], dict) else c[key]),
             _interval(c[key]) if isinstance(c[key], dict) else ""] for key, words in CALIBRATION_ROWS if key in c]
    kind = _("top-label: the highest score against whether that class is right") if c.get("kind") == "top_label" \
        else _("the score of the positive class")
    return wrap(html_table(rows, [_("measure"), _("value"), _("bootstrap interval")],
                            caption=_("Calibration of {model} ({kind})").format(model=model, kind=kind)))


def _has(report: dict, key: str) -> bool:
    return any(key in m for m in report["models"].values())


#: Section → (title, introduction, key a model must have for the section to show).
SECTIONS = {
    "class_scores": (N_("Class scores: top-k accuracy, AUROC and curves per class (6.3.6, 6.3.7, 6.4)"),
                     N_("The model gives a score to every class. Top-k accuracy counts a sample as right when its true "
                     "class is among the k highest scores (Annex C compares models by top-1 and top-5). Each class "
                     "against the rest gives a binary ROC and precision-recall curve; their areas are averaged over "
                     "the classes (macro), weighted by support (weighted), pooled (micro), or taken over every pair of "
                     "classes (one-vs-one, Hand & Till 2001). Log loss and the Brier score follow scikit-learn's "
                     "definitions."), "top_k_accuracy"),
    "multilabel": (N_("Multi-label measures (6.5)"),
                   N_("Each sample carries any number of labels. The Hamming loss counts wrong label decisions, the exact "
                   "match ratio whole label sets that are right, and the Jaccard index compares predicted and true "
                   "label sets; every binary measure of 6.2 applies to each label on its own. Models are compared "
                   "label by label with McNemar's test (7.9), with Holm's adjustment over every test (7.10.2)."),
                   "multilabel"),
    "subgroups": (N_("Subgroups: the evidence for the bias item (5.3.2)"),
                  N_("Clause 5.3.2 asks whether the data or the model treat groups of samples differently. For each "
                  "subgroup attribute of the file, each headline measure is computed per value with its interval "
                  "and sample count; the largest gap between two values is shown as the spread of the estimates, "
                  "and a chi-squared test asks whether the values differ at all, with Holm-adjusted pairwise "
                  "comparisons. A small group gets a warning, and a group whose every resample gives the same value "
                  "gets no bootstrap interval rather than one of zero width."), "subgroups"),
    "calibration": (N_("Calibration of the probabilities (beyond TS 4213)"),
                    N_("TS 4213 does not ask for calibration; it is added because a probability is only useful when "
                    "it means what it says. The reliability diagram plots, per bin of predicted probability, how "
                    "often the event happened; the expected calibration error averages the distance between the "
                    "two (equal-width and equal-mass bins, bootstrap interval); the Brier score splits into "
                    "reliability, resolution and uncertainty (Murphy 1973)."), "calibration"),
}


def heading(report: dict, section: str) -> str:
    """The heading and introduction of an issue-11 section (clause 8 report), or ``""`` when no model of the report has it."""
    title, intro, key = SECTIONS[section]
    if not _has(report, key) and not (section == "calibration" and any(
            m.get("calibration_skipped") == "scores_not_probabilities" for m in report["models"].values())):
        return ""
    weighted = _("Every number here is weighted by the file's weight column.") if report["input"]["weighted"] else ""
    return STYLE + wrap(f"<h2>{escaped(_(title))}</h2><p>{escaped(_(intro))} {escaped(weighted)}</p>")


def operating_points_intro(report: dict) -> str:
    """What the rows of section 4 (counts at operating points, clause 8) are for this file's task.

    A binary file gets the threshold rules (0.5, Youden, TPR ≥ 0.9, FPR ≤ 0.1); a multi-class file gets one
    row per class against the rest, from the model's labels (the arg-max of its class scores where the labels
    were derived so), with no threshold; a multi-label file has no section 4 (``""``).
    """
    task = report["input"]["task"]
    if task == "binary":
        text = _("A scored model becomes a classifier only once a threshold is chosen: a sample counts as positive "
                 "when its score is at least the threshold. The rows are: the labels the file gives; the threshold "
                 "0.5 when scores are probabilities; the threshold that maximises Youden's J = TPR − FPR; the "
                 "highest threshold that still finds 90 % of the positives; and the lowest threshold that keeps "
                 "the false positive rate at or below 10 %.")
    elif task == "multiclass":
        text = _("With several classes there is no single threshold: each row takes one class as the positive "
                 "class and every other class as negative (one against the rest), and counts the model's labels.")
        if any(m.get("labels_from_argmax") for m in report["models"].values()):
            text += " " + _("Where the file gives class scores and no labels, a model's label is the arg-max: the "
                            "class with the highest score.")
        if any(m.get("has_scores") for m in report["models"].values()):
            text += " " + _("Every threshold of each class's score, one class against the rest, is in the "
                            "ROC and precision–recall curves of the class-scores section.")
    else:
        return ""
    return wrap(f"<p>{escaped(text)}</p>")


def curves_absent(report: dict) -> str:
    """Why section 6 draws no threshold curves (6.3.6–6.3.9), where the curves of this task are instead."""
    scored = any(m.get("has_scores") for m in report["models"].values())
    if scored and report["input"]["task"] == "multiclass":
        text = _("The models score every class, so there is no single threshold to sweep here: each class's ROC "
                 "and precision–recall curves, one class against the rest, are in the class-scores section below.")
    elif scored and report["input"]["task"] == "multilabel":
        text = _("These curves are drawn for a binary task; the multi-label section below gives every measure "
                 "per label.")
    else:
        text = _("No model in the file has scores, so there are no threshold curves.")
    return wrap(f"<p>{escaped(text)}</p>")
