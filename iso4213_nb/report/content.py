"""The numbers of a clause-8 report, computed once and written as ``report.json``.

:func:`build` turns a checked predictions file and the checklist answers of
``--meta`` into one JSON-ready dict.  The report notebook renders that dict
and nothing else, so the HTML and ``report.json`` show the same numbers.
``report.json`` holds no sentence in any language: codes, keys and numbers;
:mod:`iso4213_nb.report.words` turns the codes into words when the report is rendered.
"""

from __future__ import annotations

import datetime
import itertools

import numpy as np

from .. import __version__
from ..controls import checklist
from ..measures.assessment import assess
from ..measures.confusion import ConfusionMatrix
from ..measures.curves import BinaryScores
from ..measures.operating_points import candidate_thresholds
from ..stats.results import interval_json
from ..stats import adjust_pvalues, auroc_ci, delong_test, mcnemar, mcnemar_table, proportion_ci
from ..inputs import Predictions
from . import tasks, uncertainty
from .tasks import plain

FILLED, AUTOMATIC, MISSING = checklist.FILLED, checklist.AUTOMATIC, checklist.MISSING

#: Family-wise correction applied to all model comparisons together (7.10.2, the rule printed there is Holm's), at
#: this level.
ADJUSTMENT, ALPHA = "holm", 0.05
CONFIDENCE_LEVEL = 0.95


def _proportion(successes: int, n: int) -> dict | None:
    return interval_json(proportion_ci(int(successes), int(n), method="wilson")) if n > 0 else None


def _counts_row(name: str, rule: str, threshold, counts) -> dict:
    """One operating point: ``name`` and ``rule`` are codes (words in :mod:`iso4213_nb.report.words`)."""
    positives, negatives = counts.tp + counts.fn, counts.tn + counts.fp
    return {
        "name": name, "rule": rule, "threshold": None if threshold is None else float(threshold),
        "tp": counts.tp, "fp": counts.fp, "tn": counts.tn, "fn": counts.fn,
        "tpr": counts.tp / positives if positives else None,
        "fpr": counts.fp / negatives if negatives else None,
    }


def operating_points(scores: BinaryScores) -> list[dict]:
    """Counts at the representative thresholds of a scored binary model (clause 8, 6.3.6).

    Rows: the 0.5 threshold when the scores lie in [0, 1]; the threshold
    maximising Youden's J = TPR − FPR; the highest threshold whose TPR
    reaches 0.9; the lowest threshold whose FPR stays at or below 0.1.
    Predicted positive iff ``score >= threshold``.  The candidates are every
    distinct score plus one just above the largest, which predicts no positive
    (:func:`iso4213_nb.measures.operating_points.candidate_thresholds`).  Both classes
    must be present.
    """
    thresholds = candidate_thresholds(scores)
    tpr = np.concatenate([[0], np.asarray(scores.tps)]) / scores.positives
    fpr = np.concatenate([[0], np.asarray(scores.fps)]) / scores.negatives
    picks = [("youden", "max_youden", int(np.argmax(tpr - fpr))),
             ("tpr_0.9", "highest_tpr_0.9", int(np.flatnonzero(tpr >= 0.9)[0])),
             ("fpr_0.1", "lowest_fpr_0.1", int(np.flatnonzero(fpr <= 0.1)[-1]))]
    rows = []
    if thresholds[1:].min() >= 0 and thresholds[1:].max() <= 1:
        rows.append(_counts_row("threshold_0.5", "probabilities", 0.5, scores.counts_at(0.5)))
    for name, rule, i in picks:
        rows.append(_counts_row(name, rule, thresholds[i], scores.counts_at(thresholds[i])))
    return rows


