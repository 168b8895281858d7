"""Tests built for cross-validated comparisons of two models (7.2).

7.2 warns that the plain paired t-test is unreliable on k-fold results and
points to Dietterich's 5×2 cross-validation.  The tests take stored per-fold
score differences (model A minus model B), so an auditor can run them without
the models; :func:`five_by_two_differences` produces them from two estimators.
"""

from __future__ import annotations

import numpy as np
from scipy import stats as sps

from ..core.checks import as_scores, is_whole, plain
from ..core.errors import InputError
from ._input import matrix, negligible
from .results import TestResult, symmetric_interval


def _numbers(values) -> np.ndarray:
    try:
        return np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        raise InputError("stats.differences_not_numbers", name="differences") from None


def _five_by_two(differences) -> tuple[np.ndarray, np.ndarray]:
    """The 5×2 differences and the five within-repetition variances s_i² = Σ_j (p_ij − p̄_i)²."""
    p = _numbers(differences)
    if p.shape != (5, 2):
        raise InputError("stats.differences_not_five_by_two", name="differences", shape=" × ".join(map(str, p.shape))) \
            if p.ndim else InputError("stats.differences_single_number", name="differences")
    p = matrix(p, "differences")
    s2 = ((p - p.mean(axis=1, keepdims=True)) ** 2).sum(axis=1)
    if negligible(float(np.sqrt(s2.max())), p):
        raise InputError("stats.five_by_two_zero_variance")
    return p, s2


def paired_ttest_5x2cv(differences) -> TestResult:
    """Dietterich's 5×2cv paired t-test (7.2; Dietterich 1998).

    With p_ij the score difference (A − B) on fold j of repetition i and
    s_i² = (p_i1 − p̄_i)² + (p_i2 − p̄_i)², the statistic is
    t = p_11 / √(Σ s_i² / 5), referred to Student's t with 5 degrees of freedom.

    Parameters
    ----------
    differences : 5×2 array-like (or the result of :func:`five_by_two_differences`).

    Returns
    -------
    TestResult with ``statistic`` (t), ``pvalue`` (two-sided), ``df`` = 5,
    effect size the mean of the ten differences, ``confidence_interval`` of
    the expected difference built from the same statistic (p_11 ± t₅ · √(Σ s_i²/5)),
    and details ``differences`` and ``flat_repetitions`` (repetitions whose two
    fold differences are equal, s_i² = 0).
    """
    p, s2 = _five_by_two(differences)
    scale = float(np.sqrt(s2.mean()))
    t = float(p[0, 0] / scale)
    pvalue = float(2 * sps.t.sf(abs(t), 5))
    return TestResult("paired_ttest_5x2cv", t, pvalue, df=5, effect_size=float(p.mean()),
                      effect_size_kind="mean_of_differences", interval_of="expected_difference",
                      interval=symmetric_interval(float(p[0, 0]), scale, "t", df=5),
                      details={"differences": p, "flat_repetitions": int(np.sum(s2 == 0))})


def combined_ftest_5x2cv(differences) -> TestResult:
    """Alpaydin's combined 5×2cv F-test (Alpaydin 1999), the sturdier companion of Dietterich's test (7.2).

    F = Σ_ij p_ij² / (2 Σ_i s_i²), referred to F with (10, 5) degrees of freedom.

    Returns
    -------
    TestResult with ``statistic`` (F), ``pvalue``, ``df`` = (10, 5), effect
    size the mean of the ten differences, details ``differences`` and
    ``flat_repetitions``; no confidence interval (the statistic does not carry the sign of the difference).
    """
    p, s2 = _five_by_two(differences)
    f = float((p ** 2).sum() / (2 * s2.sum()))
    pvalue = float(sps.f.sf(f, 10, 5))
    return TestResult("combined_ftest_5x2cv", f, pvalue, df=(10, 5), effect_size=float(p.mean()),
                      effect_size_kind="mean_of_differences",
                      details={"differences": p, "flat_repetitions": int(np.sum(s2 == 0))})


