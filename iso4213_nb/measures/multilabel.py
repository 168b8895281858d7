"""Multi-label measures (6.5) on indicator matrices.

Inputs are two matrices of the same shape, N samples × L labels, with 1 where
a label is present (true, or predicted) and 0 where it is absent.

* :func:`hamming_loss` (6.5.2): share of the N·L label decisions that are wrong;
* :func:`exact_match_ratio` (6.5.3): share of samples whose whole label set is right;
* :func:`jaccard_dataset` and :func:`jaccard_samples` (6.5.4): intersection over
  union pooled over all samples, or per sample and then averaged;
* :func:`label_distribution_kl` (6.5.5): KL divergence of the label shares;
* :func:`per_label_counts`: one binary confusion matrix per label, from which
  every measure of 6.2 applies to each label (6.5.1).
"""

from __future__ import annotations

import numpy as np

from ..core.checks import as_indicator
from .distribution import kl_multilabel
from ..core.errors import InputError
from .counts import BinaryCounts
from ..core.undefined import Undefined


def _pair(y_true, y_pred) -> tuple[np.ndarray, np.ndarray]:
    t = as_indicator(y_true, "y_true")
    p = as_indicator(y_pred, "y_pred")
    if t.shape != p.shape:
        raise InputError("multilabel.shapes_differ", truth=t.shape, pred=p.shape)
    return t, p


def hamming_loss_by_sample(y_true, y_pred) -> np.ndarray:
    """H_L(x_i) = (1/L) Σ_j I(predicted_ij ≠ true_ij) for each sample (6.5.2); lower is better."""
    t, p = _pair(y_true, y_pred)
    return (t != p).mean(axis=1)


def hamming_loss(y_true, y_pred) -> float:
    """H_L = (1/(N·L)) Σ_i Σ_j I(predicted_ij ≠ true_ij) (6.5.2): wrong label decisions over all decisions."""
    t, p = _pair(y_true, y_pred)
    return float(np.count_nonzero(t != p) / t.size)


def exact_match_ratio(y_true, y_pred) -> float:
    """E_MR = (1/N) Σ_i I(predicted set_i = true set_i) (6.5.3), also called subset accuracy.

    A sample counts only if every one of its L labels is right.
    """
    t, p = _pair(y_true, y_pred)
    return float(np.mean((t == p).all(axis=1)))


def jaccard_dataset(y_true, y_pred) -> float | Undefined:
    """IoU = |T ∩ P| / |T ∪ P| with the sets pooled over all samples and labels (6.5.4, dataset level).

    Undefined when no sample has any true or predicted label (empty union).
    """
    t, p = _pair(y_true, y_pred)
    union = np.count_nonzero(t | p)
    if union == 0:
        return Undefined(code="empty_union")
    return float(np.count_nonzero(t & p) / union)


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
    t, p = _pair(y_true, y_pred)
    inter = np.count_nonzero(t & p, axis=1)
    union = np.count_nonzero(t | p, axis=1)
    per_sample = np.full(len(t), float(empty))
    np.divide(inter, union, out=per_sample, where=union > 0)
    return float(per_sample.mean())


def label_distribution_kl(y_true, y_pred, labels=None) -> dict:
    """KL divergence of the label shares in both directions (6.5.5); see :func:`iso4213_nb.measures.distribution.kl_multilabel`.

    ``pred_vs_true`` is the direction 6.5.5 writes.
    """
    return kl_multilabel(y_true, y_pred, labels)


def per_label_counts(y_true, y_pred, labels=None) -> dict:
    """``{label: BinaryCounts}``: each label's own 2×2 confusion counts over the samples (6.5.1, 6.2.1)."""
    t, p = _pair(y_true, y_pred)
    labels = list(range(t.shape[1])) if labels is None else list(labels)
    if len(labels) != t.shape[1]:
        raise InputError("multilabel.label_count", count=len(labels), columns=t.shape[1])
    tp = np.count_nonzero(t & p, axis=0)
    fp = np.count_nonzero(~t & p, axis=0)
    fn = np.count_nonzero(t & ~p, axis=0)
    tn = len(t) - tp - fp - fn
    return {label: BinaryCounts(tp=int(tp[j]), fp=int(fp[j]), tn=int(tn[j]), fn=int(fn[j]))
            for j, label in enumerate(labels)}