def model_entry(cm: ConfusionMatrix, *, positive, weighted: bool, derived_at, scores: BinaryScores | None,
                assessment: dict, auroc: dict | None, from_argmax: bool = False) -> dict:
    """One model's entry of ``report.json``, the same for rows in memory and for merged counts (clause 8, 7.8).

    Inputs: the model's confusion matrix ``cm``; ``positive`` (None for a
    multi-class task: then one class-vs-rest row per class); ``weighted`` (sums
    of sample weights have no count-based intervals); ``derived_at``, the
    threshold its labels were derived at (None: labels as given); its binary
    ``scores`` (or None), whose representative operating points are added;
    ``assessment``, the dict of its measures; ``auroc``, the JSON of its
    AUROC's interval (or None); ``from_argmax``, a multi-class model's labels
    are the arg-max of its class scores.  Output: ``has_scores``, ``labels_derived_at``,
    ``confusion_matrix``, ``assessment``, ``intervals`` (Wilson intervals of
    accuracy and, binary, recall, specificity and precision) and ``operating_points``.
    """
    matrix = cm.matrix(rows="true")
    intervals = {} if weighted else {"accuracy": _proportion(int(np.trace(matrix)), int(matrix.sum()))}
    if positive is not None:
        counts = cm.binary(positive)
        if not weighted:
            intervals.update({"recall": _proportion(counts.tp, counts.tp + counts.fn),
                              "specificity": _proportion(counts.tn, counts.tn + counts.fp),
                              "precision": _proportion(counts.tp, counts.tp + counts.fp)})
        if auroc is not None:
            intervals["auroc"] = auroc
        rule = "labels_from_scores" if derived_at is not None else "labels_as_given"
        points = [_counts_row("predicted_labels", rule, derived_at, counts)]
        if scores is not None:
            points += operating_points(scores)
    else:
        rule = "labels_from_argmax" if from_argmax else "labels_as_given"
        points = [dict(_counts_row("class_vs_rest", rule, None, cm.binary(label)), label=plain(label))
                  for label in cm.labels]
    return {"has_scores": scores is not None, "labels_derived_at": derived_at,
            "confusion_matrix": {"rows": "true", "labels": list(cm.labels), "counts": matrix.tolist()},
            "assessment": assessment, "intervals": intervals, "operating_points": points}


def _model(pred: Predictions, model, placements=None) -> dict:
    w = pred.weight  # with weights every count is a sum of weights; the intervals here have no weighted form
    cm = ConfusionMatrix.from_predictions(pred.y_true, model.pred, labels=pred.labels, sample_weight=w)
    result = assess(pred.y_true, y_pred=model.pred, scores=model.scores, positive=pred.positive, labels=pred.labels,
                    sample_weight=w)
    scores = auroc = None
    if pred.binary and model.scores is not None:
        scores = BinaryScores(pred.y_true, model.scores, positive=pred.positive, sample_weight=w)
        if w is None and min(scores.positives, scores.negatives) >= 2:  # DeLong needs two of each
            auroc = interval_json(auroc_ci(pred.y_true, model.scores, positive=pred.positive, placements=placements))
    return model_entry(cm, positive=pred.positive if pred.binary else None, weighted=w is not None,
                       derived_at=model.derived_at, scores=scores, assessment=result, auroc=auroc,
                       from_argmax=bool(model.labels_from_argmax))


def comparisons(pred: Predictions, placements: dict | None = None) -> dict:
    """Pairwise tests between models (clause 7) with one Holm correction over all of them (7.10).

    McNemar's test (7.9) compares the predicted labels of every pair; when both
    models of a pair have scores, DeLong's test compares their AUROC (from ``placements``, the models'
    DeLong placement values, when given: :func:`iso4213_nb.report.uncertainty.placements_by_model`).
    """
    placements = placements or {}

    def delong(a, b):
        ma, mb = pred.models[a], pred.models[b]
        if not (pred.binary and ma.scores is not None and mb.scores is not None):
            return None
        return delong_test(pred.y_true, ma.scores, mb.scores, positive=pred.positive,
                           placements=(placements[a], placements[b]) if a in placements else None)

    return pair_comparisons(list(pred.models), lambda a, b: mcnemar_table(pred.y_true, pred.models[a].pred,
                                                                          pred.models[b].pred), delong)


