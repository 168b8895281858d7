"""The confusion matrix (6.2.2) and the multi-class measures built on it (6.4).

Orientation is the first trap of an audit: TS 4213 (6.2.2, Table A.1) prints
predicted classes in rows and true classes in columns; Annex D, scikit-learn
and most software put true classes in rows.  :class:`ConfusionMatrix` stores
one orientation internally (true in rows) and makes every entry and exit
point that deals in a whole matrix name its orientation with ``rows=``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

import numpy as np

from . import counts as measures, stacked
from ..core.checks import as_count_table, as_labels, given, listed, one_of, same_length
from ..core.errors import InputError
from .counts import BinaryCounts, WeightedCounts
from ..core.undefined import Undefined, is_undefined, ratio
from ..core.weights import as_weights

ROWS = ("true", "predicted")
AVERAGES = ("macro", "weighted", "micro")
#: Measures averaged in Table A.4 (6.4.3); binary accuracy is the Table's "Accuracy" row.
AVERAGED = ("binary_accuracy", "precision", "recall", "specificity", "f1")
#: What a normalised matrix divides by: each true class's total, each predicted class's total, or all samples.
NORMALIZE_BY = ("true", "predicted", "all")
#: Disagreement weights of Cohen's kappa for ordered classes: none (every disagreement alike), |i − j|, (i − j)².
KAPPA_WEIGHTS = ("linear", "quadratic")


@dataclass(frozen=True, eq=False)
class NormalizedMatrix:
    """A confusion matrix divided by the total of each true class, of each predicted class, or of all samples (6.2.2).

    Beyond TS 4213: scikit-learn's ``confusion_matrix(normalize="true"|"pred"|"all")``.

    Attributes
    ----------
    values : float array k × k in the orientation ``rows``; a row (column) of a class whose
        total is 0 is NaN, not 0: its shares are 0/0.
    by : ``"true"``, ``"predicted"`` or ``"all"``.
    rows : ``"true"`` or ``"predicted"``, the classes along the rows of ``values``.
    labels : the classes, in matrix order.
    undefined : ``{label: reason code}`` of each class whose row (column) is NaN:
        ``no_positives`` (no true sample of the class), ``no_predicted_positives`` (never
        predicted); with ``by="all"`` and no samples every label has ``no_samples``.
    """

    values: np.ndarray
    by: str
    rows: str
    labels: tuple
    undefined: dict

    def to_dict(self) -> dict:
        """The JSON form: ``by``, ``rows``, ``values`` (null where undefined), ``undefined`` (label text → code)."""
        return {"by": self.by, "rows": self.rows,
                "values": [[None if math.isnan(v) else float(v) for v in row] for row in self.values.tolist()],
                "undefined": {str(label): code for label, code in self.undefined.items()}}


def check_rows(rows: str) -> str:
    """``rows`` if it is ``"true"`` or ``"predicted"``, the orientation of a whole confusion matrix (6.2.2); else one line."""
    if rows not in ROWS:
        raise InputError("confusion.rows_choice", name="rows", true=repr(ROWS[0]), predicted=repr(ROWS[1]),
                         value=given(rows))
    return rows


def _comparable(*arrays: np.ndarray) -> tuple:
    """The arrays in one dtype so that equal labels compare equal: numbers as float64 when their kinds differ
    (booleans and whole floats arrive here as integers from :func:`as_labels`), anything else as text."""
    kinds = {a.dtype.kind for a in arrays}
    if len(kinds) == 1 or kinds <= {"i", "u"}:
        return arrays
    if kinds <= {"i", "u", "f"}:
        return tuple(a.astype(np.float64) for a in arrays)
    return tuple(a.astype(str) for a in arrays)


def average_of_classes(values: dict, support: np.ndarray, n: float, method: str, name: str) -> float | Undefined:
    """The ``"macro"`` or ``"weighted"`` average (6.4.3) of ``values`` (label → float or Undefined) by
    :func:`.stacked.class_average`, with each class's ``support`` and their total ``n``; undefined
    (``average_needs_every_class``, naming the measure ``name`` and the class) when a class it weighs is."""
    for (label, value), weight in zip(values.items(), support):
        if is_undefined(value) and (weight > 0 or method == "macro"):
            return Undefined(code="average_needs_every_class",
                             params={"average": method, "measure": name, "label": label, "cause": value.code})
    row = np.array([[float(value) for value in values.values()]])
    return float(stacked.class_average(row, np.asarray(support)[None], np.array([float(n)]), method)[0])


def _one(values: np.ndarray, code: str, **params) -> float | Undefined:
    """The value of a measure of :mod:`.stacked` on a stack of one matrix, Undefined with ``code`` where it is nan."""
    value = float(values[0])
    return Undefined(code=code, params=params) if math.isnan(value) else value


def _python_labels(values: Iterable) -> tuple:
    return tuple(v.item() if isinstance(v, np.generic) else v for v in values)


class ConfusionMatrix:
    """Counts of (true class, predicted class) pairs with class labels (6.2.2).

    Build with :meth:`from_predictions` or :meth:`from_counts`; the plain
    constructor is not part of the API.

    Attributes
    ----------
    labels : tuple
        Class labels (strings or integers), in matrix order.
    weighted : bool
        True when the cells are sums of sample weights (``from_predictions``
        with ``sample_weight``): the counts are then floats and
        :meth:`binary` gives :class:`~iso4213_nb.measures.counts.WeightedCounts`.
    """

    __slots__ = ("labels", "weighted", "_m", "_tp", "_fp", "_fn", "_tn")

    def __init__(self, true_by_predicted: np.ndarray, labels: Sequence):
        self._m = true_by_predicted
        self.weighted = true_by_predicted.dtype.kind == "f"
        self._m.setflags(write=False)
        self.labels = _python_labels(labels)
        self._tp = np.diag(self._m).copy()
        self._fp = self._m.sum(axis=0) - self._tp
        self._fn = self._m.sum(axis=1) - self._tp
        self._tn = self._m.sum() - self._tp - self._fp - self._fn
        if self.weighted:
            np.maximum(self._tn, 0.0, out=self._tn)  # a sum of weights rounded a hair below 0 is 0

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_predictions(cls, y_true, y_pred, labels: Sequence | None = None, *,
                         sample_weight=None) -> "ConfusionMatrix":
        """Count pairs of true and predicted labels (6.2.2).

        Parameters
        ----------
        y_true, y_pred : array-like of labels (strings or integers), same length.
        labels : optional sequence fixing the classes and their order.  Without
            it the classes are the sorted union of both arrays; a class that
            is only ever predicted is kept (its recall is then undefined).
            With it, a value outside ``labels`` is an error.  Labels match the
            data's by value, as in scikit-learn: numbers as numbers (``1.0`` is
            ``1``, ``True`` is ``1``), text exactly as written.
        sample_weight : optional non-negative weight per sample (scikit-learn's
            meaning): each cell is then the sum of the weights of its pairs, as
            ``confusion_matrix(..., sample_weight=...)``; whole weights equal
            repeated rows.  A class occurring only in rows of weight 0 is kept.
        """
        t = as_labels(y_true, "y_true")
        p = as_labels(y_pred, "y_pred")
        same_length(y_true=t, y_pred=p)
        weight = as_weights(sample_weight, len(t))
        t, p = _comparable(t, p)
        if labels is None:
            return cls._count_inferred(t, p, weight)
        labels = list(labels)
        if len(set(labels)) != len(labels):
            raise InputError("confusion.duplicates", name="labels")
        if len(labels) < 2:
            raise InputError("confusion.too_few_labels", count=len(labels))
        lab, t, p = _comparable(as_labels(labels, "labels"), t, p)
        order = np.argsort(lab, kind="stable")
        sorted_lab = lab[order]
        codes = []
        for name, arr in (("y_true", t), ("y_pred", p)):
            pos = np.clip(np.searchsorted(sorted_lab, arr), 0, len(sorted_lab) - 1)
            unknown = sorted_lab[pos] != arr
            if unknown.any():
                bad = _python_labels(np.unique(arr[unknown])[:5])
                raise InputError("confusion.unknown_labels", name=name, unknown=listed(bad), labels=listed(lab))
            codes.append(order[pos])
        return cls(cls._bincount(codes[0], codes[1], len(labels), weight), labels)

    @classmethod
    def _count_inferred(cls, t: np.ndarray, p: np.ndarray, weight: np.ndarray | None = None) -> "ConfusionMatrix":
        if weight is None and t.dtype.kind in "iu" and p.dtype.kind in "iu":
            lo = min(int(t.min()), int(p.min()))
            hi = max(int(t.max()), int(p.max()))
            span = hi - lo + 1
            if span <= 1024:
                # Small integer range: one bincount of the pair code (true · span + predicted) over
                # every value in the range, then keep the values that occur; no sort, few passes.
                flat = t.astype(np.int64)
                flat *= span
                flat += p
                if lo:
                    flat -= lo * (span + 1)
                full = np.bincount(flat, minlength=span * span).reshape(span, span)
                present = np.flatnonzero((full.sum(axis=0) + full.sum(axis=1)) > 0)
                if len(present) < 2:
                    raise InputError("confusion.one_class_present", label=int(present[0]) + lo)
                return cls(full[np.ix_(present, present)].astype(np.int64), present + lo)
        labels, inverse = np.unique(np.concatenate([t, p]), return_inverse=True)
        if len(labels) < 2:
            raise InputError("confusion.one_class_present", label=listed(labels[:1]))
        n = len(t)
        return cls(cls._bincount(inverse[:n], inverse[n:], len(labels), weight), labels)

    @staticmethod
    def _bincount(true_codes: np.ndarray, pred_codes: np.ndarray, k: int,
                  weight: np.ndarray | None = None) -> np.ndarray:
        """k × k counts (true in rows) of the code pairs; float64 sums of ``weight`` when given."""
        if k < 2:
            raise InputError("confusion.one_class")
        flat = true_codes.astype(np.int64, copy=False) * k
        flat += pred_codes
        counts = np.bincount(flat, weights=weight, minlength=k * k).reshape(k, k)
        return counts if weight is not None else counts.astype(np.int64)

    @classmethod
    def from_counts(cls, counts, labels: Sequence | None = None, *, rows: str) -> "ConfusionMatrix":
        """A matrix of counts with its orientation stated.

        Parameters
        ----------
        counts : square array-like of non-negative integers.
        labels : class labels in row (= column) order; default 0, 1, ...
        rows : ``"true"`` if rows hold the true classes (scikit-learn, Annex D),
            ``"predicted"`` if rows hold the predicted classes (TS 4213 6.2.2,
            Table A.1).  Required: there is no safe default.
        """
        check_rows(rows)
        m = as_count_table(counts, "matrix", square=True)
        labels = list(range(m.shape[0])) if labels is None else list(labels)
        if len(labels) != m.shape[0]:
            raise InputError("confusion.labels_for_matrix", count=len(labels), size=m.shape[0])
        if len(set(labels)) != len(labels):
            raise InputError("confusion.duplicates", name="labels")
        return cls(m if rows == "true" else m.T.copy(), labels)

    # ------------------------------------------------------------------ counts
    def matrix(self, rows: str) -> np.ndarray:
        """The counts as a k×k array with ``rows`` = ``"true"`` or ``"predicted"``."""
        return self._m.copy() if check_rows(rows) == "true" else self._m.T.copy()

    @property
    def k(self) -> int:
        """Number of classes."""
        return len(self.labels)

    @property
    def n(self) -> int | float:
        """Number of samples (their total weight when weighted)."""
        return float(self._m.sum()) if self.weighted else int(self._m.sum())

    @property
    def support(self) -> np.ndarray:
        """Samples of each true class (T_i of 6.4.4)."""
        return self._m.sum(axis=1)

    @property
    def predicted_counts(self) -> np.ndarray:
        """Samples predicted as each class (P_i of 6.4.4)."""
        return self._m.sum(axis=0)

    tp = property(lambda self: self._tp.copy(), doc="True positives of each class (one-vs-rest, 6.4.3).")
    fp = property(lambda self: self._fp.copy(), doc="False positives of each class: other classes predicted as it.")
    fn = property(lambda self: self._fn.copy(), doc="False negatives of each class: it predicted as another class.")
    tn = property(lambda self: self._tn.copy(), doc="True negatives of each class.")

    def index(self, label) -> int:
        """Position of ``label`` in :attr:`labels`."""
        for i, candidate in enumerate(self.labels):
            if candidate == label or str(candidate) == str(label):
                return i
        raise InputError("confusion.unknown_label", label=given(label), labels=listed(self.labels))

    def binary(self, positive) -> BinaryCounts:
        """The one-vs-rest counts of class ``positive`` (Table A.2 column)."""
        i = self.index(positive)
        counts = WeightedCounts if self.weighted else BinaryCounts
        return counts(tp=self._tp[i].item(), fp=self._fp[i].item(), tn=self._tn[i].item(), fn=self._fn[i].item())

    def pooled(self) -> BinaryCounts:
        """Sum of every class's one-vs-rest counts, the basis of micro-averages (6.4.3)."""
        counts = WeightedCounts if self.weighted else BinaryCounts
        return counts(tp=self._tp.sum().item(), fp=self._fp.sum().item(),
                      tn=self._tn.sum().item(), fn=self._fn.sum().item())

    # ------------------------------------------------------------------ measures
    def accuracy(self) -> float | Undefined:
        """Overall accuracy: correct predictions over all samples (6.2.3, 6.4.2)."""
        return ratio(self._tp.sum(), self.n, code="no_samples")

    def per_class(self, measure: str | Callable[[BinaryCounts], object]) -> dict:
        """``{label: value}`` of a per-class measure (a name in :data:`measures.PER_CLASS` or a function of counts)."""
        fn = self._measure(measure)
        return {label: fn(self.binary(label)) for label in self.labels}

    def average(self, measure: str, method: str) -> float | Undefined:
        """Macro, weighted or micro average of a per-class measure (6.4.3), by :func:`.stacked.class_average`.

        ``macro``: plain mean over classes; undefined if any class's value is.
        ``weighted``: mean weighted by each class's support (T_P + F_N) / N; a
        class with no samples has weight 0 and is skipped.
        ``micro``: the measure of the pooled counts (sum of TP, FP, TN, FN).
        """
        one_of(method, AVERAGES, "average")
        fn = self._measure(measure)
        name = measure if isinstance(measure, str) else getattr(measure, "__name__", "measure")
        if method == "micro":
            return fn(self.pooled())
        if self.n == 0:
            return Undefined(code="no_samples")
        return average_of_classes(self.per_class(fn), self.support, self.n, method, name)

    def cohen_kappa(self, weights: str | None = None) -> float | Undefined:
        """Cohen's kappa (5.3.9): (p_o − p_e) / (1 − p_e), agreement beyond chance between true and predicted labels.

        ``weights="linear"`` or ``"quadratic"`` gives the weighted kappa for ordered classes
        (beyond TS 4213: Cohen 1968; scikit-learn's ``cohen_kappa_score(weights=...)``):
        1 − Σ w_ij O_ij / Σ w_ij E_ij with w_ij = |i − j| or (i − j)², O the observed and E
        the chance (outer product of the margins) shares, i and j positions in :attr:`labels`,
        which must therefore be in the classes' order (give ``labels=`` to
        :meth:`from_predictions` when sorting would not put them in order).
        Undefined when chance disagreement is 0 (both raters use one class).
        """
        if self.n == 0:
            return Undefined(code="no_samples")
        if weights is None:
            return _one(stacked.cohen_kappa(self._m[None]), "chance_agreement_one")
        one_of(weights, KAPPA_WEIGHTS, "weights")
        return _one(stacked.weighted_kappa(self._m[None], weights), "chance_agreement_one")

    def matthews_correlation(self) -> float | Undefined:
        """Multi-class Matthews correlation (Gorodkin's R_K); equals the binary MCC for two classes."""
        return _one(stacked.matthews_correlation(self._m[None]), "one_class", cause="true_or_predicted")

    def balanced_accuracy(self, adjusted: bool = False) -> float | Undefined:
        """Macro-averaged recall over the classes present in the true labels (6.4.2, 6.4.3).

        ``adjusted=True`` rescales it so that chance scores 0 and perfect prediction 1
        (beyond TS 4213: scikit-learn's ``balanced_accuracy_score(adjusted=True)``):
        (B − 1/k) / (1 − 1/k) with k the number of classes present in the true labels;
        undefined (``one_class``, cause ``adjusted``) when only one class is present.
        """
        if adjusted and self.n:
            return _one(stacked.balanced_accuracy_adjusted(self._m[None]), "one_class", cause="adjusted")
        return _one(stacked.balanced_accuracy(self._m[None]), "no_samples")

    def normalized(self, by: str, rows: str) -> NormalizedMatrix:
        """The matrix as shares (6.2.2): ``by="true"`` divides each true class by its total (rows of recalls),
        ``"predicted"`` each predicted class (columns of precisions), ``"all"`` every cell by n.

        Beyond TS 4213: scikit-learn's ``confusion_matrix(normalize="true"|"pred"|"all")``, except that a
        class with total 0 gets NaN and a reason in :attr:`NormalizedMatrix.undefined`, not a row of 0.
        """
        rows = check_rows(rows)
        one_of(by, NORMALIZE_BY, "by")
        counts = self._m.astype(float)
        totals, code, per = {
            "true": (self.support, "no_positives", self.support[:, None]),
            "predicted": (self.predicted_counts, "no_predicted_positives", self.predicted_counts[None, :]),
            "all": (np.full(self.k, self.n), "no_samples", np.full((1, 1), self.n))}[by]
        values = ratio(counts, per, code=code)
        undefined = {label: code for label, total in zip(self.labels, totals) if total == 0}
        values = values if rows == "true" else values.T.copy()
        values.setflags(write=False)
        return NormalizedMatrix(values, by, rows, self.labels, undefined)

    def _measure(self, measure) -> Callable[[BinaryCounts], object]:
        if callable(measure):
            return measure
        try:
            return measures.PER_CLASS[measure]
        except KeyError:
            raise InputError("confusion.unknown_measure", measure=given(measure), known=sorted(measures.PER_CLASS)) from None

    # ------------------------------------------------------------------ dunder
    def __eq__(self, other: object) -> bool:
        return (isinstance(other, ConfusionMatrix) and self.labels == other.labels
                and np.array_equal(self._m, other._m))

    __hash__ = None

    def __repr__(self) -> str:
        weighted = ", weighted" if self.weighted else ""
        return f"ConfusionMatrix(labels={list(self.labels)}, n={self.n}{weighted}, rows='true' internally)"
