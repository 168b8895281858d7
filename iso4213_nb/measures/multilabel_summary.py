"""Every multi-label measure of one model at once (6.5), per label and over the data set, optionally weighted.

:func:`summarize` returns the JSON-ready dict that ``metrics`` prints and the
report stores under ``models.<m>.multilabel``:

* ``hamming_loss`` (6.5.2), ``exact_match_ratio`` (6.5.3), ``jaccard_dataset``
  and ``jaccard_samples`` (6.5.4), ``kl_divergence`` in both directions
  (6.5.5, the label shares);
* ``per_label``: each label's own counts and precision, recall, F1 (6.5.1
  applies 6.2 to each label), with AUROC and average precision (6.3.6,
  6.3.7) when scores are given;
* ``averages``: macro and micro precision, recall and F1 over the labels
  (6.4.3 applied to labels, scikit-learn's ``average="macro"|"micro"``);
* ``undefined``: ``"path: reason code"`` of each undefined value (JSON null).

With ``sample_weight`` every count becomes a sum of weights
(scikit-learn's ``sample_weight`` meaning): Hamming loss, exact match ratio
and sample-level Jaccard are weighted means over samples, dataset-level
Jaccard and the per-label measures use weighted counts, and the label shares
of the KL divergence are weighted sums.  Computation only: values, and
reason codes for undefined ones.
"""

from __future__ import annotations

import functools

import numpy as np

from . import multilabel, stacked
from ..core.checks import as_indicator
from ..core.weights import as_weights
from .counts import NO_POSITIVES, NO_PREDICTED_POSITIVES
from .curves import BinaryScores
from .distribution import label_share_directions
from ..core.errors import InputError
from ..core.undefined import Undefined, ratio
from .assessment import Collector

#: Reason codes of undefined values.
NO_PREDICTED, NO_TRUE, NO_UNION, ONE_CLASS = NO_PREDICTED_POSITIVES, NO_POSITIVES, multilabel.NO_UNION, "one_class"


def _f1(tp: float, fp: float, fn: float):
    return ratio(2 * tp, 2 * tp + fp + fn, code=NO_UNION)


def data_set_measures(codes: np.ndarray, counts: np.ndarray, cells: np.ndarray) -> dict:
    """Hamming loss, exact match ratio, both Jaccard indices and the KL divergences (6.5.2–6.5.5) of the rows whose
    (union, intersection) pairs are ``codes`` with ``counts`` (:func:`~.multilabel.set_pairs`) and whose per-label
    ``cells`` (L × 4: tp, fp, fn, tn) are :func:`~.multilabel.label_cells`; in memory and merged alike."""
    tp, fp, fn, _ = cells.T
    return {**multilabel.set_measures(codes, counts, len(cells)), "kl_divergence": label_share_directions(tp + fn, tp + fp)}


def summarize(y_true, y_pred, scores=None, labels=None, sample_weight=None) -> dict:
    """All clause-6.5 measures of one model (layout in the module docstring).

    Parameters
    ----------
    y_true, y_pred : indicator matrices n × L (0/1).
    scores : optional n × L real scores, larger meaning the label more likely present.
    labels : names of the L labels (default 0 … L−1).
    sample_weight : optional non-negative weights, one per sample.
    """
    t, p = multilabel.checked_pair(y_true, y_pred)
    labels = list(range(t.shape[1])) if labels is None else list(labels)
    w = as_weights(sample_weight, len(t))
    cells = multilabel.label_cells(t, p, w)
    data = data_set_measures(*multilabel.set_pairs(t, p, w), cells)
    ranking = None if scores is None else functools.partial(_ranking, t, np.asarray(scores, dtype=np.float64), w)
    return assemble(data, tuple(cells.T), labels, len(t), w is not None, ranking)


def _ranking(t: np.ndarray, scores: np.ndarray, sample_weight, j: int) -> dict:
    """AUROC and average precision of label j from its rows (6.3.6, 6.3.7)."""
    if t[:, j].all() or not t[:, j].any():
        return ranking_of(None)
    extra = {} if sample_weight is None else {"sample_weight": sample_weight}
    return ranking_of(BinaryScores(t[:, j], scores[:, j], positive=True, **extra))


