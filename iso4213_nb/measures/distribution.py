"""Distribution difference: Kullback–Leibler divergence of class shares (6.2.7, 6.3.5, 6.4.4, 6.5.5).

The idea of these clauses: compare how often each class occurs among the true
labels with how often the classifier predicts it.  The documents write the sum
in two directions, which give different numbers: :func:`kl_true_vs_pred` (6.2.7,
6.3.5) and :func:`kl_pred_vs_true` (6.4.4, 6.5.5).

t_i and p_i are *shares*: counts divided by their total (6.4.4 writes the
counts T_i, P_i in the sum; we read them as the normalised distributions it
defines just before).  Natural logarithms, so the unit is the nat.

Zero shares: a term whose first share is 0 contributes 0 (0 · ln 0 = 0, the
note of 6.5.5).  A term whose first share is positive and whose second share
is 0 makes the divergence infinite; it is returned as
:class:`~iso4213_nb.core.undefined.Undefined` naming the class, never as a number.
"""

from __future__ import annotations

import numpy as np

from ..core.checks import as_1d, as_labels, listed
from . import stacked
from .confusion import ConfusionMatrix
from ..core.errors import InputError
from .counts import BinaryCounts
from ..core.undefined import Undefined


def shares(counts, name: str = "counts") -> np.ndarray:
    """Counts (non-negative, not all zero) divided by their total: a discrete distribution (6.2.7, 6.4.4)."""
    array = as_1d(counts, name)
    if array.dtype.kind not in "biuf":
        raise InputError("distribution.not_numeric", name=name, dtype=str(array.dtype))
    array = array.astype(float)
    if not np.isfinite(array).all() or (array < 0).any():
        raise InputError("distribution.not_finite_non_negative", name=name)
    total = array.sum()
    if total == 0:
        raise InputError("distribution.all_zero", name=name)
    return array / total


def _kl(first: np.ndarray, second: np.ndarray, names: tuple[str, str], labels) -> float | Undefined:
    """:func:`.stacked.divergence` of two share vectors (6.2.7); Undefined naming the class where first > 0 = second."""
    if first.shape != second.shape:
        raise InputError("distribution.class_counts_differ", first=len(first), second=len(second))
    if labels is None:
        labels = list(range(len(first)))
    elif len(labels) != len(first):
        raise InputError("distribution.labels_for_classes", count=len(labels), classes=len(first))
    infinite = (first > 0) & (second == 0)
    if infinite.any():
        i = int(np.flatnonzero(infinite)[0])
        return Undefined(code="infinite_divergence", params={"label": labels[i], "first": names[0],
                                                             "share": float(first[i]), "second": names[1]})
    return float(stacked.divergence(first[None], second[None])[0])


def kl_true_vs_pred(true_counts, pred_counts, labels=None) -> float | Undefined:
    """D_KL(T ‖ P) = Σ t_i · ln(t_i / p_i), true class shares first (6.2.7, 6.3.5).

    Parameters
    ----------
    true_counts : number (or share) of samples of each true class, T_i.
    pred_counts : number (or share) of samples predicted as each class, P_i, same order.
    labels : optional class names, used in the reason of an undefined result.

    Returns
    -------
    float ≥ 0 in nats (0 when the shares agree), or Undefined when a class occurs
    in the truth but is never predicted.
    """
    return _kl(shares(true_counts, "true counts"), shares(pred_counts, "predicted counts"),
               ("true", "predicted"), labels)


def kl_pred_vs_true(true_counts, pred_counts, labels=None) -> float | Undefined:
    """D_KL(P ‖ T) = Σ p_i · ln(p_i / t_i), predicted class shares first, as written in 6.4.4 and 6.5.5.

    Same arguments as :func:`kl_true_vs_pred` (true first, then predicted);
    undefined when a class is predicted but never occurs in the truth.
    """
    return _kl(shares(pred_counts, "predicted counts"), shares(true_counts, "true counts"),
               ("predicted", "true"), labels)


