"""Measures of a multi-class classifier's scores: top-k accuracy, per-class curves, AUROC averages, log loss, Brier.

Clause 6.4 assesses multi-class predictions through the confusion matrix;
this module assesses the scores behind them.  Input everywhere:

* ``y_true``: n true labels, each one of ``labels``;
* ``scores``: an n × k array of finite numbers, column j the score of class
  ``labels[j]`` (probabilities for log loss and Brier score);
* ``labels``: the k distinct class labels in column order;
* ``sample_weight``: optional non-negative weight per sample with
  scikit-learn's meaning (every count becomes a sum of weights).

Each public function checks these once (:func:`checked_inputs`); the internal
helpers trust the checked arrays.  A value that does not exist is an
:class:`~iso4213_nb.core.undefined.Undefined` with a reason code and its
parameters, never 0 and never an exception:

``no_positives`` / ``no_negatives`` (``label``): the class never / always occurs
in ``y_true`` (with weights: its weight adds up to 0 / everything);
``absent_class`` (``label``): a one-vs-one pair involves a class with no sample;
``not_probabilities`` (``row``, ``column``, ``value``): a score outside [0, 1];
``rows_not_normalised`` (``row``, ``total``): a row of scores does not add up to 1
(within the rounding its decimals allow: :mod:`iso4213_nb.core.probability_rows`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from numbers import Integral

import numpy as np

from ..core.checks import as_finite_array, as_labels, given, listed, one_of, same_length
from . import stacked
from .confusion import AVERAGES
from .curves import BinaryScores
from ..core.errors import InputError
from ..core.probability_rows import probability_problems
from ..stats.results import reason_dict
from ..core.undefined import Undefined, is_undefined, to_json
from ..core.weights import as_weights

#: The k of top-k accuracy reported by default (Annex C tabulates top-1 and top-5).
TOP_K = (1, 2, 3, 4, 5)
#: The averages of the one-vs-one AUROC (the one-vs-rest AUROC takes :data:`~.confusion.AVERAGES`).
OVO_AVERAGES = ("macro", "weighted")


def undefined_value(code: str, **params) -> Undefined:
    """An undefined value with reason ``code`` and its parameters (clause 6; beyond TS 4213: undefined values carry
    their reason)."""
    return Undefined(code=code, params=params)


def _python(value):
    return value.item() if isinstance(value, np.generic) else value


# ---------------------------------------------------------------------------------------------- input checks
def _labels(labels) -> list:
    if labels is None or isinstance(labels, (str, bytes)):
        raise InputError("multiclass_scores.labels_needed", name="labels", scores="scores")
    labels = [_python(v) for v in labels]
    if len(labels) < 2:
        raise InputError("multiclass_scores.too_few_labels", count=len(labels))
    if len({str(v) for v in labels}) != len(labels):
        raise InputError("multiclass_scores.duplicates", name="labels")
    return labels


def _score_matrix(scores, labels: list) -> np.ndarray:
    matrix = as_finite_array(scores, "scores", ndim=2, what="scores")
    if matrix.shape[1] != len(labels):
        raise InputError("multiclass_scores.columns_per_label", name="scores", labels=len(labels),
                         columns=matrix.shape[1])
    if matrix.shape[0] == 0:
        raise InputError("multiclass_scores.no_rows", name="scores")
    return matrix


def _codes(y_true, labels: list) -> np.ndarray:
    """Column index of each true label; a label outside ``labels`` is an error naming it."""
    t = as_labels(y_true, "y_true")
    present, inverse = np.unique(t, return_inverse=True)
    position = {v: j for j, v in enumerate(labels)}
    by_text = {str(v): j for j, v in enumerate(labels)}
    mapping = np.empty(len(present), dtype=np.intp)
    unknown = []
    for i, value in enumerate(present.tolist()):
        j = position.get(value, by_text.get(str(value)))
        if j is None:
            unknown.append(value)
        else:
            mapping[i] = j
    if unknown:
        raise InputError("multiclass_scores.unknown_labels", name="y_true", unknown=listed(unknown[:5]),
                         labels=listed(labels[:10]))
    return mapping[inverse.ravel()]


def checked_inputs(y_true, scores, labels, sample_weight):
    """The one check of every public function: (codes, scores, labels, weights or None) (6.4; beyond TS 4213:
    class scores)."""
    labels = _labels(labels)
    matrix = _score_matrix(scores, labels)
    codes = _codes(y_true, labels)
    same_length(y_true=codes, scores=matrix)
    return codes, matrix, labels, as_weights(sample_weight, len(codes))


def _ks(top_k) -> tuple[int, ...]:
    values = (top_k,) if isinstance(top_k, Integral) else tuple(top_k)
    if not values:
        raise InputError("multiclass_scores.no_k", name="top_k")
    for k in values:
        if isinstance(k, bool) or not isinstance(k, Integral) or k < 1:
            raise InputError("multiclass_scores.bad_k", name="top_k", value=given(k))
    return tuple(dict.fromkeys(int(k) for k in values))


# ---------------------------------------------------------------------------------------------- computations
def _mean(values: np.ndarray, weight: np.ndarray | None) -> float:
    return float(values.mean()) if weight is None else float(np.dot(values, weight) / weight.sum())


def true_class_ranks(codes: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """0-based rank of the true class in each row: classes scored higher, plus tied classes listed before it
    (beyond TS 4213: top-k accuracy)."""
    n, k = matrix.shape
    true_score = matrix[np.arange(n), codes][:, None]
    above = np.count_nonzero(matrix > true_score, axis=1)
    tied_before = np.count_nonzero((matrix == true_score) & (np.arange(k) < codes[:, None]), axis=1)
    return above + tied_before


def _top_k(codes, matrix, ks, weight) -> dict[int, float]:
    k = matrix.shape[1]
    hits = np.bincount(true_class_ranks(codes, matrix), weights=weight, minlength=k)
    share = np.cumsum(hits) / hits.sum()
    return {j: float(share[min(j, k) - 1]) for j in ks}


def _one_vs_rest(codes, matrix, labels, weight) -> dict:
    return {label: BinaryScores._from_mask(codes == j, np.ascontiguousarray(matrix[:, j]), label, weight)
            for j, label in enumerate(labels)}


def _single_class(binary: BinaryScores) -> Undefined | None:
    if binary.positives == 0:
        return undefined_value("no_positives", label=binary.positive)
    if binary.negatives == 0:
        return undefined_value("no_negatives", label=binary.positive)
    return None


def class_auroc(binary: BinaryScores) -> float | Undefined:
    """One class against the rest: its AUROC, or undefined when the class or the rest is absent (6.3.6, 6.4)."""
    undefined = _single_class(binary)
    return binary.auroc() if undefined is None else undefined


def class_average_precision(binary: BinaryScores) -> float | Undefined:
    """One class against the rest: its average precision, or undefined when the class is absent (6.3.7, 6.4)."""
    if binary.positives == 0:
        return undefined_value("no_positives", label=binary.positive)
    return binary.average_precision()


def class_average(values: list, weights: np.ndarray) -> float | Undefined:
    """Weighted mean of per-class (or per-pair) values by :func:`.stacked.class_average` (weights w / Σw; 6.4.3); a
    zero weight skips its value, an undefined one of non-zero weight is returned."""
    undefined = [value for value, w in zip(values, weights) if w != 0 and is_undefined(value)]
    if undefined:
        return undefined[0]
    row = np.array([[float(value) for value in values]])
    return float(stacked.class_average(row, weights[None], np.array([float(weights.sum())]), "weighted")[0])


def _micro_auroc(codes, matrix, weight) -> float | Undefined:
    n, k = matrix.shape
    onehot = np.zeros((n, k), dtype=bool)
    onehot[np.arange(n), codes] = True
    repeated = None if weight is None else np.repeat(weight, k)
    return class_auroc(BinaryScores._from_mask(onehot.ravel(), matrix.ravel(), "micro", repeated))


def _class_average(codes, labels, weight, per_class: dict, average: str) -> float | Undefined:
    """Macro (plain) or weighted (by each class's weighted support) mean of per-class values (6.4.3)."""
    values = [per_class[label] for label in labels]
    if average == "macro":
        return class_average(values, np.ones(len(labels)))
    return class_average(values, np.bincount(codes, weights=weight, minlength=len(labels)).astype(float))


def _ovo_pairs(codes, matrix, labels, weight) -> tuple[list, np.ndarray]:
    """Hand & Till's Â(j, l) = (A(j|l) + A(l|j)) / 2 for every pair j < l, with each pair's share of the weight."""
    order = np.argsort(codes, kind="stable")
    sizes = np.bincount(codes, minlength=len(labels))
    members = np.split(order, np.cumsum(sizes)[:-1])
    w = np.ones(len(codes)) if weight is None else weight
    total = float(w.sum())
    values, shares = [], []
    for j, l in combinations(range(len(labels)), 2):
        rows = np.concatenate([members[j], members[l]])
        shares.append(float(w[rows].sum()) / total)
        absent = next((c for c in (j, l) if sizes[c] == 0 or (weight is not None and not weight[members[c]].any())),
                      None)
        if absent is not None:
            values.append(undefined_value("absent_class", label=labels[absent]))
            continue
        is_j = np.zeros(len(rows), dtype=bool)
        is_j[:len(members[j])] = True
        pair_weight = None if weight is None else weight[rows]
        a_jl = BinaryScores._from_mask(is_j, matrix[rows, j], labels[j], pair_weight).auroc()
        a_lj = BinaryScores._from_mask(~is_j, matrix[rows, l], labels[l], pair_weight).auroc()
        values.append((a_jl + a_lj) / 2)
    return values, np.array(shares)


def _ovo_auroc(codes, matrix, labels, weight, average: str) -> float | Undefined:
    values, shares = _ovo_pairs(codes, matrix, labels, weight)
    if average == "macro":
        return class_average(values, np.ones(len(values)))
    return class_average(values, shares)


def _not_probabilities(matrix: np.ndarray) -> Undefined | None:
    outside, unnormalised = probability_problems(matrix)
    if outside is not None:
        row, column, value = outside
        return undefined_value("not_probabilities", row=row + 1, column=column + 1, value=value)
    if unnormalised is not None:
        row, total = unnormalised
        return undefined_value("rows_not_normalised", row=row + 1, total=total)
    return None


def log_loss_terms(codes: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """−ln p_true of each sample, p clipped to [ε, 1 − ε] as scikit-learn does (beyond TS 4213: log loss).

    ``codes``: the column of each true class; ``matrix``: n × k probabilities (trusted).  Their mean is
    :func:`log_loss`.
    """
    eps = np.finfo(np.float64).eps
    return -np.log(np.clip(matrix[np.arange(len(codes)), codes], eps, 1 - eps))


def squared_errors(codes: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """Σ_j (p_j − y_j)² of each sample, y one-hot (beyond TS 4213: Brier 1950).

    ``codes``: the column of each true class; ``matrix``: n × k probabilities (trusted).
    """
    difference = matrix.copy()
    difference[np.arange(len(codes)), codes] -= 1
    return np.einsum("ij,ij->i", difference, difference)


def brier_terms(codes: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """:func:`squared_errors`, halved for two classes (the binary Brier score) (beyond TS 4213: Brier 1950).

    Their mean is :func:`brier_score`.
    """
    return squared_errors(codes, matrix) * (0.5 if matrix.shape[1] == 2 else 1.0)


def _probability_mean(terms, codes, matrix, weight) -> float | Undefined:
    """The (weighted) mean of ``terms(codes, matrix)`` (log loss or Brier), undefined unless the scores are
    probabilities."""
    undefined = _not_probabilities(matrix)
    return undefined if undefined is not None else _mean(terms(codes, matrix), weight)


# ---------------------------------------------------------------------------------------------- public functions
def argmax_labels(scores, labels) -> np.ndarray:
    """The predicted label of each row: the class with the highest score (6.4; scikit-learn's ``predict``).

    Ties go to the class listed first in ``labels`` (numpy's ``argmax``), the
    same rule :func:`top_k_accuracy` uses, so top-1 accuracy equals the
    accuracy of these labels.  Returns an array of n labels.
    """
    labels = _labels(labels)
    matrix = _score_matrix(scores, labels)
    return np.asarray(labels)[matrix.argmax(axis=1)]


def top_k_accuracy(y_true, scores, labels, k: int = 1, *, sample_weight=None) -> float:
    """Share of samples whose true class is among the k highest scores (Annex C; scikit-learn's definition).

    scikit-learn's ``top_k_accuracy_score``, except for ties: a class tied
    with the true class counts ahead of it when it is listed earlier in
    ``labels``, so that top-1 accuracy is the accuracy of
    :func:`argmax_labels` (scikit-learn lets the later column win a tie).
    With ``sample_weight``, the weighted share.  k at or above the number of
    classes gives 1.
    """
    (k,) = _ks(k)
    return top_k_accuracies(y_true, scores, labels, k, sample_weight=sample_weight)[k]


def top_k_accuracies(y_true, scores, labels, top_k=TOP_K, *, sample_weight=None) -> dict[int, float]:
    """``{k: top-k accuracy}`` for every k of ``top_k`` from one ranking pass (Annex C; see :func:`top_k_accuracy`)."""
    ks = _ks(top_k)
    codes, matrix, _, weight = checked_inputs(y_true, scores, labels, sample_weight)
    return _top_k(codes, matrix, ks, weight)


def one_vs_rest(y_true, scores, labels, sample_weight=None) -> dict:
    """One :class:`~iso4213_nb.measures.curves.BinaryScores` per class, that class against all others (6.3.6–6.3.9, 6.4).

    Returns ``{label: BinaryScores}`` in ``labels`` order; each gives that
    class's ROC, PR, gain and lift curves and their areas.  A class absent
    from ``y_true`` is kept: its areas are undefined, not an error.
    """
    codes, matrix, labels, weight = checked_inputs(y_true, scores, labels, sample_weight)
    return _one_vs_rest(codes, matrix, labels, weight)


def ovr_auroc(y_true, scores, labels, average: str = "macro", *, sample_weight=None) -> float | Undefined:
    """One-vs-rest AUROC averaged over the classes (6.3.6 with the averages of 6.4.3; scikit-learn's definition).

    ``macro``: plain mean of the per-class AUROCs; ``weighted``: mean weighted
    by each class's (weighted) support; ``micro``: the AUROC of all n × k
    (class indicator, score) pairs pooled.  As ``roc_auc_score(...,
    multi_class="ovr", average=...)``.  Undefined (``no_positives`` /
    ``no_negatives``) when a class that enters the average has a single class.
    """
    one_of(average, AVERAGES, "average")
    codes, matrix, labels, weight = checked_inputs(y_true, scores, labels, sample_weight)
    if average == "micro":
        return _micro_auroc(codes, matrix, weight)
    per_class = {label: class_auroc(b) for label, b in _one_vs_rest(codes, matrix, labels, weight).items()}
    return _class_average(codes, labels, weight, per_class, average)


def ovo_auroc(y_true, scores, labels, average: str = "macro", *, sample_weight=None) -> float | Undefined:
    """One-vs-one AUROC (beyond TS 4213: Hand & Till 2001, the M measure; scikit-learn's ``multi_class="ovo"``).

    For each pair of classes j < l, on the samples of those two classes only:
    A(j|l) is the AUROC of column j with class j positive, A(l|j) that of
    column l with class l positive, and Â(j, l) = (A(j|l) + A(l|j)) / 2.
    ``macro`` is Hand & Till's M = 2 / (k (k − 1)) Σ Â(j, l);
    ``weighted`` weights each pair by its share of the samples (scikit-learn's
    prevalence-weighted variant).  With ``sample_weight`` every pairwise AUROC
    and share is weighted (scikit-learn has no weighted one-vs-one form;
    whole weights equal repeated rows).  Undefined (``absent_class``) when a
    class has no sample.
    """
    one_of(average, OVO_AVERAGES, "average")
    codes, matrix, labels, weight = checked_inputs(y_true, scores, labels, sample_weight)
    return _ovo_auroc(codes, matrix, labels, weight, average)


def log_loss(y_true, scores, labels, *, sample_weight=None) -> float | Undefined:
    """Mean −ln of the probability given to the true class (beyond TS 4213: scikit-learn's ``log_loss``).

    As scikit-learn, each probability is first clipped to [ε, 1 − ε] with ε
    the float64 machine epsilon, so a true class given probability 0 costs
    about 36, not infinity; rows are not renormalised.  Undefined
    (``not_probabilities``, ``rows_not_normalised``) unless every score lies
    in [0, 1] and every row adds up to 1 (within :func:`~iso4213_nb.core.probability_rows.rows_off_one`).
    """
    codes, matrix, _, weight = checked_inputs(y_true, scores, labels, sample_weight)
    return _probability_mean(log_loss_terms, codes, matrix, weight)


def brier_score(y_true, scores, labels, *, sample_weight=None) -> float | Undefined:
    """Multi-class Brier score (beyond TS 4213: Brier 1950; scikit-learn's ``brier_score_loss``).

    Mean over samples of Σ_j (p_j − y_j)², y the one-hot true class: 0 is
    perfect, 2 the worst.  With two classes it is halved (scikit-learn's
    ``scale_by_half="auto"``), which gives the binary Brier score
    mean (p − y)² of either class.  Undefined as :func:`log_loss` when the
    scores are not probabilities.
    """
    codes, matrix, _, weight = checked_inputs(y_true, scores, labels, sample_weight)
    return _probability_mean(brier_terms, codes, matrix, weight)


@dataclass(frozen=True)
class ScoreAssessment:
    """Every score-based measure of a multi-class classifier (Annex C's top-k; 6.3.6, 6.3.7, 6.4; beyond TS 4213).

    Attributes
    ----------
    labels : tuple of the class labels, in column order.
    top_k_accuracy : ``{k: share}`` (:func:`top_k_accuracy`).
    auroc : ``{"macro", "weighted", "micro"}`` one-vs-rest (:func:`ovr_auroc`)
        and ``"ovo"``, Hand & Till's M (:func:`ovo_auroc`).
    per_class : ``{label: {"auroc": ..., "average_precision": ...}}`` one-vs-rest.
    log_loss, brier : :func:`log_loss`, :func:`brier_score`.
    curves : ``{label: BinaryScores}`` behind ``per_class`` (for ROC and PR figures).

    Undefined values are :class:`~iso4213_nb.core.undefined.Undefined` with a code.
    """

    labels: tuple
    top_k_accuracy: dict
    auroc: dict
    per_class: dict
    log_loss: float | Undefined
    brier: float | Undefined
    curves: dict = field(repr=False, compare=False)

    def to_dict(self) -> dict:
        """The report.json form: keys as strings, an undefined value as ``null`` (reasons in :meth:`reasons`)."""
        return {
            "top_k_accuracy": {str(k): to_json(v) for k, v in self.top_k_accuracy.items()},
            "auroc": {name: to_json(v) for name, v in self.auroc.items()},
            "per_class": {str(label): {name: to_json(v) for name, v in values.items()}
                          for label, values in self.per_class.items()},
            "log_loss": to_json(self.log_loss),
            "brier": to_json(self.brier),
        }

    def reasons(self) -> dict:
        """``{"auroc.macro": {"code": ..., **params}, ...}``: why each null of :meth:`to_dict` is undefined."""
        found = {f"auroc.{name}": v for name, v in self.auroc.items()}
        found.update({f"per_class.{label}.{name}": v
                      for label, values in self.per_class.items() for name, v in values.items()})
        found.update({"log_loss": self.log_loss, "brier": self.brier})
        return {key: reason_dict(v) for key, v in found.items() if is_undefined(v)}


def assess_scores(y_true, scores, labels, *, top_k=TOP_K, sample_weight=None) -> ScoreAssessment:
    """All score-based measures of a multi-class classifier in one pass over checked inputs.

    Top-k accuracy for each k in ``top_k`` (Annex C), per-class one-vs-rest
    AUROC and average precision (6.3.6, 6.3.7, 6.4), macro / weighted / micro
    AUROC (scikit-learn's definition), one-vs-one AUROC (beyond TS 4213: Hand
    & Till 2001), log loss and Brier score (scikit-learn's definitions).
    Inputs as the module docstring; returns a :class:`ScoreAssessment`.
    """
    ks = _ks(top_k)
    codes, matrix, labels, weight = checked_inputs(y_true, scores, labels, sample_weight)
    curves = _one_vs_rest(codes, matrix, labels, weight)
    per_class = {label: {"auroc": class_auroc(b), "average_precision": class_average_precision(b)}
                 for label, b in curves.items()}
    aurocs = {label: v["auroc"] for label, v in per_class.items()}
    auroc = {average: _class_average(codes, labels, weight, aurocs, average) for average in ("macro", "weighted")}
    auroc["micro"] = _micro_auroc(codes, matrix, weight)
    auroc["ovo"] = _ovo_auroc(codes, matrix, labels, weight, "macro")
    return ScoreAssessment(labels=tuple(labels), top_k_accuracy=_top_k(codes, matrix, ks, weight), auroc=auroc,
                           per_class=per_class, log_loss=_probability_mean(log_loss_terms, codes, matrix, weight),
                           brier=_probability_mean(brier_terms, codes, matrix, weight), curves=curves)
