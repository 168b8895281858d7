"""Multi-label measures (6.5) on indicator matrices.

Inputs are two matrices of the same shape, N samples × L labels, with 1 where
a label is present (true, or predicted) and 0 where it is absent.

The measures of 6.5.2–6.5.4 are computed once, by :func:`set_measures`, from
the counts of each sample's (union, intersection) sizes (:func:`set_pairs`); the
per-label cells by :func:`label_cells`.  The whole-data summary
(:mod:`.multilabel_summary`) and the mergeable state of streamed work
(:class:`~iso4213_nb.scale.accumulators.labels.LabelSetCounts`) use the same two.
"""

from __future__ import annotations

import numpy as np

from ..core.checks import as_indicator
from .distribution import label_share_directions
from ..core.errors import InputError
from .counts import BinaryCounts
from ..core.undefined import Undefined, ratio

#: Why dataset-level Jaccard is undefined: no sample has a true or predicted label.
NO_UNION = "empty_union"


def checked_pair(y_true, y_pred) -> tuple[np.ndarray, np.ndarray]:
    """Two indicator matrices of the same shape as bool arrays (6.5), each checked once; else one line."""
    t = as_indicator(y_true, "y_true")
    p = as_indicator(y_pred, "y_pred")
    if t.shape != p.shape:
        raise InputError("multilabel.shapes_differ", truth=t.shape, pred=p.shape)
    return t, p


def hamming_loss_by_sample(y_true, y_pred) -> np.ndarray:
    """H_L(x_i) = (1/L) Σ_j I(predicted_ij ≠ true_ij) for each sample (6.5.2); lower is better."""
    t, p = checked_pair(y_true, y_pred)
    return (t != p).mean(axis=1)


def label_cells(t: np.ndarray, p: np.ndarray, w: np.ndarray | None = None) -> np.ndarray:
    """Each label's tp, fp, fn, tn (6.5.1, 6.2.1) as an L × 4 array from boolean n × L indicators: int64 counts,
    or sums of the sample weights ``w``."""
    kinds = (t & p, ~t & p, t & ~p, ~t & ~p)
    return np.stack([np.count_nonzero(k, axis=0) if w is None else w @ k for k in kinds], axis=1)


