"""Tests on tables of counts: chi-squared (7.5), Fisher's exact (7.7), McNemar (7.9), Cochran's Q.

Which of chi-squared and Fisher to use follows the usual expected-count rule,
stated in both readings: the chi-squared approximation is trusted when every
expected count is at least 5; when any expected count is below 5, use
Fisher's exact test (2×2 tables).

McNemar's table (7.9) crosses two models' correctness on the same samples::

                     B correct   B wrong
        A correct        a          b
        A wrong          c          d

Only the discordant counts b and c matter.  :func:`mcnemar_table` builds it
from y_true and the two prediction vectors.
"""

from __future__ import annotations

import numpy as np
from scipy import special

from ..core.checks import as_count_table, as_labels, given, listed, same_length
from ..core.errors import InputError
from ..core.weights import refuse
from ._input import matrix
from .results import TestResult, symmetric_interval, undefined

#: Any expected count below this sends the reading of :func:`chi_squared` to Fisher's exact test.
MIN_EXPECTED = 5
#: ``mcnemar(exact=None)`` uses the exact binomial test when b + c is below this.
MCNEMAR_EXACT_BELOW = 25


def _expected(table: np.ndarray) -> np.ndarray:
    rows, cols = table.sum(axis=1), table.sum(axis=0)
    for axis, sums in enumerate((rows, cols)):
        empty = np.flatnonzero(sums == 0)
        if empty.size:
            raise InputError("stats.empty_row" if axis == 0 else "stats.empty_column", index=int(empty[0]) + 1)
    return np.outer(rows.astype(float), cols.astype(float)) / float(table.sum())  # int64 products overflow


def chi_squared(table, correction: bool = True) -> TestResult:
    """Pearson's chi-squared test of independence on an r × c contingency table (7.5).

    χ² = Σ (O − E)² / E with E = row total · column total / N, referred to
    chi-squared with (r − 1)(c − 1) degrees of freedom.  For a 2×2 table
    ``correction=True`` applies Yates' continuity correction (each |O − E|
    reduced by 0.5, not below 0), as :func:`scipy.stats.chi2_contingency` does.

    Returns
    -------
    TestResult with ``statistic``, ``pvalue``, ``df``, effect size Cramér's
    V = √(χ² / (N (min(r, c) − 1))) (from the uncorrected χ²), ``expected``,
    ``method`` (``"yates"`` or ``"pearson"``), and details ``n``, ``shape``,
    ``expected``, ``min_expected`` and ``use_fisher`` (True when an expected
    count is below 5).
    """
    observed = as_count_table(table)
    expected = _expected(observed)
    r, c = observed.shape
    df = (r - 1) * (c - 1)
    diff = np.abs(observed - expected)
    corrected = correction and df == 1
    adjusted = np.maximum(diff - 0.5, 0) if corrected else diff
    statistic = float(np.sum(adjusted ** 2 / expected))
    p = float(special.chdtrc(df, statistic))
    n = int(observed.sum())
    v = float(np.sqrt(np.sum(diff ** 2 / expected) / (n * (min(r, c) - 1))))
    low = float(expected.min())
    use_fisher = low < MIN_EXPECTED
    return TestResult("chi_squared", statistic, p, df=df, effect_size=v, effect_size_kind="cramers_v",
                      method="yates" if corrected else "pearson",
                      details={"n": n, "shape": (r, c), "expected": expected, "min_expected": low,
                               "use_fisher": use_fisher})


