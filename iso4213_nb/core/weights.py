"""Sample weights with scikit-learn's ``sample_weight`` meaning (beyond TS 4213).

TS 4213 counts samples; a sample weight lets one sample stand for several
(inverse-probability weights of a stratified test set, the case weights of a
reweighted population).  Every count of clause 6 becomes the sum of the
weights of the samples it counts, exactly as scikit-learn's ``sample_weight``
does: an integer weight w gives the same measures as repeating the row w
times, and multiplying every weight by the same constant changes no measure.

Intervals need more than the point estimate: they need how much information
the weighted sample holds.  :func:`effective_sample_size` is Kish's
approximation (Kish 1965, *Survey Sampling*, section 11.7):
n_eff = (Σ w)² / Σ w², which is n for equal weights (whatever their scale)
and shrinks as the weights grow unequal.  It treats the weights as relative
importance, not as frequencies: to state that a row occurred w times, repeat
it rather than weight it.
"""

from __future__ import annotations

import numpy as np

from .checks import as_1d
from .errors import InputError


def as_weights(sample_weight, n: int, name: str = "sample_weight", *, some: bool = True) -> np.ndarray | None:
    """``sample_weight`` as float64 of length ``n``, or None if not given (beyond TS 4213: scikit-learn's definition).

    Each weight must be a finite, non-negative number, and (``some``) the
    weights must not all be zero; otherwise :class:`InputError` with one line
    naming the first bad entry.  ``some=False`` checks one part of the rows
    (a chunk), whose weights may all be zero.
    """
    if sample_weight is None:
        return None
    array = as_1d(sample_weight, name)
    if array.dtype.kind not in "biuf":
        raise InputError("weights.not_numeric", name=name)
    array = array.astype(np.float64)
    if len(array) != n:
        raise InputError("weights.length_mismatch", name=name, length=len(array), n=n)
    bad = ~np.isfinite(array)
    if bad.any():
        raise InputError("weights.not_finite", name=name, number=int(np.flatnonzero(bad)[0]) + 1)
    negative = array < 0
    if negative.any():
        i = int(np.flatnonzero(negative)[0])
        raise InputError("weights.negative", name=name, value=float(array[i]), number=i + 1)
    if some and not array.any():
        raise InputError("weights.all_zero", name=name)
    return array


def effective_sample_size(weights) -> float:
    """Kish's effective sample size (Σ w)² / Σ w² of a set of non-negative weights (beyond TS 4213: Kish 1965).

    Equal weights give the number of weights with a non-zero weight; unequal
    weights give less.  An interval built on a weighted proportion uses it in
    place of n (:func:`iso4213_nb.stats.weighted.weighted_proportion_ci`).
    """
    w = np.asarray(weights, dtype=np.float64)
    total = float(w.sum())
    if total <= 0:
        raise InputError("weights.zero_total")
    return total * total / float(np.dot(w, w))


def refuse(sample_weight, what_word: str, reason_word: str) -> None:
    """Raise :class:`InputError` when ``sample_weight`` reaches ``what_word``, which has no weighted form (beyond TS 4213: scikit-learn's sample_weight).

    ``what_word`` and ``reason_word`` (why, completing the one-line message) are keys of
    :data:`iso4213_nb.words.errors.weights.WORDS`, which are the English words themselves;
    nothing happens without weights.
    """
    if sample_weight is not None:
        raise InputError("weights.no_weighted_form", what_word=what_word, reason_word=reason_word)