def ranking_of(curve) -> dict:
    """AUROC and average precision of one label's curve (6.3.6, 6.3.7); both undefined (``one_class``) for None.

    None stands for a label that every sample has, or none has: its ranking has no positives or no negatives.
    """
    if curve is None:
        return {"auroc": Undefined(code=ONE_CLASS), "average_precision": Undefined(code=ONE_CLASS)}
    return {"auroc": curve.auroc(), "average_precision": curve.average_precision()}


def assemble(data: dict, cells: tuple, labels: list, n: int, weighted: bool, ranking=None) -> dict:
    """The dict of :func:`summarize` from the data-set measures and each label's counts (6.5).

    Parameters
    ----------
    data : ``hamming_loss``, ``exact_match_ratio``, ``jaccard_dataset``, ``jaccard_samples``
        (values or :class:`Undefined`) and ``kl_divergence`` (both directions).
    cells : ``(tp, fp, fn, tn)``, each one count (or sum of weights) per label.
    labels : the label names, in the order of ``cells``.
    n : the number of samples; ``weighted``: the counts are sums of sample weights.
    ranking : None (no scores), or ``j -> {"auroc": value, "average_precision": value}`` for label j.

    Shared by :func:`summarize` (all rows in memory) and
    :class:`~iso4213_nb.scale.accumulators.labels.LabelSetCounts` (merged counts), so both
    name every undefined value alike.
    """
    tp, fp, fn, tn = cells
    count = float if weighted else int
    keep = Collector()
    per_label = {}
    for j, label in enumerate(labels):
        entry = {"tp": count(tp[j]), "fp": count(fp[j]), "tn": count(tn[j]), "fn": count(fn[j]),
                 "support": count(tp[j] + fn[j]),
                 "precision": keep(f"per_label.{label}.precision", ratio(tp[j], tp[j] + fp[j], code=NO_PREDICTED)),
                 "recall": keep(f"per_label.{label}.recall", ratio(tp[j], tp[j] + fn[j], code=NO_TRUE)),
                 "f1": keep(f"per_label.{label}.f1", _f1(tp[j], fp[j], fn[j]))}
        if ranking is not None:
            entry.update({name: keep(f"per_label.{label}.{name}", value) for name, value in ranking(j).items()})
        per_label[str(label)] = entry
    averages = {"macro": {}, "micro": {}}
    for name in ("precision", "recall", "f1"):
        values = [per_label[str(label)][name] for label in labels]
        averages["macro"][name] = keep(f"averages.macro.{name}", Undefined(code="undefined_label") if None in values
                                       else float(stacked.class_average(np.array([values]), np.ones((1, len(values))),
                                                                        np.ones(1), "macro")[0]))
    T, F, N = tp.sum(), fp.sum(), fn.sum()
    averages["micro"] = {"precision": keep("averages.micro.precision", ratio(T, T + F, code=NO_PREDICTED)),
                         "recall": keep("averages.micro.recall", ratio(T, T + N, code=NO_TRUE)),
                         "f1": keep("averages.micro.f1", _f1(T, F, N))}
    result = {key: keep(key, value) for key, value in data.items() if key != "kl_divergence"}
    result["kl_divergence"] = {k: keep(f"kl_divergence.{k}", v) for k, v in data["kl_divergence"].items()}
    result.update({"n": int(n), "labels": list(labels), "weighted": bool(weighted),
                   "per_label": per_label, "averages": averages, "undefined": keep.undefined})
    return result


def per_label_mcnemar(y_true, pred_a, pred_b, labels=None) -> list[tuple]:
    """McNemar's test (7.9) of two models on each label: ``[(label, table, TestResult), ...]``.

    ``y_true``, ``pred_a``, ``pred_b`` are n × L indicator matrices; each
    label is its own binary task, so a family of L tests results, to be
    adjusted together (7.10; Holm's rule is the one 7.10.2 prints).
    """
    from ..stats import mcnemar, mcnemar_table

    t = as_indicator(y_true, "y_true")
    a, b = as_indicator(pred_a, "pred_a"), as_indicator(pred_b, "pred_b")
    if not t.shape == a.shape == b.shape:
        raise InputError("multilabel_summary.paired_shapes_differ", truth=t.shape, a=a.shape, b=b.shape)
    labels = list(range(t.shape[1])) if labels is None else list(labels)
    tests = []
    for j, label in enumerate(labels):
        table = mcnemar_table(t[:, j].astype(np.int8), a[:, j].astype(np.int8), b[:, j].astype(np.int8))
        tests.append((label, table, mcnemar(table)))
    return tests
