"""Measures computed from the four counts of a binary (or one-vs-rest) split: the one clause-6 kernel.

Clause references are to ISO/IEC TS 4213:2022.  Each function takes the four
counts by key (``c["tp"]``): a :class:`BinaryCounts` gives a float, or
:class:`~iso4213_nb.core.undefined.Undefined` with the reason when its
denominator is zero; a dict of arrays (e.g. every threshold, every bootstrap
draw, every group) gives an array with ``nan`` where the measure is undefined
(:func:`~iso4213_nb.core.undefined.ratio` is the one division).
:mod:`iso4213_nb.measures.stacked` applies these same functions to stacks of
confusion matrices.  The 13 confusion-matrix measures
of ISO/IEC TR 24029-1 (as tabulated by Lee 2023) are all here; Lee prints
fall-out with the wrong denominator, :func:`false_positive_rate` follows 3.2.12.

Names used by the source documents map to one function each in
:mod:`iso4213_nb.words.glossary`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..core.checks import given
from ..core.errors import InputError
from ..core.undefined import Undefined, ratio

#: Reason codes of undefined measures (words: :func:`iso4213_nb.words.readings.reason`).
NO_PREDICTED_POSITIVES = "no_predicted_positives"
NO_PREDICTED_NEGATIVES = "no_predicted_negatives"
NO_POSITIVES = "no_positives"
NO_NEGATIVES = "no_negatives"
NO_SAMPLES = "no_samples"
NO_POSITIVES_AT_ALL = "no_actual_or_predicted_positives"
#: The four counts of a binary split (Table 1), in the order they are read, stored and shown.
FIELDS = ("tp", "fp", "tn", "fn")


@dataclass(frozen=True)
class BinaryCounts:
    """True/false positives and negatives of one binary split (6.2.1, Table 1).

    Fields are readable as attributes (``c.tp``) or as keys (``c["tp"]``).
    """

    tp: int
    fp: int
    tn: int
    fn: int

    def __post_init__(self):
        for field in FIELDS:
            value = getattr(self, field)
            if value < 0 or value != int(value):
                raise InputError("measures.not_a_count", name=field, value=given(value))
            object.__setattr__(self, field, int(value))

    def __getitem__(self, key: str) -> int:
        if key not in FIELDS:
            raise KeyError(key)
        return getattr(self, key)

    def keys(self):
        return FIELDS

    @property
    def n(self) -> int:
        """Total number of samples."""
        return self.tp + self.fp + self.tn + self.fn

    @property
    def positives(self) -> int:
        """Actual positives, TP + FN."""
        return self.tp + self.fn

    @property
    def negatives(self) -> int:
        """Actual negatives, TN + FP."""
        return self.tn + self.fp

    @property
    def predicted_positives(self) -> int:
        """Predicted positives, TP + FP."""
        return self.tp + self.fp


@dataclass(frozen=True)
class WeightedCounts(BinaryCounts):
    """The four cells of a binary split (6.2.1) as sums of sample weights (scikit-learn's ``sample_weight``).

    Every measure of this module accepts it in place of :class:`BinaryCounts`:
    each count becomes the total weight of the samples it counts, so whole
    weights give the counts of repeated rows.  Fields are non-negative floats.
    """

    tp: float
    fp: float
    tn: float
    fn: float

    def __post_init__(self):
        for field in FIELDS:
            value = float(getattr(self, field))
            if not math.isfinite(value) or value < 0:
                raise InputError("measures.not_a_weight", name=field, value=value)
            object.__setattr__(self, field, value)


def _n(c):
    """TP + FP + TN + FN of ``c``: one count, or an array of them."""
    return c["tp"] + c["fp"] + c["tn"] + c["fn"]


def binary_accuracy(c: BinaryCounts) -> float | Undefined:
    """(TP + TN) / N (6.3.3); for one class of a multi-class matrix this is Table A.3's "Binary Accuracy"."""
    return ratio(c["tp"] + c["tn"], _n(c), code=NO_SAMPLES)


def precision(c: BinaryCounts) -> float | Undefined:
    """TP / (TP + FP) (6.2.4).  Positive predictive value."""
    return ratio(c["tp"], c["tp"] + c["fp"], code=NO_PREDICTED_POSITIVES)


def recall(c: BinaryCounts) -> float | Undefined:
    """TP / (TP + FN) (6.2.4, 3.2.10).  Sensitivity, true positive rate, hit rate; per-class accuracy (6.4.2)."""
    return ratio(c["tp"], c["tp"] + c["fn"], code=NO_POSITIVES)


def specificity(c: BinaryCounts) -> float | Undefined:
    """TN / (TN + FP) (6.2.4).  Selectivity, true negative rate."""
    return ratio(c["tn"], c["tn"] + c["fp"], code=NO_NEGATIVES)


def f1(c: BinaryCounts) -> float | Undefined:
    """2TP / (2TP + FP + FN) (6.2.5)."""
    return ratio(2 * c["tp"], 2 * c["tp"] + c["fp"] + c["fn"], code=NO_POSITIVES_AT_ALL)


def _nonnegative(value, name: str) -> float:
    """``value`` as a float ≥ 0 (infinity allowed, NaN and negatives refused): a weight of an F-measure (6.2.6)."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        number = math.nan
    if not number >= 0:
        raise InputError("measures.not_non_negative", name=name, value=given(value))
    return number


def fbeta(c: BinaryCounts, beta: float) -> float | Undefined:
    """F_beta = (1 + β²) p r / (r + β² p) (6.2.6), computed in counts as (1 + β²)TP / ((1 + β²)TP + β²FN + FP).

    The count form equals the printed form wherever p and r are defined and
    not both zero, and stays defined (= 0) when TP = 0 with positives present.
    β > 1 weighs recall more, β < 1 precision.  The limits are taken at the
    ends, as scikit-learn's ``fbeta_score`` does: β = 0 gives precision and
    β = ∞ recall (each undefined for its own reason).  Negative or NaN β is refused.
    """
    b = _nonnegative(beta, "beta")
    if b == 0:
        return precision(c)
    if math.isinf(b):
        return recall(c)
    b2 = b ** 2
    return ratio((1 + b2) * c["tp"], (1 + b2) * c["tp"] + b2 * c["fn"] + c["fp"], code=NO_POSITIVES_AT_ALL)


def f_alpha_beta(c: BinaryCounts, alpha: float, beta: float) -> float | Undefined:
    """F(αp, βr) = (α + β) p r / (α r + β p) (6.2.6), in counts (α + β)TP / (α(TP + FP) + β(TP + FN)).

    α = β gives F1; α = 1, β = b² gives F_b of :func:`fbeta`.  Only α / β
    matters, and its limits are taken at the ends: α = 0 or β = ∞ gives recall,
    β = 0 or α = ∞ precision.  Refused: a negative or NaN weight, and α = β = 0
    or α = β = ∞, where the ratio itself is undefined.
    """
    a, b = _nonnegative(alpha, "alpha"), _nonnegative(beta, "beta")
    if (a == b == 0) or (math.isinf(a) and math.isinf(b)):
        raise InputError("measures.no_weight_ratio", first="alpha", first_value=given(alpha), second="beta",
                         second_value=given(beta))
    if a == 0 or math.isinf(b):
        return recall(c)
    if b == 0 or math.isinf(a):
        return precision(c)
    return ratio((a + b) * c["tp"], a * (c["tp"] + c["fp"]) + b * (c["tp"] + c["fn"]), code=NO_POSITIVES_AT_ALL)


def negative_predictive_value(c: BinaryCounts) -> float | Undefined:
    """TN / (TN + FN).  V_P− of TR 24029-1 (beyond TS 4213: TR 24029-1, Lee 2023)."""
    return ratio(c["tn"], c["tn"] + c["fn"], code=NO_PREDICTED_NEGATIVES)


def false_positive_rate(c: BinaryCounts) -> float | Undefined:
    """FP / (FP + TN) (3.2.12).  Fall-out, R_F+ of TR 24029-1 (Lee 2023 misprints its denominator)."""
    return ratio(c["fp"], c["fp"] + c["tn"], code=NO_NEGATIVES)


def miss_rate(c: BinaryCounts) -> float | Undefined:
    """FN / (FN + TP).  False negative rate, R_F− of TR 24029-1; 1 − recall (beyond TS 4213: TR 24029-1, Lee 2023)."""
    return ratio(c["fn"], c["fn"] + c["tp"], code=NO_POSITIVES)


def false_discovery_rate(c: BinaryCounts) -> float | Undefined:
    """FP / (FP + TP); 1 − precision (beyond TS 4213: Sokolova & Lapalme 2009)."""
    return ratio(c["fp"], c["fp"] + c["tp"], code=NO_PREDICTED_POSITIVES)


def false_omission_rate(c: BinaryCounts) -> float | Undefined:
    """FN / (FN + TN); 1 − negative predictive value (beyond TS 4213: Sokolova & Lapalme 2009)."""
    return ratio(c["fn"], c["fn"] + c["tn"], code=NO_PREDICTED_NEGATIVES)


def positive_likelihood_ratio(c: BinaryCounts) -> float | Undefined:
    """LR+ = recall / false positive rate (beyond TS 4213: Sokolova & Lapalme 2009)."""
    return ratio(recall(c), false_positive_rate(c), code="unbounded_lr_plus")


def negative_likelihood_ratio(c: BinaryCounts) -> float | Undefined:
    """LR− = miss rate / specificity (beyond TS 4213: Sokolova & Lapalme 2009)."""
    return ratio(miss_rate(c), specificity(c), code="unbounded_lr_minus")


def diagnostic_odds_ratio(c: BinaryCounts) -> float | Undefined:
    """DOR = (TP · TN) / (FP · FN) = LR+ / LR− (beyond TS 4213: Glas et al. 2003)."""
    return ratio(c["tp"] * c["tn"], c["fp"] * c["fn"], code="unbounded_diagnostic_odds_ratio")


def prevalence(c: BinaryCounts) -> float | Undefined:
    """(TP + FN) / N, the share of actual positives (6.3.7, the baseline of the PR curve)."""
    return ratio(c["tp"] + c["fn"], _n(c), code=NO_SAMPLES)


def balanced_accuracy(c: BinaryCounts) -> float | Undefined:
    """(recall + specificity) / 2 (beyond TS 4213: Brodersen et al. 2010)."""
    r, s = recall(c), specificity(c)
    for value in (r, s):
        if isinstance(value, Undefined):
            return value
    return (r + s) / 2


def matthews_correlation(c: BinaryCounts) -> float | Undefined:
    """(TP·TN − FP·FN) / sqrt((TP+FP)(TP+FN)(TN+FP)(TN+FN)); undefined when a margin is zero.

    Beyond TS 4213: Matthews 1975.
    """
    tp, fp, tn, fn = c["tp"], c["fp"], c["tn"], c["fn"]
    margins = (tp + fp) * (tp + fn) * (tn + fp) * (tn + fn)
    root = np.sqrt(margins) if isinstance(margins, np.ndarray) else math.sqrt(margins)
    return ratio(tp * tn - fp * fn, root, code="empty_margin")


#: The per-class measures every table and report shows, in display order.
PER_CLASS = {
    "binary_accuracy": binary_accuracy,
    "precision": precision,
    "recall": recall,
    "specificity": specificity,
    "f1": f1,
    "negative_predictive_value": negative_predictive_value,
    "false_positive_rate": false_positive_rate,
    "miss_rate": miss_rate,
    "false_discovery_rate": false_discovery_rate,
    "false_omission_rate": false_omission_rate,
    "positive_likelihood_ratio": positive_likelihood_ratio,
    "negative_likelihood_ratio": negative_likelihood_ratio,
    "diagnostic_odds_ratio": diagnostic_odds_ratio,
    "prevalence": prevalence,
    "balanced_accuracy": balanced_accuracy,
    "matthews_correlation": matthews_correlation,
}