def both_directions(true_counts, pred_counts, labels=None) -> dict:
    """``{"true_vs_pred": D_KL(T ‖ P), "pred_vs_true": D_KL(P ‖ T)}`` (6.2.7, 6.4.4)."""
    return {"true_vs_pred": kl_true_vs_pred(true_counts, pred_counts, labels),
            "pred_vs_true": kl_pred_vs_true(true_counts, pred_counts, labels)}


#: Reason codes of a label-share divergence with no labels on one side (6.5.5).
NO_TRUE_LABELS, NO_PREDICTED_LABELS = "no_true_labels", "no_predicted_labels"


def label_share_directions(true_totals, pred_totals, labels=None) -> dict:
    """Both KL directions of the label shares from each label's total (count or weight) (6.5.5).

    ``true_totals[i]`` is T_i (the samples, or their weight, carrying label i)
    and ``pred_totals[i]`` is P_i.  When no sample carries any label in the
    truth (or in the predictions) there is no share to compare: both
    directions are :class:`~iso4213_nb.core.undefined.Undefined` with code
    ``no_true_labels`` (``no_predicted_labels``), a state of the data, not bad input.
    """
    true_totals, pred_totals = np.asarray(true_totals, dtype=float), np.asarray(pred_totals, dtype=float)
    for totals, code in ((true_totals, NO_TRUE_LABELS), (pred_totals, NO_PREDICTED_LABELS)):
        if totals.size and not totals.any():
            return {"true_vs_pred": Undefined(code=code), "pred_vs_true": Undefined(code=code)}
    return both_directions(true_totals, pred_totals, labels)


def kl_of_matrix(cm: ConfusionMatrix) -> dict:
    """Both KL directions between the true class shares (row sums, T_i) and predicted shares (column sums, P_i) (6.4.4)."""
    return both_directions(cm.support, cm.predicted_counts, list(cm.labels))


def kl_of_labels(y_true, y_pred, labels=None) -> dict:
    """Both KL directions between the class shares of two label arrays (6.2.7, 6.4.4).

    The arrays need not have the same length: only the share of each class in
    each array matters.  ``labels`` fixes the classes; by default the union of both.
    """
    t = as_labels(y_true, "y_true")
    p = as_labels(y_pred, "y_pred")
    if t.dtype.kind != p.dtype.kind and {t.dtype.kind, p.dtype.kind} - {"i", "u"}:
        t, p = t.astype(str), p.astype(str)
    present, inverse = np.unique(np.concatenate([t, p]), return_inverse=True)
    true_counts = np.bincount(inverse[:len(t)], minlength=len(present))
    pred_counts = np.bincount(inverse[len(t):], minlength=len(present))
    if labels is None:
        return both_directions(true_counts, pred_counts, present.tolist())
    classes = list(labels)
    position = {str(c): i for i, c in enumerate(classes)}
    unknown = [v for v in present.tolist() if str(v) not in position]
    if unknown:
        raise InputError("distribution.unknown_labels", unknown=listed(unknown[:5]), labels=listed(classes))
    order = np.array([position[str(v)] for v in present.tolist()])
    ordered_true, ordered_pred = np.zeros(len(classes), np.int64), np.zeros(len(classes), np.int64)
    ordered_true[order], ordered_pred[order] = true_counts, pred_counts
    return both_directions(ordered_true, ordered_pred, classes)


def kl_binary(c: BinaryCounts) -> float | Undefined:
    """The binary formula of 6.3.5: [(TP+FN) · ln((TP+FN)/(TP+FP)) + (TN+FP) · ln((TN+FP)/(TN+FN))] / N.

    This is D_KL(T ‖ P) of the two-class shares (positives, negatives): the
    true shares are (TP+FN)/N and (TN+FP)/N, the predicted ones (TP+FP)/N and (TN+FN)/N.
    """
    return kl_true_vs_pred([c.tp + c.fn, c.tn + c.fp], [c.tp + c.fp, c.tn + c.fn], ["positive", "negative"])
