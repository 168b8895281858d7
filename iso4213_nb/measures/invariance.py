"""The eight confusion-matrix changes of Sokolova & Lapalme (2009, section 4) and a numerical invariance table.

Sokolova & Lapalme write a binary confusion matrix as ``[tp; fp; tn; fn]``
(true classes in rows: ``[[tp, fn], [fp, tn]]``) and ask, for each measure,
whether its value survives eight changes I1–I8 (section 4.1–4.8):

====  ==========================================================  ====================================
I1    exchange of positives and negatives, as printed             [tp; fp; tn; fn] → [tn; fp; tp; fn]
I2    change of tn alone                                          tn → tn'
I3    change of tp alone                                          tp → tp'
I4    change of fn alone                                          fn → fn'
I5    change of fp alone                                          fp → fp'
I6    uniform scaling                                             every count × k1 (k1 ≠ 1)
I7    scaling of the predicted-positive and -negative columns     tp, fp × k1; fn, tn × k2 (k1 ≠ k2)
I8    scaling of the positive and negative rows                   tp, fn × k1; fp, tn × k2 (k1 ≠ k2)
====  ==========================================================  ====================================

The formula printed for I1 swaps tp and tn only, while the matrix drawn
beside it swaps whole labels (tp ↔ tn *and* fp ↔ fn); ``I1*`` is that second
reading.  As the paper does for multi-class data, every change applies to
each one-vs-rest count vector.

Counts here are an array of shape ``(m, 4)`` with columns ``tp, fp, tn, fn``:
one row for a binary matrix, one row per class (one-vs-rest) for multi-class
measures, and for multi-label measures one row per sample (exact match,
labelling F-score) or per label (retrieval F-score).  Measures reuse
:mod:`iso4213_nb.measures.counts`; a measure whose denominator is zero is
:class:`~iso4213_nb.core.undefined.Undefined` and such trials are not counted.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import numpy as np

from . import counts as m
from ..core.checks import given, is_whole, listed
from .confusion import ConfusionMatrix, average_of_classes
from ..core.errors import InputError
from .counts import FIELDS, BinaryCounts
from ..core.undefined import Undefined, is_undefined

TP, FP, TN, FN = range(4)


def as_counts(counts) -> np.ndarray:
    """Counts as an ``(m, 4)`` int64 array with columns tp, fp, tn, fn (beyond TS 4213: Sokolova & Lapalme 2009).

    Accepts a :class:`BinaryCounts`, a sequence of them, a
    :class:`ConfusionMatrix` (one row per class, one-vs-rest), a 4-vector
    or an ``(m, 4)`` array of non-negative whole numbers.
    """
    if (isinstance(counts, np.ndarray) and counts.dtype == np.int64 and counts.ndim == 2
            and counts.shape[1] == 4 and counts.shape[0] and counts.min() >= 0):
        return counts
    if isinstance(counts, BinaryCounts):
        counts = [counts]
    if isinstance(counts, ConfusionMatrix):
        counts = np.column_stack([counts.tp, counts.fp, counts.tn, counts.fn])
    elif isinstance(counts, (list, tuple)) and counts and all(isinstance(c, BinaryCounts) for c in counts):
        counts = [[c.tp, c.fp, c.tn, c.fn] for c in counts]
    try:
        array = np.asarray(counts, dtype=float)
    except (TypeError, ValueError):
        raise InputError("invariance.not_numbers", name="counts", fields=list(FIELDS)) from None
    if array.ndim == 1:
        array = array[None, :]
    if array.ndim != 2 or array.shape[1] != 4 or array.shape[0] == 0:
        raise InputError("invariance.not_four_columns", name="counts", fields=list(FIELDS), shape=np.shape(counts))
    if not np.all(np.isfinite(array)) or (array < 0).any() or not np.all(array == np.round(array)):
        raise InputError("invariance.not_whole_counts", name="counts")
    return array.astype(np.int64)


def _pooled(counts: np.ndarray) -> BinaryCounts:
    return BinaryCounts(*map(int, counts.sum(axis=0)))


# ---------------------------------------------------------------------------------------------- changes
def exchange(counts, whole_labels: bool = False) -> np.ndarray:
    """I1 (section 4.1): as printed, swap tp and tn; with ``whole_labels``, also swap fp and fn (the ``I1*`` reading)."""
    c = as_counts(counts)
    order = [TN, FN, TP, FP] if whole_labels else [TN, FP, TP, FN]
    return c[:, order]


def _set(counts, column: int, value) -> np.ndarray:
    c = as_counts(counts).copy()
    value = np.asarray(value)
    if (value < 0).any() or not np.all(value == np.round(value)):
        raise InputError("invariance.bad_new_count", name=FIELDS[column],
                         value=given(value.item()) if value.ndim == 0 else str(value))
    c[:, column] = value
    return c


def change_tn(counts, tn) -> np.ndarray:
    """I2 (section 4.2): replace tn by ``tn`` (a number, or one per row), all other counts unchanged."""
    return _set(counts, TN, tn)


def change_tp(counts, tp) -> np.ndarray:
    """I3 (section 4.3): replace tp by ``tp``, all other counts unchanged."""
    return _set(counts, TP, tp)


def change_fn(counts, fn) -> np.ndarray:
    """I4 (section 4.4): replace fn by ``fn``, all other counts unchanged."""
    return _set(counts, FN, fn)


def change_fp(counts, fp) -> np.ndarray:
    """I5 (section 4.5): replace fp by ``fp``, all other counts unchanged."""
    return _set(counts, FP, fp)


def _check_factor(name: str, k) -> int:
    if not is_whole(k, 1):
        raise InputError("invariance.bad_factor", name=name, value=given(k))
    return int(k)


def scale(counts, k1) -> np.ndarray:
    """I6 (section 4.6): multiply every count by ``k1`` (a whole number ≥ 1)."""
    return as_counts(counts) * _check_factor("k1", k1)


def scale_columns(counts, k1, k2) -> np.ndarray:
    """I7 (section 4.7): predicted-positive column (tp, fp) × ``k1``, predicted-negative column (fn, tn) × ``k2``."""
    c = as_counts(counts).copy()
    c[:, [TP, FP]] *= _check_factor("k1", k1)
    c[:, [TN, FN]] *= _check_factor("k2", k2)
    return c


def scale_rows(counts, k1, k2) -> np.ndarray:
    """I8 (section 4.8): positive row (tp, fn) × ``k1``, negative row (fp, tn) × ``k2``."""
    c = as_counts(counts).copy()
    c[:, [TP, FN]] *= _check_factor("k1", k1)
    c[:, [FP, TN]] *= _check_factor("k2", k2)
    return c


@dataclass(frozen=True)
class Change:
    """One of the changes I1–I8 (plus ``I1*``): its name, what it does, and how to draw a random instance.

    ``apply(counts, rng)`` returns changed counts that differ from ``counts``
    wherever the change can make a difference (new values differ from the
    old, factors differ from 1 and from each other).

    Beyond TS 4213: Sokolova & Lapalme 2009, I1–I8.
    """

    id: str
    title: str
    function: Callable
    draw: Callable[[np.ndarray, np.random.Generator], dict]

    def apply(self, counts, rng: np.random.Generator) -> np.ndarray:
        c = as_counts(counts)
        return self.function(c, **self.draw(c, rng))


def _other_value(column: int):
    def draw(c: np.ndarray, rng: np.random.Generator) -> dict:
        old = c[:, column]
        new = old + rng.integers(1, 20, size=len(old)) * np.where(rng.random(len(old)) < 0.5, -1, 1)
        new = np.where(new < 0, old + rng.integers(1, 20, size=len(old)), new)
        return {FIELDS[column]: new}
    return draw


def _factors(rng: np.random.Generator) -> dict:
    k1, k2 = rng.choice(np.arange(1, 8), size=2, replace=False)
    return {"k1": int(k1), "k2": int(k2)}


CHANGES: dict[str, Change] = {
    "I1": Change("I1", "exchange of positives and negatives (tp ↔ tn, as printed)", exchange, lambda c, r: {}),
    "I1*": Change("I1*", "exchange of whole labels (tp ↔ tn and fp ↔ fn, as drawn)", exchange,
                  lambda c, r: {"whole_labels": True}),
    "I2": Change("I2", "change of true negatives", change_tn, _other_value(TN)),
    "I3": Change("I3", "change of true positives", change_tp, _other_value(TP)),
    "I4": Change("I4", "change of false negatives", change_fn, _other_value(FN)),
    "I5": Change("I5", "change of false positives", change_fp, _other_value(FP)),
    "I6": Change("I6", "uniform scaling of all counts", scale, lambda c, r: {"k1": int(r.integers(2, 8))}),
    "I7": Change("I7", "different scaling of the two predicted-class columns", scale_columns,
                 lambda c, r: _factors(r)),
    "I8": Change("I8", "different scaling of the two true-class rows", scale_rows, lambda c, r: _factors(r)),
}


# ---------------------------------------------------------------------------------------------- measures
def _macro(fn) -> Callable[[np.ndarray], float | Undefined]:
    return lambda c: average_of_classes({row: fn(BinaryCounts(*map(int, counts))) for row, counts in enumerate(c)},
                                        np.ones(len(c)), len(c), "macro", fn.__name__)


def _complement(value):
    return value if is_undefined(value) else 1.0 - value


def average_accuracy(counts) -> float | Undefined:
    """Average Accuracy of Sokolova & Lapalme (Table 3): mean over classes of (tp + tn) / (tp + fp + tn + fn).

    ``counts``: one row ``tp, fp, tn, fn`` per class (one-vs-rest).  Equals the
    macro-averaged binary accuracy of TS 4213 6.4.3 (Table A.4's macro "Accuracy").
    """
    return _macro(m.binary_accuracy)(as_counts(counts))


def error_rate(counts) -> float | Undefined:
    """Error Rate of Sokolova & Lapalme (Table 3): mean over classes of (fp + fn) / (tp + fp + tn + fn), 1 − Average Accuracy.

    Beyond TS 4213: Sokolova & Lapalme 2009.
    """
    return _complement(average_accuracy(counts))


def fscore_of_macro_averages(counts, beta: float = 1.0) -> float | Undefined:
    """Fscore_M of Sokolova & Lapalme (Table 3): (β² + 1) P_M R_M / (β² P_M + R_M) of macro precision and recall.

    ``counts``: one row per class.  Not the mean of per-class F1 that TS 4213
    6.4.3 calls the macro-average F1 (``ConfusionMatrix.average("f1", "macro")``).
    """
    c = as_counts(counts)
    p, r = _macro(m.precision)(c), _macro(m.recall)(c)
    if is_undefined(p) or is_undefined(r):
        return p if is_undefined(p) else r
    b2 = float(beta) ** 2
    if b2 * p + r == 0:
        return Undefined(code="zero_macro_precision_and_recall")
    return (b2 + 1) * p * r / (b2 * p + r)


def exact_match_ratio(counts) -> float:
    """Exact Match Ratio of Sokolova & Lapalme (Table 4): share of samples with no wrong label (fp = fn = 0).

    ``counts``: one row ``tp, fp, tn, fn`` per *sample*, counted over its labels (TS 4213 6.5.3).
    """
    c = as_counts(counts)
    return float(np.mean((c[:, FP] + c[:, FN]) == 0))


def labelling_fscore(counts) -> float | Undefined:
    """Labelling Fscore of Sokolova & Lapalme (Table 4): mean over samples of 2tp / (2tp + fp + fn).

    ``counts``: one row per sample; undefined when a sample has neither true nor predicted labels.

    Beyond TS 4213: Sokolova & Lapalme 2009.
    """
    return _macro(m.f1)(as_counts(counts))


def retrieval_fscore(counts) -> float | Undefined:
    """Retrieval Fscore of Sokolova & Lapalme (Table 4): mean over labels of 2tp / (2tp + fp + fn).

    ``counts``: one row per *label*, counted over the samples (the macro F1 of multi-label data).

    Beyond TS 4213: Sokolova & Lapalme 2009.
    """
    return _macro(m.f1)(as_counts(counts))


def hamming_loss(counts) -> float | Undefined:
    """Hamming Loss of Sokolova & Lapalme (Table 4) and TS 4213 6.5.2: wrong label decisions (fp + fn) over all of them.

    ``counts``: rows ``tp, fp, tn, fn`` (per sample or per label; only the totals matter).
    """
    return _complement(m.binary_accuracy(_pooled(as_counts(counts))))


@dataclass(frozen=True)
class Measure:
    """A measure of the paper's Tables 2–4 as a function of ``(m, 4)`` counts (beyond TS 4213: Sokolova & Lapalme 2009).

    Attributes
    ----------
    name : str
        The paper's name.
    task : str
        ``"binary"``, ``"multi-class"`` or ``"multi-label"`` (which rows the counts hold).
    group : str
        The paper's group in Table 7 (e.g. ``"Precision_G"``) whose invariance its text states.
    function : callable
        counts → float or Undefined.
    """

    name: str
    task: str
    group: str
    function: Callable[[np.ndarray], object]

    def __call__(self, counts):
        return self.function(as_counts(counts))


MEASURES: dict[str, Measure] = {meas.name: meas for meas in (
    Measure("Accuracy", "binary", "Accuracy_G", lambda c: m.binary_accuracy(_pooled(c))),
    Measure("Precision", "binary", "Precision_G", lambda c: m.precision(_pooled(c))),
    Measure("Recall", "binary", "Recall_G", lambda c: m.recall(_pooled(c))),
    Measure("Fscore", "binary", "Fscore_G", lambda c: m.f1(_pooled(c))),
    Measure("Specificity", "binary", "Specificity", lambda c: m.specificity(_pooled(c))),
    Measure("AUC", "binary", "AUC", lambda c: m.balanced_accuracy(_pooled(c))),
    Measure("Average Accuracy", "multi-class", "Accuracy_G", average_accuracy),
    Measure("Error Rate", "multi-class", "Accuracy_G", error_rate),
    Measure("Precision_mu", "multi-class", "Precision_G", lambda c: m.precision(_pooled(c))),
    Measure("Recall_mu", "multi-class", "Recall_G", lambda c: m.recall(_pooled(c))),
    Measure("Fscore_mu", "multi-class", "Fscore_G", lambda c: m.f1(_pooled(c))),
    Measure("Precision_M", "multi-class", "Precision_G", _macro(m.precision)),
    Measure("Recall_M", "multi-class", "Recall_G", _macro(m.recall)),
    Measure("Fscore_M", "multi-class", "Fscore_G", fscore_of_macro_averages),
    Measure("Exact Match Ratio", "multi-label", "Exact Match Ratio", exact_match_ratio),
    Measure("Labelling Fscore", "multi-label", "Labelling Fscore", labelling_fscore),
    Measure("Retrieval Fscore", "multi-label", "Retrieval Fscore", retrieval_fscore),
    Measure("Hamming Loss", "multi-label", "Hamming Loss", hamming_loss),
)}

#: Changes under which the paper's section 5 says each group of Table 7 is invariant (all others: not invariant).
#: The number of changes per group equals the number of marks Table 7 prints in its row.
PAPER_INVARIANT: dict[str, frozenset] = {
    "Accuracy_G": frozenset({"I1", "I6"}),
    "Precision_G": frozenset({"I2", "I4", "I6", "I7"}),
    "Recall_G": frozenset({"I2", "I5", "I6", "I8"}),
    "Fscore_G": frozenset({"I2", "I6"}),
    "Specificity": frozenset({"I3", "I4", "I6", "I8"}),
    "AUC": frozenset({"I6", "I8"}),
    "Exact Match Ratio": frozenset({"I4", "I5"}),
    "Labelling Fscore": frozenset({"I2", "I6"}),
    "Retrieval Fscore": frozenset({"I6"}),
    "Hamming Loss": frozenset({"I1", "I2", "I3", "I6"}),
}

PAPER_CHANGES = ("I1", "I2", "I3", "I4", "I5", "I6", "I7", "I8")
#: The tasks :func:`random_counts` draws counts for.
TASKS = ("binary", "multi-class", "multi-label")


def random_counts(task: str, rng: np.random.Generator) -> np.ndarray:
    """Random counts for ``task``: one row of 0–60 (binary), 3 rows (multi-class), or 6 rows of 5 label
    decisions split at random (multi-label: small counts, so zero errors occur as in real samples).

    Beyond TS 4213: Sokolova & Lapalme 2009.
    """
    if task == TASKS[0]:
        return rng.integers(0, 61, size=(1, 4))
    if task == TASKS[1]:
        return rng.integers(0, 61, size=(3, 4))
    if task == TASKS[2]:
        return rng.multinomial(5, [0.3, 0.15, 0.4, 0.15], size=6)
    raise InputError("invariance.task_choice", name="task", choices=listed(TASKS[:-1]), last=repr(TASKS[-1]),
                     value=given(task))


@dataclass(frozen=True)
class InvarianceTable:
    """Result of :func:`invariance_table` (beyond TS 4213: Sokolova & Lapalme 2009).

    Attributes
    ----------
    measures : tuple of str
        Row names.
    changes : tuple of str
        Column names (``"I1"`` … ``"I8"``, ``"I1*"``).
    invariant : dict
        ``{(measure, change): True/False}``: True when no defined trial changed the value.
    changed : dict
        ``{(measure, change): (trials that changed the value, trials where it was defined before and after)}``.
    paper : dict
        ``{(measure, change): True/False}`` as the paper's text states (``I1*`` is not in the paper).
    """

    measures: tuple
    changes: tuple
    invariant: dict
    changed: dict
    paper: dict

    def differences(self) -> list[tuple[str, str, bool, bool]]:
        """``(measure, change, computed, paper)`` for every cell where computation and paper disagree."""
        return [(name, ch, self.invariant[name, ch], self.paper[name, ch])
                for name in self.measures for ch in self.changes
                if (name, ch) in self.paper and self.changed[name, ch][1] > 0
                and self.invariant[name, ch] != self.paper[name, ch]]

    def rows(self, paper: bool = False) -> list[list[str]]:
        """One list per measure: its name, then a mark per change: ``+`` invariant, ``−`` not.

        With ``paper=False`` the marks are the computed ones (``?`` where no trial was defined);
        with ``paper=True`` they are the paper's statements (blank for ``I1*``, which it does not define).
        """
        out = []
        for name in self.measures:
            cells = [name]
            for ch in self.changes:
                if paper:
                    cells.append("" if (name, ch) not in self.paper else "+" if self.paper[name, ch] else "−")
                elif self.changed[name, ch][1] == 0:
                    cells.append("?")
                else:
                    cells.append("+" if self.invariant[name, ch] else "−")
            out.append(cells)
        return out


def invariance_table(measures=None, n_trials: int = 200, seed: int = 0,
                     changes=PAPER_CHANGES + ("I1*",)) -> InvarianceTable:
    """Test numerically whether each measure is invariant under each change (beyond TS 4213: Sokolova & Lapalme 2009).

    Parameters
    ----------
    measures : names from :data:`MEASURES` (default: all, in table order).
    n_trials : random count arrays per measure and change (each drawn by :func:`random_counts`
        for the measure's task, then changed by :meth:`Change.apply`).
    seed : seed of ``numpy.random.default_rng``; the same seed gives the same table.
    changes : change ids from :data:`CHANGES`.

    A measure counts as invariant under a change when its value is equal
    (to 1e-12 relative) before and after in every trial where both are
    defined.  Returns an :class:`InvarianceTable` with the paper's statements
    alongside (Sokolova & Lapalme 2009, section 5).
    """
    names = tuple(MEASURES) if measures is None else tuple(measures)
    for name in names:
        if name not in MEASURES:
            raise InputError("invariance.unknown_measure", measure=given(name), known=list(MEASURES))
    for ch in changes:
        if ch not in CHANGES:
            raise InputError("invariance.unknown_change", change=given(ch), known=list(CHANGES))
    if not is_whole(n_trials, 1):
        raise InputError("invariance.not_positive_whole", name="n_trials", value=given(n_trials))
    rng = np.random.default_rng(seed)
    invariant, changed, paper = {}, {}, {}
    for name in names:
        meas = MEASURES[name]
        for ch in changes:
            n_changed = n_defined = 0
            for _ in range(int(n_trials)):
                before_counts = random_counts(meas.task, rng)
                before = meas.function(before_counts)
                after = meas.function(CHANGES[ch].apply(before_counts, rng))
                if is_undefined(before) or is_undefined(after):
                    continue
                n_defined += 1
                n_changed += not math.isclose(before, after, rel_tol=1e-12, abs_tol=1e-15)
            invariant[name, ch] = n_changed == 0
            changed[name, ch] = (n_changed, n_defined)
            if ch in PAPER_CHANGES:
                paper[name, ch] = ch in PAPER_INVARIANT[meas.group]
    return InvarianceTable(names, tuple(changes), invariant, changed, paper)