def fisher_exact(table) -> TestResult:
    """Fisher's exact test on a 2×2 table (7.7), two-sided.

    With the margins fixed, the top-left count follows a hypergeometric law;
    the p-value sums the probabilities of all tables no more probable than the
    observed one (relative tolerance 1e-7, as scipy).

    Returns
    -------
    TestResult with ``statistic`` (the sample odds ratio ad / bc, as scipy),
    ``pvalue``, effect size the same odds ratio (Undefined when b or c is 0),
    and ``confidence_interval`` of the odds ratio by Woolf's logit method
    (undefined bounds when a cell is zero).
    """
    observed = as_count_table(table, shape=(2, 2))
    (a, b), (c, d) = observed.tolist()
    n = a + b + c + d
    row1, col1 = a + b, a + c
    if n == 0:
        raise InputError("stats.empty_table")
    from scipy.stats import hypergeom  # only Fisher's test needs a distribution beyond scipy.special

    support = np.arange(max(0, row1 + col1 - n), min(row1, col1) + 1)
    pmf = hypergeom.pmf(support, n, row1, col1)
    observed_pmf = hypergeom.pmf(a, n, row1, col1)
    p = float(min(1.0, pmf[pmf <= observed_pmf * (1 + 1e-7)].sum()))
    if b * c > 0:
        odds = a * d / (b * c)
    elif a * d > 0:
        odds = undefined("unbounded_odds_ratio")
    else:
        odds = undefined("zero_over_zero_odds_ratio")
    zero_cell = min(a, b, c, d) == 0

    def interval(level):
        if zero_cell:
            reason = undefined("zero_cell")
            return (reason, reason, "woolf")
        half = special.ndtri(0.5 + level / 2) * np.sqrt(1 / a + 1 / b + 1 / c + 1 / d)
        return (float(np.exp(np.log(odds) - half)), float(np.exp(np.log(odds) + half)), "woolf")

    return TestResult("fisher_exact", odds, p, effect_size=odds, effect_size_kind="odds_ratio",
                      interval_of="odds_ratio", interval=interval, details={"n": n})


def mcnemar_table(y_true, pred_a, pred_b, *, sample_weight=None) -> np.ndarray:
    """The 2×2 McNemar table of two models on the same samples (7.9).

    Returns ``[[a, b], [c, d]]``: rows A correct / A wrong, columns B correct /
    B wrong (a: both right, b: only A right, c: only B right, d: both wrong).
    ``sample_weight`` is refused: the test is a binomial test on counts.
    """
    refuse(sample_weight, "McNemar's test", "its exact form is a binomial test on whole counts of discordant samples")
    t = as_labels(y_true, "y_true")
    pa = as_labels(pred_a, "pred_a")
    pb = as_labels(pred_b, "pred_b")
    same_length(y_true=t, pred_a=pa, pred_b=pb)
    kinds = {x.dtype.kind for x in (t, pa, pb)}
    if len(kinds) > 1 and not kinds <= {"i", "u"}:
        t, pa, pb = t.astype(str), pa.astype(str), pb.astype(str)
    right_a, right_b = pa == t, pb == t
    return np.array([[np.sum(right_a & right_b), np.sum(right_a & ~right_b)],
                     [np.sum(~right_a & right_b), np.sum(~right_a & ~right_b)]], dtype=np.int64)


def correct_by_class(y_true, y_pred, labels) -> np.ndarray:
    """The k × 2 table of one model's right and wrong predictions per true class of ``labels`` (row i: the samples
    of class ``labels[i]`` predicted right, then wrong): the contingency table of chi-squared (7.5) or Fisher's exact
    test (7.7) of whether the model is equally accurate on every class.  A label of ``labels`` that no sample of
    ``y_true`` has is refused (a mistyped class would be a row of zeros)."""
    t = as_labels(y_true, "y_true")
    p = as_labels(y_pred, "y_pred")
    same_length(y_true=t, y_pred=p)
    present = np.unique(t)
    for label in labels:
        if not np.isin(label, present):
            raise InputError("confusion.unknown_label", label=given(label), labels=listed(present.tolist()))
    right = p == t
    return np.array([[np.sum(right & (t == k)), np.sum(~right & (t == k))] for k in labels], dtype=np.int64)


