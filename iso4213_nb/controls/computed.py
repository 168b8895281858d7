"""Control criteria of clause 5.3 that can be computed: baselines, leakage checks, annotator agreement.

* :func:`majority_baseline` and :func:`random_baseline`: trivial classifiers
  that calibrate what a score means (5.3.13), with their expected measures.
* :func:`group_overlap`: whether any subject (group) sits in both training and
  test data, the leakage 5.3.5 and 5.3.7 rule out; :func:`augment_subjects`
  builds several samples per subject for demonstrating it.
* :func:`annotator_agreement`: Cohen's kappa between two annotators, the
  ground-truth agreement measure 5.3.9 names, with its large-sample standard
  error (Fleiss, Cohen & Everitt 1969).
"""

from __future__ import annotations

import math
from numbers import Real
from dataclasses import dataclass, field

import numpy as np
from scipy.special import ndtri

from ..core.checks import as_labels, as_scores, is_whole, plain, same_length
from ..measures.confusion import ConfusionMatrix
from ..core.errors import InputError
from ..core.undefined import Undefined, is_undefined


def _class_shares(y_true) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    y = as_labels(y_true, "y_true")
    labels, counts = np.unique(y, return_counts=True)
    if len(labels) < 2:
        raise InputError("controls.single_class", label=repr(labels.tolist()[0]))
    return y, labels, counts


@dataclass(frozen=True)
class Baseline:
    """A trivial classifier's predictions on ``y_true`` and the measures it can be expected to reach (5.3.13).

    Attributes
    ----------
    name : str
        ``"majority class"`` or ``"stratified random"``.
    predictions : numpy.ndarray
        The baseline's predicted label for each sample (for the random one, a draw with the given seed).
    confusion : ConfusionMatrix
        True labels against ``predictions``.
    expected : dict
        Measures of the expected confusion matrix: ``accuracy``, ``balanced_accuracy``
        (macro recall), ``macro_precision``, ``macro_f1``, ``weighted_f1``, ``cohen_kappa``.
        For the majority baseline these are exact; for stratified random guessing the
        linear ones (accuracy, recall) are exact expectations and the ratios (precision,
        F1, kappa) are their large-sample limits.

    Words for it: :func:`iso4213_nb.words.controls.reading`.
    """

    name: str
    predictions: np.ndarray = field(repr=False)
    confusion: ConfusionMatrix = field(repr=False)
    expected: dict

    def observed(self) -> dict:
        """The same measures as :attr:`expected`, computed from :attr:`confusion`."""
        return summary(self.confusion)


def summary(cm: ConfusionMatrix) -> dict:
    """The measures a baseline is compared on (5.3.13), from a confusion matrix: accuracy (6.2.3, for any number of
    classes), balanced accuracy (beyond TS 4213: Brodersen et al. 2010), macro precision and F1, weighted F1
    (6.4.3) and Cohen's kappa (5.3.9); the keys of :attr:`Baseline.expected`."""
    return {
        "accuracy": cm.accuracy(),
        "balanced_accuracy": cm.balanced_accuracy(),
        "macro_precision": cm.average("precision", "macro"),
        "macro_f1": cm.average("f1", "macro"),
        "weighted_f1": cm.average("f1", "weighted"),
        "cohen_kappa": cm.cohen_kappa(),
    }


def majority_baseline(y_true) -> Baseline:
    """Always predict the most frequent class (3.2.18) of ``y_true``; ties go to the first label in sorted order.

    Its accuracy is the majority class's share q_max, its balanced accuracy
    1/k, its kappa 0; macro precision is undefined because the other classes
    are never predicted (5.3.13).
    """
    y, labels, counts = _class_shares(y_true)
    majority = labels[int(np.argmax(counts))]
    predictions = np.full(len(y), majority, dtype=y.dtype)
    cm = ConfusionMatrix.from_predictions(y, predictions, labels=labels)
    return Baseline("majority class", predictions, cm, summary(cm))


def random_baseline(y_true, seed: int = 0) -> Baseline:
    """Guess each label at random with the class shares of ``y_true`` (stratified random guessing, 5.3.13).

    Expected values: accuracy Σ q_i², balanced accuracy 1/k, macro precision,
    recall and F1 1/k (every class's precision and recall equal its share q_i
    in the expected matrix), weighted F1 Σ q_i², kappa 0.  ``predictions`` is
    one draw with ``numpy.random.default_rng(seed)``.
    """
    y, labels, counts = _class_shares(y_true)
    q = counts / counts.sum()
    rng = np.random.default_rng(seed)
    predictions = labels[rng.choice(len(labels), size=len(y), p=q)]
    cm = ConfusionMatrix.from_predictions(y, predictions, labels=labels)
    # Guessed independently of its true class, a sample of class i is predicted j with probability q_j, so the
    # expected count of (true i, predicted j) is T_i · q_j: the expected measures are those of that matrix.
    return Baseline("stratified random", predictions, cm, summary(ConfusionMatrix(np.outer(counts, q), labels)))