def pair_comparisons(names: list, table, delong) -> dict:
    """McNemar's test (7.9) of every pair of models and DeLong's where given, with one Holm correction (7.10).

    The one assembly of the comparisons for rows in memory and for merged counts:
    ``table(a, b)`` is the pair's 2 × 2 McNemar table, ``delong(a, b)`` the
    result of DeLong's test of their AUROCs or None.  Output: as :func:`adjusted_comparisons`.
    """
    tests = []
    for a, b in itertools.combinations(names, 2):
        tests.append({"models": [a, b], "measure": "accuracy", **mcnemar(table(a, b)).to_dict()})
        found = delong(a, b)
        if found is not None:
            tests.append({"models": [a, b], "measure": "auroc", **found.to_dict()})
    return adjusted_comparisons(tests)


def adjusted_comparisons(tests: list[dict]) -> dict:
    """``tests`` (model pair, measure, test data) with their p-values adjusted together by Holm (7.10.2)."""
    if not tests:
        return {"tests": [], "adjustment": None, "statement": {"code": "single_model"}}
    usable = [i for i, t in enumerate(tests) if t["pvalue"] is not None]
    adjustment = adjust_pvalues([tests[i]["pvalue"] for i in usable], ADJUSTMENT, alpha=ALPHA) if usable else None
    for t in tests:
        t["adjusted_pvalue"], t["rejected"] = None, None
    if adjustment is not None:
        for j, i in enumerate(usable):
            tests[i]["adjusted_pvalue"] = float(adjustment.adjusted[j])
            tests[i]["rejected"] = bool(adjustment.rejected[j])
    return {"tests": tests, "adjustment": None if adjustment is None else adjustment.to_dict(),
            "statement": {"code": "adjusted", "tests": len(tests), "method": ADJUSTMENT, "alpha": ALPHA}}


def captured(environment: dict | None, groups: bool) -> set[str]:
    """What the report captured itself (values of :data:`iso4213_nb.controls.checklist.CAPTURED_BY`): the machine
    (5.3.11) when ``environment`` was captured, the subgroup measures (5.3.2) when the file has ``groups``."""
    return {name for name, present in (("environment", environment), ("subgroups", groups)) if present}


def checklist_answers(answers: dict, environment: dict | None = None, *, groups: bool = False) -> list[dict]:
    """Every checklist item (clause 8, 5.3) with its answer, or None, and its state (as :func:`items`); the prompts
    are words, added at render."""
    states = checklist.answer_states(answers, captured(environment, groups))
    return [{"key": it.key, "clause": it.clause, "answer": answers.get(it.key) or None, "status": states[it.key]}
            for it in checklist.ITEMS]


def json_default(value):
    """The JSON fallback for numpy scalars, the Python number each holds (clause 8: ``report.json``)."""
    if isinstance(value, np.generic):
        return value.item()
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


#: Checklist sections shown as one item each, by their own clause, with the id the report gives them (the others
#: fill clause-8 items, or are the two choices of measure of 6.4.3 and 6.5.1).
_MEASURE_CHOICES = {"measures.multiclass_averaging": "multiclass_averaging",
                    "measures.multilabel_measure": "multilabel_measure"}