def sum_by_code(codes: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Distinct ``codes`` (sorted) and the sum of ``values`` of each, in the dtype of ``values``: the
    (union, intersection) pairs of :func:`set_pairs` (6.5.2–6.5.4), merged across chunks by summing."""
    distinct, inverse = np.unique(codes, return_inverse=True)
    sums = np.zeros(len(distinct), dtype=values.dtype)
    np.add.at(sums, inverse, values)
    return distinct, sums


def set_pairs(t: np.ndarray, p: np.ndarray, w: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """``(codes, counts)``: the sorted codes ``union · (L + 1) + intersection`` of the samples' true and predicted
    label sets and the samples (int64), or sum of weights ``w``, of each: all that 6.5.2–6.5.4 need of the rows."""
    union, inter = np.count_nonzero(t | p, axis=1), np.count_nonzero(t & p, axis=1)
    values = np.ones(len(t), dtype=np.int64) if w is None else w
    return sum_by_code(union * (t.shape[1] + 1) + inter, values)


def set_measures(codes: np.ndarray, counts: np.ndarray, width: int, empty: float = 1.0) -> dict:
    """Hamming loss (6.5.2), exact match ratio (6.5.3), and dataset- and sample-level Jaccard (6.5.4) from the
    pairs of :func:`set_pairs` over ``width`` labels: the one computation of these measures, in memory and merged.

    A sample's Hamming loss is (union − intersection) / L, it is an exact match when union = intersection,
    and its IoU is intersection / union (``empty`` when both sets are empty: see :func:`jaccard_samples`).
    """
    union, inter = np.divmod(codes, width + 1)
    total = counts.sum()
    iou = np.full(len(union), float(empty))
    np.divide(inter, union, out=iou, where=union > 0)
    return {"hamming_loss": float(np.dot(counts, union - inter) / (total * width)),
            "exact_match_ratio": float(counts[union == inter].sum() / total),
            "jaccard_dataset": ratio(float(np.dot(counts, inter)), float(np.dot(counts, union)), code=NO_UNION),
            "jaccard_samples": float(np.dot(counts, iou) / total)}


def _set_measures(y_true, y_pred, empty: float = 1.0) -> dict:
    t, p = checked_pair(y_true, y_pred)
    return set_measures(*set_pairs(t, p), t.shape[1], empty)


def hamming_loss(y_true, y_pred) -> float:
    """H_L = (1/(N·L)) Σ_i Σ_j I(predicted_ij ≠ true_ij) (6.5.2): wrong label decisions over all decisions."""
    return _set_measures(y_true, y_pred)["hamming_loss"]


def exact_match_ratio(y_true, y_pred) -> float:
    """E_MR = (1/N) Σ_i I(predicted set_i = true set_i) (6.5.3), also called subset accuracy.

    A sample counts only if every one of its L labels is right.
    """
    return _set_measures(y_true, y_pred)["exact_match_ratio"]


def jaccard_dataset(y_true, y_pred) -> float | Undefined:
    """IoU = |T ∩ P| / |T ∪ P| with the sets pooled over all samples and labels (6.5.4, dataset level).

    Undefined when no sample has any true or predicted label (empty union).
    """
    return _set_measures(y_true, y_pred)["jaccard_dataset"]


def jaccard_samples(y_true, y_pred, empty: float = 1.0) -> float:
    """Mean over samples of |T_i ∩ P_i| / |T_i ∪ P_i| (6.5.4, sample level).

    A sample whose true and predicted label sets are both empty has no IoU by
    the formula (0 / 0).  6.5.4 does not say what it counts as; by default it
    counts ``empty`` = 1, because the prediction is exactly right (the same
    sample is an exact match in 6.5.3 and has Hamming loss 0).  scikit-learn's
    ``jaccard_score(average="samples")`` counts it as 0 unless given
    ``zero_division=1``; pass ``empty=0.0`` to reproduce that default.
    """
    if not 0 <= empty <= 1:
        raise InputError("multilabel.bad_empty", name="empty", value=empty)
    return _set_measures(y_true, y_pred, empty)["jaccard_samples"]


def label_distribution_kl(y_true, y_pred, labels=None) -> dict:
    """KL divergence of the label shares in both directions (6.5.5), shares taken over all labels assigned.

    Parameters
    ----------
    y_true, y_pred : indicator matrices (samples × labels, 0/1), same number of labels.
    labels : optional names of the label columns.

    T_i is the number of samples carrying label i and T_t the total number of
    labels carried by all samples, so the true distribution is T_i / T_t (not
    T_i / N, since a sample can carry several labels); likewise P_i / T_p for
    the predictions.  6.5.5 writes the predicted-first direction.  With no
    label carried at all on one side both directions are undefined
    (:func:`iso4213_nb.measures.distribution.label_share_directions`).
    """
    t = as_indicator(y_true, "y_true")
    p = as_indicator(y_pred, "y_pred")
    if t.shape[1] != p.shape[1]:
        raise InputError("distribution.label_columns_differ", first="y_true", first_count=t.shape[1], second="y_pred",
                         second_count=p.shape[1])
    return label_share_directions(t.sum(axis=0), p.sum(axis=0), None if labels is None else list(labels))


def per_label_counts(y_true, y_pred, labels=None) -> dict:
    """``{label: BinaryCounts}``: each label's own 2×2 confusion counts over the samples (6.5.1, 6.2.1)."""
    t, p = checked_pair(y_true, y_pred)
    labels = list(range(t.shape[1])) if labels is None else list(labels)
    if len(labels) != t.shape[1]:
        raise InputError("multilabel.label_count", count=len(labels), columns=t.shape[1])
    tp, fp, fn, tn = label_cells(t, p).T
    return {label: BinaryCounts(tp=int(tp[j]), fp=int(fp[j]), tn=int(tn[j]), fn=int(fn[j]))
            for j, label in enumerate(labels)}
