"""Which error rates can be equal across groups at once (5.3.2; beyond TS 4213: Chouldechova 2017; Kleinberg, Mullainathan & Raghavan 2016).

For one group with prevalence p (the share of actual positives), precision
PPV = TP/(TP + FP) (6.3.4), false positive rate FPR = FP/(FP + TN) (3.2.12)
and false negative rate FNR = FN/(FN + TP) (the miss rate, 1 − recall), the
counts tie the rates together (Chouldechova 2017, eq. 2.6):

    FPR = p/(1 − p) · (1 − PPV)/PPV · (1 − FNR)

because TP = p·N·(1 − FNR), FP = TP·(1 − PPV)/PPV and FPR = FP/((1 − p)·N).
So when two groups differ in prevalence, equal PPV and equal FNR leave them
different FPRs, unless PPV = 1 (no false positives at all): the three cannot
all be equal.  Kleinberg et al. prove the like of it for risk scores
(calibration within groups and balance for both classes hold together only
with equal base rates or perfect prediction).  Equal precision and equal
recall alone are possible (group A: TP 40, FP 10, FN 10, TN 40; group B:
TP 16, FP 4, FN 4, TN 76; both 0.8 and 0.8, prevalences 0.5 and 0.2): the
identity then makes the FPRs differ (0.2 and 0.05).
"""

from __future__ import annotations

import numpy as np

from ..core.checks import plain
from ..core.errors import InputError
from ..core.undefined import Undefined, is_undefined, ratio
from ..measures.counts import BinaryCounts, false_positive_rate, miss_rate, precision, prevalence

#: Cell of a binary confusion table → (true label, predicted label) as positive/negative.
_CELLS = {"tp": (True, True), "fp": (False, True), "tn": (False, False), "fn": (True, False)}


def _checked(counts: dict, name: str) -> dict:
    if not isinstance(counts, dict):
        raise InputError("subgroups.not_counts", name=name, expected="BinaryCounts", value=plain(counts),
                         kind=type(counts).__name__)
    for value, c in counts.items():
        if not isinstance(c, BinaryCounts):
            raise InputError("subgroups.not_counts", name=name, expected="BinaryCounts", value=plain(value),
                             kind=type(c).__name__)
    return counts


def rows_of_counts(counts: dict, *, positive, negative) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rows whose confusion counts per group are ``counts`` (6.2.1, Table 1; beyond TS 4213: for worked examples).

    Parameters
    ----------
    counts : group value → :class:`~iso4213_nb.measures.counts.BinaryCounts`.
    positive, negative : the two labels.

    Returns
    -------
    (y_true, y_pred, groups), three arrays of one row per counted sample, group by group.
    """
    truth, pred, groups = [], [], []
    for value, c in _checked(counts, "counts").items():
        for cell, (actual, predicted) in _CELLS.items():
            k = c[cell]
            truth += [positive if actual else negative] * k
            pred += [positive if predicted else negative] * k
            groups += [value] * k
    return np.array(truth), np.array(pred), np.array(groups)


def fpr_from_identity(prevalence_: float | Undefined, precision_: float | Undefined, miss_rate_: float | Undefined
                      ) -> float | Undefined:
    """FPR = p/(1 − p) · (1 − PPV)/PPV · (1 − FNR) (beyond TS 4213: Chouldechova 2017, eq. 2.6; 3.2.12).

    Undefined when an input is (with its reason), and with ``no_negatives``
    when p = 1 or ``no_true_positives`` when PPV = 0.
    """
    for value in (prevalence_, precision_, miss_rate_):
        if is_undefined(value):
            return value
    if prevalence_ == 1:
        return Undefined(code="no_negatives")
    return ratio(prevalence_ * (1 - precision_) * (1 - miss_rate_), (1 - prevalence_) * precision_,
                 code="no_true_positives")


def error_rates(counts: dict) -> dict:
    """Group value → its p, PPV, FPR, FNR and the identity's FPR (5.3.2; 3.2.12, 6.3.4; beyond TS 4213: Chouldechova 2017).

    Parameters
    ----------
    counts : group value → :class:`~iso4213_nb.measures.counts.BinaryCounts` (e.g.
        :meth:`~iso4213_nb.subgroups.rows.GroupThresholds.counts_at`).

    Returns
    -------
    dict value → dict with ``prevalence``, ``precision``, ``false_positive_rate``,
    ``miss_rate`` (FNR) and ``fpr_from_identity``; each a float or Undefined
    with its reason code.  Where all are defined the two FPRs agree up to
    rounding, which is the identity checked.
    """
    out = {}
    for value, c in _checked(counts, "counts").items():
        p, ppv, fnr = prevalence(c), precision(c), miss_rate(c)
        out[value] = {"prevalence": p, "precision": ppv, "false_positive_rate": false_positive_rate(c),
                      "miss_rate": fnr, "fpr_from_identity": fpr_from_identity(p, ppv, fnr)}
    return out