def items(answers: dict, environment: dict | None, inference: dict | None, *, groups: bool = False) -> list[dict]:
    """The reported items in report order, each with its id, clause and status (words: :mod:`.words`).

    Every section of the checklist (clause 5, 6.4.3, 6.5.1) is an item, a clause-8 item under "8" and the clause
    that asks for its facts; their states come from :func:`iso4213_nb.controls.checklist.answer_states`, which
    fills the environment (5.3.11) from ``environment`` and the bias item (5.3.2) from the subgroup measures
    when ``groups``; the items the report computes follow.
    """
    states = checklist.answer_states(answers, captured(environment, groups))
    by_id: dict = {}
    for it in checklist.ITEMS:
        by_id.setdefault(it.report or _MEASURE_CHOICES.get(it.key) or it.section, []).append(it)
    listed = []
    for rid, members in by_id.items():
        clause = f"8 ({members[0].clause})" if members[0].report else members[0].clause
        listed.append((rid, clause, checklist.combined_state(states[m.key] for m in members)))
    listed += [
        ("operating_points", "8", AUTOMATIC),
        ("measures", "6", AUTOMATIC),
        ("curves", "6.3", AUTOMATIC),
        ("comparisons", "7", AUTOMATIC),
        ("inference_cost", "8", AUTOMATIC if inference else MISSING),
    ]
    return [{"id": i, "clause": c, "status": s} for i, c, s in listed]


def assemble(title: str | None, inputs: dict, answers: dict, *, environment: dict | None, inference: dict | None,
             groups: bool, models: dict, comparisons: dict) -> dict:
    """The keys of every ``report.json``, in memory or from merged counts, in their order (clause 8): ``title``
    (user text or None), ``generated_utc`` (now), ``tool`` (name, version, the standard), ``input`` (``inputs``),
    the reported :func:`items` and :func:`checklist_answers`, ``models``, ``comparisons``, ``environment``,
    ``inference`` and the ``confidence_level`` of the intervals the models hold."""
    return {"title": title,
            "generated_utc": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "tool": {"name": "iso4213-nb", "version": __version__, "standard": "ISO/IEC TS 4213:2022"},
            "input": inputs, "items": items(answers, environment, inference, groups=groups),
            "checklist": checklist_answers(answers, environment, groups=groups), "models": models,
            "comparisons": comparisons, "environment": environment, "inference": inference,
            "confidence_level": CONFIDENCE_LEVEL}


def build(pred: Predictions, answers: dict, *, title: str | None, meta_name: str | None, demo: bool,
          environment: dict | None = None, inference: dict | None = None, top_k=(), placements: dict | None = None) -> dict:
    """The JSON-ready content of a report.

    Parameters
    ----------
    pred : checked predictions (:func:`iso4213_nb.inputs.read_predictions`).
    answers : flat checklist answers (:func:`iso4213_nb.controls.checklist.load`); ``{}`` for none.
    title : the report's title (user text; escaped when rendered), or None for the default title in words.
    meta_name : file name of the ``--meta`` file, or None.
    demo : True when the predictions are the bundled demo.
    environment : the captured test environment, or None.
    inference : inference duration of the models, or None when no model was supplied.
    top_k : top-k accuracies wanted beyond k = 1..5 (multi-class scores; :mod:`.tasks` adds those keys).
    placements : the models' DeLong placement values, computed once for this and
        :func:`.uncertainty.extend` (:func:`.uncertainty.placements_by_model`); computed here when None.
    """
    tasks.refuse_unsupported(pred)
    placements = uncertainty.placements_by_model(pred) if placements is None else placements
    single = pred.task != tasks.MULTILABEL
    inputs = {"predictions": pred.source.file_name, "meta": meta_name, "demo": demo, "n": int(pred.n),
              "labels": [plain(v) for v in pred.labels], "class_counts": tasks.class_counts(pred),
              "positive": plain(pred.positive), "models": list(pred.models)}
    models = {name: _model(pred, model, placements.get(name)) for name, model in pred.models.items()} if single else {}
    report = assemble(title, inputs, answers, environment=environment, inference=inference, groups=bool(pred.groups),
                      models=models, comparisons=(comparisons(pred, placements=placements) if single
                                                  else adjusted_comparisons(tasks.multilabel_tests(pred))))
    return tasks.extend(report, pred, top_k=top_k)
