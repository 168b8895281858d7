"""The report's numbers for the tasks beyond one binary or multi-class label column (issue 11).

:func:`extend` adds to the dict of :func:`iso4213_nb.report.content.build`:

* ``input.task`` (binary, multiclass, multilabel, as the input layer inferred
  it), ``input.weighted``, ``input.groups`` and ``input.top_k``;
* per model with class scores (6.4, beyond TS 4213 where named):
  ``top_k_accuracy``, ``auroc`` (macro, weighted, micro, and Hand & Till's
  one-vs-one), ``per_class`` (one-vs-rest AUROC and average precision),
  ``log_loss``, ``brier`` (:mod:`iso4213_nb.measures.multiclass_scores`);
* per model of a multi-label file: ``multilabel``
  (:func:`iso4213_nb.measures.multilabel_summary.summarize`, every clause-6.5 measure);
* per model and subgroup attribute: ``subgroups.<name>``
  (:func:`iso4213_nb.subgroups.rows.subgroup_analysis`: per-value measures with
  intervals and n, the largest gap, a heterogeneity test, warnings);
* per model whose scores are probabilities: ``calibration`` (beyond TS 4213:
  :mod:`iso4213_nb.measures.calibration`), or ``calibration_skipped`` with a reason code.

With a ``weight`` column every measure here that has a weighted form is weighted.  Words: :mod:`.render_tasks`.
"""

from __future__ import annotations

import itertools

import numpy as np

from ..core.errors import InputError
from ..measures.calibration import calibration, multiclass_calibration
from ..inputs import MULTICLASS, MULTILABEL, Predictions
from ..measures.multiclass_scores import assess_scores
from ..core.probability_rows import probability_problems
from ..measures.multilabel_summary import per_label_mcnemar, summarize
from ..subgroups.rows import subgroup_analysis

#: Top-k accuracies always reported for a multi-class model with scores (Annex C reports top-1 and top-5).
TOP_K = (1, 2, 3, 4, 5)
#: Reason codes for a model whose calibration is not computed.
NOT_PROBABILITIES, NO_SCORES = "scores_not_probabilities", "no_scores"


def plain(value):
    """A numpy scalar as the Python number it holds, anything else as it is: a label or count for JSON (clause 8)."""
    return value.item() if isinstance(value, np.generic) else value


def class_counts(pred: Predictions) -> dict:
    """Samples per class (single-label, 6.4) or samples carrying each label (multi-label, 6.5), unweighted."""
    if pred.task == MULTILABEL:
        return {str(plain(label)): int(count) for label, count in zip(pred.label_names, pred.y_true_matrix.sum(axis=0))}
    classes, counts = np.unique(pred.y_true, return_counts=True)
    return {str(plain(c)): int(k) for c, k in zip(classes, counts)}


def top_k_values(labels: list, extra=()) -> tuple[int, ...]:
    """The k of the top-k accuracies (Annex C): 1–5 and ``extra``, each below the number of classes (k ≥ classes is always 1)."""
    return tuple(sorted({k for k in (*TOP_K, *extra) if 1 <= k < len(labels)}))


#: Keys of a top-label calibration renamed in report.json, so that a name says which quantity it holds: the
#: Brier score and log loss of "the highest score's class is the true one", not the multi-class ones.
TOP_LABEL_NAMES = {"brier": "top_label_brier", "log_loss": "top_label_log_loss"}


def _calibration(pred: Predictions, model) -> dict:
    """``{"calibration": ...}`` or ``{"calibration_skipped": code}`` for one single-label model (beyond TS 4213)."""
    if pred.task == MULTICLASS and model.score_matrix is not None:
        if probability_problems(model.score_matrix):
            return {"calibration_skipped": NOT_PROBABILITIES}
        result = multiclass_calibration(pred.y_true, model.score_matrix, pred.labels, sample_weight=pred.weight)
        top = result.top_label.to_dict()
        # the model's own multi-class Brier score and log loss sit beside this entry under the plain names
        top.update({TOP_LABEL_NAMES[key]: top.pop(key) for key in TOP_LABEL_NAMES})
        return {"calibration": {"kind": "top_label", **top,
                                "classwise": {str(plain(label)): r.to_dict() for label, r in result.classwise.items()}}}
    if pred.binary and model.scores is not None:
        if probability_problems(model.scores):
            return {"calibration_skipped": NOT_PROBABILITIES}
        result = calibration(pred.y_true, model.scores, positive=pred.positive, sample_weight=pred.weight)
        return {"calibration": {"kind": "binary", **result.to_dict()}}
    return {"calibration_skipped": NO_SCORES}


