"""One call that assesses a classifier's output with every clause-6 measure that applies.

:func:`assess` takes label arrays (and, for a binary problem, scores);
:func:`assess_matrix` takes a :class:`~iso4213_nb.measures.confusion.ConfusionMatrix`.
Both return the JSON-ready dict that ``iso4213-nb metrics --json`` prints:

``n``, ``labels``, ``accuracy`` (6.2.3, 6.4.2), ``cohen_kappa`` (5.3.9),
``matthews_correlation``, ``balanced_accuracy``, and beyond TS 4213 (scikit-learn's
options): ``cohen_kappa_linear`` and ``cohen_kappa_quadratic`` (weighted kappa,
classes taken in the order of ``labels``), ``balanced_accuracy_adjusted`` (0 at
chance) and ``normalized`` (the matrix divided by each true class's total, each
predicted class's total and n, keys ``true``, ``predicted``, ``all``; true classes
in rows; null where the total is 0), ``per_class`` (label → the
one-vs-rest counts and measures of 6.2.4–6.2.6 and 6.4.2, as Tables A.2–A.3),
``averages`` (macro / weighted / micro of the five measures of Table A.4,
6.4.3), ``kl_divergence`` (both directions, 6.2.7, 6.4.4),
``predicted_only_labels`` (classes predicted but absent from the truth) and,
for scored binary input, ``positive``, ``predicted_from``, ``auroc``,
``average_precision``, ``auprc_trapezoid`` and ``gain_area`` (6.3.6–6.3.8).

Values are fractions (0–1) or ``None`` where undefined; ``undefined`` lists
each such value as ``"name: reason"``.
"""

from __future__ import annotations

import numpy as np

from . import counts as measures
from ..core.checks import as_labels, as_scores, same_length
from .confusion import AVERAGED, AVERAGES, KAPPA_WEIGHTS, NORMALIZE_BY, ConfusionMatrix
from .curves import BinaryScores
from .distribution import kl_of_matrix
from ..core.errors import InputError
from ..stats.results import reason_dict
from ..core.undefined import Undefined, to_json

#: The areas under a binary model's curves that :func:`assess` gives (6.3.6 to 6.3.8; keys of the registry).
AREAS = ("auroc", "average_precision", "auprc_trapezoid", "gain_area")

DEFAULT_THRESHOLD = 0.5


class Collector:
    """Turns measure values into JSON values and remembers why each undefined one is undefined (beyond TS 4213: undefined values carry their reason)."""

    def __init__(self):
        self.undefined: list[str] = []
        self.reasons: dict[str, dict] = {}

    def __call__(self, name: str, value):
        if isinstance(value, Undefined):
            self.undefined.append(f"{name}: {value.code or value.reason}")
            self.reasons[name] = reason_dict(value)
        return to_json(value)


def _normalized(matrix, keep: Collector) -> list:
    """The rows of a normalised matrix as lists, each row or column of an empty class noted in ``undefined``."""
    for label, code in matrix.undefined.items():
        keep(f"normalized.{matrix.by}.{label}", Undefined(code=code))
    return matrix.to_dict()["values"]


def assess_matrix(cm: ConfusionMatrix) -> dict:
    """Every clause-6 measure of a confusion matrix as a JSON-ready dict (see the module docstring).

    ``per_class[label]`` holds ``tp, tn, fp, fn, support``, ``accuracy``
    (per-class accuracy, equal to recall by 6.4.2; Table A.3's "Accuracy"
    row) and every measure of :data:`iso4213_nb.measures.counts.PER_CLASS`.
    ``averages[method]`` for method in macro, weighted, micro holds
    ``binary_accuracy, precision, recall, specificity, f1`` (Table A.4).
    """
    keep = Collector()
    per_class = {}
    for label in cm.labels:
        c = cm.binary(label)
        entry = {"tp": c.tp, "tn": c.tn, "fp": c.fp, "fn": c.fn, "support": c.positives,
                 "accuracy": keep(f"per_class.{label}.accuracy", measures.recall(c))}
        for name, fn in measures.PER_CLASS.items():
            entry[name] = keep(f"per_class.{label}.{name}", fn(c))
        per_class[str(label)] = entry
    averages = {method: {name: keep(f"averages.{method}.{name}", cm.average(name, method)) for name in AVERAGED}
                for method in AVERAGES}
    kl = kl_of_matrix(cm)
    only_predicted = [label for label, t, p in zip(cm.labels, cm.support, cm.predicted_counts) if t == 0 and p > 0]
    result = {
        "n": cm.n,
        "labels": list(cm.labels),
        "accuracy": keep("accuracy", cm.accuracy()),
        "cohen_kappa": keep("cohen_kappa", cm.cohen_kappa()),
        "matthews_correlation": keep("matthews_correlation", cm.matthews_correlation()),
        "balanced_accuracy": keep("balanced_accuracy", cm.balanced_accuracy()),
        "balanced_accuracy_adjusted": keep("balanced_accuracy_adjusted", cm.balanced_accuracy(adjusted=True)),
        **{f"cohen_kappa_{w}": keep(f"cohen_kappa_{w}", cm.cohen_kappa(w)) for w in KAPPA_WEIGHTS},
        "normalized": {by: _normalized(cm.normalized(by, rows="true"), keep) for by in NORMALIZE_BY},
        "per_class": per_class,
        "averages": averages,
        "kl_divergence": {name: keep(f"kl_divergence.{name}", value) for name, value in kl.items()},
        "predicted_only_labels": only_predicted,
    }
    result["undefined"], result["reasons"] = keep.undefined, keep.reasons
    return result