@dataclass(frozen=True)
class GroupOverlap:
    """Groups (subjects) present in both training and test data (5.3.5, 5.3.7).

    Attributes
    ----------
    shared : tuple
        The groups found in both, sorted.
    train_samples, test_samples : int
        Training / test samples whose group is shared.
    test_share : float
        ``test_samples`` over the number of test samples.
    test_size : int
        Number of test samples.

    Words for it: :func:`iso4213_nb.words.controls.reading`.
    """

    shared: tuple
    train_samples: int
    test_samples: int
    test_share: float
    test_size: int

    @property
    def leaks(self) -> bool:
        """True when at least one group is in both sets."""
        return len(self.shared) > 0


def group_overlap(train_groups, test_groups) -> GroupOverlap:
    """Check that no group (subject, patient, speaker ...) appears in both training and test data.

    Parameters
    ----------
    train_groups, test_groups : array-like of group identifiers, one per training / test sample.

    5.3.5 requires test data with no samples overlapping the training data; 5.3.7's
    example extends this to samples of the same subject.  A random split of
    data with several samples per subject usually fails this check; a
    group-aware split (scikit-learn's ``GroupKFold``, ``GroupShuffleSplit``) passes it.
    """
    train = as_labels(train_groups, "train_groups")
    test = as_labels(test_groups, "test_groups")
    if train.dtype.kind != test.dtype.kind and {train.dtype.kind, test.dtype.kind} - {"i", "u"}:
        train, test = train.astype(str), test.astype(str)
    shared = np.intersect1d(train, test)
    in_train = np.isin(train, shared)
    in_test = np.isin(test, shared)
    share = float(in_test.sum()) / len(test)
    return GroupOverlap(tuple(v.item() for v in shared), int(in_train.sum()), int(in_test.sum()), share, len(test))


def augment_subjects(samples, labels, copies: int = 5, noise: float = 3.0,
                     value_range: tuple[float, float] | None = None, seed: int = 0):
    """Turn each sample into one *subject* with ``copies`` noisy recordings, for leakage demonstrations (5.3.7).

    Parameters
    ----------
    samples : 2-D array (samples × features); labels : one label per sample.
    copies : recordings per subject (≥ 2).
    noise : standard deviation of the Gaussian noise added to every feature of every copy.
    value_range : optional ``(low, high)`` to clip the noisy features to (e.g. ``(0, 16)`` for digits).
    seed : seed of ``numpy.random.default_rng``.

    Returns
    -------
    X, y, groups : the ``n · copies`` recordings, their labels, and the index of the original sample
        each came from (the subject).  Copies of one subject resemble each other more than
        any other sample, as repeated recordings of one speaker or patient do.
    """
    try:
        x = np.asarray(samples, dtype=np.float64)
    except (TypeError, ValueError):
        raise InputError("controls.samples_not_numbers", name="samples") from None
    if x.ndim != 2 or x.shape[0] == 0:
        raise InputError("controls.samples_shape", name="samples", shape=x.shape)
    y = as_labels(labels, "labels")
    same_length(samples=x, labels=y)
    if not is_whole(copies, 2):
        raise InputError("controls.copies", name="copies", value=copies)
    if not noise >= 0:
        raise InputError("controls.noise", name="noise", value=noise)
    as_scores(x.ravel(), "samples")
    rng = np.random.default_rng(seed)
    X = np.repeat(x, int(copies), axis=0) + rng.normal(0.0, noise, size=(x.shape[0] * int(copies), x.shape[1]))
    if value_range is not None:
        X = np.clip(X, *value_range)
    groups = np.repeat(np.arange(x.shape[0]), int(copies))
    return X, np.repeat(y, int(copies)), groups


#: Landis & Koch (1977) descriptive bands for kappa, a common convention (not part of TS 4213).
KAPPA_BANDS = ((0.0, "poor"), (0.20, "slight"), (0.40, "fair"), (0.60, "moderate"), (0.80, "substantial"),
               (1.0, "almost perfect"))