def corrected_resampled_ttest(differences, n_train: int, n_test: int) -> TestResult:
    """Nadeau–Bengio corrected resampled t-test (Nadeau & Bengio 2003), for repeated k-fold or hold-out results (7.2).

    With J differences d_j (A − B), each from a model trained on ``n_train``
    and tested on ``n_test`` samples,
    t = mean(d) / √((1/J + n_test/n_train) · s_d²), J − 1 degrees of freedom.
    The plain t-test's factor is 1/J; adding n_test/n_train to it accounts for
    the overlap between training sets that makes the plain t-test too liberal.  For r repetitions
    of k-fold cross-validation, J = r·k and n_test/n_train = 1/(k − 1).

    Returns
    -------
    TestResult with ``statistic`` (t), ``pvalue`` (two-sided), ``df`` (J − 1),
    effect size the mean difference, ``confidence_interval`` of the expected
    difference with the corrected standard error, and details ``n`` (J),
    ``n_train``, ``n_test`` and ``uncorrected_pvalue`` (the plain t-test's).
    """
    d = as_scores(np.ravel(_numbers(differences)), "differences")
    j = len(d)
    if j < 2:
        raise InputError("stats.too_few_differences", name="differences", count=j)
    for name, value in (("n_train", n_train), ("n_test", n_test)):
        if not is_whole(value, 1):
            raise InputError("stats.sample_count", name=name, value=plain(value))
    var = float(d.var(ddof=1))
    if negligible(np.sqrt(var), d):
        raise InputError("stats.differences_equal", value=float(d[0]))
    mean = float(d.mean())
    se = float(np.sqrt((1 / j + n_test / n_train) * var))
    t = mean / se
    df = j - 1
    pvalue = float(2 * sps.t.sf(abs(t), df))
    naive = float(2 * sps.t.sf(abs(mean / np.sqrt(var / j)), df))
    return TestResult("corrected_resampled_ttest", t, pvalue, df=df, effect_size=mean,
                      effect_size_kind="mean_difference", interval_of="expected_difference",
                      interval=symmetric_interval(mean, se, "t", df=df),
                      details={"n": j, "n_train": int(n_train), "n_test": int(n_test), "uncorrected_pvalue": naive})


class FiveByTwoDifferences:
    """Per-fold scores of two models over 5×2 cross-validation (7.2; beyond TS 4213: Dietterich 1998).

    Attributes
    ----------
    differences : (5, 2) array, score of A minus score of B per fold.
    scores_a, scores_b : (5, 2) arrays of the scores.
    split_seeds : the five ``random_state`` values of the splits, for reproduction.
    scoring : the scikit-learn scorer name.
    ``numpy.asarray(result)`` is ``differences``, so the object can be passed
    straight to :func:`paired_ttest_5x2cv` and :func:`combined_ftest_5x2cv`.
    """

    def __init__(self, scores_a, scores_b, split_seeds, scoring):
        self.scores_a = scores_a
        self.scores_b = scores_b
        self.differences = scores_a - scores_b
        self.split_seeds = split_seeds
        self.scoring = scoring

    def __array__(self, dtype=None, copy=None):
        return self.differences if dtype is None else self.differences.astype(dtype)

    def __repr__(self) -> str:
        return f"FiveByTwoDifferences(scoring={self.scoring!r}, split_seeds={self.split_seeds!r}, differences={self.differences!r})"


def five_by_two_differences(estimator_a, estimator_b, X, y, scoring: str = "accuracy", seed: int = 0,
                            stratify: bool = True) -> FiveByTwoDifferences:
    """Run 5×2 cross-validation of two scikit-learn estimators and collect the score differences (7.2).

    Each repetition i splits the data in two halves (stratified by ``y``
    unless ``stratify=False``) with ``random_state = split_seeds[i]``, the
    seeds drawn from ``numpy.random.default_rng(seed)``.  Fresh clones
    (:func:`sklearn.base.clone`) of both estimators are fitted on each half and
    scored on the other with the scorer named ``scoring``.

    Returns
    -------
    FiveByTwoDifferences (``differences`` is A minus B).
    """
    from sklearn.base import clone
    from sklearn.metrics import get_scorer
    from sklearn.model_selection import KFold, StratifiedKFold

    try:
        scorer = get_scorer(scoring)
    except ValueError:
        raise InputError("stats.unknown_scorer", scoring=repr(scoring)) from None
    X = np.asarray(X)
    y = np.asarray(y)
    if len(X) != len(y):
        raise InputError("stats.length_mismatch", rows=len(X), labels=len(y))
    seeds = [int(s) for s in np.random.default_rng(seed).integers(0, 2 ** 31 - 1, size=5)]
    scores = np.empty((2, 5, 2))
    for i, split_seed in enumerate(seeds):
        splitter = (StratifiedKFold if stratify else KFold)(n_splits=2, shuffle=True, random_state=split_seed)
        try:
            folds = list(splitter.split(X, y))
        except ValueError as exc:
            raise InputError("stats.cannot_split", detail=str(exc)) from None
        for j, (train, test) in enumerate(folds):
            for k, estimator in enumerate((estimator_a, estimator_b)):
                fitted = clone(estimator).fit(X[train], y[train])
                scores[k, i, j] = scorer(fitted, X[test], y[test])
    return FiveByTwoDifferences(scores[0], scores[1], seeds, scoring)