def _negative_label(t: np.ndarray, positive, labels):
    """The label a sample below the threshold gets: the other label of a binary y_true."""
    others = [v for v in np.unique(t).tolist() if v != positive]
    if len(others) == 1:
        return others[0]
    if len(others) > 1:
        raise InputError("assessment.binary_scores_many_labels", count=len(others) + 1, labels=str([positive, *others][:10]))
    if labels is not None and len(labels) == 2:
        return next(v for v in labels if str(v) != str(positive))
    if positive in (0, 1):
        return 1 - positive
    raise InputError("assessment.negative_unknown", positive=repr(positive), argument="labels")


def assess(y_true, y_pred=None, scores=None, positive=None, labels=None, *, threshold=None,
           sample_weight=None) -> dict:
    """Assess label arrays, scores, or both (see the module docstring for the keys).

    Parameters
    ----------
    y_true : array-like of true labels (strings or integers).
    y_pred : array-like of predicted labels, or None to derive them from ``scores``.
    scores : binary problems only: a score per sample, higher meaning more
        positive.  Adds the curve areas of 6.3.6–6.3.8.
    positive : label of the positive class for ``scores`` (default 1 for 0/1 labels).
    labels : optional list fixing the classes and their order.
    threshold : with ``scores`` and no ``y_pred``: predict positive when
        ``score >= threshold``.  Without it the threshold is 0.5 and the scores
        must then be probabilities in [0, 1].
    sample_weight : optional non-negative weight per sample (scikit-learn's
        meaning): every count of the matrix and of the curves becomes a sum of
        weights (``tp``, ``support``, ``n`` … are then floats); whole weights
        give the same result as repeated rows.

    A label predicted but never true is allowed: it becomes a class of the
    matrix with undefined recall and is listed in ``predicted_only_labels``.
    """
    t = as_labels(y_true, "y_true")
    if y_pred is None and scores is None:
        raise InputError("assessment.nothing_to_assess")
    if threshold is not None and (scores is None or y_pred is not None):
        raise InputError("assessment.threshold_without_scores")
    binary = None
    predicted_from = "y_pred"
    if scores is not None:
        s = as_scores(scores, "scores", probabilities=y_pred is None and threshold is None)
        same_length(y_true=t, scores=s)
        binary = BinaryScores(t, s, positive, sample_weight=sample_weight)
        negative = _negative_label(t, binary.positive, labels)
        if y_pred is None:
            cut = DEFAULT_THRESHOLD if threshold is None else float(threshold)
            if cut != cut:
                raise InputError("assessment.threshold_nan")
            y_pred = np.where(s >= cut, np.array(binary.positive), np.array(negative))
            predicted_from = f"scores >= {cut:g}"
    cm = ConfusionMatrix.from_predictions(t, y_pred, labels, sample_weight=sample_weight)
    result = assess_matrix(cm)
    if binary is not None:
        keep = Collector()
        keep.undefined, keep.reasons = result.pop("undefined"), result.pop("reasons")
        result["positive"] = binary.positive
        result["predicted_from"] = predicted_from
        for name in AREAS:
            result[name] = keep(name, getattr(binary, name)())
        result["undefined"], result["reasons"] = keep.undefined, keep.reasons
    return result