def mcnemar(table, exact: bool | None = None, correction: bool = True) -> TestResult:
    """McNemar's test of two models' error rates on the same samples (7.9).

    Parameters
    ----------
    table : the 2×2 table of :func:`mcnemar_table` (b = only A right, c = only B right).
    exact : ``True`` for the exact binomial test (b ~ Binomial(b + c, 1/2),
        two-sided p = min(1, 2 P(X ≤ min(b, c)))); ``False`` for the
        chi-squared form χ² = (|b − c| − 1)² / (b + c) (without the −1 when
        ``correction=False``; |b − c| − 1 is not allowed below 0), 1 df;
        ``None`` (default) chooses exact when b + c < 25, the rule stated in
        the reading.
    correction : continuity correction of the chi-squared form.

    Returns
    -------
    TestResult with ``statistic`` (min(b, c) for the exact test, χ² otherwise;
    Undefined when b + c = 0 in the chi-squared form), ``pvalue``,
    ``midp_pvalue`` (2 P(X ≤ min(b, c)) − P(X = min(b, c)), capped at 1; less
    conservative than the exact p),
    ``method`` (``"exact"``, ``"chi2_corrected"`` or ``"chi2"``), ``b``, ``c``,
    ``n``, ``exact_requested`` (the ``exact`` argument), effect size the accuracy difference A − B =
    (b − c)/n, ``confidence_interval`` of that difference (Wald interval for
    paired proportions, se = √(b + c − (b − c)²/n) / n; Undefined bounds when
    se = 0, i.e. b + c = 0 or b + c = n with one of them 0), and
    ``odds_ratio`` b / c.
    """
    observed = as_count_table(table, shape=(2, 2))
    b, c = int(observed[0, 1]), int(observed[1, 0])
    n = int(observed.sum())
    if n == 0:
        raise InputError("stats.empty_mcnemar_table")
    discordant = b + c
    use_exact = discordant < MCNEMAR_EXACT_BELOW if exact is None else bool(exact)
    low = min(b, c)
    if discordant:
        cdf = float(special.bdtr(low, discordant, 0.5))
        pmf = cdf - (float(special.bdtr(low - 1, discordant, 0.5)) if low else 0.0)
        exact_p = min(1.0, 2 * cdf)
        midp = min(1.0, 2 * cdf - pmf)
    else:
        exact_p = midp = 1.0
    if use_exact:
        method = "exact"
        statistic, p, df = low, exact_p, None
    else:
        method = "chi2_corrected" if correction else "chi2"
        df = 1
        if discordant == 0:
            statistic = p = undefined("no_discordant_pairs")
        else:
            statistic = float(max(abs(b - c) - (1 if correction else 0), 0) ** 2 / discordant)
            p = float(special.chdtrc(1, statistic))
    difference = (b - c) / n
    odds = b / c if c else undefined("unbounded_b_over_c")

    se = float(np.sqrt(max(discordant - (b - c) ** 2 / n, 0.0)) / n)
    interval = symmetric_interval(difference, se, "wald", reason=undefined("zero_standard_error") if se == 0 else None)
    return TestResult("mcnemar", statistic, p, df=df, effect_size=difference, effect_size_kind="accuracy_difference",
                      method=method, interval_of="accuracy_difference", interval=interval,
                      details={"n": n, "b": b, "c": c, "midp_pvalue": midp, "odds_ratio": odds,
                               "exact_requested": None if exact is None else bool(exact)})


def cochran_q(correct) -> TestResult:
    """Cochran's Q test that k models have the same accuracy on the same samples (extends McNemar, 7.9).

    ``correct`` is an n × k array of 0/1 (1 = model j right on sample i).  With
    column totals C_j, row totals R_i and T = Σ C_j:
    Q = (k − 1)(k Σ C_j² − T²) / (k T − Σ R_i²), chi-squared with k − 1 df.

    Returns
    -------
    TestResult with ``statistic`` (Q; Undefined when every sample is right for
    all models or for none), ``pvalue``, ``df``, effect size the spread of
    accuracies (largest minus smallest), and details ``n``, ``accuracies`` per
    model and ``informative`` (samples on which the models disagree).
    """
    x = matrix(correct, "correct")
    if not np.all((x == 0) | (x == 1)):
        raise InputError("stats.correct_not_binary", name="correct")
    n, k = x.shape
    columns, rows = x.sum(axis=0), x.sum(axis=1)
    total = columns.sum()
    denominator = k * total - np.sum(rows ** 2)
    df = k - 1
    if denominator == 0:
        q = p = undefined("no_disagreement")
    else:
        q = float((k - 1) * (k * np.sum(columns ** 2) - total ** 2) / denominator)
        p = float(special.chdtrc(df, q))
    accuracies = columns / n
    return TestResult("cochran_q", q, p, df=df, effect_size=float(accuracies.max() - accuracies.min()),
                      effect_size_kind="accuracy_range",
                      details={"n": n, "accuracies": accuracies, "informative": int(np.sum((rows > 0) & (rows < k)))})