def kappa_band(kappa: float) -> str:
    """The Landis & Koch (1977) band of ``kappa``: ``"poor"`` … ``"almost perfect"`` (a key of :data:`KAPPA_BANDS`; 5.3.9)."""
    return next(word for upper, word in KAPPA_BANDS if min(kappa, 1.0) <= upper)


@dataclass(frozen=True)
class Agreement:
    """Agreement of two annotators on the same samples (5.3.9).

    Attributes
    ----------
    statistic : float or Undefined
        Cohen's kappa, (p_o − p_e) / (1 − p_e).
    observed : float
        p_o, the share of samples both annotators label alike.
    chance : float
        p_e, the agreement expected if they labelled independently with their own class shares.
    n : int
        Number of samples.
    standard_error : float or Undefined
        Large-sample standard error of kappa (Fleiss, Cohen & Everitt 1969).
    confusion : ConfusionMatrix or None
        Annotator A's labels in rows ("true"), B's in columns; None when only one class occurs.

    Words for it: :func:`iso4213_nb.words.controls.reading`; :func:`kappa_band` names the Landis–Koch band.
    """

    statistic: float | Undefined
    observed: float
    chance: float
    n: int
    standard_error: float | Undefined
    confusion: ConfusionMatrix | None = field(repr=False)
    name: str = "Cohen's kappa"

    def confidence_interval(self, confidence_level: float = 0.95):
        """Normal-approximation interval kappa ± z·SE, clipped to [−1, 1]; ``(Undefined, Undefined)`` if kappa is."""
        level = confidence_level  # checked here: controls/ sits below stats/ and its check_level
        if isinstance(level, bool) or not isinstance(level, Real) or not 0 < level < 1:
            raise InputError("controls.confidence_level", value=plain(level))
        if is_undefined(self.statistic) or is_undefined(self.standard_error):
            reason = self.statistic if is_undefined(self.statistic) else self.standard_error
            return reason, reason
        z = float(ndtri(0.5 + level / 2))
        half = z * self.standard_error
        return max(-1.0, self.statistic - half), min(1.0, self.statistic + half)


def _kappa_standard_error(p: np.ndarray, kappa: float, pe: float, n: int) -> float | Undefined:
    """Asymptotic standard error of kappa from the joint proportions p (Fleiss, Cohen & Everitt 1969)."""
    rows, cols = p.sum(axis=1), p.sum(axis=0)
    diag = np.diag(p)
    term1 = float(np.sum(diag * (1 - (rows + cols) * (1 - kappa)) ** 2))
    off = p.copy()
    np.fill_diagonal(off, 0.0)
    term2 = (1 - kappa) ** 2 * float(np.sum(off * (cols[:, None] + rows[None, :]) ** 2))
    term3 = (kappa - pe * (1 - kappa)) ** 2
    variance = (term1 + term2 - term3) / (n * (1 - pe) ** 2)
    return math.sqrt(max(variance, 0.0))


def annotator_agreement(labels_a, labels_b) -> Agreement:
    """Cohen's kappa between two annotators' labels of the same samples (5.3.9).

    Parameters
    ----------
    labels_a, labels_b : array-like of class labels, one per sample, same length.

    Returns an :class:`Agreement`.  Kappa is 1 for full agreement and 0 for
    agreement no better than chance; it is undefined when chance agreement
    is 1 (both annotators put every sample in one and the same class).
    """
    a = as_labels(labels_a, "labels_a")
    b = as_labels(labels_b, "labels_b")
    n = same_length(labels_a=a, labels_b=b)
    if a.dtype.kind != b.dtype.kind and {a.dtype.kind, b.dtype.kind} - {"i", "u"}:
        a, b = a.astype(str), b.astype(str)
    if len(np.unique(np.concatenate([a, b]))) < 2:
        undefined = Undefined(code="chance_agreement_one")
        return Agreement(undefined, 1.0, 1.0, n, undefined, None)
    cm = ConfusionMatrix.from_predictions(a, b)
    p = cm.matrix(rows="true") / n
    po = float(np.trace(p))
    pe = float(np.dot(p.sum(axis=1), p.sum(axis=0)))
    kappa = cm.cohen_kappa()
    se = kappa if is_undefined(kappa) else _kappa_standard_error(p, kappa, pe, n)
    return Agreement(kappa, po, pe, n, se, cm)


__all__ = ["Agreement", "Baseline", "GroupOverlap", "KAPPA_BANDS", "annotator_agreement", "augment_subjects",
           "group_overlap", "kappa_band", "majority_baseline", "random_baseline"]