def _subgroups(pred: Predictions, model) -> dict:
    """Per subgroup attribute, :func:`iso4213_nb.subgroups.rows.subgroup_analysis` of one model (5.3.2)."""
    scores = model.scores if pred.binary else model.score_matrix
    return {name: subgroup_analysis(pred.y_true, model.pred, values, labels=pred.labels, positive=pred.positive,
                                    scores=scores, sample_weight=pred.weight).to_dict()
            for name, values in pred.groups.items()}


def single_label_model(pred: Predictions, model, top_k: tuple[int, ...]) -> dict:
    """The issue-11 keys of one model of a binary or multi-class file (6.3, 6.4, 5.3.2; calibration beyond TS 4213)."""
    entry: dict = {"labels_from_argmax": model.labels_from_argmax,
                   "has_scores": model.scores is not None or model.score_matrix is not None}
    if pred.task == MULTICLASS and model.score_matrix is not None:
        entry.update(assess_scores(pred.y_true, model.score_matrix, pred.labels, top_k=top_k,
                                   sample_weight=pred.weight).to_dict())
    entry.update(_calibration(pred, model))
    if pred.groups:
        entry["subgroups"] = _subgroups(pred, model)
    return entry


def multilabel_model(pred: Predictions, model) -> dict:
    """A model of a multi-label file: whether it has scores, and every clause-6.5 measure (6.5.1–6.5.5)."""
    return {"has_scores": model.score_matrix_ml is not None, "labels_derived_at": model.derived_at,
            "multilabel": summarize(pred.y_true_matrix, model.pred_matrix, model.score_matrix_ml,
                                    labels=[plain(v) for v in pred.label_names], sample_weight=pred.weight)}


def multilabel_tests(pred: Predictions) -> list[dict]:
    """McNemar's test (7.9) on each label for every pair of models, as report entries; they are adjusted together by
    :func:`iso4213_nb.report.content.adjusted_comparisons` (7.10)."""
    labels = [plain(v) for v in pred.label_names]
    return [{"models": [a, b], "measure": "accuracy", "label": label, **result.to_dict()}
            for a, b in itertools.combinations(pred.models, 2)
            for label, _, result in per_label_mcnemar(pred.y_true_matrix, pred.models[a].pred_matrix,
                                                      pred.models[b].pred_matrix, labels)]


def refuse_unsupported(pred: Predictions) -> None:
    """Refuse in one line what the report does not assess: subgroups (5.3.2) of a multi-label file (6.5).

    The subgroup analysis compares single-label measures between groups; a
    multi-label file's subgroup columns would otherwise be read and then left
    out of the report without a word.
    """
    if pred.task == MULTILABEL and pred.groups:
        raise InputError("report.multilabel_groups", file=pred.source.file_name, groups=list(pred.groups))


def extend(report: dict, pred: Predictions, *, top_k=()) -> dict:
    """Add the keys of the module docstring to ``report`` (the dict of ``content.build``, clause 8); returns it."""
    ks = top_k_values(pred.labels, top_k) if pred.task == MULTICLASS else ()
    report["input"].update({"task": pred.task, "weighted": pred.weight is not None, "groups": list(pred.groups),
                            "top_k": list(ks)})
    for name, model in pred.models.items():
        if pred.task == MULTILABEL:
            report["models"][name] = multilabel_model(pred, model)
        else:
            report["models"][name].update(single_label_model(pred, model, ks))
    return report
